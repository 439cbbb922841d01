//! The from-scratch path influence: the definition the incremental map
//! (the `influence` module) must equal exactly. Every path whose source holds
//! a stone and whose other points are all empty adds its contribution to
//! its terminus (Black positive, White negative).

use crate::paths::PathTables;
use katachi_board::{Board, Cell};

/// The signed stone of a cell: +1 Black, -1 White, 0 otherwise.
#[inline]
pub(crate) fn stone_sign(c: Cell) -> i32 {
    match c {
        Cell::Black => 1,
        Cell::White => -1,
        _ => 0,
    }
}

/// The influence of every padded index of `board` (0 on stones and
/// padding), computed over all paths. `tables` must be of the board's size.
pub fn from_scratch(tables: &PathTables, board: &Board) -> Vec<i32> {
    assert_eq!(tables.size(), board.size(), "path tables of another size");
    let cells = board.cells();
    let mut values = vec![0i32; tables.padded_len()];
    for (i, &cell) in cells.iter().enumerate() {
        let sign = stone_sign(cell);
        if sign == 0 {
            continue;
        }
        for k in tables.paths_from(i) {
            if tables
                .path_points(k)
                .iter()
                .all(|&p| cells[p as usize] == Cell::Empty)
            {
                values[tables.term[k] as usize] += sign * tables.contrib[k];
            }
        }
    }
    values
}
