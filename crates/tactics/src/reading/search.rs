//! The recursive attack and defence searches (GNU Go's `do_attack` and
//! `do_find_defense`): each side tries its candidates, the other answers,
//! the best code wins; ko results are graded with [`Code::reverse`].

use katachi_board::{Cell, Color, Point};

use super::cache::Query;
use super::{Code, Outcome, Reader};
use crate::search::{FAIL, WIN};

/// Move a remembered best move to the front of the candidates.
fn hint_first(moves: &mut Vec<Point>, hint: Option<Point>) {
    if let Some(h) = hint {
        if let Some(i) = moves.iter().position(|&m| m == h) {
            let m = moves.remove(i);
            moves.insert(0, m);
        }
    }
}

impl Reader {
    /// Whether an attack on a string with `libs` liberties is given up at
    /// the current depth (GNU Go's cut-offs: five liberties are always
    /// enough, four beyond `fourlib_depth`, three beyond `depth`).
    pub(crate) fn attack_hopeless(&self, libs: usize) -> bool {
        let sp = self.stackp();
        libs >= 5
            || (libs == 4 && sp > self.cfg.fourlib_depth)
            || (libs == 3 && sp > self.cfg.depth)
            || sp >= self.cfg.max_stackp
    }

    /// Attack the string at `s` with its opponent to move.
    pub(crate) fn do_attack(&mut self, s: Point) -> Outcome {
        let Some(def) = self.board.cell(s).color() else {
            // Already captured.
            return WIN;
        };
        let att = def.opponent();
        if self.attack_hopeless(self.board.liberty_count(s)) {
            return FAIL;
        }
        let libs = self.lib_list(s);
        if !self.spend_node() {
            return FAIL;
        }
        let key = self.key(Query::Attack, s);
        let hint = match self.cache_probe(&key) {
            Ok(o) => return o,
            Err(h) => h,
        };
        let out = if libs.len() == 1 {
            let direct = self.capture_at(att, s, libs[0]);
            let best = if direct.code != Code::Win && self.stackp() <= self.cfg.backfill_depth {
                // The capture is only a ko, walks into a snapback or is
                // illegal: look for a better way, such as first taking away
                // the defender's counter-capture.
                let extra = self.pattern_moves(s, att, true);
                let mut moves: Vec<Point> = self
                    .attack_moves(s, att, &libs, &extra)
                    .into_iter()
                    .filter(|&m| m != libs[0])
                    .collect();
                self.add_ko_blocked_moves(s, libs[0], &mut moves);
                let other = self.try_attacks(s, att, &moves);
                if other.code > direct.code {
                    other
                } else {
                    direct
                }
            } else {
                direct
            };
            self.finish_ko_capture(s, direct, best)
        } else {
            let extra = self.pattern_moves(s, att, true);
            let mut moves = self.attack_moves(s, att, &libs, &extra);
            hint_first(&mut moves, hint);
            self.try_attacks(s, att, &moves)
        };
        self.cache_put(key, out);
        out
    }

    /// Capture a string in atari by playing its last liberty.
    fn capture_at(&mut self, att: Color, s: Point, lib: Point) -> Outcome {
        match self.play(att, lib) {
            Some(p) => {
                let captured = self.board.cell(s) == Cell::Empty && !self.snapped_back(lib);
                self.pop();
                if !captured {
                    return FAIL;
                }
                let code = if p.conditional {
                    Code::KoB
                } else if p.ko_capture {
                    Code::KoA
                } else {
                    Code::Win
                };
                Outcome {
                    code,
                    mv: Some(lib),
                }
            }
            None => FAIL,
        }
    }

    /// After a capture at `m`: is the capturing string (of more than one
    /// stone) left in atari, so that the defender takes it back (snapback)?
    fn snapped_back(&self, m: Point) -> bool {
        self.board.string_size(m) > 1 && self.board.liberty_count(m) == 1
    }

    /// Try the attacker's moves in order; stop at the first clean win.
    pub(crate) fn try_attacks(&mut self, s: Point, att: Color, moves: &[Point]) -> Outcome {
        let mut best = FAIL;
        for &m in moves {
            let Some(p) = self.play(att, m) else { continue };
            let code = if self.board.cell(s) == Cell::Empty {
                if self.snapped_back(m) {
                    Code::Fail
                } else if p.ko_capture {
                    Code::KoA
                } else {
                    Code::Win
                }
            } else {
                self.do_defend(s).code.reverse()
            };
            if code == Code::Win {
                self.note_att_killer(m);
            }
            if super::TRACE && self.stackp() <= super::trace_depth() {
                eprintln!(
                    "{}att {} -> {:?} ({} nodes)",
                    " ".repeat(self.stackp() as usize * 2),
                    self.board.vertex(m),
                    code,
                    self.meter.query.nodes
                );
            }
            if self.settle_attack(&mut best, s, m, code, p.conditional) {
                break;
            }
        }
        best
    }

    /// Defend the string at `s` with its owner to move.
    pub(crate) fn do_defend(&mut self, s: Point) -> Outcome {
        let Some(def) = self.board.cell(s).color() else {
            return FAIL;
        };
        let libs = self.lib_list(s);
        // Deep in the tree, a string the attacker would give up on is safe
        // already. At the root a move is still wanted.
        if self.stackp() > 0 && self.attack_hopeless_next(libs.len()) {
            return WIN;
        }
        if !self.spend_node() {
            return WIN;
        }
        let key = self.key(Query::Defend, s);
        let hint = match self.cache_probe(&key) {
            Ok(o) => return o,
            Err(h) => h,
        };
        let mut extra = self.pattern_moves(s, def, false);
        self.add_ko_defense_moves(s, &libs, &mut extra);
        let mut moves = self.defense_moves(s, def, &libs, &extra);
        hint_first(&mut moves, hint);
        let mut out = self.try_defenses(s, def, &moves);
        if out.code != Code::Win && self.stackp() > self.cfg.vital_depth && self.eyes_only(s, &libs)
        {
            // Passing is a defence too: when every liberty is a point the
            // attacker may not play, moving can only hurt; the string lives
            // unless the attacker has some other way in. The pass lifts
            // the ko ban, as any move elsewhere does.
            if self.after_pass(def, |r| r.do_attack(s).code) == Code::Fail {
                out = WIN;
            }
        }
        if out.code != Code::Win && self.stackp() <= self.cfg.vital_depth {
            // The attacker's key point is often the defender's too
            // (occupying the point of a net, a throw-in or a placement):
            // when the general candidates fall short, read the attack and
            // try its move, then the attacker's other candidates, as
            // defences.
            let threat = self.do_attack(s);
            if self.stackp() > 0 && threat.code == Code::Fail {
                // Passing is a defence too: if the attacker, moving again,
                // cannot capture, no move was needed (eyes, seki). A pass
                // that only leads to a ko is not counted: the attacker's
                // ko capture then comes with tempo.
                out = WIN;
            }
            let mut vital: Vec<Point> = threat.mv.into_iter().collect();
            // The attacker's other candidates name the points it needs.
            vital.extend(self.attack_moves(s, def.opponent(), &libs, &[]));
            let mut tried = moves.clone();
            vital.retain(|&m| {
                let new = !tried.contains(&m);
                tried.push(m);
                new
            });
            let o = self.try_defenses(s, def, &vital);
            if o.code > out.code {
                out = o;
            }
        }
        self.cache_put(key, out);
        out
    }

    /// Whether every liberty of the string at `s` is a point where its
    /// attacker may not play (a suicide that captures nothing), or, with
    /// two liberties or more, where it would only put two or more of its
    /// stones in atari (send two, return one): then the string cannot lose
    /// a liberty by a direct move that sticks.
    fn eyes_only(&self, s: Point, libs: &[Point]) -> bool {
        let Some(def) = self.board.cell(s).color() else {
            return false;
        };
        let att = def.opponent();
        !libs.is_empty()
            && libs.iter().all(|&l| {
                self.board.check_move(att, katachi_board::Move::Play(l))
                    == Err(katachi_board::IllegalMove::Suicide)
                    || (libs.len() >= 2 && self.sends_two(att, l))
            })
    }

    /// Like [`Reader::attack_hopeless`] for an attack that starts one move
    /// deeper (after the defender's move).
    fn attack_hopeless_next(&self, libs: usize) -> bool {
        let sp = self.stackp() + 1;
        libs >= 5
            || (libs == 4 && sp > self.cfg.fourlib_depth)
            || (libs == 3 && sp > self.cfg.depth)
    }

    /// Try the defender's moves in order; stop at the first clean win.
    pub(crate) fn try_defenses(&mut self, s: Point, def: Color, moves: &[Point]) -> Outcome {
        let mut best = FAIL;
        for &m in moves {
            let Some(p) = self.play(def, m) else { continue };
            let code = if self.board.cell(s) == Cell::Empty {
                Code::Fail
            } else {
                self.do_attack(s).code.reverse()
            };
            if code == Code::Win {
                self.note_killer(m);
            }
            if super::TRACE && self.stackp() <= super::trace_depth() {
                eprintln!(
                    "{}def {} -> {:?} ({} nodes)",
                    " ".repeat(self.stackp() as usize * 2),
                    self.board.vertex(m),
                    code,
                    self.meter.query.nodes
                );
            }
            if self.settle(&mut best, m, code, p.conditional) {
                break;
            }
        }
        best
    }
}
