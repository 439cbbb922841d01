//! The heavy playout rules (`katachi_mc::heavy`) on small hand-built
//! positions: the ladder reader tells a working ladder from a broken one,
//! the escape rule extends only out of a broken ladder and captures when it
//! can, the capturing-atari rule finds the ladder atari, the nakade rule
//! finds the vital point of a three-point eye space only; the search's
//! tactical prior gets every rule's candidates at once; and playouts
//! with every rule on keep the board and the incremental context right.

mod common;

use katachi_board::playout::Rng;
use katachi_board::{Board, Color, Point};
use katachi_mc::heavy::{
    approach_moves, atari2_moves, capture_moves_near, escape_moves, escapes_after_extend,
    nakade_moves, race_moves,
};
use katachi_mc::{Heavy, McBoard, Policy};

fn at(board: &Board, v: &str) -> Point {
    board.parse_vertex(v).unwrap()
}

fn names(board: &Board, ps: &[Point]) -> Vec<String> {
    let mut v: Vec<String> = ps.iter().map(|&p| board.vertex(p)).collect();
    v.sort();
    v
}

/// Black C3 in atari (White C2, B3, D3, D4 around it), its liberty C4.
/// Extending gives two liberties (B4, C5) and White's atari at C5 chases
/// it to the left edge: a working ladder. `breaker` adds a Black stone
/// on B5, next to both B4 and C5, which breaks it.
fn ladder(breaker: bool) -> Board {
    let b5 = if breaker { "X" } else { "." };
    Board::from_ascii(&format!(
        "
        .........
        .........
        .........
        .........
        .{b5}.......
        ...O.....
        .OXO.....
        ..O......
        .........
        "
    ))
    .unwrap()
}

#[test]
fn ladder_reader_tells_a_working_ladder_from_a_broken_one() {
    for (breaker, escapes) in [(false, false), (true, true)] {
        let mut board = ladder(breaker);
        let before = board.to_ascii();
        let c3 = at(&board, "C3");
        let mut budget = katachi_mc::heavy::LADDER_BUDGET;
        assert_eq!(
            escapes_after_extend(&mut board, c3, &mut budget),
            escapes,
            "breaker {breaker}"
        );
        assert!(budget < katachi_mc::heavy::LADDER_BUDGET, "it read");
        assert_eq!(board.to_ascii(), before, "the board is restored");
        board.check_consistency().unwrap();
    }
}

#[test]
fn escape_extends_out_of_a_broken_ladder_only() {
    for (breaker, want) in [(false, vec![]), (true, vec!["C4".to_string()])] {
        let mut board = ladder(breaker);
        let d3 = at(&board, "D3");
        let mut out = Vec::new();
        escape_moves(&mut board, Color::Black, d3, &mut out);
        assert_eq!(names(&board, &out), want, "breaker {breaker}");
    }
}

#[test]
fn escape_captures_an_adjacent_string_in_atari() {
    // White D3 has just put Black C3 in atari, and has one liberty
    // itself (D4): capturing there rescues C3, and so does extending at
    // C4 (three liberties: B4, C5, D4).
    let mut board = Board::from_ascii(
        "
        .........
        .........
        .........
        .........
        .........
        .........
        .OXOX....
        ..OX.....
        .........
        ",
    )
    .unwrap();
    let d3 = at(&board, "D3");
    assert_eq!(board.liberty_count(d3), 1);
    assert_eq!(board.liberty_count(at(&board, "C3")), 1);
    let mut out = Vec::new();
    escape_moves(&mut board, Color::Black, d3, &mut out);
    assert_eq!(
        names(&board, &out),
        vec!["C4".to_string(), "D4".to_string()]
    );
    // For White, taking E3 as Black's last move (it left D3 in atari):
    // capturing C3 at C4, or extending at D4 (liberties C4, D5, E4).
    let e3 = at(&board, "E3");
    let mut out = Vec::new();
    escape_moves(&mut board, Color::White, e3, &mut out);
    assert_eq!(
        names(&board, &out),
        vec!["C4".to_string(), "D4".to_string()]
    );
}

#[test]
fn atari2_finds_the_capturing_ladder_atari() {
    // The ladder position with colours swapped: White C3 (just played)
    // has two liberties, C4 and D3. Black's atari at D3 drives it into a
    // working ladder; with a White breaker on B5 it no longer captures.
    for (breaker, d3_wanted) in [(false, true), (true, false)] {
        let b5 = if breaker { "O" } else { "." };
        let mut board = Board::from_ascii(&format!(
            "
            .........
            .........
            .........
            .........
            .{b5}.......
            ...X.....
            .XO......
            ..X......
            .........
            "
        ))
        .unwrap();
        let c3 = at(&board, "C3");
        let mut out = Vec::new();
        atari2_moves(&mut board, Color::Black, c3, &mut out);
        let found = names(&board, &out);
        assert_eq!(
            found.contains(&"D3".to_string()),
            d3_wanted,
            "breaker {breaker}: {found:?}"
        );
        board.check_consistency().unwrap();
    }
}

#[test]
fn nakade_plays_the_vital_point_of_three_point_spaces_only() {
    // Straight three A1-C1 under a White wall; White's last move D1.
    let straight = Board::from_ascii(
        "
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        OOOO.....
        ...O.....
        ",
    )
    .unwrap();
    let d1 = at(&straight, "D1");
    for c in [Color::Black, Color::White] {
        let mut out = Vec::new();
        nakade_moves(&straight, c, d1, &mut out);
        assert_eq!(names(&straight, &out), vec!["B1".to_string()], "{c:?}");
    }
    // Bent three A1, B1, A2: the vital point is A1's... the point next to
    // both others, A1.
    let bent = Board::from_ascii(
        "
        .........
        .........
        .........
        .........
        .........
        .........
        OO.......
        .OO......
        ..O......
        ",
    )
    .unwrap();
    let c1 = at(&bent, "C1");
    let mut out = Vec::new();
    nakade_moves(&bent, Color::Black, c1, &mut out);
    assert_eq!(names(&bent, &out), vec!["A1".to_string()]);
    // Four points (A1-D1), or a border of both colours: nothing.
    for text in [
        "
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        OOOOO....
        ....O....
        ",
        "
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        OOXO.....
        ...O.....
        ",
    ] {
        let board = Board::from_ascii(text).unwrap();
        let mut out = Vec::new();
        for m in ["E1", "D1"] {
            let p = at(&board, m);
            if board.cell(p).color().is_some() {
                nakade_moves(&board, Color::Black, p, &mut out);
            }
        }
        assert!(out.is_empty(), "{text}: {:?}", names(&board, &out));
    }
}

#[test]
fn choose_move_follows_the_escape_rule_when_on() {
    let policy = Policy::katachi();
    let board = ladder(true);
    let d3 = at(&board, "D3");
    let c4 = at(&board, "C4");
    let mut mc = McBoard::new(policy.table(), board, Some(d3));
    mc.set_self_atari_limit(3);
    let mut rng = Rng::new(7);
    let light: usize = (0..200)
        .filter(|_| mc.choose_move(Color::Black, &mut rng) == Some(c4))
        .count();
    assert!(light < 200, "the patterns alone do not always extend");
    mc.set_heavy(Heavy {
        escape: 1.0,
        ..Heavy::default()
    });
    for _ in 0..50 {
        assert_eq!(mc.choose_move(Color::Black, &mut rng), Some(c4));
    }
    mc.check_against_scratch().unwrap();
}

/// The search's tactical prior asks every rule at once, whatever the
/// playouts' probabilities (all 0 here): after White D3 in the broken
/// ladder, Black's escape at C4; nothing for a board whose last move is
/// unknown; and the context is untouched by the reading.
#[test]
fn tactical_moves_are_every_rules_candidates() {
    let policy = Policy::katachi();
    let board = ladder(true);
    let d3 = at(&board, "D3");
    let mut mc = McBoard::new(policy.table(), board.clone(), Some(d3));
    mc.set_self_atari_limit(3);
    assert!(!mc.heavy().any());
    let mut out = vec![d3];
    mc.tactical_moves(Color::Black, &mut out);
    assert_eq!(names(&board, &out), vec!["C4".to_string()]);
    mc.check_against_scratch().unwrap();
    let mut unknown = McBoard::new(policy.table(), board, None);
    unknown.tactical_moves(Color::Black, &mut out);
    assert!(out.is_empty());
}

/// White's last move D4; around it White's B3-C3 (two stones, liberty
/// D3) and E5 (one stone, liberty E4) are in atari. The race rule's
/// capture tier takes the bigger string only, and with `race` on the
/// playout always plays it.
#[test]
fn race_captures_the_biggest_string_in_atari_first() {
    let board = Board::from_ascii(
        "
        .........
        .........
        .........
        ....X....
        ...XOX...
        .XXO.....
        XOO......
        .XX......
        .........
        ",
    )
    .unwrap();
    let d4 = at(&board, "D4");
    let mut out = Vec::new();
    capture_moves_near(&board, Color::Black, d4, &mut out);
    assert_eq!(names(&board, &out), vec!["D3".to_string()]);
    let mut b = board.clone();
    out.clear();
    race_moves(&mut b, Color::Black, d4, &mut out);
    assert_eq!(names(&board, &out), vec!["D3".to_string()]);
    // White to move after a Black move there: nothing of White's is
    // capturable around D4 (the strings in atari are White's own).
    out.clear();
    capture_moves_near(&board, Color::White, d4, &mut out);
    assert!(out.is_empty());

    let policy = Policy::katachi();
    let mut mc = McBoard::new(policy.table(), board.clone(), Some(d4));
    mc.set_self_atari_limit(3);
    mc.set_heavy(Heavy {
        race: 1.0,
        ..Heavy::default()
    });
    let mut rng = Rng::new(11);
    for _ in 0..50 {
        assert_eq!(
            mc.choose_move(Color::Black, &mut rng),
            Some(at(&board, "D3"))
        );
    }
    mc.check_against_scratch().unwrap();
}

/// White's three stones A2-C2 on the edge have two liberties, A1 and B1.
/// Black A1 is a one-stone self-atari that ataris them (an approach the
/// rule proposes); Black B1 joins the safe C1 string, an ordinary atari
/// left to the other rules. Against White's two stones A2-B2 (liberties
/// A1, C2) Black A1 makes a two-stone self-atari with B1: it would give
/// as many stones as it ataris, so it is not proposed.
#[test]
fn race_approach_is_a_small_self_atari_against_a_bigger_string() {
    let board = Board::from_ascii(
        "
        .........
        .........
        .........
        .........
        .........
        .........
        XXXX.....
        OOOX.....
        ..XX.....
        ",
    )
    .unwrap();
    let c2 = at(&board, "C2");
    let mut out = Vec::new();
    approach_moves(&board, Color::Black, c2, &mut out);
    assert_eq!(names(&board, &out), vec!["A1".to_string()]);
    let small = Board::from_ascii(
        "
        .........
        .........
        .........
        .........
        .........
        .........
        XXXX.....
        OO.X.....
        .X.X.....
        ",
    )
    .unwrap();
    let b2 = at(&small, "B2");
    out.clear();
    approach_moves(&small, Color::Black, b2, &mut out);
    assert!(out.is_empty(), "{:?}", names(&small, &out));
}

#[test]
fn heavy_playouts_keep_board_and_context_right() {
    let policy = Policy::katachi();
    let heavy = Heavy {
        escape: 1.0,
        atari2: 1.0,
        nakade: 1.0,
        race: 1.0,
        local: 1.0,
        local_min: 100,
    };
    for seed in 1..=6u64 {
        let mut mc = McBoard::new(policy.table(), Board::new(9).unwrap(), None);
        mc.set_self_atari_limit(3);
        mc.set_heavy(heavy);
        common::play_checked(&mut mc, seed, |mc, c, p| {
            assert!(mc.weight(c, p) > 0, "a heavy move the weights allow");
        });
    }
}

/// White's D5 makes a cutting point at E5 for Black (White D5 and E6
/// touch only diagonally, Black holds D6). With the `local` rule always
/// on, every playout move is a point near D5 whose pattern weight is at
/// least the floor, and the cut is among them; with a floor no weight
/// reaches, the rule gives way to the global draw.
#[test]
fn local_rule_answers_near_the_previous_move_by_weight() {
    let board = Board::from_ascii(
        "
        .........
        .........
        .........
        ...XO....
        ...O.....
        .........
        .........
        .........
        .........
        ",
    )
    .unwrap();
    let policy = Policy::katachi();
    let (d5, e5) = (at(&board, "D5"), at(&board, "E5"));
    let mut mc = McBoard::new(policy.table(), board.clone(), Some(d5));
    assert!(
        mc.weight(Color::Black, e5) >= 100,
        "the cut weighs a shape's value"
    );
    mc.set_heavy(Heavy {
        local: 1.0,
        local_min: 100,
        ..Heavy::default()
    });
    let mut rng = Rng::new(5);
    let mut cuts = 0;
    for _ in 0..200 {
        let p = mc.choose_move(Color::Black, &mut rng).unwrap();
        assert!(mc.is_near(p), "{} is not near D5", board.vertex(p));
        assert!(mc.weight(Color::Black, p) >= 100, "{}", board.vertex(p));
        cuts += (p == e5) as usize;
    }
    assert!(cuts > 0, "the cut is never played");
    mc.set_heavy(Heavy {
        local: 1.0,
        local_min: 1_000_000,
        ..Heavy::default()
    });
    let far = (0..200)
        .filter(|_| {
            let p = mc.choose_move(Color::Black, &mut rng).unwrap();
            !mc.is_near(p)
        })
        .count();
    assert!(far > 0, "with no candidate the global draw plays anywhere");
}
