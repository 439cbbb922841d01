//! Connection positions with known answers, written from Go knowledge.

use super::{disconnect, string_connect};
use crate::reading::tests::{pt, reader};
use crate::reading::Code;

#[test]
fn one_string_is_connected_and_cannot_be_cut() {
    let mut r = reader(
        ".....
         .XX..
         .....
         .....
         .....",
    );
    let (a, b) = (pt(&r, "B4"), pt(&r, "C4"));
    assert_eq!(string_connect(&mut r, a, b), (Code::Win, None));
    assert_eq!(disconnect(&mut r, a, b), (Code::Fail, None));
}

#[test]
fn one_point_jump_is_cut_or_joined_at_the_gap() {
    // White stones above and below the gap: a white stone at C4 joins
    // them, a black one joins B4 and D4.
    let mut r = reader(
        ".......
         .......
         ..O....
         .X.X...
         ..O....
         .......
         .......",
    );
    let (a, b) = (pt(&r, "B4"), pt(&r, "D4"));
    let before = r.board().to_ascii();
    assert_eq!(
        string_connect(&mut r, a, b),
        (Code::Win, Some(pt(&r, "C4")))
    );
    assert_eq!(disconnect(&mut r, a, b), (Code::Win, Some(pt(&r, "C4"))));
    assert_eq!(r.board().to_ascii(), before);
}

#[test]
fn diagonal_in_the_open_cannot_be_cut() {
    let mut r = reader(
        ".......
         .......
         ..X....
         ...X...
         .......
         .......
         .......",
    );
    let (a, b) = (pt(&r, "C5"), pt(&r, "D4"));
    assert_eq!(disconnect(&mut r, a, b).0, Code::Fail);
}

#[test]
fn cutting_stone_in_a_ladder_does_not_cut() {
    // White's cut at C4 has one liberty after Black's atari... White to
    // play at the cut point D4 would be captured at once: the hanging
    // connection holds.
    let mut r = reader(
        ".......
         .......
         ..X....
         .X.X...
         ..X....
         .......
         .......",
    );
    // Four stones around C4: any white stone there is captured.
    let (a, b) = (pt(&r, "B4"), pt(&r, "D4"));
    assert_eq!(disconnect(&mut r, a, b).0, Code::Fail);
    assert_eq!(string_connect(&mut r, a, b).0, Code::Win);
}

#[test]
fn far_apart_strings_are_disconnected_without_a_move() {
    let mut r = reader(
        ".........
         .X.......
         .........
         .........
         .........
         .........
         .........
         .......X.
         .........",
    );
    let (a, b) = (pt(&r, "B8"), pt(&r, "H2"));
    assert_eq!(disconnect(&mut r, a, b), (Code::Win, None));
    assert_eq!(string_connect(&mut r, a, b).0, Code::Fail);
}

#[test]
fn capturing_the_cutting_stone_connects() {
    // White's C4 cuts B4 from D4 but has one liberty (C3).
    let mut r = reader(
        ".......
         .......
         ..X....
         .XOX...
         .......
         .......
         .......",
    );
    let (a, b) = (pt(&r, "B4"), pt(&r, "D4"));
    let (code, mv) = string_connect(&mut r, a, b);
    assert_eq!(code, Code::Win);
    assert_eq!(mv, Some(pt(&r, "C3")));
    // White to move extends to C3, but on this small board the two
    // stones are still captured (GNU Go agrees).
    assert_eq!(disconnect(&mut r, a, b).0, Code::Fail);
}

#[test]
fn bad_arguments_fail() {
    let mut r = reader(
        ".....
         .XO..
         .....
         .....
         .....",
    );
    let (x, o, e) = (pt(&r, "B4"), pt(&r, "C4"), pt(&r, "A1"));
    assert_eq!(string_connect(&mut r, x, o), (Code::Fail, None));
    assert_eq!(disconnect(&mut r, x, e), (Code::Fail, None));
}
