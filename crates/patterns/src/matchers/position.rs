//! The board as the matchers see it: a size and the padded cell array of
//! `katachi_board::Board` (stride `size + 1`, point `(row, col)` at index
//! `(row + 1) * stride + col + 1`, padding reads as `Edge`).

use katachi_board::{Board, Cell, Color, Point};

/// A borrowed view of a board's cells.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    size: usize,
    cells: &'a [Cell],
}

impl<'a> Position<'a> {
    /// A view of `cells` laid out as `katachi_board` lays out a `size` board.
    ///
    /// # Panics
    /// If `cells` is too short for that layout.
    pub fn new(size: usize, cells: &'a [Cell]) -> Position<'a> {
        assert!(cells.len() > size * (size + 2), "cell array too short");
        Position { size, cells }
    }

    /// A view of a board.
    pub fn of_board(board: &'a Board) -> Position<'a> {
        Position::new(board.size(), board.cells())
    }

    /// Board side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The padded cell array.
    pub fn cells(&self) -> &'a [Cell] {
        self.cells
    }

    /// The padded index stride.
    pub fn stride(&self) -> usize {
        self.size + 1
    }

    /// The point at `(row, col)` (must be on the board).
    pub fn point(&self, row: usize, col: usize) -> Point {
        Point(((row + 1) * self.stride() + col + 1) as u16)
    }

    /// `(row, col)` of an on-board point.
    pub fn row_col(&self, p: Point) -> (usize, usize) {
        let s = self.stride();
        (p.index() / s - 1, p.index() % s - 1)
    }

    /// The cell at signed `(row, col)`; off the board reads as `Edge`.
    pub fn cell_at(&self, row: i32, col: i32) -> Cell {
        let n = self.size as i32;
        if row < 0 || col < 0 || row >= n || col >= n {
            Cell::Edge
        } else {
            self.cells[self.point(row as usize, col as usize).index()]
        }
    }

    /// GTP vertex text of `(row, col)`, e.g. `D4` (no `I`).
    pub fn vertex(&self, row: usize, col: usize) -> String {
        let letter = b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[col] as char;
        format!("{}{}", letter, self.size - row)
    }
}

/// Length of the padded cell array of a `size` board.
pub fn padded_len(size: usize) -> usize {
    (size + 2) * (size + 1) + 1
}

/// An owned padded cell array, for tools and tests that have no `Board`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedPosition {
    pub size: usize,
    pub cells: Vec<Cell>,
}

impl OwnedPosition {
    /// An empty board.
    pub fn empty(size: usize) -> OwnedPosition {
        let mut cells = vec![Cell::Edge; padded_len(size)];
        for r in 0..size {
            for c in 0..size {
                cells[(r + 1) * (size + 1) + c + 1] = Cell::Empty;
            }
        }
        OwnedPosition { size, cells }
    }

    /// Rows of `X` (black), `O` (white) and `.`, top row first; `None` if a
    /// row has the wrong length or an unknown character.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Option<OwnedPosition> {
        let size = rows.len();
        let mut pos = OwnedPosition::empty(size);
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != size {
                return None;
            }
            for (c, ch) in row.chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    '.' | '+' => None,
                    _ => return None,
                };
                pos.set(r, c, stone);
            }
        }
        Some(pos)
    }

    /// Put or remove a stone at `(row, col)`.
    pub fn set(&mut self, row: usize, col: usize, stone: Option<Color>) {
        let i = (row + 1) * (self.size + 1) + col + 1;
        self.cells[i] = stone.map_or(Cell::Empty, Color::cell);
    }

    /// The borrowed view.
    pub fn view(&self) -> Position<'_> {
        Position::new(self.size, &self.cells)
    }
}
