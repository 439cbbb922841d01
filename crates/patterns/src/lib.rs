//! katachi-patterns: GNU Go's pattern language (`.db`), its checked model,
//! the compiler that turns a database into fast matchers, the matchers, and
//! the joseki compiler.
//!
//! Stages, each its own module (the syntax layer knows no matcher, the
//! matchers compile from the model, never from the AST):
//! `syntax` (text -> AST with spans, diagnostics, formatter) -> `model`
//! (checked patterns) -> `compile` -> `matchers`; `expr` holds the
//! constraint/action language; `joseki` turns SGF joseki trees into patterns.

pub mod expr;
pub mod model;
pub mod compile;
pub mod joseki;
pub mod matchers;
