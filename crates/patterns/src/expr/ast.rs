//! The typed expression tree of constraints (`;`) and actions (`>`).
//!
//! Constraints are C-like expressions; actions may also be statements
//! (`if (...) stmt else stmt`, `return expr`, several separated by `;`).
//! Calls are resolved against the [registry](super::registry) at parse
//! time, so a tree only ever names known functions with a valid arity.
//!
//! Equality ignores spans: two trees are equal when they have the same
//! structure, wherever they were written (the formatter round trip relies
//! on it).

use serde::{Deserialize, Serialize};

use super::registry::{ConstId, FunctionId};
use crate::syntax::span::{Position, Span};

/// An expression (or, in actions, a statement) with its span.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Expr {
    pub kind: ExprKind,
    #[serde(with = "SpanDef")]
    pub span: Span,
}

/// Serde's mirror of [`Span`] (the syntax layer stays free of serde), so
/// that a deserialised tree still points at where it was written.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Span")]
struct SpanDef {
    #[serde(with = "PositionDef")]
    start: Position,
    #[serde(with = "PositionDef")]
    end: Position,
}

/// Serde's mirror of [`Position`].
#[derive(Serialize, Deserialize)]
#[serde(remote = "Position")]
struct PositionDef {
    offset: usize,
    line: usize,
    column: usize,
}

impl PartialEq for Expr {
    fn eq(&self, other: &Expr) -> bool {
        self.kind == other.kind
    }
}

/// What an expression is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ExprKind {
    /// A numeric literal, with the text as written (`.025`, `3`).
    Number { value: f64, text: String },
    /// A named constant (`WIN`, `ALIVE`, ...).
    Const(ConstId),
    /// A label of the constraint diagram.
    Label(char),
    /// `*`: the move.
    Move,
    /// `?` as a move argument: tenuki (a pass elsewhere on the board).
    Tenuki,
    /// A call of an autohelper function (or a variable such as
    /// `doing_scoring`, which has no parentheses and no arguments).
    Call { func: FunctionId, args: Vec<Expr> },
    /// `!e` or `-e`.
    Unary { op: UnaryOp, operand: Box<Expr> },
    /// `a op b`.
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `c ? a : b`.
    Conditional {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Box<Expr>,
    },
    /// `( e )`, kept so that the formatter prints what was written.
    Paren(Box<Expr>),
    /// Actions only: statements separated by `;`.
    Block(Vec<Expr>),
    /// Actions only: `if (cond) then [else otherwise]`.
    If {
        cond: Box<Expr>,
        then: Box<Expr>,
        otherwise: Option<Box<Expr>>,
    },
    /// Actions only: `return e`.
    Return(Box<Expr>),
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnaryOp {
    Not,
    Neg,
}

/// Infix operators, loosest first in precedence order: `||`, `&&`,
/// `== !=`, `< <= > >=`, `+ -`, `* /`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
        }
    }

    /// Binding strength: higher binds tighter.
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 1,
            BinaryOp::And => 2,
            BinaryOp::Eq | BinaryOp::Ne => 3,
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => 4,
            BinaryOp::Add | BinaryOp::Sub => 5,
            BinaryOp::Mul | BinaryOp::Div => 6,
        }
    }
}

impl Expr {
    /// Every label the expression uses (not `*` or `?`), with the span of
    /// each use, in source order.
    pub fn labels(&self) -> Vec<(char, Span)> {
        let mut out = Vec::new();
        self.walk(&mut |e| {
            if let ExprKind::Label(c) = e.kind {
                out.push((c, e.span));
            }
        });
        out
    }

    /// Every function called, in source order (with repeats).
    pub fn calls(&self) -> Vec<FunctionId> {
        let mut out = Vec::new();
        self.walk(&mut |e| {
            if let ExprKind::Call { func, .. } = e.kind {
                out.push(func);
            }
        });
        out
    }

    /// Visits this node and all its descendants, parents first.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Number { .. }
            | ExprKind::Const(_)
            | ExprKind::Label(_)
            | ExprKind::Move
            | ExprKind::Tenuki => {}
            ExprKind::Call { args, .. } | ExprKind::Block(args) => {
                args.iter().for_each(|a| a.walk(f))
            }
            ExprKind::Unary { operand, .. } => operand.walk(f),
            ExprKind::Paren(e) | ExprKind::Return(e) => e.walk(f),
            ExprKind::Binary { lhs, rhs, .. } => {
                lhs.walk(f);
                rhs.walk(f);
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                cond.walk(f);
                then.walk(f);
                otherwise.walk(f);
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                cond.walk(f);
                then.walk(f);
                if let Some(o) = otherwise {
                    o.walk(f);
                }
            }
        }
    }
}
