//! Loading `.db` files from the command line: a database with errors is an
//! error in every subcommand that loads one (`patterns match --db`,
//! `--conn`, `gtp --patterns`, `bench match --db`), with its diagnostics
//! shown; `patterns check` reads GNU Go's other `.db` formats (eye graphs,
//! Monte Carlo values) with their own parsers, and the loaders of pattern
//! databases name them as such; the `eyes` slot of `gtp --patterns` takes
//! an eye-graph file and refuses a pattern file. The small databases here are
//! written by the test; GNU Go's own files are read from the shared corpus
//! when present.

mod cli_support;
use cli_support::katachi_fed;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("dbload-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// (exit code, stdout, stderr) of `katachi ARGS` with empty standard input.
fn katachi(args: &[&str]) -> (i32, String, String) {
    katachi_fed(args, "")
}

/// Standard output of `katachi ARGS` fed `commands` on standard input
/// (a GTP session); the process must exit successfully.
fn gtp_session(args: &[&str], commands: &str) -> String {
    let (code, out, err) = katachi_fed(args, commands);
    assert_eq!(code, 0, "{err}");
    out
}

/// A database whose second pattern has an unknown diagram symbol (line 10).
const BROKEN: &str = "Pattern B1\n\nOX*\n\n:-,A\n\n\nPattern B2\n\nO.#*\n\n:-,A\n";
/// A correct one: an O stone next to the move.
const GOOD: &str = "Pattern G1\n\nO*\n\n:-,A\n";

fn files(dir: &Path) -> (String, String, String) {
    let sgf = dir.join("g.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[9];B[ee];W[ce];B[ge])").unwrap();
    let broken = dir.join("broken.db");
    std::fs::write(&broken, BROKEN).unwrap();
    let good = dir.join("good.db");
    std::fs::write(&good, GOOD).unwrap();
    let s = |p: PathBuf| p.display().to_string();
    (s(sgf), s(broken), s(good))
}

fn assert_refused(args: &[&str]) {
    let (code, out, err) = katachi(args);
    assert!(
        code != 0 && code != 101,
        "{args:?} exited {code}:\n{out}\n{err}"
    );
    assert!(
        err.contains("broken.db:10:3") && err.contains("unknown diagram symbol"),
        "{args:?}: the diagnostic with file, line and column:\n{err}"
    );
    assert!(err.contains("not loaded"), "{args:?}:\n{err}");
    assert!(!out.contains("matches"), "{args:?} matched anyway:\n{out}");
}

#[test]
fn a_database_with_errors_is_an_error_everywhere() {
    let dir = scratch("broken");
    let (sgf, broken, good) = files(&dir);
    // The good database loads and matches (so a refusal below is the broken file's).
    let (code, out, err) = katachi(&["patterns", "match", &sgf, "--db", &good]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("matches"), "{out}");

    assert_refused(&["patterns", "match", &sgf, "--db", &broken]);
    assert_refused(&["patterns", "match", &sgf, "--db", &good, "--db", &broken]);
    assert_refused(&[
        "patterns", "match", &sgf, "--db", &good, "--eval", "--conn", &broken,
    ]);
    assert_refused(&["gtp", "--patterns", &format!("attack={broken}")]);
    let positions = dir.join("positions.tsv").display().to_string();
    assert_refused(&["bench", "match", "--db", &broken, "--positions", &positions]);
}

/// An eye-graph file in the shape eyes.texi describes (`Pattern N`, a
/// diagram of eye-space marks, a four-digit eye value), written here: a
/// one-point and a two-point eye space, one eye whoever moves first.
const EYE_GRAPHS: &str = "# eye shapes\n\nPattern 1\n\n.\n\n:1111\n\nPattern 2\n\n..\n\n:1111\n";
/// A Monte Carlo value file in the shape montecarlo.texi describes: 3x3
/// diagrams around `*` and a numeric value with properties; here, never
/// fill a point surrounded by own stones, and prefer capturing moves.
const MC_VALUES: &str = "\noOo\nO*O\noO?\n\n:0\n\n?X?\n?*?\n???\n\n:500,ocap1+,near\n";

#[test]
fn other_db_formats_are_checked_with_their_own_parsers() {
    let dir = scratch("formats");
    let eyes = dir.join("shapes.db");
    std::fs::write(&eyes, EYE_GRAPHS).unwrap();
    let mc = dir.join("values.db");
    std::fs::write(&mc, MC_VALUES).unwrap();
    let (eyes, mc) = (eyes.display().to_string(), mc.display().to_string());

    let (code, out, err) = katachi(&["patterns", "check", &eyes]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        format!("{eyes}: 2 eye graphs read, 0 errors, 0 warnings\n")
    );
    let (code, out, err) = katachi(&["patterns", "check", &mc]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        format!("{mc}: 2 Monte Carlo patterns read, 0 errors, 0 warnings\n")
    );

    // A broken eye graph: its diagnostic with file, line and column, exit 1.
    let bad_eyes = dir.join("bad_shapes.db");
    std::fs::write(&bad_eyes, EYE_GRAPHS.replace("..\n", ".Q\n")).unwrap();
    let bad_eyes = bad_eyes.display().to_string();
    let (code, out, _) = katachi(&["patterns", "check", &bad_eyes]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("bad_shapes.db:11:2") && out.contains("unknown eye-graph symbol"),
        "{out}"
    );
    assert!(
        out.contains("1 eye graphs read, 1 error, 0 warnings"),
        "{out}"
    );
    // A broken Monte Carlo file too.
    let bad_mc = dir.join("bad_values.db");
    std::fs::write(&bad_mc, MC_VALUES.replace(":500,", ":500,nosuch,")).unwrap();
    let bad_mc = bad_mc.display().to_string();
    let (code, out, _) = katachi(&["patterns", "check", &bad_mc]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("bad_values.db:"), "{out}");

    // Loading them as pattern databases names the format.
    let (sgf, broken, good) = files(&dir);
    let mc_slot = format!("attack={mc}");
    for args in [
        vec!["patterns", "match", &sgf, "--db", &eyes],
        vec!["gtp", "--patterns", &mc_slot],
        vec!["patterns", "fmt", &eyes],
        vec!["patterns", "dump", "model", &mc],
    ] {
        let (code, _, err) = katachi(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("not a pattern database"), "{args:?}: {err}");
    }
    // The eyes slot takes the eye-graph file and refuses a pattern file.
    let eye_slot = format!("eyes={eyes}");
    let (code, _, err) = katachi(&["gtp", "--patterns", &eye_slot]);
    assert_eq!(code, 0, "{err}");
    let good_slot = format!("eyes={good}");
    let (code, _, err) = katachi(&["gtp", "--patterns", &good_slot]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not an eye-graph database"), "{err}");
    let bad_slot = format!("eyes={bad_eyes}");
    let (code, _, err) = katachi(&["gtp", "--patterns", &bad_slot]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad_shapes.db:11:2"), "{err}");
    // With a broken pattern file among them, errors win: exit 1, and the
    // total counts each kind.
    let (code, out, _) = katachi(&["patterns", "check", &eyes, &good, &broken, &mc]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "total: 2 patterns, 2 eye graphs, 2 Monte Carlo patterns read in 4 files, 1 errors"
        ),
        "{out}"
    );
}

/// GNU Go's pattern directory in the shared corpus, if it holds `file`;
/// `None` (the test skips, with the reason printed) when it does not,
/// which `KATACHI_REQUIRE_SHARED=1` makes a failure.
fn gnugo_patterns(file: &str) -> Option<PathBuf> {
    let shared = std::env::var_os("KATACHI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let dir = shared.join("gnugo/patterns");
    if dir.join(file).is_file() {
        return Some(dir);
    }
    assert!(
        std::env::var("KATACHI_REQUIRE_SHARED").as_deref() != Ok("1"),
        "KATACHI_REQUIRE_SHARED=1 but {} has no {file}",
        dir.display()
    );
    eprintln!("skipped: {} has no {file}", dir.display());
    None
}

/// GNU Go's own eyes.db and mc_*.db read with 0 errors, when the shared
/// corpus is present.
#[test]
fn gnugo_eyes_and_mc_databases_are_read() {
    let Some(dir) = gnugo_patterns("eyes.db") else {
        return;
    };
    for (file, words) in [
        ("eyes.db", "1816 eye graphs read, 0 errors, 0 warnings"),
        (
            "mc_mogo_classic.db",
            "28 Monte Carlo patterns read, 0 errors",
        ),
        (
            "mc_montegnu_classic.db",
            "17 Monte Carlo patterns read, 0 errors",
        ),
        ("mc_uniform.db", "3 Monte Carlo patterns read, 0 errors"),
    ] {
        let path = dir.join(file).display().to_string();
        let (code, out, _) = katachi(&["patterns", "check", &path]);
        assert_eq!(code, 0, "{file}: {out}");
        assert_eq!(
            out.lines().count(),
            1,
            "{file}: one line, not errors:\n{out}"
        );
        assert!(out.contains(words), "{file}: {out}");
    }
    // GNU Go's eyes.db fills the eyes slot of a GTP session.
    let slot = format!("eyes={}", dir.join("eyes.db").display());
    let (code, _, err) = katachi(&["gtp", "--patterns", &slot]);
    assert_eq!(code, 0, "{err}");
}

/// `katachi gtp --help` lists every database slot `--patterns` accepts,
/// with whether katachi embeds its own (the list is the engine's, so a new
/// slot cannot be left out of the help).
#[test]
fn gtp_help_lists_every_slot() {
    use katachi_engine::knowledge::{EYE_SLOT, SLOTS};
    let (code, out, err) = katachi(&["gtp", "--help"]);
    assert_eq!(code, 0, "{err}");
    for slot in SLOTS.iter().chain([&EYE_SLOT]) {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{}: ", slot.name)))
            .unwrap_or_else(|| panic!("--help lists no slot {}:\n{out}", slot.name));
        let embedded = line.contains("katachi's own embedded");
        assert_eq!(embedded, slot.embedded, "{line}");
    }
}

/// The `joseki` slot takes an SGF joseki tree, compiled at start-up by the
/// joseki compiler: a tree with an error stops the start with the file,
/// line and column; a good tree's patterns reach the move generator
/// (a class `0` node marks its move antisuji, which `explain_move` names
/// and genmove never plays).
#[test]
fn the_joseki_slot_compiles_sgf_trees() {
    let dir = scratch("joseki");
    // A node whose move lies outside its square mark's rectangle (line 2).
    let broken = dir.join("broken.sgf");
    std::fs::write(&broken, "(;SZ[19]\n;B[pd]SQ[rb]C[J])").unwrap();
    let (code, out, err) = katachi(&["gtp", "--patterns", &format!("joseki={}", broken.display())]);
    assert!(code != 0 && code != 101, "exited {code}:\n{out}\n{err}");
    assert!(
        err.contains("broken.sgf") && err.contains("2:") && err.contains("outside"),
        "the error names the file, the line and what is wrong:\n{err}"
    );

    // Every empty corner's 4-4 point is antisuji: the classic engine's
    // opening then takes another point, and explains why not the 4-4.
    let anti = dir.join("anti.sgf");
    std::fs::write(&anti, "(;SZ[19];B[pd]SQ[mg]C[0 not here])").unwrap();
    let commands = "boardsize 19\nclear_board\nexplain_move D16\ngenmove b\nquit\n";
    let run = |extra: &[&str]| {
        let mut args = vec!["gtp", "--engine", "classic"];
        args.extend_from_slice(extra);
        gtp_session(&args, commands)
    };
    let star = ["D16", "Q16", "D4", "Q4"];
    let genmove = |out: &str| {
        out.split("\n\n")
            .nth(3)
            .map(|r| r.trim_start_matches("= ").trim().to_string())
            .unwrap_or_default()
    };
    let plain = run(&[]);
    assert!(
        plain.contains("KF1 of fuseki.db (katachi)"),
        "katachi's own fuseki pattern values the empty corner's 4-4 point:\n{plain}"
    );
    let slot = format!("joseki={}", anti.display());
    let forbidden = run(&["--patterns", &slot]);
    assert!(
        forbidden.contains("anti_1 of anti.sgf") && forbidden.contains("forbids it"),
        "the antisuji pattern is named:\n{forbidden}"
    );
    let mv = genmove(&forbidden);
    assert!(
        !mv.is_empty() && !star.contains(&mv.as_str()),
        "no 4-4 point is played: {mv}\n{forbidden}"
    );
}

/// GNU Go's seven joseki trees load into the `joseki` slot together, when
/// the shared corpus is present.
#[test]
fn gnugo_joseki_trees_load_into_one_slot() {
    let Some(dir) = gnugo_patterns("hoshi_keima.sgf") else {
        return;
    };
    let mut args: Vec<String> = vec!["gtp".into()];
    for tree in [
        "hoshi_keima",
        "hoshi_other",
        "komoku",
        "sansan",
        "mokuhazushi",
        "takamoku",
        "gogo",
    ] {
        args.push("--patterns".into());
        args.push(format!(
            "joseki={}",
            dir.join(format!("{tree}.sgf")).display()
        ));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, _, err) = katachi(&args);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("error"), "{err}");
}

/// GNU Go's handicap.db loads into the `handicap` slot and decides where
/// `place_free_handicap` puts the stones: as many distinct points as
/// asked, and not katachi's own placement for every count.
#[test]
fn gnugo_handicap_database_places_free_handicap_stones() {
    let Some(dir) = gnugo_patterns("handicap.db") else {
        return;
    };
    let commands: String = [4, 9, 17]
        .iter()
        .map(|n| format!("clear_board\nplace_free_handicap {n}\n"))
        .chain(["quit\n".to_string()])
        .collect();
    let run = |extra: &[&str]| {
        let mut args = vec!["gtp"];
        args.extend_from_slice(extra);
        gtp_session(&args, &commands)
            .split("\n\n")
            .filter(|r| r.starts_with("= ") && r.len() > 2)
            .map(|r| r[2..].trim().to_string())
            .collect::<Vec<String>>()
    };
    let slot = format!("handicap={}", dir.join("handicap.db").display());
    let gnugo = run(&["--patterns", &slot]);
    let own = run(&[]);
    assert_eq!(gnugo.len(), 3, "{gnugo:?}");
    for (answer, n) in gnugo.iter().zip([4, 9, 17]) {
        let mut v: Vec<&str> = answer.split(' ').collect();
        assert_eq!(v.len(), n, "{answer}");
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), n, "distinct: {answer}");
    }
    assert_eq!(own[1], "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
    assert_ne!(gnugo, own, "the loaded database decides");
}
