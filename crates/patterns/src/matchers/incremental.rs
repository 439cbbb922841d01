//! The incremental matcher: keeps the matches of one colour on a changing
//! board, rematching after a move or an undo only the placements whose
//! bounding box overlaps a changed point (the blog's incremental shape map).
//!
//! [`IncrementalMatcher::start`] does a full match into a [`Tracker`];
//! [`IncrementalMatcher::update`] compares the tracker's row words with the
//! position's (a move, its captures, or an undo show up as changed points,
//! so the caller passes nothing but the new position), drops the kept
//! matches whose bounding box contains a changed point, and rescans only
//! the anchors from which a variant's box can reach a changed point,
//! keeping the new matches that overlap one. Variants are split into tiers
//! by reach (how far their box extends from the anchor), each tier a
//! [`StandardMatcher`], so that the many small patterns are rescanned over
//! a small area and only the few large ones over a large one.

use katachi_board::Color;

use super::standard::{Hot, StandardMatcher};
use super::{Match, Matcher, Position, RowBoard, Scratch};
use crate::compile::CompiledDb;

/// Reach limits of the tiers (the last tier takes the rest).
const TIERS: [i32; 3] = [2, 3, 4];

/// The incremental matcher of a database (immutable; state lives in
/// [`Tracker`]s).
#[derive(Clone, Debug)]
pub struct IncrementalMatcher {
    /// `(reach, matcher)` per tier.
    tiers: Vec<(i32, StandardMatcher)>,
}

/// One kept match with its bounding box.
#[derive(Clone, Copy, Debug)]
struct Entry {
    m: Match,
    top: i8,
    left: i8,
    bottom: i8,
    right: i8,
}

/// The matches of one colour on one evolving position.
#[derive(Clone, Debug)]
pub struct Tracker {
    color: Color,
    rows: RowBoard,
    next: RowBoard,
    entries: Vec<Entry>,
    changed: Vec<(i32, i32)>,
    prefix: Vec<u64>,
}

impl Tracker {
    /// The current matches, in no particular order.
    pub fn matches(&self) -> impl Iterator<Item = &Match> + '_ {
        self.entries.iter().map(|e| &e.m)
    }

    /// How many points changed in the last update.
    pub fn last_changed(&self) -> usize {
        self.changed.len()
    }
}

fn entry(h: &Hot, pos: Position<'_>, i: i32, j: i32) -> Entry {
    let (top, left, bottom, right) = h.bbox(i, j);
    Entry {
        m: h.match_at(pos, i, j),
        top: top as i8,
        left: left as i8,
        bottom: bottom as i8,
        right: right as i8,
    }
}

impl IncrementalMatcher {
    /// Split `db`'s variants into tiers by reach and build each.
    pub fn new(db: &CompiledDb) -> IncrementalMatcher {
        let reach = |v: &crate::compile::Variant| {
            [v.min_i, v.max_i, v.min_j, v.max_j]
                .into_iter()
                .map(|x| (x as i32).abs())
                .max()
                .unwrap_or(0)
        };
        let mut tiers = Vec::new();
        let mut low = -1;
        for limit in TIERS.into_iter().chain([i32::MAX]) {
            let part = CompiledDb {
                name: db.name.clone(),
                patterns: db.patterns.clone(),
                variants: db
                    .variants
                    .iter()
                    .filter(|v| reach(v) > low && reach(v) <= limit)
                    .cloned()
                    .collect(),
            };
            if !part.variants.is_empty() {
                let m = StandardMatcher::new(&part);
                tiers.push((m.reach(), m));
            }
            low = limit;
        }
        IncrementalMatcher { tiers }
    }

    /// A tracker holding every match of `color` on `pos`.
    pub fn start(&self, pos: Position<'_>, color: Color) -> Tracker {
        let mut t = Tracker {
            color,
            rows: RowBoard::default(),
            next: RowBoard::default(),
            entries: Vec::new(),
            changed: Vec::new(),
            prefix: Vec::new(),
        };
        t.rows.load(pos, color);
        for (_, m) in &self.tiers {
            let rb = &t.rows;
            let entries = &mut t.entries;
            let mut add = |h: &Hot, i: i32, j: i32| entries.push(entry(h, pos, i, j));
            m.scan_corners(rb, &mut t.prefix, &mut add);
            if m.has_buckets() {
                let n = rb.size() as i32;
                for i in 0..n {
                    for j in 0..n {
                        m.scan_anchor(rb, i, j, &mut add);
                    }
                }
            }
        }
        t
    }

    /// Bring `t` up to date with `pos` (same board size as at `start`).
    pub fn update(&self, t: &mut Tracker, pos: Position<'_>) {
        t.next.load(pos, t.color);
        let n = pos.size() as i32;
        t.changed.clear();
        for i in 0..n {
            let mut diff = t.rows.word(i) ^ t.next.word(i);
            while diff != 0 {
                let bit = diff.trailing_zeros() as i32;
                let j = bit / 2 - super::rows::PAD as i32;
                t.changed.push((i, j));
                diff &= !(3u64 << (bit & !1));
            }
        }
        if t.changed.is_empty() {
            return;
        }
        std::mem::swap(&mut t.rows, &mut t.next);
        let changed = &t.changed;
        // Changed points as a bitmap per row, so that a box test costs one
        // and per box row however many stones a capture removed.
        let mut changed_rows = [0u32; katachi_board::MAX_SIZE];
        for &(pi, pj) in changed {
            changed_rows[pi as usize] |= 1 << pj;
        }
        let few = changed.len() <= 2;
        let touches = |top: i32, left: i32, bottom: i32, right: i32| {
            if few {
                return changed
                    .iter()
                    .any(|&(pi, pj)| pi >= top && pi <= bottom && pj >= left && pj <= right);
            }
            let cols = ((1u64 << (right - left + 1)) - 1) << left;
            changed_rows[top as usize..=bottom as usize]
                .iter()
                .any(|&r| r as u64 & cols != 0)
        };
        t.entries
            .retain(|e| !touches(e.top as i32, e.left as i32, e.bottom as i32, e.right as i32));
        // Anchors to rescan, as a bitmap per row, per tier.
        for (reach, m) in &self.tiers {
            let rb = &t.rows;
            let entries = &mut t.entries;
            let mut add = |h: &Hot, i: i32, j: i32| {
                let (top, left, bottom, right) = h.bbox(i, j);
                if touches(top, left, bottom, right) {
                    entries.push(entry(h, pos, i, j));
                }
            };
            m.scan_corners(rb, &mut t.prefix, &mut add);
            if !m.has_buckets() {
                continue;
            }
            let mut rows = [0u32; katachi_board::MAX_SIZE];
            for &(pi, pj) in changed {
                let lo = (pj - reach).max(0);
                let hi = (pj + reach).min(n - 1);
                let span = ((1u64 << (hi - lo + 1)) - 1) << lo;
                for row in rows
                    .iter_mut()
                    .take(((pi + reach).min(n - 1) + 1) as usize)
                    .skip((pi - reach).max(0) as usize)
                {
                    *row |= span as u32;
                }
            }
            for (i, bits) in rows.iter().enumerate().take(n as usize) {
                let mut bits = *bits;
                while bits != 0 {
                    let j = bits.trailing_zeros() as i32;
                    bits &= bits - 1;
                    m.scan_anchor(rb, i as i32, j, &mut add);
                }
            }
        }
    }
}

impl Matcher for IncrementalMatcher {
    fn name(&self) -> &'static str {
        "incremental"
    }

    /// A full match (a fresh tracker); the incremental path is `update`.
    fn find_all(
        &self,
        pos: Position<'_>,
        color: Color,
        _scratch: &mut Scratch,
        out: &mut Vec<Match>,
    ) {
        out.extend(self.start(pos, color).matches().copied());
    }
}
