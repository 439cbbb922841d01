//! Autohelper predicates that read nothing but the board: suicide,
//! self-atari, immediate captures, neighbouring strings in atari, the first stone seen
//! along an edge, the stones and space around a point, and the
//! first-line singleton test of `vital_chain`.

use katachi_board::{Board, Cell, Color, Point};

use super::libs_after;

/// Whether a stone of `c` at the empty point `p` would be suicide: no
/// empty neighbour, no neighbouring string of `c` with a liberty besides
/// `p`, and no neighbouring opponent string it would capture.
pub fn is_suicide(b: &Board, c: Color, p: Point) -> bool {
    if b.cell(p) != Cell::Empty {
        return false;
    }
    b.neighbors(p).into_iter().all(|n| match b.cell(n) {
        Cell::Empty => false,
        Cell::Edge => true,
        cell if cell == c.cell() => b.liberty_count(n) == 1,
        _ => b.liberty_count(n) > 1,
    })
}

/// Whether a stone of `c` at the empty point `p` would capture at least
/// one opponent string at once (a neighbouring opponent string whose only
/// liberty is `p`). Legality (ko) is not asked: the question is about the
/// shape.
pub fn captures_something(b: &Board, c: Color, p: Point) -> bool {
    b.cell(p) == Cell::Empty
        && b.neighbors(p)
            .into_iter()
            .any(|n| b.cell(n) == c.opponent().cell() && b.liberty_count(n) == 1)
}

/// Whether a stone of `c` at `p` would leave its string with at most one
/// liberty and capture nothing (a self-atari; a suicide counts too).
pub fn is_self_atari(b: &Board, c: Color, p: Point) -> bool {
    let opp = c.opponent().cell();
    !b.neighbors(p)
        .into_iter()
        .any(|n| b.cell(n) == opp && b.liberty_count(n) == 1)
        && libs_after(b, c, p, 2) <= 1
}

/// Heads of the opponent strings in atari next to the string at `s`.
pub fn adjacent_in_atari(b: &Board, s: Point) -> Vec<Point> {
    let Some(c) = b.cell(s).color() else {
        return Vec::new();
    };
    b.adjacent_strings(s)
        .into_iter()
        .filter(|&h| b.cell(h).color() == Some(c.opponent()) && b.liberty_count(h) == 1)
        .collect()
}

/// GNU Go's `visible_along_edge(color, a, b)` (utils.texi): walk from `a`
/// in the direction of `b` (both at the same distance from the edge they
/// run along) and look, at each step, at the points between that line and
/// the edge, the line first; the first stone seen decides: true when it is
/// `color`'s. The stone at `a` itself is where the look starts from and is
/// not counted. No stone before the board's end: false.
///
/// Partial reading of the manual: it does not say what "visible" covers;
/// katachi counts the strip between the line and the edge, nearest the
/// line first, because a stone there is what a player "sees" along the
/// side.
pub fn visible_along_edge(b: &Board, color: Color, a: Point, toward: Point) -> bool {
    let n = b.size() as i32;
    let (ra, ca) = b.row_col(a);
    let (rb, cb) = b.row_col(toward);
    let (ra, ca, rb, cb) = (ra as i32, ca as i32, rb as i32, cb as i32);
    let (dr, dc) = ((rb - ra).signum(), (cb - ca).signum());
    if (dr != 0) == (dc != 0) {
        return false;
    }
    // The edge the line runs along: perpendicular to the walk, nearest
    // to `a`.
    let (er, ec) = if dr == 0 {
        if ra < n - 1 - ra {
            (-1, 0)
        } else {
            (1, 0)
        }
    } else if ca < n - 1 - ca {
        (0, -1)
    } else {
        (0, 1)
    };
    let (mut r, mut c) = (ra + dr, ca + dc);
    while r >= 0 && c >= 0 && r < n && c < n {
        let (mut qr, mut qc) = (r, c);
        while qr >= 0 && qc >= 0 && qr < n && qc < n {
            if let Some(p) = b.point(qr as usize, qc as usize) {
                if let Some(s) = b.cell(p).color() {
                    return s == color;
                }
            }
            qr += er;
            qc += ec;
        }
        r += dr;
        c += dc;
    }
    false
}

/// The points "around" `p` for `area_stone` and `area_space`: those within
/// Manhattan distance 2 (a 13-point diamond, clipped by the board).
///
/// katachi's definition: the manual says only "the area around x"; no
/// database of the corpus uses either function.
fn area(b: &Board, p: Point) -> impl Iterator<Item = Point> + '_ {
    let (r0, c0) = b.row_col(p);
    let (r0, c0) = (r0 as i32, c0 as i32);
    (-2i32..=2).flat_map(move |dr| {
        (-2i32..=2).filter_map(move |dc| {
            if dr.abs() + dc.abs() > 2 || r0 + dr < 0 || c0 + dc < 0 {
                return None;
            }
            b.point((r0 + dr) as usize, (c0 + dc) as usize)
        })
    })
}

/// Number of stones (either colour) in the area around `p`.
pub fn area_stone(b: &Board, p: Point) -> usize {
    area(b, p).filter(|&q| b.cell(q).color().is_some()).count()
}

/// Number of empty points in the area around `p`.
pub fn area_space(b: &Board, p: Point) -> usize {
    area(b, p).filter(|&q| b.cell(q) == Cell::Empty).count()
}

/// `break_mirror_helper(a)`: the stone at `a` sits on tengen and the rest
/// of the board is strictly antisymmetric through it (every stone faces a
/// stone of the other colour at the point mirrored in tengen): the
/// opponent is playing mirror go, and a move that captures the tengen
/// stone breaks the mirror (utils.texi, `test_symmetry_after_move`, strict
/// form).
pub fn mirror_stone(b: &Board, a: Point) -> bool {
    let n = b.size();
    if b.cell(a).color().is_none() {
        return false;
    }
    if n.is_multiple_of(2) || b.row_col(a) != (n / 2, n / 2) {
        return false;
    }
    b.points().filter(|&p| p != a).all(|p| {
        let (r, c) = b.row_col(p);
        let Some(q) = b.point(n - 1 - r, n - 1 - c) else {
            return false;
        };
        match b.cell(p).color() {
            None => b.cell(q) == Cell::Empty,
            Some(s) => b.cell(q).color() == Some(s.opponent()),
        }
    })
}

/// GNU Go's `vital_chain` as the manual describes its implementation:
/// capturing the string is taken to give the neighbouring dragon an eye
/// unless the string is a single stone on the first line.
pub fn vital_chain(b: &Board, s: Point) -> bool {
    if b.cell(s).color().is_none() {
        return false;
    }
    let (r, c) = b.row_col(s);
    let last = b.size() - 1;
    let first_line = r == 0 || c == 0 || r == last || c == last;
    !(b.string_size(s) == 1 && first_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Board {
        Board::from_ascii(s).expect("board")
    }

    #[test]
    fn suicide() {
        let b = board(
            ".X...
             X.X..
             .X.O.
             ..O.O
             ...O.",
        );
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        // White inside Black's eyes has no liberty and captures nothing.
        assert!(is_suicide(&b, Color::White, v("B4")));
        assert!(is_suicide(&b, Color::White, v("A5")));
        // Black filling its own eye keeps liberties through its strings.
        assert!(!is_suicide(&b, Color::Black, v("B4")));
        // Black inside White's empty triangle point: suicide; White there
        // joins its own stones.
        assert!(is_suicide(&b, Color::Black, v("D2")));
        assert!(!is_suicide(&b, Color::White, v("D2")));
        // Occupied points are never suicide.
        assert!(!is_suicide(&b, Color::White, v("D3")));
        assert!(!captures_something(&b, Color::Black, v("D2")));
        // A suicide is a self-atari too; filling one's own eye here is not.
        assert!(is_self_atari(&b, Color::White, v("B4")));
        assert!(!is_self_atari(&b, Color::Black, v("B4")));
    }

    #[test]
    fn captures_something_sees_a_string_in_atari() {
        let b = board(
            ".....
             ..O..
             .OX..
             ..O..
             .....",
        );
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        assert!(captures_something(&b, Color::White, v("D3")));
        assert!(!captures_something(&b, Color::Black, v("D3")));
        assert!(!captures_something(&b, Color::White, v("E3")));
        // Black at D3 captures nothing and keeps D2, D4, E3: not a
        // self-atari; White there captures C3: never a self-atari.
        assert!(!is_self_atari(&b, Color::Black, v("D3")));
        assert!(!is_self_atari(&b, Color::White, v("D3")));
        assert_eq!(adjacent_in_atari(&b, v("B3")), vec![v("C3")]);
        assert!(adjacent_in_atari(&b, v("C3")).is_empty());
    }

    #[test]
    fn self_atari_leaves_one_liberty_and_captures_nothing() {
        let b = board(
            ".....
             .....
             .X...
             XOX..
             .....",
        );
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        // White at A1, beside Black's A2 (two liberties, not captured):
        // its only liberty is B1.
        assert!(is_self_atari(&b, Color::White, v("A1")));
        // White at B1 joins B2: A1 and C1 remain.
        assert!(!is_self_atari(&b, Color::White, v("B1")));
        // Black at B1 captures B2 (its last liberty).
        assert!(!is_self_atari(&b, Color::Black, v("B1")));
    }

    /// The liberties a stone would have, collected one by one: the
    /// definition [`is_self_atari`] computes with bitsets.
    fn self_atari_by_walking(b: &Board, c: Color, p: Point) -> bool {
        let mut libs: Vec<Point> = Vec::new();
        for n in b.neighbors(p) {
            let cell = b.cell(n);
            if cell == Cell::Empty {
                libs.push(n);
            } else if cell == c.cell() {
                libs.extend(b.liberties(n).filter(|&l| l != p));
            } else if cell == c.opponent().cell() && b.liberty_count(n) == 1 {
                return false;
            }
        }
        libs.sort();
        libs.dedup();
        libs.len() < 2
    }

    #[test]
    fn self_atari_agrees_with_walking_the_liberties_everywhere() {
        for diagram in [
            ".X.O.
             X.XO.
             OX.OX
             .OXXO
             XO.O.",
            "XXO..
             .XOO.
             XXXO.
             OOO.X
             ..OX.",
            ".OX.X
             O.OX.
             XOX.O
             .X.OX
             X.XO.",
        ] {
            let b = board(diagram);
            for p in b.points() {
                if b.cell(p) != Cell::Empty {
                    continue;
                }
                for c in [Color::Black, Color::White] {
                    assert_eq!(
                        is_self_atari(&b, c, p),
                        self_atari_by_walking(&b, c, p),
                        "{c:?} at {}",
                        b.vertex(p)
                    );
                }
            }
        }
    }

    #[test]
    fn visible_along_edge_looks_between_the_line_and_the_edge() {
        let b = board(
            ".......
             .......
             .......
             .......
             .X....O
             .......
             ....X..",
        );
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        // From B3 towards the right along the third line: the first stone
        // seen between that line and the bottom edge is Black's E1.
        assert!(visible_along_edge(&b, Color::Black, v("B3"), v("C3")));
        assert!(!visible_along_edge(&b, Color::White, v("B3"), v("C3")));
        // From G3 towards the left, E1 is seen before B3.
        assert!(visible_along_edge(&b, Color::Black, v("G3"), v("F3")));
        // Towards the left from B3: nothing before the board's end.
        assert!(!visible_along_edge(&b, Color::Black, v("B3"), v("A3")));
        assert!(!visible_along_edge(&b, Color::White, v("B3"), v("A3")));
    }

    #[test]
    fn mirror_go_around_tengen() {
        let b = board(
            "X....
             ..O..
             ..X..
             ..X..
             ....O",
        );
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        // A5 faces White's E1 and C4 faces Black's C2: mirrored.
        assert!(mirror_stone(&b, v("C3")));
        assert!(!mirror_stone(&b, v("C4")));
        let b2 = board(
            "X....
             ..O..
             ..X..
             ..X..
             ....X",
        );
        assert!(!mirror_stone(&b2, v("C3")));
    }

    #[test]
    fn area_counts_and_vital_chain() {
        let b = board(
            "X....
             .....
             ..O..
             .X...
             XX..X",
        );
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        // Around C3: C3 itself, B2 at distance 2, C1... : O at C3, X at
        // B2 (distance 2), B1 no (distance 3).
        assert_eq!(area_stone(&b, v("C3")), 2);
        assert_eq!(area_space(&b, v("C3")), 11);
        // A5 is a first-line singleton; A1-B1-B2 is a chain of three; E1
        // a first-line singleton.
        assert!(!vital_chain(&b, v("A5")));
        assert!(vital_chain(&b, v("A1")));
        assert!(!vital_chain(&b, v("E1")));
        assert!(vital_chain(&b, v("C3")));
        assert!(!vital_chain(&b, v("C4")));
    }
}
