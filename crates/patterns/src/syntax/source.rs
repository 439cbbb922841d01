//! A source file split into lines, turning (line, column) into spans and
//! building diagnostics that carry their own excerpt.

use super::diagnostic::{Diagnostic, DiagnosticKind, Note, Severity};
use super::span::{Position, Span};

/// Longest source line copied whole into a diagnostic.
pub const MAX_EXCERPT: usize = 200;

/// A `.db` text with its name and line table.
#[derive(Clone, Debug)]
pub struct Source<'a> {
    name: &'a str,
    /// Start offset and text (without line terminator) of each line, and
    /// for non-ASCII lines the byte offset of each character (for ASCII
    /// lines columns and byte offsets coincide), so that positions cost O(1)
    /// even on very long lines.
    lines: Vec<(usize, &'a str, Option<Vec<usize>>)>,
}

impl<'a> Source<'a> {
    /// Splits `text` into lines (`\n` or `\r\n` terminated).
    pub fn new(name: &'a str, text: &'a str) -> Source<'a> {
        let mut lines = Vec::new();
        let mut start = 0;
        for piece in text.split_inclusive('\n') {
            let body = piece.strip_suffix('\n').unwrap_or(piece);
            let body = body.strip_suffix('\r').unwrap_or(body);
            let offsets = (!body.is_ascii()).then(|| body.char_indices().map(|(b, _)| b).collect());
            lines.push((start, body, offsets));
            start += piece.len();
        }
        Source { name, lines }
    }

    /// The file name.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// Number of lines.
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// Text of 1-based line `n` (empty if out of range).
    pub fn line(&self, n: usize) -> &'a str {
        n.checked_sub(1)
            .and_then(|i| self.lines.get(i))
            .map_or("", |l| l.1)
    }

    /// Position of the character at 0-based character index `col` of line `n`
    /// (the end of the line if `col` is past it).
    pub fn pos(&self, n: usize, col: usize) -> Position {
        let Some((start, text, offsets)) = n.checked_sub(1).and_then(|i| self.lines.get(i)) else {
            return Position {
                offset: 0,
                line: n,
                column: col + 1,
            };
        };
        let byte = match offsets {
            None => col.min(text.len()),
            Some(o) => o.get(col).copied().unwrap_or(text.len()),
        };
        Position {
            offset: *start + byte,
            line: n,
            column: col + 1,
        }
    }

    /// Span of `len` characters from 0-based column `col` of line `n`.
    pub fn span(&self, n: usize, col: usize, len: usize) -> Span {
        Span::new(self.pos(n, col), self.pos(n, col + len))
    }

    /// Span of the whole of line `n` (at least one column wide).
    pub fn line_span(&self, n: usize) -> Span {
        let len = self.line(n).chars().count().max(1);
        self.span(n, 0, len)
    }

    /// A diagnostic at `span`.
    pub fn diag(
        &self,
        severity: Severity,
        kind: DiagnosticKind,
        span: Span,
        message: impl Into<String>,
        hint: Option<String>,
    ) -> Diagnostic {
        let (source_line, excerpt_start) = self.window(span);
        Diagnostic {
            severity,
            kind,
            file: self.name.to_string(),
            span,
            message: message.into(),
            hint,
            source_line,
            excerpt_start,
            note: None,
        }
    }

    /// An error at `span`.
    pub fn error(
        &self,
        kind: DiagnosticKind,
        span: Span,
        message: impl Into<String>,
        hint: Option<&str>,
    ) -> Diagnostic {
        self.diag(
            Severity::Error,
            kind,
            span,
            message,
            hint.map(str::to_string),
        )
    }

    /// A warning at `span`.
    pub fn warning(
        &self,
        kind: DiagnosticKind,
        span: Span,
        message: impl Into<String>,
        hint: Option<&str>,
    ) -> Diagnostic {
        self.diag(
            Severity::Warning,
            kind,
            span,
            message,
            hint.map(str::to_string),
        )
    }

    /// A note pointing at `span`, for [`Diagnostic::note`].
    pub fn note(&self, span: Span, message: impl Into<String>) -> Note {
        let (source_line, excerpt_start) = self.window(span);
        Note {
            span,
            message: message.into(),
            source_line,
            excerpt_start,
        }
    }

    /// The excerpt of the line `span` starts on: the whole line, or on lines
    /// longer than [`MAX_EXCERPT`] characters a window around the place
    /// (so that thousands of diagnostics on a huge line stay small), with
    /// the number of characters skipped at its left.
    fn window(&self, span: Span) -> (String, usize) {
        let line = self.line(span.start.line);
        if line.len() <= MAX_EXCERPT {
            return (line.to_string(), 0);
        }
        let skip = span.start.column.saturating_sub(1 + MAX_EXCERPT / 4);
        let from = self.pos(span.start.line, skip).offset;
        let to = self.pos(span.start.line, skip + MAX_EXCERPT).offset;
        let base = self.pos(span.start.line, 0).offset;
        (line[from - base..to - base].to_string(), skip)
    }
}
