//! Ladders in the strict sense (GTP `ladder_attack`): the attacker may only
//! play atari on a string with two liberties; the defender may only extend
//! or capture a neighbour in atari; three liberties is an escape.

use katachi_board::{Cell, Point};

use super::cache::Query;
use super::{Code, Outcome, Reader};
use crate::search::{FAIL, WIN};

impl Reader {
    /// Ladder attack on the string at `s`, attacker to move.
    pub(crate) fn ladder_attack_inner(&mut self, s: Point) -> Outcome {
        let Some(def) = self.board.cell(s).color() else {
            return WIN;
        };
        let att = def.opponent();
        let libs = self.libs_of(s);
        if libs.len() > 2 || self.stackp() >= self.cfg.max_stackp || !self.spend_node() {
            return FAIL;
        }
        let key = self.key(Query::LadderAttack, s);
        if let Some(o) = self.cache_get(&key) {
            return o;
        }
        let mut best = FAIL;
        for &m in &libs {
            let Some(p) = self.play(att, m) else { continue };
            let code = if self.board.cell(s) == Cell::Empty {
                if p.ko_capture {
                    Code::KoA
                } else {
                    Code::Win
                }
            } else if self.board.liberty_count(m) == 1 && self.libs_of(s).len() >= 2 {
                // The atari stone itself can be taken: no ladder here.
                Code::Fail
            } else {
                self.ladder_defend(s).code.reverse()
            };
            if self.settle(&mut best, m, code, p.conditional) {
                break;
            }
        }
        self.cache_put(key, best);
        best
    }

    /// The defender's reply in a ladder: extend or capture.
    fn ladder_defend(&mut self, s: Point) -> Outcome {
        let Some(def) = self.board.cell(s).color() else {
            return FAIL;
        };
        let libs = self.libs_of(s);
        if libs.len() >= 2 {
            return WIN;
        }
        if !self.spend_node() {
            return WIN;
        }
        let key = self.key(Query::LadderDefend, s);
        if let Some(o) = self.cache_get(&key) {
            return o;
        }
        let mut moves = libs.clone();
        for (h, n) in self.neighbours_of_color(s, def.opponent()) {
            if n == 1 {
                moves.extend(self.board.liberties(h));
            }
        }
        let mut best = FAIL;
        for m in moves {
            let Some(p) = self.play(def, m) else { continue };
            let n = if self.board.cell(s) == Cell::Empty {
                0
            } else {
                self.board.liberty_count(s)
            };
            let code = match n {
                0 | 1 => Code::Fail,
                2 => self.ladder_attack_inner(s).code.reverse(),
                _ => Code::Win,
            };
            if self.settle(&mut best, m, code, p.conditional) {
                break;
            }
        }
        self.cache_put(key, best);
        best
    }
}
