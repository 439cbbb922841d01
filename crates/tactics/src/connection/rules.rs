//! Static connection rules: what is decided without reading further.
//!
//! - Two strings that are one string are connected (their safety is read
//!   separately, by the tactical reader).
//! - Two strings sharing two liberties are connected by miai: when the
//!   opponent takes one shared liberty the owner takes the other. The rule
//!   holds only if the joined string keeps at least two liberties once both
//!   shared points are filled, or taking the first one would be an atari
//!   that the connection does not cure.
//! - A shared liberty where the opponent cannot cut counts as two (a
//!   tiger's mouth, a cut into a point with no liberty): the opponent's
//!   stone there would be suicide, or would be a lone stone with one
//!   liberty taken by a capture that is not a ko, after which the point is
//!   shared again.
//! - Connections by miai chain through friendly strings (a to c by two
//!   shared liberties, c to b by two others), as long as no liberty serves
//!   two links (one move would then break two links at once).

use katachi_board::{Board, Cell, Color, Point};

/// Whether the strings at `a` and `b` are connected by the rules above.
pub(crate) fn statically_connected(board: &Board, a: Point, b: Point) -> bool {
    if board.same_string(a, b) {
        return true;
    }
    let Some(ha) = board.string_head(a) else {
        return false;
    };
    let Some(hb) = board.string_head(b) else {
        return false;
    };
    // Breadth-first over strings linked by miai, remembering the pair of
    // liberties each link uses.
    let mut seen: Vec<(Point, Option<usize>, [Point; 2])> = vec![(ha, None, [Point(0); 2])];
    let mut i = 0;
    while i < seen.len() && seen.len() < 16 {
        let (s, _, _) = seen[i];
        for t in linked_strings(board, s) {
            if seen.iter().any(|e| e.0 == t.0) {
                continue;
            }
            seen.push((t.0, Some(i), t.1));
            if t.0 == hb && path_uses_distinct_liberties(&seen, seen.len() - 1) {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// Walk the link path back to the start and check that no liberty is used
/// by two links.
fn path_uses_distinct_liberties(seen: &[(Point, Option<usize>, [Point; 2])], end: usize) -> bool {
    let mut used: Vec<Point> = Vec::new();
    let mut cur = end;
    while let Some(parent) = seen[cur].1 {
        let [x, y] = seen[cur].2;
        // A link through one uncuttable point names it twice.
        let link: &[Point] = if x == y { &[x] } else { &[x, y] };
        for &l in link {
            if used.contains(&l) {
                return false;
            }
            used.push(l);
        }
        cur = parent;
    }
    true
}

/// Friendly strings sharing two liberties with the string at `s` such that
/// the miai holds, or one that cannot be cut, with the liberties used.
fn linked_strings(board: &Board, s: Point) -> Vec<(Point, [Point; 2])> {
    let Some(c) = board.cell(s).color() else {
        return Vec::new();
    };
    let mut out: Vec<(Point, [Point; 2])> = Vec::new();
    let mut candidates: Vec<Point> = Vec::new();
    for l in board.liberties(s) {
        for n in board.neighbors(l) {
            if board.cell(n) == c.cell() && !board.same_string(n, s) {
                let h = board.string_head(n).unwrap_or(n);
                if !candidates.contains(&h) {
                    candidates.push(h);
                }
            }
        }
    }
    let d = c.opponent();
    for t in candidates {
        let common: Vec<Point> = board
            .liberties(s)
            .filter(|&l| board.is_liberty_of(l, t))
            .collect();
        if let Some(&p) = common.iter().find(|&&p| futile_cut(board, d, p)) {
            out.push((t, [p, p]));
            continue;
        }
        if common.len() < 2 {
            continue;
        }
        if miai_holds(board, s, t, common.len()) {
            out.push((t, [common[0], common[1]]));
        }
    }
    out
}

/// Whether a stone of `d` at the empty point `p` is suicide, or has a
/// single liberty, captures nothing, and its capture is not a ko.
pub(crate) fn futile_cut(board: &Board, d: Color, p: Point) -> bool {
    let mut libs: Vec<Point> = Vec::new();
    let mut alone = true;
    for n in board.neighbors(p) {
        let cell = board.cell(n);
        if cell == Cell::Empty {
            if !libs.contains(&n) {
                libs.push(n);
            }
        } else if cell == d.cell() {
            alone = false;
            for l in board.liberties(n) {
                if l != p && !libs.contains(&l) {
                    libs.push(l);
                }
            }
        } else if cell == d.opponent().cell() && board.liberty_count(n) == 1 {
            // The cut captures.
            return false;
        }
    }
    match libs.as_slice() {
        [] => true,
        // A cutting stone that joins other stones in atari may be part of
        // a bigger fight (a capture that is answered by a recapture): only
        // a lone stone counts.
        [l] => alone && !capture_is_ko(board, d.opponent(), *l, p),
        _ => false,
    }
}

/// Whether `c` capturing a lone stone at `p` by playing `l` leaves its own
/// stone with the single liberty `p` (a ko).
pub(crate) fn capture_is_ko(board: &Board, c: Color, l: Point, p: Point) -> bool {
    for n in board.neighbors(l) {
        let cell = board.cell(n);
        if n != p && cell == Cell::Empty {
            return false;
        }
        if cell == c.cell() && board.liberties(n).any(|x| x != l) {
            return false;
        }
    }
    true
}

/// The joined string after the two shared points are filled keeps at least
/// two liberties: the union's liberties minus the two filled ones.
fn miai_holds(board: &Board, s: Point, t: Point, common: usize) -> bool {
    let union = board.liberty_count(s) + board.liberty_count(t) - common;
    union >= 4 && board.liberty_count(s) >= 2 && board.liberty_count(t) >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(b: &Board, v: &str) -> Point {
        b.parse_vertex(v).expect("vertex")
    }

    #[test]
    fn bamboo_joint_is_connected_and_a_one_point_jump_is_not() {
        let b = Board::from_ascii(
            ".......
             .XX....
             .......
             .XX.X.X
             .......
             .......
             .......",
        )
        .expect("board");
        assert!(statically_connected(&b, pt(&b, "B6"), pt(&b, "C4")));
        assert!(!statically_connected(&b, pt(&b, "C4"), pt(&b, "E4")));
        // E4 and G4 share only F4.
        assert!(!statically_connected(&b, pt(&b, "E4"), pt(&b, "G4")));
    }

    #[test]
    fn miai_in_atari_does_not_count() {
        // B4 and C3 share C4 and B3 but have no other liberty: after White
        // takes one shared point both are in atari.
        let b = Board::from_ascii(
            ".O...
             OX.O.
             O.XO.
             .OO..
             .....",
        )
        .expect("board");
        assert!(!statically_connected(&b, pt(&b, "B4"), pt(&b, "C3")));
        let open = Board::from_ascii(
            ".....
             .X...
             ..X..
             .....
             .....",
        )
        .expect("board");
        assert!(statically_connected(
            &open,
            pt(&open, "B4"),
            pt(&open, "C3")
        ));
    }

    #[test]
    fn tiger_mouth_is_connected_unless_the_cut_is_a_ko() {
        let b = Board::from_ascii(
            ".......
             .......
             ..X....
             .X.X...
             .......
             .......
             .......",
        )
        .expect("board");
        assert!(statically_connected(&b, pt(&b, "B4"), pt(&b, "D4")));
        let ko = Board::from_ascii(
            ".......
             .......
             ..X....
             .X.X...
             .O.O...
             ..O....
             .......",
        )
        .expect("board");
        assert!(!futile_cut(&ko, Color::White, pt(&ko, "C4")));
        assert!(!statically_connected(&ko, pt(&ko, "B4"), pt(&ko, "D4")));
    }
}
