//! The nakade sacrifice (`McBoard::set_nakade_sacrifice`, PARTIAL, off
//! by default): under the self-atari limit a three-stone self-atari that
//! fills an enclosed group's one eye (the group left with that one
//! liberty) is played again, while the same self-atari beside a group
//! with another liberty (a seki's shape) stays forbidden; the shapes
//! `nakade_shape` accepts; and playouts with the rule keep the board and
//! the incremental context right.

mod common;

use common::position;
use katachi_board::{Board, Color, Point};
use katachi_mc::context::nakade_shape;
use katachi_mc::{McBoard, Policy};

fn at(board: &Board, v: &str) -> Point {
    board.parse_vertex(v).unwrap()
}

/// Black's group A2-E2, E1 holds the eye space A1-D1, where White has
/// B1 and C1; White's wall A3-F3, F2 and (with `closed`) F1 encloses it.
/// Closed, the Black group's only liberties are A1 and D1; open, F1 is a
/// third (an eye elsewhere, as a seki has).
fn corner(closed: bool) -> Board {
    position(&[
        ".......",
        ".......",
        ".......",
        ".......",
        "OOOOOO.",
        "XXXXXO.",
        if closed { ".OO.XO." } else { ".OO.X.." },
    ])
}

#[test]
fn the_filling_self_atari_is_a_nakade_only_when_the_group_has_no_other_liberty() {
    let closed = corner(true);
    for v in ["A1", "D1"] {
        assert!(nakade_shape(&closed, at(&closed, v), Color::White), "{v}");
    }
    let open = corner(false);
    for v in ["A1", "D1"] {
        assert!(!nakade_shape(&open, at(&open, v), Color::White), "{v}");
    }
}

#[test]
fn the_limit_forbids_the_kill_and_the_sacrifice_rule_allows_it_back() {
    let policy = Policy::katachi();
    let board = corner(true);
    let d1 = at(&board, "D1");
    let mut mc = McBoard::new(policy.table(), board.clone(), None);
    mc.set_self_atari_limit(3);
    assert_eq!(mc.weight(Color::White, d1), 0, "three stones in atari");
    mc.set_nakade_sacrifice(true);
    assert!(mc.weight(Color::White, d1) > 0, "the straight three kills");
    mc.check_against_scratch().unwrap();
    // Beside a group with another liberty the limit still holds.
    let open = corner(false);
    let mut mc = McBoard::new(policy.table(), open.clone(), None);
    mc.set_self_atari_limit(3);
    mc.set_nakade_sacrifice(true);
    assert_eq!(mc.weight(Color::White, at(&open, "D1")), 0);
}

#[test]
fn nakade_shapes_are_the_killing_ones() {
    // Black holds the whole 5x5 board but a small area where White has
    // stones; White plays C2, which leaves one empty point of the area,
    // Black's one liberty then.
    // Bent four (B2 C2 D2 D3): two eyes can be made in it, not a nakade.
    let bent4 = position(&["XXXXX", "XXXXX", "X.XOX", "XO.OX", "XXXXX"]);
    assert!(!nakade_shape(&bent4, at(&bent4, "C2"), Color::White));
    // Pyramid four (B2 C2 D2 C3): a nakade.
    let pyramid = position(&["XXXXX", "XXXXX", "X.OXX", "XO.OX", "XXXXX"]);
    assert!(nakade_shape(&pyramid, at(&pyramid, "C2"), Color::White));
    // Square four (B2 C2 B3 C3): a nakade.
    let square = position(&["XXXXX", "XXXXX", "XOOXX", "XO..X", "XXXXX"]);
    assert!(nakade_shape(&square, at(&square, "C2"), Color::White));
}

#[test]
fn playouts_with_the_sacrifice_rule_keep_board_and_context_right() {
    let policy = Policy::katachi();
    // From the empty board, and from both corners (where the rule's
    // answers change as the liberties around the eye do).
    let starts = [Board::new(9).unwrap(), corner(true), corner(false)];
    for seed in 1..=60u64 {
        let start = starts[seed as usize % 3].clone();
        let mut mc = McBoard::new(policy.table(), start, None);
        mc.set_self_atari_limit(3);
        mc.set_nakade_sacrifice(true);
        common::play_checked(&mut mc, seed, |_, _, _| {});
    }
}
