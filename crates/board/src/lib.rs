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

use thiserror::Error;

/// Smallest supported board.
pub const MIN_SIZE: usize = 2;
/// Largest supported board.
pub const MAX_SIZE: usize = 25;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other player.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    /// The cell a stone of this colour occupies.
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
    Empty = 0,
    White = 1,
    Black = 2,
    Edge = 3,
}

impl Cell {
    /// The stone colour, if the cell holds a stone.
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
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
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
    #[error("point is occupied")]
    Occupied,
    #[error("point is off the board")]
    OffBoard,
    #[error("suicide")]
    Suicide,
    #[error("illegal ko recapture")]
    Ko,
    #[error("position repeats an earlier one (superko)")]
    Superko,
}

/// Errors building or editing a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("board size {0} is not supported (2 to 25)")]
    BadSize(usize),
    #[error("invalid vertex {0:?}")]
    BadVertex(String),
    #[error("no move to undo")]
    NothingToUndo,
}

/// Score of a finished position. `black - white - komi` decides the game.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Score {
    pub black: f32,
    pub white: f32,
}

/// A Go board: stones, strings with exact liberty sets kept incrementally,
/// Zobrist hashes, ko state, captures, and an undo journal.
#[derive(Clone, Debug)]
pub struct Board {
    _todo: (),
}

#[allow(unused_variables)]
impl Board {
    /// An empty board of `size` x `size`, Black to move, simple ko.
    pub fn new(size: usize) -> Result<Board, BoardError> {
        todo!()
    }
    /// Board side length.
    pub fn size(&self) -> usize {
        todo!()
    }
    /// Distance in the padded array between vertically adjacent points.
    pub fn stride(&self) -> usize {
        todo!()
    }
    /// The point at `(row, col)`, row 0 = top; `None` if off the board.
    pub fn point(&self, row: usize, col: usize) -> Option<Point> {
        todo!()
    }
    /// `(row, col)` of an on-board point.
    pub fn row_col(&self, p: Point) -> (usize, usize) {
        todo!()
    }
    /// Whether `p` is a point of the board (not padding).
    pub fn on_board(&self, p: Point) -> bool {
        todo!()
    }
    /// All on-board points, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        std::iter::empty()
    }
    /// The four orthogonal neighbours (up, left, right, down); some may be padding.
    pub fn neighbors(&self, p: Point) -> [Point; 4] {
        todo!()
    }
    /// The four diagonal neighbours; some may be padding.
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        todo!()
    }
    /// Content of a point (padding reads as `Edge`).
    pub fn cell(&self, p: Point) -> Cell {
        todo!()
    }
    /// The whole padded array, indexed by `Point::index()`.
    pub fn cells(&self) -> &[Cell] {
        todo!()
    }
    /// Content at signed coordinates; anything off the board reads as `Edge`.
    pub fn cell_at(&self, row: isize, col: isize) -> Cell {
        todo!()
    }
    /// GTP vertex text of a point, e.g. `D4` (column letters skip I).
    pub fn vertex(&self, p: Point) -> String {
        todo!()
    }
    /// Parse a GTP vertex (`D4`, case-insensitive). `pass` is not a point.
    pub fn parse_vertex(&self, s: &str) -> Result<Point, BoardError> {
        todo!()
    }
    /// Parse a GTP move: a vertex or `pass`.
    pub fn parse_move(&self, s: &str) -> Result<Move, BoardError> {
        todo!()
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        todo!()
    }
    pub fn set_to_move(&mut self, c: Color) {
        todo!()
    }
    /// The point the player to move may not play because of simple ko.
    pub fn ko_point(&self) -> Option<Point> {
        todo!()
    }
    /// Stones captured so far BY `c` (prisoners `c` holds).
    pub fn captures(&self, c: Color) -> u32 {
        todo!()
    }
    /// Zobrist hash of the stones alone.
    pub fn hash(&self) -> u64 {
        todo!()
    }
    /// Zobrist hash of the stones, the player to move and the ko point.
    pub fn hash_with_player(&self) -> u64 {
        todo!()
    }
    pub fn ko_rule(&self) -> KoRule {
        todo!()
    }
    pub fn set_ko_rule(&mut self, rule: KoRule) {
        todo!()
    }

    /// Whether `c` may play `m` now (passes are always legal).
    pub fn check_move(&self, c: Color, m: Move) -> Result<(), IllegalMove> {
        todo!()
    }
    pub fn is_legal(&self, c: Color, m: Move) -> bool {
        self.check_move(c, m).is_ok()
    }
    /// Play a game move for `c` (any colour, as GTP allows): captures, ko,
    /// superko history, `to_move` becomes `c.opponent()`. Undoable with `undo`.
    /// Returns the number of stones captured.
    pub fn play(&mut self, c: Color, m: Move) -> Result<usize, IllegalMove> {
        todo!()
    }
    /// The reading variant of `play`: same rules (superko checked only if the
    /// rule is on), journaled, costs only what changes. Undo with `undo`.
    pub fn try_move(&mut self, c: Color, m: Move) -> Result<usize, IllegalMove> {
        todo!()
    }
    /// Take back the last `play` or `try_move` exactly (stones, strings,
    /// hashes, ko, captures, player to move).
    pub fn undo(&mut self) -> Result<(), BoardError> {
        todo!()
    }
    /// How many moves the journal can undo.
    pub fn undo_depth(&self) -> usize {
        todo!()
    }
    /// Moves played since the last setup, in order (colour, move).
    pub fn history(&self) -> &[(Color, Move)] {
        todo!()
    }
    /// Put (`Some`) or remove (`None`) a stone without the rules, as SGF
    /// AB/AW/AE and handicap placement do. Clears the undo journal and the
    /// ko point; may leave strings without liberties only if the caller
    /// places them so (they are kept, as SGF setup allows).
    pub fn set_stone(&mut self, p: Point, c: Option<Color>) {
        todo!()
    }
    /// Remove every stone, keep size, komi-independent state reset.
    pub fn clear(&mut self) {
        todo!()
    }

    // ---- strings (GNU Go's worms), all O(1) or O(answer) ----
    /// Representative stone of the string at `p` (stable until the board
    /// changes); `None` on an empty point.
    pub fn string_head(&self, p: Point) -> Option<Point> {
        todo!()
    }
    pub fn same_string(&self, a: Point, b: Point) -> bool {
        todo!()
    }
    /// Number of stones of the string at `p`.
    pub fn string_size(&self, p: Point) -> usize {
        todo!()
    }
    /// Stones of the string at `p`.
    pub fn stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let _ = p;
        std::iter::empty()
    }
    /// Exact liberty count of the string at `p`.
    pub fn liberty_count(&self, p: Point) -> usize {
        todo!()
    }
    /// Liberties of the string at `p`, in increasing point order.
    pub fn liberties(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let _ = p;
        std::iter::empty()
    }
    /// Up to `out.len()` liberties of the string at `p` in increasing point
    /// order; returns how many were written.
    pub fn first_liberties(&self, p: Point, out: &mut [Point]) -> usize {
        todo!()
    }
    /// Heads of the distinct strings (either colour) adjacent to the string at `p`.
    pub fn adjacent_strings(&self, p: Point) -> Vec<Point> {
        todo!()
    }

    // ---- scoring and display ----
    /// Area score (stones + surrounded empty points) with `dead` stones removed.
    pub fn area_score(&self, dead: &[Point]) -> Score {
        todo!()
    }
    /// Territory score (surrounded empty points + prisoners + dead stones).
    pub fn territory_score(&self, dead: &[Point]) -> Score {
        todo!()
    }
    /// The board as GNU Go's `showboard` prints it.
    pub fn showboard(&self) -> String {
        todo!()
    }
    /// Parse rows of `X` (black) `O` (white) `.`/`+` (empty), top row first,
    /// whitespace ignored; for tests and tools.
    pub fn from_ascii(text: &str) -> Result<Board, BoardError> {
        todo!()
    }
    /// Recompute every string and hash from the cells and compare with the
    /// incremental state; `Err` describes the first mismatch. For tests.
    pub fn check_consistency(&self) -> Result<(), String> {
        todo!()
    }
}
