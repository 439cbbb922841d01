//! Parse errors: what went wrong and where (1-based line and column).
//!
//! Columns count characters (not bytes) from 1; a tab counts as one column.

use thiserror::Error;

/// A place in the SGF text: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pos {
    /// Line number, from 1.
    pub line: usize,
    /// Column number in characters, from 1.
    pub column: usize,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong with a piece of SGF text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SgfErrorKind {
    /// No `(` was found: the text holds no game tree.
    #[error("no game tree found (expected '(')")]
    NoGameTree,
    /// A game tree must start with a node (`;`) after its `(`.
    #[error("expected ';' to start a node, found {0}")]
    ExpectedNode(String),
    /// A character that cannot appear where it was found.
    #[error("unexpected {0}")]
    Unexpected(String),
    /// A property identifier with no `[value]` after it.
    #[error("property {0} has no value (expected '[')")]
    MissingValue(String),
    /// The text ended inside a `[value]` opened at the given place.
    #[error("unterminated value: '[' at {0} is never closed")]
    UnterminatedValue(Pos),
    /// The text ended with a game tree still open.
    #[error("unexpected end of input: '(' at {0} is never closed")]
    UnclosedTree(Pos),
    /// A property identifier that is not letters only, or is too long.
    #[error("bad property identifier {0:?}")]
    BadIdentifier(String),
}

/// A parse error with its place in the text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{pos}: {kind}")]
pub struct SgfError {
    /// Where the problem was found.
    pub pos: Pos,
    /// What the problem is.
    pub kind: SgfErrorKind,
}

/// Describe a character for messages: printable ones quoted, others by name.
pub(crate) fn describe_char(c: Option<char>) -> String {
    match c {
        None => "end of input".to_string(),
        Some(c) if c.is_control() || c.is_whitespace() => format!("character {:?}", c),
        Some(c) => format!("'{c}'"),
    }
}
