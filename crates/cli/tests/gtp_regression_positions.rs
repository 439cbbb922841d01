//! Every position GNU Go's regression suites set up (`loadsgf FILE [N]`,
//! `play`, `undo`, `boardsize`, `clear_board`, `komi`, in suite order) is
//! set up identically by `katachi gtp` and GNU Go 3.8: the same answers and
//! the same `showboard` after each command, byte for byte. The suites can
//! therefore run unchanged; only the analysis answers remain to be judged.
//!
//! Needs the shared corpus (`../../../shared` from this crate, or
//! `KATACHI_SHARED`) and `/usr/games/gnugo`. Without them the test is
//! skipped with a printed reason, unless `KATACHI_REQUIRE_SHARED=1`.

use std::path::PathBuf;

mod gtp_support;
use gtp_support::converse;

const SETUP_COMMANDS: [&str; 6] = [
    "loadsgf",
    "play",
    "undo",
    "boardsize",
    "clear_board",
    "komi",
];

/// The setup commands of a suite, each followed by `showboard`.
fn setup_script(suite: &str) -> Vec<String> {
    let mut script = Vec::new();
    for line in suite.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace().peekable();
        if words
            .peek()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        {
            words.next();
        }
        let words: Vec<&str> = words.collect();
        if words.first().is_some_and(|w| SETUP_COMMANDS.contains(w)) {
            script.push(words.join(" "));
            script.push("showboard".to_string());
        }
    }
    script
}

#[test]
fn regression_suite_positions_match_gnu_go() {
    let Some(regression) = katachi_testkit::shared::regression_dir() else {
        return;
    };
    let Some(gnugo) = katachi_testkit::shared::gnugo() else {
        return;
    };
    let gnugo = gnugo.display().to_string();
    let mut suites: Vec<PathBuf> = std::fs::read_dir(&regression)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    suites.sort();
    assert!(!suites.is_empty());
    let (mut commands, mut differences) = (0, Vec::new());
    for suite in &suites {
        let script = setup_script(&std::fs::read_to_string(suite).unwrap());
        if script.is_empty() {
            continue;
        }
        let input = script.join("\n") + "\nquit\n";
        let ours = converse(env!("CARGO_BIN_EXE_katachi"), &["gtp"], &regression, &input);
        let theirs = converse(&gnugo, &["--mode", "gtp"], &regression, &input);
        let ours: Vec<&str> = ours.split_terminator("\n\n").collect();
        let theirs: Vec<&str> = theirs.split_terminator("\n\n").collect();
        assert_eq!(ours.len(), script.len() + 1, "{}", suite.display());
        assert_eq!(theirs.len(), script.len() + 1, "{}", suite.display());
        for (k, command) in script.iter().enumerate() {
            commands += 1;
            if ours[k] != theirs[k] && differences.len() < 10 {
                differences.push(format!(
                    "{} `{command}` (after `{}`):\n katachi: {:?}\n GNU Go:  {:?}",
                    suite.file_name().unwrap().to_string_lossy(),
                    if k > 0 { &script[k - 1] } else { "" },
                    ours[k],
                    theirs[k]
                ));
            }
        }
    }
    println!(
        "{commands} setup commands and boards compared over {} suites",
        suites.len()
    );
    assert!(commands > 1000, "only {commands} commands");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
