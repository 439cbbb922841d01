//! `katachi patterns match --eval [--trace]` and `katachi gtp --patterns`.
//!
//! The match tests use a GNU Go game record and database from the shared
//! corpus, read at run time (skipped with a message when absent, failing
//! under `KATACHI_REQUIRE_SHARED=1`). The `--patterns` tests write their own
//! small databases.

mod cli_support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn shared_dir() -> Option<PathBuf> {
    katachi_testkit::shared::shared_dir_with(&["gnugo/patterns/conn.db"])
}

fn katachi(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(args)
        .output()
        .expect("run katachi");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn match_args(shared: &Path, extra: &[&str]) -> Vec<String> {
    let sgf = shared.join("gnugo/regression/games/9handicap.sgf");
    let db = shared.join("gnugo/patterns/conn.db");
    let mut v: Vec<String> = vec![
        "patterns".into(),
        "match".into(),
        sgf.display().to_string(),
        "--move".into(),
        "80".into(),
        "--db".into(),
        db.display().to_string(),
        "--color".into(),
        "B".into(),
    ];
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn run_match(shared: &Path, extra: &[&str]) -> String {
    let args = match_args(shared, extra);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let (ok, out, err) = katachi(&refs);
    assert!(ok, "katachi {refs:?} failed: {err}");
    out
}

#[test]
fn eval_json_reports_every_match_with_its_result() {
    let Some(shared) = shared_dir() else { return };
    let plain = run_match(&shared, &["--json"]);
    let evald = run_match(&shared, &["--json", "--eval"]);
    let plain: Vec<serde_json::Value> = plain
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let evald: Vec<serde_json::Value> = evald
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert!(!plain.is_empty());
    assert_eq!(plain.len(), evald.len(), "one evaluated line per match");
    let mut counts = std::collections::BTreeMap::new();
    for (a, b) in plain.iter().zip(&evald) {
        for f in ["p", "o", "d", "m"] {
            assert_eq!(a[f], b[f], "same match order and fields");
        }
        let result = b["constraint"].as_str().expect("constraint");
        *counts.entry(result.to_string()).or_insert(0) += 1;
        match result {
            "true" => assert!(b["c"].as_f64().expect("c") != 0.0),
            "false" => assert_eq!(b["c"].as_f64(), Some(0.0)),
            "none" => assert!(b["c"].is_null()),
            "skipped" => {
                assert!(b["c"].is_null());
                assert!(b["needs"].is_string(), "{b}");
            }
            other => panic!("unexpected result {other}: {b}"),
        }
        // A match is kept unless a dragon class letter (O o X x) fails
        // on this position's dragons; one without such letters is kept.
        let classes = b["classes"].as_str().expect("classes");
        let dragon = classes.chars().any(|c| "OoXx".contains(c));
        let kept = b["k"].as_u64().expect("k is 0 or 1");
        assert!(dragon || kept == 1, "{b}");
        if dragon {
            *counts.entry(format!("class kept {kept}")).or_insert(0) += 1;
        }
    }
    println!("conn.db on 9handicap move 80, black: {counts:?}");
    // omoyo is answered by the influence stage: no match is skipped.
    assert!(!counts.contains_key("skipped") && counts.contains_key("true"));
}

/// `xcut`/`ocut` read the cutting points of the knowledge's `conn` slot:
/// katachi's own conn.db by default, GNU Go's with `--conn FILE`. Either
/// way they are evaluated, never skipped.
#[test]
fn conn_gives_xcut_its_cutting_points() {
    let Some(shared) = shared_dir() else { return };
    let results = |extra: &[&str]| -> Vec<serde_json::Value> {
        let mut args = vec!["--json", "--eval"];
        args.extend_from_slice(extra);
        run_match(&shared, &args)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
            .collect()
    };
    let needs_cut = |rs: &[serde_json::Value]| {
        rs.iter().any(|v| {
            v["needs"]
                .as_str()
                .is_some_and(|f| f.starts_with("xcut") || f.starts_with("ocut"))
        })
    };
    let own = results(&[]);
    assert!(
        !needs_cut(&own),
        "katachi's conn.db gives the cutting points"
    );
    let db = shared.join("gnugo/patterns/conn.db");
    let db = db.display().to_string();
    let gnu = results(&["--conn", &db]);
    assert!(
        !needs_cut(&gnu),
        "GNU Go's conn.db gives the cutting points"
    );
    assert_eq!(own.len(), gnu.len(), "the same matches");
}

#[test]
fn trace_shows_subexpressions_and_readings() {
    let Some(shared) = shared_dir() else { return };
    let text = run_match(&shared, &["--eval", "--trace"]);
    // The summary line counts every kind of result.
    assert!(
        text.lines()
            .any(|l| l.contains("matches: constraint true") && l.contains("skipped")),
        "{text}"
    );
    // Nothing is skipped since the influence stage answers omoyo.
    assert!(!text.contains("skipped, needs:"), "{text}");
    // Every `constraint:` line with a constraint is followed by its tree,
    // whose first line is the whole constraint with the same truth value.
    let lines: Vec<&str> = text.lines().collect();
    let mut trees = 0;
    for (i, l) in lines.iter().enumerate() {
        let Some((_, verdict)) = l.split_once("constraint: ") else {
            continue;
        };
        if verdict.starts_with("true") || verdict.starts_with("false") {
            let root = lines[i + 1..]
                .iter()
                .find(|l| l.trim_start().starts_with('|'))
                .expect("a trace line");
            let value = root
                .rsplit(" = ")
                .next()
                .and_then(|v| v.split_whitespace().next())
                .expect("value");
            let truth = value.parse::<f64>().expect("numeric root") != 0.0;
            assert_eq!(truth, verdict.starts_with("true"), "{l} / {root}");
            trees += 1;
        }
    }
    assert!(trees > 0);
    // Reading calls show what the reading spent or found.
    assert!(text.contains(" nodes"), "{text}");
}

/// `katachi gtp ARGS...` fed `input`: (success, stdout, stderr).
fn gtp_with(args: &[&str], input: &str) -> (bool, String, String) {
    let args: Vec<&str> = std::iter::once("gtp").chain(args.iter().copied()).collect();
    let (code, out, err) = cli_support::katachi_fed(&args, input);
    (code == 0, out, err)
}

#[test]
fn gtp_patterns_loads_good_files_and_refuses_bad_ones() {
    let dir = std::env::temp_dir().join(format!("katachi-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let good = dir.join("good.db");
    std::fs::write(&good, "Pattern G1\n\nO*\n\n:8,-\n").expect("write");
    let bad = dir.join("bad.db");
    std::fs::write(&bad, "Pattern B1\n\nOZ*\n\n:8,-\n").expect("write");

    let g = format!("attack={}", good.display());
    let (ok, out, err) = gtp_with(&["--patterns", &g, "--patterns", &g], "name\nquit\n");
    assert!(ok, "{err}");
    assert!(out.starts_with("= "), "{out}");

    // A file must say which database it replaces.
    let unnamed = good.display().to_string();
    let (ok, _, err) = gtp_with(&["--patterns", &unnamed], "quit\n");
    assert!(!ok && err.contains("NAME=FILE"), "{err}");
    let (ok, _, err) = gtp_with(&["--patterns", &format!("shapez={unnamed}")], "quit\n");
    assert!(
        !ok && err.contains("no pattern database slot named `shapez`"),
        "{err}"
    );

    let b = format!("defense={}", bad.display());
    let (ok, out, err) = gtp_with(&["--patterns", &g, "--patterns", &b], "name\nquit\n");
    assert!(!ok, "a database with errors must stop start-up");
    assert!(out.is_empty(), "no GTP answer before the check: {out}");
    assert!(err.contains("bad.db"), "{err}");
    assert!(err.contains("error"), "diagnostics shown: {err}");

    let (ok, _, err) = gtp_with(&["--patterns", "attack=/nonexistent/x.db"], "quit\n");
    assert!(!ok && err.contains("x.db"), "{err}");

    let (ok, help, _) = katachi(&["gtp", "--help"]);
    assert!(ok && help.contains("--patterns"), "{help}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Knowledge is data: GNU Go's defence database, loaded at run time in
/// place of katachi's own, changes the answer of a tactical reading (the
/// attacker's search reads the defender's replies from it). On
/// reading.tst 57 (incident252, move 134) katachi's own databases find no
/// attack on H3; with GNU Go's defense.db the reader finds J2.
#[test]
fn a_replaced_defense_database_changes_an_attack_answer() {
    let Some(shared) = shared_dir() else { return };
    let regression = shared.join("gnugo/regression");
    let ask = |extra: &[String]| -> String {
        let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
            .arg("gtp")
            .args(extra)
            .current_dir(&regression)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .and_then(|mut c| {
                c.stdin
                    .take()
                    .expect("stdin")
                    .write_all(b"loadsgf games/incident252.sgf 134\n1 attack H3\n")?;
                c.wait_with_output()
            })
            .expect("katachi gtp");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines()
            .find_map(|l| l.strip_prefix("=1 "))
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(ask(&[]), "0");
    let gnu = format!(
        "defense={}",
        shared.join("gnugo/patterns/defense.db").display()
    );
    assert_eq!(ask(&["--patterns".to_string(), gnu]), "1 J2");
}
