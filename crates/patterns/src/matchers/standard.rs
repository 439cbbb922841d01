//! The standard matcher: GNU Go's compiled matcher, reorganised around an
//! index.
//!
//! Every kept orientation of every pattern is a [`Variant`] anchored on its
//! most selective cell. Variants are filed in 3 x 4^6 buckets keyed by what
//! they accept at the anchor (empty, own, opponent), at its four
//! orthogonal neighbours and at two opposite diagonal neighbours (empty,
//! own, opponent, off-board; a cell beyond a side the variant must touch
//! accepts only off-board): a board point computes its key and visits only
//! its bucket — the anchor colour test and a first neighbourhood test at
//! once. A variant is filed under every key it accepts (owl_defendpat:
//! 146k entries). Points whose state anchors no variant (empty points, for
//! databases anchored on stones) are skipped a row word at a time.
//!
//! A bucket holds variant numbers, 64 to a chunk, and per chunk and per
//! filter cell (other cells of the 5x5 window around the anchor; for the
//! incremental matcher's index also the geometry bits) a bit set per state
//! of the candidates that accept it: the and of one set per filter cell
//! leaves the candidates that fit those cells, before any
//! candidate is read (owl_defendpat on 19x19: 9.2k candidates a call
//! without the filters, 2.4k with the 6 cells the full-board scan uses;
//! reading a candidate's facts is a cache miss, the sets are read in
//! order). The survivors get the and-compare of the whole window (50 bits
//! of one 64-bit word, off-board points included, plus the geometry bits
//! of [`super::rows`]: how far the point is from each side, so that most
//! bounding-box and edge failures are caught here too), then the exact
//! bounding-box and edge test and one shift-and-compare per row for the
//! cells outside the window. The compares are exact, so no element-wise
//! pass follows.
//!
//! Variants pinned to one corner that name every point of their rectangle
//! (joseki) are not filed in buckets: the [`CornerIndex`] finds their
//! candidates by hashing the corner rectangles, and they are then verified
//! with the same window and row compares.

use katachi_board::Color;

use super::corner::CornerIndex;
use super::rows::{GEO_BIT, GEO_STEPS, PAD};
use super::{Match, Matcher, Position, RowBoard, Scratch};
use crate::compile::variant::{RowMask, Variant};
use crate::compile::{CompiledDb, PatternId, Transform};

/// The cells around the anchor whose states key the buckets: the four
/// orthogonal neighbours and two opposite diagonal ones.
const KEY_CELLS: [(i8, i8); 6] = [(-1, 0), (0, -1), (0, 1), (1, 0), (-1, -1), (1, 1)];

/// The other cells of the window, whose states filter a bucket's
/// candidates as bit sets before any candidate is read: the two diagonal
/// neighbours the key leaves out, the cells two points away in line, then
/// the rest. A matcher uses the first [`FULL_BOARD_FILTERS`] (scanning the
/// whole board, more sets cost more than they save) or all of them
/// (scanning a few points of a large index, each candidate read costs a
/// cache miss).
const FILTER_CELLS: [(i8, i8); 18] = [
    (-1, 1),
    (1, -1),
    (-2, 0),
    (2, 0),
    (0, -2),
    (0, 2),
    (-2, -1),
    (-2, 1),
    (2, -1),
    (2, 1),
    (-1, -2),
    (1, -2),
    (-1, 2),
    (1, 2),
    (-2, -2),
    (-2, 2),
    (2, -2),
    (2, 2),
];

/// How many of [`FILTER_CELLS`] the full-board matcher uses (measured on
/// owl_defendpat: 6 and 10 alike, 14 and 18 slower).
const FULL_BOARD_FILTERS: usize = 6;

/// Filter fields of the index scanned at a few points: [`FILTER_CELLS`],
/// then the geometry bits of each side ([`GEO_BIT`]; the state of such a
/// field is how many of its three bits are set).
const ALL_FILTERS: usize = FILTER_CELLS.len() + 4;

/// The state of filter field `k` in window word `w` (see [`ALL_FILTERS`]).
#[inline]
fn field_state(w: u64, k: usize) -> usize {
    if k < FILTER_CELLS.len() {
        ((w >> FILTER_BITS[k]) & 3) as usize
    } else {
        ((w >> (GEO_BIT + 3 * (k - FILTER_CELLS.len()) as u32)) & 7).count_ones() as usize
    }
}

/// The states of filter field `k` that the window and-compare
/// `(mask, want)` accepts, as a 4-bit set.
fn field_accepts(mask: u64, want: u64, k: usize) -> u8 {
    let (shift, width, value): (u32, u64, fn(u64) -> u64) = if k < FILTER_CELLS.len() {
        (FILTER_BITS[k], 3, |s| s)
    } else {
        (GEO_BIT + 3 * (k - FILTER_CELLS.len()) as u32, 7, |s| {
            (1 << s) - 1
        })
    };
    let (mask, want) = ((mask >> shift) & width, (want >> shift) & width);
    (0..4u64)
        .filter(|&s| value(s) & mask == want)
        .fold(0, |acc, s| acc | 1 << s)
}

/// Bit offsets of [`FILTER_CELLS`] in the window word.
const FILTER_BITS: [u32; 18] = {
    let mut bits = [0; 18];
    let mut k = 0;
    while k < 18 {
        bits[k] = window_bit(FILTER_CELLS[k].0, FILTER_CELLS[k].1);
        k += 1;
    }
    bits
};

/// The low bit of every 2-bit point of a row word.
pub(super) const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// Bit offset of window cell `(di, dj)`, both in `-2..=2`.
const fn window_bit(di: i8, dj: i8) -> u32 {
    10 * (di + 2) as u32 + 2 * (dj + 2) as u32
}

fn in_window(di: i8, dj: i8) -> bool {
    di.abs() <= 2 && dj.abs() <= 2
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
    /// Where each bucket starts, and a sentinel.
    buckets: Vec<Bucket>,
    /// The variants of each bucket: bucket `k`'s are
    /// `candidates[buckets[k].start..buckets[k + 1].start]`.
    candidates: Vec<u32>,
    /// Per chunk and filter cell, per state of that cell, the candidates
    /// of the chunk that accept it (bit `b` = candidate `64 c + b`).
    filters: Vec<[u64; 4]>,
    corners: CornerIndex,
    /// How many of [`FILTER_CELLS`] filter the buckets.
    filter_len: usize,
    /// The anchor states (bit 0 empty, 1 own, 2 opponent) of the non-empty
    /// buckets: points in other states are not visited.
    anchor_states: u8,
    /// The smallest `min_i`, largest `max_i`, smallest `min_j` and largest
    /// `max_j` over every variant: where anchors of matches meeting an
    /// area can lie ([`StandardMatcher::find_meeting`]).
    extent: [i8; 4],
}

/// Where one bucket's lists start.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    /// First candidate.
    start: u32,
    /// First filter chunk: candidates `64 c..64 c + 64` of the bucket have
    /// the sets of filter cell `f` at `filters[(chunk + c) * filter_len + f]`.
    chunk: u32,
}

/// The 2-bit states a variant accepts at offset `(di, dj)` from its anchor,
/// as a 4-bit set (bit `s` = state `s`).
fn accepted(v: &Variant, di: i8, dj: i8) -> u8 {
    if beyond_edge(v, di, dj) {
        return 0b1000;
    }
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

/// Whether offset `(di, dj)` lies beyond a side the variant must touch
/// (so it is off the board wherever the variant matches).
fn beyond_edge(v: &Variant, di: i8, dj: i8) -> bool {
    (v.edges.top && di < v.min_i)
        || (v.edges.bottom && di > v.max_i)
        || (v.edges.left && dj < v.min_j)
        || (v.edges.right && dj > v.max_j)
}

/// The geometry part of a variant's window and-compare ([`GEO_BIT`]): per
/// side, the point must be at least as far from the board's side as the
/// bounding box reaches, and exactly that far for a side drawn as an edge,
/// as far as [`GEO_STEPS`] tell.
fn geometry(v: &Variant) -> (u64, u64) {
    let (mut mask, mut want) = (0u64, 0u64);
    let sides = [
        (-(v.min_i as i32), v.edges.top),
        (v.max_i as i32, v.edges.bottom),
        (-(v.min_j as i32), v.edges.left),
        (v.max_j as i32, v.edges.right),
    ];
    for (side, (reach, edge)) in sides.into_iter().enumerate() {
        for (k, &step) in GEO_STEPS.iter().enumerate() {
            let bit = 1u64 << (GEO_BIT + 3 * side as u32 + k as u32);
            if step <= reach {
                mask |= bit;
                want |= bit;
            } else if edge {
                mask |= bit;
            }
        }
    }
    (mask, want)
}

/// The window and-compare of a variant, and its row masks for the cells
/// outside the window. Window cells beyond a side drawn as an edge must be
/// off the board, and the geometry bits test the rest of the bounding box
/// and edges they can ([`geometry`]); the exact tests follow in
/// [`StandardMatcher::finish`].
fn split(v: &Variant) -> ((u64, u64), Vec<RowMask>) {
    let (mut mask, mut want) = geometry(v);
    for di in -2..=2 {
        for dj in -2..=2 {
            if beyond_edge(v, di, dj) {
                mask |= 3 << window_bit(di, dj);
                want |= 3 << window_bit(di, dj);
            }
        }
    }
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
        StandardMatcher::build(db, true, FULL_BOARD_FILTERS)
    }

    /// Build with every variant in the buckets (no corner index), so that
    /// [`StandardMatcher::scan_anchor`] alone finds every match anchored
    /// on a point, and every other window cell and the geometry bits
    /// filtering the buckets ([`ALL_FILTERS`]): for large indexes scanned
    /// at a few points only.
    pub(super) fn bucketed(db: &CompiledDb) -> StandardMatcher {
        StandardMatcher::build(db, false, ALL_FILTERS)
    }

    fn build(db: &CompiledDb, use_corners: bool, filter_len: usize) -> StandardMatcher {
        let codes = 1usize << (2 * KEY_CELLS.len());
        let bucket_count = 3 * codes;
        let mut hot = Vec::with_capacity(db.variants.len());
        let mut rows = Vec::new();
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); bucket_count];
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
            let nbrs: Vec<u8> = KEY_CELLS
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
                    buckets[a * codes + code].push(k as u32);
                }
            }
        }
        let mut starts = Vec::with_capacity(bucket_count + 1);
        let mut candidates = Vec::new();
        let mut filters = Vec::new();
        let mut anchor_states = 0;
        for (key, b) in buckets.iter().enumerate() {
            starts.push(Bucket {
                start: candidates.len() as u32,
                chunk: (filters.len() / filter_len) as u32,
            });
            if !b.is_empty() {
                anchor_states |= 1 << (key / codes);
            }
            candidates.extend_from_slice(b);
            for chunk in b.chunks(64) {
                for field in 0..filter_len {
                    let mut sets = [0u64; 4];
                    for (k, &v) in chunk.iter().enumerate() {
                        let (mask, want) = hot[v as usize].window;
                        let accepts = field_accepts(mask, want, field);
                        for (state, set) in sets.iter_mut().enumerate() {
                            if accepts & (1 << state) != 0 {
                                *set |= 1 << k;
                            }
                        }
                    }
                    filters.push(sets);
                }
            }
        }
        starts.push(Bucket {
            start: candidates.len() as u32,
            chunk: (filters.len() / filter_len) as u32,
        });
        let extent = hot.iter().fold([0i8; 4], |e, h| {
            [
                e[0].min(h.min_i),
                e[1].max(h.max_i),
                e[2].min(h.min_j),
                e[3].max(h.max_j),
            ]
        });
        StandardMatcher {
            extent,
            hot,
            rows,
            buckets: starts,
            candidates,
            filters,
            corners,
            filter_len,
            anchor_states,
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
        let w = rb.window(i, j);
        let a = (w >> window_bit(0, 0)) & 3;
        let code = ((w >> window_bit(-1, 0)) & 3)
            | ((w >> window_bit(0, -1)) & 3) << 2
            | ((w >> window_bit(0, 1)) & 3) << 4
            | ((w >> window_bit(1, 0)) & 3) << 6;
        let diagonal = ((w >> window_bit(-1, -1)) & 3) | ((w >> window_bit(1, 1)) & 3) << 2;
        let key = (a << 12 | diagonal << 8 | code) as usize;
        let (b, next) = (self.buckets[key], self.buckets[key + 1]);
        if b.start == next.start {
            return;
        }
        if self.filter_len == FULL_BOARD_FILTERS {
            self.scan_bucket::<FULL_BOARD_FILTERS>(rb, w, b, next, i, j, f);
        } else {
            self.scan_bucket_cold(rb, w, b, next, i, j, f);
        }
    }

    /// The candidates of bucket `b` (followed by `next`) for the point
    /// `(i, j)` whose window is `w`, with `F` filter cells.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn scan_bucket<const F: usize>(
        &self,
        rb: &RowBoard,
        w: u64,
        b: Bucket,
        next: Bucket,
        i: i32,
        j: i32,
        f: &mut impl FnMut(u32, &Hot, i32, i32),
    ) {
        let n = rb.size() as i32;
        let states: [usize; F] = std::array::from_fn(|k| field_state(w, k));
        let filters = &self.filters[b.chunk as usize * F..next.chunk as usize * F];
        let candidates = &self.candidates[b.start as usize..next.start as usize];
        for (sets, ids) in filters.chunks_exact(F).zip(candidates.chunks(64)) {
            let mut bits = u64::MAX;
            for (set, &state) in sets.iter().zip(&states) {
                bits &= set[state];
            }
            while bits != 0 {
                let v = ids[bits.trailing_zeros() as usize];
                bits &= bits - 1;
                let h = &self.hot[v as usize];
                if w & h.window.0 == h.window.1 && self.finish(h, rb, i, j, n) {
                    f(v, h, i, j);
                }
            }
        }
    }

    /// [`StandardMatcher::scan_bucket`] with [`ALL_FILTERS`], for a large
    /// index scanned at a few points, whose candidates are not in the
    /// cache: the surviving candidates are gathered first, then their facts
    /// and first row masks are read in a pass without branches, so that
    /// the cache misses overlap instead of each waiting behind the
    /// previous candidate's test, then they are tested.
    #[allow(clippy::too_many_arguments)]
    fn scan_bucket_cold(
        &self,
        rb: &RowBoard,
        w: u64,
        b: Bucket,
        next: Bucket,
        i: i32,
        j: i32,
        f: &mut impl FnMut(u32, &Hot, i32, i32),
    ) {
        const BATCH: usize = 128;
        let n = rb.size() as i32;
        let states: [usize; ALL_FILTERS] = std::array::from_fn(|k| field_state(w, k));
        let filters =
            &self.filters[b.chunk as usize * ALL_FILTERS..next.chunk as usize * ALL_FILTERS];
        let candidates = &self.candidates[b.start as usize..next.start as usize];
        let mut batch = [0u32; BATCH];
        let mut len = 0;
        let mut test = |batch: &[u32]| {
            let mut touch = 0u64;
            for &v in batch {
                let h = &self.hot[v as usize];
                touch ^= h.window.0 ^ self.rows.get(h.rows_start as usize).map_or(0, |r| r.mask);
            }
            std::hint::black_box(touch);
            for &v in batch {
                let h = &self.hot[v as usize];
                if w & h.window.0 == h.window.1 && self.finish(h, rb, i, j, n) {
                    f(v, h, i, j);
                }
            }
        };
        for (sets, ids) in filters.chunks_exact(ALL_FILTERS).zip(candidates.chunks(64)) {
            let mut bits = u64::MAX;
            for (set, &state) in sets.iter().zip(&states) {
                bits &= set[state];
            }
            while bits != 0 {
                batch[len] = ids[bits.trailing_zeros() as usize];
                len += 1;
                bits &= bits - 1;
                if len == BATCH {
                    test(&batch);
                    len = 0;
                }
            }
        }
        test(&batch[..len]);
    }

    /// Call `f(variant, i, j)` for every match of a bucketed variant on
    /// the board. Only the points whose state anchors some variant are
    /// visited, found a row word at a time.
    pub(super) fn scan_board(&self, rb: &RowBoard, f: &mut impl FnMut(u32, &Hot, i32, i32)) {
        if !self.has_buckets() {
            return;
        }
        for i in 0..rb.size() as i32 {
            let mut points = self.anchor_points(rb, i);
            while points != 0 {
                let j = points.trailing_zeros() as i32 / 2;
                points &= points - 1;
                self.scan_anchor(rb, i, j, f);
            }
        }
    }

    /// The points of board row `i` whose state anchors some bucketed
    /// variant: bit `2 j` for column `j`.
    #[inline]
    pub(super) fn anchor_points(&self, rb: &RowBoard, i: i32) -> u64 {
        let n = rb.size() as u32;
        let board = ((1u64 << (2 * n)) - 1) & LOW_BITS;
        let x = rb.word(i) >> (2 * PAD);
        let (low, high) = (x & LOW_BITS, (x >> 1) & LOW_BITS);
        let mut points = 0;
        if self.anchor_states & 1 != 0 {
            points |= !low & !high;
        }
        if self.anchor_states & 2 != 0 {
            points |= low & !high;
        }
        if self.anchor_states & 4 != 0 {
            points |= high & !low;
        }
        points & board
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

impl StandardMatcher {
    /// [`Matcher::find_all`]'s matches whose bounding box meets the board
    /// rectangle `area` (top row, left column, bottom row, right column,
    /// inclusive), in the order `find_all` lists them: only the anchors
    /// from which some variant's box can reach the area are scanned. For
    /// callers that keep only matches touching a few stones (the tactical
    /// reader's databases, for the string being read).
    pub fn find_meeting(
        &self,
        pos: Position<'_>,
        color: Color,
        scratch: &mut Scratch,
        area: (i32, i32, i32, i32),
        out: &mut Vec<Match>,
    ) {
        scratch.rows.load(pos, color);
        let rb = &scratch.rows;
        let (top, left, bottom, right) = area;
        let meets = |h: &Hot, i: i32, j: i32| {
            let (t, l, b, r) = h.bbox(i, j);
            t <= bottom && b >= top && l <= right && r >= left
        };
        let mut emit = |_: u32, h: &Hot, i: i32, j: i32| {
            if meets(h, i, j) {
                out.push(h.match_at(pos, i, j));
            }
        };
        self.scan_corners(rb, &mut scratch.prefix, &mut emit);
        if !self.has_buckets() {
            return;
        }
        let n = rb.size() as i32;
        let [min_i, max_i, min_j, max_j] = self.extent.map(i32::from);
        // Anchors (i, j) whose widest box reaches the area.
        let rows = (top - max_i).max(0)..=(bottom - min_i).min(n - 1);
        let (j0, j1) = ((left - max_j).max(0), (right - min_j).min(n - 1));
        if j0 > j1 {
            return;
        }
        // Bit 2 j for the columns j0..=j1.
        let cols = ((1u64 << (2 * (j1 - j0 + 1))) - 1) << (2 * j0) & LOW_BITS;
        for i in rows {
            let mut points = self.anchor_points(rb, i) & cols;
            while points != 0 {
                let j = points.trailing_zeros() as i32 / 2;
                points &= points - 1;
                self.scan_anchor(rb, i, j, &mut emit);
            }
        }
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
        self.scan_board(rb, &mut emit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_board::{Board, Move};

    /// `find_all`'s matches whose box meets `area`, in its order: the
    /// box from the variant with the match's pattern and transform,
    /// anchored where its origin cell lands.
    fn meeting_by_filter(
        m: &StandardMatcher,
        pos: Position<'_>,
        color: Color,
        area: (i32, i32, i32, i32),
    ) -> Vec<Match> {
        let mut all = Vec::new();
        m.find_all(pos, color, &mut Scratch::default(), &mut all);
        let stride = pos.size() + 1;
        all.into_iter()
            .filter(|x| {
                let h = m
                    .hot
                    .iter()
                    .find(|h| h.pattern == x.pattern && h.transform == x.transform)
                    .expect("a variant");
                let (r, c) = (x.origin.index() / stride - 1, x.origin.index() % stride - 1);
                let (i, j) = (r as i32 - h.origin.0 as i32, c as i32 - h.origin.1 as i32);
                let (t, l, b, rr) = h.bbox(i, j);
                t <= area.2 && b >= area.0 && l <= area.3 && rr >= area.1
            })
            .collect()
    }

    #[test]
    fn matches_meeting_an_area_are_the_full_scans_in_its_order() {
        let mut next = katachi_testkit::rng::xorshift(0x1234_5678_9abc_def1);
        let mut found = 0;
        for name in ["attack", "defense"] {
            let m = StandardMatcher::new(crate::database::embedded_compiled(name).expect("db"));
            for round in 0..30 {
                let size = [7usize, 9, 13, 19][round % 4];
                let mut b = Board::new(size).expect("size");
                let points: Vec<_> = b.points().collect();
                for p in points {
                    if next() % 100 < 35 {
                        let c = if next().is_multiple_of(2) {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let _ = b.play(c, Move::Play(p));
                    }
                }
                for _ in 0..6 {
                    let n = size as u64;
                    let (r0, c0) = ((next() % n) as i32, (next() % n) as i32);
                    let (h, w) = ((next() % 4) as i32, (next() % 4) as i32);
                    let area = (r0, c0, r0 + h, c0 + w);
                    for color in [Color::Black, Color::White] {
                        let pos = Position::of_board(&b);
                        let mut got = Vec::new();
                        m.find_meeting(pos, color, &mut Scratch::default(), area, &mut got);
                        let want = meeting_by_filter(&m, pos, color, area);
                        assert_eq!(got, want, "{name} size {size} area {area:?}");
                        found += got.len();
                    }
                }
            }
        }
        assert!(found > 100, "the areas meet matches ({found})");
    }
}
