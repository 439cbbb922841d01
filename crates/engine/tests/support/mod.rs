//! What the engine's GNU Go suite tests share: walking a `.tst` suite of
//! the shared corpus on a board and judging the answers. The suite reader,
//! the judge (GNU Go's rule, the one `katachi regress` uses) and the corpus
//! lookup all come from `katachi-testkit`.

#![allow(dead_code)] // each test file uses a different part

use std::path::Path;

use katachi_board::{Board, Color};
use katachi_sgf::{load_bytes, Target};
use katachi_testkit::tst::{Item, Judge, Suite};

#[allow(unused_imports)] // the suite tests use it, the reference tests do not
pub use katachi_testkit::shared::regression_dir;

pub mod diagnose;
pub mod reference;

/// What a suite walk counted.
#[derive(Debug, Default)]
pub struct Tally {
    /// Judged tests: numbered commands with an expected answer (not `&`)
    /// that `answer` ran.
    pub tests: usize,
    /// Those whose answer passes.
    pub passed: usize,
}

/// The colour named by a GTP colour word (`black`, `b`, `white`, ...).
pub fn color(word: &str) -> Color {
    if word.to_ascii_lowercase().starts_with('b') {
        Color::Black
    } else {
        Color::White
    }
}

/// Walk the suite `name` of GNU Go's regression folder `folder` on a 19x19
/// board. The position commands (`loadsgf`, `boardsize`, `clear_board`,
/// `play`, `trymove`, `popgo`) change the board here; every other command
/// goes to `answer(board, command, arguments)`, which returns its answer
/// text (`?` first for an error answer), or `None` for a command the test
/// does not run (then not judged). A numbered command with an expected
/// answer is judged by GNU Go's rule; an error answer never passes.
pub fn walk_suite(
    folder: &Path,
    name: &str,
    answer: impl FnMut(&Board, &str, &[&str]) -> Option<String>,
) -> Tally {
    walk_suite_part(folder, name, (0, 1), 1, answer)
}

/// [`walk_suite`] on `workers` threads (`std::thread::scope`): each walks
/// the whole suite (positions are cheap to set up) but answers only the
/// tests of its share of the positions, so that a worker's answer cache
/// keyed by position stays useful. `make_answer` gives each worker its
/// own answering closure; the tallies are summed. With `step` > 1 only
/// the tests after every `step`-th position command are answered (a
/// fixed sample of the suite: those after the `step`-th, the
/// `2*step`-th, ... position command); `step` 1 answers them all.
pub fn walk_suite_parallel<F>(
    folder: &Path,
    name: &str,
    workers: usize,
    step: usize,
    make_answer: impl Fn() -> F + Sync,
) -> Tally
where
    F: FnMut(&Board, &str, &[&str]) -> Option<String>,
{
    let (workers, step) = (workers.max(1), step.max(1));
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let make_answer = &make_answer;
                s.spawn(move || walk_suite_part(folder, name, (w, workers), step, make_answer()))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("suite worker panicked"))
            .collect()
    });
    tallies.into_iter().fold(Tally::default(), |a, t| Tally {
        tests: a.tests + t.tests,
        passed: a.passed + t.passed,
    })
}

/// The walk of worker `part.0` of `part.1` over every `step`-th position:
/// the tests after the n-th position command are answered when `n` is a
/// multiple of `step`, by worker `(n / step) % part.1`.
fn walk_suite_part(
    folder: &Path,
    name: &str,
    part: (usize, usize),
    step: usize,
    mut answer: impl FnMut(&Board, &str, &[&str]) -> Option<String>,
) -> Tally {
    let path = folder.join(name);
    let suite = Suite::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut board = Board::new(19).expect("board");
    let mut tally = Tally::default();
    // Position commands seen so far: which worker owns the next tests.
    let mut positions = 0usize;
    for item in &suite.items {
        let (command, expected) = match item {
            Item::Setup { command, .. } => (command, None),
            Item::Test(t) => (&t.command, t.expected.as_ref()),
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        let (cmd, args) = (words[0], &words[1..]);
        if matches!(
            cmd,
            "loadsgf" | "boardsize" | "clear_board" | "trymove" | "play" | "popgo"
        ) {
            positions += 1;
        }
        match cmd {
            "loadsgf" => {
                let sgf = std::fs::read(folder.join(args[0])).expect("sgf");
                let target = args
                    .get(1)
                    .and_then(|n| n.parse().ok())
                    .map_or(Target::End, Target::BeforeMove);
                board = load_bytes(&sgf, target).expect("loads").board;
            }
            "boardsize" => board = Board::new(args[0].parse().expect("size")).expect("board"),
            "clear_board" => board = Board::new(board.size()).expect("board"),
            "trymove" | "play" => {
                let m = board.parse_move(args[1]).expect("move");
                let _ = board.play(color(args[0]), m);
            }
            "popgo" => {
                let _ = board.undo();
            }
            _ if !positions.is_multiple_of(step) || (positions / step) % part.1 != part.0 => {}
            _ => {
                let Some(got) = answer(&board, cmd, args) else {
                    continue;
                };
                let Some(expected) = expected.filter(|e| !e.ignored) else {
                    continue;
                };
                let judge = Judge::new(expected).unwrap_or_else(|e| {
                    panic!(
                        "{}:{}: bad expected text: {e}",
                        path.display(),
                        expected.line
                    )
                });
                tally.tests += 1;
                if !got.starts_with('?') && judge.passes(&got) {
                    tally.passed += 1;
                }
            }
        }
    }
    tally
}
