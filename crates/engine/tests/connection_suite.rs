//! GNU Go's connection regression suite (connection.tst): its `connect`
//! and `disconnect` tests run directly against the connection reading,
//! with a floor on the number of passes so that a change that weakens it
//! fails here. The `same_dragon` tests need dragons and are not run.
//! Answers are judged by GNU Go's rule (`katachi-testkit`'s judge, the one
//! `katachi regress` uses). The
//! suite is read at run time from the shared corpus (`KATACHI_SHARED`,
//! default `../../../shared` from this crate); the test skips with a
//! message when it is absent, and fails if `KATACHI_REQUIRE_SHARED=1`.

use std::path::Path;

use katachi_board::Board;
use katachi_engine::connection::{read_connect, read_disconnect, ConnectionConfig};
use katachi_engine::reading::{Code, ReadConfig, Reader};

mod support;
use support::{regression_dir, walk_suite, walk_suite_parallel};

struct Run {
    tests: usize,
    passed: usize,
    nodes: u64,
}

fn run_suite(folder: &Path) -> Run {
    let mut reader = Reader::new(Board::new(19).expect("board"), ReadConfig::default());
    let cfg = ConnectionConfig::default();
    let mut nodes = 0;
    let tally = walk_suite(folder, "connection.tst", |board, cmd, args| {
        if cmd != "connect" && cmd != "disconnect" {
            // same_dragon needs dragons: not run, not counted.
            return None;
        }
        let a = board.parse_vertex(args[0]).expect("vertex");
        let b = board.parse_vertex(args[1]).expect("vertex");
        reader.set_board(board);
        let c = if cmd == "connect" {
            read_connect(&mut reader, a, b, &cfg)
        } else {
            read_disconnect(&mut reader, a, b, &cfg)
        };
        nodes += c.stats.nodes();
        Some(if c.code == Code::Fail {
            "0".to_string()
        } else {
            let mv = c.mv.map_or_else(|| "PASS".to_string(), |m| board.vertex(m));
            format!("{} {}", c.code.gtp(), mv)
        })
    });
    Run {
        tests: tally.tests,
        passed: tally.passed,
        nodes,
    }
}

#[test]
fn connection_suite_keeps_its_level() {
    let Some(dir) = regression_dir() else { return };
    let run = run_suite(&dir);
    println!(
        "connection.tst connect/disconnect: {}/{} passed, {:.0} nodes per test",
        run.passed,
        run.tests,
        run.nodes as f64 / run.tests.max(1) as f64
    );
    assert_eq!(run.tests, 90, "connect/disconnect tests read");
    // Floor: the pass count of the connection reading today (48 when this
    // test was written, 61 after iterative deepening and the capture
    // rules, 62 with the connector's approach on a three-liberty string
    // between, 63 with the connection search's tactical node limit, 64
    // with that approach read also when no short path joins the strings
    // (conn30, test 103); GNU Go 3.8: 71). Raise it as the connection
    // reading improves.
    let floor = 64;
    assert!(run.passed >= floor, "{} passed, floor {floor}", run.passed);
}

/// The suite's 38 `same_dragon` tests against the analysis' dragons
/// (katachi's embedded conn.db and the amalgamation of `dragons.rs`), with
/// a floor at the measured pass count so that a change to amalgamation
/// that loses agreement fails here. Consecutive tests on one position
/// share its analysis (keyed by its hash and move count, as `owl_suite`
/// and the GTP engine keep it): an analysis is a function of the
/// position, so the answers are those of a fresh one per test. The
/// positions are shared by two workers (the machine's two cores: this
/// test was the binary's longest, the other one reads on one thread).
#[test]
fn same_dragon_tests_keep_their_level() {
    use katachi_engine::analysis::{Analysis, AnalysisConfig};
    let Some(dir) = regression_dir() else { return };
    // By default the tests after every 2nd position command (half the
    // suite: each new position is a whole analysis, 37 s of CPU for all
    // 38 tests); `KATACHI_CONN_STEP=1` reads them all with the whole
    // suite's floor (any other step only prints).
    let step = std::env::var("KATACHI_CONN_STEP")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(2)
        .max(1);
    let tally = walk_suite_parallel(&dir, "connection.tst", 2, step, || {
        let mut last: Option<((u64, usize), Analysis)> = None;
        move |board: &Board, cmd: &str, args: &[&str]| {
            if cmd != "same_dragon" {
                return None;
            }
            let a = board.parse_vertex(args[0]).expect("vertex");
            let b = board.parse_vertex(args[1]).expect("vertex");
            let key = (board.hash_with_player(), board.history().len());
            if last.as_ref().is_none_or(|(k, _)| *k != key) {
                last = Some((key, Analysis::new(board.clone(), AnalysisConfig::default())));
            }
            let (_, analysis) = last.as_ref().expect("just set");
            let d = analysis.dragons();
            let same = d.index(a).is_some() && d.index(a) == d.index(b);
            Some(if same { "1" } else { "0" }.to_string())
        }
    });
    println!(
        "connection.tst same_dragon (position step {step}): {}/{} passed",
        tally.passed, tally.tests
    );
    // Floors at what was measured (the whole suite: 32/38 since the B
    // patterns KB2-KB4 mark the gaps of doubly threatened one-point
    // jumps; 29/38 with the merged connection reader, 28/38 without;
    // 18/38 before eye spaces were cut along their margin and jumps
    // read. The default half: HALF_TESTS tests, HALF_FLOOR passed, when
    // it became the default).
    const HALF_TESTS: usize = 17;
    const HALF_FLOOR: usize = 14;
    let (tests, floor) = match step {
        1 => (38, 32),
        2 => (HALF_TESTS, HALF_FLOOR),
        _ => return,
    };
    assert_eq!(tally.tests, tests, "same_dragon tests read");
    assert!(
        tally.passed >= floor,
        "{} passed, floor {floor}",
        tally.passed
    );
}
