//! The constraint and action language (`;` and `>` lines): expression AST,
//! function registry and evaluation trait. (Placeholder until the language
//! front end lands: only the type the model refers to.)

/// A parsed constraint or action expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// The source text, until the typed AST replaces it.
    pub text: String,
}
