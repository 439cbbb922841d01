//! Playing moves inside the reading: legality, ko captures and the
//! "komaster" bookkeeping that lets the search take a ko conditionally (as if
//! a ko threat had been made and answered) without looping.
//!
//! The scheme follows the principles of reading.texi ("Ko"): the first
//! player to take a ko conditionally becomes komaster; the opponent may not
//! retake that ko; the komaster may only go on with a nested ko; if the other
//! side takes a different ko both have spent their threat (gray) and no more
//! ko captures are allowed; filling the ko point ends the komaster state.

use katachi_board::{Color, IllegalMove, Move, Point};

use super::{Code, Outcome, Reader};
use crate::predicates;
use crate::search::FAIL;

/// Candidate score of the moves of [`Reader::add_ko_defense_moves`]: above
/// the general defence candidates other than captures.
const KO_DEFENSE_SCORE: i32 = 60;

/// Who, if anyone, has taken a ko conditionally in the current variation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum Komaster {
    /// Nobody: any ko capture is allowed.
    #[default]
    Empty,
    /// This colour took a ko conditionally.
    Owner(Color),
    /// Both sides took a ko: no further ko captures.
    Gray,
    /// Two kos were taken in a row without a threat (GNU Go's WEAK_KO):
    /// a further ko may be taken without a threat only if it is nested, so
    /// that two kos cannot be taken back and forth for ever.
    Weak,
}

impl Komaster {
    /// Compact encoding for cache keys.
    pub(crate) fn code(self) -> u8 {
        match self {
            Komaster::Empty => 0,
            Komaster::Owner(Color::Black) => 1,
            Komaster::Owner(Color::White) => 2,
            Komaster::Gray => 3,
            Komaster::Weak => 4,
        }
    }
}

/// Komaster and the point of the stone it captured last (where the other
/// side would retake).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct KoState {
    pub(crate) master: Komaster,
    pub(crate) pos: Option<Point>,
}

/// How a move the reading made came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    /// The move took a ko that was illegal on the board (a threat was assumed).
    pub(crate) conditional: bool,
    /// The move captured a single stone in a ko shape.
    pub(crate) ko_capture: bool,
}

/// Journal entry so that `pop` can restore the board and the ko state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    saved: KoState,
    /// The move was a ko capture allowed on the board (not conditional).
    ko_capture: bool,
}

impl Reader {
    /// Moves played by the reading on top of the queried position.
    pub(crate) fn stackp(&self) -> u32 {
        self.stack.len() as u32
    }

    /// Whether `c` playing at `p` is a legal ko capture
    /// ([`predicates::takes_ko`] on the reader's board).
    fn is_ko_capture(&self, c: Color, p: Point) -> bool {
        predicates::takes_ko(&self.board, c, p)
    }

    /// Whether the ko rules of the reading let `c` capture the ko stone at
    /// `captured`, and the ko state afterwards.
    ///
    /// `prev_ko` is the point where the ko rule of the board forbade `c` to
    /// play before this move: set when the previous move was a ko capture.
    /// An unconditional capture right after another ko capture makes the
    /// state [`Komaster::Weak`], remembering that point.
    fn ko_permission(
        &self,
        c: Color,
        p: Point,
        captured: Point,
        conditional: bool,
        prev_ko: Option<Point>,
    ) -> Option<KoState> {
        let cur = self.ko;
        match cur.master {
            Komaster::Empty | Komaster::Weak if conditional => Some(KoState {
                master: Komaster::Owner(c),
                pos: Some(captured),
            }),
            Komaster::Empty => match prev_ko {
                Some(k) => Some(KoState {
                    master: Komaster::Weak,
                    pos: Some(k),
                }),
                None => Some(cur),
            },
            Komaster::Weak => {
                if self.nested(cur.pos?, captured) {
                    Some(KoState {
                        master: Komaster::Weak,
                        pos: prev_ko.or(cur.pos),
                    })
                } else {
                    None
                }
            }
            Komaster::Owner(m) if m == c => {
                // Only a nested ko: the new ko stone is diagonal to the old one.
                if self.nested(cur.pos?, captured) {
                    Some(KoState {
                        master: cur.master,
                        pos: Some(captured),
                    })
                } else {
                    None
                }
            }
            Komaster::Owner(_) => {
                if cur.pos == Some(p) {
                    None
                } else {
                    Some(KoState {
                        master: Komaster::Gray,
                        pos: cur.pos,
                    })
                }
            }
            Komaster::Gray => None,
        }
    }

    /// Whether a ko stone captured at `new` is nested in the ko whose stone
    /// was captured at `old` (the two points are diagonal neighbours).
    fn nested(&self, old: Point, new: Point) -> bool {
        let (r0, c0) = self.board.row_col(old);
        let (r1, c1) = self.board.row_col(new);
        r0.abs_diff(r1) == 1 && c0.abs_diff(c1) == 1
    }

    /// Play `c` at `p` for the reading, honouring the ko scheme; conditional
    /// ko captures are tried only below `ko_depth`. Returns `None` (board
    /// unchanged) when the move may not be played.
    pub(crate) fn play(&mut self, c: Color, p: Point) -> Option<Played> {
        let saved = self.ko;
        let prev_ko = self.board.ko_point_for(c);
        self.meter.query.moves += 1;
        match self.board.check_move(c, Move::Play(p)) {
            Ok(()) => {
                // `check_move` has just accepted it.
                self.board.play_unchecked(c, Move::Play(p));
                // The board sets a ko point for the opponent exactly when
                // the move captured one lone stone and the new stone is a
                // lone stone with one liberty: a ko capture, the captured
                // point being the ko point (no `single_capture` walk).
                let single = self.board.ko_point_for(c.opponent());
                let ko_capture = single.is_some();
                if let Some(captured) = single {
                    match self.ko_permission(c, p, captured, false, prev_ko) {
                        Some(state) => self.ko = state,
                        None => {
                            let _ = self.board.undo();
                            return None;
                        }
                    }
                } else if saved.master == Komaster::Weak
                    || (saved.master != Komaster::Empty && saved.pos == Some(p))
                {
                    // A move that takes no ko ends a weak ko state; filling
                    // the ko point ends any.
                    self.ko = KoState::default();
                }
                self.stack.push(Frame { saved, ko_capture });
                Some(Played {
                    conditional: false,
                    ko_capture,
                })
            }
            Err(IllegalMove::Ko) => {
                if self.stackp() >= self.cfg.ko_depth {
                    return None;
                }
                let captured = predicates::single_stone_capture(&self.board, c, p)?;
                let state = self.ko_permission(c, p, captured, true, prev_ko)?;
                // As if a ko threat had been made and answered: the capture
                // is legal in every respect but the ko rule.
                self.board.play_unchecked(c, Move::Play(p));
                self.ko = state;
                self.stack.push(Frame {
                    saved,
                    ko_capture: false,
                });
                Some(Played {
                    conditional: true,
                    ko_capture: true,
                })
            }
            Err(_) => None,
        }
    }

    /// Grade an attack that has just captured the target, the lone stone
    /// that stood at `q`, by a ko capture (the capturing stone is on the
    /// board). The defender may retake at `q` only with a ko threat: if the
    /// attacker then still captures outright, the ko was never needed and
    /// the capture is a clean win; otherwise it is KO_A. When the retake
    /// may not be tried (beyond `ko_depth`, or forbidden by the ko state)
    /// the capture stays KO_A.
    pub(crate) fn grade_ko_capture(&mut self, q: Point, def: Color) -> Code {
        let Some(_) = self.play(def, q) else {
            return Code::KoA;
        };
        let after = if self.board.cell(q).color() == Some(def) {
            self.do_attack(q).code
        } else {
            Code::Win
        };
        self.pop();
        if after == Code::Win {
            Code::Win
        } else {
            Code::KoA
        }
    }

    /// The attacker's capture of the lone stone `s` at `lib` is a ko
    /// capture, or would be one: the defender answers it by retaking, or by
    /// connecting at `lib`. Add the moves that take liberties from the
    /// defender's strings next to `lib`, so that connecting there no
    /// longer saves anything (GNU Go tries these when the capture is only a
    /// ko or not allowed at all).
    pub(crate) fn add_ko_blocked_moves(&self, s: Point, lib: Point, moves: &mut Vec<Point>) {
        let b = &self.board;
        let Some(def) = b.cell(s).color() else {
            return;
        };
        if b.string_size(s) != 1 || self.libs_after(def.opponent(), lib, 2) != 1 {
            return;
        }
        for n in b.neighbors(lib) {
            if b.cell(n).color() != Some(def) || b.same_string(n, s) || b.liberty_count(n) > 3 {
                continue;
            }
            for l in b.liberties(n) {
                if l != lib && !moves.contains(&l) {
                    moves.push(l);
                }
            }
        }
    }

    /// The defender's side of [`Reader::add_ko_blocked_moves`]: the lone
    /// stone `s` in atari can only be taken by a ko capture at its liberty,
    /// and connecting there would leave too few liberties, because the
    /// friends next to the liberty are short of them. Giving those friends
    /// liberties first makes the connection, and so the ko, work (a ko that
    /// is won saves the stone only then); these moves come before the
    /// general candidates.
    pub(crate) fn add_ko_defense_moves(
        &self,
        s: Point,
        libs: &[Point],
        extra: &mut Vec<(Point, i32)>,
    ) {
        let b = &self.board;
        let (&[lib], Some(def)) = (libs, b.cell(s).color()) else {
            return;
        };
        if b.string_size(s) != 1
            || self.libs_after(def.opponent(), lib, 2) != 1
            || self.libs_after(def, lib, 2) >= 2
        {
            return;
        }
        for n in b.neighbors(lib) {
            if b.cell(n).color() != Some(def) || b.same_string(n, s) || b.liberty_count(n) > 2 {
                continue;
            }
            for l in b.liberties(n) {
                if l != lib && self.libs_after(def, l, 3) >= 2 {
                    extra.push((l, KO_DEFENSE_SCORE));
                }
            }
        }
    }

    /// The end of an attack on the lone stone `s` in atari: `direct` is
    /// the capture on its liberty, `best` the best of all the attacker's
    /// tries. A capture graded KO_A is looked at again only when nothing
    /// better was found (a clean win is preferred to a ko that turns out
    /// not to matter): if the defender's retake cannot save the stone, the
    /// capture wins outright ([`Reader::grade_ko_capture`]).
    pub(crate) fn finish_ko_capture(
        &mut self,
        s: Point,
        direct: Outcome,
        best: Outcome,
    ) -> Outcome {
        let (Code::KoA, Some(lib)) = (direct.code, direct.mv) else {
            return best;
        };
        if best.code == Code::Win {
            return best;
        }
        let Some(def) = self.board.cell(s).color() else {
            return best;
        };
        let Some(p) = self.play(def.opponent(), lib) else {
            return best;
        };
        let code = if p.ko_capture && self.board.cell(s) == katachi_board::Cell::Empty {
            self.grade_ko_capture(s, def)
        } else {
            Code::KoA
        };
        self.pop();
        if code == Code::Win {
            Outcome {
                code,
                mv: Some(lib),
            }
        } else {
            best
        }
    }

    /// The attack asked at the root: [`Reader::do_attack`], and then, when
    /// it only reaches a ko, whether the attacker needs to move at all. If
    /// the defender, moving first, can do no better than a ko in which it
    /// must find the first threat (KO_B), the attacker already has KO_A
    /// without a move; if the defender cannot even get a ko, the string is
    /// lost whoever moves. A pass (no move) is answered only when strictly
    /// better than every move read.
    pub(crate) fn attack_root(&mut self, s: Point) -> Outcome {
        self.root_best = FAIL;
        self.root_sp = self.stackp();
        let out = self.do_attack(s);
        if self.meter.query.exhausted {
            return self.within_limit(out);
        }
        if !matches!(out.code, Code::KoA | Code::KoB) {
            return out;
        }
        let pass = self.after_pass(
            self.board
                .cell(s)
                .color()
                .unwrap_or(Color::White)
                .opponent(),
            |r| r.do_defend(s).code.reverse(),
        );
        if pass > out.code && !self.meter.query.exhausted {
            Outcome {
                code: pass,
                mv: None,
            }
        } else {
            out
        }
    }

    /// The defence asked at the root: [`Reader::do_defend`], and then, when
    /// no move does better than a ko, whether the defender needs to move
    /// at all: if the attacker, moving first, only gets a ko in which it
    /// must find the first threat (KO_B), passing already holds a KO_A.
    /// A pass is answered only when strictly better than every move read
    /// (a string in no danger is still "defended" by a move).
    pub(crate) fn defend_root(&mut self, s: Point) -> Outcome {
        self.root_best = FAIL;
        self.root_sp = self.stackp();
        let out = self.do_defend(s);
        if self.meter.query.exhausted {
            return self.within_limit(out);
        }
        if out.code >= Code::KoA {
            return out;
        }
        let def = self.board.cell(s).color().unwrap_or(Color::Black);
        let pass = self.after_pass(def, |r| r.do_attack(s).code.reverse());
        if pass == Code::KoA && !self.meter.query.exhausted {
            Outcome {
                code: pass,
                mv: None,
            }
        } else {
            out
        }
    }

    /// The answer of a root query that ran into the node limit: the
    /// searches past the limit answer by convention (the attacker fails,
    /// the defender succeeds), so a success read to the end before it (a
    /// ko, say) is preferred to one the convention made; with none, the
    /// convention's answer stands.
    fn within_limit(&self, out: Outcome) -> Outcome {
        if self.root_best.code.is_success() {
            self.root_best
        } else {
            out
        }
    }

    /// Whether `att` playing at the empty point `p` would only put two or
    /// more of its own stones in atari (it joins a stone of its own and is
    /// left with one liberty, capturing nothing that gives more): the
    /// defender takes them and the position comes back ("send two, return
    /// one"), so such a move is no way in.
    pub(crate) fn sends_two(&self, att: Color, p: Point) -> bool {
        self.libs_after(att, p, 2) <= 1
            && self
                .board
                .neighbors(p)
                .iter()
                .any(|&n| self.board.cell(n) == att.cell())
    }

    /// Evaluate `f` after a pass by `c` (a tenuki: a ko threat played
    /// elsewhere and answered, so that the ko ban on the board lapses, as
    /// it does after any move).
    pub(crate) fn after_pass<T>(&mut self, c: Color, f: impl FnOnce(&mut Reader) -> T) -> T {
        let saved = self.ko;
        self.board.play_unchecked(c, Move::Pass);
        self.stack.push(Frame {
            saved,
            ko_capture: false,
        });
        let out = f(self);
        self.pop();
        out
    }

    /// Take back the last move made by `play`.
    pub(crate) fn pop(&mut self) {
        if let Some(f) = self.stack.pop() {
            let _ = self.board.undo();
            self.ko = f.saved;
        }
    }

    /// Take back the move just tried and fold its `code` into `best`: a
    /// result reached only through a conditional ko capture counts as KO_B at
    /// most. True once `best` is a win, so that the caller stops trying moves.
    pub(crate) fn settle_code(&mut self, best: &mut Code, code: Code, conditional: bool) -> bool {
        let code = if conditional {
            code.min(Code::KoB)
        } else {
            code
        };
        self.pop();
        *best = (*best).max(code);
        *best == Code::Win
    }

    /// [`Reader::settle_code`] for an outcome: the move `m` is kept with the
    /// best code it reached.
    pub(crate) fn settle(
        &mut self,
        best: &mut Outcome,
        m: Point,
        code: Code,
        conditional: bool,
    ) -> bool {
        let took_ko = self.stack.last().is_some_and(|f| f.ko_capture);
        let mover = self.board.cell(m).color();
        let mut c = best.code;
        let stop = self.settle_code(&mut c, code, conditional);
        if c == Code::KoA
            && best.code == Code::KoA
            && took_ko
            && !matches!((mover, best.mv), (Some(col), Some(b)) if self.is_ko_capture(col, b))
        {
            // Among moves that reach the same KO_A, the one that takes the
            // ko is the move the grade describes (the opponent must find
            // the first threat); a quiet move that keeps it is the same
            // ko one step removed.
            best.mv = Some(m);
        }
        if self.stackp() == self.root_sp && !self.meter.query.exhausted && c > self.root_best.code {
            // A move at the root read to the end, within the node limit.
            self.root_best = Outcome {
                code: c,
                mv: Some(m),
            };
        }
        if c > best.code {
            *best = Outcome {
                code: c,
                mv: Some(m),
            };
        }
        stop
    }
}

impl Reader {
    /// [`Reader::settle`] for an attack on the string at `s`: among moves
    /// that reach the same ko grade, a liberty of the string is preferred
    /// to a move further away (the plain approach that the grade describes;
    /// a distant move that also reaches it usually only prepares it),
    /// unless the move kept takes the ko itself.
    pub(crate) fn settle_attack(
        &mut self,
        best: &mut Outcome,
        s: Point,
        m: Point,
        code: Code,
        conditional: bool,
    ) -> bool {
        let before = *best;
        let reached = if conditional {
            code.min(Code::KoB)
        } else {
            code
        };
        let stop = self.settle(best, m, code, conditional);
        if *best != before
            || reached != before.code
            || !matches!(reached, Code::KoA | Code::KoB)
            || self.board.cell(s) == katachi_board::Cell::Empty
        {
            return stop;
        }
        let Some(att) = self.board.cell(s).color().map(Color::opponent) else {
            return stop;
        };
        let is_lib = |r: &Reader, p: Point| r.board.liberties(s).any(|l| l == p);
        let kept = before
            .mv
            .is_some_and(|b| is_lib(self, b) || self.is_ko_capture(att, b));
        if !kept && is_lib(self, m) {
            best.mv = Some(m);
        }
        stop
    }
}

#[cfg(test)]
mod tests {
    use katachi_board::Color;

    use super::super::tests::{pt, reader};
    use super::super::Code;
    use super::Komaster;

    /// Two kos on a 9x9 board: X captures at C2 (the O stone at B2), O
    /// captures at G2 (the X stone at H2).
    const TWO_KOS: &str = "\
        .........
        .........
        .........
        .........
        .........
        .........
        .XO...XO.
        XO.O.X.XO
        .XO...XO.";

    #[test]
    fn a_ko_is_ko_a_for_its_taker_and_ko_b_once_taken() {
        let mut r = reader(TWO_KOS);
        let (b2, c2) = (pt(&r, "B2"), pt(&r, "C2"));
        let a = r.attack(b2);
        assert_eq!((a.code, a.mv), (Code::KoA, Some(c2)));
        // Once X has taken, O may retake only after a threat.
        assert!(r.push_move(Color::Black, c2));
        let a = r.attack(c2);
        assert_eq!((a.code, a.mv), (Code::KoB, Some(b2)));
        r.pop_move();
    }

    #[test]
    fn two_ko_captures_in_a_row_make_a_weak_ko() {
        let mut r = reader(TWO_KOS);
        let (b2, c2, g2, h2) = (pt(&r, "B2"), pt(&r, "C2"), pt(&r, "G2"), pt(&r, "H2"));
        let p = r.play(Color::Black, c2).expect("X takes the first ko");
        assert!(p.ko_capture && !p.conditional);
        assert_eq!(r.ko.master, Komaster::Empty);
        // O takes the other ko without a threat, right after a ko capture.
        let p = r.play(Color::White, g2).expect("O takes the second ko");
        assert!(p.ko_capture && !p.conditional);
        assert_eq!((r.ko.master, r.ko.pos), (Komaster::Weak, Some(b2)));
        // X retaking the second ko needs a threat: X becomes komaster.
        let p = r.play(Color::Black, h2).expect("conditional retake");
        assert!(p.conditional);
        assert_eq!(
            (r.ko.master, r.ko.pos),
            (Komaster::Owner(Color::Black), Some(g2))
        );
        r.pop();
        // A move that takes no ko ends the weak state.
        assert!(r.play(Color::Black, pt(&r, "E5")).is_some());
        assert_eq!(r.ko.master, Komaster::Empty);
        r.pop();
        r.pop();
        r.pop();
        assert_eq!(r.ko.master, Komaster::Empty);
        assert_eq!(r.stackp(), 0);
    }
}
