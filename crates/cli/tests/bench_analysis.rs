//! `katachi bench analysis` on the first reference positions: it prints a
//! line per stage and per GNU Go command with figures that add up, with
//! and without the GNU Go peer. Only the report's shape and arithmetic are
//! checked; speed is printed, never asserted.

use std::process::Command;

fn bench(extra: &[&str]) -> Option<String> {
    let reference = katachi_testkit::shared::reference_dir()?;
    let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(["bench", "analysis", "--positions", "2", "--reference"])
        .arg(&reference)
        .args(extra)
        .output()
        .expect("katachi runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).expect("utf8"))
}

/// The numbers of the row named `name`, in order (total and mean; for
/// GNU Go's commands then CPU total and mean).
fn numbers(out: &str, name: &str) -> Vec<f64> {
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with(name))
        .unwrap_or_else(|| panic!("no {name} row in {out}"));
    line.trim_start()[name.len()..]
        .split_whitespace()
        .map_while(|w| w.parse().ok())
        .collect()
}

/// `(total, mean)` of the row named `name`.
fn row(out: &str, name: &str) -> (f64, f64) {
    let n = numbers(out, name);
    (n[0], n[1])
}

const STAGES: [&str; 7] = [
    "reader+unconditional",
    "worms",
    "cuts",
    "eyes",
    "eye values",
    "connections",
    "dragons",
];

#[test]
fn stages_add_up_to_the_total_without_peer() {
    let Some(out) = bench(&["--no-peer"]) else {
        return;
    };
    assert!(out.starts_with("2 reference positions of "), "{out}");
    let mut sum = 0.0;
    for stage in STAGES {
        let (total, mean) = row(&out, stage);
        assert!(total >= 0.0 && (mean * 2.0 - total).abs() <= 0.051, "{out}");
        sum += total;
    }
    let (all, _) = row(&out, "all stages");
    // Each total is printed to 0.1 ms.
    assert!((all - sum).abs() <= 0.1 * STAGES.len() as f64, "{out}");
    assert!(!out.contains("GNU Go"), "{out}");
}

#[test]
fn gnu_go_is_timed_beside_when_present() {
    if katachi_testkit::shared::gnugo().is_none() {
        return;
    }
    let Some(out) = bench(&[]) else {
        return;
    };
    for name in [
        "loadsgf FILE MOVE",
        "dragon_data (examine)",
        "name (round trip)",
    ] {
        let (total, mean) = row(&out, name);
        // The total is printed to 0.1 ms and the mean to 0.001 ms: a round
        // trip of 0.02 ms per position totals "0.0", so the mean is the
        // figure that must be positive.
        assert!(total >= 0.0 && mean > 0.0, "{out}");
        assert!((mean * 2.0 - total).abs() <= 0.051, "{out}");
    }
    assert!(
        out.contains("katachi's stages against GNU Go's dragon_data: wall"),
        "{out}"
    );
}
