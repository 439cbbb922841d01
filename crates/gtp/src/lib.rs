//! katachi-gtp (to be written).
