//! Every game record under `gnugo/regression/games/` must load fully or
//! fail with a clear error (one naming a line and column, or a whole-file
//! problem). Prints both counts and the failures.

mod common;

use std::path::{Path, PathBuf};

use katachi_sgf::{load_bytes, LoadError, ReadError, Target};

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
}

/// Whether an error says where the problem is.
fn is_clear(e: &ReadError) -> bool {
    match e {
        ReadError::Parse(_) => true,
        ReadError::Load(LoadError::NoGame | LoadError::BadVariation { .. }) => true,
        ReadError::Load(e) => e.to_string().starts_with("line "),
    }
}

#[test]
fn every_regression_game_loads_or_fails_clearly() {
    let Some(shared) = common::shared_dir("gnugo/regression/games") else {
        return;
    };
    let mut files = Vec::new();
    sgf_files(&shared.join("gnugo/regression/games"), &mut files);
    let mut loaded = 0;
    let mut failed = Vec::new();
    let mut unclear = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        match load_bytes(&bytes, Target::End) {
            Ok(_) => loaded += 1,
            Err(e) => {
                if !is_clear(&e) {
                    unclear.push(format!("{}: {e}", path.display()));
                }
                failed.push(format!("{}: {e}", path.display()));
            }
        }
    }
    println!(
        "regression games: {} files, {loaded} loaded, {} failed",
        files.len(),
        failed.len()
    );
    for f in &failed {
        println!("  {f}");
    }
    assert!(
        files.len() > 1000,
        "expected the GNU Go game corpus, found {}",
        files.len()
    );
    assert!(
        unclear.is_empty(),
        "errors without a place:\n{}",
        unclear.join("\n")
    );
}
