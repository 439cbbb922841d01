//! Recursive-descent parser for constraints and actions.
//!
//! Grammar (C precedence; `*` and `?` in operand position are the move and
//! tenuki, after an operand they are multiplication and the conditional):
//!
//! ```text
//! action     := stmt (';' stmt)* ';'?
//! stmt       := 'if' '(' expr ')' stmt [';'] ['else' stmt] | 'return' expr | expr
//! constraint := expr
//! expr       := or ['?' expr ':' expr]
//! or         := and ('||' and)*        and := eq ('&&' eq)*
//! eq         := rel (('=='|'!=') rel)* rel := add (('<'|'<='|'>'|'>=') add)*
//! add        := mul (('+'|'-') mul)*   mul := unary (('*'|'/') unary)*
//! unary      := ('!'|'-') unary | primary
//! primary    := NUMBER | '(' expr ')' | NAME '(' [expr (',' expr)*] ')'
//!             | NAME | LABEL | '*' | '?'
//! ```
//!
//! Syntax errors abandon the expression (one report each); name, arity and
//! argument-kind errors are all reported and parsing continues.

use super::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use super::lexer::{lex, Tok, Token};
use super::registry::{lookup, lookup_const, suggest, ArgKind, Form, FunctionSpec, ResultKind};
use super::Context;
use crate::model::symbol_elem;
use crate::syntax::ast::Word;
use crate::syntax::diagnostic::{Diagnostic, DiagnosticKind as K};
use crate::syntax::source::Source;
use crate::syntax::span::Span;

/// Hint for a missing operand.
const OPERAND_HINT: &str =
    "an operand is a number, a label, `*`, a function call or a parenthesised expression";

/// Deepest nesting accepted (keeps recursion bounded on hostile input).
const MAX_DEPTH: usize = 100;

/// Parses the joined `lines` of one constraint or action. Returns `None`
/// if any error was reported.
pub fn parse_lines(
    src: &Source<'_>,
    lines: &[Word],
    ctx: Context,
    diags: &mut Vec<Diagnostic>,
) -> Option<Expr> {
    let tokens = lex(lines);
    let end_span = lines.last().map_or_else(Span::default, |l| {
        let mut s = l.span;
        s.start = s.end;
        s.end.column += 1;
        s
    });
    let mut p = Parser {
        src,
        tokens,
        pos: 0,
        depth: 0,
        errors: Vec::new(),
        end_span,
    };
    let result = match ctx {
        Context::Constraint => p.constraint(),
        Context::Action => p.action(),
    };
    if let (Ok(e), true) = (&result, p.errors.is_empty()) {
        check_values(src, e, ctx, true, &mut p.errors);
    }
    let ok = p.errors.is_empty();
    diags.append(&mut p.errors);
    match result {
        Ok(e) if ok => Some(e),
        _ => None,
    }
}

/// Marker: a syntax error was reported, abandon the expression.
struct Abort;

type PResult<T> = Result<T, Abort>;

struct Parser<'s, 'a> {
    src: &'s Source<'a>,
    tokens: Vec<Token>,
    pos: usize,
    depth: usize,
    errors: Vec<Diagnostic>,
    end_span: Span,
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    fn peek_at(&self, n: usize) -> Option<&Tok> {
        self.tokens.get(self.pos + n).map(|t| &t.tok)
    }

    fn span(&self) -> Span {
        self.tokens.get(self.pos).map_or(self.end_span, |t| t.span)
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    fn is_ident(&self, name: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(n)) if n == name)
    }

    fn bump(&mut self) -> Span {
        let s = self.span();
        self.pos += 1;
        s
    }

    fn error(&mut self, kind: K, span: Span, msg: String, hint: Option<&str>) {
        self.errors.push(self.src.error(kind, span, msg, hint));
    }

    fn describe(&self) -> String {
        match self.peek() {
            None => "the end of the expression".to_string(),
            Some(Tok::Number(_, t)) => format!("`{t}`"),
            Some(Tok::Ident(n)) => format!("`{n}`"),
            Some(Tok::Punct(p)) => format!("`{p}`"),
            Some(Tok::Bad(c)) => format!("`{c}`"),
        }
    }

    /// Reports "expected X, found Y" and aborts.
    fn expected<T>(&mut self, what: &str, hint: Option<&str>) -> PResult<T> {
        let span = self.span();
        if let Some(Tok::Bad(c)) = self.peek() {
            let c = *c;
            self.error(
                K::ExprToken,
                span,
                format!("unexpected character `{c}` in expression"),
                Some("expressions use C operators: ! && || == != < <= > >= + - * / ?: and parentheses"),
            );
            return Err(Abort);
        }
        let found = self.describe();
        self.error(
            K::ExprSyntax,
            span,
            format!("expected {what}, found {found}"),
            hint,
        );
        Err(Abort)
    }

    fn expect_punct(&mut self, p: &str, hint: Option<&str>) -> PResult<Span> {
        if self.is_punct(p) {
            Ok(self.bump())
        } else {
            self.expected(&format!("`{p}`"), hint)
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let span = self.span();
            self.error(
                K::ExprSyntax,
                span,
                format!("expression nested more than {MAX_DEPTH} levels deep"),
                Some("split the expression or remove redundant parentheses"),
            );
            return Err(Abort);
        }
        Ok(())
    }

    fn constraint(&mut self) -> PResult<Expr> {
        if self.peek().is_none() {
            return self.expected(
                "an expression",
                Some("an empty `;` line has nothing to test; remove it"),
            );
        }
        if self.is_ident("if") || self.is_ident("return") {
            let span = self.span();
            self.error(
                K::WrongContext,
                span,
                "statements are only allowed in actions (`>` lines)".to_string(),
                Some("a constraint is a single expression that accepts or rejects the match"),
            );
            return Err(Abort);
        }
        let e = self.expr()?;
        // A trailing `;` (C habit) is accepted.
        if self.is_punct(";") && self.peek_at(1).is_none() {
            self.bump();
        }
        if self.peek().is_some() {
            let hint = if self.is_punct(")") {
                Some("this `)` has no matching `(`")
            } else {
                Some("join the parts with an operator such as && or ||")
            };
            return self.expected("an operator or the end of the constraint", hint);
        }
        Ok(e)
    }

    fn action(&mut self) -> PResult<Expr> {
        let mut stmts = Vec::new();
        while self.peek().is_some() {
            if self.is_punct(";") {
                self.bump();
                continue;
            }
            stmts.push(self.stmt()?);
            if self.peek().is_some() && !self.is_punct(";") {
                return self.expected(
                    "`;` between statements",
                    Some("separate action statements with `;`"),
                );
            }
        }
        match stmts.len() {
            0 => {
                let span = self.end_span;
                self.error(
                    K::ExprSyntax,
                    span,
                    "empty action".to_string(),
                    Some("remove the empty `>` line"),
                );
                Err(Abort)
            }
            1 => Ok(stmts.remove(0)),
            _ => {
                let span = stmts[0].span.to(stmts[stmts.len() - 1].span);
                Ok(Expr {
                    kind: ExprKind::Block(stmts),
                    span,
                })
            }
        }
    }

    fn stmt(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.stmt_inner();
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self) -> PResult<Expr> {
        if self.is_ident("if") {
            let start = self.bump();
            self.expect_punct("(", Some("write `if (condition) statement`"))?;
            let cond = self.expr()?;
            self.expect_punct(")", Some("close the condition of `if`"))?;
            let then = self.stmt()?;
            let mut span = start.to(then.span);
            if self.is_punct(";") && matches!(self.peek_at(1), Some(Tok::Ident(n)) if n == "else") {
                self.bump();
            }
            let otherwise = if self.is_ident("else") {
                self.bump();
                let o = self.stmt()?;
                span = span.to(o.span);
                Some(Box::new(o))
            } else {
                None
            };
            return Ok(Expr {
                kind: ExprKind::If {
                    cond: Box::new(cond),
                    then: Box::new(then),
                    otherwise,
                },
                span,
            });
        }
        if self.is_ident("return") {
            let start = self.bump();
            let e = self.expr()?;
            let span = start.to(e.span);
            return Ok(Expr {
                kind: ExprKind::Return(Box::new(e)),
                span,
            });
        }
        if self.is_ident("else") {
            return self.expected("a statement", Some("`else` must follow an `if` statement"));
        }
        self.expr()
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.conditional();
        self.depth -= 1;
        r
    }

    fn conditional(&mut self) -> PResult<Expr> {
        let cond = self.binary(1)?;
        if !self.is_punct("?") {
            return Ok(cond);
        }
        self.bump();
        let then = self.expr()?;
        self.expect_punct(":", Some("a conditional is written `c ? a : b`"))?;
        let otherwise = self.expr()?;
        let span = cond.span.to(otherwise.span);
        Ok(Expr {
            kind: ExprKind::Conditional {
                cond: Box::new(cond),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            },
            span,
        })
    }

    fn binop(&self) -> Option<BinaryOp> {
        let Some(Tok::Punct(p)) = self.peek() else {
            return None;
        };
        Some(match *p {
            "||" => BinaryOp::Or,
            "&&" => BinaryOp::And,
            "==" => BinaryOp::Eq,
            "!=" => BinaryOp::Ne,
            "<" => BinaryOp::Lt,
            "<=" => BinaryOp::Le,
            ">" => BinaryOp::Gt,
            ">=" => BinaryOp::Ge,
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            _ => return None,
        })
    }

    /// Precedence climbing for left-associative binary operators.
    fn binary(&mut self, min_prec: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.binop() {
            if op.precedence() < min_prec {
                break;
            }
            self.bump();
            self.enter()?;
            let rhs = self.binary(op.precedence() + 1);
            self.depth -= 1;
            let rhs = rhs?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary {
                    op,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
                span,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let op = if self.is_punct("!") {
            UnaryOp::Not
        } else if self.is_punct("-") {
            UnaryOp::Neg
        } else {
            return self.primary();
        };
        let start = self.bump();
        self.enter()?;
        let operand = self.unary();
        self.depth -= 1;
        let operand = operand?;
        let span = start.to(operand.span);
        Ok(Expr {
            kind: ExprKind::Unary {
                op,
                operand: Box::new(operand),
            },
            span,
        })
    }

    fn primary(&mut self) -> PResult<Expr> {
        let span = self.span();
        let Some(tok) = self.peek().cloned() else {
            return self.expected("an operand", Some(OPERAND_HINT));
        };
        match tok {
            Tok::Number(value, text) => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Number { value, text },
                    span,
                })
            }
            Tok::Punct("(") => {
                self.bump();
                let inner = self.expr()?;
                let close = self.expect_punct(")", Some("this `(` is never closed"))?;
                Ok(Expr {
                    kind: ExprKind::Paren(Box::new(inner)),
                    span: span.to(close),
                })
            }
            Tok::Punct("*") => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Move,
                    span,
                })
            }
            Tok::Punct("?") => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Tenuki,
                    span,
                })
            }
            Tok::Ident(name) => {
                self.bump();
                self.name(name, span)
            }
            _ => self.expected("an operand", Some(OPERAND_HINT)),
        }
    }

    fn name(&mut self, name: String, span: Span) -> PResult<Expr> {
        if self.is_punct("(") {
            return self.call(name, span);
        }
        if matches!(name.as_str(), "if" | "else" | "return") {
            self.error(
                K::ExprSyntax,
                span,
                format!("`{name}` cannot appear inside an expression"),
                Some("statements stand alone in actions, separated by `;`"),
            );
            return Err(Abort);
        }
        if let Some(func) = lookup(&name) {
            let spec = func.spec();
            if spec.form == Form::Call {
                self.error(
                    K::WrongArity,
                    span,
                    format!("`{name}` is a function and needs its arguments"),
                    Some(&format!("call it as {}", spec.signature())),
                );
            }
            return Ok(Expr {
                kind: ExprKind::Call {
                    func,
                    args: Vec::new(),
                },
                span,
            });
        }
        if let Some(c) = lookup_const(&name) {
            return Ok(Expr {
                kind: ExprKind::Const(c),
                span,
            });
        }
        let mut chars = name.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if symbol_elem(c).is_none() {
                return Ok(Expr {
                    kind: ExprKind::Label(c),
                    span,
                });
            }
            self.error(
                K::UnknownLabel,
                span,
                format!("`{c}` is a diagram symbol, not a label"),
                Some("labels are letters other than O o X x Q Y; relabel the point in the constraint diagram"),
            );
            return Ok(Expr {
                kind: ExprKind::Label(c),
                span,
            });
        }
        let hint = suggest(&name).map(|s| format!("did you mean `{s}`?"));
        self.error(
            K::UnknownFunction,
            span,
            format!("unknown name `{name}`"),
            Some(
                hint.as_deref()
                    .unwrap_or("see the function and constant list in LANGUAGE.md"),
            ),
        );
        Ok(Expr {
            kind: ExprKind::Label('?'),
            span,
        })
    }

    fn call(&mut self, name: String, name_span: Span) -> PResult<Expr> {
        self.bump(); // (
        let mut args = Vec::new();
        if !self.is_punct(")") {
            loop {
                args.push(self.expr()?);
                if self.is_punct(",") {
                    self.bump();
                    continue;
                }
                break;
            }
        }
        let close = self.expect_punct(
            ")",
            Some("separate arguments with `,` and close the call with `)`"),
        )?;
        let span = name_span.to(close);
        let Some(func) = lookup(&name) else {
            let hint = suggest(&name).map(|s| format!("did you mean `{s}`?"));
            self.error(
                K::UnknownFunction,
                name_span,
                format!("unknown function `{name}`"),
                Some(
                    hint.as_deref()
                        .unwrap_or("see the function list in LANGUAGE.md"),
                ),
            );
            // Keep going: the arguments were parsed, the error is recorded.
            return Ok(Expr {
                kind: ExprKind::Tenuki,
                span,
            });
        };
        let spec = func.spec();
        if spec.form == Form::Variable {
            self.error(
                K::WrongArity,
                name_span,
                format!("`{name}` is a variable, not a function"),
                Some(&format!("write `{name}` without parentheses")),
            );
        } else if !spec.accepts(args.len()) {
            self.error(
                K::WrongArity,
                span,
                format!(
                    "`{name}` takes {} argument{}, found {}",
                    spec.arity(),
                    if spec.arity() == "1" { "" } else { "s" },
                    args.len()
                ),
                Some(&format!("signature: {}", spec.signature())),
            );
        } else {
            check_args(self.src, spec, &args, &mut self.errors);
        }
        Ok(Expr {
            kind: ExprKind::Call { func, args },
            span,
        })
    }
}

/// Checks each argument against the kind the function wants.
fn check_args(src: &Source<'_>, spec: &FunctionSpec, args: &[Expr], errors: &mut Vec<Diagnostic>) {
    let n = args.len();
    for (i, a) in args.iter().enumerate() {
        let want = spec.arg_kind(i, n);
        let ok = matches!(
            (&a.kind, want),
            (ExprKind::Label(_) | ExprKind::Move, _) | (ExprKind::Tenuki, ArgKind::Move)
        );
        if ok {
            continue;
        }
        let (msg, hint) = if matches!(a.kind, ExprKind::Tenuki) {
            (
                format!("tenuki `?` cannot be argument {} of `{}`", i + 1, spec.name),
                "`?` stands for a tenuki between the moves of a play sequence, never first or among the examined strings",
            )
        } else {
            (
                format!(
                    "argument {} of `{}` must be a label or `*`",
                    i + 1,
                    spec.name
                ),
                "autohelper functions take points: labels of the constraint diagram or `*`",
            )
        };
        errors.push(src.error(K::ArgumentKind, a.span, msg, Some(hint)));
    }
}

/// Reports effects used as values, effects in constraints, and stray `?`.
fn check_values(
    src: &Source<'_>,
    e: &Expr,
    ctx: Context,
    statement: bool,
    errors: &mut Vec<Diagnostic>,
) {
    match &e.kind {
        ExprKind::Call { func, args } => {
            let spec = func.spec();
            if spec.result == ResultKind::Unit {
                if ctx == Context::Constraint {
                    errors.push(src.error(
                        K::WrongContext,
                        e.span,
                        format!("`{}` is an action and cannot be used in a constraint", spec.name),
                        Some("move it to a `>` line"),
                    ));
                } else if !statement {
                    errors.push(src.error(
                        K::ArgumentKind,
                        e.span,
                        format!("`{}` has no value to compute with", spec.name),
                        Some("call it as a statement of its own"),
                    ));
                }
            }
            for a in args {
                if !matches!(a.kind, ExprKind::Tenuki) {
                    check_values(src, a, ctx, false, errors);
                }
            }
        }
        ExprKind::Tenuki => errors.push(src.error(
            K::ArgumentKind,
            e.span,
            "tenuki `?` outside a play sequence".to_string(),
            Some("`?` is only a move argument of the *play_* functions; a conditional is `c ? a : b`"),
        )),
        ExprKind::Number { .. } | ExprKind::Const(_) | ExprKind::Label(_) | ExprKind::Move => {}
        ExprKind::Unary { operand, .. } => check_values(src, operand, ctx, false, errors),
        ExprKind::Paren(inner) => check_values(src, inner, ctx, statement, errors),
        ExprKind::Binary { lhs, rhs, .. } => {
            check_values(src, lhs, ctx, false, errors);
            check_values(src, rhs, ctx, false, errors);
        }
        ExprKind::Conditional { cond, then, otherwise } => {
            check_values(src, cond, ctx, false, errors);
            check_values(src, then, ctx, statement, errors);
            check_values(src, otherwise, ctx, statement, errors);
        }
        ExprKind::Block(stmts) => {
            for s in stmts {
                check_values(src, s, ctx, true, errors);
            }
        }
        ExprKind::If { cond, then, otherwise } => {
            check_values(src, cond, ctx, false, errors);
            check_values(src, then, ctx, true, errors);
            if let Some(o) = otherwise {
                check_values(src, o, ctx, true, errors);
            }
        }
        ExprKind::Return(v) => check_values(src, v, ctx, false, errors),
    }
}
