//! The incremental matcher: keeps the matches of one colour on a changing
//! board, rematching after a move or an undo only around the changed points
//! (the blog's incremental shape map, indexed by the changed point).
//!
//! [`IncrementalMatcher::start`] does a full match into a [`Tracker`];
//! [`IncrementalMatcher::update`] compares the tracker's row words with the
//! position's (a move, its captures, or an undo show up as changed points,
//! so the caller passes nothing but the new position). Kept matches whose
//! bounding box contains a changed point are checked again and dropped if
//! they no longer fit; the boxes are kept apart from the matches, 4 bytes
//! each, so that finding those costs one branch-free pass over a few KiB
//! (it was a third of an update when the boxes were inside the matches).
//! A placement that fits now but did not before has an element on a
//! changed point that rejected the point's old state and accepts its new
//! one (otherwise it saw the same board). On a point that received a
//! stone, that element is an `O` or an `X`: every variant is also compiled
//! anchored on each of its `O` and `X` elements, and that per-element index
//! (a [`StandardMatcher`] whose buckets are keyed by the changed point and
//! its neighbours and filtered on every other cell of its 5x5 window, since
//! each candidate read from so large an index is a cache miss) is scanned
//! at those points only; what it finds did not fit the previous board. On
//! the points that held a stone (captures, undos), every anchor within
//! reach is scanned, tier by tier, and what also fitted the previous board
//! is already kept; the rest are new.

use katachi_board::Color;

use super::standard::{Hot, StandardMatcher, LOW_BITS};
use super::{Match, Matcher, Position, RowBoard, Scratch};
use crate::compile::CompiledDb;

/// The incremental matcher of a database (immutable; state lives in
/// [`Tracker`]s).
#[derive(Clone, Debug)]
pub struct IncrementalMatcher {
    /// `(reach, matcher)` per tier: the database's variants split by reach,
    /// for the first full match and for the points that held a stone.
    tiers: Vec<(i32, StandardMatcher)>,
    /// Every variant anchored on each `O` and `X` element, all in buckets,
    /// for the points that received a stone.
    by_element: StandardMatcher,
}

/// Reach limits of the tiers (the last tier takes the rest).
const TIERS: [i32; 3] = [2, 3, 4];

/// Where an entry's variant lives: a tier, or the per-element index.
const BY_ELEMENT: u8 = u8::MAX;

/// One kept match and what checks it again.
#[derive(Clone, Copy, Debug)]
struct Entry {
    m: Match,
    /// Anchor of `variant` of the matcher `source` (a tier, or
    /// [`BY_ELEMENT`]).
    i: i8,
    j: i8,
    source: u8,
    variant: u32,
}

/// The bounding box of a kept match, rows `top..=bottom` and columns
/// `left..=right`, packed in the bytes of a `u32` as `top`, `left`,
/// `127 - bottom`, `127 - right`: the box contains a point when each byte
/// is at most the point's [`point_key`] byte, four compares in one
/// subtraction (below 128, a byte's difference never borrows from the
/// next once the point's bytes have their top bit set).
#[derive(Clone, Copy, Debug)]
struct Bbox(u32);

impl Bbox {
    fn new(top: i32, left: i32, bottom: i32, right: i32) -> Bbox {
        Bbox(u32::from_le_bytes([
            top as u8,
            left as u8,
            127 - bottom as u8,
            127 - right as u8,
        ]))
    }

    /// Whether the box contains the point of `key` ([`point_key`]).
    #[inline]
    fn contains(self, key: u32) -> bool {
        key.wrapping_sub(self.0) & 0x8080_8080 == 0x8080_8080
    }
}

/// Point `(i, j)` as [`Bbox::contains`] compares it.
fn point_key(i: i32, j: i32) -> u32 {
    u32::from_le_bytes([i as u8, j as u8, 127 - i as u8, 127 - j as u8]) | 0x8080_8080
}

/// The matches of one colour on one evolving position.
#[derive(Clone, Debug)]
pub struct Tracker {
    color: Color,
    rows: RowBoard,
    next: RowBoard,
    /// The kept matches, and their boxes at the same indices (apart, so
    /// that the scan for the boxes a change touches reads 4 bytes a match).
    entries: Vec<Entry>,
    boxes: Vec<Bbox>,
    changed: Vec<(i32, i32)>,
    prefix: Vec<u64>,
    added: Vec<(Entry, Bbox)>,
    /// Per kept match, whether its box holds a changed point.
    hits: Vec<u8>,
    /// Indices of the kept matches whose box holds a changed point.
    touched: Vec<u32>,
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

fn entry(h: &Hot, pos: Position<'_>, variant: u32, source: u8, i: i32, j: i32) -> (Entry, Bbox) {
    let (top, left, bottom, right) = h.bbox(i, j);
    let e = Entry {
        m: h.match_at(pos, i, j),
        i: i as i8,
        j: j as i8,
        source,
        variant,
    };
    (e, Bbox::new(top, left, bottom, right))
}

impl IncrementalMatcher {
    /// Split `db`'s variants into tiers by reach and build each; build the
    /// per-element index.
    pub fn new(db: &CompiledDb) -> IncrementalMatcher {
        let reach = |v: &crate::compile::Variant| {
            [v.min_i, v.max_i, v.min_j, v.max_j]
                .into_iter()
                .map(|x| (x as i32).abs())
                .max()
                .unwrap_or(0)
        };
        let part = |keep: &dyn Fn(&crate::compile::Variant) -> bool| CompiledDb {
            name: db.name.clone(),
            patterns: db.patterns.clone(),
            variants: db.variants.iter().filter(|v| keep(v)).cloned().collect(),
        };
        let mut tiers = Vec::new();
        let mut low = -1;
        for limit in TIERS.into_iter().chain([i32::MAX]) {
            let tier = part(&|v| reach(v) > low && reach(v) <= limit);
            if !tier.variants.is_empty() {
                tiers.push((limit.min(db.max_reach()), StandardMatcher::new(&tier)));
            }
            low = limit;
        }
        // `O` and `X` only: `o`, `x` and `?` accept an empty point too.
        let stone = |e: &crate::compile::variant::Element| {
            e.mask == 0b11 && (e.want == 0b01 || e.want == 0b10)
        };
        let by_element = CompiledDb {
            name: db.name.clone(),
            patterns: db.patterns.clone(),
            variants: db
                .variants
                .iter()
                .flat_map(|v| {
                    (0..v.elements.len())
                        .filter(|&k| stone(&v.elements[k]))
                        .map(move |k| v.reanchored(k))
                })
                .collect(),
        };
        IncrementalMatcher {
            tiers,
            by_element: StandardMatcher::bucketed(&by_element),
        }
    }

    fn source(&self, source: u8) -> &StandardMatcher {
        if source == BY_ELEMENT {
            &self.by_element
        } else {
            &self.tiers[source as usize].1
        }
    }

    /// A tracker holding every match of `color` on `pos`.
    pub fn start(&self, pos: Position<'_>, color: Color) -> Tracker {
        let mut t = Tracker {
            color,
            rows: RowBoard::default(),
            next: RowBoard::default(),
            entries: Vec::new(),
            boxes: Vec::new(),
            changed: Vec::new(),
            prefix: Vec::new(),
            added: Vec::new(),
            hits: Vec::new(),
            touched: Vec::new(),
        };
        t.rows.load(pos, color);
        for (k, (_, m)) in self.tiers.iter().enumerate() {
            let rb = &t.rows;
            let (entries, boxes) = (&mut t.entries, &mut t.boxes);
            let mut add = |v: u32, h: &Hot, i: i32, j: i32| {
                let (e, b) = entry(h, pos, v, k as u8, i, j);
                entries.push(e);
                boxes.push(b);
            };
            m.scan_corners(rb, &mut t.prefix, &mut add);
            m.scan_board(rb, &mut add);
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
        // Now `rows` is the new board and `next` the previous one.
        std::mem::swap(&mut t.rows, &mut t.next);
        let (new, old) = (&t.rows, &t.next);
        let changed = &t.changed;
        // The kept matches whose box holds a changed point: a flag per
        // match from a branch-free pass over the packed boxes (it compiles
        // to vector compares), then the set flags, 8 at a time. They are
        // checked again from the last, so that a failed one can be swapped
        // out with the last kept match.
        let hits = &mut t.hits;
        hits.clear();
        let key = point_key(changed[0].0, changed[0].1);
        hits.extend(t.boxes.iter().map(|b| b.contains(key) as u8));
        for &(pi, pj) in &changed[1..] {
            let key = point_key(pi, pj);
            for (hit, b) in hits.iter_mut().zip(&t.boxes) {
                *hit |= b.contains(key) as u8;
            }
        }
        let touched = &mut t.touched;
        touched.clear();
        for (k, eight) in hits.chunks(8).enumerate() {
            let mut word = [0u8; 8];
            word[..eight.len()].copy_from_slice(eight);
            let mut word = u64::from_le_bytes(word);
            while word != 0 {
                touched.push((8 * k + word.trailing_zeros() as usize / 8) as u32);
                word &= word - 1;
            }
        }
        for &k in touched.iter().rev() {
            let e = &t.entries[k as usize];
            let m = self.source(e.source);
            if !m.verify(m.hot(e.variant), new, e.i as i32, e.j as i32) {
                t.entries.swap_remove(k as usize);
                t.boxes.swap_remove(k as usize);
            }
        }
        // New matches: those that fit the new board but not the previous
        // one (the others are kept already), each once even when found from
        // several changed points.
        let added = &mut t.added;
        added.clear();
        // A new placement has an element on a changed point that rejected
        // the point's old state and accepts its new one. On a point that
        // was empty and received a stone, that element is an `O` or an `X`:
        // the variants anchored on such an element there are scanned, and
        // none of them fitted the previous board.
        let m = &self.by_element;
        for &(pi, pj) in changed {
            if old.at(pi, pj) != 0 {
                continue;
            }
            m.scan_anchor(new, pi, pj, &mut |v, h, i, j| {
                debug_assert!(!m.verify(h, old, i, j));
                added.push(entry(h, pos, v, BY_ELEMENT, i, j));
            });
        }
        // Around the points that held a stone (captures, undos; the rare
        // stone that changed colour between updates): every anchor from
        // which a variant's box reaches one, tier by tier.
        let unstoned = changed.iter().any(|&(pi, pj)| old.at(pi, pj) != 0);
        for (k, (reach, m)) in self.tiers.iter().enumerate().filter(|_| unstoned) {
            let mut add = |v: u32, h: &Hot, i: i32, j: i32| {
                if !m.verify(h, old, i, j) {
                    added.push(entry(h, pos, v, k as u8, i, j));
                }
            };
            m.scan_corners(new, &mut t.prefix, &mut add);
            if !m.has_buckets() {
                continue;
            }
            // Anchor points within reach, bit `2 j` for column `j` as the
            // tier's anchor states give them.
            let mut rows = [0u64; katachi_board::MAX_SIZE];
            for &(pi, pj) in changed.iter().filter(|&&(pi, pj)| old.at(pi, pj) != 0) {
                let lo = (pj - reach).max(0);
                let hi = (pj + reach).min(n - 1);
                let span = (((1u64 << (2 * (hi - lo + 1))) - 1) << (2 * lo)) & LOW_BITS;
                for row in rows
                    .iter_mut()
                    .take(((pi + reach).min(n - 1) + 1) as usize)
                    .skip((pi - reach).max(0) as usize)
                {
                    *row |= span;
                }
            }
            for (i, bits) in rows.iter().enumerate().take(n as usize) {
                if *bits == 0 {
                    continue;
                }
                let mut bits = *bits & m.anchor_points(new, i as i32);
                while bits != 0 {
                    let j = bits.trailing_zeros() as i32 / 2;
                    bits &= bits - 1;
                    m.scan_anchor(new, i as i32, j, &mut add);
                }
            }
        }
        if added.len() > 1 {
            added.sort_unstable_by_key(|e| e.0.m);
            added.dedup_by_key(|e| e.0.m);
        }
        t.entries.extend(added.iter().map(|e| e.0));
        t.boxes.extend(added.iter().map(|e| e.1));
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
