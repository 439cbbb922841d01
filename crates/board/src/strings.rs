//! Queries on strings (GNU Go's worms): head, size, stones, exact
//! liberties. All O(1) or O(answer) thanks to the incremental records.

use crate::board::Board;
use crate::types::{Cell, Point};

/// Stones of one string, following its circular list.
pub struct Stones<'a> {
    next: &'a [u16],
    head: u16,
    cur: Option<u16>,
}

impl Iterator for Stones<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        let cur = self.cur?;
        let n = self.next[cur as usize];
        self.cur = if n == self.head { None } else { Some(n) };
        Some(Point(cur))
    }
}

/// Liberties of one string in increasing point order, read from its bitset.
pub struct Liberties<'a> {
    words: &'a [u64],
    word: usize,
    bits: u64,
}

impl Iterator for Liberties<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.bits == 0 {
            self.word += 1;
            self.bits = *self.words.get(self.word)?;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(Point((self.word * 64 + bit) as u16))
    }
}

impl Board {
    /// Whether `p` holds a stone.
    #[inline]
    fn is_stone(&self, p: Point) -> bool {
        matches!(self.cells.get(p.index()), Some(Cell::Black | Cell::White))
    }
    /// Representative stone of the string at `p` (stable until the board
    /// changes); `None` on an empty point.
    #[inline]
    pub fn string_head(&self, p: Point) -> Option<Point> {
        self.is_stone(p).then(|| Point(self.head[p.index()]))
    }
    /// The head, liberty count and size of the string at the stone `p`
    /// (`None` on an empty point): the three together with one check, for
    /// hot loops that read all three (Monte Carlo move analysis).
    #[inline]
    pub fn string_stats(&self, p: Point) -> Option<(Point, usize, usize)> {
        self.is_stone(p).then(|| {
            let h = self.head[p.index()] as usize;
            (
                Point(h as u16),
                self.lib_count[h] as usize,
                self.str_size[h] as usize,
            )
        })
    }
    /// Whether `a` and `b` are stones of the same string.
    #[inline]
    pub fn same_string(&self, a: Point, b: Point) -> bool {
        match (self.string_head(a), self.string_head(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }
    /// Number of stones of the string at `p` (0 on an empty point).
    #[inline]
    pub fn string_size(&self, p: Point) -> usize {
        self.string_head(p)
            .map_or(0, |h| self.str_size[h.index()] as usize)
    }
    /// Stones of the string at `p` (none on an empty point).
    #[inline]
    pub fn stones(&self, p: Point) -> Stones<'_> {
        let head = self.string_head(p).map_or(0, |h| h.0);
        Stones {
            next: &self.next,
            head,
            cur: self.is_stone(p).then_some(head),
        }
    }
    /// Exact liberty count of the string at `p` (0 on an empty point).
    #[inline]
    pub fn liberty_count(&self, p: Point) -> usize {
        self.string_head(p)
            .map_or(0, |h| self.lib_count[h.index()] as usize)
    }
    /// Liberties of the string at `p`, in increasing point order.
    #[inline]
    pub fn liberties(&self, p: Point) -> Liberties<'_> {
        let words: &[u64] = match self.string_head(p) {
            Some(h) => self.lib_words(h.index()),
            None => &[],
        };
        Liberties {
            words,
            word: 0,
            bits: words.first().copied().unwrap_or(0),
        }
    }
    /// The liberty bitset of the string at `p`: bit `i % 64` of word
    /// `i / 64` is set when padded index `i` is a liberty (empty slice on
    /// an empty point). Meant for fast unions of liberty sets.
    #[inline]
    pub fn liberty_words(&self, p: Point) -> &[u64] {
        match self.string_head(p) {
            Some(h) => self.lib_words(h.index()),
            None => &[],
        }
    }
    /// Up to `out.len()` liberties of the string at `p` in increasing point
    /// order; returns how many were written.
    pub fn first_liberties(&self, p: Point, out: &mut [Point]) -> usize {
        let mut n = 0;
        for (slot, lib) in out.iter_mut().zip(self.liberties(p)) {
            *slot = lib;
            n += 1;
        }
        n
    }
    /// Whether `lib` is a liberty of the string at `p`. O(1).
    #[inline]
    pub fn is_liberty_of(&self, lib: Point, p: Point) -> bool {
        match self.string_head(p) {
            Some(h) => {
                let i = lib.index();
                i < self.cells.len() && self.lib_words(h.index())[i / 64] & (1 << (i % 64)) != 0
            }
            None => false,
        }
    }
    /// Heads of the distinct strings whose stones are `want`, adjacent to
    /// the string at `p`, in the order first met walking its stones (the
    /// string itself too, if `want` is its own colour), at most
    /// `out.len()`; returns how many were written. Allocation free, for
    /// the tactical reader's inner loops.
    pub fn adjacent_heads(&self, p: Point, want: Cell, out: &mut [Point]) -> usize {
        let Some(h0) = self.string_head(p) else {
            return 0;
        };
        let h0 = h0.index();
        let stride = self.stride;
        let mut k = 0;
        let mut s = h0;
        loop {
            // s is a stone on the board: its four neighbours are in range.
            for n in [s - stride, s - 1, s + 1, s + stride] {
                if self.cells[n] == want {
                    let h = Point(self.head[n]);
                    if !out[..k].contains(&h) {
                        if k == out.len() {
                            return k;
                        }
                        out[k] = h;
                        k += 1;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h0 {
                return k;
            }
        }
    }
    /// Heads of the distinct strings (either colour) adjacent to the string
    /// at `p`, in the order first met walking its stones.
    pub fn adjacent_strings(&self, p: Point) -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        let Some(own) = self.string_head(p) else {
            return out;
        };
        for s in self.stones(p) {
            for n in self.neighbors(s) {
                if let Some(h) = self.string_head(n) {
                    if h != own && !out.contains(&h) {
                        out.push(h);
                    }
                }
            }
        }
        out
    }
}
