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
}

impl Komaster {
    /// Compact encoding for cache keys.
    pub(crate) fn code(self) -> u8 {
        match self {
            Komaster::Empty => 0,
            Komaster::Owner(Color::Black) => 1,
            Komaster::Owner(Color::White) => 2,
            Komaster::Gray => 3,
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
}

impl Reader {
    /// Moves played by the reading on top of the queried position.
    pub(crate) fn stackp(&self) -> u32 {
        self.stack.len() as u32
    }

    /// The single stone `c` would capture at `p` as a ko, if the move at `p`
    /// captures exactly one lone stone (a ko capture when the new stone ends
    /// with that point as its only liberty).
    fn single_capture(&self, c: Color, p: Point) -> Option<Point> {
        let b = &self.board;
        let opp = c.opponent().cell();
        let mut found = None;
        let mut count = 0;
        for n in b.neighbors(p) {
            if b.cell(n) == opp && b.liberty_count(n) == 1 {
                if b.string_size(n) != 1 {
                    return None;
                }
                if found != Some(n) {
                    count += 1;
                    found = Some(n);
                }
            }
        }
        if count == 1 {
            found
        } else {
            None
        }
    }

    /// Whether the ko rules of the reading let `c` capture the ko stone at
    /// `captured`, and the ko state afterwards.
    fn ko_permission(
        &self,
        c: Color,
        p: Point,
        captured: Point,
        conditional: bool,
    ) -> Option<KoState> {
        let cur = self.ko;
        match cur.master {
            Komaster::Empty => {
                if conditional {
                    Some(KoState {
                        master: Komaster::Owner(c),
                        pos: Some(captured),
                    })
                } else {
                    Some(cur)
                }
            }
            Komaster::Owner(m) if m == c => {
                // Only a nested ko: the new ko stone is diagonal to the old one.
                let old = cur.pos?;
                let (r0, c0) = self.board.row_col(old);
                let (r1, c1) = self.board.row_col(captured);
                if r0.abs_diff(r1) == 1 && c0.abs_diff(c1) == 1 {
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

    /// Play `c` at `p` for the reading, honouring the ko scheme; conditional
    /// ko captures are tried only below `ko_depth`. Returns `None` (board
    /// unchanged) when the move may not be played.
    pub(crate) fn play(&mut self, c: Color, p: Point) -> Option<Played> {
        let saved = self.ko;
        self.stats.moves += 1;
        match self.board.check_move(c, Move::Play(p)) {
            Ok(()) => {
                let single = self.single_capture(c, p);
                // `check_move` has just accepted it.
                self.board.play_unchecked(c, Move::Play(p));
                let ko_capture = single.is_some()
                    && self.board.string_size(p) == 1
                    && self.board.liberty_count(p) == 1;
                if ko_capture {
                    match self.ko_permission(c, p, single.unwrap_or(p), false) {
                        Some(state) => self.ko = state,
                        None => {
                            let _ = self.board.undo();
                            return None;
                        }
                    }
                } else if saved.master != Komaster::Empty && saved.pos == Some(p) {
                    self.ko = KoState::default();
                }
                self.stack.push(Frame { saved });
                Some(Played {
                    conditional: false,
                    ko_capture,
                })
            }
            Err(IllegalMove::Ko) => {
                if self.stackp() >= self.cfg.ko_depth {
                    return None;
                }
                let captured = self.single_capture(c, p)?;
                let state = self.ko_permission(c, p, captured, true)?;
                // As if a ko threat had been made and answered: the capture
                // is legal in every respect but the ko rule.
                self.board.play_unchecked(c, Move::Play(p));
                self.ko = state;
                self.stack.push(Frame { saved });
                Some(Played {
                    conditional: true,
                    ko_capture: true,
                })
            }
            Err(_) => None,
        }
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
        let mut c = best.code;
        let stop = self.settle_code(&mut c, code, conditional);
        if c > best.code {
            *best = Outcome {
                code: c,
                mv: Some(m),
            };
        }
        stop
    }
}
