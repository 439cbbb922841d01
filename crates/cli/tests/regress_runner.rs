//! `katachi regress` end to end: a hand-written suite against GNU Go, a
//! scripted engine that hangs and dies, broken suites, and (with the shared
//! corpus) GNU Go's own suites.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use katachi_testkit::shared::regression_dir;
use serde_json::Value;

/// GNU Go's command line, or `None` (test skipped) when it is not installed.
fn gnugo() -> Option<String> {
    let path = katachi_testkit::shared::gnugo()?;
    Some(format!("{} --mode gtp", path.display()))
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("regress-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn katachi(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("katachi runs")
}

fn json(output: &Output) -> Value {
    assert!(
        output.status.success(),
        "katachi failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("valid JSON")
}

/// (number, passed) of every result of the first suite.
fn verdicts(doc: &Value) -> Vec<(u64, bool)> {
    doc["suites"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["number"].as_u64().unwrap(),
                r["passed"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// Black E5 in atari (its last liberty is E4) on a 9x9 board.
const ATARI_SGF: &str = "(;GM[1]FF[4]SZ[9];B[ee];W[de];B[aa];W[fe];B[bb];W[ed])\n";

const SUITE: &str = "\
# hand-written suite: the folder of the suite is the working directory
loadsgf games/atari.sgf
1 attack E5
#? [1 E4]
2 defend E5
#? [1 E4]
# expected failure that fails
3 attack E5
#? [0]*
4 attack E5
#? [!0]
# known failure that passes: an unexpected pass
5 attack E5
#? [1 E4]*
# an unknown command fails even under negation
6 frobnicate E5
#? [!x]
# bare alternatives: only the last one is tied to the end
7 attack E5
#? [1 E3|E4]
8 attack E5
#? [1 E3|XX]
9 unconditional_status E5
#? [undecided
play black E4
10 countlib E5
#? [3]
11 attack E5
#? [0]&
";

#[test]
fn hand_written_suite_against_gnugo() {
    let Some(engine) = gnugo() else {
        return;
    };
    let dir = scratch("hand");
    std::fs::create_dir_all(dir.join("suites/games")).unwrap();
    std::fs::write(dir.join("suites/games/atari.sgf"), ATARI_SGF).unwrap();
    std::fs::write(dir.join("suites/hand.tst"), SUITE).unwrap();

    // Run from elsewhere: the engine must still find games/atari.sgf.
    let out = katachi(
        &["regress", "--engine", &engine, "--json", "suites/hand.tst"],
        &dir,
    );
    let doc = json(&out);
    assert_eq!(
        verdicts(&doc),
        [
            (1, true),
            (2, true),
            (3, false),
            (4, true),
            (5, true),
            (6, false),
            (7, true),
            (8, false),
            (9, true),
            (10, true),
            (11, true),
        ]
    );
    let suite = &doc["suites"][0];
    assert_eq!(suite["tests"], 10, "the `&` test is not counted");
    assert_eq!(suite["ignored"], 1);
    assert_eq!(suite["passed"], 7);
    assert_eq!(suite["failed"], 3);
    assert_eq!(suite["unexpected_passes"], 1);
    assert_eq!(suite["unexpected_failures"], 2);
    let results = suite["results"].as_array().unwrap();
    assert_eq!(results[0]["got"], "1 E4");
    assert_eq!(results[0]["expected"], "1 E4");
    assert_eq!(results[0]["line"], 3);
    assert_eq!(results[2]["known_failure"], true);
    assert_eq!(results[3]["expected"], "!0");
    assert_eq!(results[5]["got"], "? unknown command");
    assert!(results[0]["seconds"].as_f64().unwrap() >= 0.0);
    // GNU Go counts reading nodes; attack E5 needs at least one.
    assert!(results[0]["nodes"].as_u64().unwrap() >= 1, "{}", results[0]);
    assert!(suite["nodes_per_test"].as_f64().is_some());

    // The plain report: unexpected results, then the table.
    let out = katachi(&["regress", "--engine", &engine, "suites/hand.tst"], &dir);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("suites/hand.tst:13 5 unexpected PASS!"),
        "{text}"
    );
    assert!(
        text.contains(
            "suites/hand.tst:16 6 unexpected FAIL: Correct '!x', got '? unknown command'"
        ),
        "{text}"
    );
    let row = text
        .lines()
        .find(|l| l.starts_with("suites/hand.tst "))
        .expect("a table row");
    let numbers: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&numbers[1..6], ["10", "7", "3", "1", "2"], "{row}");

    // Choosing tests: the setup commands still run, so test 10 sees E4.
    let out = katachi(
        &[
            "regress",
            "--engine",
            &engine,
            "--json",
            "suites/hand.tst:1,8-10",
        ],
        &dir,
    );
    assert_eq!(
        verdicts(&json(&out)),
        [(1, true), (8, false), (9, true), (10, true)]
    );
    let out = katachi(
        &["regress", "--engine", &engine, "suites/hand.tst:99"],
        &dir,
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no test of suites/hand.tst is selected"));
}

/// A scripted engine: `answer TEXT` answers TEXT, `hang` never answers,
/// `die` exits with status 7 after a word on stderr.
const FAKE_ENGINE: &str = r#"
while read -r line; do
  set -- $line
  case "$1" in [0-9]*) id=$1; shift;; *) id=;; esac
  case "$1" in
    die) echo "fake engine: fatal error" >&2; exit 7;;
    hang) sleep 30;;
    babble) printf 'hello there\n\n';;
    answer) shift; printf '=%s %s\n\n' "$id" "$*";;
    quit) printf '=%s\n\n' "$id"; exit 0;;
    *) printf '?%s unknown command\n\n' "$id";;
  esac
done
"#;

#[test]
fn hanging_and_dying_engines() {
    let dir = scratch("fake");
    std::fs::write(dir.join("fake.sh"), FAKE_ENGINE).unwrap();
    std::fs::write(
        dir.join("fake.tst"),
        "answer ready\n\
         1 answer A1\n#? [A1]\n\
         2 hang\n#? [x]\n\
         3 answer B2\n#? [B2]\n\
         4 die\n#? [x]\n\
         5 answer C3\n#? [C3]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("after.tst"),
        "1 answer D4\n#? [D4]\n2 babble\n#? [x]\n3 answer E5\n#? [E5]\n",
    )
    .unwrap();
    let out = katachi(
        &[
            "regress",
            "--engine",
            "sh fake.sh",
            "--timeout",
            "1.5",
            "--json",
            "fake.tst",
            "after.tst",
        ],
        &dir,
    );
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let doc = json(&out);
    // The time-out fails test 2 only; the restarted engine passes test 3;
    // the death fails 4 and 5; the next suite gets a fresh engine.
    assert_eq!(
        verdicts(&doc),
        [(1, true), (2, false), (3, true), (4, false), (5, false)]
    );
    let results = doc["suites"][0]["results"].as_array().unwrap();
    let error = |i: usize| results[i]["error"].as_str().unwrap_or("").to_string();
    assert!(error(1).contains("no answer"), "{}", error(1));
    assert!(error(3).contains("died"), "{}", error(3));
    assert!(
        error(4).contains("died at fake.tst:8 (test 4)"),
        "{}",
        error(4)
    );
    assert!(stderr.contains("restarting the engine"), "{stderr}");
    assert!(stderr.contains("exit status: 7"), "{stderr}");
    assert!(stderr.contains("fake engine: fatal error"), "{stderr}");
    // Garbage fails its test, and the restarted engine goes on.
    let after = doc["suites"][1]["results"].as_array().unwrap();
    let passed: Vec<bool> = after
        .iter()
        .map(|r| r["passed"].as_bool().unwrap())
        .collect();
    assert_eq!(passed, [true, false, true]);
    let garbage = after[1]["error"].as_str().unwrap();
    assert!(garbage.contains("not GTP: \"hello there\""), "{garbage}");
    assert!(stderr.contains("after.tst:3 (test 2)"), "{stderr}");
    // The scripted engine has no node counter.
    assert!(results[0]["nodes"].is_null());
}

#[test]
fn broken_suites_are_errors_naming_file_and_line() {
    let dir = scratch("broken");
    std::fs::write(dir.join("bad.tst"), "loadsgf x.sgf\n1 attack A1\n#? 1 A2\n").unwrap();
    std::fs::write(dir.join("badre.tst"), "1 attack A1\n#? [1 (A2]\n").unwrap();
    for (file, needle) in [
        ("bad.tst", "bad.tst:3: expected `#? [ANSWER]`"),
        (
            "badre.tst",
            "badre.tst:2: the expected answer [1 (A2] is not a valid regular expression",
        ),
        ("missing.tst", "cannot read missing.tst"),
    ] {
        let out = katachi(&["regress", "--engine", "sh -c true", file], &dir);
        assert!(!out.status.success(), "{file} was accepted");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(needle), "{file}: {stderr}");
    }
    let out = katachi(
        &["regress", "--engine", "/nonexistent/engine", "bad.tst"],
        &dir,
    );
    assert!(!out.status.success());
}

/// Every GNU Go suite parses, every expectation compiles, and every
/// numbered line becomes a test (against an engine that answers nothing).
#[test]
fn every_gnugo_suite_parses() {
    let Some(regression) = regression_dir() else {
        return;
    };
    let dir = scratch("all");
    std::fs::write(
        dir.join("empty.sh"),
        "while read -r id rest; do printf '=%s\\n\\n' \"$id\"; done\n",
    )
    .unwrap();
    let engine = format!("sh {}", dir.join("empty.sh").display());
    let mut suites: Vec<PathBuf> = std::fs::read_dir(&regression)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tst"))
        .collect();
    suites.sort();
    assert!(suites.len() >= 10, "only {} suites", suites.len());
    let mut args: Vec<String> = ["regress", "--engine", &engine, "--json"]
        .map(String::from)
        .to_vec();
    args.extend(suites.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let doc = json(&katachi(&args, &dir));
    for (path, suite) in suites.iter().zip(doc["suites"].as_array().unwrap()) {
        let text = std::fs::read_to_string(path).unwrap();
        let numbered = text
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .count();
        let results = suite["results"].as_array().unwrap().len();
        assert_eq!(results, numbered, "{}", path.display());
    }
}

/// GNU Go's published figures (issue 5) come out of our judge, with the
/// suites run two at a time and reported in the order given.
#[test]
fn gnugo_reproduces_its_own_figures() {
    let (Some(engine), Some(regression)) = (gnugo(), regression_dir()) else {
        return;
    };
    let doc = json(&katachi(
        &[
            "regress",
            "--engine",
            &engine,
            "--json",
            "--jobs",
            "2",
            "reading.tst",
            "capture.tst",
            "unconditional.tst",
        ],
        &regression,
    ));
    let figures: Vec<(u64, u64)> = doc["suites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["tests"].as_u64().unwrap(), s["passed"].as_u64().unwrap()))
        .collect();
    assert_eq!(figures, [(235, 193), (18, 13), (673, 673)]);
}
