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
//!
//! The model is produced by [`check`] from the syntax tree; every symbol,
//! class letter and value is documented in `crates/patterns/LANGUAGE.md`.

mod check;
mod classes;
mod geometry;
mod symbols;
mod symmetry;

pub use check::check;
pub use classes::{class_info, Class, ClassInfo, CLASSES};
pub use symbols::{symbol_elem, SYMBOLS};
pub use symmetry::{symmetry_char, symmetry_from_char};

use serde::{Deserialize, Serialize};

use crate::expr::Expr;

/// What a diagram cell requires of the board point it lands on, for the
/// colour `O` (the colour the pattern is matched for; `X` is the other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiagramCell {
    pub elem: Elem,
    pub symbol: char,
}

/// The mark a diagram cell carries beyond its geometric requirement: what
/// a database's callback or the engine reads off the cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellMark {
    /// `*`: the move.
    Move,
    /// `!`: an empty point marked for the callback (conn.db: a connection
    /// through it is inhibited; barriers.db: weakened influence).
    Inhibit,
    /// `,`: an empty point marked for the callback (barriers.db: influence
    /// cannot pass).
    Barrier,
    /// `Q` or `Y`: a stone that anchors the pattern.
    Anchor,
}

impl DiagramCell {
    /// The cell's mark, if its symbol carries one.
    pub fn mark(&self) -> Option<CellMark> {
        match self.symbol {
            '*' => Some(CellMark::Move),
            '!' => Some(CellMark::Inhibit),
            ',' => Some(CellMark::Barrier),
            'Q' | 'Y' => Some(CellMark::Anchor),
            _ => None,
        }
    }
}

/// Which sides of the diagram are drawn as board edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Edges {
    pub top: bool,
    pub bottom: bool,
    pub left: bool,
    pub right: bool,
}

/// The symmetry claimed on the colon line (its first character).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The `name(arg)` values of the colon line, in order.
    pub values: Vec<Value>,
    /// Labels of the constraint diagram (`*` excluded), in first-seen order.
    pub labels: Vec<Label>,
    /// The constraint diagram's symbols (row-major, same shape as `cells`),
    /// if the pattern has one.
    pub constraint_diagram: Option<Vec<char>>,
    /// Cells that may serve as the match anchor: the `Q`/`Y` cells if any,
    /// else every stone cell (`O X`), else every empty-required cell.
    pub anchor_candidates: Vec<(usize, usize)>,
    /// The `callback_data` directive in force for this pattern (symbols whose
    /// points the caller wants reported), empty if none.
    pub callback_data: String,
    /// 1-based line of the `Pattern` header in its file.
    pub line: usize,
}

/// One value of the colon line, e.g. `shape(-1)` or `threatens_eye(a)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Value {
    pub kind: ValueKind,
    pub arg: ValueArg,
}

/// The colon-line values the language knows (see LANGUAGE.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ValueKind {
    /// `terri(x)`: territorial value at least x.
    Terri,
    /// `minterri(x)`: territorial value at least x.
    MinTerri,
    /// `maxterri(x)`: territorial value at most x.
    MaxTerri,
    /// `value(x)`: final value at least x.
    Value,
    /// `minvalue(x)`: final value at least x.
    MinValue,
    /// `maxvalue(x)`: final value at most x.
    MaxValue,
    /// `shape(x)`: added to the shape value.
    Shape,
    /// `followup(x)`: added to the followup value.
    Followup,
    /// `followup_value(x)`: spelling of `followup` used by the corpus.
    FollowupValue,
    /// `reverse_followup(x)`: added to the reverse followup value.
    ReverseFollowup,
    /// `reverse_sente(label)`: the move prevents an opponent sente move at label.
    ReverseSente,
    /// `threatens_eye(label)`: the move threatens to make/destroy an eye at label.
    ThreatensEye,
    /// `threatens_to_capture(label)`: the move threatens to capture the string.
    ThreatensToCapture,
}

impl ValueKind {
    /// Every value kind with its spelling.
    pub const ALL: [(ValueKind, &'static str); 13] = [
        (ValueKind::Terri, "terri"),
        (ValueKind::MinTerri, "minterri"),
        (ValueKind::MaxTerri, "maxterri"),
        (ValueKind::Value, "value"),
        (ValueKind::MinValue, "minvalue"),
        (ValueKind::MaxValue, "maxvalue"),
        (ValueKind::Shape, "shape"),
        (ValueKind::Followup, "followup"),
        (ValueKind::FollowupValue, "followup_value"),
        (ValueKind::ReverseFollowup, "reverse_followup"),
        (ValueKind::ReverseSente, "reverse_sente"),
        (ValueKind::ThreatensEye, "threatens_eye"),
        (ValueKind::ThreatensToCapture, "threatens_to_capture"),
    ];

    /// The kind spelled `name`.
    pub fn from_name(name: &str) -> Option<ValueKind> {
        Self::ALL.iter().find(|(_, n)| *n == name).map(|(k, _)| *k)
    }

    /// The spelling.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("?", |(_, n)| n)
    }

    /// Whether the argument is a label (otherwise a number).
    pub fn takes_label(self) -> bool {
        matches!(
            self,
            ValueKind::ThreatensEye | ValueKind::ThreatensToCapture | ValueKind::ReverseSente
        )
    }
}

/// The argument of a value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ValueArg {
    Number(f64),
    Label(char),
}

/// A label of the constraint diagram and the cells that carry it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Label {
    pub name: char,
    /// Cells `(row, col)` in row-major order; the first is the one bound
    /// when the label is evaluated as a point.
    pub cells: Vec<(usize, usize)>,
}

impl Pattern {
    /// The cell at `(r, c)` of the diagram.
    pub fn cell(&self, r: usize, c: usize) -> DiagramCell {
        self.cells[r * self.width + c]
    }
}

impl Pattern {
    /// The elements the matcher must test: every cell except `?`, as
    /// `(row, column, element)` offsets from the diagram's top-left cell.
    pub fn elements(&self) -> impl Iterator<Item = (usize, usize, Elem)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.elem != Elem::Any)
            .map(|(i, c)| (i / self.width, i % self.width, c.elem))
    }

    /// The label named `name`, if the constraint diagram defines it.
    pub fn label(&self, name: char) -> Option<&Label> {
        self.labels.iter().find(|l| l.name == name)
    }

    /// Whether the class field contains `letter`.
    pub fn has_class(&self, letter: char) -> bool {
        self.classes.contains(letter)
    }

    /// Whether the pattern has class `class`.
    pub fn is(&self, class: Class) -> bool {
        self.classes.contains(class.letter())
    }

    /// The cells carrying `mark`, as `(row, column)`.
    pub fn marked(&self, mark: CellMark) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.mark() == Some(mark))
            .map(|(i, _)| (i / self.width, i % self.width))
    }
}

/// A checked database: its patterns in file order.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct PatternDb {
    pub name: String,
    pub patterns: Vec<Pattern>,
    /// The `attribute_map` directive (`none`, `general`, `value_only`,
    /// `owl_attack`, `owl_defense`), if given.
    pub attribute_map: Option<String>,
    /// The `goal_elements` directive: the symbols whose points form the goal
    /// (`none` gives an empty string), if given.
    pub goal_elements: Option<String>,
}
