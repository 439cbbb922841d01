//! The checked pattern model: what the compiler and every matcher consume.
//!
//! CONTRACT between the language front end (which produces it) and the
//! compiler/matchers (which consume it). Fields may be added; the ones here
//! keep their meaning.
//!
//! Geometry: a diagram is `height` rows by `width` columns of cells, edge
//! characters (`| - +`) excluded; cell `(r, c)` is row `r` from the top, column
//! `c` from the left, as written in the file. `edges` says which sides of the
//! diagram were drawn as a board edge: then that side's row or column of cells
//! must lie exactly on the first line of the board (the point beyond it off
//! the board).

use crate::expr::Expr;

/// What a diagram cell requires of the board point it lands on, for the
/// colour `O` (the colour the pattern is matched for; `X` is the other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    /// Must be empty (`.`, `,`, `!`, `*`, and labels on empty points).
    Empty,
    /// Must be an `O` stone (`O`, `Q`, ...).
    Own,
    /// Must be an `X` stone (`X`, `Y`, ...).
    Opp,
    /// `O` or empty (`o`).
    NotOpp,
    /// `X` or empty (`x`).
    NotOwn,
    /// Anything, on the board (`?`).
    Any,
}

/// One diagram cell: its geometric requirement and the character written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiagramCell {
    pub elem: Elem,
    pub symbol: char,
}

/// Which sides of the diagram are drawn as board edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Edges {
    pub top: bool,
    pub bottom: bool,
    pub left: bool,
    pub right: bool,
}

/// The symmetry claimed on the colon line (its first character).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// `8`: no symmetry, all eight orientations are tried.
    None8,
    /// `|`: mirror about the vertical axis.
    Vertical,
    /// `-`: mirror about the horizontal axis.
    Horizontal,
    /// `\`: mirror about the main diagonal.
    Diagonal,
    /// `/`: mirror about the anti-diagonal.
    AntiDiagonal,
    /// `O`: 180 degree rotation.
    Rot180,
    /// `X`: both diagonals.
    BothDiagonals,
    /// `+`: both axes.
    BothAxes,
}

/// One checked pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    pub name: String,
    pub height: usize,
    pub width: usize,
    /// Row-major, `height * width` cells.
    pub cells: Vec<DiagramCell>,
    pub edges: Edges,
    /// The `*` cell, if the diagram has one.
    pub move_point: Option<(usize, usize)>,
    pub symmetry: Symmetry,
    /// Class letters of the colon line, as written.
    pub classes: String,
    /// Constraint (`;` lines), if any.
    pub constraint: Option<Expr>,
    /// Action (`>` lines), if any.
    pub action: Option<Expr>,
    /// Named helper function of the colon line, if any.
    pub helper: Option<String>,
}

impl Pattern {
    /// The cell at `(r, c)` of the diagram.
    pub fn cell(&self, r: usize, c: usize) -> DiagramCell {
        self.cells[r * self.width + c]
    }
}

/// A checked database: its patterns in file order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PatternDb {
    pub name: String,
    pub patterns: Vec<Pattern>,
}
