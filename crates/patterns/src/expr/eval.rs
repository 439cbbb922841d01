//! Evaluating constraints and actions against an engine.
//!
//! The pattern crate does not know the engine. An engine implements
//! [`Autohelper`]: it receives each call with its arguments already turned
//! into board points (labels bound through [`Bindings`]) and returns a
//! [`Value`]. The evaluator supplies C semantics around the calls:
//! numbers and truth values mix (`0` is false, anything else true), `&&`,
//! `||` and `?:` short-circuit (so a reading function on the right of `&&`
//! is only called when needed, as in GNU Go), comparisons yield 0 or 1.
//!
//! Usage, for a matched pattern with its labels mapped to board points:
//!
//! ```ignore
//! let bindings = Bindings::new(move_point).with_label('a', pa);
//! let accept = eval(&constraint, &bindings, &mut engine)?.truthy()?;
//! ```
//!
//! Actions are evaluated the same way; their statements run in order, and
//! the result is the value of the `return` executed (or `Value::Unit`).

use super::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use super::registry::{ConstId, FunctionId};

/// A value computed by an expression or returned by the engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Float(f64),
    /// The result of an effect (no value).
    Unit,
}

impl Value {
    /// The value as a number (`true` is 1).
    pub fn number(self) -> Result<f64, EvalError> {
        match self {
            Value::Bool(b) => Ok(f64::from(u8::from(b))),
            Value::Int(i) => Ok(i as f64),
            Value::Float(x) => Ok(x),
            Value::Unit => Err(EvalError::NoValue),
        }
    }

    /// C truth: non-zero is true.
    pub fn truthy(self) -> Result<bool, EvalError> {
        Ok(self.number()? != 0.0)
    }
}

/// An argument handed to the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg<P> {
    /// A board point (a label or `*`, already bound).
    Point(P),
    /// `?` in a play sequence: the side to move passes elsewhere.
    Tenuki,
}

/// Why evaluation failed.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalError {
    /// A label with no binding (the caller did not bind every label).
    Unbound(char),
    /// An effect's result was used as a number.
    NoValue,
    /// Division by zero.
    DivisionByZero,
    /// The engine does not implement this function (yet).
    Unsupported(&'static str),
    /// The engine implements this function, but the analysis stage it
    /// needs was not computed for this evaluation (say `weak` before the
    /// dragons exist). Distinct from [`EvalError::Unsupported`] so that a
    /// caller can count "not implemented" and "not available here" apart;
    /// neither is ever taken as a value.
    Unavailable {
        function: &'static str,
        stage: &'static str,
    },
    /// The engine failed for its own reason.
    Engine(String),
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Unbound(c) => write!(f, "label `{c}` is not bound to a point"),
            EvalError::NoValue => write!(f, "an effect was used as a value"),
            EvalError::DivisionByZero => write!(f, "division by zero"),
            EvalError::Unsupported(n) => write!(f, "the engine does not implement `{n}`"),
            EvalError::Unavailable { function, stage } => {
                write!(f, "`{function}` needs the {stage} stage, not computed here")
            }
            EvalError::Engine(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for EvalError {}

/// The engine side of the language: what each autohelper function means.
pub trait Autohelper {
    /// The engine's board point type.
    type Point: Copy;

    /// Calls function `f` (see [`FunctionId::spec`] for its name, arity and
    /// kinds; arity and argument kinds were checked at parse time).
    fn call(&mut self, f: FunctionId, args: &[Arg<Self::Point>]) -> Result<Value, EvalError>;

    /// The value of a named constant; the registry's default unless the
    /// engine uses other codes.
    fn constant(&self, c: ConstId) -> Value {
        Value::Int(c.spec().value)
    }
}

/// Label to board point binding for one match.
#[derive(Clone, Debug)]
pub struct Bindings<P> {
    /// The point of `*` (`None` for patterns without a move).
    pub move_point: Option<P>,
    /// `(label, point)` pairs: for each label, the point of its first cell
    /// (see [`crate::model::Label::cells`]) under the match's transform.
    pub labels: Vec<(char, P)>,
}

impl<P: Copy> Bindings<P> {
    /// Bindings with the move at `move_point` and no labels yet.
    pub fn new(move_point: Option<P>) -> Self {
        Bindings {
            move_point,
            labels: Vec::new(),
        }
    }

    /// Adds a label binding.
    pub fn with_label(mut self, label: char, point: P) -> Self {
        self.labels.push((label, point));
        self
    }

    fn label(&self, c: char) -> Result<P, EvalError> {
        self.labels
            .iter()
            .find(|(l, _)| *l == c)
            .map(|(_, p)| *p)
            .ok_or(EvalError::Unbound(c))
    }

    fn move_point(&self) -> Result<P, EvalError> {
        self.move_point.ok_or(EvalError::Unbound('*'))
    }
}

/// Control flow inside actions.
enum Flow {
    Normal(Value),
    Return(Value),
}

/// Evaluates a constraint or action.
pub fn eval<H: Autohelper>(
    e: &Expr,
    b: &Bindings<H::Point>,
    h: &mut H,
) -> Result<Value, EvalError> {
    match exec(e, b, h)? {
        Flow::Return(v) => Ok(v),
        Flow::Normal(v) => Ok(
            if matches!(e.kind, ExprKind::Block(_) | ExprKind::If { .. }) {
                Value::Unit
            } else {
                v
            },
        ),
    }
}

fn exec<H: Autohelper>(e: &Expr, b: &Bindings<H::Point>, h: &mut H) -> Result<Flow, EvalError> {
    match &e.kind {
        ExprKind::Block(stmts) => {
            for s in stmts {
                if let Flow::Return(v) = exec(s, b, h)? {
                    return Ok(Flow::Return(v));
                }
            }
            Ok(Flow::Normal(Value::Unit))
        }
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => {
            if value(cond, b, h)?.truthy()? {
                exec(then, b, h)
            } else if let Some(o) = otherwise {
                exec(o, b, h)
            } else {
                Ok(Flow::Normal(Value::Unit))
            }
        }
        ExprKind::Return(v) => Ok(Flow::Return(value(v, b, h)?)),
        _ => Ok(Flow::Normal(value(e, b, h)?)),
    }
}

fn bool_value(x: bool) -> Value {
    Value::Int(i64::from(x))
}

fn value<H: Autohelper>(e: &Expr, b: &Bindings<H::Point>, h: &mut H) -> Result<Value, EvalError> {
    Ok(match &e.kind {
        ExprKind::Number { value, .. } => {
            if value.fract() == 0.0 && value.abs() < 1e15 {
                Value::Int(*value as i64)
            } else {
                Value::Float(*value)
            }
        }
        ExprKind::Const(c) => h.constant(*c),
        // A bare point has no numeric value in the language.
        ExprKind::Label(_) | ExprKind::Move | ExprKind::Tenuki => return Err(EvalError::NoValue),
        ExprKind::Call { func, args } => {
            let mut bound = Vec::with_capacity(args.len());
            for a in args {
                bound.push(match a.kind {
                    ExprKind::Label(c) => Arg::Point(b.label(c)?),
                    ExprKind::Move => Arg::Point(b.move_point()?),
                    _ => Arg::Tenuki,
                });
            }
            h.call(*func, &bound)?
        }
        ExprKind::Paren(inner) => value(inner, b, h)?,
        ExprKind::Unary { op, operand } => {
            let v = value(operand, b, h)?;
            match op {
                UnaryOp::Not => bool_value(!v.truthy()?),
                UnaryOp::Neg => match v {
                    Value::Int(i) => Value::Int(-i),
                    other => Value::Float(-other.number()?),
                },
            }
        }
        ExprKind::Binary { op, lhs, rhs } => binary(*op, lhs, rhs, b, h)?,
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => {
            if value(cond, b, h)?.truthy()? {
                value(then, b, h)?
            } else {
                value(otherwise, b, h)?
            }
        }
        ExprKind::Block(_) | ExprKind::If { .. } | ExprKind::Return(_) => match exec(e, b, h)? {
            Flow::Normal(v) | Flow::Return(v) => v,
        },
    })
}

fn binary<H: Autohelper>(
    op: BinaryOp,
    lhs: &Expr,
    rhs: &Expr,
    b: &Bindings<H::Point>,
    h: &mut H,
) -> Result<Value, EvalError> {
    match op {
        BinaryOp::And => {
            return Ok(bool_value(
                value(lhs, b, h)?.truthy()? && value(rhs, b, h)?.truthy()?,
            ))
        }
        BinaryOp::Or => {
            return Ok(bool_value(
                value(lhs, b, h)?.truthy()? || value(rhs, b, h)?.truthy()?,
            ))
        }
        _ => {}
    }
    let (l, r) = (value(lhs, b, h)?, value(rhs, b, h)?);
    if let (Value::Int(x), Value::Int(y)) = (as_int(l), as_int(r)) {
        return Ok(match op {
            BinaryOp::Add => Value::Int(x.wrapping_add(y)),
            BinaryOp::Sub => Value::Int(x.wrapping_sub(y)),
            BinaryOp::Mul => Value::Int(x.wrapping_mul(y)),
            BinaryOp::Div => {
                if y == 0 {
                    return Err(EvalError::DivisionByZero);
                }
                Value::Int(x.wrapping_div(y))
            }
            _ => bool_value(compare(op, x as f64, y as f64)),
        });
    }
    let (x, y) = (l.number()?, r.number()?);
    Ok(match op {
        BinaryOp::Add => Value::Float(x + y),
        BinaryOp::Sub => Value::Float(x - y),
        BinaryOp::Mul => Value::Float(x * y),
        BinaryOp::Div => {
            if y == 0.0 {
                return Err(EvalError::DivisionByZero);
            }
            Value::Float(x / y)
        }
        _ => bool_value(compare(op, x, y)),
    })
}

fn as_int(v: Value) -> Value {
    match v {
        Value::Bool(b) => Value::Int(i64::from(b)),
        other => other,
    }
}

fn compare(op: BinaryOp, x: f64, y: f64) -> bool {
    match op {
        BinaryOp::Eq => x == y,
        BinaryOp::Ne => x != y,
        BinaryOp::Lt => x < y,
        BinaryOp::Le => x <= y,
        BinaryOp::Gt => x > y,
        _ => x >= y,
    }
}
