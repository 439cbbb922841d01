//! The engine's autohelper evaluator: [`PatternEval`] answers a pattern
//! constraint or action with everything the engine knows about the
//! position. The functions of the position's analyses (cutting points
//! for `xcut`/`ocut`), of the game (`doing_scoring`, handicap stones) and
//! the actions recorded as [`Effect`]s are answered here; every other
//! function is delegated to the tactical layer's
//! [`TacticalEval`], whose typed, exhaustive dispatch says which stage
//! computes a function it cannot answer. Functions of the dragon, eye,
//! influence and owl stages answer [`EvalError::Unsupported`] until those
//! stages exist, so a pattern using them is skipped and counted by the
//! caller, never silently accepted; an analysis that exists but was not
//! given in the [`Context`] answers [`EvalError::Unavailable`].

use katachi_board::{Color, Point};
use katachi_patterns::expr::{Arg, Autohelper, EvalError, Function, FunctionId, Value};
use katachi_tactics::eval::TacticalEval;
use katachi_tactics::reading::eval::{later, point, stage};
use katachi_tactics::reading::Reader;

use crate::cuts::CutPoints;

/// What is known about the position beyond the board and the reading:
/// analyses computed once per position that some functions read. A
/// function whose analysis is absent reports itself unavailable.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context<'a> {
    /// Cutting points found by a connection database's `B` patterns
    /// (`xcut`, `ocut`).
    pub cuts: Option<&'a CutPoints>,
    /// Whether the engine is estimating the score rather than choosing a
    /// move (`doing_scoring`); analysis and move generation leave it false.
    pub scoring: bool,
    /// The game's handicap stones (`total_handicap_stones`,
    /// `remaining_handicap_stones`); `None` when the position is analysed
    /// without a game, and those functions report themselves unavailable.
    pub handicap: Option<HandicapStones>,
}

/// Handicap stones of a game, for the handicap database's constraints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandicapStones {
    /// Handicap stones the game gives Black.
    pub total: u32,
    /// Of those, how many are still to be placed (free placement).
    pub remaining: u32,
}

/// Evaluation context of one pattern match: the tactical evaluator (its
/// reader's board is the position matched, `O` the pattern's colour) and
/// the position's [`Context`].
#[derive(Debug)]
pub struct PatternEval<'a> {
    tactical: TacticalEval<'a>,
    ctx: Context<'a>,
    effects: Vec<Effect>,
}

/// What an action told the engine, to be applied by whoever runs actions
/// (move generation, later): the evaluator itself changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// `remove_attack(x)`: the supposed tactical attack on the string at
    /// the point does not work.
    RemoveAttack(Point),
    /// `known_safe_move(x)`: the move at the point is safe for the
    /// pattern's `O` even if reading says otherwise.
    KnownSafeMove(Point),
}

impl<'a> PatternEval<'a> {
    /// Evaluate for a pattern whose `O` stones are `o`'s, with nothing
    /// known beyond the board and the reading.
    pub fn new(reader: &'a mut Reader, o: Color) -> PatternEval<'a> {
        PatternEval::with_context(reader, o, Context::default())
    }

    /// Evaluate for a pattern whose `O` stones are `o`'s, with the
    /// analyses of `ctx`.
    pub fn with_context(reader: &'a mut Reader, o: Color, ctx: Context<'a>) -> PatternEval<'a> {
        PatternEval {
            tactical: TacticalEval::new(reader, o),
            ctx,
            effects: Vec::new(),
        }
    }

    /// The effects of the actions evaluated so far, in order.
    pub fn effects(&self) -> &[Effect] {
        &self.effects
    }

    /// Calls `f`: the engine's own functions here, the rest as the
    /// tactical layer answers them.
    pub fn call(&mut self, f: Function, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        use Function as F;
        Ok(match f {
            F::Xcut | F::Ocut => {
                let c = self.tactical.base().side(f == F::Xcut);
                let Some(cuts) = self.ctx.cuts else {
                    return Err(later(f, stage::CUTS));
                };
                Value::Bool(cuts.can_cut(c, point(args, 0)?))
            }
            F::DoingScoring => Value::Bool(self.ctx.scoring),
            F::TotalHandicapStones | F::RemainingHandicapStones => {
                let Some(h) = self.ctx.handicap else {
                    return Err(later(f, stage::GAME));
                };
                let n = if f == F::TotalHandicapStones {
                    h.total
                } else {
                    h.remaining
                };
                Value::Int(n.into())
            }
            F::RemoveAttack => {
                self.effects.push(Effect::RemoveAttack(point(args, 0)?));
                Value::Unit
            }
            F::KnownSafeMove => {
                self.effects.push(Effect::KnownSafeMove(point(args, 0)?));
                Value::Unit
            }
            _ => return self.tactical.call(f, args),
        })
    }
}

impl Autohelper for PatternEval<'_> {
    type Point = Point;

    fn call(&mut self, f: FunctionId, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        PatternEval::call(self, f.function(), args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_board::Board;
    use katachi_patterns::expr::lookup;
    use katachi_tactics::reading::ReadConfig;

    fn id(name: &str) -> Function {
        lookup(name).expect("known function").function()
    }

    #[test]
    fn board_and_reading_functions() {
        let b = Board::from_ascii(
            ".....
             .XO..
             ..X..
             .....
             .....",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        // O is White here: the White stone at C4 has two liberties and
        // is caught (a ladder into the corner stones).
        let mut e = PatternEval::new(&mut r, Color::White);
        let c4 = Arg::Point(v("C4"));
        assert_eq!(e.call(id("lib"), &[c4]), Ok(Value::Int(2)));
        assert_eq!(e.call(id("attack"), &[c4]), Ok(Value::Int(5)));
        assert_eq!(e.call(id("wormsize"), &[c4]), Ok(Value::Int(1)));
        // Black (X) playing D4 captures; White extending there defends.
        let d4 = Arg::Point(v("D4"));
        assert_eq!(e.call(id("xplay_attack"), &[d4, c4]), Ok(Value::Int(5)));
        assert_eq!(e.call(id("oplay_defend"), &[d4, c4]), Ok(Value::Int(5)));
        // Tenuki after O's move: C4 and D4 together have four liberties.
        assert_eq!(
            e.call(id("oplay_attack"), &[d4, Arg::Tenuki, c4]),
            Ok(Value::Int(0))
        );
        assert_eq!(e.call(id("safe_omove"), &[d4]), Ok(Value::Int(5)));
        assert_eq!(e.call(id("olib"), &[d4]), Ok(Value::Int(4)));
        assert_eq!(e.call(id("o_somewhere"), &[d4, c4]), Ok(Value::Bool(true)));
        assert!(matches!(
            e.call(id("status"), &[c4]),
            Err(EvalError::Unsupported(_))
        ));
        // The board is unchanged after all of this.
        assert_eq!(r.board().to_ascii(), b.to_ascii());
    }

    #[test]
    fn actions_and_game_context() {
        let b = Board::new(9).expect("board");
        let p = b.parse_vertex("E5").expect("vertex");
        let e5 = Arg::Point(p);
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let mut e = PatternEval::new(&mut r, Color::Black);
        assert_eq!(e.call(id("known_safe_move"), &[e5]), Ok(Value::Unit));
        assert_eq!(e.effects(), [Effect::KnownSafeMove(p)]);
        // Without a game the handicap is unknown, not zero.
        assert!(matches!(
            e.call(id("total_handicap_stones"), &[]),
            Err(EvalError::Unavailable { .. })
        ));
        let ctx = Context {
            handicap: Some(HandicapStones {
                total: 9,
                remaining: 4,
            }),
            ..Context::default()
        };
        let mut e = PatternEval::with_context(&mut r, Color::Black, ctx);
        assert_eq!(e.call(id("total_handicap_stones"), &[]), Ok(Value::Int(9)));
        assert_eq!(
            e.call(id("remaining_handicap_stones"), &[]),
            Ok(Value::Int(4))
        );
    }
}
