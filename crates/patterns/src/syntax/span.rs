//! Source positions: byte offsets with 1-based line and column numbers.
//!
//! Every AST node carries a [`Span`] so that diagnostics can point at the
//! exact place in the `.db` text. Columns count characters, not bytes.

/// A position in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Position {
    /// Byte offset from the start of the text.
    pub offset: usize,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number, in characters.
    pub column: usize,
}

/// A half-open range `[start, end)` of the source text on one line or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: Position,
    pub end: Position,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: Position, end: Position) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        let start = if other.start.offset < self.start.offset {
            other.start
        } else {
            self.start
        };
        let end = if other.end.offset > self.end.offset {
            other.end
        } else {
            self.end
        };
        Span { start, end }
    }

    /// Whether the span covers no text.
    pub fn is_empty(&self) -> bool {
        self.start.offset == self.end.offset
    }
}
