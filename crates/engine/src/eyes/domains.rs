//! Lively strings and the primary domains of each colour (eyes.texi,
//! "Functions in optics.c", `make_primary_domains`), the ground on which
//! the eye spaces are cut out.
//!
//! A string is lively when it cannot be tactically attacked or can be
//! defended, whoever is to move. (influence.texi's "Conceptual Outline"
//! defines lively stones for the influence function with the player to
//! move deciding an attackable and defensible string; GNU Go 3.8's eye
//! spaces do not: a lone stone between two opponent stones on the second
//! line, attack and defence at the point above it, keeps its neighbours
//! in its colour's eye space with either colour to move, `eye_data`.
//! Counting such strings lively for both players raised the agreement of
//! `tests/eyes_gnugo.rs` with GNU Go's membership from 97.5% to 98.4% and
//! of its margins from 93.2% to 93.9%.) The owl's eye spaces keep the
//! player to move deciding (GNU Go's `make_domains` has an owl mode of
//! its own; see `Eyes::compute`). Strings that are not lively are
//! invisible here: their points count as empty.
//!
//! A colour's domain holds (1) its lively stones, (2) every empty point
//! next to one, and (3) empty points that two adjoining neighbours in
//! domain "enclose", with the manual's two caveats and its corner rule.
//! Where the manual leaves rule 3 open, black-box experiments with GNU Go
//! 3.8 decided (small positions shown with `eye_data`, and the agreement
//! over 20 reference positions of `tests/eyes_gnugo.rs`):
//! - a pair is a diagonal neighbour `a` and an orthogonal neighbour `b` of
//!   the point that touches `a`; pairs with a point on the first line are
//!   not counted at all;
//! - off the first line, a point joins when more than half of its counted
//!   pairs hold (both points in the domain, the caveats passed), or
//!   exactly half with a lively friendly stone as the diagonal of one
//!   that holds: an isolated stone in the centre gets only its four
//!   neighbours, a stone on the third line fills the corner and the second
//!   line behind it, as GNU Go does, while points reached only through
//!   other rule-3 points need a majority (with the literal "any one pair"
//!   the domain floods the open board). Repeated until nothing changes;
//! - then the first line, against the domain after that pass: a point
//!   joins when all its counted pairs hold, or one that holds has a lively
//!   friendly stone as its diagonal (the points beside a stone's
//!   neighbour on the edge);
//! - then the corners by the manual's corner rule.
//!
//! Measured: this reaches 97.5% agreement of eye-space membership with GNU
//! Go (one ordered pass at "half the pairs" 96.9%, a fixpoint of it 96.1%,
//! the literal rule about 50%).

use katachi_board::{Board, Cell, Color, Point};
use katachi_tactics::worms::Worms;

/// Which stones are lively, per board cell: no tactical attack, or a
/// defence, and with `to_move_decides` that defence only for the player
/// to move (the owl's view, see [`super::Eyes::compute`]).
pub(crate) fn lively(board: &Board, worms: &Worms, to_move_decides: bool) -> Vec<bool> {
    let to_move = board.to_move();
    let mut out = vec![false; board.cells().len()];
    for p in board.points() {
        if let Some(w) = worms.get(p) {
            out[p.index()] = w.attack.is_none()
                || (w.defense.is_some() && (!to_move_decides || w.color == to_move));
        }
    }
    out
}

/// The domain of `color`, per board cell.
pub(crate) fn domain(board: &Board, lively: &[bool], color: Color) -> Vec<bool> {
    let n = board.size() as isize;
    let at = |r: isize, c: isize| -> Option<Point> {
        (r >= 0 && c >= 0 && r < n && c < n).then(|| board.point(r as usize, c as usize))?
    };
    let lively_of = |p: Point, c: Color| board.cell(p) == c.cell() && lively[p.index()];
    let lively_opp = |p: Option<Point>| p.is_some_and(|p| lively_of(p, color.opponent()));
    // Empty, or an invisible (not lively) stone.
    let open = |p: Point| board.cell(p) == Cell::Empty || !lively[p.index()];
    let first_line = |r: isize, c: isize| r == 0 || c == 0 || r == n - 1 || c == n - 1;
    let mut dom = vec![false; board.cells().len()];
    for p in board.points() {
        dom[p.index()] = lively_of(p, color)
            || (open(p) && board.neighbors(p).iter().any(|&q| lively_of(q, color)));
    }
    // Rule 3 for one point against the domain `dom`: Some(joins).
    let rule3 = |dom: &[bool], p: Point| -> bool {
        let (r, c) = board.row_col(p);
        let (r, c) = (r as isize, c as isize);
        let has = |q: Option<Point>| q.is_some_and(|q| dom[q.index()]);
        if (r == 0 || r == n - 1) && (c == 0 || c == n - 1) {
            let dr = if r == 0 { 1 } else { -1 };
            let dc = if c == 0 { 1 } else { -1 };
            let (b, cc, d) = (at(r, c + dc), at(r + dr, c), at(r + dr, c + dc));
            return (has(b) || has(cc)) && !lively_opp(b) && !lively_opp(cc) && !lively_opp(d);
        }
        let (mut pairs, mut good, mut stone_pair) = (0, 0, false);
        for dr in [-1, 1] {
            for dc in [-1, 1] {
                let Some(a) = at(r + dr, c + dc) else {
                    continue;
                };
                if first_line(r + dr, c + dc) {
                    continue;
                }
                // The two orthogonal neighbours of p touching a:
                // (orth, the other orth, the ends of the line a-orth).
                let sides = [
                    (
                        (r + dr, c),
                        (r, c + dc),
                        (r + dr, c - dc),
                        (r + dr, c + 2 * dc),
                    ),
                    (
                        (r, c + dc),
                        (r + dr, c),
                        (r - dr, c + dc),
                        (r + 2 * dr, c + dc),
                    ),
                ];
                for (o, other, e1, e2) in sides {
                    if first_line(o.0, o.1) {
                        continue;
                    }
                    pairs += 1;
                    if !dom[a.index()] || !has(at(o.0, o.1)) {
                        continue;
                    }
                    // Caveat 1: a lively opponent stone beside the pair
                    // (knight's move extensions).
                    if lively_opp(at(other.0, other.1)) {
                        continue;
                    }
                    // Caveat 2: lively opponent stones at both ends of the
                    // pair's line (two-space jumps).
                    if lively_opp(at(e1.0, e1.1)) && lively_opp(at(e2.0, e2.1)) {
                        continue;
                    }
                    good += 1;
                    stone_pair |= lively_of(a, color);
                }
            }
        }
        if first_line(r, c) {
            stone_pair || (good > 0 && good == pairs)
        } else {
            good > 0 && (2 * good > pairs || (2 * good == pairs && stone_pair))
        }
    };
    let on_first = |p: Point| {
        let (r, c) = board.row_col(p);
        first_line(r as isize, c as isize)
    };
    let is_corner = |p: Point| {
        let (r, c) = board.row_col(p);
        let last = board.size() - 1;
        (r == 0 || r == last) && (c == 0 || c == last)
    };
    // Pass A: points off the first line, repeated until nothing changes.
    loop {
        let mut changed = false;
        for p in board.points() {
            if !dom[p.index()] && open(p) && !on_first(p) && rule3(&dom, p) {
                dom[p.index()] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Pass B: the first line (corners excepted) against the domain after
    // pass A.
    let after_a = dom.clone();
    for p in board.points() {
        if !dom[p.index()] && open(p) && on_first(p) && !is_corner(p) && rule3(&after_a, p) {
            dom[p.index()] = true;
        }
    }
    // Pass C: the corners.
    for p in board.points() {
        if !dom[p.index()] && open(p) && is_corner(p) && rule3(&dom, p) {
            dom[p.index()] = true;
        }
    }
    dom
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_tactics::reading::{ReadConfig, Reader};

    fn domain_map(rows: &str, color: Color) -> String {
        let b = Board::from_ascii(rows).expect("board");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let w = Worms::compute(&b, &mut r);
        let l = lively(&b, &w, false);
        let d = domain(&b, &l, color);
        let mut out = String::new();
        for row in 0..b.size() {
            for col in 0..b.size() {
                let p = b.point(row, col).expect("point");
                out.push(match (b.cell(p), d[p.index()]) {
                    (Cell::Black, _) => 'X',
                    (Cell::White, _) => 'O',
                    (_, true) => '*',
                    _ => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn a_lone_centre_stone_gets_its_neighbours_and_a_third_line_stone_the_corner() {
        // GNU Go 3.8 shows the same shapes with eye_data.
        let centre = domain_map(
            ".........\n.........\n.........\n.........\n....X....\n\
             .........\n.........\n........O\n.........",
            Color::Black,
        );
        assert_eq!(
            centre,
            ".........\n.........\n.........\n....*....\n...*X*...\n\
             ....*....\n.........\n........O\n.........\n"
        );
        let corner = domain_map(
            ".........\n.........\n..X......\n.........\n.........\n\
             .........\n.........\n........O\n.........",
            Color::Black,
        );
        assert_eq!(
            corner,
            "***......\n****.....\n**X*.....\n.**......\n.........\n\
             .........\n.........\n........O\n.........\n"
        );
    }
}
