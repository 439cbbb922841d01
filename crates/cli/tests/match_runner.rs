//! `katachi match` end to end: katachi against GNU Go on 9x9 (when GNU Go
//! is installed), and scripted engines that pass, resign, play illegal
//! moves, think too long, die or answer garbage, to see each adjudicated.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use katachi_sgf::{load, parse, Target};
use serde_json::Value;

/// GNU Go's command line at level 1, or `None` (test skipped) when it is
/// not installed.
fn gnugo() -> Option<String> {
    let path = katachi_testkit::shared::gnugo()?;
    Some(format!("{} --mode gtp --level 1", path.display()))
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("match-{name}"));
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

/// Run a match in `dir`, return (printed table, JSON summary).
fn run_match(dir: &Path, args: &[&str]) -> (String, Value) {
    let mut all = vec!["match", "--sgf-dir", "sgf", "--json", "result.json"];
    all.extend_from_slice(args);
    let out = katachi(&all, dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "katachi match failed: {stderr}");
    let json = std::fs::read_to_string(dir.join("result.json")).unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        serde_json::from_str(&json).unwrap(),
    )
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

/// Every count of the summary follows from the game rows.
fn check_adds_up(summary: &Value, table: &str) {
    let games = n(&summary["games"]);
    let rows = summary["results"].as_array().unwrap();
    assert_eq!(rows.len() as u64, games);
    let (bw, ww, jigo, void, disputed) = (
        n(&summary["black_wins"]),
        n(&summary["white_wins"]),
        n(&summary["jigo"]),
        n(&summary["void"]),
        n(&summary["disputed"]),
    );
    assert_eq!(bw + ww + jigo + void + disputed, games, "{summary}");
    let engines = summary["engines"].as_array().unwrap();
    let wins: u64 = engines.iter().map(|e| n(&e["wins"])).sum();
    assert_eq!(wins + jigo + void + disputed, games, "{summary}");
    for e in engines {
        let label = e["label"].as_str().unwrap();
        let played = rows
            .iter()
            .filter(|r| r["black"] == label || r["white"] == label)
            .count() as u64;
        assert_eq!(n(&e["games"]), played);
        assert_eq!(n(&e["games_as_black"]) + n(&e["games_as_white"]), played);
        assert_eq!(
            n(&e["wins_as_black"]) + n(&e["wins_as_white"]),
            n(&e["wins"])
        );
        let won = rows.iter().filter(|r| r["winner"] == label).count() as u64;
        assert_eq!(n(&e["wins"]), won);
        // The printed row says the same.
        let line = table
            .lines()
            .find(|l| l.starts_with(&format!("{label} ")))
            .unwrap_or_else(|| panic!("no table row for {label}:\n{table}"));
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[1], n(&e["games"]).to_string(), "{line}");
        assert_eq!(cells[2], n(&e["wins"]).to_string(), "{line}");
    }
    let moves: u64 = rows.iter().map(|r| n(&r["moves"])).sum();
    let average = summary["average_moves"].as_f64().unwrap();
    assert!((average * games as f64 - moves as f64).abs() < 1e-6);
    assert!(
        table.contains(&format!(
            "games {games} ({} distinct): black won {bw}, white won {ww}, jigo {jigo}, void {void}, disputed {disputed}",
            n(&summary["distinct"])
        )),
        "{table}"
    );
}

/// Each SGF parses, replays legally on katachi's board, and agrees with its row.
fn check_sgfs(dir: &Path, summary: &Value) {
    for row in summary["results"].as_array().unwrap() {
        let path = dir.join(row["sgf"].as_str().expect("SGF written"));
        let path = if path.exists() {
            path
        } else {
            PathBuf::from(row["sgf"].as_str().unwrap())
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let games = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let root = &games.games[0];
        assert_eq!(root.get("SZ"), Some("9"));
        assert_eq!(root.text("RE").as_deref(), row["result"].as_str());
        let loaded = load(root, Target::End, &[])
            .unwrap_or_else(|e| panic!("{} has an illegal move: {e}", path.display()));
        assert_eq!(loaded.moves_played as u64, n(&row["moves"]));
    }
}

#[test]
fn katachi_against_gnugo_on_9x9() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    let dir = scratch("gnugo");
    // 500 playouts a move instead of the default 5000: the test checks
    // the match runner (adjudication, colours, tables, SGFs), not the
    // moves, and the default made this test 40 s of CPU for two games.
    let katachi_gtp = format!("{} gtp --playouts 500", env!("CARGO_BIN_EXE_katachi"));
    let (table, summary) = run_match(
        &dir,
        &[
            "--engines",
            &katachi_gtp,
            &gnugo,
            "--games",
            "2",
            "--size",
            "9",
        ],
    );
    assert_eq!(n(&summary["games"]), 2);
    for row in summary["results"].as_array().unwrap() {
        let ending = row["ending"].as_str().unwrap();
        assert!(
            ["score", "resign", "move_cap", "disputed"].contains(&ending),
            "game {} ended by {ending}: {}",
            row["number"],
            row["notes"]
        );
        assert!(n(&row["moves"]) > 0);
        // Without --referee neither player decides alone: a counted game
        // has both counts behind it, or is disputed and credited to no one.
        if ending == "disputed" {
            assert_eq!(row["result"], "?");
            assert!(row["winner"].is_null());
            assert!(row["notes"].to_string().contains("disputed: black"));
        }
    }
    // Colours alternate.
    let rows = summary["results"].as_array().unwrap();
    assert_eq!(
        (rows[0]["black"].as_str(), rows[1]["black"].as_str()),
        (Some("A"), Some("B"))
    );
    assert!(summary["engines"][0]["name"]
        .as_str()
        .unwrap()
        .starts_with("katachi"));
    assert!(summary["engines"][1]["name"]
        .as_str()
        .unwrap()
        .starts_with("GNU Go"));
    check_adds_up(&summary, &table);
    check_sgfs(&dir, &summary);
}

/// A scripted engine; its first argument says how it answers `genmove`
/// (and `final_score`: `passb` counts B+75, `passw` W+3, the rest W+7.5).
const FAKE: &str = r#"
mode=$1
while read -r line; do
  set -- $line
  case "$1" in [0-9]*) id=$1; shift;; *) id=;; esac
  case "$1" in
    genmove)
      case $mode in
        pass|passb|passw) r=pass;;
        e5) r=E5;;
        resign) r=resign;;
        slow) sleep 5; r=pass;;
        die) echo "fake: out of luck" >&2; exit 3;;
        garbage) r=Z99;;
        refuse) printf '?%s cannot\n\n' "$id"; continue;;
      esac
      printf '=%s %s\n\n' "$id" "$r";;
    play)
      if [ "$mode" = noplay ]; then printf '?%s illegal move\n\n' "$id"; else printf '=%s\n\n' "$id"; fi;;
    final_score)
      case $mode in
        passb) printf '=%s B+75\n\n' "$id";;
        passw) printf '=%s W+3\n\n' "$id";;
        *) printf '=%s W+7.5\n\n' "$id";;
      esac;;
    name) printf '=%s fake-%s\n\n' "$id" "$mode";;
    quit) printf '=%s\n\n' "$id"; exit 0;;
    *) printf '=%s\n\n' "$id";;
  esac
done
"#;

/// (black mode, white mode, extra arguments, result, ending, moves, note fragment)
type Case<'a> = (
    &'a str,
    &'a str,
    &'a [&'a str],
    &'a str,
    &'a str,
    u64,
    &'a str,
);

#[test]
fn adjudication_of_scripted_engines() {
    let dir = scratch("fake");
    std::fs::write(dir.join("fake.sh"), FAKE).unwrap();
    // (black, white, extra args, result, ending, moves, note fragment)
    let cases: [Case; 10] = [
        (
            "e5",
            "pass",
            &[],
            "W+F",
            "illegal",
            2,
            "illegal move E5: point is occupied",
        ),
        ("garbage", "pass", &[], "W+F", "illegal", 0, "Z99"),
        (
            "pass",
            "resign",
            &[],
            "B+R",
            "resign",
            1,
            "white (B) resigned",
        ),
        (
            "slow",
            "pass",
            &["--time-per-move", "1", "--time-margin", "1"],
            "W+T",
            "time",
            0,
            "lost on time",
        ),
        ("die", "pass", &[], "W+F", "forfeit", 0, "exit status: 3"),
        (
            "pass",
            "refuse",
            &[],
            "B+F",
            "forfeit",
            1,
            "refused to move",
        ),
        ("pass", "pass", &[], "W+7.5", "score", 2, ""),
        // No referee: the players' counts name different winners. (Before,
        // the first engine refereed and credited W+7.5.)
        (
            "pass",
            "passb",
            &[],
            "?",
            "disputed",
            2,
            "disputed: black (A) counts W+7.5, white (B) counts B+75",
        ),
        // Same winner, different margins: White wins, the score unknown.
        (
            "pass",
            "passw",
            &[],
            "W+",
            "score",
            2,
            "margins differ: black (A) counts W+7.5, white (B) counts W+3",
        ),
        (
            "e5",
            "noplay",
            &[],
            "Void",
            "void",
            1,
            "which katachi's board allows",
        ),
    ];
    for (black, white, extra, result, ending, moves, note) in cases {
        let black_cmd = format!("sh fake.sh {black}");
        let white_cmd = format!("sh fake.sh {white}");
        let mut args = vec![
            "--black", &black_cmd, "--white", &white_cmd, "-n", "1", "--size", "9",
        ];
        args.extend_from_slice(extra);
        let (table, summary) = run_match(&dir, &args);
        let row = &summary["results"][0];
        let case = format!("{black} vs {white}: {row}");
        assert_eq!(row["result"], result, "{case}");
        assert_eq!(row["ending"], ending, "{case}");
        assert_eq!(n(&row["moves"]), moves, "{case}");
        let notes = row["notes"].to_string();
        assert!(notes.contains(note), "{case}");
        check_adds_up(&summary, &table);
        check_sgfs(&dir, &summary);
    }
}

#[test]
fn the_move_cap_stops_and_scores() {
    let dir = scratch("cap");
    std::fs::write(dir.join("fake.sh"), FAKE).unwrap();
    let Some(gnugo) = gnugo() else {
        return;
    };
    let (table, summary) = run_match(
        &dir,
        &[
            "--black",
            &gnugo,
            "--white",
            &gnugo,
            "-n",
            "1",
            "--size",
            "9",
            "--max-moves",
            "6",
            "--referee",
            "sh fake.sh pass",
        ],
    );
    let row = &summary["results"][0];
    assert_eq!(row["ending"], "move_cap");
    assert_eq!(n(&row["moves"]), 6);
    assert_eq!(row["result"], "W+7.5", "scored by the referee");
    // The players' own counts beside the referee's.
    let notes = row["notes"].as_array().expect("notes");
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .is_some_and(|t| t.starts_with("final_score: referee W+7.5, black (A) ")
                && t.contains(", white (B) "))),
        "{notes:?}"
    );
    check_adds_up(&summary, &table);
    check_sgfs(&dir, &summary);
}

#[test]
fn bad_arguments_are_errors() {
    let dir = scratch("args");
    for args in [
        &["match", "--black", "x"][..],
        &["match", "--engines", "a", "b", "--size", "30"],
        &["match", "--engines", "/nonexistent/engine", "b"],
        &["match", "--engines", "'unclosed", "b"],
    ] {
        let out = katachi(args, &dir);
        assert!(!out.status.success(), "{args:?} was accepted");
        assert!(!out.stderr.is_empty());
    }
}

/// A referee that cannot start (a program not on PATH) is an error before
/// any game, naming the referee, instead of every counted game void.
#[test]
fn a_referee_that_cannot_start_is_an_error() {
    let dir = scratch("referee");
    let engine = format!("{} gtp", env!("CARGO_BIN_EXE_katachi"));
    let out = katachi(
        &[
            "match",
            "--engines",
            &engine,
            &engine,
            "-n",
            "1",
            "--size",
            "5",
            "--referee",
            "/nonexistent/referee --mode gtp",
        ],
        &dir,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted: {stderr}");
    assert!(stderr.contains("cannot start the referee"), "{stderr}");
}
