//! The standard matcher: GNU Go's compiled matcher, reorganised around an
//! index.
//!
//! Every kept orientation of every pattern is a [`Variant`] anchored on its
//! most selective cell. Variants are filed in 768 buckets keyed by what
//! they accept at the anchor (empty, own, opponent) and at its four
//! orthogonal neighbours (empty, own, opponent, off-board): a board point
//! computes its key from the row words and visits only its bucket — the
//! anchor colour test and a first neighbourhood test at once. Each candidate
//! then gets the bounding-box and edge test, then one shift-and-compare per
//! row of its bounding box on the 64-bit row words ([`super::rows`]), rows
//! with the most stones first. The row compare is exact, so no element-wise
//! pass follows it.

use katachi_board::Color;

use super::{Match, Matcher, Position, Scratch};
use crate::compile::variant::{RowMask, Variant};
use crate::compile::{CompiledDb, PatternId, Transform};

const BUCKETS: usize = 3 * 256;

/// The per-variant facts the inner loop reads, packed.
#[derive(Clone, Copy, Debug)]
struct Hot {
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
}

/// The standard matcher (immutable; scratch is the caller's).
#[derive(Clone, Debug)]
pub struct StandardMatcher {
    hot: Vec<Hot>,
    rows: Vec<RowMask>,
    /// `bucket_start[k]..bucket_start[k + 1]` indexes `bucket_items`.
    bucket_start: Vec<u32>,
    bucket_items: Vec<u32>,
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

impl StandardMatcher {
    /// Build the matcher (and its index) from a compiled database.
    pub fn new(db: &CompiledDb) -> StandardMatcher {
        let mut hot = Vec::with_capacity(db.variants.len());
        let mut rows = Vec::new();
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); BUCKETS];
        for (k, v) in db.variants.iter().enumerate() {
            let edges = (v.edges.top as u8)
                | (v.edges.bottom as u8) << 1
                | (v.edges.left as u8) << 2
                | (v.edges.right as u8) << 3;
            hot.push(Hot {
                min_i: v.min_i,
                max_i: v.max_i,
                min_j: v.min_j,
                max_j: v.max_j,
                edges,
                rows_len: v.rows.len() as u8,
                rows_start: rows.len() as u32,
                pattern: v.pattern,
                transform: v.transform,
                origin: v.origin,
                mark: v.mark,
            });
            rows.extend_from_slice(&v.rows);
            let centre = accepted(v, 0, 0) & 0b0111;
            let nbrs = [(-1, 0), (0, -1), (0, 1), (1, 0)].map(|(di, dj)| accepted(v, di, dj));
            for (key, bucket) in buckets.iter_mut().enumerate() {
                let (a, code) = (key / 256, key % 256);
                let ok = centre & (1 << a) != 0
                    && (0..4).all(|n| nbrs[n] & (1 << ((code >> (2 * n)) & 3)) != 0);
                if ok {
                    bucket.push(k as u32);
                }
            }
        }
        let mut bucket_start = Vec::with_capacity(BUCKETS + 1);
        let mut bucket_items = Vec::new();
        for b in &buckets {
            bucket_start.push(bucket_items.len() as u32);
            bucket_items.extend_from_slice(b);
        }
        bucket_start.push(bucket_items.len() as u32);
        StandardMatcher {
            hot,
            rows,
            bucket_start,
            bucket_items,
        }
    }

    /// Total length of the bucket lists (index size).
    pub fn index_len(&self) -> usize {
        self.bucket_items.len()
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
        let rb = &mut scratch.rows;
        rb.load(pos, color);
        let n = pos.size() as i32;
        for i in 0..n {
            let (up, here, down) = (rb.word(i - 1), rb.word(i), rb.word(i + 1));
            for j in 0..n {
                let s = 2 * (j + 1) as u32;
                let a = (here >> s) & 3;
                let code = ((up >> s) & 3)
                    | ((here >> (s - 2)) & 3) << 2
                    | ((here >> (s + 2)) & 3) << 4
                    | ((down >> s) & 3) << 6;
                let key = (a * 256 + code) as usize;
                let (lo, hi) = (
                    self.bucket_start[key] as usize,
                    self.bucket_start[key + 1] as usize,
                );
                for &vi in &self.bucket_items[lo..hi] {
                    let h = &self.hot[vi as usize];
                    let top = i + h.min_i as i32;
                    let bottom = i + h.max_i as i32;
                    let left = j + h.min_j as i32;
                    let right = j + h.max_j as i32;
                    if top < 0 || left < 0 || bottom >= n || right >= n {
                        continue;
                    }
                    if h.edges != 0
                        && ((h.edges & 1 != 0 && top != 0)
                            || (h.edges & 2 != 0 && bottom != n - 1)
                            || (h.edges & 4 != 0 && left != 0)
                            || (h.edges & 8 != 0 && right != n - 1))
                    {
                        continue;
                    }
                    let shift = 2 * (left + 1) as u32;
                    let start = h.rows_start as usize;
                    let masks = &self.rows[start..start + h.rows_len as usize];
                    if masks
                        .iter()
                        .all(|r| (rb.word(i + r.di as i32) >> shift) & r.mask == r.want)
                    {
                        let at = |(di, dj): (i8, i8)| {
                            pos.point((i + di as i32) as usize, (j + dj as i32) as usize)
                        };
                        out.push(Match {
                            pattern: h.pattern,
                            transform: h.transform,
                            origin: at(h.origin),
                            mark: at(h.mark),
                        });
                    }
                }
            }
        }
    }
}
