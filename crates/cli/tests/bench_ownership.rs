//! `katachi bench ownership` end to end on one game of GNU Go's regression
//! games (skipped, or failed under `KATACHI_REQUIRE_SHARED=1`, without the
//! corpus or GNU Go): it keeps the game only after GNU Go's final score
//! agrees with the record, and prints a share per model and checkpoint and
//! the calibration tables.

use std::process::Command;

#[test]
fn one_game_gives_a_share_per_model_and_checkpoint() {
    let Some(regression) = katachi_testkit::shared::regression_dir() else {
        return;
    };
    let Some(gnugo) = katachi_testkit::shared::gnugo() else {
        return;
    };
    let games = regression.join("games");
    let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(["bench", "ownership", "--games", "1", "--dir"])
        .arg(&games)
        .arg("--gnugo")
        .arg(format!("{} --mode gtp", gnugo.display()))
        .output()
        .expect("katachi runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "bench ownership failed: {stderr}");
    assert!(stdout.contains("; 1 games kept"), "{stdout}");
    for model in [
        "gnugo",
        "gnugo-regions",
        "path",
        "path-proto",
        "path-influence",
    ] {
        let line = stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(model))
            .unwrap_or_else(|| panic!("no line for {model}:\n{stdout}"));
        let shares: Vec<f64> = line
            .split_whitespace()
            .skip(1)
            .map(|w| w.trim_end_matches('%').parse().unwrap())
            .collect();
        assert_eq!(shares.len(), 2, "{line}");
        assert!(shares.iter().all(|s| (0.0..=100.0).contains(s)), "{line}");
        assert!(
            stdout.contains(&format!("calibration of {model} ")),
            "{stdout}"
        );
    }
}
