//! The autohelper evaluator of the tactical layer (its last stage):
//! [`TacticalEval`] answers every function that needs only the board, the
//! reading, the worms and connection reading. It computes the worm and
//! connection functions (`potential_cutstone`, `xplay_connect`,
//! `disconnect_helper`, ...) and delegates the rest to the reading-level
//! [`ReadingEval`], whose exhaustive match over the registry's typed
//! [`Function`] says which later stage computes each function it cannot
//! answer. The engine's evaluator wraps this one in turn.

use katachi_board::{Color, Point};
use katachi_patterns::expr::{Arg, Autohelper, EvalError, Function, FunctionId, Value};

use crate::connection;
use crate::reading::eval::{int, point, ReadingEval};
use crate::reading::{Code, Reader};
use crate::worms::cutstone2;

/// Evaluation context of one pattern match at the tactical level: the
/// reader (whose board is the position matched) and the colour of the
/// pattern's `O`.
#[derive(Debug)]
pub struct TacticalEval<'a> {
    base: ReadingEval<'a>,
}

impl<'a> TacticalEval<'a> {
    /// Evaluate for a pattern whose `O` stones are `o`'s.
    pub fn new(reader: &'a mut Reader, o: Color) -> TacticalEval<'a> {
        TacticalEval {
            base: ReadingEval::new(reader, o),
        }
    }

    /// The reading-level evaluator beneath (its reader, colours and play
    /// sequences).
    pub fn base(&mut self) -> &mut ReadingEval<'a> {
        &mut self.base
    }

    /// Connection reading between the strings at `a` and `b`: can they be
    /// connected (`connect`) or disconnected? A string gone from the board
    /// cannot be connected, and counts as disconnected.
    fn connection_code(&mut self, a: Point, b: Point, connect: bool) -> Code {
        let gone = self.base.stone(a).is_none() || self.base.stone(b).is_none();
        match (gone, connect) {
            (true, true) => Code::Fail,
            (true, false) => Code::Win,
            (false, true) => connection::string_connect(self.base.reader(), a, b).0,
            (false, false) => connection::disconnect(self.base.reader(), a, b).0,
        }
    }

    /// Calls `f`: the worm and connection functions here, the rest as
    /// [`ReadingEval::call`] answers them.
    pub fn call(&mut self, f: Function, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        use Function as F;
        Ok(match f {
            F::PotentialCutstone => Value::Bool(cutstone2(self.base.reader(), point(args, 0)?) > 1),
            F::XplayConnect | F::OplayConnect | F::XplayDisconnect | F::OplayDisconnect => {
                let first = self
                    .base
                    .side(matches!(f, F::XplayConnect | F::XplayDisconnect));
                let (moves, targets) = args.split_at(args.len().saturating_sub(2));
                let (a, b) = (point(targets, 0)?, point(targets, 1)?);
                let n = self.base.play_sequence(first, moves);
                let connect = matches!(f, F::XplayConnect | F::OplayConnect);
                let code = self.connection_code(a, b, connect);
                self.base.unplay(n);
                int(code)
            }
            F::DisconnectHelper => {
                let (a, b) = (point(args, 0)?, point(args, 1)?);
                int(self.connection_code(a, b, false))
            }
            _ => return self.base.call(f, args),
        })
    }
}

impl Autohelper for TacticalEval<'_> {
    type Point = Point;

    fn call(&mut self, f: FunctionId, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        TacticalEval::call(self, f.function(), args)
    }
}
