//! The board as 64-bit row words, seen from the colour matched for.
//!
//! Word `i + PAD` holds board row `i` (row 0 at the top), two bits per point:
//! column `j` at bits `2(j + PAD)..2(j + PAD) + 2`, `00` empty, `01` own
//! stone, `10` opponent stone, `11` off the board. The `PAD` = 2 columns
//! left of the board, the columns from `size` on, and the `PAD` words above
//! and below the board are all `11`, so that a 5x5 window around any board
//! point can be read without bounds checks. Patterns test a whole row of
//! their bounding box with one shift, and and one compare.
//!
//! The 5x5 window word ([`RowBoard::window`]) also carries, above its 50
//! cell bits, how far the point is from each side of the board
//! ([`GEO_BIT`]), so that one and-compare also tests most of a pattern's
//! bounding box and edge constraints where the window's cells cannot.

use katachi_board::{Cell, Color, MAX_SIZE};

use super::position::Position;

/// Off-board columns left of column 0 and rows above row 0.
pub const PAD: usize = 2;

/// First geometry bit of the window word. Bit `GEO_BIT + 3 * side + k` is
/// set when the point lies at least [`GEO_STEPS`]`[k]` points from that side
/// of the board (sides 0 top, 1 bottom, 2 left, 3 right; the distance from
/// the top side of row `i` is `i`): distances up to 2 show in the window's
/// cells, these bits tell 3, 4 and 5 apart.
pub const GEO_BIT: u32 = 50;

/// The distances the geometry bits test, per side.
pub const GEO_STEPS: [i32; 3] = [3, 4, 5];

/// The geometry bits of one side for a distance `d` (thermometer code).
#[inline]
fn geo_side(d: i32, side: u32) -> u64 {
    let steps = (d - GEO_STEPS[0] + 1).clamp(0, GEO_STEPS.len() as i32);
    ((1u64 << steps) - 1) << (GEO_BIT + 3 * side)
}

/// Row words of one position for one colour.
#[derive(Clone, Debug)]
pub struct RowBoard {
    size: usize,
    words: [u64; MAX_SIZE + 2 * PAD],
    /// Geometry bits of the top and bottom sides, per row.
    geo_rows: [u64; MAX_SIZE],
    /// Geometry bits of the left and right sides, per column.
    geo_cols: [u64; MAX_SIZE],
}

impl Default for RowBoard {
    fn default() -> RowBoard {
        RowBoard {
            size: 0,
            words: [u64::MAX; MAX_SIZE + 2 * PAD],
            geo_rows: [0; MAX_SIZE],
            geo_cols: [0; MAX_SIZE],
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
        if self.size != n {
            for k in 0..n {
                let (near, far) = (k as i32, (n - 1 - k) as i32);
                self.geo_rows[k] = geo_side(near, 0) | geo_side(far, 1);
                self.geo_cols[k] = geo_side(near, 2) | geo_side(far, 3);
            }
        }
        self.size = n;
        self.words = [u64::MAX; MAX_SIZE + 2 * PAD];
        // Cells are 0 empty, 1 white, 2 black, 3 edge: for white they are
        // already own = 1, opponent = 2; for black 1 and 2 swap.
        let table: [u64; 4] = match color {
            Color::White => [0, 1, 2, 3],
            Color::Black => [0, 2, 1, 3],
        };
        let stride = n + 1;
        let cells = pos.cells();
        for i in 0..n {
            let mut w = (u64::MAX << (2 * (n + PAD))) | ((1 << (2 * PAD)) - 1);
            let row = &cells[(i + 1) * stride + 1..(i + 1) * stride + 1 + n];
            for (j, &cell) in row.iter().enumerate() {
                w |= table[cell as usize] << (2 * (j + PAD));
            }
            self.words[i + PAD] = w;
        }
    }

    /// Board side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The word of board row `i`, `i` in `-PAD..size + PAD`.
    #[inline]
    pub fn word(&self, i: i32) -> u64 {
        self.words[(i + PAD as i32) as usize]
    }

    /// The 2-bit value at `(i, j)`, `i` and `j` in `-PAD..size + PAD`.
    #[inline]
    pub fn at(&self, i: i32, j: i32) -> u64 {
        (self.word(i) >> (2 * (j + PAD as i32))) & 3
    }

    /// The 5x5 window centred on board point `(i, j)`: row `di` (-2..=2)
    /// of the window at bits `10(di + 2)..`, column `dj` at `2(dj + 2)`
    /// within it; then the geometry bits ([`GEO_BIT`]).
    #[inline]
    pub fn window(&self, i: i32, j: i32) -> u64 {
        let base = (i + PAD as i32 - 2) as usize;
        let shift = 2 * (j + PAD as i32 - 2) as u32;
        let mut w = self.geo_rows[i as usize] | self.geo_cols[j as usize];
        for k in 0..5 {
            w |= ((self.words[base + k] >> shift) & 0x3ff) << (10 * k);
        }
        w
    }

    /// Change one on-board point (for incremental updates).
    pub fn set(&mut self, i: usize, j: usize, value: u64) {
        let shift = 2 * (j + PAD);
        let w = &mut self.words[i + PAD];
        *w = (*w & !(3 << shift)) | (value << shift);
    }
}
