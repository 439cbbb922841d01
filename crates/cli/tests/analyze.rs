//! `katachi analyze` driven as a user runs it: on a game of GNU Go's
//! regression corpus (found through the shared lookup), on a small SGF
//! written here whose whole output is a golden snapshot, and on broken
//! input, whose errors name the file, line and column.

mod cli_support;

use cli_support::{katachi, stdout};
use std::path::{Path, PathBuf};

use katachi_testkit::golden::expect;

/// A file of this test in a temporary folder of its own.
fn temp_file(name: &str, text: &str) -> PathBuf {
    cli_support::temp_file("analyze", name, text)
}

/// The rows of the diagram titled `title` (between its two column-letter
/// lines).
fn diagram<'a>(out: &'a str, title: &str) -> Vec<&'a str> {
    let start = out
        .find(title)
        .unwrap_or_else(|| panic!("{title} in {out}"));
    out[start..]
        .lines()
        .skip(3)
        .take_while(|l| !l.trim_start().starts_with('A'))
        .collect()
}

#[test]
fn a_corpus_game_gives_every_stone_a_dragon_and_tables_that_count_them() {
    let Some(dir) = katachi_testkit::shared::regression_dir() else {
        return;
    };
    let file = dir.join("games/9x9-1.sgf");
    let file = file.to_str().expect("utf-8 path");
    let out = stdout(&katachi(&[
        "analyze", file, "--move", "30", "--color", "never",
    ]));
    // The position is the one `katachi show` prints.
    let shown = stdout(&katachi(&["show", file, "--move", "30"]));
    assert!(out.starts_with(&shown), "{out}");
    assert!(!out.contains('\x1b'), "no colour asked: {out}");

    // Every stone carries a dragon letter, every empty point is empty.
    let board_rows: Vec<&str> = shown.lines().skip(1).take(9).collect();
    let dragon_rows = diagram(&out, "dragon_status display:");
    assert_eq!(dragon_rows.len(), 9);
    let mut letters = std::collections::BTreeSet::new();
    for (b, d) in board_rows.iter().zip(&dragon_rows) {
        for (x, y) in b[3..20].chars().zip(d[3..20].chars()) {
            match x {
                'X' => assert!(y.is_ascii_uppercase(), "{b} / {d}"),
                'O' => assert!(y.is_ascii_lowercase(), "{b} / {d}"),
                _ => assert_eq!(x, y, "{b} / {d}"),
            }
            if y.is_ascii_alphabetic() {
                letters.insert(y);
            }
        }
    }
    // The dragon table has one row per letter drawn.
    let table = &out[out.find("dragons: ").expect("dragon table")..];
    let count: usize = table["dragons: ".len()..]
        .lines()
        .next()
        .and_then(|l| l.trim().parse().ok())
        .expect("dragon count");
    assert_eq!(count, letters.len(), "{table}");
    // The eye table lists as many spaces as it says.
    let eyes = &out[out.find("eye spaces: ").expect("eye table")..];
    let spaces: usize = eyes["eye spaces: ".len()..]
        .lines()
        .next()
        .and_then(|l| l.trim().parse().ok())
        .expect("space count");
    let rows = eyes
        .lines()
        .filter(|l| l.starts_with("black ") || l.starts_with("white "))
        .count();
    assert_eq!(rows, spaces, "{eyes}");
    assert_eq!(diagram(&out, "eye display:").len(), 9);

    // `--color always` writes GNU Go's escape codes around the letters.
    let coloured = stdout(&katachi(&[
        "analyze", file, "--move", "30", "--color", "always",
    ]));
    assert!(coloured.contains("\x1b[39;49m"), "{coloured}");
}

#[test]
fn bad_files_are_errors_naming_the_place() {
    let broken = temp_file("broken.sgf", "(;SZ[9]\n;B[ee]\n;W[ee])");
    let o = katachi(&["analyze", broken.to_str().expect("path")]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("broken.sgf"), "{err}");
    assert!(err.contains("line 3, column 2"), "{err}");
    let missing = Path::new("/nonexistent/katachi-analyze.sgf");
    let o = katachi(&["analyze", missing.to_str().expect("path")]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("cannot read /nonexistent/katachi-analyze.sgf"),
        "{err}"
    );
}

/// A 7x7 game: Black's wall on the fourth line closes the lower left,
/// where two bent threes (B3-C3-C2, vital point C3, and the corner
/// A2-A1-B1, vital point A1) each make one eye or two (1122); White's
/// group in the upper right has two one-point eyes (G7, F6: 1111 each,
/// alive); Black's stone F3 stands in the open lower right, which the
/// dragons stage joins to the wall through the space they share.
const SMALL: &str = "(;GM[1]FF[4]SZ[7]KM[0.5]\
    AB[ad][bd][cd][dd][de][df][cg][bf][ae]\
    AW[ea][eb][ec][fc][gc][fa]\
    ;B[fe];W[gb])";

#[test]
fn golden_whole_output_of_a_small_game() {
    let file = temp_file("small.sgf", SMALL);
    let out = stdout(&katachi(&[
        "analyze",
        file.to_str().expect("path"),
        "--color",
        "never",
    ]));
    expect![[r#"
           A B C D E F G
         7 . . . . O O . 7
         6 . . . . O . O 6
         5 . . + . O O O 5
         4 X X X X . . . 4
         3 X . + X + X . 3
         2 . X . X . . . 2     WHITE (O) has captured 0 stones
         1 . . X . . . . 1     BLACK (X) has captured 0 stones
           A B C D E F G
        Black to move after 2 moves, komi 0.5

                  dragon_status display:

           A B C D E F G
         7 . . . . z z . 7
         6 . . . . z . z 6
         5 . . + . z z z 5
         4 A A A A . . . 4
         3 A . + A + A . 3
         2 . A . A . . . 2
         1 . . A . . . . 1
           A B C D E F G

        dragons: 2
        dragon color  origin   size  genus  status
        z      white  E7          7   2222  alive
        A      black  A4         10   4556  unknown

                  eye display:

           A B C D E F G
         7 . . . ! O O o 7
         6 . . . ! O o O 6
         5 ! ! ! ! O O O 5
         4 X X X X ! ! ! 4
         3 X x x X x X x 3
         2 x X x X x x x 2
         1 x x X x x x x 1
           A B C D E F G

        eye spaces: 16
        color  origin  esize msize  value  attack   defense  from
        black  A5          1     1  0000   -        -        graph K11
        black  B5          1     1  0000   -        -        graph K11
        black  C5          1     1  0000   -        -        graph K11
        black  D5          1     1  0000   -        -        graph K11
        black  E4         11     2  2222   -        -        size guess
        black  F4          1     1  0000   -        -        graph K11
        black  B3          3     0  1122   C3       C3       graph K3
        black  A2          3     0  1122   A1       A1       graph K17
        white  D7          1     1  0000   -        -        graph K11
        white  G7          1     0  1111   -        -        graph K1
        white  D6          1     1  0000   -        -        graph K11
        white  F6          1     0  1111   -        -        graph K1
        white  D5          1     1  0000   -        -        graph K11
        white  E4          1     1  0000   -        -        graph K11
        white  F4          1     1  0000   -        -        graph K11
        white  G4          1     1  0000   -        -        graph K11
    "#]]
    .assert_eq(&out);
}

#[test]
fn golden_influence_maps_and_an_svg_heat_map() {
    let file = temp_file("small-influence.sgf", SMALL);
    let svg = file.with_extension("svg");
    let out = stdout(&katachi(&[
        "analyze",
        file.to_str().expect("path"),
        "--color",
        "never",
        "--influence",
        "--svg",
        svg.to_str().expect("path"),
    ]));
    let maps = &out[out
        .find("influence regions")
        .expect("the influence section")..];
    expect![[r#"
        influence regions (black to move)        path territory

           A B C D E F G          A B C D E F G
         7 , . . - O O w 7      7 b . . w O O w 7
         6 + , . . O w O 6      6 b b . . O w O 6
         5 + + + . O O O 5      5 b b b . O O O 5
         4 X X X X . . . 4      4 X X X X . . . 4
         3 X b b X b X , 3      3 X b b X b X . 3
         2 b X b X b b b 2      2 b X b X b b b 2
         1 b b X b b b b 1      1 b b X b b b b 1
           A B C D E F G          A B C D E F G

        regions: X O stones (x o dead), b w territory, + - moyo, , ' area, . neutral
        paths:   X O stones (x o counted dead), b w territory, ? contested
        territory points: influence Black 14 White 2; paths Black 20 White 3
        territory balance of the influence stage (White minus Black): -13.0
    "#]]
    .assert_eq(maps);
    let text = std::fs::read_to_string(&svg).expect("the SVG was written");
    assert!(text.starts_with("<svg ") && text.trim_end().ends_with("</svg>"));
    // One square per point on each of the three panels.
    assert_eq!(text.matches("<rect ").count(), 3 * 49);
}

/// `--patterns` replaces a database of the analysis shown, not only the
/// engine's for `--sgf`: without barrier patterns the regions change.
#[test]
fn the_patterns_option_reaches_the_influence_shown() {
    let file = temp_file("small-barriers.sgf", SMALL);
    let empty = temp_file("no-barriers.db", "# a barriers database without patterns\n");
    let regions = |extra: &[&str]| {
        let mut args = vec![
            "analyze",
            file.to_str().expect("path"),
            "--color",
            "never",
            "--influence",
        ];
        args.extend_from_slice(extra);
        let out = stdout(&katachi(&args));
        out[out
            .find("influence regions")
            .expect("the influence section")..]
            .to_string()
    };
    let spec = format!("barriers={}", empty.to_str().expect("path"));
    assert_ne!(regions(&[]), regions(&["--patterns", &spec]));
}
