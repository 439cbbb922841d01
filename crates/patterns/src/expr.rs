//! The constraint and action language (`;` and `>` lines).
//! (Transitional: the typed AST lands next; for now the joined text.)

use crate::syntax::ast::Word;
use crate::syntax::diagnostic::Diagnostic;
use crate::syntax::source::Source;

/// Where an expression appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// `;` lines: accept or reject a match.
    Constraint,
    /// `>` lines: effects after acceptance.
    Action,
}

/// A parsed constraint or action expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// The source text, until the typed AST replaces it.
    pub text: String,
}

/// Parses the joined `lines` of one constraint or action.
pub fn parse_lines(
    _src: &Source<'_>,
    lines: &[Word],
    _ctx: Context,
    _diags: &mut Vec<Diagnostic>,
) -> Option<Expr> {
    let text = lines
        .iter()
        .map(|l| l.text.trim())
        .collect::<Vec<_>>()
        .join(" ");
    Some(Expr { text })
}

impl Expr {
    /// Every label the expression refers to (`*` and `?` excluded), with
    /// the span of each use.
    pub fn labels(&self) -> Vec<(char, crate::syntax::Span)> {
        Vec::new()
    }
}
