//! katachi-patterns: GNU Go's pattern language (`.db`), its checked model,
//! the compiler that turns a database into fast matchers, the matchers, and
//! the joseki compiler.
//!
//! Stages, each its own module (the syntax layer knows no matcher, the
//! matchers compile from the model, never from the AST):
//! `syntax` (text -> AST with spans, diagnostics, formatter) -> `model`
//! (checked patterns) -> `compile` -> `matchers`; `expr` holds the
//! constraint/action language; `joseki` turns SGF joseki trees into patterns.
//!
//! Entry point: [`syntax::parse_db`] (text to checked [`model::PatternDb`]
//! plus diagnostics); [`database`] loads katachi's embedded databases and
//! any `.db` file at run time. The language is documented in `LANGUAGE.md`.

pub mod compile;
pub mod database;
pub mod expr;
pub mod eyegraph;
mod fasthash;
pub mod joseki;
pub mod matchers;
pub mod mcpat;
pub mod model;
pub mod syntax;

pub use syntax::parse_db;
