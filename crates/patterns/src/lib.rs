//! katachi-patterns (to be written).
