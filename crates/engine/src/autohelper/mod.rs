//! The engine side of the pattern language: [`PatternEval`] implements the
//! patterns crate's [`Autohelper`] trait for every function whose meaning
//! rests on the board, the worms and the tactical reading (`lib`, `xlib`,
//! `ko`, `attack`, `safe_xmove`, `oplay_attack(*,a,?,B)`, ...). Functions
//! that need dragons, eyes or influence answer
//! [`EvalError::Unsupported`], so a pattern using them is skipped and
//! counted by the caller, never silently accepted. Game facts (the
//! handicap) come from the [`Context`]; actions (`remove_attack`,
//! `known_safe_move`) are recorded as [`Effect`]s for the caller.
//!
//! Conventions of the seed documentation are followed: in the `xplay_*` and
//! `oplay_*` families the moves alternate starting with the named colour,
//! `?` is a tenuki, an illegal move is skipped as if it had not been
//! played, and a target point left empty after the moves counts as a
//! successful attack (or a failed defence).

use katachi_board::{Cell, Color, Point};
use katachi_patterns::expr::{Arg, Autohelper, EvalError, FunctionId, Value};

mod break_through;
pub mod local;

use crate::connection;
use crate::cuts::CutPoints;
use crate::libs::accurate_liberties;
use crate::reading::{Code, Reader};
use crate::worms::{cutstone, cutstone2, liberty_orders};

/// What is known about the position beyond the board and the reading:
/// analyses computed once per position that some functions read. A
/// function whose analysis is absent reports itself unsupported.
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

/// Evaluation context of one pattern match: the reader (whose board is the
/// position matched), the colour of the pattern's `O`, and the position's
/// [`Context`].
#[derive(Debug)]
pub struct PatternEval<'a> {
    reader: &'a mut Reader,
    o: Color,
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
            reader,
            o,
            ctx,
            effects: Vec::new(),
        }
    }

    /// The effects of the actions evaluated so far, in order.
    pub fn effects(&self) -> &[Effect] {
        &self.effects
    }

    fn x(&self) -> Color {
        self.o.opponent()
    }

    /// `X` when `x` holds, else `O`: the side a function's name refers to
    /// (`xlib`/`olib`, `xplay_*`/`oplay_*`, ...).
    fn side(&self, x: bool) -> Color {
        if x {
            self.x()
        } else {
            self.o
        }
    }

    fn cell(&self, p: Point) -> Cell {
        self.reader.board().cell(p)
    }

    fn stone(&self, p: Point) -> Option<Color> {
        self.cell(p).color()
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
    /// how many were actually played (to take back).
    fn play_sequence(&mut self, first: Color, moves: &[Arg<Point>]) -> usize {
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

    /// Connection reading between the strings at `a` and `b`: can they be
    /// connected (`connect`) or disconnected? A string gone from the board
    /// cannot be connected, and counts as disconnected.
    fn connection_code(&mut self, a: Point, b: Point, connect: bool) -> Code {
        let gone = self.stone(a).is_none() || self.stone(b).is_none();
        match (gone, connect) {
            (true, true) => Code::Fail,
            (true, false) => Code::Win,
            (false, true) => connection::string_connect(self.reader, a, b).0,
            (false, false) => connection::disconnect(self.reader, a, b).0,
        }
    }

    fn unplay(&mut self, n: usize) {
        for _ in 0..n {
            self.reader.pop_move();
        }
    }
}

/// Whether `c` playing at the empty point `p` captures exactly one lone
/// stone and ends with one liberty (a ko capture).
fn is_ko_capture(b: &katachi_board::Board, c: Color, p: Point) -> bool {
    let opp = c.opponent().cell();
    let mut captured = 0;
    let mut single = true;
    for n in b.neighbors(p) {
        if b.cell(n) == Cell::Empty || b.cell(n) == c.cell() {
            return false;
        }
        if b.cell(n) == opp && b.liberty_count(n) == 1 {
            captured += 1;
            single &= b.string_size(n) == 1;
        }
    }
    captured == 1 && single
}

fn point(args: &[Arg<Point>], i: usize) -> Result<Point, EvalError> {
    match args.get(i) {
        Some(Arg::Point(p)) => Ok(*p),
        _ => Err(EvalError::Engine(format!(
            "argument {} must be a point",
            i + 1
        ))),
    }
}

fn int(code: Code) -> Value {
    Value::Int(code as i64)
}

impl Autohelper for PatternEval<'_> {
    type Point = Point;

    fn call(&mut self, f: FunctionId, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        let name = f.name();
        let p0 = || point(args, 0);
        Ok(match name {
            "lib" | "lib2" | "lib3" | "lib4" => {
                let p = p0()?;
                if self.stone(p).is_none() {
                    return Ok(Value::Int(0));
                }
                let k = match name {
                    "lib" => return Ok(Value::Int(self.reader.board().liberty_count(p) as i64)),
                    "lib2" => 1,
                    "lib3" => 2,
                    _ => 3,
                };
                Value::Int(liberty_orders(self.reader.board(), p)[k] as i64)
            }
            "xlib" | "olib" => {
                let c = self.side(name == "xlib");
                let n = accurate_liberties(self.reader.board(), c, p0()?).map_or(0, |l| l.len());
                Value::Int(n as i64)
            }
            "ko" => Value::Bool(self.ko(p0()?)),
            "attack" => {
                let p = p0()?;
                if self.stone(p).is_none() {
                    return Ok(Value::Int(0));
                }
                int(self.reader.attack(p).code)
            }
            "defend" => {
                let p = p0()?;
                if self.stone(p).is_none() || !self.reader.attack(p).code.is_success() {
                    return Ok(Value::Int(0));
                }
                int(self.reader.find_defense(p).code)
            }
            "safe_xmove" | "safe_omove" => {
                let c = self.side(name == "safe_xmove");
                int(self.reader.safe_move(p0()?, c))
            }
            "legal_xmove" | "legal_omove" => {
                let c = self.side(name == "legal_xmove");
                let p = p0()?;
                Value::Bool(
                    self.reader
                        .board()
                        .is_legal(c, katachi_board::Move::Play(p)),
                )
            }
            "xcut" | "ocut" => {
                let c = self.side(name == "xcut");
                let Some(cuts) = self.ctx.cuts else {
                    return Err(EvalError::Unsupported(f.name()));
                };
                Value::Bool(cuts.can_cut(c, p0()?))
            }
            "o_somewhere" | "x_somewhere" => {
                let want = self.side(name == "x_somewhere");
                let any = args
                    .iter()
                    .any(|a| matches!(a, Arg::Point(p) if self.stone(*p) == Some(want)));
                Value::Bool(any)
            }
            "odefend_against" | "xdefend_against" => {
                // A stone of one side at the first point stops the other
                // side from playing safely at the second.
                let (c, other) = if name == "odefend_against" {
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
            "does_attack" => int(self.reader.does_attack(p0()?, point(args, 1)?)),
            "does_defend" => int(self.reader.does_defend(p0()?, point(args, 1)?)),
            "same_string" | "same_worm" => {
                let (a, b) = (p0()?, point(args, 1)?);
                Value::Bool(self.stone(a).is_some() && self.reader.board().same_string(a, b))
            }
            "wormsize" => {
                let p = p0()?;
                let n = if self.stone(p).is_some() {
                    self.reader.board().string_size(p)
                } else {
                    0
                };
                Value::Int(n as i64)
            }
            "distrust_tactics_helper" => {
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
            "potential_cutstone" => Value::Bool(cutstone2(self.reader, p0()?) > 1),
            "cutstone" => {
                let p = p0()?;
                let n = if self.stone(p).is_some() {
                    cutstone(self.reader.board(), p)
                } else {
                    0
                };
                Value::Int(n.into())
            }
            "xplay_attack" | "oplay_attack" | "xplay_defend" | "oplay_defend" => {
                let first = self.side(name.starts_with('x'));
                let (moves, target) = args.split_at(args.len().saturating_sub(1));
                let t = point(target, 0)?;
                let n = self.play_sequence(first, moves);
                let attack = name.ends_with("attack");
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
            "xplay_attack_either"
            | "oplay_attack_either"
            | "xplay_defend_both"
            | "oplay_defend_both" => {
                let first = self.side(name.starts_with('x'));
                let (moves, targets) = args.split_at(args.len().saturating_sub(2));
                let (a, b) = (point(targets, 0)?, point(targets, 1)?);
                let n = self.play_sequence(first, moves);
                let either = name.ends_with("either");
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
            "x_suicide" => Value::Bool(local::is_suicide(self.reader.board(), self.x(), p0()?)),
            "o_captures_something" | "x_captures_something" => {
                let c = self.side(name.starts_with('x'));
                Value::Bool(local::captures_something(self.reader.board(), c, p0()?))
            }
            "adjacent_to_stone_in_atari" => {
                Value::Bool(!local::adjacent_in_atari(self.reader.board(), p0()?).is_empty())
            }
            "adjacent_to_defendable_stone_in_atari" => {
                // A neighbouring opponent string in atari that its owner
                // can still save.
                let mut any = false;
                for s in local::adjacent_in_atari(self.reader.board(), p0()?) {
                    if self.reader.find_defense(s).code.is_success() {
                        any = true;
                        break;
                    }
                }
                Value::Bool(any)
            }
            "o_visible_along_edge" | "x_visible_along_edge" => {
                let c = self.side(name.starts_with('x'));
                let (a, b) = (p0()?, point(args, 1)?);
                Value::Bool(local::visible_along_edge(self.reader.board(), c, a, b))
            }
            "area_stone" => Value::Int(local::area_stone(self.reader.board(), p0()?) as i64),
            "area_space" => Value::Int(local::area_space(self.reader.board(), p0()?) as i64),
            "doing_scoring" => Value::Bool(self.ctx.scoring),
            "break_mirror_helper" => Value::Bool(local::mirror_stone(self.reader.board(), p0()?)),
            "vital_chain" => Value::Bool(local::vital_chain(self.reader.board(), p0()?)),
            "seki_helper" => {
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
            "remove_attack" => {
                self.effects.push(Effect::RemoveAttack(p0()?));
                Value::Unit
            }
            "known_safe_move" => {
                self.effects.push(Effect::KnownSafeMove(p0()?));
                Value::Unit
            }
            "total_handicap_stones" | "remaining_handicap_stones" => {
                let Some(h) = self.ctx.handicap else {
                    return Err(EvalError::Unsupported(f.name()));
                };
                let n = if name == "total_handicap_stones" {
                    h.total
                } else {
                    h.remaining
                };
                Value::Int(n.into())
            }
            "oplay_lib" => {
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
            "oplay_break_through" | "xplay_break_through" => {
                let first = self.side(name.starts_with('x'));
                let (moves, wall) = args.split_at(args.len().saturating_sub(3));
                let (x, y, z) = (point(wall, 0)?, point(wall, 1)?, point(wall, 2)?);
                let n = self.play_sequence(first, moves);
                let v = break_through::break_through(self.reader, x, y, z);
                self.unplay(n);
                Value::Int(v)
            }
            "xplay_connect" | "oplay_connect" | "xplay_disconnect" | "oplay_disconnect" => {
                let first = self.side(name.starts_with('x'));
                let (moves, targets) = args.split_at(args.len().saturating_sub(2));
                let (a, b) = (point(targets, 0)?, point(targets, 1)?);
                let n = self.play_sequence(first, moves);
                let connect = name.ends_with("_connect");
                let code = self.connection_code(a, b, connect);
                self.unplay(n);
                int(code)
            }
            "disconnect_helper" => {
                let (a, b) = (p0()?, point(args, 1)?);
                int(self.connection_code(a, b, false))
            }
            _ => return Err(EvalError::Unsupported(f.name())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::ReadConfig;
    use katachi_board::Board;
    use katachi_patterns::expr::lookup;

    fn id(name: &str) -> FunctionId {
        lookup(name).expect("known function")
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
            Err(EvalError::Unsupported(_))
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
