//! `katachi gtp --mc-param NAME=VALUE` and `--mc-patterns FILE`: a wrong
//! name, a non-number, a value out of range, or a pattern file with an
//! error stops the start with a message naming the option (and, for the
//! file, its line and column), never a panic; good settings start the
//! engine, and genmove plays with them.

mod cli_support;
use cli_support::katachi_fed as katachi;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("mcopts-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn assert_refused(args: &[&str], says: &[&str]) {
    let (code, out, err) = katachi(args, "");
    assert!(
        code != 0 && code != 101,
        "{args:?} exited {code}:\n{out}\n{err}"
    );
    for s in says {
        assert!(err.contains(s), "{args:?}: expected {s:?} in\n{err}");
    }
    assert!(err.contains("not started"), "{args:?}:\n{err}");
}

#[test]
fn wrong_search_parameters_stop_the_start() {
    assert_refused(
        &["gtp", "--mc-param", "explor=0.2"],
        &["explor", "unknown search parameter", "rave_equiv"],
    );
    assert_refused(
        &["gtp", "--mc-param", "explore=lots"],
        &["`lots` is not a number"],
    );
    assert_refused(
        &["gtp", "--mc-param", "score_weight=2"],
        &["score_weight", "[0, 1]"],
    );
    assert_refused(&["gtp", "--mc-param", "explore"], &["NAME=VALUE"]);
}

#[test]
fn a_broken_pattern_file_stops_the_start_with_its_position() {
    let dir = scratch("broken");
    let broken = dir.join("broken.mcdb");
    std::fs::write(&broken, "\n?X?\n?*#\n???\n\n:500,near\n").unwrap();
    let b = broken.display().to_string();
    assert_refused(
        &["gtp", "--mc-patterns", &b],
        &[&format!("{b}:3:3"), "symbol '#'"],
    );
    let missing = dir.join("missing.mcdb").display().to_string();
    assert_refused(&["gtp", "--mc-patterns", &missing], &["missing.mcdb"]);
}

#[test]
fn good_settings_play() {
    let dir = scratch("good");
    let good = dir.join("good.mcdb");
    // Never fill an own eye; capture near the previous move first.
    std::fs::write(
        &good,
        "oOo\nO*O\noO?\n:0\n\n%%%\n%*%\n%%%\n:900,ocap1+,near\n:10\n",
    )
    .unwrap();
    let g = good.display().to_string();
    let (code, out, err) = katachi(
        &[
            "gtp",
            "--mc-patterns",
            &g,
            "--mc-param",
            "explore=0.2",
            "--mc-param",
            "early_stop=0",
            "--playouts",
            "300",
        ],
        "boardsize 9\nplay b e5\ngenmove w\nquit\n",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    let answers: Vec<&str> = out.split("\n\n").collect();
    let mv = answers[2].trim_start_matches("= ").trim();
    assert!(
        mv.len() >= 2 && mv != "E5" && !mv.contains('?'),
        "a move: {out}\n{err}"
    );
    // early_stop 0: the whole budget ran.
    assert!(err.contains("300 playouts"), "{err}");
}

/// `katachi gtp --help` names every parameter `--mc-param` accepts (the
/// list the search keeps), so a new parameter cannot be left out of it.
#[test]
fn the_help_names_every_search_parameter() {
    let (code, out, err) = katachi(&["gtp", "--help"], "");
    assert_eq!(code, 0, "{err}");
    for name in katachi_mc::search::TUNING_PARAMS {
        assert!(out.contains(name), "--help does not name {name}:\n{out}");
    }
}

#[test]
fn a_broken_gamma_table_stops_the_start_with_its_position() {
    let dir = scratch("gammas");
    let broken = dir.join("broken.txt");
    std::fs::write(&broken, "katachi-gammas 1\ncapture 1 2.0\nline 7 1.5\n").unwrap();
    let b = broken.display().to_string();
    assert_refused(
        &["gtp", "--mc-gammas", &b],
        &["--mc-gammas", &format!("{b}:3:6"), "line value"],
    );
    let missing = dir.join("missing.txt").display().to_string();
    assert_refused(
        &["gtp", "--mc-gammas", &missing],
        &["missing.txt", "cannot read"],
    );
}

#[test]
fn a_gamma_table_and_the_gamma_prior_play() {
    let dir = scratch("gammas-good");
    let good = dir.join("good.txt");
    std::fs::write(
        &good,
        "# a test table\nkatachi-gammas 1\ncapture 1 50\nselfatari 1 0.1\n",
    )
    .unwrap();
    let g = good.display().to_string();
    let (code, out, err) = katachi(
        &[
            "gtp",
            "--mc-gammas",
            &g,
            "--mc-param",
            "gamma_prior=20",
            "--playouts",
            "200",
        ],
        "boardsize 9\nplay b e5\ngenmove w\nquit\n",
    );
    assert_eq!(code, 0, "{out}\n{err}");
    let answers: Vec<&str> = out.split("\n\n").collect();
    let mv = answers[2].trim_start_matches("= ").trim();
    assert!(mv.len() >= 2 && mv != "E5" && !mv.contains('?'), "{out}");
}
