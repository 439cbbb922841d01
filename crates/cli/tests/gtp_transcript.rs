//! A whole GTP conversation fed to `katachi gtp` at once, compared byte for
//! byte with the expected answers: ids, comments, blank lines, CR/LF, tabs,
//! errors, a short game with undo, multi-line answers, and `quit`.

use std::io::Write;
use std::process::{Command, Stdio};

fn run_katachi(input: &[u8]) -> (String, std::process::ExitStatus) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("katachi starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).expect("answers are UTF-8"),
        out.status,
    )
}

const INPUT: &str = "# A session as a GUI would send it.\n\
1 protocol_version\n\
2 name\n\
\n\
3 boardsize 7 # trailing comment\n\
4 clear_board\r\n\
5 komi 6.5\n\
6 play black D5\n\
7 play white C3\n\
8 play black E3\n\
9 play black C3\n\
10 showboard\n\
\t11\tknown_command\tplay\n\
12 known_command nonsense\n\
13 nonsense\n\
14 play black Z9\n\
15 boardsize 0\n\
16 komi abc\n\
   \t  \n\
17 countlib D5\n\
18 findlib C3\n\
19 undo\n\
20 undo\n\
21 undo\n\
22 undo\n\
list_stones black\n\
23\n\
007 quit\n\
24 name\n";

const EXPECTED: &str = "=1 2\n\n\
=2 katachi\n\n\
=3 \n\n\
=4 \n\n\
=5 \n\n\
=6 \n\n\
=7 \n\n\
=8 \n\n\
?9 illegal move\n\n\
=10 \n   A B C D E F G\n 7 . . . . . . . 7\n 6 . . . . . . . 6\n 5 . . + X + . . 5\n 4 . . . + . . . 4\n 3 . . O . X . . 3\n 2 . . . . . . . 2     WHITE (O) has captured 0 stones\n 1 . . . . . . . 1     BLACK (X) has captured 0 stones\n   A B C D E F G\n\n\
=11 true\n\n\
=12 false\n\n\
?13 unknown command\n\n\
?14 invalid color or coordinate\n\n\
?15 unacceptable size\n\n\
?16 komi not a float\n\n\
=17 4\n\n\
=18 C4 B3 D3 C2\n\n\
=19 \n\n\
=20 \n\n\
=21 \n\n\
?22 cannot undo\n\n\
= \n\n\
?23 missing command name\n\n\
=7 \n\n";

#[test]
fn transcript_is_answered_exactly() {
    let (out, status) = run_katachi(INPUT.as_bytes());
    assert!(status.success(), "exit status {status}");
    assert_eq!(out, EXPECTED);
}

#[test]
fn end_of_input_without_quit_ends_cleanly() {
    let (out, status) = run_katachi(b"1 name\n2 boardsize 9");
    assert!(status.success());
    assert_eq!(out, "=1 katachi\n\n=2 \n\n");
    let (out, status) = run_katachi(b"");
    assert!(status.success());
    assert_eq!(out, "");
}

#[test]
fn list_commands_holds_every_required_command_once() {
    let (out, status) = run_katachi(b"list_commands\n");
    assert!(status.success());
    let body = out
        .strip_prefix("= ")
        .unwrap()
        .strip_suffix("\n\n")
        .unwrap();
    let names: Vec<&str> = body.lines().collect();
    for &required in katachi_gtp::commands::REQUIRED {
        assert_eq!(
            names.iter().filter(|&&n| n == required).count(),
            1,
            "{required}"
        );
    }
}

#[test]
fn help_states_how_final_score_counts() {
    let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(["gtp", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("final_score counts by --rules"), "{text}");
    assert!(
        flat.contains(
            "dead when owl finds its dragon dead and the semeai stage does not revise that"
        ),
        "{text}"
    );
    assert!(
        flat.contains("PARTIAL: owl's alive verdicts are not used"),
        "{text}"
    );
    assert!(flat.contains("--superko"), "{text}");
}
