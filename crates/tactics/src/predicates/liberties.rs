//! Liberty queries the board does not answer directly: the exact liberties
//! a move would get (GNU Go's `accuratelib`), computed without playing it,
//! a capped count of them for the tactical reader's hot path, and the counts
//! of liberties of higher order (`lib2`..`lib4`).

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

/// Liberties the string of `c` at `p` would have after `c` plays at the
/// empty point `p`, counting stones it would capture next to it as new
/// liberties. Exact except that captures of distant stones are ignored
/// (a captured string counts the point next to `p` only, where
/// [`accurate_liberties`] counts every stone it frees); counting stops
/// at `cap` (at most 8). The tactical reader's hot path: no allocation, and
/// `#[inline]` so that the reader's wrapper gets its own copy instead of a
/// call into another codegen unit.
#[inline]
pub fn libs_after(b: &Board, c: Color, p: Point, cap: usize) -> usize {
    // The result is the number of distinct new liberties, capped: a
    // union of the neighbouring own strings' liberty bitsets plus the
    // empty and captured neighbours, without p.
    let cap = cap.min(8);
    let own = c.cell();
    let opp = c.opponent().cell();
    let mut heads = [Point(0); 4];
    let mut nh = 0;
    let mut extra = [Point(0); 4];
    let mut ne = 0;
    for n in b.neighbors(p) {
        let cell = b.cell(n);
        if cell == Cell::Empty {
            extra[ne] = n;
            ne += 1;
        } else if cell == own {
            let Some(h) = b.string_head(n) else { continue };
            if !heads[..nh].contains(&h) {
                // p is one of this string's liberties.
                if b.liberty_count(h) > cap {
                    return cap;
                }
                heads[nh] = h;
                nh += 1;
            }
        } else if cell == opp && b.liberty_count(n) == 1 {
            // The captured stone next to p becomes a liberty.
            extra[ne] = n;
            ne += 1;
        }
    }
    if nh == 0 {
        return ne.min(cap);
    }
    if nh == 1 {
        // One string: its liberties but p, plus the new points that
        // are not among them already.
        let h = heads[0];
        let mut v = b.liberty_count(h) - 1;
        for &q in &extra[..ne] {
            if !b.is_liberty_of(q, h) {
                v += 1;
            }
        }
        return v.min(cap);
    }
    let mut words = [0u64; 16];
    let first = b.liberty_words(heads[0]);
    let w = first.len();
    if w > words.len() {
        return libs_after_slow(b, c, p, cap);
    }
    words[..w].copy_from_slice(first);
    for &h in &heads[1..nh] {
        for (d, s) in words.iter_mut().zip(b.liberty_words(h)) {
            *d |= s;
        }
    }
    for &q in &extra[..ne] {
        let i = q.index();
        words[i / 64] |= 1 << (i % 64);
    }
    let pi = p.index();
    words[pi / 64] &= !(1u64 << (pi % 64));
    let count: u32 = words[..w].iter().map(|x| x.count_ones()).sum();
    (count as usize).min(cap)
}

/// [`libs_after`] by walking the liberties (boards too large for its
/// fixed bitset buffer).
#[inline]
fn libs_after_slow(b: &Board, c: Color, p: Point, cap: usize) -> usize {
    let mut seen = [Point(0); 8];
    let mut len = 0;
    let own = c.cell();
    let opp = c.opponent().cell();
    let push = |q: Point, seen: &mut [Point; 8], len: &mut usize| {
        if !seen[..*len].contains(&q) {
            seen[*len] = q;
            *len += 1;
        }
    };
    for n in b.neighbors(p) {
        let cell = b.cell(n);
        if cell == Cell::Empty {
            push(n, &mut seen, &mut len);
        } else if cell == own {
            for l in b.liberties(n) {
                if l != p {
                    push(l, &mut seen, &mut len);
                    if len >= cap {
                        return cap;
                    }
                }
            }
        } else if cell == opp && b.liberty_count(n) == 1 {
            push(n, &mut seen, &mut len);
        }
        if len >= cap {
            return cap;
        }
    }
    len
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
