//! Random command sequences against a session: whatever the commands and
//! arguments, no handler panics (a panic would be answered `? internal
//! error`), every answer is framed correctly, and the board stays
//! internally consistent (strings, liberties and hashes match the stones).

use katachi_gtp::{commands, Config, MctsOptions, Registry, Session, StreamOut};
use proptest::prelude::*;

const ARGS: &[&str] = &[
    "b",
    "w",
    "black",
    "WHITE",
    "blue",
    "pass",
    "PASS",
    "A1",
    "a2",
    "B2",
    "C3",
    "D4",
    "E5",
    "J9",
    "T19",
    "Z25",
    "A0",
    "I5",
    "K10",
    "E",
    "5",
    "-1",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "9",
    "13",
    "19",
    "25",
    "26",
    "99999999999999999999",
    "6.5",
    "nan",
    "x",
    "",
    "#",
    "\u{fffd}",
    "名",
    "/nonexistent.sgf",
];

fn names() -> Vec<String> {
    let mut r = Registry::new();
    commands::register(&mut r);
    r.names().map(str::to_string).collect()
}

/// A session whose Monte Carlo genmove runs a few playouts (whatever
/// `time_settings` the random commands send): these tests check the
/// protocol and the board, not the moves.
fn session() -> Session {
    let mut r = Registry::new();
    commands::register(&mut r);
    let config = Config {
        mcts: MctsOptions {
            playouts: Some(30),
            ..MctsOptions::default()
        },
        ..Config::default()
    };
    Session::with_registry(config, r)
}

fn check_answer(line: &str, answer: &str) {
    assert!(
        answer.starts_with('=') || answer.starts_with('?'),
        "{line:?} -> {answer:?}"
    );
    assert!(answer.ends_with("\n\n"), "{line:?} -> {answer:?}");
    assert!(
        !answer[..answer.len() - 2].contains("\n\n"),
        "{line:?} -> {answer:?}"
    );
    assert!(!answer.contains("internal error"), "{line:?} -> {answer:?}");
}

/// A controller that sends its next command at once: an analysis stream
/// runs one slice and stops.
struct Impatient(String);

impl StreamOut for Impatient {
    fn emit(&mut self, text: &str) -> std::io::Result<()> {
        self.0.push_str(text);
        Ok(())
    }

    fn interrupted(&self) -> bool {
        true
    }
}

/// Checks one line's answer; a streamed answer (GUI analysis) is its
/// first line, the stream's lines and the empty line the server adds.
fn answer_line(s: &mut Session, line: &str) {
    let Some(answer) = s.execute_line(line) else {
        return;
    };
    match s.take_stream() {
        None => check_answer(line, &answer),
        Some(stream) => {
            assert!(
                answer.starts_with('=') && answer.ends_with('\n'),
                "{line:?} -> {answer:?}"
            );
            let mut out = Impatient(String::new());
            stream.run(s, &mut out).expect("no I/O error");
            let whole = format!("{answer}{}\n", out.0);
            check_answer(line, &whole);
        }
    }
}

/// Runs one random script (see the property tests below).
fn run_script(script: Vec<(prop::sample::Index, Vec<prop::sample::Index>)>, small_board: bool) {
    let names = names();
    let mut s = session();
    if small_board {
        s.execute_line("boardsize 5");
    }
    for (name, args) in script {
        let name = name.get(&names);
        let mut line = name.clone();
        // printsgf with an argument writes a file: keep it to the answer.
        if name != "printsgf" {
            for a in &args {
                line.push(' ');
                line.push_str(a.get::<&str>(ARGS));
            }
        }
        answer_line(&mut s, &line);
        if let Err(e) = s.board().check_consistency() {
            panic!("after {line:?}: {e}");
        }
        if s.quit_requested() {
            break;
        }
    }
}

/// A script: up to 80 random command names, each with up to 3 random
/// arguments.
fn scripts() -> impl Strategy<Value = Vec<(prop::sample::Index, Vec<prop::sample::Index>)>> {
    prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        ),
        1..80,
    )
}

// Scripts on 19x19 cost about ten times those on 5x5 (measured per
// command over 100 scripts: the classic engine's analyses behind
// top_moves_*, all_move_values, final_status and move_reasons, and
// final_score's and estimate_score's playouts, took 95% of the time),
// while the protocol, argument and board checks are the same on both.
// So 35 scripts start on 5x5 and 10 on 19x19 (there were 50 of each,
// 136 s of CPU, the workspace's second slowest test binary; then 50 and
// 16, 36 s; proptest draws new scripts on every run); random
// `boardsize` commands reach the other sizes in both. Three properties,
// so that the test threads share them over both cores (cargo runs test
// binaries one after another).
proptest! {
    #![proptest_config(ProptestConfig { cases: 35, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_never_break_the_session(script in scripts()) {
        run_script(script, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_never_break_the_session_on_19x19(script in scripts()) {
        run_script(script, false);
    }

    #[test]
    fn random_commands_never_break_the_session_on_19x19_again(script in scripts()) {
        run_script(script, false);
    }
}

/// Play many genmove games on small boards with random interleaved
/// `undo`s and checks; each generated move must be legal when made.
#[test]
fn genmove_with_undo_keeps_the_board_consistent() {
    let mut s = session();
    let mut state: u64 = 99;
    for size in [3usize, 4, 5, 7] {
        s.execute_line(&format!("boardsize {size}"));
        for _ in 0..300 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let line = match state >> 61 {
                0 => "undo",
                1..=3 => "genmove black",
                4 => "kgs-genmove_cleanup white",
                _ => "genmove white",
            };
            let answer = s.execute_line(line).unwrap();
            check_answer(line, &answer);
            if line.starts_with("genmove") || line.starts_with("kgs") {
                assert!(answer.starts_with("= "), "{line}: {answer:?}");
            }
            s.board().check_consistency().unwrap();
        }
    }
}
