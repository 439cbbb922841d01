//! Further candidate rules for the defender (called from
//! [`Reader::defense_moves`]), for defences that lie off the string's own
//! liberties:
//!
//! - counter-attacking attacker strings that press on the string's
//!   liberties from outside, or on friendly strings that the string joins
//!   by filling a liberty (they lose a race if shortened first);
//! - extending such a friendly string when it is short of liberties: its
//!   new liberties become the string's once the two join;
//! - taking the vital point of the string's own eye space (an empty point
//!   next to two of its liberties), where a placement would kill.

use katachi_board::{Cell, Color, Point};

use super::moves::{Adjacent, Candidates};
use super::Reader;

/// Up to this many moves, the attackers of friendly strings that share a
/// liberty with the string are counter-attacked (a wide rule: each such
/// friend brings its own neighbours, so only near the root).
const FRIEND_DEPTH: u32 = 3;

/// Score bonus of the killer defence (about one liberty's worth: it
/// reorders close candidates, it does not override captures).
const KILLER_BONUS: i32 = 15;

/// Score of the move that turns a short friend's liberty into an eye
/// point (a quiet move: tried after the direct ones).
const EYE_POINT_SCORE: i32 = 12;

impl Reader {
    /// Add the candidates of the rules above for the string at `s` (owned
    /// by `def`, liberties `libs`, attacker neighbours `adjacent`).
    pub(crate) fn more_defense_moves(
        &self,
        s: Point,
        def: Color,
        libs: &[Point],
        adjacent: &Adjacent,
        cand: &mut Candidates,
    ) {
        let b = &self.board;
        let stackp = self.stackp();
        let nlibs = libs.len();
        let att = def.opponent();

        // Friendly strings next to a liberty: filling that liberty joins
        // them to the string, so their liberties and their attackers are
        // ours too. Such a friend that is short of liberties is extended,
        // and an attacker next to it that is short of liberties itself is
        // shortened (or captured) first.
        if nlibs <= 4 && stackp <= FRIEND_DEPTH {
            let mut friends: [Point; 8] = [Point(0); 8];
            let mut nf = 0;
            for &l in libs {
                for n in b.neighbors(l) {
                    if b.cell(n) != def.cell() || b.same_string(n, s) {
                        continue;
                    }
                    if friends[..nf].iter().any(|&f| b.same_string(f, n)) || nf == 8 {
                        continue;
                    }
                    friends[nf] = n;
                    nf += 1;
                }
            }
            for &f in &friends[..nf] {
                // Extend a short friend: its new liberties become ours
                // once the two join.
                if b.liberty_count(f) <= 3 {
                    for l in b.liberties(f) {
                        if libs.contains(&l) {
                            continue;
                        }
                        let own = self.libs_after(def, l, 4) as i32;
                        if own >= 2 {
                            cand.add(l, 10 * own - 5);
                        }
                        if let Some(n) = self.eye_closing_point(l, def) {
                            cand.add(n, EYE_POINT_SCORE);
                        }
                    }
                }
                for (h, n) in self.neighbours_of_color(f, att) {
                    if n > 3 || adjacent.iter().any(|(a, _)| a == h) {
                        continue;
                    }
                    for l in b.liberties(h) {
                        let own = self.libs_after(def, l, 3) as i32;
                        if n == 1 {
                            cand.add(l, 100);
                        } else if own >= 2 {
                            cand.add(l, if n == 2 { 30 } else { 15 } + 5 * own);
                        }
                    }
                }
            }
        }

        // A friend joined through a liberty the attacker cannot fill (a
        // suicide or a self-atari there: GNU Go's superstring,
        // reading.texi "Superstrings") is as good as connected already,
        // so its liberties are the string's: extending it, where that
        // gains it a liberty, defends at any depth to `branch_depth` and
        // whatever its length (the rule above covers short friends next
        // to any liberty, near the root only). Joining at once leaves the
        // attacker the first move on the joined liberties. Only for a
        // string with two liberties: in atari the extension comes too
        // late. Optional (`ReadConfig::superstring_extension`).
        if self.cfg.superstring_extension && nlibs == 2 && stackp <= self.cfg.branch_depth {
            self.extend_superstring(s, def, libs, cand);
        }

        // Attackers next to our liberties that are short of liberties
        // themselves: shortening them first wins the race for those
        // liberties. `defense_moves` takes those with one or two liberties
        // when the string has at most two; here those with three, and near
        // the root, for a string with three or four liberties (an enclosed
        // group), every such attacker up to three.
        if (nlibs <= 2 && stackp <= self.cfg.branch_depth) || (nlibs <= 4 && stackp <= 2) {
            for &l in libs {
                for n in b.neighbors(l) {
                    if b.cell(n) != att.cell() {
                        continue;
                    }
                    let en = b.liberty_count(n);
                    if !(en == 3 || (nlibs > 2 && en <= 3))
                        || adjacent.iter().any(|(h, _)| b.same_string(h, n))
                    {
                        continue;
                    }
                    for el in b.liberties(n) {
                        if !libs.contains(&el) && self.libs_after(def, el, 3) >= 2 {
                            cand.add(el, 20);
                        }
                    }
                }
            }
        }

        // The vital point of the string's eye space: an empty point next to
        // two or more of its liberties.
        if (3..=4).contains(&nlibs) && stackp <= self.cfg.fourlib_depth {
            for n in self.vital_points(libs) {
                cand.add(n, 25);
            }
        }
    }

    /// The superstring rule of [`Reader::more_defense_moves`]: for each
    /// liberty of the string at `s` where the attacker's stone would have
    /// at most one liberty, the liberties of the friendly strings next to
    /// it that give that friend more liberties than it has.
    fn extend_superstring(&self, s: Point, def: Color, libs: &[Point], cand: &mut Candidates) {
        let b = &self.board;
        let att = def.opponent();
        for &l in libs {
            if self.libs_after(att, l, 2) >= 2 {
                continue;
            }
            for f in b.neighbors(l) {
                if b.cell(f) != def.cell() || b.same_string(f, s) {
                    continue;
                }
                let flibs = b.liberty_count(f);
                for m in b.liberties(f) {
                    if m == l || libs.contains(&m) {
                        continue;
                    }
                    let own = self.libs_after(def, m, 6);
                    if own > flibs {
                        cand.add(m, 10 * own.min(4) as i32 - 5);
                    }
                }
            }
        }
    }

    /// The empty point that, occupied by `def`, leaves the liberty `l`
    /// surrounded by `def` stones and the edge alone (an eye point the
    /// attacker can only fill as a self-atari), when `l` has exactly one
    /// other empty neighbour and no attacker stone next to it. A friend
    /// whose liberty becomes an eye point keeps it, and the stones around
    /// it are as good as connected (a tiger's mouth).
    fn eye_closing_point(&self, l: Point, def: Color) -> Option<Point> {
        let b = &self.board;
        let mut empty = None;
        for n in b.neighbors(l) {
            match b.cell(n) {
                Cell::Empty => {
                    if empty.is_some() {
                        return None;
                    }
                    empty = Some(n);
                }
                c if c == def.cell() => {}
                Cell::Edge => {}
                _ => return None,
            }
        }
        empty
    }

    /// Remember `m` as the defence that just refuted an attack, at the
    /// depth of the position it was played in (the move itself is on the
    /// board at `stackp`).
    pub(crate) fn note_killer(&mut self, m: Point) {
        let d = self.stackp() as usize;
        if self.killers.len() <= d {
            self.killers.resize(d + 1, Point(0));
        }
        self.killers[d] = m;
    }

    /// Killer-move ordering: the defence that refuted the attacker's
    /// previous try at this depth often refutes the next one too (the
    /// attacker's alternatives at one node mostly share their answer), so
    /// it moves up among the candidates. It adds no candidate.
    pub(crate) fn boost_killer(&self, cand: &mut Candidates) {
        let d = self.stackp() as usize + 1;
        if let Some(&k) = self.killers.get(d) {
            if k != Point(0) {
                cand.boost(k, KILLER_BONUS);
            }
        }
    }
}
