//! Evaluating a geometric match's constraint on a board, and tracing it:
//! the pattern author's view of why a match was accepted or rejected.
//!
//! [`match_bindings`] places a pattern's `*` and labels on the board for a
//! match (orientation and the point where diagram cell (0, 0) lands).
//! [`evaluate`] runs the constraint through [`PatternEval`] and classifies
//! the result as a [`Verdict`]: a value, or skipped because a function
//! needs analysis the engine does not have yet (dragons, eyes, influence),
//! never silently accepted.
//!
//! [`trace`] does the same while recording every autohelper call (its
//! arguments, result, reading nodes spent and, for attack and defence
//! readings, the code and move behind it), then gives the value of every
//! sub-expression as a tree. Sub-expression values are computed by the
//! patterns crate's own evaluator replaying the recorded calls, so the
//! trace has exactly the evaluator's semantics (short-circuits included:
//! a sub-expression whose calls were never made shows as not evaluated).

use katachi_board::{Board, Cell, Color, Point};
use katachi_patterns::expr::print::print;
use katachi_patterns::expr::{
    eval, Arg, Autohelper, Bindings, EvalError, Expr, ExprKind, Function, FunctionId, Value,
};
pub use katachi_patterns::matchers::place::{cell_point, match_bindings};
use katachi_patterns::model::Pattern;
use katachi_tactics::reading::{Code, Reader};

use crate::autohelper::{Context, PatternEval};

/// What a constraint came to.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The pattern has no constraint (`;` line).
    NoConstraint,
    /// The constraint's value (true when non-zero).
    Value(Value),
    /// A function the constraint needed is not implemented in the engine
    /// yet.
    Skipped(&'static str),
    /// A function the constraint needed is implemented, but the analysis
    /// stage it reads was not given to this evaluation.
    Unavailable {
        function: &'static str,
        stage: &'static str,
    },
    /// Evaluation failed for another reason (unbound label, ...).
    Failed(String),
}

impl Verdict {
    fn of(r: Result<Value, EvalError>) -> Verdict {
        match r {
            Ok(v) => Verdict::Value(v),
            Err(EvalError::Unsupported(f)) => Verdict::Skipped(f),
            Err(EvalError::Unavailable { function, stage }) => {
                Verdict::Unavailable { function, stage }
            }
            Err(e) => Verdict::Failed(e.to_string()),
        }
    }

    /// Whether the constraint holds: `None` when it has no value (no
    /// constraint counts as holding: `Some(true)`).
    pub fn holds(&self) -> Option<bool> {
        match self {
            Verdict::NoConstraint => Some(true),
            Verdict::Value(v) => v.truthy().ok(),
            _ => None,
        }
    }

    /// The raw value as a number, if there is one.
    pub fn number(&self) -> Option<f64> {
        match self {
            Verdict::Value(v) => v.number().ok(),
            _ => None,
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::NoConstraint => write!(f, "no constraint"),
            Verdict::Value(v) => {
                let t = if v.truthy().unwrap_or(false) {
                    "true"
                } else {
                    "false"
                };
                write!(f, "{t} ({})", value_text(*v))
            }
            Verdict::Skipped(n) => write!(f, "skipped: needs {n}"),
            Verdict::Unavailable { function, stage } => {
                write!(f, "skipped: {function} needs the {stage}")
            }
            Verdict::Failed(m) => write!(f, "error: {m}"),
        }
    }
}

/// A value as the language would print it: numbers, with truth values as
/// 0 and 1.
pub fn value_text(v: Value) -> String {
    match v {
        Value::Bool(b) => u8::from(b).to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(x) => format!("{x}"),
        Value::Unit => "(no value)".to_string(),
    }
}

/// Evaluates `p`'s constraint for a match, `o` being the colour of the
/// pattern's `O` stones. The reader's board must be the matched position.
pub fn evaluate(p: &Pattern, b: &Bindings<Point>, reader: &mut Reader, o: Color) -> Verdict {
    evaluate_in(p, b, reader, o, Context::default())
}

/// [`evaluate`] with the position's analyses `ctx` (cutting points, ...).
pub fn evaluate_in(
    p: &Pattern,
    b: &Bindings<Point>,
    reader: &mut Reader,
    o: Color,
    ctx: Context<'_>,
) -> Verdict {
    match &p.constraint {
        None => Verdict::NoConstraint,
        Some(e) => Verdict::of(eval(e, b, &mut PatternEval::with_context(reader, o, ctx))),
    }
}

/// The attack or defence reading behind a reading call.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadingNote {
    /// `attack` or `defend`.
    pub query: &'static str,
    /// The string read.
    pub target: Point,
    /// The moves played first (colour, point), illegal ones left out.
    pub played: Vec<(Color, Point)>,
    /// The reading's code.
    pub code: Code,
    /// The move achieving it, if any.
    pub mv: Option<Point>,
}

/// One autohelper call made while evaluating.
#[derive(Clone, Debug, PartialEq)]
pub struct CallNote {
    pub func: FunctionId,
    pub args: Vec<Arg<Point>>,
    pub result: Result<Value, EvalError>,
    /// Reading nodes the call spent (cache hits cost none).
    pub nodes: u64,
    /// For attack and defence readings: what the reading found.
    pub reading: Option<ReadingNote>,
}

/// What a sub-expression evaluated to.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeValue {
    Value(Value),
    /// A label or `*`: the point it stands for.
    Point(Point),
    /// `?` in a play sequence.
    Tenuki,
    /// Not evaluated (short-circuited by `&&`, `||` or `?:`).
    NotEvaluated,
    /// Evaluation failed (unsupported function, ...).
    Error(EvalError),
}

/// A sub-expression and its value, with its children.
#[derive(Clone, Debug)]
pub struct TraceNode {
    /// The sub-expression's canonical text.
    pub text: String,
    pub value: NodeValue,
    /// For calls: the recorded call (absent when not evaluated).
    pub call: Option<CallNote>,
    pub children: Vec<TraceNode>,
}

/// A traced evaluation.
#[derive(Clone, Debug)]
pub struct Trace {
    pub verdict: Verdict,
    /// `None` for a pattern without constraint.
    pub root: Option<TraceNode>,
    /// Every call in the order made.
    pub calls: Vec<CallNote>,
}

/// Records calls while delegating them to [`PatternEval`].
struct Recorder<'r> {
    reader: &'r mut Reader,
    o: Color,
    ctx: Context<'r>,
    calls: Vec<CallNote>,
}

impl Autohelper for Recorder<'_> {
    type Point = Point;

    fn call(&mut self, f: FunctionId, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        let before = self.reader.total().nodes;
        let result =
            PatternEval::with_context(self.reader, self.o, self.ctx).call(f.function(), args);
        let nodes = self.reader.total().nodes - before;
        let reading = if result.is_ok() {
            reading_behind(self.reader, self.o, f.function(), args)
        } else {
            None
        };
        self.calls.push(CallNote {
            func: f,
            args: args.to_vec(),
            result: result.clone(),
            nodes,
            reading,
        });
        result
    }
}

/// The attack or defence reading an `attack`, `defend`, `xplay_*` or
/// `oplay_*` (attack or defend) call rests on, asked again of the reader
/// (a cache hit) to learn its move. Follows the seed's rules as
/// [`PatternEval`] does: moves alternate from the named colour, `?` passes,
/// an occupied point or illegal move is skipped.
fn reading_behind(
    r: &mut Reader,
    o: Color,
    f: Function,
    args: &[Arg<Point>],
) -> Option<ReadingNote> {
    use Function as F;
    let (first, moves, target, attack) = match f {
        F::Attack | F::Defend => (o, &args[..0], args.first()?, f == F::Attack),
        F::XplayAttack | F::OplayAttack | F::XplayDefend | F::OplayDefend => {
            let first = if matches!(f, F::XplayAttack | F::XplayDefend) {
                o.opponent()
            } else {
                o
            };
            let (moves, t) = args.split_at(args.len().checked_sub(1)?);
            (
                first,
                moves,
                t.first()?,
                matches!(f, F::XplayAttack | F::OplayAttack),
            )
        }
        _ => return None,
    };
    let Arg::Point(t) = *target else { return None };
    let mut played = Vec::new();
    let mut c = first;
    for m in moves {
        if let Arg::Point(p) = *m {
            if r.board().cell(p) == Cell::Empty && r.push_move(c, p) {
                played.push((c, p));
            }
        }
        c = c.opponent();
    }
    let note = if r.board().cell(t).color().is_none() {
        None
    } else if attack {
        let a = r.attack(t);
        Some(("attack", a.code, a.mv))
    } else {
        let a = r.attack(t);
        if a.code.is_success() {
            let d = r.find_defense(t);
            Some(("defend", d.code, d.mv))
        } else {
            Some(("defend", Code::Win, None))
        }
    };
    for _ in &played {
        r.pop_move();
    }
    let (query, code, mv) = note?;
    Some(ReadingNote {
        query,
        target: t,
        played,
        code,
        mv,
    })
}

/// Answers calls from a record; flags any call it does not have.
struct Replay<'c> {
    calls: &'c [CallNote],
    missing: bool,
}

impl Replay<'_> {
    fn find(&self, f: FunctionId, args: &[Arg<Point>]) -> Option<&CallNote> {
        self.calls.iter().find(|c| c.func == f && c.args == args)
    }
}

impl Autohelper for Replay<'_> {
    type Point = Point;

    fn call(&mut self, f: FunctionId, args: &[Arg<Point>]) -> Result<Value, EvalError> {
        match self.find(f, args) {
            Some(c) => c.result.clone(),
            None => {
                self.missing = true;
                Err(EvalError::Engine("not evaluated".into()))
            }
        }
    }
}

/// Evaluates `p`'s constraint for a match and records the value of every
/// sub-expression and the calls behind them.
pub fn trace(p: &Pattern, b: &Bindings<Point>, reader: &mut Reader, o: Color) -> Trace {
    trace_in(p, b, reader, o, Context::default())
}

/// [`trace`] with the position's analyses `ctx` (cutting points, ...).
pub fn trace_in(
    p: &Pattern,
    b: &Bindings<Point>,
    reader: &mut Reader,
    o: Color,
    ctx: Context<'_>,
) -> Trace {
    let Some(e) = &p.constraint else {
        return Trace {
            verdict: Verdict::NoConstraint,
            root: None,
            calls: Vec::new(),
        };
    };
    let mut rec = Recorder {
        reader,
        o,
        ctx,
        calls: Vec::new(),
    };
    let verdict = Verdict::of(eval(e, b, &mut rec));
    let calls = rec.calls;
    let root = node(e, b, &calls);
    Trace {
        verdict,
        root: Some(root),
        calls,
    }
}

fn node(e: &Expr, b: &Bindings<Point>, calls: &[CallNote]) -> TraceNode {
    let point_of = |c: Option<char>| match c {
        Some(l) => b.labels.iter().find(|(n, _)| *n == l).map(|(_, p)| *p),
        None => b.move_point,
    };
    let mut call = None;
    let value = match &e.kind {
        ExprKind::Label(l) => {
            point_of(Some(*l)).map_or(NodeValue::Error(EvalError::Unbound(*l)), NodeValue::Point)
        }
        ExprKind::Move => {
            point_of(None).map_or(NodeValue::Error(EvalError::Unbound('*')), NodeValue::Point)
        }
        ExprKind::Tenuki => NodeValue::Tenuki,
        _ => {
            let mut replay = Replay {
                calls,
                missing: false,
            };
            let r = eval(e, b, &mut replay);
            if let ExprKind::Call { func, .. } = &e.kind {
                // The recorded call with these bound arguments, if made.
                let bound: Option<Vec<Arg<Point>>> = match &e.kind {
                    ExprKind::Call { args, .. } => args
                        .iter()
                        .map(|a| match a.kind {
                            ExprKind::Label(l) => point_of(Some(l)).map(Arg::Point),
                            ExprKind::Move => point_of(None).map(Arg::Point),
                            _ => Some(Arg::Tenuki),
                        })
                        .collect(),
                    _ => None,
                };
                call = bound.and_then(|a| replay.find(*func, &a).cloned());
            }
            match r {
                _ if replay.missing => NodeValue::NotEvaluated,
                Ok(v) => NodeValue::Value(v),
                Err(err) => NodeValue::Error(err),
            }
        }
    };
    let children = match &e.kind {
        ExprKind::Number { .. }
        | ExprKind::Const(_)
        | ExprKind::Label(_)
        | ExprKind::Move
        | ExprKind::Tenuki => Vec::new(),
        ExprKind::Call { args, .. } | ExprKind::Block(args) => {
            args.iter().map(|a| node(a, b, calls)).collect()
        }
        ExprKind::Unary { operand, .. } => vec![node(operand, b, calls)],
        ExprKind::Paren(x) | ExprKind::Return(x) => vec![node(x, b, calls)],
        ExprKind::Binary { lhs, rhs, .. } => vec![node(lhs, b, calls), node(rhs, b, calls)],
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => vec![
            node(cond, b, calls),
            node(then, b, calls),
            node(otherwise, b, calls),
        ],
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => {
            let mut v = vec![node(cond, b, calls), node(then, b, calls)];
            if let Some(o) = otherwise {
                v.push(node(o, b, calls));
            }
            v
        }
    };
    TraceNode {
        text: print(e),
        value,
        call,
        children,
    }
}

fn code_name(c: Code) -> &'static str {
    match c {
        Code::Fail => "0",
        Code::KoB => "KO_B",
        Code::KoA => "KO_A",
        Code::Win => "WIN",
    }
}

fn color_letter(c: Color) -> char {
    if c == Color::Black {
        'B'
    } else {
        'W'
    }
}

/// One line describing a reading: `attack D4 -> WIN at E5` (after the
/// moves played first, if any).
pub fn reading_text(n: &ReadingNote, board: &Board) -> String {
    let mut s = String::new();
    if !n.played.is_empty() {
        let seq: Vec<String> = n
            .played
            .iter()
            .map(|(c, p)| format!("{} {}", color_letter(*c), board.vertex(*p)))
            .collect();
        s.push_str(&format!("after {}: ", seq.join(", ")));
    }
    s.push_str(&format!(
        "{} {} -> {}",
        n.query,
        board.vertex(n.target),
        code_name(n.code)
    ));
    if let Some(m) = n.mv {
        s.push_str(&format!(" at {}", board.vertex(m)));
    }
    s
}

impl NodeValue {
    /// Short text: the value, the point, `?`, or why there is none.
    pub fn text(&self, board: &Board) -> String {
        match self {
            NodeValue::Value(v) => value_text(*v),
            NodeValue::Point(p) => board.vertex(*p),
            NodeValue::Tenuki => "tenuki".into(),
            NodeValue::NotEvaluated => "not evaluated".into(),
            NodeValue::Error(EvalError::Unsupported(f)) => format!("skipped: needs {f}"),
            NodeValue::Error(e) => format!("error: {e}"),
        }
    }
}

impl Trace {
    /// The tree as text, one sub-expression a line, indented by depth:
    /// `expr = value`, then for calls the nodes read and the reading.
    pub fn render(&self, board: &Board, indent: &str) -> String {
        let mut out = String::new();
        if let Some(r) = &self.root {
            render_node(r, board, indent, 0, &mut out);
        }
        out
    }
}

fn render_node(n: &TraceNode, board: &Board, indent: &str, depth: usize, out: &mut String) {
    // Points are shown with their call; literals need no line of their own.
    if matches!(n.value, NodeValue::Point(_) | NodeValue::Tenuki) {
        return;
    }
    out.push_str(indent);
    out.push_str(&"  ".repeat(depth));
    out.push_str(&format!("{} = {}", n.text, n.value.text(board)));
    if let Some(c) = &n.call {
        let pts: Vec<String> = n
            .children
            .iter()
            .filter_map(|ch| match ch.value {
                NodeValue::Point(p) => Some(format!("{}={}", ch.text, board.vertex(p))),
                _ => None,
            })
            .collect();
        if !pts.is_empty() {
            out.push_str(&format!("  [{}]", pts.join(" ")));
        }
        if c.nodes > 0 || c.reading.is_some() {
            out.push_str(&format!("  ({} nodes", c.nodes));
            if let Some(r) = &c.reading {
                out.push_str(&format!("; {}", reading_text(r, board)));
            }
            out.push(')');
        }
    }
    out.push('\n');
    for ch in &n.children {
        render_node(ch, board, indent, depth + 1, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_patterns::compile::Transform;
    use katachi_patterns::syntax::parse_db;
    use katachi_tactics::reading::ReadConfig;

    const DB: &str =
        "Pattern T1\n\n?X?\nO*O\n\n:8,-\n\n?A?\nb*c\n\n;attack(A) && (lib(b) > 5 || olib(*) > 1)\n";

    #[test]
    fn trace_gives_every_subexpression_and_the_reading() {
        let board = Board::from_ascii(
            ".........
             .........
             ..XXXX...
             .O.O.....
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("board");
        let (db, diags) = parse_db(DB, "t.db");
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        let p = &db.patterns[0];
        let v = |s: &str| board.parse_vertex(s).expect("vertex");
        let b = match_bindings(p, &board, Transform::IDENTITY, v("B7"));
        assert_eq!(b.move_point, Some(v("C6")));
        let mut r = Reader::new(board.clone(), ReadConfig::default());
        let t = trace(p, &b, &mut r, Color::White);
        // The X string at C7 (A) has nine liberties: no attack, so the
        // right side of && is never evaluated.
        assert_eq!(evaluate(p, &b, &mut r, Color::White), t.verdict);
        let text = t.render(&board, "");
        assert!(text.contains("attack(A) = 0  [A=C7]"), "{text}");
        assert!(
            text.contains("lib(b) > 5 || olib(*) > 1) = not evaluated"),
            "{text}"
        );
        assert_eq!(t.verdict, Verdict::Value(Value::Int(0)));
        assert_eq!(t.calls.len(), 1);
        assert_eq!(
            t.calls[0].reading.as_ref().map(|n| n.code),
            Some(Code::Fail)
        );
    }

    #[test]
    fn unsupported_functions_are_skipped_not_accepted() {
        let text = "Pattern T2\n\nO*\n\n:8,-\n\nA*\n\n;owl_lunch(A)\n";
        let (db, _) = parse_db(text, "t.db");
        let board = Board::from_ascii("...\n.O.\n...").expect("board");
        let p = &db.patterns[0];
        let b = match_bindings(
            p,
            &board,
            Transform::IDENTITY,
            board.parse_vertex("B2").unwrap(),
        );
        let mut r = Reader::new(board.clone(), ReadConfig::default());
        let v = evaluate(p, &b, &mut r, Color::White);
        assert_eq!(v, Verdict::Skipped("owl_lunch"));
        assert_eq!(v.holds(), None);
        let t = trace(p, &b, &mut r, Color::White);
        assert!(t.render(&board, "").contains("skipped: needs owl_lunch"));
    }
}
