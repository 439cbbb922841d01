//! Where a match puts its diagram on the board: the point a diagram cell
//! lands on, and the bindings of the `*` and labels that a constraint is
//! evaluated with. Shared by every caller that evaluates matches (the
//! tactical reader's own databases, cutting points, the constraint trace),
//! so the padded-board arithmetic is written once.

use katachi_board::{Board, Point};

use crate::compile::Transform;
use crate::expr::Bindings;
use crate::model::Pattern;

/// The board point where diagram cell `(r, c)` lands for a match with
/// orientation `t` whose cell (0, 0) is at `origin`; `None` off the board.
pub fn cell_point(board: &Board, origin: Point, t: Transform, r: usize, c: usize) -> Option<Point> {
    // The origin may be computed for a diagram hanging off the board, so
    // its row and column are worked out in signed arithmetic.
    let stride = board.stride();
    let (r0, c0) = (
        (origin.index() / stride) as i32 - 1,
        (origin.index() % stride) as i32 - 1,
    );
    let (dr, dc) = t.apply(r as i32, c as i32);
    let (row, col) = (r0 + dr, c0 + dc);
    let n = board.size() as i32;
    if row < 0 || col < 0 || row >= n || col >= n {
        return None;
    }
    board.point(row as usize, col as usize)
}

/// The bindings of a match: `*` and every label of the constraint diagram
/// (each at its first cell). Cells off the board are left unbound (a
/// geometric match has none).
pub fn match_bindings(p: &Pattern, board: &Board, t: Transform, origin: Point) -> Bindings<Point> {
    let mv = p
        .move_point
        .and_then(|(r, c)| cell_point(board, origin, t, r, c));
    let mut b = Bindings::new(mv);
    for l in &p.labels {
        if let Some(&(r, c)) = l.cells.first() {
            if let Some(pt) = cell_point(board, origin, t, r, c) {
                b = b.with_label(l.name, pt);
            }
        }
    }
    b
}
