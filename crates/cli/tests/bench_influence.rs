//! `katachi bench influence` end to end on a tiny workload: it runs, names
//! the workload it was given, reports the seed's path table on 19x19 (at
//! most 188 paths from one point, the seed's figure) and a per-move time,
//! and refuses a bad path set with an error instead of a panic.

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

#[test]
fn a_tiny_workload_prints_every_figure() {
    let (ok, out, err) = katachi(&[
        "bench",
        "influence",
        "--games",
        "2",
        "--moves",
        "30",
        "--repeat",
        "1",
        "--scratch-games",
        "1",
    ]);
    assert!(ok, "bench influence failed: {err}");
    assert!(out.contains("19x19, 2 games of 30 random moves"), "{out}");
    assert!(out.contains("at most 188 from a point"), "{out}");
    let per_move = out
        .lines()
        .find_map(|l| l.strip_prefix("incremental: "))
        .and_then(|l| l.split(' ').next())
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no incremental figure in:\n{out}"));
    assert!(per_move > 0.0, "{out}");
    assert!(out.contains("over 60 moves"), "{out}");
    assert!(
        out.contains("from scratch: ") && out.contains("30 positions"),
        "{out}"
    );
    assert!(out.contains("memory: "), "{out}");
}

#[test]
fn a_nine_by_nine_monotone_run_and_a_bad_path_set() {
    let (ok, out, err) = katachi(&[
        "bench",
        "influence",
        "--size",
        "9",
        "--games",
        "1",
        "--moves",
        "10",
        "--repeat",
        "1",
        "--paths",
        "monotone",
        "--range",
        "3",
    ]);
    assert!(ok, "bench influence failed: {err}");
    assert!(out.contains("paths: Monotone, range 3"), "{out}");
    let (ok, _, err) = katachi(&["bench", "influence", "--paths", "zigzag", "--games", "1"]);
    assert!(!ok);
    assert!(err.contains("zigzag") && !err.contains("panicked"), "{err}");
}
