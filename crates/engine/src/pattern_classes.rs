//! The class letters of a pattern that test the dragons of its stones
//! (patterns.texi, "Classification"): one meaning for every stage that
//! matches patterns after the dragons stage (influence, move generation)
//! and for the pattern tools (`katachi patterns match --eval`).
//!
//! | letter | holds when |
//! | --- | --- |
//! | `O` | no O stone of the match belongs to a dead dragon |
//! | `o` | every O stone belongs to a dragon dead or unknown |
//! | `X` | no X stone belongs to a dead dragon |
//! | `x` | every X stone belongs to a dragon dead or unknown |
//!
//! The status read is the dragons stage's static (crude) status. PARTIAL
//! against the manual: its `O` also rejects a critical O dragon, and a
//! tactically critical O string the move does not rescue; katachi's `O`
//! rejects only dead ones (the stages that use these letters were
//! measured with this meaning).

use katachi_board::{Board, Color, Point};
use katachi_patterns::matchers::place::cell_point;
use katachi_patterns::matchers::Match;
use katachi_patterns::model::{Elem, Pattern};

use crate::autohelper::DragonStatus;
use crate::dragons::Dragons;

/// The class letters whose check reads the dragons.
pub const DRAGON_CLASSES: [char; 4] = ['O', 'o', 'X', 'x'];

/// Whether class `letter` holds for match `m` of `p` with `o` as the
/// pattern's `O` colour: `None` when `letter` is not one of
/// [`DRAGON_CLASSES`] (it does not filter matches).
pub fn class_holds(
    letter: char,
    p: &Pattern,
    board: &Board,
    m: &Match,
    o: Color,
    dragons: &Dragons,
) -> Option<bool> {
    let (want, side) = match letter {
        'O' | 'o' => (Elem::Own, o),
        'X' | 'x' => (Elem::Opp, o.opponent()),
        _ => return None,
    };
    let status = |pt: Point| dragons.get(pt).map(|d| d.crude_status);
    let ok = |pt: Point| match letter {
        'O' | 'X' => status(pt) != Some(DragonStatus::Dead),
        _ => matches!(
            status(pt),
            None | Some(DragonStatus::Dead | DragonStatus::Unknown)
        ),
    };
    Some(p.elements().all(|(r, c, e)| {
        e != want
            || cell_point(board, m.origin, m.transform, r, c)
                .filter(|&pt| board.cell(pt).color() == Some(side))
                .is_none_or(ok)
    }))
}

/// Whether every dragon class letter of `p` holds for match `m`.
pub fn dragon_classes_hold(
    p: &Pattern,
    board: &Board,
    m: &Match,
    o: Color,
    dragons: &Dragons,
) -> bool {
    DRAGON_CLASSES
        .iter()
        .filter(|&&l| p.has_class(l))
        .all(|&l| class_holds(l, p, board, m, o, dragons) != Some(false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_patterns::compile::{PatternId, Transform};
    use katachi_patterns::parse_db;
    use katachi_tactics::reading::{ReadConfig, Reader};
    use katachi_tactics::worms::Worms;

    /// A white stone in atari inside Black's wall (tactically dead), and
    /// two diagrams beside it: `*O` (White's view of the stone) and `*X`
    /// (Black's), each matched with `*` on D6.
    #[test]
    fn a_dead_stone_fails_capital_letters_and_passes_small_ones() {
        let b = Board::from_ascii(
            ".........
             .........
             ...XXX...
             ..X.O.X..
             ...XXX...
             .........
             .........
             .........
             .........",
        )
        .expect("board");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let worms = Worms::compute(&b, &mut r);
        let d = Dragons::compute(&b, &worms, None);
        let stone = b.parse_vertex("E6").expect("vertex");
        assert_eq!(
            d.get(stone).map(|x| x.crude_status),
            Some(DragonStatus::Dead)
        );
        let (db, diags) = parse_db(
            "Pattern W\n\n*O\n\n:8,-\n\nPattern B\n\n*X\n\n:8,-\n",
            "t.db",
        );
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        let star = b.parse_vertex("D6").expect("vertex");
        let m = |k: u32| Match {
            pattern: PatternId(k),
            transform: Transform::IDENTITY,
            origin: star,
            mark: star,
        };
        assert_eq!(cell_point(&b, star, Transform::IDENTITY, 0, 1), Some(stone));
        let (w, bl) = (&db.patterns[0], &db.patterns[1]);
        let holds = |l, p, k, c| class_holds(l, p, &b, &m(k), c, &d);
        assert_eq!(holds('O', w, 0, Color::White), Some(false));
        assert_eq!(holds('o', w, 0, Color::White), Some(true));
        assert_eq!(holds('X', bl, 1, Color::Black), Some(false));
        assert_eq!(holds('x', bl, 1, Color::Black), Some(true));
        // Letters about the other side's stones hold: there are none.
        assert_eq!(holds('X', w, 0, Color::White), Some(true));
        assert_eq!(holds('x', w, 0, Color::White), Some(true));
        assert_eq!(holds('s', w, 0, Color::White), None);
    }
}
