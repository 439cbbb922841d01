//! `katachi score FILE.sgf` as a user runs it: a finished 9x9 position with
//! a dead stone on each side, scored by area and by territory, and a
//! malformed file reported with its line and column.

use std::process::Command;

fn katachi(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(args)
        .output()
        .expect("katachi runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Black's wall on column D, White's on column E; a white stone at B3 in
/// Black's area and a black one at G3 in White's.
fn record() -> String {
    let black: String = "abcdefghi".chars().map(|r| format!("[d{r}]")).collect();
    let white: String = "abcdefghi".chars().map(|r| format!("[e{r}]")).collect();
    format!("(;GM[1]FF[4]SZ[9]KM[0]RU[Japanese]RE[W+9]AB{black}[gg]AW{white}[bg])")
}

#[test]
fn a_finished_position_is_scored_with_its_dead_stones() {
    let dir = std::env::temp_dir().join(format!("katachi-score-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, record()).unwrap();
    let path = file.to_str().unwrap();
    let (ok, out, err) = katachi(&["score", path]);
    assert!(ok, "{err}");
    assert!(
        out.contains("dead stones: G3 B3") || out.contains("dead stones: B3 G3"),
        "{out}"
    );
    assert!(out.contains("seki stones: none"), "{out}");
    // Area 9 + 27 against 9 + 36; territory 27 + 1 against 36 + 1.
    assert!(
        out.contains("komi 0: by area W+9.0, by territory W+9.0"),
        "{out}"
    );
    assert!(
        out.contains("result (territory rules): W+9.0 (record: W+9)"),
        "{out}"
    );
    // The board marks the dead stones in lower case.
    assert!(out.contains(" 3 + o + X O - x - - 3"), "{out}");
    let (ok, out, _) = katachi(&["score", path, "--rules", "chinese", "--komi", "7"]);
    assert!(ok);
    assert!(out.contains("result (area rules): W+16.0"), "{out}");

    std::fs::write(&file, "(;GM[1]SZ[9]\nAB[dd](").unwrap();
    let (ok, _, err) = katachi(&["score", path]);
    assert!(!ok);
    assert!(err.contains("game.sgf: line 2, column 8: "), "{err}");
    assert_eq!(err.matches("line 2, column 8").count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Two finished games of GNU Go's scoring suite (`score.tst`), read from
/// the shared corpus at run time: score14.sgf, where the top-left black
/// group is critical (it lives only if Black moves first) with White to
/// move, so it is dead; and score7.sgf, with a seki in the top right
/// that the playouts keep (neither side can fill T17 or T19), whose eyes
/// (Q18, R19, T15) are nobody's territory under territory rules.
#[test]
fn finished_games_critical_groups_and_seki() {
    let Some(regression) = katachi_testkit::shared::regression_dir() else {
        return;
    };
    let dir = regression.join("games").join("scoring");
    let score = |name: &str| {
        let file = dir.join(name);
        let (ok, out, err) = katachi(&["score", file.to_str().unwrap()]);
        assert!(ok, "{name}: {err}");
        out
    };
    let out = score("score14.sgf");
    assert!(
        out.contains("dead stones: A19 A18 D18 A17 B17 C17 D17 F17 E16 F16 H16 B15 C15 D15"),
        "{out}"
    );
    assert!(out.contains("result (territory rules): W+73.5"), "{out}");
    let out = score("score7.sgf");
    assert!(out.contains("seki stones: Q19 S19 N18 "), "{out}");
    assert!(out.contains("result (territory rules): W+16.5"), "{out}");
}
