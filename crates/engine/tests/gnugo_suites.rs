//! GNU Go's tactical regression suites (reading.tst, capture.tst,
//! unconditional.tst), run directly against the engine without GTP, with a
//! floor on the number of passes so that a change that weakens the reading
//! fails here. The suites are read at run time from the shared corpus
//! (`KATACHI_SHARED`, default `../../../shared` from this crate); the test
//! skips with a message when it is absent, and fails if
//! `KATACHI_REQUIRE_SHARED=1`. `katachi regress` is the full runner; this
//! test only understands the commands these three suites use; it judges
//! answers with the same reader and judge (GNU Go's rule, through
//! `katachi-testkit`).

use std::path::Path;

use katachi_board::Board;
use katachi_engine::reading::{Code, ReadConfig, Reader};
use katachi_engine::unconditional::{Status, Unconditional};

mod support;
use support::{regression_dir, walk_suite};

struct Run {
    tests: usize,
    passed: usize,
    nodes: u64,
}

fn answer(board: &Board, reader: &mut Reader, cfg: ReadConfig, cmd: &str, args: &[&str]) -> String {
    let vertex = |i: usize| args.get(i).and_then(|v| board.parse_vertex(v).ok());
    reader.set_board(board);
    if *reader.config() != cfg {
        reader.set_config(cfg);
    }
    match cmd {
        "attack" | "defend" => {
            let Some(p) = vertex(0) else {
                return "?".into();
            };
            let out = if cmd == "attack" {
                reader.attack(p)
            } else {
                reader.find_defense(p)
            };
            if out.code == Code::Fail {
                "0".into()
            } else {
                let mv = out
                    .mv
                    .map_or_else(|| "PASS".to_string(), |m| board.vertex(m));
                format!("{} {}", out.code.gtp(), mv)
            }
        }
        "unconditional_status" => {
            let Some(p) = vertex(0) else {
                return "?".into();
            };
            match Unconditional::compute(board).status(p) {
                Status::Undecided => "undecided",
                Status::Alive => "alive",
                Status::Dead => "dead",
                Status::WhiteTerritory => "white_territory",
                Status::BlackTerritory => "black_territory",
            }
            .into()
        }
        _ => "? unknown command".into(),
    }
}

fn run_suite(folder: &Path, name: &str) -> Run {
    let board = Board::new(19).expect("board");
    let mut cfg = ReadConfig::default();
    let mut reader = Reader::new(board, cfg);
    let mut nodes = 0;
    let tally = walk_suite(folder, name, |board, cmd, args| match cmd {
        "increase_depths" => {
            cfg.increase_depths();
            None
        }
        "decrease_depths" => {
            cfg.decrease_depths();
            None
        }
        _ => {
            let got = answer(board, &mut reader, cfg, cmd, args);
            nodes += reader.last_stats().nodes;
            Some(got)
        }
    });
    let run = Run {
        tests: tally.tests,
        passed: tally.passed,
        nodes,
    };
    println!(
        "{name}: {}/{} passed, {:.0} nodes per test",
        run.passed,
        run.tests,
        run.nodes as f64 / run.tests.max(1) as f64
    );
    run
}

#[test]
fn reading_capture_and_unconditional_suites_keep_their_level() {
    let Some(dir) = regression_dir() else { return };
    // Floors: the pass counts katachi reaches (GNU Go 3.8 scores 193, 13 and
    // 673); the reading is deterministic, so any lost test fails here. Raise
    // them as the reading improves. Judged by GNU Go's rule since the test
    // kit: reading.tst went from 198 to 199 with the same answers and node
    // counts, because `#? [3 N1|R3|R2]` accepts `1 R3` under GNU Go's rule
    // (the middle alternative `R3` is not anchored), which the earlier fully
    // anchored judge refused.
    for (suite, floor) in [
        ("reading.tst", 199),
        ("capture.tst", 14),
        ("unconditional.tst", 673),
    ] {
        let run = run_suite(&dir, suite);
        assert!(run.tests > 0, "{suite}: no tests read");
        assert!(
            run.passed >= floor,
            "{suite}: {} passed, floor {floor}",
            run.passed
        );
    }
}
