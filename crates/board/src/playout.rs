//! Uniformly random playouts, the workload of `katachi bench playouts`.
//!
//! Policy (the same for every board the benchmark compares, through the
//! [`PlayoutBoard`] trait): the player to move plays a uniformly random
//! point among the empty points that are legal and do not fill one of its
//! own single-point eyes (all four neighbours its stones or the edge); with
//! no such point it passes; two passes in a row end the playout, and a cap
//! of `3 * size * size` moves guards against endless ko fights.
//!
//! Uniformity: a few random draws are tried first (each draw is uniform
//! over the empty points, so an accepted draw is uniform over the
//! acceptable ones); after [`DRAWS`] misses every acceptable point is
//! collected and one is drawn from that list, also uniformly.

use crate::board::Board;
use crate::types::{Cell, Color, KoRule, Move, Point};

/// Random draws among the empty points before falling back to a full scan.
pub const DRAWS: usize = 8;

/// A board the playout policy can run on.
pub trait PlayoutBoard {
    /// The board's own point type.
    type Vertex: Copy;
    /// Number of empty points.
    fn empty_count(&self) -> usize;
    /// The `k`-th empty point, `k < empty_count()`.
    fn empty_at(&self, k: usize) -> Self::Vertex;
    /// Whether `c` may play `v` under the policy: legal, and not filling
    /// one of `c`'s single-point eyes.
    fn acceptable(&self, c: Color, v: Self::Vertex) -> bool;
    /// Play an acceptable point for `c`.
    fn play_point(&mut self, c: Color, v: Self::Vertex);
    /// `c` passes.
    fn pass(&mut self, c: Color);
    /// Black's stones and one-colour-surrounded empty points minus White's
    /// (no komi); meaningful at the end of a playout.
    fn playout_score(&self) -> i32;
}

/// A small fast deterministic generator (xorshift64*), so that runs repeat.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; 0 is remapped).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A uniform number below `n` (`n > 0`), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Outcome of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played, passes included.
    pub moves: usize,
    /// `playout_score()` at the end.
    pub score: i32,
}

/// Run one playout from the current position with `first` to move,
/// playing at most `max_moves` moves. `scratch` is reused between calls.
pub fn playout<B: PlayoutBoard>(
    b: &mut B,
    first: Color,
    rng: &mut Rng,
    max_moves: usize,
    scratch: &mut Vec<B::Vertex>,
) -> PlayoutResult {
    let mut c = first;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match choose(b, c, rng, scratch) {
            Some(v) => {
                b.play_point(c, v);
                passes = 0;
            }
            None => {
                b.pass(c);
                passes += 1;
            }
        }
        moves += 1;
        c = c.opponent();
    }
    PlayoutResult {
        moves,
        score: b.playout_score(),
    }
}

/// A uniformly random acceptable point for `c`, if any.
#[inline]
pub fn choose<B: PlayoutBoard>(
    b: &B,
    c: Color,
    rng: &mut Rng,
    scratch: &mut Vec<B::Vertex>,
) -> Option<B::Vertex> {
    let n = b.empty_count();
    if n == 0 {
        return None;
    }
    for _ in 0..DRAWS {
        let v = b.empty_at(rng.below(n));
        if b.acceptable(c, v) {
            return Some(v);
        }
    }
    scratch.clear();
    for k in 0..n {
        let v = b.empty_at(k);
        if b.acceptable(c, v) {
            scratch.push(v);
        }
    }
    if scratch.is_empty() {
        None
    } else {
        Some(scratch[rng.below(scratch.len())])
    }
}

impl Board {
    /// Plays a move for `c` without the journal and the history, for
    /// playouts, which never take a move back: the same position, ko
    /// point, captures and hash as [`Board::play_unchecked`], without
    /// saving what undo would need. The journal and the history are
    /// cleared (undo would otherwise take back an earlier move from a
    /// position this one changed), so undo has nothing to take back until
    /// the next journaled move. Returns the number of stones captured.
    /// Same precondition as `play_unchecked`: on the board, empty, not
    /// suicide.
    pub fn play_forgetting(&mut self, c: Color, m: Move) -> usize {
        self.journal.clear();
        self.history.clear();
        self.ko = None;
        self.to_move = c.opponent();
        match m {
            Move::Play(p) => {
                let n = self.place::<false>(c, p);
                self.captures[c.index()] += n as u32;
                n
            }
            Move::Pass => 0,
        }
    }

    /// The head, liberty count and size of the string of the stone `p`,
    /// without checking that `p` holds a stone (the caller read its cell:
    /// the Monte Carlo move analysis' inner loop). On a point without a
    /// stone the answer is meaningless (but no panic).
    #[inline]
    pub fn stone_string(&self, p: Point) -> (Point, usize, usize) {
        let h = self.head[p.index()] as usize;
        (
            Point(h as u16),
            self.lib_count[h] as usize,
            self.str_size[h] as usize,
        )
    }

    /// The first liberty, in point order, other than `p` of the string
    /// whose head is `h` (as [`Board::stone_string`] gives), if any: the
    /// other liberty of a two-liberty string next to `p`.
    #[inline]
    pub fn other_liberty(&self, h: Point, p: Point) -> Option<Point> {
        let (pw, pb) = (p.index() / 64, 1u64 << (p.index() % 64));
        for (k, &w) in self.lib_words(h.index()).iter().enumerate() {
            let w = if k == pw { w & !pb } else { w };
            if w != 0 {
                return Some(Point((k * 64 + w.trailing_zeros() as usize) as u16));
            }
        }
        None
    }

    /// Whether an empty `p` is a single-point eye of `c`: all four
    /// neighbours are stones of `c` or the edge.
    #[inline]
    pub fn is_single_point_eye(&self, p: Point, c: Color) -> bool {
        let own = c.cell();
        self.neighbors(p).iter().all(|&n| {
            let cell = self.cells[n.index()];
            cell == own || cell == Cell::Edge
        })
    }
}

impl PlayoutBoard for Board {
    type Vertex = Point;
    #[inline]
    fn empty_count(&self) -> usize {
        self.empties.len()
    }
    #[inline]
    fn empty_at(&self, k: usize) -> Point {
        Point(self.empties[k])
    }
    #[inline]
    fn acceptable(&self, c: Color, p: Point) -> bool {
        if self.is_single_point_eye(p, c) {
            return false;
        }
        if self.ko_rule == KoRule::PositionalSuperko {
            return self.is_legal(c, Move::Play(p));
        }
        self.ko != Some((p, c)) && self.has_breath(c, p)
    }
    #[inline]
    fn play_point(&mut self, c: Color, p: Point) {
        self.play_unchecked(c, Move::Play(p));
    }
    #[inline]
    fn pass(&mut self, c: Color) {
        self.play_unchecked(c, Move::Pass);
    }
    fn playout_score(&self) -> i32 {
        let mut score = 0;
        for p in self.points() {
            match self.cells[p.index()] {
                Cell::Black => score += 1,
                Cell::White => score -= 1,
                _ => {
                    if self.is_single_point_eye(p, Color::Black) {
                        score += 1;
                    } else if self.is_single_point_eye(p, Color::White) {
                        score -= 1;
                    }
                }
            }
        }
        score
    }
}
