//! katachi-sgf (to be written).
