//! Games played through `katachi gtp` with its own `genmove`: every move
//! is legal and on the board, the game ends with two passes, `final_score`
//! has SGF's result form, and `undo` walks the whole game back.

mod gtp_support;

use gtp_support::Gtp;

fn is_result(text: &str) -> bool {
    if text == "0" {
        return true;
    }
    let Some(number) = text.strip_prefix("B+").or_else(|| text.strip_prefix("W+")) else {
        return false;
    };
    let parts: Vec<&str> = number.split('.').collect();
    parts.len() == 2
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && parts[1].len() == 1
}

/// Play a game with `command` for both sides; returns (moves, final score).
fn self_play(gtp: &mut Gtp, size: usize, command: &str) -> (usize, String) {
    gtp.ok(&format!("boardsize {size}"));
    gtp.ok("clear_board");
    gtp.ok("komi 7.5");
    let mut colors = ["black", "white"].iter().cycle();
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 {
        assert!(moves < 2000, "no end after {moves} moves");
        let color = colors.next().unwrap();
        let answer = gtp.ok(&format!("{command} {color}"));
        moves += 1;
        if answer == "PASS" {
            passes += 1;
            continue;
        }
        passes = 0;
        // The move was played: the point holds a stone of the mover...
        assert_eq!(
            gtp.ok(&format!("color {answer}")),
            *color,
            "move {moves}: {answer}"
        );
        // ... which has at least one liberty (no suicide).
        let libs: usize = gtp.ok(&format!("countlib {answer}")).parse().unwrap();
        assert!(libs >= 1);
    }
    let score = gtp.ok("final_score");
    assert!(is_result(&score), "{score:?}");
    (moves, score)
}

#[test]
fn a_9x9_game_with_genmove_ends_and_undoes_completely() {
    let mut gtp = Gtp::start(&["--seed", "7", "--playouts", "200"]);
    let (moves, _score) = self_play(&mut gtp, 9, "genmove");
    assert!(moves > 20, "only {moves} moves");
    for k in 0..moves {
        assert_eq!(gtp.ask("undo"), "= ", "undo {k} of {moves}");
    }
    assert_eq!(gtp.ask("undo"), "? cannot undo");
    assert_eq!(gtp.ok("list_stones black"), "");
    assert_eq!(gtp.ok("list_stones white"), "");
    assert_eq!(gtp.ok("final_score"), "W+7.5");
    assert!(gtp.finish().success());
}

#[test]
fn the_same_seed_replays_the_same_game_and_cleanup_games_end_too() {
    // One thread: with more (the default on a multi-core machine) the
    // threads' interleaving changes the tree from run to run.
    let one = ["--seed", "3", "--playouts", "200", "--threads", "1"];
    let mut a = Gtp::start(&one);
    let mut b = Gtp::start(&one);
    let first = self_play(&mut a, 7, "genmove");
    let again = self_play(&mut b, 7, "genmove");
    assert_eq!(first, again);
    assert_eq!(a.ok("showboard"), b.ok("showboard"));
    let (moves, _) = self_play(&mut a, 7, "kgs-genmove_cleanup");
    assert!(moves > 10);
}

#[test]
fn genmove_captures_a_stone_in_atari() {
    let mut gtp = Gtp::start(&["--playouts", "200"]);
    gtp.ok("boardsize 9");
    for m in ["black E5", "white E6", "white D5", "white F5"] {
        gtp.ok(&format!("play {m}"));
    }
    assert_eq!(gtp.ok("genmove white"), "E4");
    assert_eq!(gtp.ok("captures white"), "1");
    assert_eq!(gtp.ok("color E5"), "empty");
}

#[test]
fn superko_option_forbids_repeating_a_position() {
    // A ko: black C3 takes white B3. After two passes White's retake
    // would recreate the position before Black's capture. Simple ko allows
    // it (the ko was not the last move), positional superko does not.
    let setup = [
        "b B4", "b A3", "b B2", "w C4", "w B3", "w D3", "w C2", "b C3", "w pass", "b pass",
    ];
    let mut simple = Gtp::start(&["--playouts", "200"]);
    let mut superko = Gtp::start(&["--superko", "--playouts", "200"]);
    for gtp in [&mut simple, &mut superko] {
        gtp.ok("boardsize 5");
        for m in setup {
            gtp.ok(&format!("play {m}"));
        }
        assert_eq!(gtp.ok("color B3"), "empty");
        assert_eq!(gtp.ok("is_legal white A5"), "1");
    }
    assert_eq!(simple.ok("is_legal white B3"), "1");
    assert_eq!(superko.ok("is_legal white B3"), "0");
    assert_eq!(simple.ask("play white B3"), "= ");
    assert_eq!(superko.ask("play white B3"), "? illegal move");
}
