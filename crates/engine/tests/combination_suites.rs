//! GNU Go's combination and break-in regression suites (atari_atari.tst:
//! `combination_attack`, `combination_defend`; break_in.tst:
//! `break_in`, `block_off`) run directly against the engine's analysis
//! without GTP, with a floor on the number of passes so that a change
//! that weakens those searches fails here. The suite is read at run time from the shared corpus
//! (`KATACHI_SHARED`); the test skips with a message when it is absent,
//! and fails if `KATACHI_REQUIRE_SHARED=1`. `katachi regress
//! atari_atari.tst break_in.tst` is the full runner (break_in.tst's
//! `reg_genmove` test is the move generator's, not run here).

use katachi_board::{Board, Color, Point};
use katachi_engine::analysis::{Analysis, AnalysisConfig};

mod support;
use support::{color, regression_dir, walk_suite_parallel};

/// GNU Go's answer text: the attack's first move or `PASS`; the
/// defences in board order, or `PASS` when there is no combination;
/// `1` and the move (`PASS` for a block that needs none) or `0` for a
/// break-in or a block.
fn answer(board: &Board, cmd: &str, args: &[&str]) -> Option<String> {
    let an = Analysis::new(board.clone(), AnalysisConfig::default());
    if matches!(cmd, "break_in" | "block_off") {
        let p = |v: &str| board.parse_vertex(v).ok();
        let s = p(args.first()?)?;
        let area: Vec<Point> = args[1..].iter().filter_map(|v| p(v)).collect();
        let found = if cmd == "break_in" {
            an.break_in(s, &area).map(Some)
        } else {
            an.block_off(s, &area)
        };
        let v = |m: Option<Point>| m.map_or_else(|| "PASS".into(), |m| board.vertex(m));
        return Some(found.map_or_else(|| "0".into(), |m| format!("1 {}", v(m))));
    }
    let c: Color = color(args.first()?);
    match cmd {
        "combination_attack" => Some(
            an.combination_attack(c)
                .map_or_else(|| "PASS".into(), |(p, _)| board.vertex(p)),
        ),
        "combination_defend" => Some(an.combination_defend(c).map_or_else(
            || "PASS".into(),
            |moves| {
                moves
                    .iter()
                    .map(|&p| board.vertex(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            },
        )),
        _ => None,
    }
}

/// Floors: the pass counts katachi reaches on the whole suites (GNU Go
/// 3.8: 23 of atari_atari.tst's 28, and 10 of break_in.tst's 11 with its
/// `reg_genmove` test; 10 of the 10 run here). atari_atari.tst: 20 before
/// the combination search tried net moves (empty points beside a
/// threatened string's liberties), 24 since (lead29). break_in.tst: 5 of 10
/// with one-stone entries, 7 since an entry that can be stopped is read
/// on through the answers that stop it and a stone already in the area
/// counts once joined up (lead29).
const FLOORS: [(&str, usize); 2] = [("atari_atari.tst", 24), ("break_in.tst", 7)];

#[test]
fn combination_and_break_in_suites_keep_their_level() {
    let Some(dir) = regression_dir() else { return };
    for (suite, floor) in FLOORS {
        let tally = walk_suite_parallel(&dir, suite, 2, 1, || answer);
        println!("{suite}: {}/{} passed", tally.passed, tally.tests);
        assert!(tally.tests > 0, "{suite}: no tests read");
        assert!(
            tally.passed >= floor,
            "{suite}: {} passed, floor {floor}",
            tally.passed
        );
    }
}
