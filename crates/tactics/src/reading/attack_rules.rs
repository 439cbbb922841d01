//! Further attack candidates from general rules of tactics, added to the
//! ones of [`Reader::attack_moves`] (no move is played here).

use katachi_board::{Cell, Color, Point};

use super::moves::Candidates;
use super::Reader;

/// Score of a move that takes a liberty from a defender string in a
/// liberty race with one of the attacker's short strings (below the
/// liberties of the target, above the nets).
const RACE_SCORE: i32 = 50;

/// Score of a cutting throw-in (a sacrifice: below the solid moves).
const THROW_IN_SCORE: i32 = 25;

/// Score bonus of the killer attack (see [`Reader::boost_att_killer`]).
const ATT_KILLER_BONUS: i32 = 8;

impl Reader {
    /// Win the liberty race around the target. An attacker string next to
    /// the target that is itself short of liberties (two at most) is in a
    /// race with the other defender strings around it: if one of them
    /// captures it, the target escapes. Take a liberty from such a defender
    /// string (three liberties at most) from the outside, on a point that
    /// is not a liberty of the attacker's own short string (filling a
    /// shared liberty would cost the attacker as much). When that outside
    /// liberty is self-atari for the attacker, approach it from a
    /// neighbouring point instead. Each move comes with the number of the
    /// attacker's liberties after it as a tie-break.
    pub(crate) fn race_outside_moves(&self, s: Point, att: Color, out: &mut Vec<(Point, i32)>) {
        let b = &self.board;
        let def = att.opponent();
        for (h, n) in self.neighbours_of_color(s, att) {
            if n != 2 {
                continue;
            }
            for (e, en) in self.neighbours_of_color(h, def) {
                if !(2..=3).contains(&en) || b.same_string(e, s) {
                    continue;
                }
                for l in b.liberties(e) {
                    if b.liberties(h).any(|hl| hl == l) {
                        continue;
                    }
                    let own = self.libs_after(att, l, 3) as i32;
                    if own >= 2 {
                        out.push((l, RACE_SCORE + own));
                        continue;
                    }
                    // Self-atari: approach the liberty from outside.
                    for a in b.neighbors(l) {
                        if b.cell(a) != Cell::Empty {
                            continue;
                        }
                        let own = self.libs_after(att, a, 3) as i32;
                        if own >= 2 {
                            out.push((a, RACE_SCORE - 10 + own));
                        }
                    }
                }
            }
        }
    }
}

impl Reader {
    /// Throw-in that cuts: a loosely connected friend of the target (see
    /// [`Reader::superstring_mates`]) with two liberties is put in atari
    /// even by a stone that is itself in atari. Taking the thrown-in stone
    /// costs the defender a move (or fills its own liberty), and if it
    /// connects the friend instead, the joined string is shorter of
    /// liberties. Only tried at the root (a sacrifice widens the search).
    pub(crate) fn cut_throw_in_moves(&self, s: Point, att: Color, out: &mut Vec<(Point, i32)>) {
        let b = &self.board;
        for m in self.superstring_mates(s) {
            if b.liberty_count(m) != 2 {
                continue;
            }
            for l in b.liberties(m) {
                if b.liberties(s).any(|sl| sl == l) {
                    continue;
                }
                if self.libs_after(att, l, 2) == 1 {
                    out.push((l, THROW_IN_SCORE));
                }
            }
        }
    }

    /// Ordering of the liberties of a target with three or more liberties:
    /// the attacker first takes the liberty where the defender would gain
    /// most by extending (its own best point), three points per liberty the
    /// defender would have there against four liberties or more, one point
    /// against three (where the atari and net scores decide more).
    pub(crate) fn block_bonus(&self, def: Color, l: Point, nlibs: usize) -> i32 {
        let w = if nlibs >= 4 { 3 } else { 1 };
        w * self.libs_after(def, l, 6) as i32
    }
}

impl Reader {
    /// Remember `m` as the attack that just refuted a defence, at the
    /// depth of the position it was played in.
    pub(crate) fn note_att_killer(&mut self, m: Point) {
        let d = self.stackp() as usize;
        if self.att_killers.len() <= d {
            self.att_killers.resize(d + 1, Point(0));
        }
        self.att_killers[d] = m;
    }

    /// Killer-move ordering for the attacker: the attack that refuted the
    /// defender's previous try at this depth often refutes the next one
    /// too (the defender's alternatives mostly leave the same weakness),
    /// so it moves up among the candidates (and may so enter the list
    /// kept after ordering). It adds no candidate. Only against a string
    /// with one or two liberties, where the tries are forcing and sibling
    /// positions most alike (the lists against longer strings are left
    /// as the static ordering made them).
    pub(crate) fn boost_att_killer(&self, nlibs: usize, cand: &mut Candidates) {
        if nlibs >= 3 {
            return;
        }
        let d = self.stackp() as usize + 1;
        if let Some(&k) = self.att_killers.get(d) {
            if k != Point(0) {
                cand.boost(k, ATT_KILLER_BONUS);
            }
        }
    }
}
