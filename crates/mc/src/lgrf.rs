//! Last good reply with forgetting (LGRF-2; Drake 2009, "The last-good-
//! reply policy for Monte-Carlo Go"; Baier and Drake 2010, "The power of
//! forgetting"): the playouts learn, from the playouts themselves, which
//! reply worked after a move and after a pair of moves.
//!
//! Why (Go and search): the 3x3 weights answer a move only by its shape;
//! a search's playouts keep meeting the same local fights (the same cut,
//! the same approach to the same group), and a reply that won the last
//! time the fight came up is likely the right answer again, whatever its
//! 3x3 shape weighs. Forgetting drops a reply as soon as the side that
//! played it loses, so a refuted reply does not linger.
//!
//! - **Tables** ([`ReplyTable`]): per colour, the reply to the previous
//!   move (LGR-1, indexed by that move) and to the previous two moves
//!   (LGR-2, indexed by both); a pass is a move of its own code, so a
//!   reply to a pass can be learnt (a reply itself is never a pass). One
//!   table per search, shared by its threads as relaxed atomics: each
//!   thread learns from every thread's playouts (per-thread tables would
//!   learn from half the playouts each on two threads), an entry is one
//!   16-bit word (a write lost to a race costs one reply, never a torn
//!   one), and one thread reads and writes in program order, so a
//!   one-thread search stays reproducible for a seed. No lock, no global
//!   state.
//! - **Playing** ([`ReplyTable::reply`]): before the pattern draw of a
//!   playout move, the LGR-2 reply if one is stored, else the LGR-1
//!   reply; the caller plays it only if the policy's weights allow it
//!   (weight above 0: an empty point, legal under simple ko, not an own
//!   proper eye, not a self-atari over the limit), else the next table's
//!   or the usual draw. The heavy rules, when on, keep priority (see
//!   `McBoard::choose_move_or`).
//! - **Learning** ([`ReplyTable::learn`]): after a playout, for every move
//!   of the whole sequence (tree part and playout part) with its two
//!   predecessors (the game's last moves before the root): a move of the
//!   winner is stored as the reply to them (both tables), a move of the
//!   loser is forgotten where it is the stored reply. A drawn playout
//!   teaches nothing.

use std::sync::atomic::{AtomicU16, Ordering};

use katachi_board::playout::Rng;
use katachi_board::{Board, Color, Move, Point};

use crate::context::McBoard;

/// No reply stored (index 0 is never a point on the board).
const NONE: u16 = 0;

/// The reply tables of one search (see the module doc).
#[derive(Debug)]
pub struct ReplyTable {
    /// Codes per colour: every padded index, plus the pass code.
    codes: usize,
    /// `[colour][prev]`.
    one: Vec<AtomicU16>,
    /// `[colour][prev2][prev]`.
    two: Vec<AtomicU16>,
}

impl ReplyTable {
    /// Empty tables for boards like `board`.
    pub fn new(board: &Board) -> ReplyTable {
        let codes = board.cells().len() + 1;
        let fill = |n: usize| (0..n).map(|_| AtomicU16::new(NONE)).collect();
        ReplyTable {
            codes,
            one: fill(2 * codes),
            two: fill(2 * codes * codes),
        }
    }

    /// The code of a pass (and of "no move" before the game's first).
    pub fn pass_code(&self) -> u16 {
        (self.codes - 1) as u16
    }

    /// The code of `m`.
    pub fn code(&self, m: Move) -> u16 {
        match m {
            Move::Play(p) => p.0,
            Move::Pass => self.pass_code(),
        }
    }

    /// The codes of the last two moves of `board`'s game, the older first
    /// (pass codes where the game has fewer): the predecessors of the
    /// first move of a search from it.
    pub fn history_codes(&self, board: &Board) -> [u16; 2] {
        let h = board.history();
        let at = |k: usize| {
            h.len()
                .checked_sub(k)
                .map_or(self.pass_code(), |i| self.code(h[i].1))
        };
        [at(2), at(1)]
    }

    fn index1(&self, c: Color, prev: u16) -> usize {
        c.index() * self.codes + prev as usize
    }

    fn index2(&self, c: Color, prev2: u16, prev: u16) -> usize {
        (c.index() * self.codes + prev2 as usize) * self.codes + prev as usize
    }

    /// The stored LGR-2 and LGR-1 replies of `c` after `prev2`, `prev`
    /// (codes), in that order of preference.
    pub fn replies(&self, c: Color, prev2: u16, prev: u16) -> [Option<Point>; 2] {
        let get = |a: &AtomicU16| match a.load(Ordering::Relaxed) {
            NONE => None,
            p => Some(Point(p)),
        };
        [
            get(&self.two[self.index2(c, prev2, prev)]),
            get(&self.one[self.index1(c, prev)]),
        ]
    }

    /// The first stored reply of `c` after `prev2`, `prev` that `allowed`
    /// accepts (LGR-2 before LGR-1), and whether it came from LGR-2.
    pub fn reply(
        &self,
        c: Color,
        prev2: u16,
        prev: u16,
        allowed: impl Fn(Point) -> bool,
    ) -> Option<(Point, bool)> {
        let [two, one] = self.replies(c, prev2, prev);
        if let Some(p) = two.filter(|&p| allowed(p)) {
            return Some((p, true));
        }
        one.filter(|&p| allowed(p)).map(|p| (p, false))
    }

    /// Stores `reply` as `c`'s reply after `prev2`, `prev` in both tables.
    pub fn store(&self, c: Color, prev2: u16, prev: u16, reply: Point) {
        self.one[self.index1(c, prev)].store(reply.0, Ordering::Relaxed);
        self.two[self.index2(c, prev2, prev)].store(reply.0, Ordering::Relaxed);
    }

    /// Forgets `c`'s replies after `prev2`, `prev` where they are `mv`.
    pub fn forget(&self, c: Color, prev2: u16, prev: u16, mv: Point) {
        for a in [
            &self.one[self.index1(c, prev)],
            &self.two[self.index2(c, prev2, prev)],
        ] {
            if a.load(Ordering::Relaxed) == mv.0 {
                a.store(NONE, Ordering::Relaxed);
            }
        }
    }

    /// Learns from one playout: `seq` holds the codes of the two moves
    /// before the root, then every move from the root on (tree and
    /// playout, passes included), `first` the colour of the move at
    /// `seq[2]`, colours alternating; `winner` the colour that won
    /// (`None`: a draw, nothing learnt).
    pub fn learn(&self, seq: &[u16], first: Color, winner: Option<Color>) {
        let Some(winner) = winner else {
            return;
        };
        let pass = self.pass_code();
        let mut c = first;
        for i in 2..seq.len() {
            let m = seq[i];
            if m != pass {
                if c == winner {
                    self.store(c, seq[i - 2], seq[i - 1], Point(m));
                } else {
                    self.forget(c, seq[i - 2], seq[i - 1], Point(m));
                }
            }
            c = c.opponent();
        }
    }
}

impl McBoard<'_> {
    /// One move of a playout with last good replies, played: the heavy
    /// rules first, then `table`'s stored reply of `c` to the last two
    /// moves of `codes` (else to the last) when the pattern weights allow
    /// it, else the weighted draw. The move's code is pushed on `codes`
    /// (which must hold at least two codes, [`ReplyTable::history_codes`]
    /// to begin with). Returns the move and, when it was a stored reply,
    /// whether it came from LGR-2. The search's and the playout-quality
    /// bench's playouts both move this way.
    pub fn play_with_replies(
        &mut self,
        c: Color,
        rng: &mut Rng,
        table: &ReplyTable,
        codes: &mut Vec<u16>,
    ) -> (Move, Option<bool>) {
        let (prev2, prev) = (codes[codes.len() - 2], codes[codes.len() - 1]);
        let mut from_two = None;
        let (p, reply) = self.choose_move_or(c, rng, |mc| {
            table
                .reply(c, prev2, prev, |p| mc.weight(c, p) > 0)
                .map(|(p, two)| {
                    from_two = Some(two);
                    p
                })
        });
        debug_assert!(!reply || p.is_some());
        let m = p.map_or(Move::Pass, Move::Play);
        self.play_legal(c, m);
        codes.push(table.code(m));
        (m, from_two.filter(|_| reply))
    }
}
