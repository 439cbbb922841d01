//! The standard matcher: GNU Go's compiled matcher, reorganised around an
//! index.
//!
//! Every kept orientation of every pattern is a [`Variant`] anchored on its
//! most selective cell. Variants are filed in 3 x 4^6 buckets keyed by what
//! they accept at the anchor (empty, own, opponent), at its four
//! orthogonal neighbours and at two opposite diagonal neighbours (empty,
//! own, opponent, off-board): a board point computes its key and visits
//! only its bucket — the anchor colour test and a first neighbourhood test
//! at once. A variant is filed under every key it accepts (owl_defendpat:
//! 152k entries; with the orthogonal neighbours alone 22k entries, but
//! longer lists and about a fifth slower; with all four diagonals 1.2M
//! entries and 300 ms to build, which only the incremental matcher's
//! per-element index, scanned at a few points, uses). A bucket entry carries the variant's
//! and-compare mask over the 5x5 window around the anchor (50 bits of one
//! 64-bit word, off-board points included), so most candidates are rejected
//! by one and-compare on a word read once per point — the grid test, on a
//! window centred on the anchor rather than GNU Go's fixed 4x4 grid. The
//! survivors get the bounding-box and edge test, then one shift-and-compare
//! per row for the cells outside the window ([`super::rows`]). Both
//! compares are exact, so no element-wise pass follows.
//!
//! Variants pinned to one corner that name every point of their rectangle
//! (joseki) are not filed in buckets: the [`CornerIndex`] finds their
//! candidates by hashing the corner rectangles, and they are then verified
//! with the same window and row compares.

use katachi_board::Color;

use super::corner::CornerIndex;
use super::rows::PAD;
use super::{Match, Matcher, Position, RowBoard, Scratch};
use crate::compile::variant::{RowMask, Variant};
use crate::compile::{CompiledDb, PatternId, Transform};

/// The cells around the anchor whose states key the buckets, the first
/// 6 or all 8 of them: the four orthogonal neighbours, then the diagonal
/// ones.
const KEY_CELLS: [(i8, i8); 8] = [
    (-1, 0),
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
];

/// Bit offset of window cell `(di, dj)`, both in `-2..=2`.
fn window_bit(di: i8, dj: i8) -> u32 {
    10 * (di + 2) as u32 + 2 * (dj + 2) as u32
}

fn in_window(di: i8, dj: i8) -> bool {
    di.abs() <= 2 && dj.abs() <= 2
}

/// One bucket entry: the window and-compare and the variant it filters.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    mask: u64,
    want: u64,
    variant: u32,
}

/// The per-variant facts the survivors of the window test need.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hot {
    min_i: i8,
    max_i: i8,
    min_j: i8,
    max_j: i8,
    /// Bits: 1 top, 2 bottom, 4 left, 8 right.
    edges: u8,
    rows_len: u8,
    rows_start: u32,
    pattern: PatternId,
    transform: Transform,
    origin: (i8, i8),
    mark: (i8, i8),
    /// The window and-compare (also in the bucket entries).
    window: (u64, u64),
}

/// The standard matcher (immutable; scratch is the caller's).
#[derive(Clone, Debug)]
pub struct StandardMatcher {
    hot: Vec<Hot>,
    /// Row masks of the cells outside the window, per variant.
    rows: Vec<RowMask>,
    /// `bucket_start[k]..bucket_start[k + 1]` indexes `candidates`.
    bucket_start: Vec<u32>,
    candidates: Vec<Candidate>,
    corners: CornerIndex,
    /// How many of [`KEY_CELLS`] key the buckets (6 or 8).
    key_cells: usize,
}

/// The 2-bit states a variant accepts at offset `(di, dj)` from its anchor,
/// as a 4-bit set (bit `s` = state `s`).
fn accepted(v: &Variant, di: i8, dj: i8) -> u8 {
    let inside = di >= v.min_i && di <= v.max_i && dj >= v.min_j && dj <= v.max_j;
    if !inside {
        return 0b1111;
    }
    match v.elements.iter().find(|e| e.di == di && e.dj == dj) {
        None => 0b0111,
        Some(e) => (0..4u8)
            .filter(|s| s & e.mask == e.want)
            .fold(0, |acc, s| acc | 1 << s),
    }
}

/// The window and-compare of a variant, and its row masks for the cells
/// outside the window.
fn split(v: &Variant) -> ((u64, u64), Vec<RowMask>) {
    let (mut mask, mut want) = (0u64, 0u64);
    let mut rows: Vec<RowMask> = Vec::new();
    for e in &v.elements {
        if in_window(e.di, e.dj) {
            mask |= (e.mask as u64) << window_bit(e.di, e.dj);
            want |= (e.want as u64) << window_bit(e.di, e.dj);
            continue;
        }
        let shift = 2 * (e.dj - v.min_j) as u32;
        let row = match rows.iter_mut().find(|r| r.di == e.di) {
            Some(r) => r,
            None => {
                rows.push(RowMask {
                    di: e.di,
                    mask: 0,
                    want: 0,
                });
                rows.last_mut().expect("just pushed")
            }
        };
        row.mask |= (e.mask as u64) << shift;
        row.want |= (e.want as u64) << shift;
    }
    ((mask, want), rows)
}

impl StandardMatcher {
    /// Build the matcher (and its index) from a compiled database.
    pub fn new(db: &CompiledDb) -> StandardMatcher {
        StandardMatcher::build(db, true, 6)
    }

    /// Build with every variant in the buckets (no corner index), so that
    /// [`StandardMatcher::scan_anchor`] alone finds every match anchored
    /// on a point.
    /// The key also takes the four diagonal neighbours (3 x 4^8 buckets),
    /// for indexes scanned at a few points only.
    pub(super) fn bucketed(db: &CompiledDb) -> StandardMatcher {
        StandardMatcher::build(db, false, 8)
    }

    fn build(db: &CompiledDb, use_corners: bool, key_cells: usize) -> StandardMatcher {
        let codes = 1usize << (2 * key_cells);
        let bucket_count = 3 * codes;
        let mut hot = Vec::with_capacity(db.variants.len());
        let mut rows = Vec::new();
        let mut buckets: Vec<Vec<Candidate>> = vec![Vec::new(); bucket_count];
        let (corners, in_corner_index) = if use_corners {
            CornerIndex::build(&db.variants)
        } else {
            (CornerIndex::build(&[]).0, vec![false; db.variants.len()])
        };
        for (k, v) in db.variants.iter().enumerate() {
            let edges = (v.edges.top as u8)
                | (v.edges.bottom as u8) << 1
                | (v.edges.left as u8) << 2
                | (v.edges.right as u8) << 3;
            let ((mask, want), outside) = split(v);
            hot.push(Hot {
                min_i: v.min_i,
                max_i: v.max_i,
                min_j: v.min_j,
                max_j: v.max_j,
                edges,
                rows_len: outside.len() as u8,
                rows_start: rows.len() as u32,
                pattern: v.pattern,
                transform: v.transform,
                origin: v.origin,
                mark: v.mark,
                window: (mask, want),
            });
            rows.extend_from_slice(&outside);
            if in_corner_index[k] {
                continue;
            }
            let centre = accepted(v, 0, 0) & 0b0111;
            let nbrs: Vec<u8> = KEY_CELLS[..key_cells]
                .iter()
                .map(|&(di, dj)| accepted(v, di, dj))
                .collect();
            // Every key the variant accepts: the product of the accepted
            // states of the anchor and of each neighbour.
            let mut keys = vec![0usize];
            for (n, set) in nbrs.iter().enumerate() {
                keys = keys
                    .iter()
                    .flat_map(|&key| {
                        (0..4usize)
                            .filter(move |s| set & (1 << s) != 0)
                            .map(move |s| key | s << (2 * n))
                    })
                    .collect();
            }
            for a in (0..3usize).filter(|a| centre & (1 << a) != 0) {
                for &code in &keys {
                    buckets[a * codes + code].push(Candidate {
                        mask,
                        want,
                        variant: k as u32,
                    });
                }
            }
        }
        let mut bucket_start = Vec::with_capacity(bucket_count + 1);
        let mut candidates = Vec::new();
        for b in &buckets {
            bucket_start.push(candidates.len() as u32);
            candidates.extend_from_slice(b);
        }
        bucket_start.push(candidates.len() as u32);
        StandardMatcher {
            hot,
            rows,
            bucket_start,
            candidates,
            corners,
            key_cells,
        }
    }

    /// Total length of the bucket lists (index size).
    pub fn index_len(&self) -> usize {
        self.candidates.len()
    }

    /// Finish checking a variant whose window test passed at `(i, j)`.
    #[inline]
    fn finish(&self, h: &Hot, rb: &RowBoard, i: i32, j: i32, n: i32) -> bool {
        let top = i + h.min_i as i32;
        let bottom = i + h.max_i as i32;
        let left = j + h.min_j as i32;
        let right = j + h.max_j as i32;
        if top < 0 || left < 0 || bottom >= n || right >= n {
            return false;
        }
        if h.edges != 0
            && ((h.edges & 1 != 0 && top != 0)
                || (h.edges & 2 != 0 && bottom != n - 1)
                || (h.edges & 4 != 0 && left != 0)
                || (h.edges & 8 != 0 && right != n - 1))
        {
            return false;
        }
        let shift = 2 * (left + PAD as i32) as u32;
        let start = h.rows_start as usize;
        self.rows[start..start + h.rows_len as usize]
            .iter()
            .all(|r| (rb.word(i + r.di as i32) >> shift) & r.mask == r.want)
    }
}

impl Hot {
    /// The match of this variant anchored at `(i, j)`.
    pub(super) fn match_at(&self, pos: Position<'_>, i: i32, j: i32) -> Match {
        let at = |(di, dj): (i8, i8)| pos.point((i + di as i32) as usize, (j + dj as i32) as usize);
        Match {
            pattern: self.pattern,
            transform: self.transform,
            origin: at(self.origin),
            mark: at(self.mark),
        }
    }

    /// The bounding box `(top, left, bottom, right)` anchored at `(i, j)`.
    #[inline]
    pub(super) fn bbox(&self, i: i32, j: i32) -> (i32, i32, i32, i32) {
        (
            i + self.min_i as i32,
            j + self.min_j as i32,
            i + self.max_i as i32,
            j + self.max_j as i32,
        )
    }
}

impl StandardMatcher {
    /// Call `f(variant, i, j)` for every match of a bucketed variant
    /// anchored at `(i, j)`.
    #[inline]
    pub(super) fn scan_anchor(
        &self,
        rb: &RowBoard,
        i: i32,
        j: i32,
        f: &mut impl FnMut(u32, &Hot, i32, i32),
    ) {
        let n = rb.size() as i32;
        let w = rb.window(i, j);
        let a = (w >> window_bit(0, 0)) & 3;
        let code = ((w >> window_bit(-1, 0)) & 3)
            | ((w >> window_bit(0, -1)) & 3) << 2
            | ((w >> window_bit(0, 1)) & 3) << 4
            | ((w >> window_bit(1, 0)) & 3) << 6;
        let key = match self.key_cells {
            6 => {
                let diagonal = ((w >> window_bit(-1, -1)) & 3) | ((w >> window_bit(1, 1)) & 3) << 2;
                (a << 12 | diagonal << 8 | code) as usize
            }
            _ => {
                let diagonal = ((w >> window_bit(-1, -1)) & 3)
                    | ((w >> window_bit(1, 1)) & 3) << 2
                    | ((w >> window_bit(-1, 1)) & 3) << 4
                    | ((w >> window_bit(1, -1)) & 3) << 6;
                (a << 16 | diagonal << 8 | code) as usize
            }
        };
        let (lo, hi) = (
            self.bucket_start[key] as usize,
            self.bucket_start[key + 1] as usize,
        );
        for c in &self.candidates[lo..hi] {
            if w & c.mask != c.want {
                continue;
            }
            let h = &self.hot[c.variant as usize];
            if self.finish(h, rb, i, j, n) {
                f(c.variant, h, i, j);
            }
        }
    }

    /// Call `f(variant, i, j)` for every match of a corner-indexed variant.
    pub(super) fn scan_corners(
        &self,
        rb: &RowBoard,
        prefix: &mut Vec<u64>,
        f: &mut impl FnMut(u32, &Hot, i32, i32),
    ) {
        if self.corners.is_empty() {
            return;
        }
        let n = rb.size() as i32;
        let anchor = |v: u32, n: i32| {
            let h = &self.hot[v as usize];
            let i = if h.edges & 1 != 0 {
                -(h.min_i as i32)
            } else {
                n - 1 - h.max_i as i32
            };
            let j = if h.edges & 4 != 0 {
                -(h.min_j as i32)
            } else {
                n - 1 - h.max_j as i32
            };
            (i, j)
        };
        self.corners.candidates(rb, anchor, prefix, |v, i, j| {
            let h = &self.hot[v as usize];
            if rb.window(i, j) & h.window.0 == h.window.1 && self.finish(h, rb, i, j, n) {
                f(v, h, i, j);
            }
        });
    }

    /// The hot facts of variant `v`.
    #[inline]
    pub(super) fn hot(&self, v: u32) -> &Hot {
        &self.hot[v as usize]
    }

    /// Whether variant `h` anchored at board point `(i, j)` matches `rb`.
    #[inline]
    pub(super) fn verify(&self, h: &Hot, rb: &RowBoard, i: i32, j: i32) -> bool {
        rb.window(i, j) & h.window.0 == h.window.1 && self.finish(h, rb, i, j, rb.size() as i32)
    }

    /// Whether any variant is filed in the buckets.
    pub(super) fn has_buckets(&self) -> bool {
        !self.candidates.is_empty()
    }
}

impl Matcher for StandardMatcher {
    fn name(&self) -> &'static str {
        "standard"
    }

    fn find_all(
        &self,
        pos: Position<'_>,
        color: Color,
        scratch: &mut Scratch,
        out: &mut Vec<Match>,
    ) {
        scratch.rows.load(pos, color);
        let rb = &scratch.rows;
        let mut emit = |_: u32, h: &Hot, i: i32, j: i32| out.push(h.match_at(pos, i, j));
        self.scan_corners(rb, &mut scratch.prefix, &mut emit);
        if !self.has_buckets() {
            return;
        }
        let n = pos.size() as i32;
        for i in 0..n {
            for j in 0..n {
                self.scan_anchor(rb, i, j, &mut emit);
            }
        }
    }
}
