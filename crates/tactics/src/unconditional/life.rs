//! The procedure of the module docs for one colour: invincible strings
//! (step 1) and territory (step 2), on a scratch copy of the position.

use katachi_board::{Board, Cell, Color, Move, Point};

use super::seki;
use crate::predicates;

/// The result of the procedure for one colour, indexed by point.
pub(super) struct Life {
    /// Stones of the invincible strings.
    pub alive: Vec<bool>,
    /// The colour's unconditional territory.
    pub territory: Vec<bool>,
}

impl Life {
    /// Run the module's procedure for colour `c`.
    pub fn of(board: &Board, c: Color) -> Life {
        let n = board.cells().len();
        let mut b = board.clone();
        let candidates = seki::candidates(&b, c);
        let mut skip = vec![false; n];
        for &p in &candidates {
            for s in b.stones(p) {
                skip[s.index()] = true;
            }
        }
        let mut alive = remove_capturable(&mut b, c, &skip);
        if !alive.contains(&true) {
            return Life {
                alive,
                territory: vec![false; n],
            };
        }
        let territory = territory(&mut b, c, &mut alive, &candidates);
        Life { alive, territory }
    }
}

/// Whether `o` may put a stone on `p`: the point is empty and the stone
/// would have a liberty after captures. Ko plays no part (only one side
/// moves here).
fn can_play(b: &Board, o: Color, p: Point) -> bool {
    b.cell(p) == Cell::Empty && !predicates::is_suicide(b, o, p)
}

/// Play `o` at `p` if legal; whether it was played.
fn put(b: &mut Board, o: Color, p: Point) -> bool {
    if can_play(b, o, p) {
        b.play_unchecked(o, Move::Play(p));
        true
    } else {
        false
    }
}

/// Take back moves until the journal is `depth` deep.
fn undo_to(b: &mut Board, depth: usize) {
    while b.undo_depth() > depth {
        if b.undo().is_err() {
            break;
        }
    }
}

/// Step 1: remove every string of `c` (except the `skip`ped seki
/// candidates) that the opponent captures by filling its liberties, until
/// none is left to remove; the stones of the strings left that cannot be
/// captured so, indexed by point.
fn remove_capturable(b: &mut Board, c: Color, skip: &[bool]) -> Vec<bool> {
    let points: Vec<Point> = b.points().collect();
    loop {
        let mut changed = false;
        let mut done = skip.to_vec();
        for &p in &points {
            if b.cell(p) != c.cell() || done[p.index()] {
                continue;
            }
            for s in b.stones(p) {
                done[s.index()] = true;
            }
            let depth = b.undo_depth();
            if fill_captures(b, c, p) {
                changed = true;
            } else {
                undo_to(b, depth);
            }
        }
        if !changed {
            break;
        }
    }
    let mut alive = vec![false; b.cells().len()];
    for &p in &points {
        if b.cell(p) == c.cell() && !alive[p.index()] && !skip[p.index()] {
            let depth = b.undo_depth();
            let capturable = fill_captures(b, c, p);
            undo_to(b, depth);
            if !capturable {
                for s in b.stones(p) {
                    alive[s.index()] = true;
                }
            }
        }
    }
    alive
}

/// Let the opponent play on the liberties of the string of `c` at `p`,
/// pass after pass, until it is captured (`true`, the moves stay on the
/// board) or no liberty can be played (`false`, the moves stay too: the
/// caller takes them back).
fn fill_captures(b: &mut Board, c: Color, p: Point) -> bool {
    let o = c.opponent();
    let mut libs: Vec<Point> = Vec::new();
    loop {
        libs.clear();
        libs.extend(b.liberties(p));
        let mut progress = false;
        for &l in &libs {
            if put(b, o, l) {
                if b.cell(p) != c.cell() {
                    return true;
                }
                progress = true;
            }
        }
        if !progress {
            return false;
        }
    }
}

/// Step 2b: `o` extends its strings in atari, again and again, except
/// where that would be suicide.
fn extend_ataris(b: &mut Board, o: Color, points: &[Point]) {
    loop {
        let mut changed = false;
        for &p in points {
            if b.cell(p) == o.cell() && b.liberty_count(p) == 1 {
                if let Some(l) = b.liberties(p).next() {
                    changed |= put(b, o, l);
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// Step 2d's move: `o` at `p` unless illegal or unless it leaves its
/// string in atari (capturing nothing) on a liberty `o` could still fill.
fn reduce(b: &mut Board, o: Color, p: Point) {
    if !can_play(b, o, p) {
        return;
    }
    let captured = b.play_unchecked(o, Move::Play(p));
    if captured == 0 && b.liberty_count(p) == 1 {
        if let Some(l) = b.liberties(p).next() {
            if can_play(b, o, l) {
                let _ = b.undo();
            }
        }
    }
}

/// Step 2: `c`'s territory on the position left by step 1. Seki candidates
/// found invincible in step 2e are added to `alive`.
fn territory(b: &mut Board, c: Color, alive: &mut [bool], candidates: &[Point]) -> Vec<bool> {
    let o = c.opponent();
    let n = b.cells().len();
    let points: Vec<Point> = b.points().collect();
    let own_neighbor = |b: &Board, alive: &[bool], p: Point| {
        b.neighbors(p)
            .into_iter()
            .any(|q| b.cell(q) == c.cell() && alive[q.index()])
    };
    let empty_neighbors = |b: &Board, p: Point| {
        b.neighbors(p)
            .into_iter()
            .filter(|&q| b.cell(q) == Cell::Empty)
            .count()
    };
    // a. Fill the liberties of the invincible strings.
    for &p in &points {
        if b.cell(p) == Cell::Empty && own_neighbor(b, alive, p) {
            put(b, o, p);
        }
    }
    // b. Extend strings in atari.
    extend_ataris(b, o, &points);
    // e. Seki candidates: keep, capture, or find invincible after all.
    for &p in candidates {
        if b.cell(p) != c.cell() || seki::holds(b, c, p) {
            continue;
        }
        let depth = b.undo_depth();
        if !fill_captures(b, c, p) {
            undo_to(b, depth);
            for s in b.stones(p) {
                alive[s.index()] = true;
            }
            let libs: Vec<Point> = b.liberties(p).collect();
            for l in libs {
                put(b, o, l);
            }
        }
    }
    extend_ataris(b, o, &points);
    // c. Split big eyes; d. reduce two-point eyes.
    for &p in &points {
        if b.cell(p) == Cell::Empty && empty_neighbors(b, p) >= 2 {
            reduce(b, o, p);
        }
    }
    for &p in &points {
        if b.cell(p) == Cell::Empty && empty_neighbors(b, p) >= 1 {
            reduce(b, o, p);
        }
    }
    let mut territory = vec![false; n];
    for &p in &points {
        territory[p.index()] = match b.cell(p) {
            Cell::Empty => {
                own_neighbor(b, alive, p)
                    || b.neighbors(p)
                        .into_iter()
                        .any(|q| b.cell(q) == o.cell() && b.liberty_count(q) == 1)
            }
            cell if cell == o.cell() => b.liberty_count(p) == 1,
            _ => false,
        };
    }
    territory
}
