//! Eye graphs: GNU Go's eye-shape database format (`eyes.db`, manual
//! chapter "Eyes": "Graphs", "Eye shape analysis", "Eye local game
//! values"), katachi's own eye graphs, matching an eye space against them,
//! and a solver for the eye space as a local game.
//!
//! An eye space is abstracted to a graph: its vertices (inner `.`, marginal
//! `!`, dead opponent stones `X`, marginal stones `$`) and their board
//! adjacency. Its value is the four-digit eye value `abcd` (see
//! [`EyeValue`]), with vital attack and defence points.
//!
//! * [`syntax`]: text -> AST with spans; [`model`]: the checked
//!   [`EyeGraphDb`] and the board-side [`EyeSpaceGraph`];
//!   [`parse_eyegraphs`] does both and returns every diagnostic (file, line,
//!   column, caret), as the pattern parser does.
//! * [`lookup`]: [`EyeGraphDb::lookup`] finds the first graph isomorphic to
//!   an eye space, with the vertex mapping; [`EyeGraphDb::evaluate`] falls
//!   back to the solver when no graph matches.
//! * [`solve`]: [`solve::solve`] computes the value and vital points of an
//!   eye space by reading its local game; used where no graph matches, and
//!   to check the databases.
//!
//! katachi's own graphs are `patterns/eyes.eyedb`, checked by `build.rs` and
//! embedded ([`crate::database::embedded_eyegraphs`]). The file format is
//! documented in `crates/patterns/EYES.md`.

pub mod lookup;
pub mod model;
pub mod solve;
pub mod syntax;

pub use lookup::{match_graph, EvaluationSource, EyeEvaluation, EyeMatch};
pub use model::{
    Content, EyeGraph, EyeGraphDb, EyeSpaceGraph, EyeValue, GraphVertex, SpaceVertex, VertexKind,
};
pub use solve::{solve, EyeSolution};

use crate::syntax::source::Source;
use crate::syntax::Diagnostic;

/// Parses and checks an eye-graph file: the graphs without errors, and all
/// diagnostics (errors and warnings) in file order.
pub fn parse_eyegraphs(text: &str, file_name: &str) -> (EyeGraphDb, Vec<Diagnostic>) {
    let src = Source::new(file_name, text);
    let (ast, mut diags) = syntax::parse_source(&src);
    let db = model::check(&src, &ast, &mut diags);
    diags.sort_by_key(|d| (d.span.start.line, d.span.start.column));
    (db, diags)
}
