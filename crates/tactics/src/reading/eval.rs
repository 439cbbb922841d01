//! The autohelper functions that need only the board and the tactical
//! reading (`lib`, `xlib`, `ko`, `attack`, `safe_xmove`,
//! `oplay_attack(*,a,?,B)`, ...): [`ReadingEval`], the evaluator the reader
//! uses for the constraints of its own attack and defence databases, and
//! the base that every higher evaluator delegates to.
//!
//! Dispatch is on the registry's typed [`Function`], matched exhaustively:
//! a function added to the registry and forgotten here is a compile error.
//! A function that belongs to a later stage answers
//! [`EvalError::Unavailable`] naming that stage (the evaluators of the
//! later stages compute it and call this one for the rest); a function no
//! stage implements yet answers [`EvalError::Unsupported`]. Neither is
//! ever taken as a value.
//!
//! Conventions of the seed documentation are followed: in the `xplay_*` and
//! `oplay_*` families the moves alternate starting with the named colour,
//! `?` is a tenuki, an illegal move is skipped as if it had not been
//! played, and a target point left empty after the moves counts as a
//! successful attack (or a failed defence).

use katachi_board::{Cell, Color, Move, Point};
use katachi_patterns::expr::{Arg, Autohelper, EvalError, Function, FunctionId, Value};

use super::break_through::break_through;
use super::{Code, Reader};
use crate::predicates::{self, accurate_liberties, is_ko_capture, liberty_orders};

/// Evaluation context of one pattern match at the reading level: the
/// reader (whose board is the position matched) and the colour of the
/// pattern's `O`.
#[derive(Debug)]
pub struct ReadingEval<'a> {
    reader: &'a mut Reader,
    o: Color,
}

/// The stage names [`EvalError::Unavailable`] reports for functions that a
/// later stage computes.
pub mod stage {
    /// Worm facts beyond the board (`potential_cutstone`).
    pub const WORMS: &str = "worms";
    /// Connection reading (`xplay_connect`, `disconnect_helper`, ...).
    pub const CONNECTION: &str = "connection reading";
    /// Cutting points of the connection database (`xcut`, `ocut`).
    pub const CUTS: &str = "cutting points";
    /// Facts of the game rather than the position (`doing_scoring`,
    /// handicap stones).
    pub const GAME: &str = "game context";
    /// Actions that record something for move generation.
    pub const ACTIONS: &str = "pattern actions";
}

/// The error for a function that stage `stage` computes.
pub fn later(f: Function, stage: &'static str) -> EvalError {
    EvalError::Unavailable {
        function: f.name(),
        stage,
    }
}

/// The point argument `i`.
pub fn point(args: &[Arg<Point>], i: usize) -> Result<Point, EvalError> {
    match args.get(i) {
        Some(Arg::Point(p)) => Ok(*p),
        _ => Err(EvalError::Engine(format!(
            "argument {} must be a point",
            i + 1
        ))),
    }
}

/// A reading code as the language's value (GNU Go's numbering).
pub fn int(code: Code) -> Value {
    Value::Int(code as i64)
}

impl<'a> ReadingEval<'a> {
    /// Evaluate for a pattern whose `O` stones are `o`'s.
    pub fn new(reader: &'a mut Reader, o: Color) -> ReadingEval<'a> {
        ReadingEval { reader, o }
    }

    /// The reader (its board is the matched position, plus any moves a
    /// play sequence has pushed).
    pub fn reader(&mut self) -> &mut Reader {
        self.reader
    }

    /// The colour of the pattern's `O`.
    pub fn o(&self) -> Color {
        self.o
    }

    /// The colour of the pattern's `X`.
    pub fn x(&self) -> Color {
        self.o.opponent()
    }

    /// `X` when `x` holds, else `O`: the side a function's name refers to
    /// (`xlib`/`olib`, `xplay_*`/`oplay_*`, ...).
    pub fn side(&self, x: bool) -> Color {
        if x {
            self.x()
        } else {
            self.o
        }
    }

    /// The colour of the stone at `p`, if any.
    pub fn stone(&self, p: Point) -> Option<Color> {
        self.reader.board().cell(p).color()
    }

    /// `obvious_false_eye` (eyes.texi): whether `p` is a false eye for
    /// `owner` by the topological count with only the opponent's
    /// tactically safe strings on the diagonals counted (2 each), a
    /// diagonal off one edge 1 and one off a corner 0; false at 4 or
    /// more. Empty diagonals and capturable stones count nothing, so the
    /// answer may miss a false eye but never calls a real eye false.
    fn obvious_false_eye(&mut self, p: Point, owner: Color) -> bool {
        let board = self.reader.board();
        let (row, col) = board.row_col(p);
        let n = board.size() as isize;
        let mut sum = 0;
        let mut opponents = Vec::new();
        for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            let (r, c) = (row as isize + dr, col as isize + dc);
            let off_row = r < 0 || r >= n;
            let off_col = c < 0 || c >= n;
            match (off_row, off_col) {
                (true, true) => {}
                (true, false) | (false, true) => sum += 1,
                (false, false) => {
                    let q = board
                        .point(r as usize, c as usize)
                        .expect("an on-board diagonal");
                    if board.cell(q).color() == Some(owner.opponent()) {
                        opponents.push(q);
                    }
                }
            }
        }
        for q in opponents {
            if sum >= 4 {
                break;
            }
            if self.reader.attack(q).code == Code::Fail {
                sum += 2;
            }
        }
        sum >= 4
    }

    /// Whether `p` is an empty point or a stone involved in a ko.
    fn ko(&self, p: Point) -> bool {
        let b = self.reader.board();
        match b.cell(p).color() {
            None => {
                b.cell(p) == Cell::Empty
                    && [Color::Black, Color::White]
                        .into_iter()
                        .any(|c| is_ko_capture(b, c, p))
            }
            Some(c) => {
                if b.string_size(p) != 1 || b.liberty_count(p) != 1 {
                    return false;
                }
                let lib = b.liberties(p).next().expect("one liberty");
                is_ko_capture(b, c.opponent(), lib)
            }
        }
    }

    /// Play the moves of a `*play_*` call, alternating from `first`; returns
    /// how many were actually played (to take back with [`Self::unplay`]).
    pub fn play_sequence(&mut self, first: Color, moves: &[Arg<Point>]) -> usize {
        let mut played = 0;
        let mut c = first;
        for m in moves {
            if let Arg::Point(p) = *m {
                if self.reader.board().cell(p) == Cell::Empty && self.reader.push_move(c, p) {
                    played += 1;
                }
            }
            c = c.opponent();
        }
        played
    }

    /// Take back `n` moves of a play sequence.
    pub fn unplay(&mut self, n: usize) {
        for _ in 0..n {
            self.reader.pop_move();
        }
    }

    /// Calls `f`: the reading-level meaning of every function of the
    /// registry (see the module doc).
    pub fn call(&mut self, f: Function, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        use Function as F;
        let p0 = || point(args, 0);
        Ok(match f {
            F::Lib | F::Lib2 | F::Lib3 | F::Lib4 => {
                let p = p0()?;
                if self.stone(p).is_none() {
                    return Ok(Value::Int(0));
                }
                let k = match f {
                    F::Lib => return Ok(Value::Int(self.reader.board().liberty_count(p) as i64)),
                    F::Lib2 => 1,
                    F::Lib3 => 2,
                    _ => 3,
                };
                Value::Int(liberty_orders(self.reader.board(), p)[k] as i64)
            }
            F::Xlib | F::Olib => {
                let c = self.side(f == F::Xlib);
                let n = accurate_liberties(self.reader.board(), c, p0()?).map_or(0, |l| l.len());
                Value::Int(n as i64)
            }
            F::Ko => Value::Bool(self.ko(p0()?)),
            F::Attack => {
                let p = p0()?;
                if self.stone(p).is_none() {
                    return Ok(Value::Int(0));
                }
                int(self.reader.attack(p).code)
            }
            F::Defend => {
                let p = p0()?;
                if self.stone(p).is_none() || !self.reader.attack(p).code.is_success() {
                    return Ok(Value::Int(0));
                }
                int(self.reader.find_defense(p).code)
            }
            F::SafeXmove | F::SafeOmove => {
                let c = self.side(f == F::SafeXmove);
                int(self.reader.safe_move(p0()?, c))
            }
            F::ObviousFalseOeye | F::ObviousFalseXeye => {
                let c = self.side(f == F::ObviousFalseXeye);
                Value::Bool(self.obvious_false_eye(p0()?, c))
            }
            F::LegalXmove | F::LegalOmove => {
                let c = self.side(f == F::LegalXmove);
                let p = p0()?;
                Value::Bool(self.reader.board().is_legal(c, Move::Play(p)))
            }
            F::OSomewhere | F::XSomewhere => {
                let want = self.side(f == F::XSomewhere);
                let any = args
                    .iter()
                    .any(|a| matches!(a, Arg::Point(p) if self.stone(*p) == Some(want)));
                Value::Bool(any)
            }
            F::OdefendAgainst | F::XdefendAgainst => {
                // A stone of one side at the first point stops the other
                // side from playing safely at the second.
                let (c, other) = if f == F::OdefendAgainst {
                    (self.o, self.x())
                } else {
                    (self.x(), self.o)
                };
                let (a, b) = (p0()?, point(args, 1)?);
                if !self.reader.push_move(c, a) {
                    return Ok(Value::Bool(false));
                }
                let safe = self.reader.safe_move(b, other);
                self.reader.pop_move();
                Value::Bool(!safe.is_success())
            }
            F::DoesAttack => int(self.reader.does_attack(p0()?, point(args, 1)?)),
            F::DoesDefend => int(self.reader.does_defend(p0()?, point(args, 1)?)),
            F::SameString | F::SameWorm => {
                let (a, b) = (p0()?, point(args, 1)?);
                Value::Bool(self.stone(a).is_some() && self.reader.board().same_string(a, b))
            }
            F::Wormsize => {
                let p = p0()?;
                let n = if self.stone(p).is_some() {
                    self.reader.board().string_size(p)
                } else {
                    0
                };
                Value::Int(n as i64)
            }
            F::DistrustTacticsHelper => {
                // The manual does not define it. katachi's reading of the
                // name, which fits GNU Go 3.8's recorded values: a capture
                // of the string cannot be counted on when the string's
                // owner, moving first, can save it. On conn.db's crosscut
                // pattern, evaluated with gnugo's own attack and defence
                // results, this agrees with 428 of 458 recorded values.
                let p = p0()?;
                let saved = self.stone(p).is_some()
                    && self.reader.attack(p).code.is_success()
                    && self.reader.find_defense(p).code.is_success();
                Value::Bool(saved)
            }
            F::XplayAttack | F::OplayAttack | F::XplayDefend | F::OplayDefend => {
                let first = self.side(matches!(f, F::XplayAttack | F::XplayDefend));
                let (moves, target) = args.split_at(args.len().saturating_sub(1));
                let t = point(target, 0)?;
                let n = self.play_sequence(first, moves);
                let attack = matches!(f, F::XplayAttack | F::OplayAttack);
                let code = if self.stone(t).is_none() {
                    if attack {
                        Code::Win
                    } else {
                        Code::Fail
                    }
                } else if attack {
                    self.reader.attack(t).code
                } else {
                    let a = self.reader.attack(t).code;
                    if a.is_success() {
                        self.reader.find_defense(t).code
                    } else {
                        Code::Win
                    }
                };
                self.unplay(n);
                int(code)
            }
            F::XplayAttackEither
            | F::OplayAttackEither
            | F::XplayDefendBoth
            | F::OplayDefendBoth => {
                let first = self.side(matches!(f, F::XplayAttackEither | F::XplayDefendBoth));
                let (moves, targets) = args.split_at(args.len().saturating_sub(2));
                let (a, b) = (point(targets, 0)?, point(targets, 1)?);
                let n = self.play_sequence(first, moves);
                let either = matches!(f, F::XplayAttackEither | F::OplayAttackEither);
                let gone = self.stone(a).is_none() || self.stone(b).is_none();
                let code = match (gone, either) {
                    (true, true) => Code::Win,
                    (true, false) => Code::Fail,
                    (false, true) => self.reader.attack_either(a, b),
                    (false, false) => self.reader.defend_both(a, b),
                };
                self.unplay(n);
                int(code)
            }
            F::XSuicide => {
                Value::Bool(predicates::is_suicide(self.reader.board(), self.x(), p0()?))
            }
            F::OCapturesSomething | F::XCapturesSomething => {
                let c = self.side(f == F::XCapturesSomething);
                Value::Bool(predicates::captures_something(
                    self.reader.board(),
                    c,
                    p0()?,
                ))
            }
            F::AdjacentToStoneInAtari => {
                Value::Bool(!predicates::adjacent_in_atari(self.reader.board(), p0()?).is_empty())
            }
            F::AdjacentToDefendableStoneInAtari => {
                // A neighbouring opponent string in atari that its owner
                // can still save.
                let mut any = false;
                for s in predicates::adjacent_in_atari(self.reader.board(), p0()?) {
                    if self.reader.find_defense(s).code.is_success() {
                        any = true;
                        break;
                    }
                }
                Value::Bool(any)
            }
            F::OVisibleAlongEdge | F::XVisibleAlongEdge => {
                let c = self.side(f == F::XVisibleAlongEdge);
                let (a, b) = (p0()?, point(args, 1)?);
                Value::Bool(predicates::visible_along_edge(self.reader.board(), c, a, b))
            }
            F::AreaStone => Value::Int(predicates::area_stone(self.reader.board(), p0()?) as i64),
            F::AreaSpace => Value::Int(predicates::area_space(self.reader.board(), p0()?) as i64),
            F::BreakMirrorHelper => {
                Value::Bool(predicates::mirror_stone(self.reader.board(), p0()?))
            }
            F::VitalChain => Value::Bool(predicates::vital_chain(self.reader.board(), p0()?)),
            F::SekiHelper => {
                // False when the string can capture a surrounding string:
                // a move aiming at seki there would not work.
                let p = p0()?;
                if self.stone(p).is_none() {
                    return Ok(Value::Bool(false));
                }
                let mut ok = true;
                for s in self.reader.board().adjacent_strings(p) {
                    if self.reader.attack(s).code.is_success() {
                        ok = false;
                        break;
                    }
                }
                Value::Bool(ok)
            }
            F::OplayLib => {
                let (moves, target) = args.split_at(args.len().saturating_sub(1));
                let t = point(target, 0)?;
                let n = self.play_sequence(self.o, moves);
                let libs = if self.stone(t).is_some() {
                    self.reader.board().liberty_count(t)
                } else {
                    0
                };
                self.unplay(n);
                Value::Int(libs as i64)
            }
            F::OplayBreakThrough | F::XplayBreakThrough => {
                let first = self.side(f == F::XplayBreakThrough);
                let (moves, wall) = args.split_at(args.len().saturating_sub(3));
                let (x, y, z) = (point(wall, 0)?, point(wall, 1)?, point(wall, 2)?);
                let n = self.play_sequence(first, moves);
                let v = break_through(self.reader, x, y, z);
                self.unplay(n);
                Value::Int(v)
            }

            // Computed by later stages of the tactical layer and above.
            F::PotentialCutstone => return Err(later(f, stage::WORMS)),
            F::XplayConnect
            | F::OplayConnect
            | F::XplayDisconnect
            | F::OplayDisconnect
            | F::DisconnectHelper => return Err(later(f, stage::CONNECTION)),
            F::Xcut | F::Ocut => return Err(later(f, stage::CUTS)),
            F::DoingScoring | F::TotalHandicapStones | F::RemainingHandicapStones => {
                return Err(later(f, stage::GAME))
            }
            F::RemoveAttack | F::KnownSafeMove => return Err(later(f, stage::ACTIONS)),

            // Not implemented by any stage yet: dragons, eyes, influence,
            // owl, the helpers that need them, and the actions of move
            // generation.
            F::Alive
            | F::Dead
            | F::Critical
            | F::Unknown
            | F::Status
            | F::Weak
            | F::Weakness
            | F::Dragonsize
            | F::EffectiveSize
            | F::Genus
            | F::IsSurrounded
            | F::SameDragon
            | F::OAliveSomewhere
            | F::XAliveSomewhere
            | F::Eye
            | F::FalseEye
            | F::FalseEyeTerritory
            | F::Halfeye
            | F::MarginalEye
            | F::MaxEyeValue
            | F::ProperEye
            | F::Oarea
            | F::Xarea
            | F::Omoyo
            | F::Xmoyo
            | F::OmoyoOpposite
            | F::Oterri
            | F::Xterri
            | F::OwlBigEyespace
            | F::OwlEscapeValue
            | F::OwlEyeSize
            | F::OwlEyespace
            | F::OwlGoalDragon
            | F::OwlLunch
            | F::OwlMaxeye
            | F::OwlMineye
            | F::OwlProperEye
            | F::OwlStrongDragon
            | F::OwlThreatens
            | F::OwlTopologicalEye
            | F::BackfillHelper
            | F::BentFourHelper
            | F::ConnectAndCutHelper
            | F::ConnectAndCutHelper2
            | F::FinishKoHelper
            | F::SqueezeKoHelper
            | F::AddAttackEitherMove
            | F::AddConnectMove
            | F::AddCutMove
            | F::AddDefendBothMove
            | F::Amalgamate
            | F::AmalgamateMostValuable
            | F::AmalgamateMostValuableHelper
            | F::Antisuji
            | F::BackfillReplace
            | F::DefendAgainstAtari
            | F::GoodAttackThreat
            | F::MakeProperEye
            | F::NonOterritory
            | F::NonXterritory
            | F::NotLunch
            | F::PreventAttackThreat
            | F::RemoveEyepoint
            | F::RemoveHalfeye
            | F::Replace
            | F::TestAttackEitherMove
            | F::ThreatenToSave => return Err(EvalError::Unsupported(f.name())),
        })
    }
}

impl Autohelper for ReadingEval<'_> {
    type Point = Point;

    fn call(&mut self, f: FunctionId, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        ReadingEval::call(self, f.function(), args)
    }
}
