//! Candidate moves for attacking and defending a string, from general rules
//! of tactics, with a cheap static ordering (no move is played here).
//!
//! Attack: the string's liberties; its second-order liberties (nets, hane,
//! placements that approach from a distance, backfilling when a liberty is
//! self-atari); saving the attacker's own strings in atari next to it.
//! Defence: the string's liberties; capturing or putting into atari the
//! neighbouring attacker strings that are short of liberties; second-order
//! liberties when the string is short of liberties.

use katachi_board::{Cell, Color, Point};

use super::Reader;
use crate::predicates;

/// Up to this many candidates of each kind are kept after ordering.
const MAX_ATTACK_MOVES: usize = 7;
const MAX_DEFENSE_MOVES: usize = 6;

/// Weight of the distance from the edge (in lines, at most 3) in the
/// ordering of the defender's liberties and of the attacker's ataris,
/// with [`super::ReadConfig::centre_ties`] (off by default).
/// A defender with two equal extensions tries the one toward the centre
/// first, and an attacker with two equal ataris plays the central one,
/// driving the string toward the edge: the equal scores were ordered by
/// point index, top row first, and the edge-side line costs most to read
/// (reference position 85, `attack C12` after Black D13, White C13,
/// Black C12: 12,530 nodes, B12 tried before C11).
const CENTRE_WEIGHT_DEF: i32 = 1;
const CENTRE_WEIGHT_ATT: i32 = 1;

/// The distance of `p` from the nearest edge, in lines, at most 3.
fn centre_distance(b: &katachi_board::Board, p: Point) -> i32 {
    let (r, c) = b.row_col(p);
    r.min(c).min(b.size() - 1 - r).min(b.size() - 1 - c).min(3) as i32
}

/// At most this many neighbouring strings are listed by
/// [`Reader::neighbours_of_color`].
const MAX_ADJACENT: usize = 16;

/// Neighbouring strings with their liberty counts, without allocation
/// (kept small: it is returned by value at every node).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Adjacent {
    heads: [Point; MAX_ADJACENT],
    libs: [u16; MAX_ADJACENT],
    len: usize,
}

impl Default for Adjacent {
    fn default() -> Self {
        Adjacent {
            heads: [Point(0); MAX_ADJACENT],
            libs: [0; MAX_ADJACENT],
            len: 0,
        }
    }
}

impl Adjacent {
    /// The strings (by head) and their liberty counts.
    pub(crate) fn iter(&self) -> AdjacentIter {
        AdjacentIter { adj: *self, i: 0 }
    }
}

/// Iterator over an [`Adjacent`] list.
pub(crate) struct AdjacentIter {
    adj: Adjacent,
    i: usize,
}

impl Iterator for AdjacentIter {
    type Item = (Point, usize);
    fn next(&mut self) -> Option<(Point, usize)> {
        if self.i >= self.adj.len {
            return None;
        }
        let k = self.i;
        self.i += 1;
        Some((self.adj.heads[k], self.adj.libs[k] as usize))
    }
}

impl IntoIterator for Adjacent {
    type Item = (Point, usize);
    type IntoIter = AdjacentIter;
    fn into_iter(self) -> AdjacentIter {
        AdjacentIter { adj: self, i: 0 }
    }
}

/// Up to four strings found by [`Reader::superstring_mates`], without
/// allocation (pushes past four are dropped, as a truncation would).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mates {
    pts: [Point; 4],
    /// The string heads of `pts`.
    heads: [Point; 4],
    len: usize,
}

impl Default for Mates {
    fn default() -> Self {
        Mates {
            pts: [Point(0); 4],
            heads: [Point(0); 4],
            len: 0,
        }
    }
}

impl Mates {
    /// Add `p`, a stone of the string with head `h`.
    fn push(&mut self, p: Point, h: Point) {
        if self.len < 4 {
            self.pts[self.len] = p;
            self.heads[self.len] = h;
        }
        self.len += 1;
    }

    /// Whether a kept mate belongs to the string with head `h` (mates
    /// past the fourth are dropped, so they need not be checked).
    fn has_string(&self, h: Point) -> bool {
        self.heads[..self.len.min(4)].contains(&h)
    }

    fn len(&self) -> usize {
        self.len
    }
}

impl IntoIterator for Mates {
    type Item = Point;
    type IntoIter = std::iter::Take<std::array::IntoIter<Point, 4>>;
    fn into_iter(self) -> Self::IntoIter {
        self.pts.into_iter().take(self.len.min(4))
    }
}

/// Candidate list with scores, without duplicates. Held in place up to
/// [`SMALL_CANDS`] entries (every node builds one or two lists, and a heap
/// list cost an allocation and a free each), on the heap beyond.
#[derive(Debug)]
pub(crate) struct Candidates {
    small: [(Point, i32); SMALL_CANDS],
    len: usize,
    /// All the entries once there are more than `SMALL_CANDS` (then
    /// `small` is no longer read).
    big: Vec<(Point, i32)>,
}

/// Candidate lists up to this long are kept without allocation.
const SMALL_CANDS: usize = 48;

impl Default for Candidates {
    #[inline]
    fn default() -> Self {
        Candidates {
            small: [(Point(0), 0); SMALL_CANDS],
            len: 0,
            big: Vec::new(),
        }
    }
}

impl Candidates {
    /// The entries, in the order first added.
    #[inline]
    pub(crate) fn items(&self) -> &[(Point, i32)] {
        if self.big.is_empty() {
            &self.small[..self.len]
        } else {
            &self.big
        }
    }

    #[inline(always)]
    fn items_mut(&mut self) -> &mut [(Point, i32)] {
        if self.big.is_empty() {
            &mut self.small[..self.len]
        } else {
            &mut self.big
        }
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, p: Point, score: i32) {
        if let Some(e) = self.items_mut().iter_mut().find(|e| e.0 == p) {
            e.1 = e.1.max(score);
        } else if self.len < SMALL_CANDS {
            self.small[self.len] = (p, score);
            self.len += 1;
        } else {
            self.spill(p, score);
        }
    }

    /// Add a new entry past the in-place room (rare): every entry moves
    /// to the heap list. `len` goes past `SMALL_CANDS` so that `add` keeps
    /// coming here.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, p: Point, score: i32) {
        if self.big.is_empty() {
            self.big.extend_from_slice(&self.small[..self.len]);
        }
        self.big.push((p, score));
        self.len += 1;
    }

    /// Raise the score of `p` by `bonus` if it is already a candidate.
    #[inline]
    pub(crate) fn boost(&mut self, p: Point, bonus: i32) {
        if let Some(e) = self.items_mut().iter_mut().find(|e| e.0 == p) {
            e.1 += bonus;
        }
    }

    /// Keep only the candidates for which `keep` holds.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Point) -> bool) {
        if self.big.is_empty() {
            let mut n = 0;
            for i in 0..self.len {
                if keep(self.small[i].0) {
                    self.small[n] = self.small[i];
                    n += 1;
                }
            }
            self.len = n;
        } else {
            self.big.retain(|e| keep(e.0));
            if self.big.is_empty() {
                // Keep `len` past `SMALL_CANDS` meaningfully: an empty
                // heap list reads as the (stale) in-place one, so start
                // the in-place list again empty.
                self.len = 0;
            }
        }
    }

    /// The points, best first, at most `limit`.
    /// Takes `&mut self`: moving the list in by value copied its
    /// in-place array (a `memcpy` per node).
    fn take_sorted(&mut self, limit: usize) -> Vec<Point> {
        // The points are distinct, so the order is total and an unstable
        // sort gives the same list.
        let items = self.items_mut();
        items.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let n = items.len().min(limit);
        // Room for the one move `defense_moves` may append.
        let mut out = Vec::with_capacity(n + 1);
        out.extend(items[..n].iter().map(|e| e.0));
        out
    }
}

/// Liberties held in place when there are few (the usual case at a node),
/// on the heap otherwise; reads as a slice.
pub(crate) struct LibList {
    small: [Point; SMALL_LIBS],
    len: usize,
    big: Vec<Point>,
}

/// Liberty counts up to this are kept in [`LibList`] without allocation.
const SMALL_LIBS: usize = 16;

impl std::ops::Deref for LibList {
    type Target = [Point];
    fn deref(&self) -> &[Point] {
        if self.big.is_empty() {
            &self.small[..self.len]
        } else {
            &self.big
        }
    }
}

impl Reader {
    /// The liberties of the string at `s`, as [`Reader::libs_of`] lists
    /// them, without allocating for a string with few of them.
    pub(crate) fn lib_list(&self, s: Point) -> LibList {
        let b = &self.board;
        let mut out = LibList {
            small: [Point(0); SMALL_LIBS],
            len: 0,
            big: Vec::new(),
        };
        if b.liberty_count(s) <= SMALL_LIBS {
            out.len = b.first_liberties(s, &mut out.small);
        } else {
            out.big = b.liberties(s).collect();
        }
        out
    }

    /// The liberties of the string at `s`.
    pub(crate) fn libs_of(&self, s: Point) -> Vec<Point> {
        self.board.liberties(s).collect()
    }

    /// [`predicates::libs_after`] on the reader's board (the liberties
    /// a move would get, captures next to it counted, up to `cap`). Not
    /// `#[inline]`: the reader's many call sites share this one copy, which
    /// the (inline) predicate is compiled into, next to its callers.
    pub(crate) fn libs_after(&self, c: Color, p: Point, cap: usize) -> usize {
        predicates::libs_after(&self.board, c, p, cap)
    }

    /// Empty points off the liberties `libs` of a string that touch two or
    /// more of them: the vital points of the space the string encloses or
    /// is enclosed by (a point may come more than once).
    pub(crate) fn vital_points<'a>(
        &'a self,
        libs: &'a [Point],
    ) -> impl Iterator<Item = Point> + 'a {
        let b = &self.board;
        libs.iter()
            .flat_map(move |&l| b.neighbors(l))
            .filter(move |&n| {
                b.cell(n) == Cell::Empty
                    && !libs.contains(&n)
                    && b.neighbors(n).iter().filter(|q| libs.contains(q)).count() >= 2
            })
    }

    /// Strings of colour `c` adjacent to the string at `s`, with their
    /// liberty counts (at most [`MAX_ADJACENT`]; candidate generation may
    /// miss the rest of a huge string's neighbours).
    pub(crate) fn neighbours_of_color(&self, s: Point, c: Color) -> Adjacent {
        let b = &self.board;
        let mut out = Adjacent::default();
        out.len = b.adjacent_heads(s, c.cell(), &mut out.heads);
        for k in 0..out.len {
            out.libs[k] = b.liberty_count(out.heads[k]).min(u16::MAX as usize) as u16;
        }
        out
    }

    /// Friendly strings loosely connected to the string at `s` (GNU Go's
    /// superstring, simplified): a diagonal stone with an empty point
    /// between, or a one-point jump over an empty point. At most four.
    pub(crate) fn superstring_mates(&self, s: Point) -> Mates {
        let b = &self.board;
        let own = b.cell(s);
        let mut mates = Mates::default();
        let sh = b.string_head(s);
        let stride = b.stride() as i32;
        for st in b.stones(s) {
            let [u, l, r, d] = b.neighbors(st);
            for (i, dg) in b.diagonals(st).into_iter().enumerate() {
                if b.cell(dg) != own || b.string_head(dg) == sh {
                    continue;
                }
                // The two points shared by st and the diagonal stone.
                let (a, c) = match i {
                    0 => (u, l),
                    1 => (u, r),
                    2 => (d, l),
                    _ => (d, r),
                };
                let dh = b.string_head(dg).unwrap_or(dg);
                if (b.cell(a) == Cell::Empty || b.cell(c) == Cell::Empty) && !mates.has_string(dh) {
                    mates.push(dg, dh);
                }
            }
            for (k, n) in [u, l, r, d].into_iter().enumerate() {
                if b.cell(n) != Cell::Empty {
                    continue;
                }
                let delta = [-stride, -1, 1, stride][k];
                let far = Point((n.0 as i32 + delta) as u16);
                if b.on_board(far) && b.cell(far) == own {
                    let fh = b.string_head(far).unwrap_or(far);
                    if Some(fh) != sh && !mates.has_string(fh) {
                        mates.push(far, fh);
                    }
                }
            }
            if mates.len() >= 4 {
                break;
            }
        }
        mates
    }

    /// Candidate attacking moves against the string at `s` (owned by the
    /// opponent of `att`), best first.
    pub(crate) fn attack_moves(
        &self,
        s: Point,
        att: Color,
        libs: &[Point],
        extra: &[(Point, i32)],
    ) -> Vec<Point> {
        let b = &self.board;
        let stackp = self.stackp();
        let nlibs = libs.len();
        let def = att.opponent();
        let mut cand = Candidates::default();
        for &(p, score) in extra {
            cand.add(p, score);
        }

        // The attacker's liberties after playing each of the first
        // liberties (capped at four), reused below: `libs_after` with a
        // lower cap is the same count capped lower.
        let mut own_at = [0i32; 8];
        for (i, &l) in libs.iter().enumerate() {
            // The attacker's own liberties after the move count up to
            // four: a solid approach beats one that leaves the attacking
            // stone short (and open to a counter-atari).
            let own = self.libs_after(att, l, 4) as i32;
            if i < own_at.len() {
                own_at[i] = own;
            }
            let mut score = 100 + 4 * own;
            if own == 0 {
                score -= 60;
            } else if own == 1 {
                score -= 40;
            }
            if nlibs == 2 {
                // The other liberty is where the defender runs: prefer the
                // atari that leaves the fewest liberties after the extension.
                let other = if libs[0] == l { libs[1] } else { libs[0] };
                let escape = self.libs_after(def, other, 5) as i32;
                score -= 12 * escape;
                if self.cfg.centre_ties {
                    score +=
                        CENTRE_WEIGHT_ATT * (centre_distance(b, l) - centre_distance(b, other));
                }
            } else if nlibs >= 3 {
                score += self.block_bonus(def, l, nlibs);
            }
            // Edge: ataris that drive the string to the edge are good.
            let (r, c) = b.row_col(l);
            let edge = r.min(c).min(b.size() - 1 - r).min(b.size() - 1 - c);
            if edge == 0 {
                score += 2;
            }
            cand.add(l, score);
        }

        // Save own strings in atari next to the target (a counter-capture
        // would otherwise save it), by extending or capturing around them.
        for (h, n) in self.neighbours_of_color(s, att) {
            if n == 1 {
                for l in b.liberties(h) {
                    if self.libs_after(att, l, 3) >= 2 {
                        cand.add(l, 90);
                    }
                }
                for (e, en) in self.neighbours_of_color(h, def) {
                    if en == 1 && !b.same_string(e, s) {
                        for l in b.liberties(e) {
                            cand.add(l, 95);
                        }
                    }
                }
            } else if n == 2 && nlibs >= 2 && stackp <= self.cfg.branch_depth {
                // An own string no longer than the target loses a
                // liberty race unless it gains liberties: capture a
                // defender string in atari next to it.
                for (e, en) in self.neighbours_of_color(h, def) {
                    if en == 1 && nlibs == 2 && !b.same_string(e, s) {
                        for l in b.liberties(e) {
                            cand.add(l, 80);
                        }
                    } else if en == 2 && nlibs <= 3 && b.string_size(e) <= 2 && !b.same_string(e, s)
                    {
                        // Or put a small one (one or two stones, which
                        // the defender may give up) in atari, gaining the
                        // tempo to capture it.
                        for l in b.liberties(e) {
                            if self.libs_after(att, l, 2) >= 2 {
                                cand.add(l, 10);
                            }
                        }
                    }
                }
                // A short own string invites a counter-atari: lengthen it.
                for l in b.liberties(h) {
                    let own = self.libs_after(att, l, 4) as i32;
                    if own >= 3 {
                        cand.add(l, 35 + 5 * own);
                    }
                }
            }
        }

        // Cut the string off from loosely connected friends that are short
        // of liberties.
        if nlibs <= 3 && stackp <= self.cfg.branch_depth {
            for m in self.superstring_mates(s) {
                if b.liberty_count(m) <= 3 {
                    for l in b.liberties(m) {
                        if self.libs_after(att, l, 2) >= 2 {
                            cand.add(l, 45);
                        }
                    }
                }
            }
        }

        // Vital points of an enclosed space: empty points next to two or
        // more liberties of a string with three or four liberties.
        if (3..=4).contains(&nlibs) && stackp <= self.cfg.fourlib_depth {
            for n in self.vital_points(libs) {
                cand.add(n, 70);
            }
        }

        // Second-order liberties: nets, approach moves and backfilling.
        let wide = nlibs <= 2 || (nlibs == 3 && stackp <= self.cfg.branch_depth);
        if wide && stackp <= self.cfg.depth {
            for (i, &l) in libs.iter().enumerate() {
                let self_atari = match own_at.get(i) {
                    Some(&own) => own < 2,
                    None => self.libs_after(att, l, 2) < 2,
                };
                for n in b.neighbors(l) {
                    if b.cell(n) != Cell::Empty || libs.contains(&n) {
                        continue;
                    }
                    let own = self.libs_after(att, n, 4) as i32;
                    // Stones the defender could take at once are only
                    // worth trying early (throw-ins, backfilling).
                    if own < 2 && (own == 0 || stackp > self.cfg.backfill_depth) {
                        continue;
                    }
                    let mut score = if own < 2 { 20 } else { 40 + 4 * own };
                    if self_atari && stackp <= self.cfg.backfill_depth {
                        score += 15;
                    }
                    cand.add(n, score);
                }
                // Diagonal points next to two liberties: the typical net.
                if nlibs == 2 {
                    for d in b.diagonals(l) {
                        if b.on_board(d) && b.cell(d) == Cell::Empty && !libs.contains(&d) {
                            let own = self.libs_after(att, d, 4) as i32;
                            if own >= 2 {
                                cand.add(d, 30 + 4 * own);
                            }
                        }
                    }
                }
            }
        }
        if stackp == 0 && nlibs <= 3 {
            let mut more = Vec::new();
            if nlibs <= 2 {
                self.race_outside_moves(s, att, &mut more);
            }
            self.cut_throw_in_moves(s, att, &mut more);
            for (p, score) in more {
                cand.add(p, score);
            }
        }
        self.boost_att_killer(nlibs, &mut cand);
        if super::TRACE && stackp == 0 {
            eprintln!(
                "attack cands {:?}",
                cand.items()
                    .iter()
                    .map(|&(p, s)| (b.vertex(p), s))
                    .collect::<Vec<_>>()
            );
        }
        let limit = if stackp == 0 {
            MAX_ATTACK_MOVES + 6
        } else if stackp > self.cfg.branch_depth {
            nlibs.max(2)
        } else if nlibs >= 4 {
            // Below the root, a string with four liberties is attacked
            // by the best four tries (mostly its liberties, taken where
            // the defender would extend best first).
            MAX_ATTACK_MOVES - 3
        } else if stackp > self.cfg.fourlib_depth {
            // Past the four-liberty depth the fight is narrower.
            MAX_ATTACK_MOVES - 1
        } else {
            MAX_ATTACK_MOVES
        };
        let mut moves = cand.take_sorted(limit);
        if nlibs == 2 && stackp > self.cfg.branch_depth {
            // Past `branch_depth` the list is two moves long, and a killer
            // or a net can push an atari out of it; both ataris are kept,
            // so that a ladder is read with the atari from the right side
            // however the earlier variations ordered the list (the
            // defender's running move is always read: `defense_moves`).
            for &l in libs {
                if !moves.contains(&l) {
                    moves.push(l);
                }
            }
        }
        moves
    }

    /// Candidate defending moves for the string at `s` (owned by `def`),
    /// best first.
    pub(crate) fn defense_moves(
        &self,
        s: Point,
        def: Color,
        libs: &[Point],
        extra: &[(Point, i32)],
    ) -> Vec<Point> {
        let b = &self.board;
        let stackp = self.stackp();
        let nlibs = libs.len();
        let att = def.opponent();
        let mut cand = Candidates::default();
        for &(p, score) in extra {
            cand.add(p, score);
        }

        for &l in libs {
            let after = self.libs_after(def, l, 6) as i32;
            let mut score = 20 * after;
            if self.cfg.centre_ties {
                score += CENTRE_WEIGHT_DEF * centre_distance(b, l);
            }
            if after <= 1 {
                score -= 100;
            }
            cand.add(l, score);
        }

        // Capture or threaten neighbouring attacker strings.
        let adjacent = self.neighbours_of_color(s, att);
        for (h, n) in adjacent.iter() {
            if n == 1 {
                // Below an extension to four liberties: a capture is
                // tried first only when the string cannot run as well.
                let size = b.string_size(h) as i32;
                for l in b.liberties(h) {
                    cand.add(l, 80 + 10 * size.min(5));
                }
            } else if n <= 3 && (n <= nlibs.max(2) || stackp <= self.cfg.fourlib_depth) {
                // Shorten a neighbour that is as short of liberties: an
                // atari, or the first move of a capturing race.
                for l in b.liberties(h) {
                    let own = self.libs_after(def, l, 3) as i32;
                    let base = if n == 2 { 30 } else { 10 };
                    cand.add(l, if own >= 2 { base + 10 * own } else { base - 15 });
                    if own < 2 && stackp <= self.cfg.fourlib_depth {
                        // Filling that liberty would be self-atari:
                        // approach it from outside first, so that it
                        // can be filled later (backfilling in a race).
                        for a in b.neighbors(l) {
                            if b.cell(a) == Cell::Empty
                                && !libs.contains(&a)
                                && self.libs_after(def, a, 2) >= 2
                            {
                                cand.add(a, 5);
                            } else if b.cell(a) == att.cell()
                                && !b.same_string(a, h)
                                && b.liberty_count(a) <= 2
                            {
                                // Another short attacker string guards
                                // that point: threaten it.
                                for al in b.liberties(a) {
                                    if al != l && self.libs_after(def, al, 2) >= 2 {
                                        cand.add(al, 15);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        // A friend in atari next to a short attacker string keeps that
        // string under pressure: saving it (when the attacker just put it
        // in atari to gain liberties) keeps the race going.
        if nlibs <= 3 && stackp <= self.cfg.branch_depth {
            for (h, n) in adjacent.iter() {
                if n > nlibs.max(2) {
                    continue;
                }
                for (e, en) in self.neighbours_of_color(h, def) {
                    if en == 1 && !b.same_string(e, s) {
                        for l in b.liberties(e) {
                            if self.libs_after(def, l, 2) >= 2 {
                                cand.add(l, 70);
                            }
                        }
                        // Or by capturing what surrounds it.
                        for (c, cn) in self.neighbours_of_color(e, att) {
                            if cn == 1 {
                                for l in b.liberties(c) {
                                    cand.add(l, 70);
                                }
                            }
                        }
                    }
                }
            }
        }

        // Counter-attack the stones that press on the string's
        // liberties from outside: an attacker string next to one of our
        // liberties that is itself short of liberties must be answered
        // (a capture, or an atari that gains time).
        if nlibs <= 2 && stackp <= self.cfg.branch_depth {
            for &l in libs {
                for n in b.neighbors(l) {
                    if b.cell(n) != att.cell() {
                        continue;
                    }
                    let en = b.liberty_count(n);
                    if en > 2 || adjacent.iter().any(|(h, _)| b.same_string(h, n)) {
                        continue;
                    }
                    for el in b.liberties(n) {
                        if en == 1 {
                            cand.add(el, 110);
                        } else if self.libs_after(def, el, 2) >= 2 {
                            cand.add(el, 25);
                        }
                    }
                }
            }
        }

        // Help loosely connected friends: capture what ataris them.
        if nlibs <= 3 && stackp <= self.cfg.branch_depth {
            for m in self.superstring_mates(s) {
                for (h, n) in self.neighbours_of_color(m, att) {
                    if n == 1 {
                        for l in b.liberties(h) {
                            cand.add(l, 60);
                        }
                    }
                }
            }
        }

        // Second-order liberties when short of liberties.
        if (nlibs <= 2 && stackp <= self.cfg.depth)
            || (nlibs == 3 && stackp <= self.cfg.fourlib_depth)
        {
            for &l in libs {
                for n in b.neighbors(l) {
                    if b.cell(n) != Cell::Empty || libs.contains(&n) {
                        continue;
                    }
                    let own = self.libs_after(def, n, 4) as i32;
                    if own >= 2 {
                        cand.add(n, 10 * own - 10);
                    }
                }
            }
        }
        self.more_defense_moves(s, def, libs, &adjacent, &mut cand);
        self.boost_killer(&mut cand);
        // At the root, a wider net: races against longer neighbours.
        if stackp <= 1 {
            for (h, n) in adjacent.iter() {
                if n == 4 {
                    for l in b.liberties(h) {
                        cand.add(l, 5);
                    }
                }
            }
        }
        if super::TRACE && stackp == 0 {
            eprintln!(
                "defense cands {:?}",
                cand.items()
                    .iter()
                    .map(|&(p, s)| (b.vertex(p), s))
                    .collect::<Vec<_>>()
            );
        }
        // A string of two stones or more in atari is captured at its
        // liberty unless the defender moves there or captures an attacker
        // string next to it (which gives it liberties): the capture can
        // be neither a ko nor illegal, so any other move (an atari
        // elsewhere, a pattern's shape move) loses at once. Past
        // `fourlib_depth`, where the lists are short (two moves past
        // `branch_depth`), only those two kinds are kept, so that the
        // list holds the running move of a ladder rather than
        // counter-ataris that cannot help (a ladder whose escape a dozen
        // moves away katachi never tried was read as a capture; GNU Go's
        // defence against one liberty is its liberty and the captures of
        // its neighbours, reading.texi). Nearer the root, where the list
        // has room for both, it is left as it is: filtering there too
        // cost owl.tst one test (169 -> 168: 137 and 182 lost, 184 won).
        if let [l] = libs {
            if b.string_size(s) >= 2 && stackp > self.cfg.fourlib_depth {
                // The saving points: the liberty, and the one liberty of
                // each neighbour in atari (read in place, no list built
                // per node).
                let l = *l;
                cand.retain(|p| {
                    p == l
                        || adjacent
                            .iter()
                            .any(|(h, n)| n == 1 && b.liberties(h).next() == Some(p))
                });
            }
        }
        // Two moves deep the defender still gets the wide list: the
        // attacker's first try is often answered by a counter-atari on the
        // stone it just played, which scores low among many liberties.
        let limit = if stackp <= 2 {
            MAX_DEFENSE_MOVES + 6
        } else if stackp > self.cfg.branch_depth {
            2
        } else if stackp > self.cfg.fourlib_depth {
            // Past the four-liberty depth the fight is narrower.
            MAX_DEFENSE_MOVES - 2
        } else if nlibs <= 2 {
            // A string short of liberties has few real defences.
            MAX_DEFENSE_MOVES - 2
        } else {
            MAX_DEFENSE_MOVES
        };
        let mut moves = cand.take_sorted(limit);
        // A string in atari always tries running out at its liberty when
        // that gives it two liberties or more: captures and counter-ataris
        // can outscore the plain extension and push it past the limit, and
        // then a ladder the extension escapes (toward a friendly stone
        // ahead) was read as a capture. Only near the root: deeper, the
        // attacker's lists are short and an extension read there escapes
        // by the horizon (at every depth reading.tst lost tests 39 and 40).
        if let [l] = libs {
            if stackp <= self.cfg.fourlib_depth
                && !moves.contains(l)
                && self.libs_after(def, *l, 2) >= 2
            {
                moves.push(*l);
            }
        }
        moves
    }
}
