//! katachi-board: the Go board every other crate stands on.
//!
//! API CONTRACT (written first so that the other crates can be built against
//! it; the implementation fills the bodies in and may add items, but must not
//! change these signatures without updating every caller).
//!
//! Layout: a padded one-dimensional array with stride `size + 1`; point
//! `(row, col)` (row 0 = top row, col 0 = column A) has index
//! `(row + 1) * stride + col + 1`. Every index outside the board but inside the
//! array holds [`Cell::Edge`]. Cells are two bits wide in meaning:
//! Empty = 0, White = 1, Black = 2, Edge = 3 (GNU Go's encoding, read directly
//! by the pattern matchers).
//!
//! Reading guide: [`types`] (values), `board` (the struct and its state),
//! `geometry` (coordinates, vertices), `legal` (rules), `moves` (play;
//! start here for the incremental strings), `undo`, `journal` (what undo
//! replays),
//! `strings` (worm queries), `score`, `display` (showboard), `handicap`,
//! [`playout`] (random playouts for the speed benchmark), `consistency`.
//!
//! Undo contract: `undo` reverses the latest `play`/`try_move` exactly,
//! strictly last-in first-out. Setup edits (`set_stone`, `set_stones`,
//! `clear`, `place_fixed_handicap`) forget the journal and the history.
//! String heads may change on any move (a stone joins the largest
//! neighbouring string, whose head stays) and are restored by undo.
//!
//! Costs: colour, string head, size and liberty count are O(1); liberties
//! come from a per-string bitset (one bit per padded index) in increasing
//! order; a move costs its neighbourhood plus the smaller side of each
//! merge and the stones it captures, and `undo` the same. `katachi bench
//! playouts` measures playouts and `try_move` + `undo`.

#![deny(missing_docs)]

mod board;
mod consistency;
mod display;
mod geometry;
mod handicap;
mod journal;
mod legal;
mod moves;
pub mod playout;
mod score;
mod strings;
pub mod types;
mod undo;
mod zobrist;

pub use board::Board;
pub use display::is_hoshi;
pub use geometry::COLUMN_LETTERS;
pub use handicap::{fixed_handicap_points, max_fixed_handicap, HandicapError};
pub use strings::{Liberties, Stones};
pub use types::*;
