//! Loading databases: katachi's own, embedded at build time from
//! `patterns/` (checked by `build.rs`, which fails the build on any error),
//! and any `.db` file at run time, with no rebuild.

use std::path::Path;

use crate::model::PatternDb;
use crate::syntax::{parse_db, Diagnostic};

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// Names of the embedded databases (file stems), in file-name order.
pub fn embedded_names() -> impl Iterator<Item = &'static str> {
    EMBEDDED.iter().map(|(n, _)| *n)
}

/// The text of embedded database `name`.
pub fn embedded_text(name: &str) -> Option<&'static str> {
    EMBEDDED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Embedded database `name`, parsed and checked (it has no errors: the
/// build checked it).
pub fn embedded(name: &str) -> Option<PatternDb> {
    let text = embedded_text(name)?;
    Some(parse_db(text, &format!("patterns/{name}.db")).0)
}

/// Why a database file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    /// The file has errors; every diagnostic (warnings too) is kept.
    #[error("{path}: {} errors", .diagnostics.iter().filter(|d| d.is_error()).count())]
    Invalid {
        path: String,
        diagnostics: Vec<Diagnostic>,
    },
}

/// Loads and checks a `.db` file at run time (`--patterns FILE`). On
/// success returns the database and its warnings.
pub fn load_file(path: &Path) -> Result<(PatternDb, Vec<Diagnostic>), LoadError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
        path: shown.clone(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let (db, diagnostics) = parse_db(&text, &shown);
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err(LoadError::Invalid {
            path: shown,
            diagnostics,
        });
    }
    Ok((db, diagnostics))
}
