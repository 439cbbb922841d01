//! The connections stage's default mode ([`Evaluate::Needed`]: a `C`
//! match whose strings are already joined is not evaluated) against the
//! plain one ([`Evaluate::All`]: every match): the same dragons, on
//! positions at random move numbers of 9x9 game records and on
//! reference positions of real 19x19 games, and the lazy mode does skip matches (so that the
//! comparison compares something).

use katachi_board::playout::Rng;
use katachi_board::Board;
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_engine::connections::Evaluate;
use katachi_sgf::{load_bytes, Target};

mod support;

/// The dragon map of `board` with the connections stage in `mode`, and
/// how many matches it skipped.
fn dragons(board: &Board, mode: Evaluate) -> (String, usize) {
    let config = AnalysisConfig {
        connections: mode,
        ..AnalysisConfig::default()
    };
    let a = Analysis::new(board.clone(), config);
    let skipped = a.connections().map_or(0, |c| c.skipped);
    (a.dragons().map(board), skipped)
}

/// Compare both modes on `board`; the lazy mode's skipped count.
fn check(board: &Board, what: &str) -> usize {
    let (all, none_skipped) = dragons(board, Evaluate::All);
    assert_eq!(none_skipped, 0, "{what}: Evaluate::All skips nothing");
    let (needed, skipped) = dragons(board, Evaluate::Needed);
    assert_eq!(
        needed,
        all,
        "{what}: the dragons differ\n{}",
        board.to_ascii()
    );
    skipped
}

#[test]
fn lazy_connections_give_the_same_dragons_on_9x9_games() {
    let Some(dir) = support::regression_dir() else {
        return;
    };
    // Positions at random move numbers of GNU Go's six 9x9 game records
    // (random 9x9 games cost seconds of tactical reading a position,
    // being full of strings in atari).
    let mut rng = Rng::new(26);
    let mut skipped = 0;
    for k in 1..=6 {
        let bytes = std::fs::read(dir.join(format!("games/9x9-{k}.sgf"))).expect("9x9 game");
        for _ in 0..2 {
            let n = 10 + rng.below(50);
            let b = load_bytes(&bytes, Target::BeforeMove(n))
                .expect("sgf")
                .board;
            skipped += check(&b, &format!("9x9-{k}.sgf before move {n}"));
        }
    }
    println!("9x9 positions: {skipped} matches skipped");
    assert!(skipped > 0, "the lazy mode skipped no match");
}

#[test]
fn lazy_connections_give_the_same_dragons_on_reference_positions() {
    let Some(shared) = katachi_testkit::shared::shared_dir_with(&["reference/boards.jsonl"]) else {
        return;
    };
    let boards = support::reference::boards(&shared, true);
    // One real position, the 61st (about a second of CPU for both
    // modes; `dragons_reference` reads more positions with the default
    // mode and asserts its partition floors on them).
    let mut skipped = 0;
    for (id, b) in boards.iter().skip(60).take(1) {
        skipped += check(b, &format!("reference position {id}"));
    }
    println!("reference positions: {skipped} matches skipped");
    assert!(skipped > 0, "the lazy mode skipped no match");
}
