//! katachi-tactics: the tactical layer, between the board and the engine's
//! analysis. Everything here is a value computed from a board: a
//! [`reading::Reader`] owns its board copy and cache, analyses are plain
//! results; nothing is global.
//!
//! The layer's stages, in order. Each module reads only the ones above it
//! (the `stage_order` test of the engine crate fails on an import that
//! reaches down the list):
//!
//! 1. [`predicates`]: questions the board answers alone (liberties a move
//!    would get, higher-order liberties, suicide, captures, edges).
//! 2. [`search`]: the search kit every search below shares: result codes,
//!    outcomes, node budgets and counters, the transposition table.
//! 3. [`reading`]: tactical reading (attack, defence, ladders, ko) with its
//!    own candidate databases, and the reading-level autohelper evaluator.
//! 4. [`unconditional`]: Benson-style unconditional life.
//! 5. [`worms`]: GNU Go's worm data (reading and unconditional status).
//! 6. [`connection`]: connection reading on top of the tactical reader.
//! 7. [`eval`]: the autohelper evaluator for every function that needs only
//!    the stages above.
//!
//! The engine crate (knowledge, dragons, eyes, influence, move generation)
//! builds on this one and never the other way round.

// The stage order is the crate doc's numbered list (rustfmt sorts module
// declarations, so their order here says nothing).
pub mod connection;
pub mod eval;
pub mod predicates;
pub mod reading;
pub mod search;
pub mod unconditional;
pub mod worms;
