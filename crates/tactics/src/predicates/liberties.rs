//! Liberty queries the board does not answer directly: the exact liberties
//! a move would get (GNU Go's `accuratelib`), computed without playing it,
//! and the counts of liberties of higher order (`lib2`..`lib4`).

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

/// Counts of liberties of order 1 to 4 of the string at `s`.
pub fn liberty_orders(board: &Board, s: Point) -> [usize; 4] {
    let color = board.cell(s).color().expect("stone");
    let own = color.cell();
    let opp = color.opponent().cell();
    let n = board.cells().len();
    let mut dist = vec![u8::MAX; n];
    let mut queue: std::collections::VecDeque<Point> = Default::default();
    for st in board.stones(s) {
        dist[st.index()] = 0;
        queue.push_back(st);
    }
    let touches_opp = |p: Point| board.neighbors(p).into_iter().any(|q| board.cell(q) == opp);
    let flanked = |p: Point| {
        let [u, l, r, d] = board.neighbors(p);
        (board.cell(u) == opp && board.cell(d) == opp)
            || (board.cell(l) == opp && board.cell(r) == opp)
    };
    while let Some(p) = queue.pop_front() {
        let d = dist[p.index()];
        if board.cell(p) == Cell::Empty && (d >= 4 || (d == 1 && flanked(p))) {
            continue;
        }
        for q in board.neighbors(p) {
            if !board.on_board(q) {
                continue;
            }
            let cell = board.cell(q);
            if cell == own {
                if dist[q.index()] > d {
                    // Friendly strings are passed through at no cost.
                    for st in board.stones(q) {
                        dist[st.index()] = d;
                        queue.push_front(st);
                    }
                }
            } else if cell == Cell::Empty {
                let nd = d + 1;
                if nd < dist[q.index()] && (nd == 1 || !touches_opp(q)) {
                    dist[q.index()] = nd;
                    queue.push_back(q);
                }
            }
        }
    }
    let mut counts = [0; 4];
    for p in board.points() {
        let d = dist[p.index()];
        if board.cell(p) == Cell::Empty && (1..=4).contains(&d) {
            counts[d as usize - 1] += 1;
        }
    }
    counts
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
