//! Text views of a board: GNU Go's `showboard` layout, and ASCII diagrams
//! for tests and tools.

use crate::board::Board;
use crate::geometry::COLUMN_LETTERS;
use crate::types::{BoardError, Cell, Color};

/// Whether `(row, col)` is a star point in GNU Go's display of a
/// `size` x `size` board (marked `+` when empty).
pub fn is_hoshi(size: usize, row: usize, col: usize) -> bool {
    let line = |x: usize, edge: usize| x == edge || x == size - 1 - edge;
    let mid = |x: usize| size % 2 == 1 && x == size / 2;
    if size % 2 == 1 && row == size / 2 && col == size / 2 {
        return true;
    }
    if size < 5 {
        return false;
    }
    let edge = match size {
        5 => 1,
        6..=11 => 2,
        _ => 3,
    };
    let corner = line(row, edge) && line(col, edge);
    let side = size >= 13 && ((line(row, edge) && mid(col)) || (mid(row) && line(col, edge)));
    corner || side
}

impl Board {
    /// The board as GNU Go's `showboard` prints it: the text after `= ` in
    /// its GTP answer, so `format!("= {}\n\n", b.showboard())` is GNU Go's
    /// answer byte for byte. It therefore starts with a newline and has no
    /// final newline; rows are labelled 1 at the bottom, empty star points
    /// show `+`, and the prisoner counts sit beside two rows near the middle.
    pub fn showboard(&self) -> String {
        let n = self.size;
        let letters: Vec<String> = COLUMN_LETTERS[..n]
            .iter()
            .map(|&l| (l as char).to_string())
            .collect();
        let header = format!("   {}", letters.join(" "));
        let white_row = (n - 2).min(8);
        let mut out = String::new();
        out.push('\n');
        out.push_str(&header);
        for row in 0..n {
            let number = n - row;
            out.push_str(&format!("\n{number:2}"));
            for col in 0..n {
                let p = self.point(row, col).expect("on board");
                let ch = match self.cell(p) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ if is_hoshi(n, row, col) => '+',
                    _ => '.',
                };
                out.push(' ');
                out.push(ch);
            }
            out.push_str(&format!(" {number}"));
            if row == white_row {
                let k = self.captures(Color::White);
                out.push_str(&format!("     WHITE (O) has captured {k} stones"));
            } else if row == white_row + 1 {
                let k = self.captures(Color::Black);
                out.push_str(&format!("     BLACK (X) has captured {k} stones"));
            }
        }
        out.push('\n');
        out.push_str(&header);
        out
    }

    /// Rows of `X`/`O`/`.` (`+` also empty), top row first, no labels.
    pub fn to_ascii(&self) -> String {
        let mut out = String::new();
        for row in 0..self.size {
            for col in 0..self.size {
                let p = self.point(row, col).expect("on board");
                out.push(match self.cell(p) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    /// Parse rows of `X` (black) `O` (white) `.`/`+` (empty), top row first,
    /// whitespace ignored; for tests and tools. Blank lines are skipped; the
    /// number of rows is the size and every row must have that many points.
    /// Black is to move.
    pub fn from_ascii(text: &str) -> Result<Board, BoardError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        let mut b = Board::new(size)?;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(BoardError::BadVertex(format!(
                    "row {} has {} points, expected {size}",
                    r + 1,
                    row.len()
                )));
            }
            for (c, ch) in row.iter().enumerate() {
                let cell = match ch {
                    'X' | 'x' | '#' => Cell::Black,
                    'O' | 'o' | '@' => Cell::White,
                    '.' | '+' => Cell::Empty,
                    other => {
                        return Err(BoardError::BadVertex(format!(
                            "unexpected {other:?} in row {}",
                            r + 1
                        )))
                    }
                };
                let p = b.point(r, c).expect("on board");
                b.cells[p.index()] = cell;
            }
        }
        b.rebuild();
        Ok(b)
    }
}
