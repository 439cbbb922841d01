//! The constraint and action language (`;` and `>` lines): typed AST
//! ([`ast`]), lexer and parser ([`parse`]), the autohelper function
//! registry ([`registry`]), the evaluation trait the engine implements
//! ([`eval`]) and the printer used by the formatter ([`print`]).

pub mod ast;
pub mod eval;
pub mod lexer;
pub mod parse;
pub mod print;
pub mod registry;

pub use ast::{BinaryOp, Expr, ExprKind, UnaryOp};
pub use eval::{eval, Arg, Autohelper, Bindings, EvalError, Value};
pub use parse::parse_lines;
pub use registry::{lookup, ConstId, Function, FunctionId, FunctionSpec, CONSTANTS, FUNCTIONS};

/// Where an expression appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// `;` lines: accept or reject a match.
    Constraint,
    /// `>` lines: effects after acceptance.
    Action,
}
