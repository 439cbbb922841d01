//! The syntax layer: `.db` text to an AST with spans, diagnostics that point
//! at the source, and the canonical formatter. It knows nothing of matching.

pub mod ast;
pub mod diagnostic;
pub mod format;
pub mod lexer;
pub mod parser;
pub mod sniff;
pub mod source;
pub mod span;

pub use diagnostic::{Diagnostic, DiagnosticKind, Severity};
pub use format::format_file;
pub use parser::parse_file;
pub use sniff::{sniff_format, DbFormat};
pub use span::{Position, Span};

use crate::model::{self, PatternDb};

/// Parses and checks a database: the model of every pattern that has no
/// error, and all diagnostics (errors and warnings) in source order.
pub fn parse_db(text: &str, file_name: &str) -> (PatternDb, Vec<Diagnostic>) {
    let (file, mut diags) = parse_file(text, file_name);
    let (db, more) = model::check(&file, text, file_name);
    diags.extend(more);
    diags.sort_by_key(|d| (d.span.start.offset, d.span.start.column));
    (db, diags)
}
