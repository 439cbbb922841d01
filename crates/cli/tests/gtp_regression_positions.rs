//! Every position GNU Go's regression suites set up (`loadsgf FILE [N]`,
//! `play`, `black`, `white`, `undo`, `boardsize`, `clear_board`, `komi`, in
//! suite order) is
//! set up identically by `katachi gtp` and GNU Go 3.8: the same answers and
//! the same `showboard` after each command, byte for byte. The suites can
//! therefore run unchanged; only the analysis answers remain to be judged.
//! And every command the suites send is known to katachi, except the
//! analysis commands of stages katachi does not have yet (listed below).
//!
//! Needs the shared corpus (`../../../shared` from this crate, or
//! `KATACHI_SHARED`) and `/usr/games/gnugo`. Without them the test is
//! skipped with a printed reason, unless `KATACHI_REQUIRE_SHARED=1`.

use std::path::PathBuf;

mod gtp_support;
use gtp_support::converse;

const SETUP_COMMANDS: [&str; 8] = [
    "loadsgf",
    "play",
    "black",
    "white",
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

/// Commands of the suites that need analysis stages katachi does not have
/// yet; each comes with its stage. Every other command a suite sends
/// must be known. Empty today: every command the suites send exists.
const LATER: &[(&str, &str)] = &[];

/// The command names of a suite (ids and comments skipped), in order.
fn suite_commands(suite: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in suite.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace();
        let Some(mut first) = words.next() else {
            continue;
        };
        if first.bytes().all(|b| b.is_ascii_digit()) {
            match words.next() {
                Some(name) => first = name,
                None => continue,
            }
        }
        names.push(first.to_string());
    }
    names
}

#[test]
fn every_suite_command_is_known_or_waits_for_its_stage() {
    let Some(regression) = katachi_testkit::shared::regression_dir() else {
        return;
    };
    let mut used = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&regression).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "tst") {
            used.extend(suite_commands(&std::fs::read_to_string(&path).unwrap()));
        }
    }
    assert!(
        used.contains("loadsgf") && used.contains("white"),
        "{used:?}"
    );
    let names: Vec<&String> = used.iter().collect();
    let input: String = names
        .iter()
        .map(|n| format!("known_command {n}\n"))
        .collect::<String>()
        + "quit\n";
    let answers = converse(env!("CARGO_BIN_EXE_katachi"), &["gtp"], &regression, &input);
    let answers: Vec<&str> = answers.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), names.len() + 1);
    let mut missing = Vec::new();
    for (name, answer) in names.iter().zip(&answers) {
        let later = LATER.iter().any(|(n, _)| n == name);
        match (*answer, later) {
            ("= true", false) | ("= false", true) => {}
            ("= true", true) => missing.push(format!("{name} is known now: take it off LATER")),
            _ => missing.push(format!("{name}: {answer}")),
        }
    }
    println!(
        "{} commands used by the suites; {} wait for later stages",
        names.len(),
        LATER.len()
    );
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
