//! Liberty queries the board does not answer directly: the exact liberties
//! a move would get (GNU Go's `accuratelib`), computed without playing it.

use katachi_board::{Board, Cell, Color, Point};

/// The liberties the string containing a new stone of `c` at the empty
/// point `p` would have, captures included, sorted by point index. A move
/// that would be suicide gets an empty list. `None` if `p` is not an empty
/// on-board point.
pub fn accurate_liberties(board: &Board, c: Color, p: Point) -> Option<Vec<Point>> {
    if !board.on_board(p) || board.cell(p) != Cell::Empty {
        return None;
    }
    let own = c.cell();
    let opp = c.opponent().cell();
    // Stones of the new string and the stones it would capture.
    let mut stones = vec![p];
    let mut captured: Vec<Point> = Vec::new();
    for n in board.neighbors(p) {
        let cell = board.cell(n);
        if cell == own && !stones.contains(&n) {
            stones.extend(board.stones(n));
        } else if cell == opp && board.liberty_count(n) == 1 && !captured.contains(&n) {
            captured.extend(board.stones(n));
        }
    }
    let mut libs: Vec<Point> = Vec::new();
    for &s in &stones {
        for n in board.neighbors(s) {
            if n == p || libs.contains(&n) {
                continue;
            }
            if board.cell(n) == Cell::Empty || captured.contains(&n) {
                libs.push(n);
            }
        }
    }
    libs.sort();
    Some(libs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_and_merge_are_counted() {
        let b = Board::from_ascii(
            ".....
             .XO..
             .OX..
             .....
             .....",
        )
        .expect("board");
        // A White stone at A4: two empty neighbours, X on B4.
        let a4 = b.parse_vertex("A4").expect("v");
        let libs = accurate_liberties(&b, Color::White, a4).expect("empty");
        let names: Vec<String> = libs.iter().map(|&l| b.vertex(l)).collect();
        assert_eq!(names, vec!["A5", "A3"]);
        // Suicide gives no liberties; occupied points give None.
        let c4 = b.parse_vertex("C4").expect("v");
        assert!(accurate_liberties(&b, Color::Black, c4).is_none());
    }
}
