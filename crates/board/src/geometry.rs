//! Coordinates: padded indices, rows and columns, neighbours, and GTP
//! vertex text (columns `A`..`Z` skipping `I`; row 1 is the bottom).

use crate::board::Board;
use crate::types::{BoardError, Cell, Move, Point};

/// Column letters of GTP vertices: the alphabet without `I`.
pub const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Board {
    /// Board side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }
    /// Distance in the padded array between vertically adjacent points.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }
    /// The point at `(row, col)`, row 0 = top; `None` if off the board.
    #[inline]
    pub fn point(&self, row: usize, col: usize) -> Option<Point> {
        if row < self.size && col < self.size {
            Some(Point(((row + 1) * self.stride + col + 1) as u16))
        } else {
            None
        }
    }
    /// `(row, col)` of an on-board point (meaningless for padding).
    #[inline]
    pub fn row_col(&self, p: Point) -> (usize, usize) {
        let i = p.index();
        (i / self.stride - 1, i % self.stride - 1)
    }
    /// Whether `p` is a point of the board (not padding).
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        self.cells.get(p.index()).is_some_and(|&c| c != Cell::Edge)
    }
    /// All on-board points, row by row from the top-left.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let (size, stride) = (self.size, self.stride);
        (0..size)
            .flat_map(move |r| (0..size).map(move |c| Point(((r + 1) * stride + c + 1) as u16)))
    }
    /// The four orthogonal neighbours (up, left, right, down); some may be
    /// padding. `p` must be on the board.
    #[inline]
    pub fn neighbors(&self, p: Point) -> [Point; 4] {
        let (i, s) = (p.0, self.stride as u16);
        [Point(i - s), Point(i - 1), Point(i + 1), Point(i + s)]
    }
    /// The four diagonal neighbours (up-left, up-right, down-left,
    /// down-right); some may be padding. `p` must be on the board.
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let (i, s) = (p.0, self.stride as u16);
        [
            Point(i - s - 1),
            Point(i - s + 1),
            Point(i + s - 1),
            Point(i + s + 1),
        ]
    }
    /// Content of a point (padding reads as `Edge`).
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells.get(p.index()).copied().unwrap_or(Cell::Edge)
    }
    /// The whole padded array, indexed by `Point::index()`.
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
    /// Content at signed coordinates; anything off the board reads as `Edge`.
    pub fn cell_at(&self, row: isize, col: isize) -> Cell {
        if row < 0 || col < 0 {
            return Cell::Edge;
        }
        match self.point(row as usize, col as usize) {
            Some(p) => self.cells[p.index()],
            None => Cell::Edge,
        }
    }
    /// GTP vertex text of a point, e.g. `D4` (column letters skip I).
    /// `p` must be on the board.
    pub fn vertex(&self, p: Point) -> String {
        let (row, col) = self.row_col(p);
        format!("{}{}", COLUMN_LETTERS[col] as char, self.size - row)
    }
    /// GTP text of a move: a vertex or `pass`.
    pub fn move_text(&self, m: Move) -> String {
        match m {
            Move::Play(p) => self.vertex(p),
            Move::Pass => "pass".to_string(),
        }
    }
    /// Parse a GTP vertex (`D4`, case-insensitive). `pass` is not a point.
    pub fn parse_vertex(&self, s: &str) -> Result<Point, BoardError> {
        let bad = || BoardError::BadVertex(s.to_string());
        let t = s.trim();
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let col = COLUMN_LETTERS
            .iter()
            .position(|&l| l as char == letter)
            .ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let number: usize = digits.parse().map_err(|_| bad())?;
        if number == 0 || number > self.size || col >= self.size {
            return Err(bad());
        }
        self.point(self.size - number, col).ok_or_else(bad)
    }
    /// Parse a GTP move: a vertex or `pass`.
    pub fn parse_move(&self, s: &str) -> Result<Move, BoardError> {
        if s.trim().eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            self.parse_vertex(s).map(Move::Play)
        }
    }
}
