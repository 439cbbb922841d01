//! Matchers over pattern databases, all behind one trait.
//!
//! # The definition every matcher implements
//!
//! A *geometric match* of a pattern for colour `C` (the colour whose stones
//! are `O` in the diagram; the other colour's are `X`) is a placement — an
//! orientation `o` of [`crate::compile::transform`] (0–7, as in the
//! reference README's table) and the board point `d` where diagram cell
//! (0, 0) lands, cell `(r, c)` landing on `d + M_o·(r, c)` — such that:
//! - every cell of the diagram's rectangle, `?` included, lies on the board;
//! - for every side drawn as an edge, the points just beyond that side are
//!   off the board (the side lies on the first line);
//! - every cell fits: `.` `,` `!` `*` (and labels on them) empty, `O` a `C`
//!   stone, `X` a stone of the other colour, `o` not `X`, `x` not `O`;
//! - `o` is one of the orientations kept for the declared symmetry
//!   ([`crate::compile::transform::kept_orientations`]: `X`/`+` keep 0–1,
//!   `|` `-` `\` `/` keep 0–3, `O` keeps 2–5, `8` all).
//!
//! Class tests, constraints, helpers and actions are not part of it: callers
//! apply them to the matches. A [`Match`] also carries the move point: the
//! `*` if the pattern has one, else the anchor's point
//! ([`crate::compile::anchor`]).
//!
//! Engines, all implementing [`Matcher`] and all checked against the
//! reference (tests `matcher_*.rs`):
//! - [`reference::ReferenceMatcher`]: the definition as obvious code, over
//!   the model;
//! - [`standard::StandardMatcher`]: built from a
//!   [`CompiledDb`](crate::compile::CompiledDb); buckets keyed by the anchor
//!   and its four neighbours, a 5x5 window and-compare, row-word masks, and
//!   the [`corner::CornerIndex`] for corner-pinned exact patterns (joseki);
//! - [`dfa`]: one automaton per database;
//! - [`corner_tree::CornerTreeMatcher`]: GNU Go's corner matcher (seed
//!   004), a variation tree over the stones of corner-only exact patterns
//!   (joseki), with a standard matcher for any other variants;
//! - [`incremental::IncrementalMatcher`]: keeps the matches of a changing
//!   board in a [`incremental::Tracker`], rematching only around changed
//!   points (its `find_all` is a full match).
//!
//! Each takes a caller-owned [`Scratch`], so a compiled matcher is immutable
//! and can be shared between threads. A new engine implements [`Matcher`],
//! builds from [`CompiledDb`](crate::compile::CompiledDb) (or the model),
//! and joins the engine lists of the differential tests.

pub mod corner;
pub mod corner_tree;
pub mod dfa;
pub mod incremental;
pub mod place;
pub mod position;
pub mod reference;
pub mod rows;
pub mod standard;

use katachi_board::{Color, Point};

use crate::compile::{PatternId, Transform};
pub use position::{OwnedPosition, Position};
pub use rows::RowBoard;

/// One geometric match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Match {
    pub pattern: PatternId,
    pub transform: Transform,
    /// Where diagram cell (0, 0) lands.
    pub origin: Point,
    /// The `*` point, or the anchor's point for patterns without `*`.
    pub mark: Point,
}

/// Working memory of a matcher, owned by the caller and reused between
/// calls. Any matcher accepts any `Scratch`.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The board as 64-bit row words, from the matched colour's view.
    pub rows: RowBoard,
    /// Prefix hashes of corner rectangles ([`corner`]).
    pub prefix: Vec<u64>,
}

/// A matcher: finds every geometric match of its database on a position.
pub trait Matcher {
    /// Short name of the engine (`reference`, `standard`, ...).
    fn name(&self) -> &'static str;

    /// Append to `out` every geometric match for `color` on `pos`, in no
    /// particular order.
    fn find_all(
        &self,
        pos: Position<'_>,
        color: Color,
        scratch: &mut Scratch,
        out: &mut Vec<Match>,
    );
}
