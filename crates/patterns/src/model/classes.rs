//! Class letters of the colon line's second field.

/// One class letter and its meaning.
#[derive(Clone, Copy, Debug)]
pub struct ClassInfo {
    pub letter: char,
    pub meaning: &'static str,
}

/// Every class letter the language accepts. GNU Go ignores unknown letters;
/// katachi reports them, so a typo cannot silently drop a constraint.
pub const CLASSES: [ClassInfo; 27] = [
    ClassInfo { letter: '-', meaning: "placeholder: no class" },
    ClassInfo { letter: 's', meaning: "skip the safety check of the move (sacrifice); legality is still checked" },
    ClassInfo { letter: 'n', meaning: "also require that an X stone at the move could not be captured" },
    ClassInfo { letter: 'O', meaning: "every O stone's dragon is alive or unknown (and not tactically critical unless the move saves it)" },
    ClassInfo { letter: 'o', meaning: "every O stone's dragon is dead or unknown" },
    ClassInfo { letter: 'X', meaning: "every X stone's dragon is alive, unknown or critical" },
    ClassInfo { letter: 'x', meaning: "every X stone's dragon is dead or unknown" },
    ClassInfo { letter: 'C', meaning: "connects the O dragons of the pattern (conn.db: amalgamate them)" },
    ClassInfo { letter: 'c', meaning: "weak connection: strategic defence of the O dragons, small shape bonus" },
    ClassInfo { letter: 'B', meaning: "cuts the X dragons (conn.db: cutting point; barriers.db: intrusion; owl defence: move not connected to the goal)" },
    ClassInfo { letter: 'b', meaning: "owl defence: move maybe not connected to the goal, examined before joining it" },
    ClassInfo { letter: 'e', meaning: "makes or secures territory (conn.db: eye-space edits)" },
    ClassInfo { letter: 'E', meaning: "expands moyo / influence (influence.db: extra influence near walls)" },
    ClassInfo { letter: 'd', meaning: "strategically defends the O dragons" },
    ClassInfo { letter: 'a', meaning: "strategically attacks the X dragons (owl defence: connects the O stones to the goal)" },
    ClassInfo { letter: 'J', meaning: "standard joseki move: d and a, minimum value 27" },
    ClassInfo { letter: 'j', meaning: "lesser joseki move: e and E, minimum value 20 (fixed 20.1 with F)" },
    ClassInfo { letter: 't', meaning: "minor joseki move, tenuki allowed (barriers.db: non-territory pattern)" },
    ClassInfo { letter: 'U', meaning: "urgent joseki move: d and a, shape 15, minimum value 40" },
    ClassInfo { letter: 'F', meaning: "fuseki pattern: with j or t gives a fixed value, for varied play" },
    ClassInfo { letter: 'N', meaning: "joseki antisuji (written `0` or `A` in joseki SGF comments): a move never to play" },
    ClassInfo { letter: 'T', meaning: "joseki trick move" },
    ClassInfo { letter: 'A', meaning: "attack.db: tries to capture the X worms; barriers.db: X connection stopping O influence" },
    ClassInfo { letter: 'D', meaning: "defense.db: tries to save the O worms; barriers.db: O connection stopping X influence" },
    ClassInfo { letter: 'I', meaning: "influence.db: extra influence source at an invasion point" },
    ClassInfo { letter: 'W', meaning: "used once by GNU Go's shape database; meaning undocumented, accepted and ignored" },
    ClassInfo { letter: 'Y', meaning: "influence.db: used only in the territory-valuation influence (FY: only in the others)" },
];

/// The entry for `letter`, if it is a class letter.
pub fn class_info(letter: char) -> Option<&'static ClassInfo> {
    CLASSES.iter().find(|c| c.letter == letter)
}

/// The class letters the engine acts on, typed, so that engine code names
/// a class rather than a character (see [`CLASSES`] for every letter and
/// its meaning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// `s`: sacrifice, skip the safety check.
    Sacrifice,
    /// `n`: an X stone at the move must not be capturable either.
    SafeForX,
    /// `O`: every O dragon alive or unknown.
    OwnAlive,
    /// `o`: every O dragon dead or unknown.
    OwnDead,
    /// `X`: every X dragon alive, unknown or critical.
    OppAlive,
    /// `x`: every X dragon dead or unknown.
    OppDead,
    /// `C`: connection (conn.db: amalgamate).
    Connect,
    /// `c`: weak connection.
    WeakConnect,
    /// `B`: cut (conn.db: cutting point).
    Break,
    /// `e`: eye-space edit (conn.db) or territory.
    Edit,
    /// `E`: moyo or influence expansion.
    Expand,
    /// `d`: strategic defence.
    Defend,
    /// `a`: strategic attack.
    Attack,
    /// `A`: attack.db attack pattern; barriers.db X connection.
    TacticalAttack,
    /// `D`: defense.db defence pattern; barriers.db O connection.
    TacticalDefend,
    /// `I`: influence.db invasion point.
    Invasion,
}

impl Class {
    /// The class's letter on the colon line.
    pub fn letter(self) -> char {
        match self {
            Class::Sacrifice => 's',
            Class::SafeForX => 'n',
            Class::OwnAlive => 'O',
            Class::OwnDead => 'o',
            Class::OppAlive => 'X',
            Class::OppDead => 'x',
            Class::Connect => 'C',
            Class::WeakConnect => 'c',
            Class::Break => 'B',
            Class::Edit => 'e',
            Class::Expand => 'E',
            Class::Defend => 'd',
            Class::Attack => 'a',
            Class::TacticalAttack => 'A',
            Class::TacticalDefend => 'D',
            Class::Invasion => 'I',
        }
    }
}
