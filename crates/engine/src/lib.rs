//! katachi-engine: the analysis that gives pattern constraints their meaning
//! (worms, tactical reading, unconditional life, ...) and move generation.
//!
//! Everything here is a value computed from a board: a [`reading::Reader`]
//! owns its board copy and cache; analyses are plain results.

pub mod autohelper;
pub mod baseline;
pub mod connection;
pub mod constraint_trace;
pub mod cuts;
pub mod libs;
pub mod reading;
pub mod unconditional;
pub mod worms;
