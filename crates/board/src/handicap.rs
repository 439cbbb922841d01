//! Fixed handicap placement as the GTP specification gives it (and GNU Go
//! 3.8 answers `fixed_handicap`): star points on the third line for boards
//! 7x7 to 11x11 and on the fourth line from 12x12 up; 2 to 4 stones on even
//! sizes and on 7x7, 2 to 9 on other odd sizes; none below 7x7.

use crate::board::Board;
use crate::types::{BoardError, Color, Point, MAX_SIZE, MIN_SIZE};
use thiserror::Error;

/// Why a fixed handicap cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HandicapError {
    /// The board size is not supported at all.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// Too few or too many stones for this board size.
    #[error("invalid handicap {stones} for board size {size}")]
    Invalid {
        /// Board size.
        size: usize,
        /// Stones asked for.
        stones: usize,
    },
}

/// The largest fixed handicap on a `size` x `size` board (0: none allowed).
pub fn max_fixed_handicap(size: usize) -> usize {
    match size {
        _ if size < 7 => 0,
        7 => 4,
        _ if size % 2 == 1 => 9,
        _ => 4,
    }
}

/// The points of a fixed handicap of `n` stones, in board order (top row
/// first, left to right), as GNU Go lists them. Pure: needs no board.
pub fn fixed_handicap_points(size: usize, n: usize) -> Result<Vec<Point>, HandicapError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(BoardError::BadSize(size).into());
    }
    if n < 2 || n > max_fixed_handicap(size) {
        return Err(HandicapError::Invalid { size, stones: n });
    }
    let e = if size >= 12 { 3 } else { 2 };
    let (lo, hi, mid) = (e, size - 1 - e, size / 2);
    // (row, col) with row 0 at the top, in the GTP specification's order.
    let mut rc = vec![(hi, lo), (lo, hi)]; // lower left, upper right
    if n >= 3 {
        rc.push((lo, lo)); // upper left
    }
    if n >= 4 {
        rc.push((hi, hi)); // lower right
    }
    if n >= 6 {
        rc.push((mid, lo));
        rc.push((mid, hi));
    }
    if n >= 8 {
        rc.push((lo, mid));
        rc.push((hi, mid));
    }
    if n % 2 == 1 && n >= 5 {
        rc.push((mid, mid));
    }
    rc.sort_unstable();
    let stride = size + 1;
    Ok(rc
        .into_iter()
        .map(|(r, c)| Point(((r + 1) * stride + c + 1) as u16))
        .collect())
}

impl Board {
    /// Put a fixed handicap of `n` black stones on this board (as a setup:
    /// clears the journal), White to move; returns the points.
    pub fn place_fixed_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        let points = fixed_handicap_points(self.size, n)?;
        for &p in &points {
            self.cells[p.index()] = Color::Black.cell();
        }
        self.rebuild();
        self.to_move = Color::White;
        Ok(points)
    }
}
