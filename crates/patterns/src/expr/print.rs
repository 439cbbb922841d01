//! Printing expressions back to canonical text: operators with single
//! spaces around them, arguments separated by `,`, parentheses exactly
//! where the source had them, statements separated by `; `.

use super::ast::{Expr, ExprKind, UnaryOp};

/// The canonical text of `e`, on one line.
pub fn print(e: &Expr) -> String {
    let mut out = String::new();
    write(e, &mut out);
    out
}

fn write(e: &Expr, out: &mut String) {
    match &e.kind {
        ExprKind::Number { text, .. } => out.push_str(text),
        ExprKind::Const(c) => out.push_str(c.name()),
        ExprKind::Label(c) => out.push(*c),
        ExprKind::Move => out.push('*'),
        ExprKind::Tenuki => out.push('?'),
        ExprKind::Call { func, args } => {
            out.push_str(func.name());
            if func.spec().form == super::registry::Form::Call {
                out.push('(');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(a, out);
                }
                out.push(')');
            }
        }
        ExprKind::Unary { op, operand } => {
            out.push(match op {
                UnaryOp::Not => '!',
                UnaryOp::Neg => '-',
            });
            write(operand, out);
        }
        ExprKind::Binary { op, lhs, rhs } => {
            write(lhs, out);
            out.push(' ');
            out.push_str(op.symbol());
            out.push(' ');
            write(rhs, out);
        }
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => {
            write(cond, out);
            out.push_str(" ? ");
            write(then, out);
            out.push_str(" : ");
            write(otherwise, out);
        }
        ExprKind::Paren(inner) => {
            out.push('(');
            write(inner, out);
            out.push(')');
        }
        ExprKind::Block(stmts) => {
            for (i, s) in stmts.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write(s, out);
                out.push(';');
            }
        }
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => {
            out.push_str("if (");
            write(cond, out);
            out.push_str(") ");
            write(then, out);
            if let Some(o) = otherwise {
                out.push_str("; else ");
                write(o, out);
            }
        }
        ExprKind::Return(v) => {
            out.push_str("return ");
            write(v, out);
        }
    }
}
