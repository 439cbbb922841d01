//! Canonical text of a parsed file (todo).
