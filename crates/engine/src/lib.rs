//! katachi-engine: the knowledge and the analysis stages above the
//! tactical layer ([`katachi_tactics`]), and move generation.
//!
//! The stages of the engine, in order; each module reads only the ones
//! above it and the tactical layer (the `stage_order` test fails on an
//! import that reaches down the list; where GNU Go loops, as dragons ->
//! influence -> owl -> dragons, the loop is two stage values, initial and
//! final, never a backward import):
//!
//! 1. [`cuts`]: cutting points from a connection database's `B` patterns.
//! 2. [`autohelper`]: the engine's autohelper evaluator (the tactical one
//!    plus the position's analyses and the game).
//! 3. [`constraint_trace`]: evaluating and tracing one match's constraint.
//! 4. [`baseline`]: the `genmove` policy until move generation exists.
//!
//! The tactical layer's modules are re-exported under their own names
//! (`katachi_engine::reading`, ...) for the engine's users.

pub use katachi_tactics::{connection, predicates, reading, search, unconditional, worms};

// Stage order: rustfmt sorts adjacent module declarations, so each stage
// stands in its own group.
pub mod cuts;

pub mod autohelper;

pub mod constraint_trace;

pub mod baseline;
