//! The incremental path influence, as the seed describes it: per path the
//! signed contribution it gives while its source holds a stone (`live`)
//! and a state byte (whether the source holds a stone, and how many of its
//! other points are occupied); per point the current value. Putting a
//! stone on `p`:
//! 1. the paths from `p` get the stone's sign; those with no occupied
//!    point add their contribution to their terminus;
//! 2. the paths covering `p` (through it or ending on it) count one more
//!    occupied point; those that were extant subtract theirs.
//!
//! Taking a stone away reverses both. A move is its stone plus the strings
//! it captures, read from the board before the move (an opponent string
//! beside the move with one liberty); [`PathInfluence::undo`] takes back
//! the latest move from the influence's own journal (the stone lifted, the
//! captured stones put back). Values are integers, so the map equals
//! [`crate::scratch::from_scratch`] exactly after any sequence.

use crate::paths::PathTables;
use crate::scratch::stone_sign;
use katachi_board::{Board, BoardError, Color, IllegalMove, Move, Point};
use std::sync::Arc;

/// The state bit of a path whose source holds a stone (occupancy counts
/// stay below it: ranges are at most 12).
const SOURCED: u8 = 0x80;

/// One journaled move: the stone placed (or none for a pass) and where its
/// captured stones start in the shared stack.
#[derive(Clone, Copy, Debug)]
struct Entry {
    point: Option<u16>,
    captured_start: u32,
}

/// An influence map kept incrementally over the shared path tables.
#[derive(Clone, Debug)]
pub struct PathInfluence {
    tables: Arc<PathTables>,
    /// Per path: [`SOURCED`] when its source holds a stone, plus the
    /// number of its other points occupied.
    state: Vec<u8>,
    live: Vec<i32>,
    values: Vec<i32>,
    stones: Vec<i8>,
    journal: Vec<Entry>,
    captured: Vec<(u16, i8)>,
}

impl PathInfluence {
    /// The map of an empty board.
    pub fn new(tables: Arc<PathTables>) -> PathInfluence {
        let n = tables.path_count();
        let len = tables.padded_len();
        PathInfluence {
            tables,
            state: vec![0; n],
            live: vec![0; n],
            values: vec![0; len],
            stones: vec![0; len],
            journal: Vec::new(),
            captured: Vec::new(),
        }
    }

    /// The map of `board`'s stones (its journal is not read: undo starts
    /// from here).
    pub fn from_board(tables: Arc<PathTables>, board: &Board) -> PathInfluence {
        assert_eq!(tables.size(), board.size(), "path tables of another size");
        let mut m = PathInfluence::new(tables);
        for p in board.points() {
            if let Some(c) = board.cell(p).color() {
                m.place_stone(p, c);
            }
        }
        m
    }

    /// The shared tables.
    pub fn tables(&self) -> &Arc<PathTables> {
        &self.tables
    }

    /// The influence of every padded index (Black positive).
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// The influence at `p`.
    #[inline]
    pub fn value(&self, p: Point) -> i32 {
        self.values[p.index()]
    }

    /// Bytes of this map's own state (per path and per point).
    pub fn state_bytes(&self) -> usize {
        self.state.len() + self.live.len() * 4 + self.values.len() * 4 + self.stones.len()
    }

    /// Put a stone of `c` on the empty point `p`.
    pub fn place_stone(&mut self, p: Point, c: Color) {
        let i = p.index();
        debug_assert_eq!(self.stones[i], 0, "place on a stone");
        let sign = if c == Color::Black { 1 } else { -1 };
        self.stones[i] = sign as i8;
        let t = &*self.tables;
        let from = t.paths_from(i);
        let state = &mut self.state[from.clone()];
        let live = &mut self.live[from.clone()];
        let term = &t.term[from.clone()];
        let contrib = &t.contrib[from];
        for k in 0..state.len() {
            let v = sign * contrib[k];
            live[k] = v;
            let s = state[k];
            state[k] = s | SOURCED;
            if s == 0 {
                self.values[term[k] as usize] += v;
            }
        }
        let cover = &t.cover[t.cover_start[i] as usize..t.cover_start[i + 1] as usize];
        for &k in cover {
            let k = k as usize;
            let s = self.state[k];
            self.state[k] = s + 1;
            if s == SOURCED {
                self.values[t.term[k] as usize] -= self.live[k];
            }
        }
    }

    /// Take the stone off `p`.
    pub fn remove_stone(&mut self, p: Point) {
        let i = p.index();
        debug_assert_ne!(self.stones[i], 0, "remove from an empty point");
        self.stones[i] = 0;
        let t = &*self.tables;
        let cover = &t.cover[t.cover_start[i] as usize..t.cover_start[i + 1] as usize];
        for &k in cover {
            let k = k as usize;
            let s = self.state[k] - 1;
            self.state[k] = s;
            if s == SOURCED {
                self.values[t.term[k] as usize] += self.live[k];
            }
        }
        let from = t.paths_from(i);
        let state = &mut self.state[from.clone()];
        let live = &self.live[from.clone()];
        let term = &t.term[from];
        for k in 0..state.len() {
            if state[k] == SOURCED {
                self.values[term[k] as usize] -= live[k];
            }
            state[k] &= !SOURCED;
        }
    }

    /// Update for `c` playing `m` on `board`, which must be the position
    /// BEFORE the move, and the move legal there (`board.check_move`).
    /// The captured stones are the opponent strings beside the move with
    /// one liberty. Journaled for [`PathInfluence::undo`].
    pub fn apply(&mut self, board: &Board, c: Color, m: Move) {
        let start = self.captured.len();
        if let Move::Play(p) = m {
            let opp = c.opponent().cell();
            let osign = if c == Color::Black { -1 } else { 1 };
            for n in board.neighbors(p) {
                if board.cell(n) != opp || board.liberty_count(n) != 1 {
                    continue;
                }
                // Two sides of p may touch the same string.
                if self.captured[start..]
                    .iter()
                    .any(|&(q, _)| board.same_string(Point(q), n))
                {
                    continue;
                }
                for s in board.stones(n) {
                    self.captured.push((s.0, osign));
                }
            }
        }
        self.finish_move(c, m, start);
    }

    /// Update for `c` playing `m` which captures the stones `captured`
    /// (the board is not read: callers that recorded a game replay it this
    /// way). Journaled for [`PathInfluence::undo`].
    pub fn apply_with_captures(&mut self, c: Color, m: Move, captured: &[Point]) {
        let start = self.captured.len();
        let osign = if c == Color::Black { -1 } else { 1 };
        self.captured.extend(captured.iter().map(|q| (q.0, osign)));
        self.finish_move(c, m, start);
    }

    fn finish_move(&mut self, c: Color, m: Move, start: usize) {
        let point = match m {
            Move::Play(p) => {
                self.place_stone(p, c);
                for j in start..self.captured.len() {
                    self.remove_stone(Point(self.captured[j].0));
                }
                Some(p.0)
            }
            Move::Pass => {
                self.captured.truncate(start);
                None
            }
        };
        self.journal.push(Entry {
            point,
            captured_start: start as u32,
        });
    }

    /// The stones the latest journaled move captured.
    pub fn last_captured(&self) -> impl Iterator<Item = Point> + '_ {
        let start = self
            .journal
            .last()
            .map_or(self.captured.len(), |e| e.captured_start as usize);
        self.captured[start..].iter().map(|&(q, _)| Point(q))
    }

    /// Forget the journal (the map stays; undo can no longer go back).
    pub fn clear_journal(&mut self) {
        self.journal.clear();
        self.captured.clear();
    }

    /// Play `m` for `c` on `board` (legality as `Board::try_move`) and
    /// update the map. Returns the number of stones captured.
    pub fn play(&mut self, board: &mut Board, c: Color, m: Move) -> Result<usize, IllegalMove> {
        board.check_move(c, m)?;
        self.apply(board, c, m);
        let n = board.play_unchecked(c, m);
        debug_assert_eq!(
            n,
            self.captured.len() - self.journal.last().expect("entry").captured_start as usize
        );
        Ok(n)
    }

    /// Take back the latest [`PathInfluence::apply`] (or `play`): the
    /// stone lifted, the captured stones put back.
    pub fn undo(&mut self) -> Result<(), BoardError> {
        let e = self.journal.pop().ok_or(BoardError::NothingToUndo)?;
        let Some(p) = e.point else {
            return Ok(());
        };
        self.remove_stone(Point(p));
        while self.captured.len() > e.captured_start as usize {
            let (q, sign) = self.captured.pop().expect("captured stone");
            let c = if sign > 0 { Color::Black } else { Color::White };
            self.place_stone(Point(q), c);
        }
        Ok(())
    }

    /// Undo both the board's latest move and the map's.
    pub fn undo_with(&mut self, board: &mut Board) -> Result<(), BoardError> {
        board.undo()?;
        self.undo()
    }

    /// The stone on padded index `i`: +1 Black, -1 White, 0 none.
    #[inline]
    pub fn stone(&self, i: usize) -> i8 {
        self.stones[i]
    }

    /// Whether the map's stones are `board`'s (a consistency check).
    pub fn matches_board(&self, board: &Board) -> bool {
        board
            .points()
            .all(|p| i32::from(self.stones[p.index()]) == stone_sign(board.cell(p)))
    }
}
