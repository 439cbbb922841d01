//! Unconditional life (dragon.texi, "unconditional_status"): which stones
//! can never be captured even if the opponent plays any number of moves in
//! a row (invincible, `Alive`), which empty points the opponent can never
//! turn into a living group (territory), and the stones inside such
//! territory (`Dead`).
//!
//! Invincibility is found by letting the opponent play every legal move
//! again and again (captures included, never suicide) until nothing is
//! legal any more: the opponent's stones only grow and ours only shrink, so
//! the end is the same in any order, and whatever of ours is still on the
//! board then has only liberties the opponent can never fill (Benson's
//! criterion reached by simulation).
//!
//! A region bounded by invincible stones of colour C is C's territory when
//! the opponent cannot build a group with two eyes inside it: that needs two
//! non-adjacent points of the region whose neighbours all lie in the region
//! and such that every part of the rest of the region touching one of them
//! touches both.

use katachi_board::{Board, Cell, Color, Point};

/// Unconditional status of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Nothing unconditional can be said.
    Undecided,
    /// An invincible stone, or a stone next to its own colour's territory.
    Alive,
    /// A stone inside the opponent's unconditional territory.
    Dead,
    /// Empty point of White's unconditional territory.
    WhiteTerritory,
    /// Empty point of Black's unconditional territory.
    BlackTerritory,
}

/// Unconditional status of every point of a position.
#[derive(Clone, Debug)]
pub struct Unconditional {
    status: Vec<Status>,
}

/// Regions with more candidate eye pairs than this are assumed to give the
/// opponent room to live (checking all pairs would cost more than it tells).
const MAX_EYE_PAIRS: usize = 4000;

impl Unconditional {
    /// Compute the status of every point of `board`.
    pub fn compute(board: &Board) -> Unconditional {
        let mut status = vec![Status::Undecided; board.cells().len()];
        for c in [Color::Black, Color::White] {
            let inv = invincible(board, c);
            for p in board.points() {
                if inv[p.index()] {
                    status[p.index()] = Status::Alive;
                }
            }
        }
        for c in [Color::Black, Color::White] {
            let walls = invincible(board, c);
            let territory = match c {
                Color::Black => Status::BlackTerritory,
                Color::White => Status::WhiteTerritory,
            };
            for region in regions(board, &walls) {
                if opponent_can_live(board, c, &region) {
                    continue;
                }
                for &p in &region {
                    status[p.index()] = match board.cell(p).color() {
                        None => territory,
                        Some(s) if s == c => Status::Alive,
                        Some(_) => Status::Dead,
                    };
                }
                // Stones of c next to their own territory live.
                for &p in &region {
                    for q in board.neighbors(p) {
                        if board.on_board(q) && board.cell(q) == c.cell() {
                            status[q.index()] = Status::Alive;
                        }
                    }
                }
            }
        }
        Unconditional { status }
    }

    /// The status of `p` (`Undecided` off the board).
    pub fn status(&self, p: Point) -> Status {
        self.status
            .get(p.index())
            .copied()
            .unwrap_or(Status::Undecided)
    }

    /// Whether the stone at `p` is invincible or otherwise unconditionally alive.
    pub fn is_alive(&self, p: Point) -> bool {
        self.status(p) == Status::Alive
    }
}

/// Stones of `c` that survive any number of consecutive opponent moves
/// (Benson's pass-alive strings), indexed by point.
///
/// Regions are the connected sets of points without a stone of `c`. A
/// region is vital to a string next to it when each of its empty points is
/// a liberty of that string. Strings with fewer than two vital regions are
/// dropped, then regions touching a dropped string, until nothing changes;
/// what remains can never be captured.
pub fn invincible(board: &Board, c: Color) -> Vec<bool> {
    let own = c.cell();
    let n = board.cells().len();
    // Strings of c, numbered.
    let mut sid = vec![usize::MAX; n];
    let mut heads = Vec::new();
    for p in board.points() {
        if board.cell(p) == own && sid[p.index()] == usize::MAX {
            for s in board.stones(p) {
                sid[s.index()] = heads.len();
            }
            heads.push(p);
        }
    }
    let not_own: Vec<bool> = (0..n).map(|i| sid[i] == usize::MAX).collect();
    let mut wall = vec![true; n];
    for p in board.points() {
        wall[p.index()] = !not_own[p.index()];
    }
    let regions = regions(board, &wall);
    // Per region: the strings next to it, and those it is vital to.
    let mut adjacent: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    let mut vital_to: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    for region in &regions {
        let mut adj: Vec<usize> = Vec::new();
        for &p in region {
            for q in board.neighbors(p) {
                if board.on_board(q)
                    && sid[q.index()] != usize::MAX
                    && !adj.contains(&sid[q.index()])
                {
                    adj.push(sid[q.index()]);
                }
            }
        }
        let vital: Vec<usize> = adj
            .iter()
            .copied()
            .filter(|&k| {
                region.iter().all(|&p| {
                    board.cell(p) != Cell::Empty
                        || board
                            .neighbors(p)
                            .into_iter()
                            .any(|q| board.on_board(q) && sid[q.index()] == k)
                })
            })
            .collect();
        adjacent.push(adj);
        vital_to.push(vital);
    }
    let mut alive = vec![true; heads.len()];
    let mut live_region = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (k, a) in alive.iter_mut().enumerate() {
            if !*a {
                continue;
            }
            let count = (0..regions.len())
                .filter(|&r| live_region[r] && vital_to[r].contains(&k))
                .count();
            if count < 2 {
                *a = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if live_region[r] && adjacent[r].iter().any(|&k| !alive[k]) {
                live_region[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = vec![false; n];
    for p in board.points() {
        let k = sid[p.index()];
        if k != usize::MAX && alive[k] {
            out[p.index()] = true;
        }
    }
    out
}

/// Connected regions of the points not marked in `wall`.
fn regions(board: &Board, wall: &[bool]) -> Vec<Vec<Point>> {
    let mut seen = wall.to_vec();
    let mut out = Vec::new();
    for p in board.points() {
        if seen[p.index()] {
            continue;
        }
        seen[p.index()] = true;
        let mut region = vec![p];
        let mut i = 0;
        while i < region.len() {
            let q = region[i];
            i += 1;
            for n in board.neighbors(q) {
                if board.on_board(n) && !seen[n.index()] {
                    seen[n.index()] = true;
                    region.push(n);
                }
            }
        }
        out.push(region);
    }
    out
}

/// Whether the side that does not own the wall around `region` could build
/// a two-eyed group inside it with any number of moves.
fn opponent_can_live(board: &Board, owner: Color, region: &[Point]) -> bool {
    let inside = |p: Point| region.contains(&p);
    let opp = owner.opponent().cell();
    let own = owner.cell();
    // An eye must end empty: not an opponent stone (those never leave the
    // board), not a liberty of an owner's stone inside the region (the
    // opponent has to fill those to capture it), and not next to the
    // owner's walls. Captured owner stones leave usable points.
    let interior: Vec<Point> = region
        .iter()
        .copied()
        .filter(|&p| board.cell(p) != opp)
        .filter(|&p| {
            board.cell(p) == own || !board.neighbors(p).into_iter().any(|n| board.cell(n) == own)
        })
        .filter(|&p| {
            board
                .neighbors(p)
                .into_iter()
                .all(|n| !board.on_board(n) || inside(n))
        })
        .collect();
    if interior.len() < 2 {
        return false;
    }
    let mut pairs = 0;
    for (i, &e1) in interior.iter().enumerate() {
        for &e2 in &interior[i + 1..] {
            if board.neighbors(e1).contains(&e2) {
                continue;
            }
            pairs += 1;
            if pairs > MAX_EYE_PAIRS || two_eyes(board, region, e1, e2) {
                return true;
            }
        }
    }
    false
}

/// With the whole region but `e1` and `e2` filled, does every filled part
/// touching one eye touch the other, and is there at least one such part?
fn two_eyes(board: &Board, region: &[Point], e1: Point, e2: Point) -> bool {
    let mut comp: Vec<(Point, usize)> = Vec::new();
    let mut ncomp = 0;
    for &p in region {
        if p == e1 || p == e2 || comp.iter().any(|c| c.0 == p) {
            continue;
        }
        let mut stack = vec![p];
        comp.push((p, ncomp));
        while let Some(q) = stack.pop() {
            for n in board.neighbors(q) {
                if n != e1 && n != e2 && region.contains(&n) && !comp.iter().any(|c| c.0 == n) {
                    comp.push((n, ncomp));
                    stack.push(n);
                }
            }
        }
        ncomp += 1;
    }
    let touching = |e: Point| -> Vec<usize> {
        let mut v: Vec<usize> = board
            .neighbors(e)
            .into_iter()
            .filter_map(|n| comp.iter().find(|c| c.0 == n).map(|c| c.1))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let t1 = touching(e1);
    let t2 = touching(e2);
    !t1.is_empty() && t1 == t2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, v: &str) -> Point {
        b.parse_vertex(v).expect("vertex")
    }

    #[test]
    fn two_eyes_in_the_corner_are_invincible_and_one_eye_is_not() {
        let b = Board::from_ascii(
            ".X.X.O.
             XXXXO..
             OOOOO..
             .......
             ...O...
             OOO....
             .XO....",
        )
        .expect("board");
        let u = Unconditional::compute(&b);
        assert_eq!(u.status(at(&b, "B7")), Status::Alive);
        assert_eq!(u.status(at(&b, "A7")), Status::BlackTerritory);
        // The lone X stone at B1 has one liberty region: not alive.
        assert_ne!(u.status(at(&b, "B1")), Status::Alive);
        assert_eq!(u.status(at(&b, "D4")), Status::Undecided);
    }
}
