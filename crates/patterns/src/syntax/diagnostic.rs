//! Structured diagnostics: what went wrong, where, and how to fix it.
//!
//! A [`Diagnostic`] carries a severity, a documented [`DiagnosticKind`], the
//! file name, a [`Span`], a one-line message, an optional hint and the text
//! of the source line, so that it renders on its own (no source needed):
//!
//! ```text
//! error: unknown diagram symbol 'Z'
//!   --> shapes.db:12:3
//!    |
//! 12 | .Z*
//!    |  ^
//!    = hint: diagram symbols are . , ! * ? O X o x Q Y and edge marks | - +
//! ```
//!
//! Parsing never stops at the first problem: every stage returns its result
//! together with all the diagnostics it found.

use std::fmt;

use super::span::Span;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Suspicious but usable: the pattern is still loaded.
    Warning,
    /// The input is malformed: the pattern (or file) is not loaded.
    Error,
}

/// The kind of problem, one variant per distinct check. Message tests match
/// on these; new kinds may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// A line outside any pattern that is neither a comment nor a directive.
    StrayLine,
    /// `Pattern` without a name, or a name with odd characters.
    BadPatternHeader,
    /// A file directive with an unknown name or a bad argument.
    BadDirective,
    /// A pattern with no diagram rows.
    MissingDiagram,
    /// A pattern with no colon line.
    MissingColonLine,
    /// Two colon lines in one pattern.
    DuplicateColonLine,
    /// A character that is no diagram symbol.
    UnknownSymbol,
    /// Rows of different widths.
    RaggedRows,
    /// Edge marks in a wrong place or inconsistent.
    BadEdge,
    /// More than one `*` in a diagram.
    DuplicateMove,
    /// A blank line or stray text splits a diagram.
    SplitDiagram,
    /// Symmetry character missing or unknown.
    BadSymmetry,
    /// An unknown class letter.
    UnknownClass,
    /// A malformed or unknown value on the colon line.
    BadValue,
    /// A malformed helper name.
    BadHelper,
    /// The constraint diagram's shape differs from the main diagram.
    ConstraintDiagramShape,
    /// A label on a cell of the main diagram that does not allow it.
    LabelMismatch,
    /// `;` or `>` lines referring to labels with no constraint diagram.
    ConstraintWithoutDiagram,
    /// A label defined twice on cells that are not one string.
    LabelNotContiguous,
    /// Lexical error in a constraint or action.
    ExprToken,
    /// Syntax error in a constraint or action.
    ExprSyntax,
    /// Unknown function or constant.
    UnknownFunction,
    /// Wrong number of arguments.
    WrongArity,
    /// Argument of the wrong kind (label where a number is wanted...).
    ArgumentKind,
    /// A label used in an expression that the constraint diagram lacks.
    UnknownLabel,
    /// A label of the constraint diagram never used (warning).
    UnusedLabel,
    /// An action-only function in a constraint (or `return`, `if` there).
    WrongContext,
    /// The claimed symmetry does not hold for the diagram (warning).
    SymmetryNotHeld,
    /// The diagram has a symmetry that is not claimed (warning).
    SymmetryUnclaimed,
    /// Two patterns with the same name (warning).
    DuplicateName,
    /// Two patterns with the same diagram, classes and constraint (warning).
    DuplicatePattern,
    /// A class letter that means nothing in this kind of database (warning).
    ClassUnused,
    /// A Monte Carlo (`mc_*.db`) diagram that is not 3x3 with the move at
    /// its centre.
    BadMcDiagram,
    /// An unknown or contradictory property on a Monte Carlo colon line.
    BadProperty,
}

/// One problem found in a `.db` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub kind: DiagnosticKind,
    /// The file name as given to the parser.
    pub file: String,
    /// Where the problem is.
    pub span: Span,
    /// The one-line reason.
    pub message: String,
    /// How to fix it, when there is an obvious way.
    pub hint: Option<String>,
    /// The text of the line `span` starts on (for the excerpt); on very long
    /// lines only a window around the place, see `excerpt_start`.
    pub source_line: String,
    /// How many characters of the line precede `source_line` (0 unless the
    /// line was clipped).
    pub excerpt_start: usize,
    /// A secondary place ("first defined here"), with its line text.
    pub note: Option<Note>,
}

/// A secondary place a diagnostic refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub span: Span,
    pub message: String,
    pub source_line: String,
    /// Characters of the line preceding `source_line`.
    pub excerpt_start: usize,
}

impl Diagnostic {
    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:column`.
    pub fn location(&self) -> String {
        format!(
            "{}:{}:{}",
            self.file, self.span.start.line, self.span.start.column
        )
    }
}

/// Writes `line | text` and a caret line under `span` (clipped to the line).
fn excerpt(f: &mut fmt::Formatter<'_>, span: &Span, text: &str, skipped: usize) -> fmt::Result {
    let num = span.start.line.to_string();
    let pad = " ".repeat(num.len());
    writeln!(f, "{pad} |")?;
    let shown: String = text
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    writeln!(f, "{num} | {shown}")?;
    let col = span.start.column.saturating_sub(skipped).max(1);
    let end = span.end.column.saturating_sub(skipped);
    let width = if span.end.line == span.start.line && end > col {
        (end - col).min(text.chars().count().saturating_sub(col - 1).max(1))
    } else {
        1
    };
    write!(f, "{pad} | {}{}", " ".repeat(col - 1), "^".repeat(width))
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        writeln!(f, "{sev}: {}", self.message)?;
        let num_width = self.span.start.line.to_string().len();
        writeln!(f, "{}--> {}", " ".repeat(num_width), self.location())?;
        excerpt(f, &self.span, &self.source_line, self.excerpt_start)?;
        if let Some(note) = &self.note {
            writeln!(f)?;
            writeln!(
                f,
                "{}= note: {} ({}:{}:{})",
                " ".repeat(num_width + 1),
                note.message,
                self.file,
                note.span.start.line,
                note.span.start.column
            )?;
            excerpt(f, &note.span, &note.source_line, note.excerpt_start)?;
        }
        if let Some(hint) = &self.hint {
            writeln!(f)?;
            write!(f, "{}= hint: {hint}", " ".repeat(num_width + 1))?;
        }
        Ok(())
    }
}
