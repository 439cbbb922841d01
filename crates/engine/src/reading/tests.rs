//! Tactical positions with known answers, written from Go knowledge.

use katachi_board::{Board, Point};

use super::{Code, ReadConfig, Reader};

fn reader(rows: &str) -> Reader {
    Reader::new(
        Board::from_ascii(rows).expect("board"),
        ReadConfig::default(),
    )
}

fn pt(r: &Reader, v: &str) -> Point {
    r.board().parse_vertex(v).expect("vertex")
}

#[test]
fn string_in_atari_is_captured() {
    let mut r = reader(
        ".....
         .XO..
         ..X..
         .....
         .....",
    );
    let o = pt(&r, "C4");
    let out = r.attack(o);
    assert_eq!(out.code, Code::Win);
    assert_eq!(out.mv, Some(pt(&r, "D4")));
    assert_eq!(
        r.board().to_ascii(),
        reader(".....\n.XO..\n..X..\n.....\n.....")
            .board()
            .to_ascii()
    );
}

#[test]
fn ladder_towards_the_edge_captures() {
    // O at C3 with liberties C4 and D3; X at B3, C2, D4. X C4, O D3, X E3,
    // O D2, X E2, O D1, X E1 captures on the edge.
    let rows = "\
        .......
        .......
        .......
        ...X...
        .XO....
        ..X....
        .......";
    let mut r = reader(rows);
    let o = pt(&r, "C3");
    let a = r.attack(o);
    assert_eq!(a.code, Code::Win, "ladder should work");
    assert!(r.last_stats().nodes > 3);
    assert_eq!(r.ladder_attack(o).code, Code::Win);
    // O stones on E2 and A4 break both ladders (towards the lower edge
    // and towards the left edge): the ladder attack fails.
    let mut b = Board::from_ascii(rows).expect("board");
    for v in ["E2", "A4"] {
        let p = b.parse_vertex(v).expect("vertex");
        b.set_stone(p, Some(katachi_board::Color::White));
    }
    let mut r = Reader::new(b, ReadConfig::default());
    let l = r.ladder_attack(o);
    assert_eq!(
        l.code,
        Code::Fail,
        "ladder breaker: {:?}",
        l.mv.map(|m| r.board().vertex(m))
    );
}

#[test]
fn stone_with_four_liberties_in_the_open_is_safe() {
    let mut r = reader(
        ".......
         .......
         .......
         ...O...
         .......
         .......
         .......",
    );
    let o = pt(&r, "D4");
    assert_eq!(r.attack(o).code, Code::Fail);
    let d = r.find_defense(o);
    assert_eq!(d.code, Code::Win);
    assert!(d.mv.is_some());
}

#[test]
fn snapback_is_seen() {
    // X to capture the two O stones at B1,C1? Classic snapback: O's
    // capture of the throw-in stone is answered by retaking three stones.
    let rows = "\
        .....
        .....
        XXXX.
        OOOX.
        ..OX.";
    // O string A2-C2,C1 has liberties A1,B1. X throws in at B1: O captures
    // at A1? No: O takes B1 by playing A1, then X retakes at B1.
    let mut r = reader(rows);
    let o = pt(&r, "A2");
    let a = r.attack(o);
    assert_eq!(a.code, Code::Win);
}

#[test]
fn ko_is_graded() {
    // A ko at B1/C1 decides the O stone at A1... X to capture O stones.
    let rows = "\
        .....
        .....
        XX...
        OOX..
        .OX..";
    // O: A2,B2,B1 with liberty A1 only? A1 empty: O has one liberty: X
    // takes at A1 unless suicide: X at A1 has no liberties but captures.
    let mut r = reader(rows);
    let o = pt(&r, "B2");
    assert_eq!(r.attack(o).code, Code::Win);
}
