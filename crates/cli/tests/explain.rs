//! `katachi explain` and `katachi analyze --sgf` driven as a user runs
//! them, on a small game written here: Black ataris a White stone and
//! captures it, so the classic engine's choice and the record's move are
//! the same capture, and its reasons and value can be checked.

mod cli_support;

use cli_support::{katachi, stdout};
use std::path::PathBuf;

/// A file of this test in a temporary folder of its own.
fn temp_file(name: &str, text: &str) -> PathBuf {
    cli_support::temp_file("explain", name, text)
}

/// 7x7: B D5, W D4, B C4, W B6, B E4 (White's D4 in atari at D3), W G7,
/// B D3 (the capture), W A7. (White's fourth move was A1 until the
/// influence damped permeability around stones: a lone White A1 in
/// Black's lower-left corner, owl-dead but tactically alive, then kept
/// the corner from Black's territory in the valuation, and B2 beside it
/// was valued above the capture. That weakness is the valuation's, noted
/// in the issue; this test is about the commands.)
const GAME: &str = "(;GM[1]FF[4]SZ[7]KM[0.5];B[dc];W[dd];B[cd];W[bb];B[ed];W[ga];B[de];W[aa])";

// Each `katachi explain` call below reads the position afresh (about 6 s
// of CPU on this 7x7 game, mostly tactical reading: GNU Go 3.8 spends
// 1.4 s and 650,000 reading nodes on its genmove here), so each is a test
// of its own: the harness runs them on both cores.

#[test]
fn explain_gives_the_records_move_its_reasons_and_the_engines_choice() {
    let file = temp_file("atari.sgf", GAME);
    let file = file.to_str().expect("utf-8 path");
    let out = stdout(&katachi(&["explain", file, "--move", "7"]));
    assert!(
        out.contains(
            "black to move; explaining D3 (the move played in the record); engine's choice D3"
        ),
        "{out}"
    );
    assert!(out.contains("top moves: D3 "), "{out}");
    assert!(out.contains("D3 for black: classic engine"), "{out}");
    assert!(out.contains("Attack"), "{out}");
    assert!(out.contains("territory"), "{out}");
    assert!(out.contains("best move: beats"), "{out}");
}

#[test]
fn explain_a_named_move_says_what_beats_it() {
    let file = temp_file("atari_named.sgf", GAME);
    let file = file.to_str().expect("utf-8 path");
    // Another move, named: it loses to the capture.
    let out = stdout(&katachi(&[
        "explain", file, "--move", "7", "--vertex", "A4",
    ]));
    assert!(out.contains("explaining A4 (the move asked for)"), "{out}");
    assert!(out.contains("the best move D3 is worth"), "{out}");
}

#[test]
fn explain_engine_choice_past_the_record() {
    let file = temp_file("atari_choice.sgf", GAME);
    let file = file.to_str().expect("utf-8 path");
    // Past the end of the record: the engine's own choice.
    let out = stdout(&katachi(&[
        "explain",
        file,
        "--engine-choice",
        "--move",
        "7",
    ]));
    assert!(out.contains("explaining D3 (the engine's choice)"), "{out}");
}

#[test]
fn explain_errors_name_the_problem() {
    let file = temp_file("atari2.sgf", GAME);
    let file = file.to_str().expect("utf-8 path");
    let o = katachi(&["explain", file, "--move", "7", "--vertex", "Z9"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cannot explain Z9"), "{err}");
    let o = katachi(&["explain", "/nonexistent/x.sgf"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/nonexistent/x.sgf"), "{err}");
}

#[test]
fn analyze_writes_the_values_as_labels() {
    let file = temp_file("atari3.sgf", GAME);
    let out = file.with_file_name("valued.sgf");
    let file = file.to_str().expect("utf-8 path");
    let out_name = out.to_str().expect("utf-8 path");
    stdout(&katachi(&[
        "analyze", file, "--move", "7", "--color", "never", "--sgf", out_name,
    ]));
    let text = std::fs::read_to_string(&out).expect("written");
    let games = katachi_sgf::parse_bytes(text.as_bytes()).expect("valid SGF");
    let root = games.games.first().expect("one game");
    let labels = &root.property("LB").expect("labels").values;
    // D3 is `de` in SGF (column d, fifth row from the top of 7).
    let d3 = labels
        .iter()
        .find(|l| l.starts_with("de:"))
        .unwrap_or_else(|| panic!("{labels:?}"));
    let value: f64 = d3[3..].parse().expect("a number");
    for l in labels {
        let v: f64 = l[3..].parse().expect("a number");
        assert!(v <= value, "{l} above D3's {d3}");
    }
    assert!(value >= 1.0, "{d3}");
    let comment = &root.property("C").expect("comment").values[0];
    assert!(comment.contains("chooses D3"), "{comment}");
    assert_eq!(root.property("PL").expect("player").values[0], "B");
}
