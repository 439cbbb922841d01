//! Legality: occupied and off-board points, suicide, simple ko and
//! positional superko, checked without changing the board.

use crate::board::Board;
use crate::types::{Cell, Color, IllegalMove, KoRule, Move, Point};
use crate::zobrist;

impl Board {
    /// Whether `c` may play `m` now (passes are always legal).
    pub fn check_move(&self, c: Color, m: Move) -> Result<(), IllegalMove> {
        let p = match m {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        match self.cells.get(p.index()) {
            None | Some(Cell::Edge) => return Err(IllegalMove::OffBoard),
            Some(Cell::Empty) => {}
            Some(_) => return Err(IllegalMove::Occupied),
        }
        if self.ko == Some((p, c)) {
            return Err(IllegalMove::Ko);
        }
        if !self.has_breath(c, p) {
            return Err(IllegalMove::Suicide);
        }
        if self.ko_rule == KoRule::PositionalSuperko {
            let h = self.hash_after(c, p);
            // Earlier positions since the setup are the journal's
            // `prev_hash`es (the journal and the history start together).
            if h == self.hash || self.journal.moves.iter().any(|r| r.prev_hash == h) {
                return Err(IllegalMove::Superko);
            }
        }
        Ok(())
    }
    /// Whether `c` may play `m` now.
    pub fn is_legal(&self, c: Color, m: Move) -> bool {
        self.check_move(c, m).is_ok()
    }

    /// Whether a stone of `c` on the empty point `p` would have a liberty
    /// after captures (i.e. is not suicide).
    #[inline]
    pub(crate) fn has_breath(&self, c: Color, p: Point) -> bool {
        let own = c.cell();
        for n in self.neighbors(p) {
            let n = n.index();
            let cell = self.cells[n];
            if cell == Cell::Empty {
                return true;
            }
            if cell == Cell::Edge {
                continue;
            }
            let libs = self.lib_count[self.head[n] as usize];
            if cell == own {
                if libs > 1 {
                    return true;
                }
            } else if libs <= 1 {
                return true;
            }
        }
        false
    }

    /// The stone hash after `c` plays on the empty point `p` (for superko).
    fn hash_after(&self, c: Color, p: Point) -> u64 {
        let mut h = self.hash ^ zobrist::stone(p.index(), c);
        let opp = c.opponent();
        let mut done = [u16::MAX; 4];
        for (k, n) in self.neighbors(p).into_iter().enumerate() {
            let n = n.index();
            if self.cells[n] != opp.cell() {
                continue;
            }
            let head = self.head[n];
            if self.lib_count[head as usize] > 1 || done.contains(&head) {
                continue;
            }
            done[k] = head;
            for s in self.stones(Point(head)) {
                h ^= zobrist::stone(s.index(), opp);
            }
        }
        h
    }
}
