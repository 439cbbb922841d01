//! The autohelper function registry: every function a constraint or action
//! may call, with its arity, argument kinds and result kind, and the named
//! constants.
//!
//! The list covers the functions described in the pattern manual and every
//! function GNU Go's databases call. An unknown name, a wrong number of
//! arguments or an argument of the wrong kind is a parse error. The engine
//! gives the functions their meaning by implementing
//! [`Autohelper`](super::eval::Autohelper); the descriptions here say what
//! each is meant to compute, in the colour convention of the pattern (`O`
//! the side the pattern is matched for, `X` the other).

use serde::{Deserialize, Serialize};

/// Index of a function in [`FUNCTIONS`] (serialised as the index: valid
/// for the registry that made it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FunctionId(pub u16);

/// Index of a constant in [`CONSTANTS`] (serialised as the index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ConstId(pub u16);

/// What an argument must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// A board point: a label or `*`.
    Point,
    /// A move of a play sequence: a label, `*`, or `?` (tenuki).
    Move,
}

/// The shape of a function's argument list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Params {
    /// Exactly these arguments.
    Fixed(&'static [ArgKind]),
    /// One or more points (`o_somewhere(a, b, ...)`).
    Points,
    /// A play sequence: `min_moves` or more moves (labels, `*`, or `?` for a
    /// tenuki, except first), then `targets` points that the test examines.
    Play { min_moves: usize, targets: usize },
}

/// What a call evaluates to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultKind {
    /// True or false.
    Bool,
    /// A whole number (counts, sizes, reading result codes).
    Int,
    /// A real number (values, weaknesses).
    Float,
    /// A dragon status, comparable with `ALIVE`, `DEAD`, `CRITICAL`, `UNKNOWN`.
    Status,
    /// Nothing: an effect, only allowed as an action statement.
    Unit,
}

/// Whether a name is called `f(...)` or used as a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    Call,
    Variable,
}

/// One registry entry.
#[derive(Clone, Copy, Debug)]
pub struct FunctionSpec {
    pub name: &'static str,
    pub params: Params,
    pub result: ResultKind,
    pub form: Form,
    /// What the function computes or does.
    pub doc: &'static str,
}

impl FunctionSpec {
    /// Whether `n` arguments are acceptable.
    pub fn accepts(&self, n: usize) -> bool {
        match self.params {
            Params::Fixed(kinds) => kinds.len() == n,
            Params::Points => n >= 1,
            Params::Play { min_moves, targets } => n >= min_moves + targets,
        }
    }

    /// The arity in words, for messages ("2", "1 or more").
    pub fn arity(&self) -> String {
        match self.params {
            Params::Fixed(kinds) => kinds.len().to_string(),
            Params::Points => "1 or more".to_string(),
            Params::Play { min_moves, targets } => format!("{} or more", min_moves + targets),
        }
    }

    /// The kind wanted for argument `i` of `n`.
    pub fn arg_kind(&self, i: usize, n: usize) -> ArgKind {
        match self.params {
            Params::Fixed(kinds) => kinds.get(i).copied().unwrap_or(ArgKind::Point),
            Params::Points => ArgKind::Point,
            Params::Play { targets, .. } => {
                if i > 0 && i + targets < n {
                    ArgKind::Move
                } else {
                    ArgKind::Point
                }
            }
        }
    }

    /// A signature such as `lib(point) -> int`.
    pub fn signature(&self) -> String {
        let args = match self.params {
            Params::Fixed(kinds) => kinds.iter().map(|_| "p").collect::<Vec<_>>().join(","),
            Params::Points => "p,...".to_string(),
            Params::Play { targets, .. } => {
                let t = ["z", "y,z", "x,y,z"][targets.clamp(1, 3) - 1];
                format!("a,b,...,{t}")
            }
        };
        let result = match self.result {
            ResultKind::Bool => "bool",
            ResultKind::Int => "int",
            ResultKind::Float => "float",
            ResultKind::Status => "status",
            ResultKind::Unit => "effect",
        };
        match self.form {
            Form::Call => format!("{}({args}) -> {result}", self.name),
            Form::Variable => format!("{} -> {result}", self.name),
        }
    }
}

const P1: Params = Params::Fixed(&[ArgKind::Point]);
const P2: Params = Params::Fixed(&[ArgKind::Point, ArgKind::Point]);
const P3: Params = Params::Fixed(&[ArgKind::Point, ArgKind::Point, ArgKind::Point]);
const P0: Params = Params::Fixed(&[]);
const PLAY1: Params = Params::Play {
    min_moves: 1,
    targets: 1,
};
const PLAY2: Params = Params::Play {
    min_moves: 1,
    targets: 2,
};
const CONN: Params = Params::Play {
    min_moves: 0,
    targets: 2,
};
const BREAK: Params = Params::Play {
    min_moves: 0,
    targets: 3,
};

use ResultKind::{Bool, Float, Int, Status, Unit};

const fn f(
    name: &'static str,
    params: Params,
    result: ResultKind,
    doc: &'static str,
) -> FunctionSpec {
    FunctionSpec {
        name,
        params,
        result,
        form: Form::Call,
        doc,
    }
}

/// Defines [`Function`] (one variant per autohelper function) and
/// [`FUNCTIONS`] (their specs) from one list, so that the two cannot drift
/// apart: variant `k` is entry `k`, and the list is sorted by name (a test
/// checks it) so that [`lookup`] can search it.
macro_rules! functions {
    ($($variant:ident => $spec:expr,)*) => {
        /// Every autohelper function, one variant each, in [`FUNCTIONS`]'
        /// order. An engine matches on it exhaustively, so that a function
        /// it forgets is a compile error rather than a silent "unsupported".
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u16)]
        pub enum Function {
            $($variant,)*
        }

        impl Function {
            /// Every function, in registry order.
            pub const ALL: &'static [Function] = &[$(Function::$variant,)*];
        }

        /// Every autohelper function, sorted by name.
        pub static FUNCTIONS: &[FunctionSpec] = &[$($spec,)*];
    };
}

functions! {
    AddAttackEitherMove => f("add_attack_either_move", P2, Unit, "record that the move threatens to capture one of the two strings"),
    AddConnectMove => f("add_connect_move", P2, Unit, "record that the move connects the two strings"),
    AddCutMove => f("add_cut_move", P2, Unit, "record that the move threatens to cut the two strings"),
    AddDefendBothMove => f("add_defend_both_move", P2, Unit, "record that the move defends both strings"),
    AdjacentToDefendableStoneInAtari => f("adjacent_to_defendable_stone_in_atari", P1, Bool, "the string touches an own string in atari that can be saved"),
    AdjacentToStoneInAtari => f("adjacent_to_stone_in_atari", P1, Bool, "the string touches a string in atari"),
    Alive => f("alive", P1, Bool, "the dragon's matcher status is alive"),
    Amalgamate => f("amalgamate", P2, Unit, "join the two dragons into one"),
    AmalgamateMostValuable => f("amalgamate_most_valuable", P3, Unit, "join the middle dragon with the larger of the two outer ones"),
    AmalgamateMostValuableHelper => f("amalgamate_most_valuable_helper", P3, Unit, "join the middle dragon with the larger of the two outer ones"),
    Antisuji => f("antisuji", P1, Unit, "the point is a move never to play"),
    AreaSpace => f("area_space", P1, Int, "amount of space in the area around the point"),
    AreaStone => f("area_stone", P1, Int, "number of stones in the area around the point"),
    Attack => f("attack", P1, Int, "reading result code of attacking the string (0 if it cannot be captured)"),
    BackfillHelper => f("backfill_helper", P3, Bool, "backfilling at the first point works against the two others (reading)"),
    BackfillReplace => f("backfill_replace", P2, Unit, "a backfilling move: points given to the second point go to the first"),
    BentFourHelper => f("bent_four_helper", P1, Bool, "the shape around the point is a bent four in the corner"),
    BreakMirrorHelper => f("break_mirror_helper", P1, Bool, "playing here breaks the opponent's mirror go"),
    ConnectAndCutHelper => f("connect_and_cut_helper", P3, Bool, "playing the second and third points connects and cuts around the first (reading)"),
    ConnectAndCutHelper2 => f("connect_and_cut_helper2", P3, Bool, "variant of connect_and_cut_helper with the roles swapped"),
    Critical => f("critical", P1, Bool, "the dragon's matcher status is critical"),
    Dead => f("dead", P1, Bool, "the dragon's matcher status is dead"),
    Defend => f("defend", P1, Int, "reading result code of defending the string (0 if no defence or no attack)"),
    DefendAgainstAtari => f("defend_against_atari", P1, Unit, "value defending the string against atari as a reverse followup"),
    DisconnectHelper => f("disconnect_helper", P2, Bool, "the two strings can be disconnected (reading)"),
    DistrustTacticsHelper => f("distrust_tactics_helper", P1, Bool, "the tactical result for the string should not be trusted"),
    DoesAttack => f("does_attack", P2, Int, "a move at the first point attacks the string at the second"),
    DoesDefend => f("does_defend", P2, Int, "a move at the first point defends the string at the second"),
    DoingScoring => FunctionSpec { name: "doing_scoring", params: P0, result: Bool, form: Form::Variable, doc: "the engine is scoring (not choosing a move)" },
    Dragonsize => f("dragonsize", P1, Int, "number of stones of the dragon"),
    EffectiveSize => f("effective_size", P1, Float, "effective size of the dragon (stones plus the space it controls)"),
    Eye => f("eye", P1, Bool, "the point is eye space for either colour"),
    FalseEye => f("false_eye", P1, Bool, "the point is a false eye"),
    FalseEyeTerritory => f("false_eye_territory", P1, Bool, "the false eye at the point still counts as territory"),
    FinishKoHelper => f("finish_ko_helper", P1, Bool, "filling the ko at the point is safe and worth it"),
    Genus => f("genus", P1, Int, "number of eyes of the dragon (compare with 0, 1 or 2)"),
    GoodAttackThreat => f("good_attack_threat", P2, Unit, "record the move as a good threat against the string"),
    Halfeye => f("halfeye", P1, Bool, "the empty point is a half eye"),
    IsSurrounded => f("is_surrounded", P1, Bool, "the dragon is surrounded"),
    KnownSafeMove => f("known_safe_move", P1, Unit, "tell the engine the move at the point is safe"),
    Ko => f("ko", P1, Bool, "the point (stone or empty) is involved in a ko"),
    LegalOmove => f("legal_omove", P1, Bool, "an O stone may legally be played at the point"),
    LegalXmove => f("legal_xmove", P1, Bool, "an X stone may legally be played at the point"),
    Lib => f("lib", P1, Int, "liberties of the string"),
    Lib2 => f("lib2", P1, Int, "second order liberties of the string"),
    Lib3 => f("lib3", P1, Int, "third order liberties of the string"),
    Lib4 => f("lib4", P1, Int, "fourth order liberties of the string"),
    MakeProperEye => f("make_proper_eye", P1, Unit, "reclassify the marginal eye space at the point as proper"),
    MarginalEye => f("marginal_eye", P1, Bool, "the point is marginal eye space"),
    MaxEyeValue => f("max_eye_value", P1, Int, "the largest eye value of the eye space at the point"),
    NonOterritory => f("non_oterritory", P1, Unit, "O cannot make territory at the point"),
    NonXterritory => f("non_xterritory", P1, Unit, "X cannot make territory at the point"),
    NotLunch => f("not_lunch", P2, Unit, "the first string is not a lunch for the second dragon"),
    OAliveSomewhere => f("o_alive_somewhere", Params::Points, Bool, "an alive O stone stands on one of the points"),
    OCapturesSomething => f("o_captures_something", P1, Bool, "an O move at the point captures a stone"),
    OSomewhere => f("o_somewhere", Params::Points, Bool, "an O stone stands on one of the points"),
    OVisibleAlongEdge => f("o_visible_along_edge", P2, Bool, "looking from the first point along the edge in the direction of the second, an O stone comes first"),
    Oarea => f("oarea", P1, Bool, "the point is O stone or in O's area"),
    ObviousFalseOeye => f("obvious_false_oeye", P1, Bool, "the point is obviously a false eye for O"),
    ObviousFalseXeye => f("obvious_false_xeye", P1, Bool, "the point is obviously a false eye for X"),
    Ocut => f("ocut", P1, Bool, "O can cut at the point"),
    OdefendAgainst => f("odefend_against", P2, Bool, "an O stone at the first point stops X from playing safely at the second"),
    Olib => f("olib", P1, Int, "liberties an O stone would have at the empty point"),
    Omoyo => f("omoyo", P1, Bool, "the point is in O's moyo"),
    OmoyoOpposite => f("omoyo_opposite", P1, Bool, "the point is in O's moyo as seen from the opponent"),
    OplayAttack => f("oplay_attack", PLAY1, Int, "after the moves, O first, the last string can be attacked"),
    OplayAttackEither => f("oplay_attack_either", PLAY2, Int, "after the moves, O first, one of the last two strings can be captured"),
    OplayBreakThrough => f("oplay_break_through", BREAK, Int, "after the moves, O first, O captures one of the three strings (1) or cuts through (2)"),
    OplayConnect => f("oplay_connect", CONN, Int, "after the moves, O first, the last two strings can be connected"),
    OplayDefend => f("oplay_defend", PLAY1, Int, "after the moves, O first, the last string can be defended (or is not attacked)"),
    OplayDefendBoth => f("oplay_defend_both", PLAY2, Int, "after the moves, O first, both last strings can be defended"),
    OplayDisconnect => f("oplay_disconnect", CONN, Int, "after the moves, O first, the last two strings can be disconnected"),
    OplayLib => f("oplay_lib", PLAY1, Int, "after the moves, O first, liberties of the last string"),
    Oterri => f("oterri", P1, Bool, "the point is O stone or O territory"),
    OwlBigEyespace => f("owl_big_eyespace", P1, Bool, "owl: the eye space at the point is big"),
    OwlEscapeValue => f("owl_escape_value", P1, Int, "owl: escape value of the point"),
    OwlEyeSize => f("owl_eye_size", P1, Int, "owl: size of the eye space at the point"),
    OwlEyespace => f("owl_eyespace", P1, Bool, "owl: the point is eye space of the goal dragon"),
    OwlGoalDragon => f("owl_goal_dragon", P1, Bool, "owl: the string belongs to the goal dragon"),
    OwlLunch => f("owl_lunch", P1, Bool, "owl: the string is a lunch"),
    OwlMaxeye => f("owl_maxeye", P1, Int, "owl: maximum number of eyes of the eye space at the point"),
    OwlMineye => f("owl_mineye", P1, Int, "owl: minimum number of eyes of the eye space at the point"),
    OwlProperEye => f("owl_proper_eye", P1, Bool, "owl: the point is a proper eye"),
    OwlStrongDragon => f("owl_strong_dragon", P1, Bool, "owl: the dragon is strong"),
    OwlThreatens => f("owl_threatens", P2, Bool, "owl: the move at the first point threatens the dragon at the second"),
    OwlTopologicalEye => f("owl_topological_eye", P2, Int, "owl: sum of the diagonal values around the empty point, for the colour of the second (2 true eye, 3 half eye, 4+ false)"),
    PotentialCutstone => f("potential_cutstone", P1, Bool, "saving the string would make two or more new cutting points"),
    PreventAttackThreat => f("prevent_attack_threat", P1, Unit, "add a reverse followup value: the opponent's move here threatens the string"),
    ProperEye => f("proper_eye", P1, Bool, "the point is proper (non-marginal) eye space"),
    RemainingHandicapStones => f("remaining_handicap_stones", P0, Int, "handicap stones still to be placed"),
    RemoveAttack => f("remove_attack", P1, Unit, "the supposed attack on the string does not work"),
    RemoveEyepoint => f("remove_eyepoint", P1, Unit, "the point is no eye point"),
    RemoveHalfeye => f("remove_halfeye", P1, Unit, "the point is no half eye"),
    Replace => f("replace", P2, Unit, "points given to the first point's move go to the second's"),
    SafeOmove => f("safe_omove", P1, Int, "an O stone at the point is legal and cannot be captured at once"),
    SafeXmove => f("safe_xmove", P1, Int, "an X stone at the point is legal and cannot be captured at once"),
    SameDragon => f("same_dragon", P2, Bool, "the two points belong to the same dragon"),
    SameString => f("same_string", P2, Bool, "the two points belong to the same string"),
    SameWorm => f("same_worm", P2, Bool, "the two points belong to the same worm (string)"),
    SekiHelper => f("seki_helper", P1, Bool, "the string can attack none of its neighbours (a seki may work)"),
    SqueezeKoHelper => f("squeeze_ko_helper", P1, Bool, "the squeeze at the point leads to a favourable ko"),
    Status => f("status", P1, Status, "matcher status of the dragon"),
    TestAttackEitherMove => f("test_attack_either_move", P2, Unit, "check and record an attack-either move reason on the two strings"),
    ThreatenToSave => f("threaten_to_save", P1, Unit, "add a followup value: the move threatens to save the string"),
    TotalHandicapStones => f("total_handicap_stones", P0, Int, "handicap stones of the game"),
    Unknown => f("unknown", P1, Bool, "the dragon's matcher status is unknown"),
    VitalChain => f("vital_chain", P1, Bool, "capturing the string gives an adjacent dragon an eye"),
    Weak => f("weak", P1, Bool, "the dragon is weak"),
    Weakness => f("weakness", P1, Float, "weakness of the dragon, from 0 (strong) to 1"),
    Wormsize => f("wormsize", P1, Int, "number of stones of the string"),
    XAliveSomewhere => f("x_alive_somewhere", Params::Points, Bool, "an alive X stone stands on one of the points"),
    XCapturesSomething => f("x_captures_something", P1, Bool, "an X move at the point captures a stone"),
    XSomewhere => f("x_somewhere", Params::Points, Bool, "an X stone stands on one of the points"),
    XSuicide => f("x_suicide", P1, Bool, "an X move at the point would be suicide"),
    XVisibleAlongEdge => f("x_visible_along_edge", P2, Bool, "looking from the first point along the edge in the direction of the second, an X stone comes first"),
    Xarea => f("xarea", P1, Bool, "the point is X stone or in X's area"),
    Xcut => f("xcut", P1, Bool, "X can cut at the point"),
    XdefendAgainst => f("xdefend_against", P2, Bool, "an X stone at the first point stops O from playing safely at the second"),
    Xlib => f("xlib", P1, Int, "liberties an X stone would have at the empty point"),
    Xmoyo => f("xmoyo", P1, Bool, "the point is in X's moyo"),
    XplayAttack => f("xplay_attack", PLAY1, Int, "after the moves, X first, the last string can be attacked"),
    XplayAttackEither => f("xplay_attack_either", PLAY2, Int, "after the moves, X first, one of the last two strings can be captured"),
    XplayBreakThrough => f("xplay_break_through", BREAK, Int, "after the moves, X first, X captures one of the three strings (1) or cuts through (2)"),
    XplayConnect => f("xplay_connect", CONN, Int, "after the moves, X first, the last two strings can be connected"),
    XplayDefend => f("xplay_defend", PLAY1, Int, "after the moves, X first, the last string can be defended (or is not attacked)"),
    XplayDefendBoth => f("xplay_defend_both", PLAY2, Int, "after the moves, X first, both last strings can be defended"),
    XplayDisconnect => f("xplay_disconnect", CONN, Int, "after the moves, X first, the last two strings can be disconnected"),
    Xterri => f("xterri", P1, Bool, "the point is X stone or X territory"),
}

/// A named constant.
#[derive(Clone, Copy, Debug)]
pub struct ConstSpec {
    pub name: &'static str,
    /// The default value (an engine may use its own through
    /// [`Autohelper::constant`](super::eval::Autohelper::constant)).
    pub value: i64,
    pub doc: &'static str,
}

/// Every named constant. Reading codes take GNU Go's values (`WIN` 5, `KO_A` 4,
/// `GAIN` 3, `LOSS` 2, `KO_B` 1, failure 0), so raw constraint values compare
/// with GNU Go's recorded ones.
pub static CONSTANTS: &[ConstSpec] = &[
    ConstSpec {
        name: "WIN",
        value: 5,
        doc: "reading result: success",
    },
    ConstSpec {
        name: "KO_A",
        value: 4,
        doc: "reading result: success if the side wins the ko, taking it first",
    },
    ConstSpec {
        name: "GAIN",
        value: 3,
        doc: "reading result: the attack or defence fails, but something else is captured",
    },
    ConstSpec {
        name: "LOSS",
        value: 2,
        doc: "reading result: the attack or defence succeeds, but another string is lost",
    },
    ConstSpec {
        name: "KO_B",
        value: 1,
        doc: "reading result: success if the side wins the ko, the opponent taking it first",
    },
    ConstSpec {
        name: "LOSE",
        value: 0,
        doc: "reading result: failure",
    },
    ConstSpec {
        name: "DEAD",
        value: 0,
        doc: "dragon status",
    },
    ConstSpec {
        name: "ALIVE",
        value: 1,
        doc: "dragon status",
    },
    ConstSpec {
        name: "CRITICAL",
        value: 2,
        doc: "dragon status",
    },
    ConstSpec {
        name: "UNKNOWN",
        value: 3,
        doc: "dragon status",
    },
];

/// The function named `name`.
pub fn lookup(name: &str) -> Option<FunctionId> {
    FUNCTIONS
        .binary_search_by(|s| s.name.cmp(name))
        .ok()
        .map(|i| FunctionId(i as u16))
}

/// The constant named `name`.
pub fn lookup_const(name: &str) -> Option<ConstId> {
    CONSTANTS
        .iter()
        .position(|c| c.name == name)
        .map(|i| ConstId(i as u16))
}

impl FunctionId {
    /// The entry of this function.
    pub fn spec(self) -> &'static FunctionSpec {
        &FUNCTIONS[usize::from(self.0)]
    }

    /// The function's name.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The typed function.
    pub fn function(self) -> Function {
        Function::ALL[usize::from(self.0)]
    }
}

impl Function {
    /// The function's id in the registry.
    pub fn id(self) -> FunctionId {
        FunctionId(self as u16)
    }

    /// The entry of this function.
    pub fn spec(self) -> &'static FunctionSpec {
        &FUNCTIONS[self as usize]
    }

    /// The function's name.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

impl ConstId {
    /// The entry of this constant.
    pub fn spec(self) -> &'static ConstSpec {
        &CONSTANTS[usize::from(self.0)]
    }

    /// The constant's name.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

/// The known name closest to `name` (for "did you mean" hints).
pub fn suggest(name: &str) -> Option<&'static str> {
    let names = FUNCTIONS
        .iter()
        .map(|s| s.name)
        .chain(CONSTANTS.iter().map(|c| c.name));
    names
        .map(|n| (edit_distance(name, n), n))
        .filter(|(d, n)| *d <= (n.len() / 3).max(1))
        .min()
        .map(|(_, n)| n)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
