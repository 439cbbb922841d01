//! Monte Carlo playout patterns: GNU Go's `mc_*.db` format
//! (`montecarlo.texi`), always 3x3 around the move, with move values and
//! local-context properties (`near`, `osafe`, `xsafe`, `ocap1+`...).
//!
//! [`parse`] reads the text into checked patterns with the crate's
//! diagnostics; [`table`] compiles them into a lookup table from a packed
//! 3x3 code and context to a value (8 symmetries and the colour swap
//! expanded, first match wins). The playouts that use the table live in
//! the `katachi-mc` crate.
//!
//! katachi's own database, `patterns/mc_katachi.mcdb` (its own extension
//! so that `build.rs` does not read it as a GNU Go pattern database; the
//! build checks it with this parser and fails on any error), is embedded
//! and is the default policy ([`katachi_db`]). GNU Go's three databases are
//! read at run time with [`load_file`].

pub mod parse;
pub mod table;

use std::path::Path;

pub use parse::{parse_mc_db, CapRange, McDb, McLine, McPattern, McProperty, McSymbol};
pub use table::{Context, McTable};

use crate::syntax::Diagnostic;

/// The text of katachi's own Monte Carlo database.
pub const KATACHI_TEXT: &str = include_str!("../../../../patterns/mc_katachi.mcdb");

/// The name katachi's database is parsed under (for diagnostics).
pub const KATACHI_NAME: &str = "patterns/mc_katachi.mcdb";

/// The text of the "uniform" policy: only the proper-eye patterns (value 0),
/// every other legal move value 1 ("light" playouts).
pub const UNIFORM_TEXT: &str = "\
# Uniform (light) playouts: every legal move is worth the default 1, except
# filling a proper eye of one's own, which is worth 0 so that playouts end.

# A point surrounded by own stones on all four sides, with at most one
# diagonal held by the opponent, is an eye: filling it only removes a
# liberty of one's own group.
oOo
O*O
oO?
:0

# On the edge both diagonals must be free of opponent stones.
oOo
O*O
---
:0

# In the corner the single diagonal must be free of opponent stones.
|Oo
|*O
+--
:0
";

/// katachi's own database, checked (the build guarantees no errors).
pub fn katachi_db() -> McDb {
    let (db, diags) = parse_mc_db(KATACHI_TEXT, KATACHI_NAME);
    debug_assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    db
}

/// The uniform database (eye patterns only).
pub fn uniform_db() -> McDb {
    parse_mc_db(UNIFORM_TEXT, "uniform").0
}

/// Why a Monte Carlo database file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum McLoadError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file as given.
        path: String,
        /// The reading error.
        source: std::io::Error,
    },
    /// The file has errors; every diagnostic (warnings too) is kept.
    #[error("{path}: {} errors", .diagnostics.iter().filter(|d| d.is_error()).count())]
    Invalid {
        /// The file as given.
        path: String,
        /// All diagnostics.
        diagnostics: Vec<Diagnostic>,
    },
}

/// Loads and checks a Monte Carlo database file at run time. On success
/// returns the database and its warnings. Non-UTF-8 bytes (GNU Go's files
/// have some in comments) are read lossily.
pub fn load_file(path: &Path) -> Result<(McDb, Vec<Diagnostic>), McLoadError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| McLoadError::Io {
        path: shown.clone(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let (db, diagnostics) = parse_mc_db(&text, &shown);
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err(McLoadError::Invalid {
            path: shown,
            diagnostics,
        });
    }
    Ok((db, diagnostics))
}
