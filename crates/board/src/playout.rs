//! Uniformly random playouts (placeholder; filled in for the benchmark).
