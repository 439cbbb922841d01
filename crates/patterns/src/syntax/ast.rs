//! The syntax tree of a `.db` file: faithful to the text, with a span on
//! every part. Nothing here is interpreted yet (edges, elements, symmetry
//! checks happen in [`crate::model`]); the tree is what `fmt` prints and
//! `dump ast` shows.

use super::span::Span;
use crate::expr::Expr;

/// A whole `.db` file: its items in source order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct File {
    pub items: Vec<Item>,
}

/// A top-level item.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A `#` line outside any pattern.
    Comment(Comment),
    /// `attribute_map`, `goal_elements` or `callback_data`.
    Directive(Directive),
    /// A `Pattern NAME` block.
    Pattern(Box<PatternAst>),
}

/// A `#` comment line; `text` excludes the `#`.
#[derive(Clone, Debug, PartialEq)]
pub struct Comment {
    pub text: String,
    pub span: Span,
}

/// A file-level directive line: a name followed by words.
#[derive(Clone, Debug, PartialEq)]
pub struct Directive {
    pub name: String,
    pub name_span: Span,
    /// The whitespace-separated words after the name.
    pub args: Vec<Word>,
    pub span: Span,
}

/// A word with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    pub text: String,
    pub span: Span,
}

/// Where a comment line sits inside a pattern (for the formatter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Between the header and the main diagram.
    AfterHeader,
    /// Between diagram rows or after the diagram, before the colon line.
    InDiagram,
    /// After the colon line, before the constraint diagram.
    AfterColon,
    /// Inside or after the constraint diagram, before `;`/`>` lines.
    InConstraintDiagram,
    /// Among or after the `;` and `>` lines.
    AfterExpressions,
}

/// One `Pattern NAME` block.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternAst {
    pub name: String,
    pub name_span: Span,
    /// The `Pattern NAME` line.
    pub header_span: Span,
    /// Comment lines inside the pattern, with their place.
    pub comments: Vec<(Placement, Comment)>,
    /// The main diagram (empty rows vector if missing; an error is reported).
    pub diagram: Diagram,
    pub colon: Option<ColonLine>,
    /// The constraint diagram with labels, if any.
    pub constraint_diagram: Option<Diagram>,
    /// The `;` lines, joined into one expression.
    pub constraint: Option<ExprBlock>,
    /// The `>` lines, joined into one action.
    pub action: Option<ExprBlock>,
    /// Whether the parser reported an error inside this pattern (the
    /// checker then reports what else it finds but does not load it).
    pub has_errors: bool,
}

/// A diagram: rows of symbols as written, edge marks included.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Diagram {
    pub rows: Vec<DiagramRow>,
}

/// One diagram row: the symbols up to the first blank, then a side comment.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramRow {
    /// The symbols, edge marks included.
    pub cells: Vec<Cell>,
    /// The side comment after the symbols (trimmed), if any.
    pub comment: Option<Word>,
    /// Span of the symbols.
    pub span: Span,
}

impl DiagramRow {
    /// The symbols as a string.
    pub fn text(&self) -> String {
        self.cells.iter().map(|c| c.ch).collect()
    }
}

/// One character of a diagram row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub ch: char,
    pub span: Span,
}

/// The colon line `:SYM,CLASSES,value(x),...,helper`.
#[derive(Clone, Debug, PartialEq)]
pub struct ColonLine {
    pub span: Span,
    /// The symmetry character (missing only in erroneous input).
    pub symmetry: Option<Cell>,
    /// The class field as written (may be empty).
    pub classes: Vec<Cell>,
    /// `name(arg)` fields.
    pub values: Vec<ValueAst>,
    /// A bare identifier field: the helper function (`NULL` means none).
    pub helper: Option<Word>,
}

/// A `name(arg)` field of the colon line.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueAst {
    pub name: Word,
    pub arg: ValueArg,
    pub span: Span,
}

/// The argument of a colon-line value.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueArg {
    /// A number, with its text as written.
    Number {
        value: f64,
        text: String,
        span: Span,
    },
    /// A label of the constraint diagram (`threatens_eye(a)`).
    Label { label: char, span: Span },
}

/// Several `;` (or `>`) lines forming one expression.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprBlock {
    /// The lines' text after the prefix character, with their spans.
    pub lines: Vec<Word>,
    /// The parsed expression; `None` if it had syntax errors.
    pub expr: Option<Expr>,
}
