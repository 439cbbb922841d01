//! Errors of the joseki compiler: what is wrong and where in the SGF text.

use thiserror::Error;

use katachi_sgf::{Pos, SgfError};

/// What is wrong with a joseki tree.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum JosekiErrorKind {
    /// The text is not valid SGF.
    #[error("{0}")]
    Sgf(SgfError),
    /// `SZ` is not a supported square size.
    #[error("board size {0:?} is not supported (a single number from 2 to 25)")]
    BadSize(String),
    /// `SZ` appears outside the root node.
    #[error("SZ may only appear in the root node")]
    SizeNotInRoot,
    /// A point value that cannot be read or is off the board.
    #[error("{prop}: {message}")]
    BadPoint {
        /// The property holding the value.
        prop: String,
        /// Why the value is wrong.
        message: String,
    },
    /// A node with both a `B` and a `W` move.
    #[error("a node has both a B and a W move")]
    TwoMoves,
    /// The move cannot be replayed.
    #[error("move {mv} cannot be played: {reason}")]
    IllegalMove {
        /// The SGF point of the move.
        mv: String,
        /// `point is occupied` or `suicide`.
        reason: &'static str,
    },
    /// The move lies outside the rectangle spanned by the marks and the
    /// upper right corner.
    #[error("move {mv} lies outside the pattern rectangle (the marks span columns {left}..{right} and rows {top}..{bottom} from the upper right corner)")]
    MoveOutside {
        /// The SGF point of the move.
        mv: String,
        /// Leftmost column of the rectangle, as an SGF letter.
        left: char,
        /// Rightmost column, as an SGF letter.
        right: char,
        /// Top row, as an SGF letter.
        top: char,
        /// Bottom row, as an SGF letter.
        bottom: char,
    },
    /// A label that is not a single letter, or a letter that reads as a
    /// diagram symbol.
    #[error(
        "label {0:?} must be a single letter other than O, o, X, x, Q and Y (they read as stones)"
    )]
    BadLabel(String),
    /// A label outside the pattern rectangle.
    #[error("label {0} lies outside the pattern rectangle")]
    LabelOutside(char),
    /// Two labels on one point.
    #[error("labels {0} and {1} are on the same point")]
    TwoLabels(char, char),
}

/// A joseki compiler error with the place in the SGF text it concerns.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct JosekiError {
    /// Line and column of the property or node at fault, when known.
    pub pos: Option<Pos>,
    /// What is wrong.
    pub kind: JosekiErrorKind,
}

impl std::fmt::Display for JosekiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.kind, self.pos) {
            // An SGF error already names its place.
            (JosekiErrorKind::Sgf(e), _) => write!(f, "{e}"),
            (kind, Some(pos)) => write!(f, "{pos}: {kind}"),
            (kind, None) => write!(f, "{kind}"),
        }
    }
}

impl From<SgfError> for JosekiError {
    fn from(e: SgfError) -> JosekiError {
        JosekiError {
            pos: Some(e.pos),
            kind: JosekiErrorKind::Sgf(e),
        }
    }
}
