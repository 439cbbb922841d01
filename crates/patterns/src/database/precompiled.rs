//! The precompiled form of a database: the checked model with its
//! compilation, and the bytes `build.rs` writes and the run time reads back.
//!
//! This file is compiled twice: into the library (as
//! `database::precompiled`) and into the build script (by path, next to the
//! front end and the compiler), so that the build writes exactly what the
//! run time reads. The bytes are only meaningful to the build of the crate
//! that made them (function and constant ids are registry indices); they
//! live in `OUT_DIR` and are remade whenever the crate's sources change.

use serde::{Deserialize, Serialize};

use crate::compile::CompiledDb;
use crate::model::PatternDb;
use crate::syntax::{parse_db, Diagnostic};

/// A checked database and its compilation, as one serialisable value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Precompiled {
    /// The checked model: patterns with their constraints and actions.
    pub db: PatternDb,
    /// `CompiledDb::compile(&db)`.
    pub compiled: CompiledDb,
}

impl Precompiled {
    /// Compile a checked database.
    pub fn new(db: PatternDb) -> Precompiled {
        let compiled = CompiledDb::compile(&db);
        Precompiled { db, compiled }
    }

    /// Parse, check and compile the `.db` text `text` shown as `file_name`.
    /// On any error diagnostic, `None` (nothing is compiled) and every
    /// diagnostic; otherwise the value and the warnings.
    pub fn from_text(text: &str, file_name: &str) -> (Option<Precompiled>, Vec<Diagnostic>) {
        let (db, diags) = parse_db(text, file_name);
        if diags.iter().any(|d| d.is_error()) {
            return (None, diags);
        }
        (Some(Precompiled::new(db)), diags)
    }

    /// The compact binary form (postcard).
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_stdvec(self).expect("a precompiled database always serialises")
    }

    /// Read back what [`Precompiled::to_bytes`] wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Precompiled, postcard::Error> {
        postcard::from_bytes(bytes)
    }
}
