//! The one way the cli loads a pattern database named on the command line
//! (`patterns match --db/--conn`, `gtp --patterns`, `bench match --db`).
//!
//! A database is loaded whole or not at all: a file with any error prints
//! every diagnostic on standard error and makes the command fail, and a
//! file in another of GNU Go's `.db` formats (eye graphs, Monte Carlo
//! values) is named as such. Leaving the broken patterns out and going on
//! would answer "no match" for a typo.

use std::path::{Path, PathBuf};

use anyhow::bail;
use katachi_patterns::database::{load_file, load_joseki_file, LoadError};
use katachi_patterns::model::PatternDb;
use katachi_patterns::syntax::Diagnostic;

/// Load and check `path`: the database (named after the path) and its
/// warnings. Errors are printed and turned into a failure. An `.sgf` file
/// is a joseki tree, compiled first ([`load_joseki_file`]; its patterns
/// are named after the file's stem, so that several trees in one slot
/// keep apart).
pub fn load(path: &Path) -> anyhow::Result<(PatternDb, Vec<Diagnostic>)> {
    let sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    let loaded = if sgf {
        let stem: String = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        load_joseki_file(path, &format!("{stem}_"))
    } else {
        load_file(path)
    };
    match loaded {
        Ok((mut db, warnings)) => {
            db.name = path.display().to_string();
            Ok((db, warnings))
        }
        Err(LoadError::Invalid { path, diagnostics }) => {
            for d in &diagnostics {
                eprintln!("{d}\n");
            }
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            bail!(
                "{path}: {errors} error{} in the pattern database; not loaded",
                if errors == 1 { "" } else { "s" }
            )
        }
        Err(e) => Err(e.into()),
    }
}

/// Load every file and merge their patterns into one database named
/// `a.db+b.db` (the first file's directives are kept; warnings are not
/// shown).
pub fn load_merged(files: &[PathBuf]) -> anyhow::Result<PatternDb> {
    let mut merged: Option<PatternDb> = None;
    for file in files {
        let (part, _warnings) = load(file)?;
        match &mut merged {
            None => merged = Some(part),
            Some(db) => {
                db.name = format!("{}+{}", db.name, part.name);
                db.patterns.extend(part.patterns);
            }
        }
    }
    Ok(merged.unwrap_or_default())
}
