//! katachi-engine: the knowledge and the analysis stages above the
//! tactical layer ([`katachi_tactics`]), and move generation.
//!
//! The stages of the engine, in order; each module reads only the ones
//! above it and the tactical layer (the `stage_order` test fails on an
//! import that reaches down the list; where GNU Go loops, as dragons ->
//! influence -> owl -> dragons, the loop is two stage values, initial and
//! final, never a backward import):
//!
//! 1. [`union_find`]: union-find over point indices (the worms the
//!    connections and the dragons join).
//! 2. [`cuts`]: cutting points from a connection database's `B` patterns.
//! 3. [`knowledge`]: every pattern database the engine uses, embedded by
//!    default and replaceable at run time.
//! 4. [`autohelper`]: the engine's autohelper evaluator (the tactical one
//!    plus the position's analyses and the game).
//! 5. [`constraint_trace`]: evaluating and tracing one match's constraint.
//! 6. [`eyes`]: domains, eye spaces, false margins and topological half
//!    and false eyes of each colour (the board side of the eyes stage).
//! 7. [`eye_values`]: each eye space as an eye graph, looked up in the
//!    knowledge's eye-graph database or solved: its four-value eye value
//!    and vital attack and defence points.
//! 8. [`connections`]: the connection database's `C` patterns whose
//!    constraints hold, and the strings each joins.
//! 9. [`dragons`]: worms amalgamated into dragons, and the dragon fields
//!    known before influence and owl (implements the autohelper's
//!    [`autohelper::DragonFacts`]).
//! 10. [`pattern_classes`]: the class letters `O o X x` that test the
//!     dragons of a pattern match, one meaning for the stages below.
//! 11. [`influence`]: GNU Go's influence function: sources, permeability,
//!     barrier and invasion patterns, territory values and the territory /
//!     moyo / area segmentation, for one colour to move.
//! 12. [`owl`]: life-and-death reading of a dragon (owl.texi), its
//!     candidates from the owl databases and the eye analysis, its leaves
//!     valued by the eyes stages on each position read (PARTIAL).
//! 13. [`analysis`]: the [`analysis::Analysis`] value of one position, its
//!     stages computed lazily and kept. Score joins here as a next stage.
//! 14. [`movegen`]: the classic move generator: move reasons from the
//!     analysis (worms, owl, shape patterns), their valuation in points
//!     (territory from the influence before and after the move, strategy,
//!     shape, minimum values), the best move and its explanation
//!     (PARTIAL).
//! 15. [`baseline`]: the earlier random `genmove` policy (`--engine
//!     baseline`).
//!
//! The tactical layer's modules are re-exported under their own names
//! (`katachi_engine::reading`, ...) for the engine's users.

pub use katachi_tactics::{connection, predicates, reading, search, unconditional, worms};

// The stage order is the crate doc's numbered list (rustfmt sorts module
// declarations, so their order here says nothing).
pub mod analysis;
pub mod autohelper;
pub mod baseline;
pub mod connections;
pub mod constraint_trace;
pub mod cuts;
pub mod dragons;
pub mod eye_values;
pub mod eyes;
pub mod influence;
pub mod knowledge;
pub mod movegen;
pub mod owl;
pub mod pattern_classes;
pub mod union_find;
