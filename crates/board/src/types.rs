//! Value types shared by the whole crate and its users: colours, cells,
//! points, moves, rules and errors. They carry no board context.

use thiserror::Error;

/// Smallest supported board.
pub const MIN_SIZE: usize = 2;
/// Largest supported board.
pub const MAX_SIZE: usize = 25;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player (X on diagrams).
    Black,
    /// The second player (O on diagrams).
    White,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    /// 0 for Black, 1 for White (for arrays indexed by colour).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The cell a stone of this colour occupies.
    #[inline]
    pub fn cell(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// Content of one point of the padded array (two bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// No stone.
    Empty = 0,
    /// A white stone.
    White = 1,
    /// A black stone.
    Black = 2,
    /// Padding outside the board.
    Edge = 3,
}

impl Cell {
    /// The stone colour, if the cell holds a stone.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Index into the padded board array. Only meaningful for the board size it
/// was made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    /// The raw padded index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// No stone.
    Pass,
}

/// Repetition rule in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden.
    #[default]
    Simple,
    /// No move may recreate an earlier whole-board position (stones only).
    PositionalSuperko,
}

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The point already holds a stone.
    #[error("point is occupied")]
    Occupied,
    /// The point is padding or out of range.
    #[error("point is off the board")]
    OffBoard,
    /// The stone would have no liberty and capture nothing.
    #[error("suicide")]
    Suicide,
    /// Immediate recapture of a single stone.
    #[error("illegal ko recapture")]
    Ko,
    /// Recreates an earlier position (positional superko).
    #[error("position repeats an earlier one (superko)")]
    Superko,
}

/// Errors building or editing a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Size outside [`MIN_SIZE`]..=[`MAX_SIZE`].
    #[error("board size {0} is not supported (2 to 25)")]
    BadSize(usize),
    /// Text that is not a vertex of this board.
    #[error("invalid vertex {0:?}")]
    BadVertex(String),
    /// The undo journal is empty.
    #[error("no move to undo")]
    NothingToUndo,
}

/// Score of a finished position. `black - white - komi` decides the game.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Score {
    /// Points counted for Black.
    pub black: f32,
    /// Points counted for White.
    pub white: f32,
}
