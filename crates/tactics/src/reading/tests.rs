//! Tactical positions with known answers, written from Go knowledge.

use katachi_board::{Board, Point};

use super::{Code, ReadConfig, Reader};

/// A reader on the position drawn by `rows` (`Board::from_ascii`).
pub(crate) fn reader(rows: &str) -> Reader {
    Reader::new(
        Board::from_ascii(rows).expect("board"),
        ReadConfig::default(),
    )
}

/// The point of the vertex `v` on the reader's board.
pub(crate) fn pt(r: &Reader, v: &str) -> Point {
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

#[test]
fn a_string_whose_liberties_are_eyes_need_not_answer() {
    // White's corner group has two eyes (A3, C3) and one outside liberty
    // (D1). Black filling D1 leaves only the eyes: White passes and lives.
    let mut r = reader(
        "......
         XXXXX.
         OOOOX.
         .O.OX.
         OOOOX.
         XXX.X.",
    );
    let w = pt(&r, "B4");
    assert_eq!(r.attack(w).code, Code::Fail);
    // Deep in the tree (past the vital-point depth) the same holds.
    let d1 = pt(&r, "D1");
    assert!(r.push_move(katachi_board::Color::Black, d1));
    let before = r.config().vital_depth;
    let mut cfg = *r.config();
    cfg.vital_depth = 0;
    r.set_config(cfg);
    assert!(r.push_move(katachi_board::Color::Black, pt(&r, "F6")));
    assert_eq!(r.stackp(), 2);
    assert_eq!(r.do_defend(w).code, Code::Win, "vital depth was {before}");
    r.pop_move();
    r.pop_move();
}

#[test]
fn defender_counter_attacks_a_short_stone_beside_its_liberty() {
    // White B3-C3 has two liberties (B2, C2). Black's C1 presses on C2
    // from outside and has two liberties itself: the atari at D1 is a
    // defence to read.
    let r = reader(
        ".....
         .XX..
         XOOX.
         .....
         .OX..",
    );
    let w = pt(&r, "B3");
    let libs = r.libs_of(w);
    let moves = r.defense_moves(w, katachi_board::Color::White, &libs, &[]);
    assert!(moves.contains(&pt(&r, "D1")), "{moves:?}");
}

#[test]
fn attacker_rescues_its_short_string_by_capturing() {
    // White B2 has two liberties, shared with Black's A3-C3, which has
    // no others. Black first takes the White D3 stone in atari (at D4):
    // only then does Black win the race.
    let r = reader(
        "......
         ......
         OOO...
         XXXOX.
         .O.XO.
         .XXXO.",
    );
    let w = pt(&r, "B2");
    let libs = r.libs_of(w);
    let moves = r.attack_moves(w, katachi_board::Color::Black, &libs, &[]);
    assert!(moves.contains(&pt(&r, "D4")), "{moves:?}");
}

#[test]
fn defender_approaches_a_liberty_it_cannot_fill_yet() {
    // White B1-C2 (liberties A1, D1, D2) races Black A2-C3 (liberties A1,
    // A3). White at A3 would be self-atari; A4 approaches it from outside
    // so that A3 can be filled later.
    let r = reader(
        ".....
         .OO..
         .XXO.
         XXO..
         .OO..",
    );
    let w = pt(&r, "C2");
    let libs = r.libs_of(w);
    let moves = r.defense_moves(w, katachi_board::Color::White, &libs, &[]);
    assert!(moves.contains(&pt(&r, "A4")), "{moves:?}");
}

#[test]
fn defender_threatens_the_guard_of_an_unplayable_liberty() {
    // White A2-A4 (liberties A1 and A5) races Black B1-D4, whose
    // liberties C1 and C3 White cannot play. Black's D1 (two liberties)
    // is what makes C1 illegal: the atari at E1 is a defence to read.
    // (With White on A1 too, its one liberty A5 is taken at once: only
    // the extension and captures are read then, see `defense_moves`.)
    let r = reader(
        "......
         .OOO..
         OXXXO.
         OX.XO.
         OXXO..
         .X.X..",
    );
    let w = pt(&r, "A2");
    let libs = r.libs_of(w);
    let moves = r.defense_moves(w, katachi_board::Color::White, &libs, &[]);
    assert!(moves.contains(&pt(&r, "E1")), "{moves:?}");
}

#[test]
fn attacker_ataris_to_gain_a_tempo_in_a_race() {
    // White B2 (liberties A2, C2) races Black A3-C3, which has only those
    // two liberties. White D3 next to Black's string has two liberties:
    // the atari at D4 gains Black the tempo it needs.
    let r = reader(
        "......
         ......
         OOO...
         XXXO..
         .O.XO.
         .XXXO.",
    );
    let w = pt(&r, "B2");
    let libs = r.libs_of(w);
    let moves = r.attack_moves(w, katachi_board::Color::Black, &libs, &[]);
    assert!(moves.contains(&pt(&r, "D4")), "{moves:?}");
}

#[test]
fn defender_saves_the_friend_put_in_atari_beside_a_racing_string() {
    // After Black's atari at D4, White D3 (next to Black's racing string
    // A3-C3) has one liberty: extending at E3 is a defence of B2.
    let r = reader(
        "......
         ......
         OOOX..
         XXXO..
         .O.XO.
         .XXXO.",
    );
    let w = pt(&r, "B2");
    let libs = r.libs_of(w);
    let moves = r.defense_moves(w, katachi_board::Color::White, &libs, &[]);
    assert!(moves.contains(&pt(&r, "E3")), "{moves:?}");
}

#[test]
fn long_ladders_broken_far_away_are_read_to_the_breaker() {
    // X K10 in the middle, O J10 K9 L11: each O atari starts a ladder,
    // up-left (O K11) towards the X stone on E16 or down-right (O L10)
    // towards the X stone on Q4, a dozen X moves away. Both stones break
    // their ladders, so X cannot be captured. Past `branch_depth` the
    // lists are two moves long: X's running move in atari must be one of
    // them (it was outscored by counter-ataris on the ladder's O stones,
    // and K11 was read as a capture in 34 nodes; GNU Go 3.8 reads 0).
    let rows = "\
        ...................
        ...................
        ...................
        ....X..............
        ...................
        ...................
        ...................
        ...................
        ..........O........
        ........OX.........
        .........O.........
        ...................
        ...................
        ...................
        ...................
        ...............X...
        ...................
        ...................
        ...................";
    let mut r = reader(rows);
    let x = pt(&r, "K10");
    assert_eq!(r.attack(x).code, Code::Fail, "both ladders are broken");
    // Without the breaker on E16 the up-left ladder works.
    let mut r = reader(&rows.replacen('X', ".", 1));
    assert_eq!(r.board().cell(pt(&r, "E16")), katachi_board::Cell::Empty);
    let x = pt(&r, "K10");
    let out = r.attack(x);
    assert_eq!(out.code, Code::Win, "the ladder towards E16 works");
    assert_eq!(out.mv, Some(pt(&r, "L10")));
}

/// `ReadConfig::centre_ties` (tac28): two ataris that score the same
/// (three liberties for the attacker's stone, three for the extension
/// either way) are ordered by point index without it, the upper one
/// (C8, next to the edge) first; with it the central one (D7), which
/// leaves the defender only the edge-side extension, goes first.
#[test]
fn centre_ties_order_equal_ataris_toward_the_centre() {
    let rows = ".........
                .........
                .OX......
                ..O......
                .........
                .........
                .........
                .........
                .........";
    let first = |centre: bool| {
        let cfg = ReadConfig {
            centre_ties: centre,
            ..ReadConfig::default()
        };
        let r = Reader::new(Board::from_ascii(rows).expect("board"), cfg);
        let x = pt(&r, "C7");
        let libs = r.libs_of(x);
        let moves = r.attack_moves(x, katachi_board::Color::White, &libs, &[]);
        r.board().vertex(moves[0])
    };
    assert_eq!(first(false), "C8");
    assert_eq!(first(true), "D7");
}

/// tac29: an edge crawl under a third-line wall. White's C8-D8-E8-D7 has
/// two liberties, D9 and E9; Black may not fill E9 (a self-atari next
/// to the stone F9). White saves the string (E9, joining F9, then the
/// crawl along the top reaches the open right side; GNU Go 3.8 answers
/// `defend D7` = `1 E9` and `attack D7` = `1 D9` here). Deep in this
/// reading the defender of a joined string must extend the friend it
/// joins through such an unfillable liberty (H7 where the friend is
/// G8-H8-H9 and G9 is the liberty): `ReadConfig::superstring_extension`.
/// Without it katachi answers `defend D7` = 0, and with `centre_ties` the
/// misread surfaces as a false combination at D6 in
/// `owl::combination::tests::defences_against_a_double_atari`.
#[test]
fn crawl_under_a_wall_extends_the_friend_it_joins() {
    let rows = ". . X . . O . . .
                . X O O O X O . .
                . . X O X X . . .
                . . X X X . . . .
                . X O . O X . . .
                . . . O . . . . .
                . . . O . . . . .
                . . . . . . . . .
                . . . . . . . . .";
    for centre in [false, true] {
        let read = |superstring: bool| {
            let cfg = ReadConfig {
                centre_ties: centre,
                superstring_extension: superstring,
                ..ReadConfig::default()
            };
            let mut r = Reader::new(Board::from_ascii(rows).expect("board"), cfg);
            let o = pt(&r, "D7");
            let d = r.find_defense(o);
            let a = r.attack(o);
            (d, a, pt(&r, "E9"))
        };
        let (d, a, e9) = read(true);
        assert_eq!(d.code, Code::Win, "centre_ties {centre}: {d:?}");
        assert_eq!(d.mv, Some(e9), "centre_ties {centre}");
        assert_eq!(a.code, Code::Win, "Black to move captures");
        // The misread the option settles.
        let (d, a, _) = read(false);
        assert_eq!(d.code, Code::Fail, "centre_ties {centre}: {d:?}");
        assert_eq!(a.code, Code::Win);
    }
}
