//! Loading databases: katachi's own, embedded at build time from
//! `patterns/`, and any `.db` file at run time, with no rebuild.
//!
//! `build.rs` checks every `patterns/*.db` (failing the build on any error),
//! compiles it, and embeds its text and its [`Precompiled`] value (model and
//! [`CompiledDb`]) serialised. At run time an embedded database is decoded
//! from those bytes on first use, once per process, into an immutable value
//! shared by every caller: nothing is parsed or compiled at start-up.

mod precompiled;

use std::path::Path;
use std::sync::OnceLock;

use crate::compile::CompiledDb;
use crate::model::PatternDb;
use crate::syntax::{parse_db, sniff_format, DbFormat, Diagnostic};
pub use precompiled::Precompiled;

// `COUNT` and `EMBEDDED: [(name, text, precompiled bytes); COUNT]`, in
// file-name order.
include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The embedded eye graphs, parsed on first use.
static EYES: OnceLock<Vec<(&'static str, crate::eyegraph::EyeGraphDb)>> = OnceLock::new();

/// katachi's own eye graphs (`patterns/*.eyedb`, checked by the build), by
/// file stem in file-name order; `eyes` is `patterns/eyes.eyedb`. Parsed
/// once per process on first use.
pub fn embedded_eyegraphs() -> &'static [(&'static str, crate::eyegraph::EyeGraphDb)] {
    EYES.get_or_init(|| {
        EMBEDDED_EYES
            .iter()
            .map(|(name, file, text)| {
                let (db, diags) = crate::eyegraph::parse_eyegraphs(text, file);
                assert!(
                    diags.iter().all(|d| !d.is_error()),
                    "embedded eye graphs {file}: the build checked them"
                );
                (*name, db)
            })
            .collect()
    })
}

/// The text of embedded eye-graph file `name` (file stem).
pub fn embedded_eyegraph_text(name: &str) -> Option<&'static str> {
    EMBEDDED_EYES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, _, t)| *t)
}

/// The decoded embedded databases, each filled on first use (immutable
/// afterwards).
static DECODED: [OnceLock<Precompiled>; COUNT] = [const { OnceLock::new() }; COUNT];

fn position(name: &str) -> Option<usize> {
    EMBEDDED.iter().position(|(n, _, _)| *n == name)
}

/// Names of the embedded databases (file stems), in file-name order.
pub fn embedded_names() -> impl Iterator<Item = &'static str> {
    EMBEDDED.iter().map(|(n, _, _)| *n)
}

/// The text of embedded database `name`.
pub fn embedded_text(name: &str) -> Option<&'static str> {
    position(name).map(|k| EMBEDDED[k].1)
}

/// The serialised [`Precompiled`] value of embedded database `name`, as the
/// build wrote it.
pub fn embedded_bytes(name: &str) -> Option<&'static [u8]> {
    position(name).map(|k| EMBEDDED[k].2)
}

/// Embedded database `name`, checked and compiled by the build; decoded on
/// the first call, shared afterwards.
pub fn embedded_precompiled(name: &str) -> Option<&'static Precompiled> {
    let k = position(name)?;
    Some(DECODED[k].get_or_init(|| {
        Precompiled::from_bytes(EMBEDDED[k].2).unwrap_or_else(|e| {
            panic!("embedded database {name}: the build's precompiled bytes do not decode: {e}")
        })
    }))
}

/// The checked model of embedded database `name` (no errors: the build
/// checked it), with its constraints and actions.
pub fn embedded_db(name: &str) -> Option<&'static PatternDb> {
    embedded_precompiled(name).map(|p| &p.db)
}

/// The compilation of embedded database `name`, equal to
/// `CompiledDb::compile` of its model.
pub fn embedded_compiled(name: &str) -> Option<&'static CompiledDb> {
    embedded_precompiled(name).map(|p| &p.compiled)
}

/// Embedded database `name`, checked, as an owned value (a copy of
/// [`embedded_db`]; no parsing).
pub fn embedded(name: &str) -> Option<PatternDb> {
    embedded_db(name).cloned()
}

/// Why a database file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{path}: {error}")]
    Io {
        path: String,
        /// Not a `source`: the message already says it, and a chain of
        /// causes would say it twice.
        error: std::io::Error,
    },
    /// The file is in another of GNU Go's `.db` formats (pattern
    /// language, eye graphs, Monte Carlo values; see [`sniff_format`])
    /// than the loader wants.
    #[error("{path}: this is {}, not {}", .format.description(), .want.name())]
    OtherFormat {
        path: String,
        format: DbFormat,
        want: DbFormat,
    },
    /// The file has errors; every diagnostic (warnings too) is kept.
    #[error("{path}: {} errors", .diagnostics.iter().filter(|d| d.is_error()).count())]
    Invalid {
        path: String,
        diagnostics: Vec<Diagnostic>,
    },
    /// An SGF joseki tree the joseki compiler refuses (the error names
    /// its line and column).
    #[error("{path}: {error}")]
    Joseki {
        path: String,
        error: crate::joseki::JosekiError,
    },
}

/// Loads and checks a `.db` file at run time (`--patterns FILE`). On
/// success returns the database and its warnings; a file with any error,
/// or in another of GNU Go's `.db` formats, is an error.
pub fn load_file(path: &Path) -> Result<(PatternDb, Vec<Diagnostic>), LoadError> {
    load_checked(path, DbFormat::Patterns, parse_db)
}

/// Loads an SGF joseki tree at run time (`--patterns joseki=FILE.sgf`):
/// compiles it with the joseki compiler ([`crate::joseki`], pattern names
/// `prefix` and a running number), then parses and checks the patterns
/// as [`load_file`] does a `.db` file.
pub fn load_joseki_file(
    path: &Path,
    prefix: &str,
) -> Result<(PatternDb, Vec<Diagnostic>), LoadError> {
    let (shown, bytes) = read(path)?;
    let options = crate::joseki::JosekiOptions {
        prefix: prefix.to_string(),
    };
    let compiled =
        crate::joseki::compile_sgf(&bytes, &options).map_err(|error| LoadError::Joseki {
            path: shown.clone(),
            error,
        })?;
    let text = compiled.to_db_text(&shown);
    let parsed = parse_db(&text, &shown);
    refuse_errors(shown, parsed)
}

/// Loads and checks an eye-graph file (GNU Go's `eyes.db` format) at run
/// time, as [`load_file`] does a pattern database.
pub fn load_eyegraph_file(
    path: &Path,
) -> Result<(crate::eyegraph::EyeGraphDb, Vec<Diagnostic>), LoadError> {
    load_checked(path, DbFormat::EyeGraph, crate::eyegraph::parse_eyegraphs)
}

/// Reads `path`, refuses it unless its content is in format `want`, parses
/// it with `parse` and refuses it if the parse found an error.
fn load_checked<T>(
    path: &Path,
    want: DbFormat,
    parse: impl FnOnce(&str, &str) -> (T, Vec<Diagnostic>),
) -> Result<(T, Vec<Diagnostic>), LoadError> {
    let (shown, bytes) = read(path)?;
    let text = String::from_utf8_lossy(&bytes);
    let format = sniff_format(&text);
    if format != want {
        return Err(LoadError::OtherFormat {
            path: shown,
            format,
            want,
        });
    }
    let parsed = parse(&text, &shown);
    refuse_errors(shown, parsed)
}

/// The file's name as shown in messages, and its bytes.
fn read(path: &Path) -> Result<(String, Vec<u8>), LoadError> {
    let shown = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => Ok((shown, bytes)),
        Err(error) => Err(LoadError::Io { path: shown, error }),
    }
}

/// A parse's result, refused if any diagnostic is an error.
fn refuse_errors<T>(
    shown: String,
    (db, diagnostics): (T, Vec<Diagnostic>),
) -> Result<(T, Vec<Diagnostic>), LoadError> {
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err(LoadError::Invalid {
            path: shown,
            diagnostics,
        });
    }
    Ok((db, diagnostics))
}
