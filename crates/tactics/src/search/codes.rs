//! Result codes shared by every search of the tactical layer (tactical
//! reading, connection reading, and the life-and-death reading to come):
//! GNU Go's convention of success, success conditioned on ko in two grades,
//! failure, with their GTP numbering.

/// Outcome of a search for the player who moves first.
///
/// The numeric values are GNU Go's internal ones (`WIN = 5`, `KO_A = 4`,
/// `KO_B = 1`, failure `0`; GNU Go's `GAIN = 3` and `LOSS = 2` are not
/// produced by this reading), so constraint values compare with GNU Go's
/// recorded ones; the declaration order is the order of preference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Code {
    /// The player to move cannot reach the goal.
    #[default]
    Fail = 0,
    /// Success through ko where the player to move must find the first ko threat.
    KoB = 1,
    /// Success through ko where the player to move takes the ko first.
    KoA = 4,
    /// Unconditional success.
    Win = 5,
}

impl Code {
    /// The number GNU Go's GTP interface prints: 0 failure, 1 win, 2 KO_A, 3 KO_B.
    pub fn gtp(self) -> u8 {
        match self {
            Code::Fail => 0,
            Code::Win => 1,
            Code::KoA => 2,
            Code::KoB => 3,
        }
    }

    /// The same outcome seen from the opponent's side (GNU Go's
    /// `REVERSE_RESULT`): a lost fight is a won one for the other player, and
    /// a ko the opponent takes first is a ko we must start with a threat.
    pub fn reverse(self) -> Code {
        match self {
            Code::Fail => Code::Win,
            Code::KoB => Code::KoA,
            Code::KoA => Code::KoB,
            Code::Win => Code::Fail,
        }
    }

    /// Whether the goal can be reached at all (possibly through ko).
    pub fn is_success(self) -> bool {
        self != Code::Fail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_is_an_involution_and_orders_ko() {
        for c in [Code::Fail, Code::KoB, Code::KoA, Code::Win] {
            assert_eq!(c.reverse().reverse(), c);
        }
        assert!(Code::Win > Code::KoA && Code::KoA > Code::KoB && Code::KoB > Code::Fail);
        assert_eq!(Code::KoA.gtp(), 2);
        assert_eq!(Code::KoB.gtp(), 3);
    }
}
