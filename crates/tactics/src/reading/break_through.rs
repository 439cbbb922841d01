//! `xplay_break_through` / `oplay_break_through` (patterns.texi, utils.texi
//! `play_break_through_n`): after a sequence of moves, can the side inside
//! a three-stone enclosure break out?
//!
//! The shape, after the moves (either colour as `O`):
//!
//! ```text
//!   u y v        x, y, z: O stones around X's stone m;
//!   x m z        u, v: the points where X can cut through
//! ```
//!
//! `X` (the colour that is not `y`'s), to move, first tries to capture one
//! of `x`, `y` and `z`: if it can, the answer is the reading code of the
//! best capture (WIN 5, or a ko grade). Otherwise it tries to cut through
//! at `u` (between `x` and `y`) or at `v` (between `y` and `z`): the cut
//! works when `O`, to move after it, can capture neither the cutting stone
//! nor `m`; the answer is then 2. Otherwise 0.
//!
//! The manual says "1" for a capture; GNU Go 3.8's recorded constraint
//! values on the reference positions are 5 (and 2, 0), so katachi answers
//! with the reading code, as the other reading functions do.
//!
//! If one of `x`, `y`, `z` is empty after the moves (a stone was captured,
//! or a move was illegal and skipped), the enclosure has failed, as the
//! manual says, and the answer is WIN. Arguments in the documented order:
//! `x`, `y`, `z` as in the diagram or any rotation and reflection of it.

use katachi_board::{Board, Cell, Color, Point};

use super::{Code, Reader};

/// The break-through value of the enclosure `x`, `y`, `z` on the reader's
/// current position (0, 1 or 2, see the module doc).
pub(crate) fn break_through(reader: &mut Reader, x: Point, y: Point, z: Point) -> i64 {
    let board = reader.board();
    let (Some(cx), Some(cy), Some(cz)) = (
        board.cell(x).color(),
        board.cell(y).color(),
        board.cell(z).color(),
    ) else {
        return Code::Win as i64;
    };
    if cx != cy || cz != cy {
        // Not an enclosure of one colour: the stones are no wall.
        return Code::Win as i64;
    }
    let o = cy;
    let Some(m) = common_neighbour(board, &[x, y, z]) else {
        return 0;
    };
    if board.cell(m).color() != Some(o.opponent()) {
        return 0;
    }
    let cuts = [other_common(board, x, y, m), other_common(board, y, z, m)];
    let mut best = Code::Fail;
    for s in [x, y, z] {
        best = best.max(reader.attack(s).code);
        if best == Code::Win {
            break;
        }
    }
    if best.is_success() {
        return best as i64;
    }
    for u in cuts.into_iter().flatten() {
        if cut_works(reader, o.opponent(), u, m) {
            return 2;
        }
    }
    0
}

/// Whether `c` playing at `u` makes a stone that the other side, to move,
/// cannot capture together with `m` either.
fn cut_works(reader: &mut Reader, c: Color, u: Point, m: Point) -> bool {
    if reader.board().cell(u) != Cell::Empty || !reader.push_move(c, u) {
        return false;
    }
    let works = if reader.board().cell(m).color() != Some(c) {
        false
    } else if reader.board().same_string(u, m) {
        !reader.attack(u).code.is_success()
    } else {
        !reader.attack_either(u, m).is_success()
    };
    reader.pop_move();
    works
}

/// The one point adjacent to every point of `pts`, if any.
fn common_neighbour(b: &Board, pts: &[Point]) -> Option<Point> {
    let first = *pts.first()?;
    b.neighbors(first)
        .into_iter()
        .find(|&n| b.on_board(n) && pts[1..].iter().all(|&p| b.neighbors(p).contains(&n)))
}

/// The point other than `m` adjacent to both `a` and `b` (diagonal to each
/// other), if it is on the board.
fn other_common(b: &Board, a: Point, c: Point, m: Point) -> Option<Point> {
    b.neighbors(a)
        .into_iter()
        .find(|&n| n != m && b.on_board(n) && b.neighbors(c).contains(&n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::ReadConfig;

    fn eval(rows: &str, x: &str, y: &str, z: &str) -> i64 {
        let b = Board::from_ascii(rows).expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let got = break_through(&mut r, v(x), v(y), v(z));
        assert_eq!(r.board().to_ascii(), b.to_ascii(), "board restored");
        got
    }

    #[test]
    fn a_thin_enclosure_is_cut_through() {
        let rows = "...........
                    ...........
                    ...........
                    ...........
                    .....O.....
                    ....OXO....
                    ....XXX....
                    ...........
                    ...........
                    ...........
                    ...........";
        // m = F6 (Black, connected to its wall below), y = F7, x = E6,
        // z = G6: no White stone can be captured (GNU Go agrees), but
        // Black cuts through at E7 or G7.
        assert_eq!(eval(rows, "E6", "F7", "G6"), 2);
    }

    #[test]
    fn a_solid_enclosure_holds() {
        let rows = ".......
                    ..OOO..
                    ..OXO..
                    .......
                    .......
                    .......
                    .......";
        // m = D5, y = D6, x = C5, z = E5: the cuts at C6 and E6 are
        // already White's: nothing to break.
        assert_eq!(eval(rows, "C5", "D6", "E5"), 0);
    }

    #[test]
    fn a_capturable_wall_stone_breaks_the_enclosure() {
        let rows = ".......
                    ..XOX..
                    ..OXO..
                    .......
                    .......
                    .......
                    .......";
        // y = D6 is in atari (its one liberty D7): Black captures it.
        assert_eq!(eval(rows, "C5", "D6", "E5"), 5);
    }

    #[test]
    fn an_empty_wall_point_means_the_enclosure_failed() {
        let rows = ".......
                    .......
                    ..OXO..
                    .......
                    .......
                    .......
                    .......";
        assert_eq!(eval(rows, "C5", "D6", "E5"), 5);
    }
}
