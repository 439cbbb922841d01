//! Queries built on attack and defence: attacking either of two strings,
//! defending both, whether a given move attacks or defends, whether a move
//! is safe, whether a cut is possible.

use katachi_board::{Cell, Color, Point};

use super::{Code, Outcome, Reader};

impl Reader {
    /// Can the opponent of the strings at `a` and `b` (same colour) capture
    /// at least one of them, moving first? Tries each alone, then moves that
    /// threaten both at once.
    pub fn attack_either(&mut self, a: Point, b: Point) -> Code {
        self.query(a, |r, a| Outcome {
            code: r.attack_either_inner(a, b, true),
            mv: None,
        })
        .code
    }

    /// Can the owner of the strings at `a` and `b` save both, moving first?
    pub fn defend_both(&mut self, a: Point, b: Point) -> Code {
        self.query(a, |r, a| Outcome {
            code: r.defend_both_inner(a, b),
            mv: None,
        })
        .code
    }

    /// Does `m`, played by the opponent of the string at `s`, capture it or
    /// leave it unable to escape? Returns the attack code (0 for an illegal move).
    pub fn does_attack(&mut self, m: Point, s: Point) -> Code {
        let Some(def) = self.color_at(s) else {
            return Code::Fail;
        };
        self.query(s, |r, s| {
            let code = r.after_move(def.opponent(), m, |r| {
                if r.board.cell(s) == Cell::Empty {
                    Code::Win
                } else {
                    r.do_defend(s).code.reverse()
                }
            });
            Outcome { code, mv: None }
        })
        .code
    }

    /// Does `m`, played by the owner of the string at `s`, make it safe?
    /// Returns the defence code (0 for an illegal move).
    pub fn does_defend(&mut self, m: Point, s: Point) -> Code {
        let Some(def) = self.color_at(s) else {
            return Code::Fail;
        };
        self.query(s, |r, s| {
            let code = r.after_move(def, m, |r| {
                if r.board.cell(s) == Cell::Empty {
                    Code::Fail
                } else {
                    r.do_attack(s).code.reverse()
                }
            });
            Outcome { code, mv: None }
        })
        .code
    }

    /// Is a stone of `c` at `p` legal and safe from immediate capture?
    /// Returns the defence code of the new stone: a stone that can only be
    /// taken through ko counts as safe (with a ko grade), as in GNU Go.
    pub fn safe_move(&mut self, p: Point, c: Color) -> Code {
        if !self.board.on_board(p) || self.board.cell(p) != Cell::Empty {
            return Code::Fail;
        }
        self.meter.start();
        let code = self.after_move(c, p, |r| r.do_attack(p).code.reverse());
        self.meter.finish();
        code
    }

    /// Play a legal move (no conditional ko) and evaluate `f` after it.
    fn after_move(&mut self, c: Color, m: Point, f: impl FnOnce(&mut Reader) -> Code) -> Code {
        if !self.board.on_board(m) || !self.board.is_legal(c, katachi_board::Move::Play(m)) {
            return Code::Fail;
        }
        let Some(_) = self.play(c, m) else {
            return Code::Fail;
        };
        let code = f(self);
        self.pop();
        code
    }

    /// Attack either of two strings; with `threats`, also moves that
    /// threaten both (only at the root, to keep the recursion bounded).
    fn attack_either_inner(&mut self, a: Point, b: Point, threats: bool) -> Code {
        let (Some(ca), Some(cb)) = (self.board.cell(a).color(), self.board.cell(b).color()) else {
            return Code::Win;
        };
        let mut best = self.do_attack(a).code;
        if best == Code::Win || ca != cb {
            return best.max(if ca != cb {
                self.do_attack(b).code
            } else {
                Code::Fail
            });
        }
        best = best.max(self.do_attack(b).code);
        if best == Code::Win || !threats {
            return best;
        }
        let att = ca.opponent();
        let mut moves = self.libs_of(a);
        for l in self.libs_of(b) {
            if !moves.contains(&l) {
                moves.push(l);
            }
        }
        if moves.len() > 8 {
            return best;
        }
        for m in moves {
            let Some(p) = self.play(att, m) else { continue };
            let code = if self.board.cell(a) == Cell::Empty || self.board.cell(b) == Cell::Empty {
                Code::Win
            } else {
                self.defend_both_inner(a, b).reverse()
            };
            if self.settle_code(&mut best, code, p.conditional) {
                break;
            }
        }
        best
    }

    /// Defend both strings, owner to move.
    fn defend_both_inner(&mut self, a: Point, b: Point) -> Code {
        let Some(def) = self.board.cell(a).color() else {
            return Code::Fail;
        };
        if self.board.cell(b).color().is_none() {
            return Code::Fail;
        }
        let ra = self.do_attack(a).code;
        let rb = self.do_attack(b).code;
        if ra == Code::Fail && rb == Code::Fail {
            return Code::Win;
        }
        let mut moves = Vec::new();
        for s in [a, b] {
            let libs = self.libs_of(s);
            for m in self.defense_moves(s, def, &libs, &[]) {
                if !moves.contains(&m) {
                    moves.push(m);
                }
            }
        }
        let mut best = Code::Fail;
        for m in moves {
            let Some(p) = self.play(def, m) else { continue };
            let code = if self.board.cell(a) == Cell::Empty || self.board.cell(b) == Cell::Empty {
                Code::Fail
            } else {
                self.attack_either_inner(a, b, false).reverse()
            };
            if self.settle_code(&mut best, code, p.conditional) {
                break;
            }
        }
        best
    }
}
