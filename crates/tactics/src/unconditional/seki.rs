//! Two-stone seki candidates (steps 0 and 2e of the module docs).
//!
//! For a string of two stones `s1`, `s2` (`s1` first in point order), the
//! six points around it are its two *ends*, `s1 - d` and `s2 + d` where `d`
//! is the step from `s1` to `s2`, and its four *sides*, `s1 ± e` and
//! `s2 ± e` for the perpendicular step `e`. The *diagonal pairs* are
//! (`s1 - e`, `s2 + e`) and (`s1 + e`, `s2 - e`): a side point of each
//! stone, on opposite sides of the string.

use katachi_board::{Board, Cell, Color, Point};

/// The points around a two-stone string.
struct Around {
    ends: [Point; 2],
    pairs: [[Point; 2]; 2],
}

/// The points around the string at `p`, if it has exactly two stones.
fn around(b: &Board, p: Point) -> Option<Around> {
    if b.string_size(p) != 2 {
        return None;
    }
    let mut stones = b.stones(p);
    let (a, z) = (stones.next()?, stones.next()?);
    let (s1, s2) = if a < z { (a, z) } else { (z, a) };
    let stride = b.stride() as u16;
    let d = s2.0 - s1.0;
    let e = if d == 1 { stride } else { 1 };
    Some(Around {
        ends: [Point(s1.0 - d), Point(s2.0 + d)],
        pairs: [
            [Point(s1.0 - e), Point(s2.0 + e)],
            [Point(s1.0 + e), Point(s2.0 - e)],
        ],
    })
}

fn empty(b: &Board, p: Point) -> bool {
    b.cell(p) == Cell::Empty
}

/// Whether no stone of `c` other than the string's own is among the eight
/// neighbours of the string at `p`.
fn isolated(b: &Board, c: Color, p: Point) -> bool {
    b.stones(p).all(|s| {
        b.neighbors(s)
            .into_iter()
            .chain(b.diagonals(s))
            .all(|q| b.cell(q) != c.cell() || b.same_string(p, q))
    })
}

/// Step 0: one stone of each seki candidate of `c`: isolated two-stone
/// strings with both ends empty and an empty diagonal pair.
pub(super) fn candidates(b: &Board, c: Color) -> Vec<Point> {
    let mut out = Vec::new();
    let mut seen = vec![false; b.cells().len()];
    for p in b.points() {
        if b.cell(p) != c.cell() || seen[p.index()] {
            continue;
        }
        for s in b.stones(p) {
            seen[s.index()] = true;
        }
        let Some(ar) = around(b, p) else {
            continue;
        };
        let pattern = ar.ends.iter().all(|&q| empty(b, q))
            && ar
                .pairs
                .iter()
                .any(|pair| pair.iter().all(|&q| empty(b, q)));
        if pattern && isolated(b, c, p) {
            out.push(p);
        }
    }
    out
}

/// Heads of the strings of `o` that hold `q`: its own string if `q` is a
/// stone of `o`, the strings of `o` it is a liberty of if it is empty.
fn holders(b: &Board, o: Color, q: Point) -> Vec<Point> {
    match b.cell(q) {
        Cell::Empty => b
            .neighbors(q)
            .into_iter()
            .filter(|&n| b.cell(n) == o.cell())
            .filter_map(|n| b.string_head(n))
            .collect(),
        cell if cell == o.cell() => b.string_head(q).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// Step 2e: whether the candidate at `p` (a string of `c`) is still a seki
/// on the current position: both ends empty and, for one diagonal pair,
/// the other pair empty while one string of the opponent holds both of its
/// points.
pub(super) fn holds(b: &Board, c: Color, p: Point) -> bool {
    let Some(ar) = around(b, p) else {
        return false;
    };
    if !ar.ends.iter().all(|&q| empty(b, q)) {
        return false;
    }
    let o = c.opponent();
    (0..2).any(|k| {
        let [x, y] = ar.pairs[k];
        let other = ar.pairs[1 - k];
        other.iter().all(|&q| empty(b, q)) && {
            let hy = holders(b, o, y);
            holders(b, o, x).iter().any(|h| hy.contains(h))
        }
    })
}
