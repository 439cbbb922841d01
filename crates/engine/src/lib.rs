//! katachi-engine (to be written).
