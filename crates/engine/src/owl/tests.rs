//! Owl on small life-and-death shapes.

use super::*;
use crate::knowledge::Knowledge;

fn owl(board: &Board) -> Owl {
    Owl::new(
        board.clone(),
        Knowledge::embedded(),
        ReadConfig::default(),
        OwlConfig::default(),
    )
}

fn stones(b: &Board, c: Color) -> Vec<Point> {
    b.points()
        .filter(|&p| b.cell(p).color() == Some(c))
        .collect()
}

/// White's group on the edge has a straight three: whoever plays its
/// middle point first decides (Black kills, White lives).
#[test]
fn straight_three_is_critical_at_its_middle() {
    let b = Board::from_ascii(
        ".........
         .........
         .........
         .........
         .........
         .........
         XXXXXXX..
         XOOOOOX..
         XO...OX..",
    )
    .expect("board");
    let white = stones(&b, Color::White);
    let d1 = b.parse_vertex("D1").ok();
    let mut o = owl(&b);
    let a = o.attack(&white);
    assert_eq!(a.outcome.code, Code::Win, "{a:?}");
    assert_eq!(a.outcome.mv, d1);
    let d = o.defend(&white);
    assert_eq!(d.outcome.code, Code::Win, "{d:?}");
    assert_eq!(d.outcome.mv, d1);
    assert_eq!(
        OwlStatus::from_answers(a.outcome, d.outcome).format(&b),
        "critical D1 D1"
    );
}

/// A defender's move far from the dragon is another group's: G5 joins
/// the stone G4 in open ground, not the critical straight three, which White
/// still kills at D1 (GNU Go 3.8's `owl_does_defend` answers 0 there
/// too); the vital point itself saves it.
#[test]
fn a_far_defender_move_does_not_save_the_dragon() {
    let b = Board::from_ascii(
        ".........
         .........
         .........
         .........
         .........
         ......O..
         XXXXXXX..
         XOOOOOX..
         XO...OX..",
    )
    .expect("board");
    let white: Vec<Point> = stones(&b, Color::White)
        .into_iter()
        .filter(|&p| b.row_col(p).0 >= 7)
        .collect();
    let far = b.parse_vertex("G5").expect("vertex");
    let d1 = b.parse_vertex("D1").expect("vertex");
    let g4 = b.parse_vertex("G4").expect("vertex");
    let mut o = owl(&b);
    // G4 counts as a living group (`Owl::set_living`), as the analysis
    // marks the dragons it knows alive: joining it saves a goal that
    // the move really joins, not this one.
    let mut living = vec![false; b.cells().len()];
    living[g4.index()] = true;
    o.set_living(living);
    let a = o.does_defend(&white, far);
    assert!(!a.outcome.code.is_success(), "{a:?}");
    let a = o.does_defend(&white, d1);
    assert_eq!(a.outcome.code, Code::Win, "{a:?}");
}

/// A straight four on the edge lives whoever moves first: the attack
/// fails, the defence needs no move.
#[test]
fn straight_four_lives() {
    let b = Board::from_ascii(
        ".........
         .........
         .........
         .........
         .........
         .........
         XXXXXXXX.
         XOOOOOOX.
         XO....OX.",
    )
    .expect("board");
    let white = stones(&b, Color::White);
    let mut o = owl(&b);
    assert_eq!(o.attack(&white).outcome, FAIL);
    assert_eq!(o.defend(&white).outcome.code, Code::Win);
    assert_eq!(
        o.does_attack(&white, b.parse_vertex("D1").expect("v"))
            .outcome
            .code,
        Code::Fail
    );
}

/// A two-point eye space never makes two eyes: dead whoever moves.
#[test]
fn two_point_space_is_dead() {
    let b = Board::from_ascii(
        ".........
         .........
         .........
         .........
         .........
         .........
         XXXXXX...
         XOOOOX...
         XO..OX...",
    )
    .expect("board");
    let white = stones(&b, Color::White);
    let mut o = owl(&b);
    assert!(o.attack(&white).outcome.code.is_success());
    assert_eq!(o.defend(&white).outcome, FAIL);
}

/// Seki on the first line: Black's three stones inside White's group
/// share their two liberties with it. White capturing them would leave a
/// straight three that Black kills by the placement, and Black, once
/// A1 is filled, can take a shared liberty only by a self-atari that
/// gives White a straight four. Neither side can kill: the attack fails.
#[test]
fn first_line_seki_is_not_killed() {
    let b = Board::from_ascii(
        ".........
         .........
         .........
         .........
         .........
         .........
         XXXXXXXXX
         XOOOOOOOX
         .O.XXX.OX",
    )
    .expect("board");
    let white = stones(&b, Color::White);
    let mut o = owl(&b);
    assert_eq!(o.attack(&white).outcome, FAIL);
    assert_eq!(o.defend(&white).outcome.code, Code::Win);
}

/// Black's corner group has a bent four in the corner (G9 H9 J9 J8) and
/// no outside liberty: White can turn it into a ko whenever it likes and
/// Black can never start it, so the reading without the ko null move
/// (the semeai's judge of a capturer's life) calls it dead: semeai.tst's
/// 65 and 66 count a capture that leaves the capturer such a shape as
/// lost. (With the null move owl answers a ko, `KO_A` at H9.)
#[test]
fn bent_four_in_the_corner_is_dead_without_the_ko_null_move() {
    let b = Board::from_ascii(
        "....OX...
         ....OXXX.
         ....OOOXX
         ......OXX
         ......OOO
         .........
         .........
         .........
         .........",
    )
    .expect("board");
    let black = stones(&b, Color::Black);
    let mut strict = Owl::new(
        b.clone(),
        Knowledge::embedded(),
        ReadConfig::default(),
        OwlConfig {
            ko_tenuki: false,
            ..OwlConfig::default()
        },
    );
    let a = strict.attack(&black);
    assert_eq!(a.outcome.code, Code::Win, "{a:?}");
}

/// A corner group whose 13-point space is open at its margin (two
/// points next to Black's wall) has no sure eyes: Black moving first
/// kills and White needs a move (GNU Go 3.8's `dragon_status A4`:
/// `critical D1 D2`). Counting the open space's value as two eyes
/// even with the attacker moving twice called it alive.
#[test]
fn open_corner_space_is_no_sure_eye() {
    let b = Board::from_ascii(
        ".........
         .........
         .........
         .........
         XXXXXX...
         OOOOOX...
         ....OX...
         .....X...
         .....X...",
    )
    .expect("board");
    let white = stones(&b, Color::White);
    let mut o = owl(&b);
    let a = o.attack(&white);
    assert_eq!(a.outcome.code, Code::Win, "{a:?}");
    assert!(a.outcome.mv.is_some(), "{a:?}");
    let d = o.defend(&white);
    assert_eq!(d.outcome.code, Code::Win, "{d:?}");
    assert!(d.outcome.mv.is_some(), "{d:?}");
}

/// White's two one-point eyes at C5 and E5 (9x9): C5's diagonals are all
/// White's, E5's F6 and F4 are open points next to Black's stones where
/// Black can play safely. E5 is a proper eye now (diagonal sum 2), but
/// Black's two moves F6 and F4 make it false (sum 4), so with the
/// attacker moving twice the dragon has one sure eye, not two, and both
/// diagonals are the attacker's candidates. With F6 White's, one move
/// cannot spoil E5 (sum 1 + 1 = 2) and both eyes stay sure.
#[test]
fn a_one_point_eye_with_two_open_diagonals_is_no_sure_eye() {
    let rows = |f6: char| {
        format!(
            ".........
             .........
             .....X...
             .OOOO{f6}X..
             .O.O.OO..
             .OOOO.X..
             .....X...
             .........
             ........."
        )
    };
    let view_of = |f6: char| {
        let b = Board::from_ascii(&rows(f6)).expect("board");
        let knowledge = Knowledge::embedded();
        let mut reader = Reader::with_patterns(
            b.clone(),
            ReadConfig::default(),
            knowledge.tactical().clone(),
        );
        let goal: Vec<bool> = b
            .cells()
            .iter()
            .enumerate()
            .map(|(i, _)| b.cell(Point(i as u16)).color() == Some(Color::White))
            .collect();
        let view = examine(&b, &mut reader, &knowledge, Color::White, &goal, &[]);
        (b, view)
    };
    let (b, open) = view_of('.');
    assert_eq!(open.eyes[0], 1, "{open:?}");
    assert!(open.eyes[1] >= 2, "{open:?}");
    for v in ["F6", "F4"] {
        let p = b.parse_vertex(v).expect("vertex");
        assert!(
            open.attacks.contains(&(p, examine::SPOIL_SCORE)),
            "{v} {:?}",
            open.attacks
        );
    }
    let (_, closed) = view_of('O');
    assert_eq!(closed.eyes[0], 2, "{closed:?}");
}

/// An alive verdict that rests on the count (here escape room) while a
/// goal string can be captured is flagged `shaky_alive`, so that a
/// defender node below the root reads its moves instead of taking the
/// verdict (the string's defence may fill an eye the count relies on).
/// White's lone stone at G9 (9x9), between two Black stones on the
/// edge, is in atari; the same open group without it is not flagged.
#[test]
fn an_alive_count_with_a_capturable_goal_string_is_shaky() {
    let b = Board::from_ascii(
        ".....XOX.
         .........
         .........
         ...OO....
         ...O.....
         .........
         .........
         .........
         .........",
    )
    .expect("board");
    let knowledge = Knowledge::embedded();
    let view_of = |goal: &[&str]| {
        let mut reader = Reader::with_patterns(
            b.clone(),
            ReadConfig::default(),
            knowledge.tactical().clone(),
        );
        let mut in_goal = vec![false; b.cells().len()];
        for v in goal {
            in_goal[b.parse_vertex(v).expect("vertex").index()] = true;
        }
        examine(&b, &mut reader, &knowledge, Color::White, &in_goal, &[])
    };
    let with = view_of(&["D6", "E6", "D5", "G9"]);
    assert_eq!(with.verdict, Verdict::Alive, "{with:?}");
    assert!(with.shaky_alive, "{with:?}");
    let without = view_of(&["D6", "E6", "D5"]);
    assert_eq!(without.verdict, Verdict::Alive, "{without:?}");
    assert!(!without.shaky_alive, "{without:?}");
}
