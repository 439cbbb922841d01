//! Board-level predicates: questions answered from the board alone, with
//! no reading (stage 1 of the tactical layer; see the crate doc for the
//! order). Liberties a move would get, exactly ([`accurate_liberties`]) or
//! capped for the tactical reader's hot path ([`libs_after`]), and
//! higher-order liberties (`liberties.rs`); the local tests of the
//! autohelper functions (`local.rs`: suicide, self-atari, immediate
//! captures, strings in atari, edges, ...); ko captures in the autohelpers'
//! sense ([`is_ko_capture`]) and the reading's ([`takes_ko`]).
//! Every later stage asks these here instead of writing its own.

mod liberties;
mod local;

use katachi_board::{Board, Cell, Color, Point};

pub use liberties::{accurate_liberties, liberty_orders, libs_after};
pub use local::{
    adjacent_in_atari, area_space, area_stone, captures_something, is_self_atari, is_suicide,
    mirror_stone, visible_along_edge, vital_chain,
};

/// Whether `c` playing at the empty point `p` captures exactly one lone
/// stone and ends with one liberty (a ko capture), the point being
/// surrounded by the opponent's stones (and the edge) only: the shape of
/// the autohelpers' `ko`. See [`takes_ko`] for the reading's broader test.
pub fn is_ko_capture(b: &Board, c: Color, p: Point) -> bool {
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

/// The lone stone `c` would capture by playing at `p`, if the move captures
/// exactly one opponent string and that string is a single stone.
pub fn single_stone_capture(b: &Board, c: Color, p: Point) -> Option<Point> {
    let opp = c.opponent().cell();
    let mut found = None;
    let mut count = 0;
    for n in b.neighbors(p) {
        if b.cell(n) == opp && b.liberty_count(n) == 1 {
            if b.string_size(n) != 1 {
                return None;
            }
            if found != Some(n) {
                count += 1;
                found = Some(n);
            }
        }
    }
    if count == 1 {
        found
    } else {
        None
    }
}

/// Whether `c` playing at `p` is a legal ko capture in the tactical
/// reading's sense: one lone stone taken, and the capturing string left
/// with that point as its only liberty. Unlike [`is_ko_capture`] the
/// capturing stone may join friendly stones that had no other liberty (the
/// opponent's recapture then takes more than one stone).
pub fn takes_ko(b: &Board, c: Color, p: Point) -> bool {
    b.cell(p) == Cell::Empty
        && single_stone_capture(b, c, p).is_some()
        && libs_after(b, c, p, 2) == 1
        && b.check_move(c, katachi_board::Move::Play(p)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ko_captures_in_both_senses() {
        // White at B3 takes the lone C3 inside Black's stones: a ko in both
        // senses. On the second board White at C4 takes the lone C3 with
        // liberties to spare: no ko.
        let b = Board::from_ascii(
            ".....
             .XO..
             X.XO.
             .XO..
             .....",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        assert_eq!(
            single_stone_capture(&b, Color::White, v("B3")),
            Some(v("C3"))
        );
        assert!(is_ko_capture(&b, Color::White, v("B3")));
        assert!(takes_ko(&b, Color::White, v("B3")));
        assert!(!takes_ko(&b, Color::Black, v("B3")));

        let b = Board::from_ascii(
            ".....
             .....
             .OXO.
             ..O..
             .....",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        assert_eq!(
            single_stone_capture(&b, Color::White, v("C4")),
            Some(v("C3"))
        );
        assert!(!is_ko_capture(&b, Color::White, v("C4")));
        assert!(!takes_ko(&b, Color::White, v("C4")));

        // White at C5 takes the lone B5 and joins D5, which had no other
        // liberty: one liberty left, a ko for the reading but not the
        // autohelpers' ko shape.
        let b = Board::from_ascii(
            "OX.OX
             .OXX.
             .....
             .....
             .....",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        assert_eq!(
            single_stone_capture(&b, Color::White, v("C5")),
            Some(v("B5"))
        );
        assert!(takes_ko(&b, Color::White, v("C5")));
        assert!(!is_ko_capture(&b, Color::White, v("C5")));
    }
}
