//! The engine's autohelper evaluator: [`PatternEval`] answers a pattern
//! constraint or action with everything the engine knows about the
//! position. The functions of the position's analyses (cutting points
//! for `xcut`/`ocut`), of the game (`doing_scoring`, handicap stones) and
//! the actions recorded as [`Effect`]s are answered here; every other
//! function is delegated to the tactical layer's
//! [`TacticalEval`], whose typed, exhaustive dispatch says which stage
//! computes a function it cannot answer. Functions of the eye and owl
//! stages answer [`EvalError::Unsupported`] until those stages exist, so a
//! pattern using them is skipped and counted by the caller, never silently
//! accepted; an analysis that exists but was not given in the [`Context`]
//! answers [`EvalError::Unavailable`].
//!
//! The influence functions (`oarea`, `xmoyo`, `oterri`,
//! `omoyo_opposite`, ...) read GNU Go's region codes through the
//! [`InfluenceFacts`] trait, which the analysis implements over the
//! influence stage: the plain ones ask the influence computed with the
//! opponent of the pattern's `O` to move (the move being valued is O's),
//! `omoyo_opposite` the one with O to move. The nonterritory actions
//! (`non_oterritory`, `non_xterritory`) are recorded as
//! [`Effect::NonTerritory`].
//!
//! The dragon functions (`dragonsize`, `same_dragon`, `status`, `alive`,
//! `effective_size`, `o_alive_somewhere`, ...) are answered through the
//! [`DragonFacts`] trait, which the dragons stage implements: this module
//! comes before it in the stage list, so the dependency is inverted (the
//! stage hands its facts in through [`Context::dragons`]) rather than
//! imported backwards. A fact the dragons stage cannot know yet (genus,
//! weakness, surround status) answers [`EvalError::Unavailable`] naming the
//! stage that will.

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
    /// The dragons of the position, once that stage ran (the dragon
    /// functions report themselves unavailable without them).
    pub dragons: Option<&'a dyn DragonFacts>,
    /// The eye spaces of the position, once that stage ran (the eye
    /// functions answer through it; see [`EyeFacts`]).
    pub eyes: Option<&'a dyn EyeFacts>,
    /// The influence of the position, once that stage ran (`omoyo`,
    /// `xarea`, `oterri`, ...; see [`InfluenceFacts`]).
    pub influence: Option<&'a dyn InfluenceFacts>,
}

/// Facts from the influence stage, for the influence functions of the
/// pattern language (`oarea`, `xarea`, `omoyo`, `xmoyo`,
/// `omoyo_opposite`, `oterri`, `xterri`). Implemented by the analysis
/// over the influence stage, which comes after this module (the
/// dependency is inverted, as for [`DragonFacts`]).
pub trait InfluenceFacts: std::fmt::Debug {
    /// GNU Go's region code at `p` (4 White stone, 3 White territory, 2
    /// White moyo, 1 White area, 0 neutral, -1 ... -4 the same for
    /// Black) in the influence computed with `to_move` moving next.
    fn region(&self, to_move: Color, p: Point) -> i8;
}

/// Region codes of [`InfluenceFacts::region`] from which a point is a
/// colour's area, moyo, territory.
const AREA: i8 = 1;
const MOYO: i8 = 2;
const TERRITORY: i8 = 3;

/// Facts about the eye spaces of the position, for the eye functions of
/// the pattern language (`eye`, `proper_eye`, `marginal_eye`, `halfeye`,
/// `false_eye`). Implemented by the eyes stage, which comes after this
/// module in the stage list (the dependency is inverted, as for
/// [`DragonFacts`]).
pub trait EyeFacts: std::fmt::Debug {
    /// Whether `p` is in the eye space of either colour, and if so whether
    /// it is marginal there for (black, white): `None` outside both.
    fn eye_point(&self, p: Point) -> [Option<bool>; 2];
    /// The topological kind of `p` (half eye, false eye), if the
    /// topology examined it.
    fn topological(&self, p: Point) -> Option<EyeTopology>;
    /// `max_eye_value`: the eyes an eye space at `p` gives when its owner
    /// moves first and play alternates (its eye value's `c`, eyes.texi's
    /// `max_eyes`; not `d`, the owner moving first twice), the larger of
    /// the two colours' spaces when `p` is in both, 0 outside every eye
    /// space; `None` when these facts hold no eye values (the function is
    /// then unavailable). GNU Go 3.8 answers so: heikki01.sgf move 50, E8
    /// is in Black's one-point space valued 0000 and White's large one
    /// valued 2222, and endgame.db's CE9 there finds `max_eye_value > 0`;
    /// on the 200 reference positions, EY1/EY2/EY3's `halfeye(a) &&
    /// max_eye_value(a) > 0 && ...` is false at all 42 half eyes GNU Go
    /// values 0001 (a half eye and one margin: `c` 0, `d` 1).
    fn max_eye_value(&self, _p: Point) -> Option<u8> {
        None
    }
}

/// What the topology of eyes.texi found at an eye point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EyeTopology {
    /// A proper eye (sum at most 2).
    Proper,
    /// A half eye (sum strictly between 2 and 4).
    Half,
    /// A false eye (sum 4 or more).
    False,
}

/// A dragon's status as the patterns' functions see it (`status(x) ==
/// ALIVE`); the values are the language's constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DragonStatus {
    /// `DEAD`.
    Dead = 0,
    /// `ALIVE`.
    Alive = 1,
    /// `CRITICAL`.
    Critical = 2,
    /// `UNKNOWN`.
    Unknown = 3,
}

impl DragonStatus {
    /// GNU Go's word for it (`dragon_status`, `dragon_data`).
    pub fn word(self) -> &'static str {
        match self {
            DragonStatus::Dead => "dead",
            DragonStatus::Alive => "alive",
            DragonStatus::Critical => "critical",
            DragonStatus::Unknown => "unknown",
        }
    }
}

/// Facts about the dragons of the position, for the dragon functions of
/// the pattern language. Implemented by the dragons stage (which comes
/// after this module: dependency inversion). Each method answers for the
/// dragon of the stone at `p`; `None` means `p` holds no stone. The
/// facts a stage before eyes, influence and owl cannot know have default
/// methods answering "not known yet" (`Err(stage)`).
pub trait DragonFacts: std::fmt::Debug {
    /// Stones of the dragon.
    fn dragon_size(&self, p: Point) -> Option<usize>;
    /// Whether the stones at `p` and `q` are in one dragon (`None` if
    /// either point is empty).
    fn same_dragon(&self, p: Point, q: Point) -> Option<bool>;
    /// The dragon's status as the stage knows it: the dragons stage's
    /// static one; the full analysis answers with owl's, revised by the
    /// semeai code (what GNU Go's patterns read after its examination).
    fn dragon_status(&self, p: Point) -> Option<DragonStatus>;
    /// Effective size of the dragon.
    fn effective_size(&self, p: Point) -> Option<f64>;
    /// Weakness, 0 (strong) to 1; `Err(stage)` while unknown.
    fn weakness(&self, _p: Point) -> Result<Option<f64>, &'static str> {
        Err("influence and owl")
    }
    /// Genus (eyes); `Err(stage)` while unknown.
    fn genus(&self, _p: Point) -> Result<Option<i64>, &'static str> {
        Err("eyes")
    }
    /// Surround status; `Err(stage)` while unknown.
    fn is_surrounded(&self, _p: Point) -> Result<Option<bool>, &'static str> {
        Err("influence")
    }
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
    /// `non_oterritory(x)` / `non_xterritory(x)`: the colour can get no
    /// territory at the point (the influence stage's nonterritory
    /// patterns).
    NonTerritory(Color, Point),
    /// `antisuji(x)`: the move at the point is never to be played (move
    /// generation drops it).
    Antisuji(Point),
    /// `replace(a, b)`: whatever a move at the first point is worth goes
    /// to a move at the second (move generation moves the reasons).
    Replace(Point, Point),
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
            F::Alive
            | F::Dead
            | F::Critical
            | F::Unknown
            | F::Status
            | F::Dragonsize
            | F::EffectiveSize
            | F::SameDragon
            | F::OAliveSomewhere
            | F::XAliveSomewhere
            | F::Weak
            | F::Weakness
            | F::Genus
            | F::IsSurrounded => return self.dragon_call(f, args),
            F::Eye | F::ProperEye | F::MarginalEye | F::Halfeye | F::FalseEye => {
                let Some(e) = self.ctx.eyes else {
                    return Err(later(f, "eyes"));
                };
                let p = point(args, 0)?;
                let sides = e.eye_point(p);
                let any = |marginal: Option<bool>| {
                    sides
                        .iter()
                        .any(|s| s.is_some() && (marginal.is_none() || *s == marginal))
                };
                Value::Bool(match f {
                    F::Eye => any(None),
                    F::ProperEye => any(Some(false)),
                    F::MarginalEye => any(Some(true)),
                    F::Halfeye => e.topological(p) == Some(EyeTopology::Half),
                    _ => e.topological(p) == Some(EyeTopology::False),
                })
            }
            F::MaxEyeValue => {
                let Some(e) = self.ctx.eyes else {
                    return Err(later(f, "eyes"));
                };
                let n = e
                    .max_eye_value(point(args, 0)?)
                    .ok_or_else(|| later(f, "eye_values"))?;
                Value::Int(n.into())
            }
            F::FalseEyeTerritory => {
                let Some(e) = self.ctx.eyes else {
                    return Err(later(f, "eyes"));
                };
                let p = point(args, 0)?;
                // Partial: GNU Go's analysis behind this function is not
                // documented. A false eye has to be filled only to join
                // the strings around it; where its stones are one string
                // already, nothing forces the fill and the point stays
                // territory.
                let board = self.tactical.base().reader().board();
                let mut heads = board
                    .neighbors(p)
                    .into_iter()
                    .filter(|&q| board.on_board(q) && board.cell(q).color().is_some())
                    .map(|q| board.string_head(q));
                let first = heads.next().flatten();
                Value::Bool(
                    e.topological(p) == Some(EyeTopology::False)
                        && first.is_some()
                        && heads.all(|h| h == first),
                )
            }
            F::Oarea
            | F::Xarea
            | F::Omoyo
            | F::Xmoyo
            | F::OmoyoOpposite
            | F::Oterri
            | F::Xterri => {
                let Some(inf) = self.ctx.influence else {
                    return Err(later(f, "influence"));
                };
                let p = point(args, 0)?;
                let base = self.tactical.base();
                let x = matches!(f, F::Xarea | F::Xmoyo | F::Xterri);
                let c = base.side(x);
                // The initial influence is computed with the opponent of
                // the pattern's O to move (O's move is being valued);
                // `omoyo_opposite` asks the one with O to move. (The other
                // way round, pat.db's constraints agree less with GNU Go's:
                // 97.2% against 97.5%.)
                let o = base.side(false);
                let to_move = if f == F::OmoyoOpposite {
                    o
                } else {
                    o.opponent()
                };
                let code = inf.region(to_move, p);
                let need = match f {
                    F::Oarea | F::Xarea => AREA,
                    F::Oterri | F::Xterri => TERRITORY,
                    _ => MOYO,
                };
                let signed = if c == Color::White { code } else { -code };
                Value::Bool(signed >= need)
            }
            F::NonOterritory | F::NonXterritory => {
                let c = self.tactical.base().side(f == F::NonXterritory);
                self.effects.push(Effect::NonTerritory(c, point(args, 0)?));
                Value::Unit
            }
            F::RemoveAttack => {
                self.effects.push(Effect::RemoveAttack(point(args, 0)?));
                Value::Unit
            }
            F::KnownSafeMove => {
                self.effects.push(Effect::KnownSafeMove(point(args, 0)?));
                Value::Unit
            }
            F::Antisuji => {
                self.effects.push(Effect::Antisuji(point(args, 0)?));
                Value::Unit
            }
            F::Replace => {
                self.effects
                    .push(Effect::Replace(point(args, 0)?, point(args, 1)?));
                Value::Unit
            }
            _ => return self.tactical.call(f, args),
        })
    }
}

impl PatternEval<'_> {
    /// The dragon functions, through [`Context::dragons`].
    fn dragon_call(&mut self, f: Function, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        use Function as F;
        let Some(d) = self.ctx.dragons else {
            return Err(later(f, "dragons"));
        };
        let no_dragon = |p: Point| EvalError::Engine(format!("no dragon at point {}", p.index()));
        let status = |p: Point| d.dragon_status(p).ok_or_else(|| no_dragon(p));
        fn known<T>(
            f: Function,
            r: Result<Option<T>, &'static str>,
            p: Point,
        ) -> Result<T, EvalError> {
            match r {
                Ok(Some(v)) => Ok(v),
                Ok(None) => Err(EvalError::Engine(format!(
                    "no dragon at point {}",
                    p.index()
                ))),
                Err(stage) => Err(later(f, stage)),
            }
        }
        Ok(match f {
            F::Alive | F::Dead | F::Critical | F::Unknown => {
                let p = point(args, 0)?;
                let want = match f {
                    F::Alive => DragonStatus::Alive,
                    F::Dead => DragonStatus::Dead,
                    F::Critical => DragonStatus::Critical,
                    _ => DragonStatus::Unknown,
                };
                Value::Bool(status(p)? == want)
            }
            F::Status => Value::Int(status(point(args, 0)?)? as i64),
            F::Dragonsize => {
                let p = point(args, 0)?;
                let n = d.dragon_size(p).ok_or_else(|| no_dragon(p))?;
                Value::Int(n as i64)
            }
            F::EffectiveSize => {
                let p = point(args, 0)?;
                Value::Float(d.effective_size(p).ok_or_else(|| no_dragon(p))?)
            }
            F::SameDragon => {
                let (p, q) = (point(args, 0)?, point(args, 1)?);
                Value::Bool(d.same_dragon(p, q).ok_or_else(|| no_dragon(p))?)
            }
            F::OAliveSomewhere | F::XAliveSomewhere => {
                let base = self.tactical.base();
                let c = base.side(f == F::XAliveSomewhere);
                let mut any = false;
                for a in args {
                    let Arg::Point(p) = *a else { continue };
                    if base.stone(p) == Some(c) && status(p)? != DragonStatus::Dead {
                        any = true;
                    }
                }
                Value::Bool(any)
            }
            F::Weak => {
                let p = point(args, 0)?;
                Value::Bool(known(f, d.weakness(p), p)? > WEAK_THRESHOLD)
            }
            F::Weakness => {
                let p = point(args, 0)?;
                Value::Float(known(f, d.weakness(p), p)?)
            }
            F::Genus => {
                let p = point(args, 0)?;
                Value::Int(known(f, d.genus(p), p)?)
            }
            F::IsSurrounded => {
                let p = point(args, 0)?;
                Value::Bool(known(f, d.is_surrounded(p), p)?)
            }
            _ => return self.tactical.call(f, args),
        })
    }
}

/// Above this weakness a dragon is `weak`.
pub const WEAK_THRESHOLD: f64 = 0.4;

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
        // Dragon and eye functions need their stages in the context; owl
        // functions have no stage yet.
        assert!(matches!(
            e.call(id("status"), &[c4]),
            Err(EvalError::Unavailable { .. })
        ));
        assert!(matches!(
            e.call(id("halfeye"), &[c4]),
            Err(EvalError::Unavailable { .. })
        ));
        assert!(matches!(
            e.call(id("owl_lunch"), &[c4]),
            Err(EvalError::Unsupported(_))
        ));
        // The board is unchanged after all of this.
        assert_eq!(r.board().to_ascii(), b.to_ascii());
    }

    /// `obvious_false_oeye`: White's eye at D5 has Black stones on two
    /// diagonals; it is obviously false while both Black strings are
    /// safe, and not once one of them can be captured.
    #[test]
    fn obvious_false_eye_counts_only_safe_diagonal_stones() {
        let with = |row4: &str, row3: &str| {
            let b = Board::from_ascii(&format!(
                ".........
                 .........
                 ..XX.....
                 ..XOO....
                 ..O.O....
                 {row4}
                 {row3}
                 .........
                 ........."
            ))
            .expect("board");
            let d5 = Arg::Point(b.parse_vertex("D5").expect("vertex"));
            let mut r = Reader::new(b, ReadConfig::default());
            let mut e = PatternEval::new(&mut r, Color::White);
            e.call(id("obvious_false_oeye"), &[d5])
        };
        // E4 joined to E3 and F3: both Black strings are safe, 2 + 2.
        assert_eq!(with("..OOX....", "....XX..."), Ok(Value::Bool(true)));
        // E4 alone between White stones, in atari: it counts nothing.
        assert_eq!(with("..OOXO...", "........."), Ok(Value::Bool(false)));
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
