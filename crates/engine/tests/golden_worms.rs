//! Whole-board golden maps of the worm analysis (the first users of
//! `katachi_testkit::golden`; later stages add theirs the same way): on a
//! small 9x9 position written here as SGF, the map of each worm's attack
//! code and the map of unconditional status, each compared with a snapshot
//! that was checked by hand. `UPDATE_EXPECT=1` rewrites the snapshots when a
//! change is meant to move them; review the board diff before committing.
//!
//! The position: a black corner group (A8-D8, B9, D9) with the two true
//! eyes A9 and C9, walled in by a white chain (E9, E8, A7-E7) that has no
//! eye; in the centre a white stone E5 held in atari by D5, E4 and F5, whose
//! last liberty E6 touches the white chain.
//!
//! ```text
//!    A B C D E F G H J
//!  9 . X . X O . . . . 9
//!  8 X X X X O . . . . 8
//!  7 O O O O O . . . . 7
//!  6 . . . . . . . . . 6
//!  5 . . . X O X . . . 5
//!  4 . . . . X . . . . 4
//! ```

use katachi_board::{Board, Cell, Point};
use katachi_engine::reading::{ReadConfig, Reader};
use katachi_engine::unconditional::{Status, Unconditional};
use katachi_engine::worms::Worms;
use katachi_sgf::{load_bytes, Target};
use katachi_testkit::golden::{assert_board_map, expect};

const SGF: &str = "(;GM[1]FF[4]SZ[9]\
    AB[ba][da][ab][bb][cb][db][de][ef][fe]\
    AW[ea][eb][ac][bc][cc][dc][ec][ee])";

fn position() -> Board {
    load_bytes(SGF.as_bytes(), Target::End)
        .expect("the test's SGF loads")
        .board
}

fn at(board: &Board, row: usize, col: usize) -> Point {
    board.point(row, col).expect("on the board")
}

/// Legend: `.` empty, `X`/`O` a stone whose worm cannot be captured
/// (attack code 0), a digit the attack code of a capturable worm (1 win,
/// 2 ko the attacker takes first, 3 ko the attacker must win a ko), `*`
/// the attack point of some worm.
#[test]
fn attack_codes() {
    let board = position();
    let mut reader = Reader::new(board.clone(), ReadConfig::default());
    let worms = Worms::compute(&board, &mut reader);
    let attack_points: Vec<Point> = worms
        .iter()
        .filter_map(|w| w.attack.map(|(p, _)| p))
        .collect();
    assert_board_map(
        expect![[r#"
              A B C D E F G H J
            9 . X . X O . . . . 9
            8 X X X X O . . . . 8
            7 O O O O O . . . . 7
            6 . . . . * . . . . 6
            5 . . . X 1 X . . . 5
            4 . . . . X . . . . 4
            3 . . . . . . . . . 3
            2 . . . . . . . . . 2
            1 . . . . . . . . . 1
              A B C D E F G H J
        "#]],
        board.size(),
        |r, c| {
            let p = at(&board, r, c);
            match board.cell(p) {
                Cell::Empty if attack_points.contains(&p) => "*".into(),
                Cell::Empty => ".".into(),
                cell => match worms.get(p).and_then(|w| w.attack) {
                    Some((_, code)) => code.gtp().to_string(),
                    None if cell == Cell::Black => "X".into(),
                    None => "O".into(),
                },
            }
        },
    );
}

/// Legend: `A` alive, `D` dead, `b`/`w` Black's/White's unconditional
/// territory, `X`/`O`/`.` undecided stones and points.
#[test]
fn unconditional_status() {
    let board = position();
    let status = Unconditional::compute(&board);
    assert_board_map(
        expect![[r#"
          A B C D E F G H J
        9 b A b A O . . . . 9
        8 A A A A O . . . . 8
        7 O O O O O . . . . 7
        6 . . . . . . . . . 6
        5 . . . X O X . . . 5
        4 . . . . X . . . . 4
        3 . . . . . . . . . 3
        2 . . . . . . . . . 2
        1 . . . . . . . . . 1
          A B C D E F G H J
    "#]],
        board.size(),
        |r, c| {
            let p = at(&board, r, c);
            match status.status(p) {
                Status::Alive => "A",
                Status::Dead => "D",
                Status::BlackTerritory => "b",
                Status::WhiteTerritory => "w",
                Status::Undecided => match board.cell(p) {
                    Cell::Black => "X",
                    Cell::White => "O",
                    _ => ".",
                },
            }
            .into()
        },
    );
}
