//! katachi-pathinf: the blog seed's incremental path influence and its
//! proto-territory, katachi's fast evaluator for search (issue 12, seed 002
//! "Under the Influence" and "Aspirations to Territory").
//!
//! Influence reaches an empty point `t` from a stone on `s` along *paths*:
//! short chains of orthogonal steps from `s` to `t` fixed by the board
//! geometry alone. A path is *extant* when its source holds a stone and
//! every other point on it (the terminus included) is empty; it then adds
//! `f(d) / N(s, t)` to `t` (positive for Black, negative for White), where
//! `d` is the Manhattan distance, `f` an exponential decay and `N` the
//! number of paths between the two points, so the distance-based weight is
//! shared among the paths. Because the paths do not depend on the position,
//! they are computed once ([`paths::PathTables`]) and a position only keeps
//! per path its source colour and how many of its other points are occupied:
//! a stone put down or taken away toggles the paths that start, pass or end
//! there ([`influence::PathInfluence`]). Contributions are fixed-point
//! integers, so the incremental sum equals the from-scratch one
//! ([`scratch::from_scratch`]) exactly, whatever the order of the updates.
//!
//! On top of the map, [`territory`](mod@territory) computes the seed's two layers:
//! proto-territory (a point in a player's influence whose neighbours are
//! all in that player's influence or that player's stones) and the dead
//! group layer (groups below a safety threshold are dead; their stones and
//! surroundings are territory for the opponent, overlaps neutral).
//!
//! Stages (a module uses only the ones before it):
//! 1. [`config`]: path range, path set, decay and scale; territory thresholds.
//! 2. [`paths`]: the path tables of a board size (generation, lookups, memory).
//! 3. [`scratch`]: the from-scratch influence, the definition.
//! 4. [`influence`]: the incremental map, board moves, captures and undo.
//! 5. [`territory`](mod@territory): proto-territory, group safety, the dead-group layer.

#![deny(missing_docs)]

pub mod config;
pub mod influence;
pub mod paths;
pub mod scratch;
pub mod territory;

pub use config::{ConfigError, PathConfig, PathSet, TerritoryConfig};
pub use influence::PathInfluence;
pub use paths::PathTables;
pub use scratch::from_scratch;
pub use territory::{proto_territory, territory, TerritoryMap};
