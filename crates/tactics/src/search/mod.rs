//! The search kit shared by the tactical layer's searches (tactical
//! reading, connection reading, and the life-and-death reading to come):
//! result [`Code`]s, the [`Outcome`] of a query (code and move), the node
//! [`Budget`] and counters ([`Stats`], [`Meter`] with nested queries), and a
//! bounded transposition [`Table`].
//!
//! Each search keeps its own policy (what a key holds, when a stored
//! result may be reused, when a node is spent); this module holds only the
//! mechanics they have in common, so that a change to one (a faster table,
//! a counter more) reaches all of them.

mod codes;
mod stats;
mod table;

use katachi_board::Point;

pub use codes::Code;
pub use stats::{Budget, Meter, Nested, Stats};
pub use table::{fold, KeyHasher, Table};

/// Result of a query: the code and, for a success, the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Success grade.
    pub code: Code,
    /// The move that achieves it (none for failures, and for successes that
    /// need no move).
    pub mv: Option<Point>,
}

/// Failure, with no move.
pub const FAIL: Outcome = Outcome {
    code: Code::Fail,
    mv: None,
};

/// Success that needs no move (the goal is already reached).
pub const WIN: Outcome = Outcome {
    code: Code::Win,
    mv: None,
};
