//! The seed's two territory layers over a path influence map.
//!
//! **Influence.** An empty point is in Black's influence when its value is
//! above the threshold, in White's when below minus the threshold
//! ([`TerritoryConfig::threshold`], 0 as in the seed).
//!
//! **Layer 1, proto-territory** ([`proto_territory`]): an empty point in a
//! player's influence all of whose neighbours on the board are that
//! player's stones or empty points in that player's influence. (The seed's
//! definition; the board edge does not break it.)
//!
//! **Layer 2, dead groups.** The seed leaves its safety function open;
//! katachi's is this, stated plainly:
//! - a *group* is a set of strings of one colour joined when they touch a
//!   common empty point (solid connections, one-point jumps, diagonals);
//! - its *surroundings* are the empty points reachable from its stones in
//!   at most [`TerritoryConfig::reach`] steps through empty points (2 by
//!   default);
//! - its *safety* is, over the surroundings, the points in its owner's
//!   influence minus the points in the opponent's, plus twice the points
//!   that are its owner's proto-territory (room to make eyes counts
//!   extra);
//! - a group whose safety is below [`TerritoryConfig::dead_below`] (0) is
//!   dead.
//!
//! A dead group's stones and the empty points beside them are territory
//! for the opponent; a point claimed so by dead groups of both colours is
//! neutral. Elsewhere territory "reads through" to layer 1, recomputed
//! with dead stones counted as the opponent's stones and the claimed
//! points as in the claimant's influence (so proto-territory closes over
//! the captured stones, as it will once they are taken).
//!
//! [`TerritoryMap::owner`] gives each point's predicted owner: territory
//! where a layer says so, a living stone's colour, otherwise nobody.

use crate::config::TerritoryConfig;
use katachi_board::{Board, Cell, Color};

/// The two layers' result, per padded index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerritoryMap {
    /// Territory (empty points and dead stones) and whose it is.
    pub territory: Vec<Option<Color>>,
    /// Stones of groups the safety function counts as dead.
    pub dead: Vec<bool>,
    /// Points claimed by dead groups of both colours (neutral).
    pub contested: Vec<bool>,
    /// Layer 1 alone (proto-territory of the position as it stands).
    pub proto: Vec<Option<Color>>,
}

impl TerritoryMap {
    /// The predicted owner of padded index `i` (area counting): its
    /// territory, or a living stone's colour, or nobody.
    pub fn owner(&self, board: &Board, i: usize) -> Option<Color> {
        if let Some(c) = self.territory[i] {
            return Some(c);
        }
        match board.cells()[i].color() {
            Some(c) if !self.dead[i] => Some(c),
            _ => None,
        }
    }
}

/// Whose influence an empty point's value puts it in.
#[inline]
fn influence_owner(v: i32, threshold: i32) -> Option<Color> {
    if v > threshold {
        Some(Color::Black)
    } else if v < -threshold {
        Some(Color::White)
    } else {
        None
    }
}

/// Layer 1 with a supplied support relation: `side[i]` is the colour an
/// empty point's influence belongs to (or `None`), `supports(i, c)` says
/// whether point `i` is `c`'s stone or in `c`'s influence.
fn proto_with(
    board: &Board,
    side: &[Option<Color>],
    supports: impl Fn(usize, Color) -> bool,
) -> Vec<Option<Color>> {
    let mut out = vec![None; board.cells().len()];
    for p in board.points() {
        let i = p.index();
        let Some(c) = side[i] else { continue };
        let surrounded = board
            .neighbors(p)
            .iter()
            .all(|&n| board.cell(n) == Cell::Edge || supports(n.index(), c));
        if surrounded {
            out[i] = Some(c);
        }
    }
    out
}

/// Layer 1: the proto-territory of `board` under the influence `values`
/// (padded indices, as [`crate::PathInfluence::values`]).
pub fn proto_territory(board: &Board, values: &[i32], threshold: i32) -> Vec<Option<Color>> {
    let cells = board.cells();
    let side: Vec<Option<Color>> = cells
        .iter()
        .zip(values)
        .map(|(&c, &v)| {
            if c == Cell::Empty {
                influence_owner(v, threshold)
            } else {
                None
            }
        })
        .collect();
    proto_with(board, &side, |i, c| {
        cells[i] == c.cell() || side[i] == Some(c)
    })
}

fn find(parent: &mut [u16], mut i: usize) -> usize {
    while parent[i] as usize != i {
        let up = parent[parent[i] as usize];
        parent[i] = up;
        i = up as usize;
    }
    i
}

/// The groups of `board`: per padded index of a stone, its group's root.
pub fn groups(board: &Board) -> Vec<u16> {
    let cells = board.cells();
    let mut parent: Vec<u16> = (0..cells.len() as u16).collect();
    let union = |parent: &mut Vec<u16>, a: usize, b: usize| {
        let (ra, rb) = (find(parent, a), find(parent, b));
        if ra != rb {
            parent[ra.max(rb)] = ra.min(rb) as u16;
        }
    };
    for p in board.points() {
        let i = p.index();
        let cell = cells[i];
        match cell {
            Cell::Black | Cell::White => {
                // Solid connections (right and down cover every pair).
                for n in [i + 1, i + board.stride()] {
                    if cells[n] == cell {
                        union(&mut parent, i, n);
                    }
                }
            }
            Cell::Empty => {
                // Strings touching a common empty point.
                for want in [Cell::Black, Cell::White] {
                    let mut first = None;
                    for n in board.neighbors(p) {
                        if cells[n.index()] == want {
                            match first {
                                None => first = Some(n.index()),
                                Some(f) => union(&mut parent, f, n.index()),
                            }
                        }
                    }
                }
            }
            Cell::Edge => {}
        }
    }
    for i in 0..cells.len() {
        let r = find(&mut parent, i);
        parent[i] = r as u16;
    }
    parent
}

/// Both layers of `board` under the influence `values`.
pub fn territory(board: &Board, values: &[i32], cfg: &TerritoryConfig) -> TerritoryMap {
    let cells = board.cells();
    let len = cells.len();
    let proto = proto_territory(board, values, cfg.threshold);
    let side: Vec<Option<Color>> = cells
        .iter()
        .zip(values)
        .map(|(&c, &v)| {
            if c == Cell::Empty {
                influence_owner(v, cfg.threshold)
            } else {
                None
            }
        })
        .collect();
    let mut dead = vec![false; len];
    let mut claim = [vec![false; len], vec![false; len]];
    if cfg.dead_groups {
        let root = groups(board);
        // Stones of each group, by root.
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); len];
        for p in board.points() {
            let i = p.index();
            if cells[i].color().is_some() {
                members[root[i] as usize].push(i);
            }
        }
        let mut dist = vec![u8::MAX; len];
        let mut frontier = Vec::new();
        let mut next = Vec::new();
        let mut seen = Vec::new();
        for (r, stones) in members.iter().enumerate() {
            if stones.is_empty() {
                continue;
            }
            let own = cells[r].color().expect("a group's root is a stone");
            // Breadth-first through empty points, `reach` steps.
            seen.clear();
            frontier.clear();
            frontier.extend_from_slice(stones);
            for step in 1..=cfg.reach {
                next.clear();
                for &q in &frontier {
                    for n in board.neighbors(katachi_board::Point(q as u16)) {
                        let n = n.index();
                        if cells[n] == Cell::Empty && dist[n] == u8::MAX {
                            dist[n] = step;
                            seen.push(n);
                            next.push(n);
                        }
                    }
                }
                std::mem::swap(&mut frontier, &mut next);
            }
            let mut safety = 0i32;
            for &n in &seen {
                match side[n] {
                    Some(c) if c == own => safety += 1,
                    Some(_) => safety -= 1,
                    None => {}
                }
                if proto[n] == Some(own) {
                    safety += 2;
                }
                dist[n] = u8::MAX;
            }
            if safety < cfg.dead_below {
                let taker = own.opponent().index();
                for &s in stones {
                    dead[s] = true;
                    claim[taker][s] = true;
                    for n in board.neighbors(katachi_board::Point(s as u16)) {
                        if cells[n.index()] == Cell::Empty {
                            claim[taker][n.index()] = true;
                        }
                    }
                }
            }
        }
    }
    let mut territory = vec![None; len];
    let mut contested = vec![false; len];
    for i in 0..len {
        match (claim[0][i], claim[1][i]) {
            (true, true) => contested[i] = true,
            (true, false) => territory[i] = Some(Color::Black),
            (false, true) => territory[i] = Some(Color::White),
            (false, false) => {}
        }
    }
    // Layer 1 read through, dead stones counted as the opponent's.
    let side2: Vec<Option<Color>> = (0..len)
        .map(|i| {
            if contested[i] {
                None
            } else {
                territory[i].or(side[i])
            }
        })
        .collect();
    let supports = |i: usize, c: Color| {
        if contested[i] {
            return false;
        }
        match cells[i].color() {
            Some(s) if !dead[i] => s == c,
            _ => side2[i] == Some(c),
        }
    };
    let layer1 = proto_with(board, &side2, supports);
    for i in 0..len {
        if territory[i].is_none() && !contested[i] && cells[i] == Cell::Empty {
            territory[i] = layer1[i];
        }
    }
    TerritoryMap {
        territory,
        dead,
        contested,
        proto,
    }
}
