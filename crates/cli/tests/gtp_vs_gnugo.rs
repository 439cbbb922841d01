//! The same GTP conversation sent to `katachi gtp` and to GNU Go 3.8
//! (`/usr/games/gnugo --mode gtp`) gets the same answers, byte for byte,
//! for every command whose answer does not depend on the engine's
//! judgement: setup, moves, errors, queries, handicap, time, `showboard`.
//! This is what lets GNU Go's regression suites run unchanged.
//!
//! Skipped with a printed reason when GNU Go is not installed, unless
//! `KATACHI_REQUIRE_SHARED=1` (as in CI, which installs it): then it fails.

use std::path::Path;

mod gtp_support;
use gtp_support::converse;

/// Split a GTP output stream into answers (each without its empty line).
fn answers(stream: &str) -> Vec<&str> {
    stream.split_terminator("\n\n").collect()
}

const SCRIPT: &str = "\
1 protocol_version
2 known_command play
3 known_command frobnicate
4 frobnicate
5 boardsize 30
6 boardsize x
7 boardsize
8 komi x
9 boardsize 9
10 komi 5.5
11 play black E5
12 play black E5
13 play blue E5
14 play black Z99
15 play black
16 play b d4
17 play W pass
18 play w c5
19 play w e4
20 play w f5
21 play w e6
22 play b c6
23 play b b5
24 play b c4
25 play w d5
26 showboard
27 captures white
28 captures black
29 captures purple
30 color E5
31 color D5
32 color C6
33 color
34 color Z9
35 countlib C5
36 countlib E5
37 findlib D5
38 findlib C5
39 list_stones black
40 list_stones white
41 list_stones x
42 is_legal black E5
43 is_legal black D5
44 is_legal white C5
45 is_legal black pass
46 is_legal black
47 undo
48 showboard
49 undo
50 undo
51 time_settings 10 20 30
52 time_settings 10 20
53 time_left black 10 0
54 time_left foo 10 0
55 time_left black 10
56 fixed_handicap 2
57 clear_board
58 fixed_handicap 1
59 fixed_handicap 10
60 fixed_handicap 9
61 showboard
62 undo
63 boardsize 19
64 fixed_handicap 4
65 boardsize 13
66 fixed_handicap 5
67 boardsize 7
68 fixed_handicap 4
69 clear_board
70 fixed_handicap 5
71 set_free_handicap C3 C3
72 set_free_handicap C3
73 set_free_handicap
74 set_free_handicap C3 E5 G7
75 set_free_handicap D4 D5
76 list_stones black
77 play white D4
78 captures white
79 genmove purple
80 boardsize 25
81 showboard
82 quit
";

#[test]
fn answers_match_gnu_go() {
    let Some(gnugo) = katachi_testkit::shared::gnugo() else {
        return;
    };
    let gnugo = gnugo.display().to_string();
    let ours = converse(
        env!("CARGO_BIN_EXE_katachi"),
        &["gtp"],
        Path::new("."),
        SCRIPT,
    );
    // GNU Go is built for boards up to 19x19; katachi goes to 25x25.
    let theirs = converse(&gnugo, &["--mode", "gtp"], Path::new("."), SCRIPT);
    let ours = answers(&ours);
    let theirs = answers(&theirs);
    assert_eq!(ours.len(), SCRIPT.lines().count());
    assert_eq!(theirs.len(), SCRIPT.lines().count());
    let mut differences = Vec::new();
    for (k, (a, b)) in ours.iter().zip(theirs.iter()).enumerate() {
        let id = k + 1;
        if id == 80 || id == 81 {
            continue; // 25x25: GNU Go refuses it, katachi plays it
        }
        if a != b {
            differences.push(format!("command {id}:\n katachi: {a:?}\n GNU Go:  {b:?}"));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    assert_eq!(ours[79], "=80 ");
    assert!(
        ours[80].starts_with("=81 \n   A B C D E F G H J K L M N O P Q R S T U V W X Y Z"),
        "{}",
        ours[80]
    );
}
