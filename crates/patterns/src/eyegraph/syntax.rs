//! Eye-graph database text -> AST with spans.
//!
//! The format is the one of GNU Go's `patterns/eyes.db` as described in the
//! manual (eyes.texi, "Eye shape analysis" and "Eye local game values"):
//! `#` comment lines, then for each graph a `Pattern NAME` header, optional
//! `#` comments, a diagram of vertex symbols (with optional board-edge marks
//! `|`, `-`, `+`), and a colon line `:abcd` with the four-digit eye value.
//! This layer only splits the text and records where everything is; the
//! symbols and the shape are checked by [`super::model::check`]. Problems are
//! reported with the pattern parser's [`Diagnostic`] (file, line, column,
//! caret excerpt), and parsing never stops at the first one.

use crate::syntax::source::Source;
use crate::syntax::{Diagnostic, DiagnosticKind, Span};

/// One diagram row as written (trailing blanks removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// 1-based line number.
    pub line: usize,
    /// The row's characters.
    pub text: String,
}

/// One `Pattern` block of an eye-graph file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphAst {
    /// The name after `Pattern`.
    pub name: String,
    /// Where the name is (the header line if it is missing).
    pub name_span: Span,
    /// The `#` comment lines inside the block, without the `#`.
    pub comments: Vec<String>,
    /// The diagram rows.
    pub rows: Vec<Row>,
    /// The colon line's text after `:` and its span, if present.
    pub value: Option<(String, Span)>,
}

/// A whole eye-graph file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EyeFileAst {
    pub graphs: Vec<GraphAst>,
}

/// Characters that may appear in a diagram row.
pub(crate) fn is_diagram_char(c: char) -> bool {
    matches!(
        c,
        '.' | '*' | '<' | '>' | '!' | '@' | '$' | '(' | ')' | 'X' | 'x' | ' ' | '|' | '-' | '+'
    )
}

/// Splits `text` into pattern blocks. Returns the AST and the diagnostics of
/// this stage (stray lines, missing names, blank lines inside diagrams,
/// duplicate colon lines, text after the colon line).
pub fn parse_file(text: &str, file_name: &str) -> (EyeFileAst, Vec<Diagnostic>) {
    let src = Source::new(file_name, text);
    parse_source(&src)
}

pub(crate) fn parse_source(src: &Source<'_>) -> (EyeFileAst, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut file = EyeFileAst::default();
    // Whether the current block has seen a blank line after its diagram
    // started (a later row would split the diagram).
    let mut blank_after_rows = false;
    for n in 1..=src.line_count() {
        let raw = src.line(n);
        let line = raw.trim_end();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(g) = file.graphs.last_mut() {
                if g.value.is_none() {
                    g.comments.push(comment.to_string());
                }
            }
            continue;
        }
        if line.is_empty() {
            if let Some(g) = file.graphs.last() {
                if !g.rows.is_empty() {
                    blank_after_rows = true;
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("Pattern") {
            if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                let name = rest.trim();
                let lead = line.len() - rest.trim_start().len();
                let name_span = if name.is_empty() {
                    src.line_span(n)
                } else {
                    src.span(n, lead, name.chars().count())
                };
                if name.is_empty() {
                    diags.push(src.error(
                        DiagnosticKind::BadPatternHeader,
                        name_span,
                        "`Pattern` without a name",
                        Some("write `Pattern NAME`"),
                    ));
                } else if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    diags.push(src.error(
                        DiagnosticKind::BadPatternHeader,
                        name_span,
                        format!("pattern name {name:?} contains blanks or control characters"),
                        None,
                    ));
                }
                file.graphs.push(GraphAst {
                    name: name.to_string(),
                    name_span,
                    comments: Vec::new(),
                    rows: Vec::new(),
                    value: None,
                });
                blank_after_rows = false;
                continue;
            }
        }
        let Some(g) = file.graphs.last_mut() else {
            diags.push(src.error(
                DiagnosticKind::StrayLine,
                src.line_span(n),
                "line outside any pattern",
                Some("eye graphs start with `Pattern NAME`; comments start with `#`"),
            ));
            continue;
        };
        if let Some(rest) = line.strip_prefix(':') {
            let span = src.span(n, 1, rest.chars().count().max(1));
            if g.value.is_some() {
                diags.push(src.error(
                    DiagnosticKind::DuplicateColonLine,
                    src.line_span(n),
                    "second colon line in one pattern",
                    None,
                ));
            } else {
                g.value = Some((rest.to_string(), span));
            }
            continue;
        }
        if g.value.is_some() {
            diags.push(src.error(
                DiagnosticKind::StrayLine,
                src.line_span(n),
                "text after the colon line",
                Some("start a new graph with `Pattern NAME`, or comment the line with `#`"),
            ));
            continue;
        }
        if !g.rows.is_empty() && blank_after_rows {
            diags.push(src.error(
                DiagnosticKind::SplitDiagram,
                src.line_span(n),
                "a blank line splits this diagram",
                Some("remove the blank line inside the diagram"),
            ));
            blank_after_rows = false;
        }
        g.rows.push(Row {
            line: n,
            text: line.to_string(),
        });
    }
    (file, diags)
}
