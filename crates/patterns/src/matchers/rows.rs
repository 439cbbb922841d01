//! The board as 64-bit row words, seen from the colour matched for.
//!
//! Word `i + 1` holds board row `i` (row 0 at the top), two bits per point:
//! column `j` at bits `2(j + 1)..2(j + 1) + 2`, `00` empty, `01` own stone,
//! `10` opponent stone, `11` off the board. Column `-1`, columns from `size`
//! on, and words `0` and `size + 1` are all `11`. Patterns test a whole row
//! of their bounding box with one shift, and and one compare.

use katachi_board::{Cell, Color, MAX_SIZE};

use super::position::Position;

/// Row words of one position for one colour.
#[derive(Clone, Debug)]
pub struct RowBoard {
    size: usize,
    words: [u64; MAX_SIZE + 2],
}

impl Default for RowBoard {
    fn default() -> RowBoard {
        RowBoard {
            size: 0,
            words: [u64::MAX; MAX_SIZE + 2],
        }
    }
}

/// The 2-bit value of a cell for `color` (own = `01`, opponent = `10`).
#[inline]
pub fn code(cell: Cell, color: Color) -> u64 {
    match (cell, color) {
        (Cell::Empty, _) => 0,
        (Cell::Edge, _) => 3,
        (Cell::White, Color::White) | (Cell::Black, Color::Black) => 1,
        _ => 2,
    }
}

impl RowBoard {
    /// Fill from `pos` for `color`.
    pub fn load(&mut self, pos: Position<'_>, color: Color) {
        let n = pos.size();
        self.size = n;
        self.words = [u64::MAX; MAX_SIZE + 2];
        for i in 0..n {
            let mut w = u64::MAX << (2 * (n + 1));
            w |= 0b11;
            for j in 0..n {
                w |= code(pos.cell_at(i as i32, j as i32), color) << (2 * (j + 1));
            }
            self.words[i + 1] = w;
        }
    }

    /// Board side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The word of board row `i` (`-1` and `size` are edge rows).
    #[inline]
    pub fn word(&self, i: i32) -> u64 {
        self.words[(i + 1) as usize]
    }

    /// The 2-bit value at `(i, j)`, `i` and `j` in `-1..=size`.
    #[inline]
    pub fn at(&self, i: i32, j: i32) -> u64 {
        (self.word(i) >> (2 * (j + 1))) & 3
    }

    /// Change one on-board point (for incremental updates).
    pub fn set(&mut self, i: usize, j: usize, value: u64) {
        let shift = 2 * (j + 1);
        let w = &mut self.words[i + 1];
        *w = (*w & !(3 << shift)) | (value << shift);
    }
}
