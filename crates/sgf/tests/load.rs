//! Loader tests on hand-written games: setup, captures, passes, ko, the
//! `loadsgf FILE N|VERTEX` conventions, variations and errors.

use katachi_board::{Board, Color, IllegalMove};
use katachi_sgf::{load_str, LoadError, Loaded, Pos, ReadError, Target};

fn rows(board: &Board) -> Vec<String> {
    let n = board.size();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match board.cell(board.point(r, c).unwrap()).color() {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

fn load(text: &str, target: Target) -> Loaded {
    load_str(text, target).unwrap_or_else(|e| panic!("{e}"))
}

fn load_err(text: &str) -> LoadError {
    match load_str(text, Target::End) {
        Err(ReadError::Load(e)) => e,
        other => panic!("expected a load error, got {other:?}"),
    }
}

#[test]
fn setup_stones_and_player() {
    let l = load("(;SZ[5]AB[aa][bb]AW[cc]AE[bb]PL[W])", Target::End);
    assert_eq!(
        rows(&l.board),
        ["X....", ".....", "..O..", ".....", "....."]
    );
    assert_eq!(l.to_move, Color::White);
    assert_eq!(l.board.to_move(), Color::White);
    assert_eq!(l.moves_played, 0);
    let rect = load("(;SZ[4]AB[ab:bc])", Target::End);
    assert_eq!(rows(&rect.board), ["....", "XX..", "XX..", "...."]);
}

#[test]
fn captures_and_move_numbers() {
    let game = "(;SZ[5];B[ba];W[aa];B[ab];W[cc])";
    let all = load(game, Target::End);
    assert_eq!(
        rows(&all.board),
        [".X...", "X....", "..O..", ".....", "....."]
    );
    assert_eq!(all.board.captures(Color::Black), 1);
    assert_eq!((all.moves_played, all.stopped_before), (4, None));
    assert_eq!(all.to_move, Color::Black);

    let before3 = load(game, Target::BeforeMove(3));
    assert_eq!(rows(&before3.board)[0], "OX...");
    assert_eq!((before3.moves_played, before3.stopped_before), (2, Some(3)));
    assert_eq!(before3.to_move, Color::Black);

    let before4 = load(game, Target::BeforeMove(4));
    assert_eq!(before4.to_move, Color::White);
    assert_eq!(before4.moves_played, 3);

    for n in [0, 1] {
        let start = load(game, Target::BeforeMove(n));
        assert_eq!(start.moves_played, 0);
        assert_eq!(start.to_move, Color::Black);
        assert!(rows(&start.board).iter().all(|r| r == "....."));
    }
    let beyond = load(game, Target::BeforeMove(99));
    assert_eq!((beyond.moves_played, beyond.stopped_before), (4, None));
    assert_eq!(beyond.to_move, Color::Black);
}

#[test]
fn passes_empty_and_tt() {
    let l = load("(;SZ[9];B[ee];W[];B[tt];W[cc])", Target::End);
    assert_eq!(l.moves_played, 4);
    let stones: usize = rows(&l.board)
        .iter()
        .map(|r| r.chars().filter(|&c| c != '.').count())
        .sum();
    assert_eq!(stones, 2);
    assert_eq!(l.board.history()[1].1, katachi_board::Move::Pass);
    // On boards above 19 `tt` is a real point.
    let big = load("(;SZ[21];B[tt])", Target::End);
    assert_eq!(
        big.board.cell(big.board.point(19, 19).unwrap()).color(),
        Some(Color::Black)
    );
}

#[test]
fn first_move_at_a_vertex() {
    let game = "(;SZ[9];B[ee];W[cc];B[gg];W[cg];B[gc])";
    let l = load(game, Target::FirstMoveAt(6, 6));
    assert_eq!((l.moves_played, l.stopped_before), (2, Some(3)));
    assert_eq!(l.to_move, Color::Black);
    let w = load(game, Target::FirstMoveAt(6, 2));
    assert_eq!((w.moves_played, w.to_move), (3, Color::White));
    let never = load(game, Target::FirstMoveAt(0, 0));
    assert_eq!(never.stopped_before, None);
}

#[test]
fn variation_paths() {
    let text = "(;SZ[5];B[cc](;W[bb])(;W[dd];B[bb](;W[ab])(;W[ba])))";
    let collection = katachi_sgf::parse(text).unwrap();
    let game = &collection.games[0];
    let main = katachi_sgf::load(game, Target::End, &[]).unwrap();
    assert_eq!(rows(&main.board)[1], ".O...");
    let l = katachi_sgf::load(game, Target::End, &[1, 1]).unwrap();
    assert_eq!(
        rows(&l.board),
        [".O...", ".X...", "..X..", "...O.", "....."]
    );
    assert_eq!(l.moves_played, 4);
    assert_eq!(
        katachi_sgf::load(game, Target::End, &[5]).unwrap_err(),
        LoadError::BadVariation {
            index: 0,
            child: 5,
            count: 2
        }
    );
}

#[test]
fn handicap_komi_and_white_to_move() {
    let l = load("(;SZ[9]HA[2]KM[0.5]AB[cc][gg])", Target::End);
    assert_eq!(l.handicap, Some(2));
    assert_eq!(l.komi, Some(0.5));
    assert_eq!(l.to_move, Color::White);
    let none = load("(;SZ[9])", Target::End);
    assert_eq!(
        (none.komi, none.handicap, none.to_move),
        (None, None, Color::Black)
    );
    let default = load("(;)", Target::End);
    assert_eq!(default.board.size(), 19);
}

/// Black captures a ko; the loader must leave the ko point for White.
const KO: &str = "(;SZ[5]AB[ba][ab][bc]AW[ca][cc][db][bb];B[cb];W[bb])";

#[test]
fn ko_point_after_loading() {
    let l = load(KO, Target::BeforeMove(2));
    assert_eq!(l.to_move, Color::White);
    assert_eq!(l.board.ko_point(), l.board.point(1, 1));
    match load_str(KO, Target::End) {
        Err(ReadError::Load(LoadError::Illegal {
            number,
            reason,
            pos,
            ..
        })) => {
            assert_eq!((number, reason), (2, IllegalMove::Ko));
            assert_eq!(
                pos,
                Pos {
                    line: 1,
                    column: 47
                }
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_moves_name_their_place() {
    let e = load_err("(;SZ[9]\n;B[ee]\n;W[ee])");
    assert_eq!(
        e.to_string(),
        "line 3, column 2: move 2 (W[ee]) is illegal: point is occupied"
    );
    let e = load_err("(;SZ[3]AB[ba][ab];W[aa])");
    assert!(
        matches!(
            e,
            LoadError::Illegal {
                reason: IllegalMove::Suicide,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn bad_values_are_errors() {
    for size in ["30", "1", "19:13", "abc", ""] {
        let e = load_err(&format!("(;SZ[{size}])"));
        assert!(matches!(e, LoadError::BadSize { .. }), "{size}: {e:?}");
    }
    let e = load_err("(;SZ[9];B[jj])");
    assert_eq!(
        e.to_string(),
        "line 1, column 9: B: point \"jj\" is off a 9x9 board"
    );
    assert!(matches!(
        load_err("(;KM[six])"),
        LoadError::BadNumber { .. }
    ));
    assert!(matches!(load_err("(;PL[X])"), LoadError::BadColor { .. }));
    assert!(matches!(load_err("(;AB[a])"), LoadError::BadPoint { .. }));
    assert!(matches!(
        load_str("no game", Target::End),
        Err(ReadError::Parse(_))
    ));
}

#[test]
fn large_setup_keeps_prisoners_and_matches_stone_by_stone() {
    // A capture, then a setup node big enough to take the rebuild path.
    let big = load(
        "(;SZ[5];B[ba];W[aa];B[ab];AW[cc:ee]AE[dd];W[ae])",
        Target::End,
    );
    assert_eq!(big.board.captures(Color::Black), 1);
    assert_eq!(
        rows(&big.board),
        [".X...", "X....", "..OOO", "..O.O", "O.OOO"]
    );
    let small = load(
        "(;SZ[5];B[ba];W[aa];B[ab];AW[cc][dc][ec][cd][ed][ce][de][ee];W[ae])",
        Target::End,
    );
    assert_eq!(rows(&small.board), rows(&big.board));
    big.board.check_consistency().unwrap();
}

#[test]
fn hostile_setup_lists_stay_cheap() {
    let mut text = String::from("(;SZ[25]");
    for _ in 0..400 {
        text.push_str(";AB[aa:yy][aa:yy][aa:yy];AE[aa:yy]");
    }
    text.push(')');
    let start = std::time::Instant::now();
    let l = load(&text, Target::End);
    assert!(rows(&l.board).iter().all(|r| r.chars().all(|c| c == '.')));
    let took = start.elapsed();
    assert!(took.as_secs() < 10, "setup took {took:?}");
}

#[test]
fn other_games_are_refused() {
    let e = load_err("(;GM[2]SZ[8])");
    assert_eq!(
        e.to_string(),
        "line 1, column 3: GM[2] is not a game of Go (GM[1])"
    );
    load("(;GM[1]SZ[8])", Target::End);
}

#[test]
fn static_position_record_reloads_the_same_position() {
    let l = load(
        "(;SZ[7]KM[2.5];B[dd];W[cd];B[ce];W[de];B[ee];W[dc];B[bd])",
        Target::End,
    );
    let record = katachi_sgf::position_record(&l.board, 2.5);
    let text = katachi_sgf::write_game(&record);
    let again = load(&text, Target::End);
    assert_eq!(rows(&again.board), rows(&l.board));
    assert_eq!(again.to_move, l.to_move);
    assert_eq!(again.komi, Some(2.5));
    assert_eq!(again.moves_played, 0);
}
