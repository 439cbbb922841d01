//! katachi-engine: the analysis that gives pattern constraints their meaning
//! (worms, tactical reading, ...) and move generation.

pub mod baseline;
