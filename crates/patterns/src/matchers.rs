//! Matchers over compiled databases, all behind one trait. (To be written.)
