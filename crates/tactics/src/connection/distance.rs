//! Connection distance: the number of empty points a path from one string
//! needs to reach a point, for the connector.
//!
//! Go rules behind the measure:
//! - a liberty of the string is one move away (distance 1);
//! - an empty neighbour of a point at distance d is at distance d + 1;
//! - a friendly string reached at distance d is joined by that path, so its
//!   liberties are at distance d + 1 (friendly stones cost nothing);
//! - an opponent string with one or two liberties may be captured on the
//!   way: its stones are points of the path, one step away for a string in
//!   atari, two for one with two liberties (the moves its capture takes).
//!
//! Two strings whose distance maps meet at a point P are joined by a path
//! of `da(P) + db(P) - 1` empty points: 1 for a common liberty, 2 for a
//! bamboo joint, a diagonal or a one-point jump seen from the side, and so
//! on.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use katachi_board::{Board, Cell, Color, Point};

/// Marks points never reached.
pub(crate) const FAR: u8 = u8::MAX;

/// Distances from one string, indexed by point.
#[derive(Clone, Debug)]
pub(crate) struct Distances {
    pub(crate) d: Vec<u8>,
}

impl Distances {
    /// Distances from the string at `s` (of colour `c`) up to `max`
    /// (Dijkstra: the steps cost 1, or the liberties of an opponent string
    /// to capture).
    pub(crate) fn from_string(board: &Board, s: Point, c: Color, max: u8) -> Distances {
        let mut d = vec![FAR; board.cells().len()];
        let mut queue = BinaryHeap::new();
        let mut joined: Vec<Point> = Vec::new();
        join_string(board, s, 0, &mut d, &mut queue, &mut joined);
        let opp = c.opponent().cell();
        while let Some(Reverse((dp, idx))) = queue.pop() {
            let p = Point(idx);
            if d[p.index()] != dp || dp >= max {
                continue;
            }
            for n in board.neighbors(p) {
                let cell = board.cell(n);
                if cell == Cell::Empty {
                    relax(&mut d, &mut queue, n, dp + 1);
                } else if cell == opp {
                    enter_opponent(board, n, dp, &mut d, &mut queue);
                } else if cell == c.cell() && dp > 0 {
                    let h = board.string_head(n).unwrap_or(n);
                    if !joined.contains(&h) {
                        join_string(board, n, dp, &mut d, &mut queue, &mut joined);
                    }
                }
            }
        }
        Distances { d }
    }

    /// Distance of `p`.
    pub(crate) fn at(&self, p: Point) -> u8 {
        self.d.get(p.index()).copied().unwrap_or(FAR)
    }
}

type Queue = BinaryHeap<Reverse<(u8, u16)>>;

/// Lower the distance of `p` to `dist` if it is shorter.
fn relax(d: &mut [u8], queue: &mut Queue, p: Point, dist: u8) {
    if d[p.index()] > dist {
        d[p.index()] = dist;
        queue.push(Reverse((dist, p.0)));
    }
}

/// An opponent string next to a point at distance `dist`: with one or two
/// liberties it may be captured on the way, each liberty a move, and its
/// stones become points of the path.
fn enter_opponent(board: &Board, n: Point, dist: u8, d: &mut [u8], queue: &mut Queue) {
    let libs = board.liberty_count(n);
    if libs > 2 || d[n.index()] <= dist.saturating_add(libs as u8) {
        return;
    }
    for st in board.stones(n) {
        relax(d, queue, st, dist.saturating_add(libs as u8));
    }
}

/// A friendly string reached at distance `dist`: its stones take that
/// distance, its liberties the next one, and the opponent strings it
/// touches are entered as from any point of the path.
fn join_string(
    board: &Board,
    s: Point,
    dist: u8,
    d: &mut [u8],
    queue: &mut Queue,
    joined: &mut Vec<Point>,
) {
    joined.push(board.string_head(s).unwrap_or(s));
    let opp = board.cell(s).color().map(|c| c.opponent().cell());
    for st in board.stones(s) {
        if d[st.index()] > dist {
            d[st.index()] = dist;
        }
        for n in board.neighbors(st) {
            if Some(board.cell(n)) == opp {
                enter_opponent(board, n, dist, d, queue);
            }
        }
    }
    for l in board.liberties(s) {
        relax(d, queue, l, dist + 1);
    }
}

/// The distance maps of both strings and the length of the shortest path.
#[derive(Clone, Debug)]
pub(crate) struct PathMap {
    pub(crate) da: Distances,
    pub(crate) db: Distances,
    /// Empty points on the shortest path (0 when a friendly chain already
    /// touches both strings); `None` if no path within the limit.
    pub(crate) shortest: Option<u8>,
}

impl PathMap {
    /// Maps for the strings at `a` and `b` of colour `c`, searched up to
    /// `max` empty points from each string.
    pub(crate) fn new(board: &Board, a: Point, b: Point, c: Color, max: u8) -> PathMap {
        let da = Distances::from_string(board, a, c, max);
        let db = Distances::from_string(board, b, c, max);
        let mut shortest: Option<u8> = None;
        for p in board.points() {
            if let Some(len) = Self::len_at(&da, &db, p) {
                shortest = Some(shortest.map_or(len, |s| s.min(len)));
            }
        }
        PathMap { da, db, shortest }
    }

    fn len_at(da: &Distances, db: &Distances, p: Point) -> Option<u8> {
        let (x, y) = (da.at(p), db.at(p));
        if x == FAR || y == FAR {
            return None;
        }
        // A stone of a friendly chain reached from both sides joins them
        // with the empty points of both halves; an empty point counts once.
        Some(if x == 0 || y == 0 { x + y } else { x + y - 1 })
    }

    /// Length of the shortest path through `p`, if any.
    pub(crate) fn through(&self, p: Point) -> Option<u8> {
        Self::len_at(&self.da, &self.db, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(b: &Board, v: &str) -> Point {
        b.parse_vertex(v).expect("vertex")
    }

    #[test]
    fn an_opponent_string_costs_its_liberties() {
        // White C4 between B4 and D4: in atari (C5 taken by Black) it is
        // one move away; with two liberties (C5 and C3), two.
        let atari = Board::from_ascii(
            ".......
             .......
             ..X....
             .XOX...
             .......
             .......
             .......",
        )
        .expect("board");
        let d = Distances::from_string(&atari, pt(&atari, "B4"), Color::Black, 9);
        assert_eq!(d.at(pt(&atari, "C4")), 1);
        let pm = PathMap::new(&atari, pt(&atari, "B4"), pt(&atari, "D4"), Color::Black, 9);
        assert_eq!(pm.shortest, Some(1));
        let two = Board::from_ascii(
            ".......
             .......
             .......
             .XOX...
             .......
             .......
             .......",
        )
        .expect("board");
        let d = Distances::from_string(&two, pt(&two, "B4"), Color::Black, 9);
        assert_eq!(d.at(pt(&two, "C4")), 2);
        // Capturing C4 takes two moves (the path reaches the other
        // string through it); going round by C5 takes three points.
        let pm = PathMap::new(&two, pt(&two, "B4"), pt(&two, "D4"), Color::Black, 9);
        assert_eq!(pm.shortest, Some(2));
        assert_eq!(pm.through(pt(&two, "C5")), Some(3));
    }
}
