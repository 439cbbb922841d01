//! The `.db` parser: text to [`ast::File`] plus every diagnostic found.
//!
//! Parsing never fails: malformed lines produce diagnostics and are skipped,
//! and parsing resumes at the next line, so one run reports every problem.
//! This layer checks syntax only; meaning (edges, symbols, classes, values,
//! labels) is checked by [`crate::model::check`].

use super::ast::{
    Cell, ColonLine, Comment, Diagram, DiagramRow, Directive, ExprBlock, File, Item, PatternAst,
    Placement, ValueArg, ValueAst, Word,
};
use super::diagnostic::{Diagnostic, DiagnosticKind as K};
use super::lexer::{classify, words, LineKind};
use super::source::Source;
use crate::expr::{self, Context};

/// Parses a whole file. `file_name` is used in diagnostics.
pub fn parse_file(text: &str, file_name: &str) -> (File, Vec<Diagnostic>) {
    let src = Source::new(file_name, text);
    let mut p = Parser {
        src: &src,
        diags: Vec::new(),
        items: Vec::new(),
        current: None,
    };
    for n in 1..=src.line_count() {
        p.line(n);
    }
    p.finish_pattern();
    (File { items: p.items }, p.diags)
}

/// Where we are inside the current pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Header,
    Diagram,
    DiagramGap,
    Colon,
    ConstraintDiagram,
    ConstraintGap,
    Expressions,
}

struct Open {
    ast: PatternAst,
    /// Number of errors reported before the pattern began.
    errors_before: usize,
    stage: Stage,
    constraint_lines: Vec<Word>,
    action_lines: Vec<Word>,
}

struct Parser<'s, 'a> {
    src: &'s Source<'a>,
    diags: Vec<Diagnostic>,
    items: Vec<Item>,
    current: Option<Open>,
}

impl Parser<'_, '_> {
    fn line(&mut self, n: usize) {
        let text = self.src.line(n);
        match classify(text) {
            LineKind::Blank => self.blank(),
            LineKind::Comment => self.comment(n, text),
            LineKind::Header => self.header(n, text),
            LineKind::Directive => {
                self.finish_pattern();
                self.directive(n, text);
            }
            LineKind::Colon => self.colon(n, text),
            LineKind::Constraint => self.expr_line(n, text, true),
            LineKind::Action => self.expr_line(n, text, false),
            LineKind::Other => self.diagram_row(n, text),
        }
    }

    fn blank(&mut self) {
        if let Some(open) = &mut self.current {
            open.stage = match open.stage {
                Stage::Diagram => Stage::DiagramGap,
                Stage::ConstraintDiagram => Stage::ConstraintGap,
                s => s,
            };
        }
    }

    fn comment(&mut self, n: usize, text: &str) {
        let comment = Comment {
            text: text[1..].to_string(),
            span: self.src.line_span(n),
        };
        match &mut self.current {
            None => self.items.push(Item::Comment(comment)),
            Some(open) => {
                let placement = match open.stage {
                    Stage::Header => Placement::AfterHeader,
                    Stage::Diagram | Stage::DiagramGap => Placement::InDiagram,
                    Stage::Colon => Placement::AfterColon,
                    Stage::ConstraintDiagram | Stage::ConstraintGap => {
                        Placement::InConstraintDiagram
                    }
                    Stage::Expressions => Placement::AfterExpressions,
                };
                open.ast.comments.push((placement, comment));
            }
        }
    }

    fn header(&mut self, n: usize, text: &str) {
        self.finish_pattern();
        let errors_before = self.diags.len();
        let w = words(text);
        let header_span = self.src.line_span(n);
        let (name, name_span) = match w.get(1) {
            Some(&(col, word)) => (
                word.to_string(),
                self.src.span(n, col, word.chars().count()),
            ),
            None => {
                let len = text.trim_end().chars().count();
                self.diags.push(self.src.error(
                    K::BadPatternHeader,
                    self.src.span(n, len, 1),
                    "pattern header without a name",
                    Some("write `Pattern NAME`, the name being one word"),
                ));
                (String::new(), self.src.span(n, len, 1))
            }
        };
        if let Some(&(col, word)) = w.get(2) {
            self.diags.push(self.src.error(
                K::BadPatternHeader,
                self.src.span(n, col, word.chars().count()),
                "unexpected text after the pattern name",
                Some("pattern names are one word; put remarks on a `#` line"),
            ));
        }
        self.current = Some(Open {
            ast: PatternAst {
                name,
                name_span,
                header_span,
                comments: Vec::new(),
                diagram: Diagram::default(),
                colon: None,
                constraint_diagram: None,
                constraint: None,
                action: None,
                has_errors: false,
            },
            errors_before,
            stage: Stage::Header,
            constraint_lines: Vec::new(),
            action_lines: Vec::new(),
        });
    }

    fn directive(&mut self, n: usize, text: &str) {
        let w = words(text);
        let (col, name) = w[0];
        let args = w[1..]
            .iter()
            .map(|&(c, t)| Word {
                text: t.to_string(),
                span: self.src.span(n, c, t.chars().count()),
            })
            .collect();
        self.items.push(Item::Directive(Directive {
            name: name.to_string(),
            name_span: self.src.span(n, col, name.chars().count()),
            args,
            span: self.src.line_span(n),
        }));
    }

    fn diagram_row(&mut self, n: usize, text: &str) {
        let Some(open) = &mut self.current else {
            let len = text.trim_end().chars().count();
            self.diags.push(self.src.error(
                K::StrayLine,
                self.src.span(n, 0, len),
                "text outside any pattern",
                Some("start a pattern with `Pattern NAME`, or make the line a `#` comment"),
            ));
            return;
        };
        let src = self.src;
        let row = parse_row(src, n, text);
        if row.cells.is_empty() {
            self.diags.push(src.error(
                K::SplitDiagram,
                src.span(n, 0, 1),
                "diagram row starts with a blank",
                Some("diagram rows start in the first column"),
            ));
            return;
        }
        match open.stage {
            Stage::Header | Stage::Diagram => {
                open.ast.diagram.rows.push(row);
                open.stage = Stage::Diagram;
            }
            Stage::DiagramGap => {
                self.diags.push(src.error(
                    K::SplitDiagram,
                    row.span,
                    "diagram row after a blank line",
                    Some("a diagram is one block of rows; remove the blank line above"),
                ));
            }
            Stage::Colon | Stage::ConstraintDiagram => {
                open.ast
                    .constraint_diagram
                    .get_or_insert_with(Diagram::default)
                    .rows
                    .push(row);
                open.stage = Stage::ConstraintDiagram;
            }
            Stage::ConstraintGap => {
                self.diags.push(src.error(
                    K::SplitDiagram,
                    row.span,
                    "constraint diagram row after a blank line",
                    Some("a diagram is one block of rows; remove the blank line above"),
                ));
            }
            Stage::Expressions => {
                self.diags.push(src.error(
                    K::SplitDiagram,
                    row.span,
                    "diagram row after the constraint or action lines",
                    Some("the constraint diagram comes before the `;` and `>` lines"),
                ));
            }
        }
    }

    fn colon(&mut self, n: usize, text: &str) {
        let src = self.src;
        let Some(open) = &mut self.current else {
            self.diags.push(src.error(
                K::StrayLine,
                src.span(n, 0, 1),
                "colon line outside any pattern",
                Some("a colon line follows the diagram of a `Pattern NAME` block"),
            ));
            return;
        };
        if open.ast.colon.is_some() {
            let mut d = src.error(
                K::DuplicateColonLine,
                src.span(n, 0, 1),
                "second colon line in one pattern",
                Some("a pattern has exactly one colon line"),
            );
            if let Some(first) = &open.ast.colon {
                d.note = Some(src.note(first.span, "first colon line here"));
            }
            self.diags.push(d);
            return;
        }
        if open.ast.diagram.rows.is_empty() {
            self.diags.push(src.error(
                K::MissingDiagram,
                src.span(n, 0, 1),
                format!("pattern `{}` has no diagram", open.ast.name),
                Some("draw the diagram between the header and the colon line"),
            ));
        }
        let colon = parse_colon(src, n, text, &mut self.diags);
        open.ast.colon = Some(colon);
        open.stage = Stage::Colon;
    }

    fn expr_line(&mut self, n: usize, text: &str, constraint: bool) {
        let src = self.src;
        let Some(open) = &mut self.current else {
            self.diags.push(src.error(
                K::StrayLine,
                src.span(n, 0, 1),
                if constraint {
                    "constraint line outside any pattern"
                } else {
                    "action line outside any pattern"
                },
                Some("constraint and action lines belong after a pattern's colon line"),
            ));
            return;
        };
        if open.ast.colon.is_none() {
            self.diags.push(src.error(
                K::MissingColonLine,
                src.span(n, 0, 1),
                if constraint {
                    "constraint line before the colon line"
                } else {
                    "action line before the colon line"
                },
                Some("write the colon line (`:8,...`) right after the diagram"),
            ));
            return;
        }
        let body: String = text.chars().skip(1).collect();
        let word = Word {
            span: src.span(n, 1, body.chars().count()),
            text: body,
        };
        if constraint {
            open.constraint_lines.push(word);
        } else {
            open.action_lines.push(word);
        }
        open.stage = Stage::Expressions;
    }

    fn finish_pattern(&mut self) {
        let Some(mut open) = self.current.take() else {
            return;
        };
        if open.ast.colon.is_none() {
            self.diags.push(self.src.error(
                K::MissingColonLine,
                open.ast.header_span,
                format!("pattern `{}` has no colon line", open.ast.name),
                Some("add a line such as `:8,-` after the diagram"),
            ));
        }
        for (lines, ctx) in [
            (
                std::mem::take(&mut open.constraint_lines),
                Context::Constraint,
            ),
            (std::mem::take(&mut open.action_lines), Context::Action),
        ] {
            if lines.is_empty() {
                continue;
            }
            let expr = expr::parse_lines(self.src, &lines, ctx, &mut self.diags);
            let block = ExprBlock { lines, expr };
            match ctx {
                Context::Constraint => open.ast.constraint = Some(block),
                Context::Action => open.ast.action = Some(block),
            }
        }
        open.ast.has_errors = self.diags[open.errors_before..]
            .iter()
            .any(|d| d.is_error());
        self.items.push(Item::Pattern(Box::new(open.ast)));
    }
}

/// Splits a diagram line into symbols and side comment.
fn parse_row(src: &Source<'_>, n: usize, text: &str) -> DiagramRow {
    let mut cells = Vec::new();
    let mut rest_col = None;
    for (i, ch) in text.chars().enumerate() {
        if ch == ' ' || ch == '\t' {
            rest_col = Some(i);
            break;
        }
        cells.push(Cell {
            ch,
            span: src.span(n, i, 1),
        });
    }
    let comment = rest_col.and_then(|start| {
        let rest: String = text.chars().skip(start).collect();
        let lead = rest.chars().take_while(|c| *c == ' ' || *c == '\t').count();
        let body = rest.trim();
        (!body.is_empty()).then(|| Word {
            text: body.to_string(),
            span: src.span(n, start + lead, body.chars().count()),
        })
    });
    DiagramRow {
        span: src.span(n, 0, cells.len().max(1)),
        cells,
        comment,
    }
}

/// Splits the colon line into fields at top-level commas, returning each
/// field's trimmed text and 0-based column.
fn fields(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 1; // after ':'
    for i in 1..=chars.len() {
        let end = match chars.get(i) {
            None => true,
            Some('(') => {
                depth += 1;
                false
            }
            Some(')') => {
                depth -= 1;
                false
            }
            Some(',') => depth <= 0,
            Some(_) => false,
        };
        if end {
            let raw: String = chars[start.min(i)..i].iter().collect();
            let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
            out.push((start + lead, raw.trim().to_string()));
            start = i + 1;
        }
    }
    out
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Parses the colon line `:SYM,CLASSES,values...,helper`.
fn parse_colon(src: &Source<'_>, n: usize, text: &str, diags: &mut Vec<Diagnostic>) -> ColonLine {
    let mut colon = ColonLine {
        span: src.line_span(n),
        symmetry: None,
        classes: Vec::new(),
        values: Vec::new(),
        helper: None,
    };
    let fields = fields(text);
    let (sym_col, sym) = &fields[0];
    let mut sym_chars = sym.chars();
    match (sym_chars.next(), sym_chars.next()) {
        (Some(ch), None) => {
            colon.symmetry = Some(Cell {
                ch,
                span: src.span(n, *sym_col, 1),
            })
        }
        (None, _) => diags.push(src.error(
            K::BadSymmetry,
            src.span(n, *sym_col, 1),
            "missing symmetry after `:`",
            Some("the colon line starts with one of 8 | \\ / - + X O, e.g. `:8,-`"),
        )),
        _ => diags.push(src.error(
            K::BadSymmetry,
            src.span(n, *sym_col, sym.chars().count()),
            format!("symmetry field `{sym}` is not one character"),
            Some("the colon line starts with one of 8 | \\ / - + X O, then a comma"),
        )),
    }
    if let Some((col, classes)) = fields.get(1) {
        if classes.contains('(') {
            diags.push(src.error(
                K::UnknownClass,
                src.span(n, *col, classes.chars().count()),
                "missing class field before the values",
                Some("write the classes (or `-` for none) after the symmetry: `:8,-,value(1)`"),
            ));
        } else {
            colon.classes = classes
                .chars()
                .enumerate()
                .map(|(i, ch)| Cell {
                    ch,
                    span: src.span(n, col + i, 1),
                })
                .collect();
        }
    }
    for (col, field) in fields.iter().skip(2) {
        let col = *col;
        let len = field.chars().count().max(1);
        if field.is_empty() {
            diags.push(src.error(
                K::BadValue,
                src.span(n, col, 1),
                "empty field on the colon line",
                Some("remove the extra comma"),
            ));
            continue;
        }
        if is_ident(field) {
            if field == "NULL" {
                continue;
            }
            if let Some(prev) = &colon.helper {
                let mut d = src.error(
                    K::BadHelper,
                    src.span(n, col, len),
                    format!("second helper `{field}` on the colon line"),
                    Some("a pattern has at most one helper function"),
                );
                d.note = Some(src.note(prev.span, "first helper here"));
                diags.push(d);
                continue;
            }
            colon.helper = Some(Word {
                text: field.clone(),
                span: src.span(n, col, len),
            });
            continue;
        }
        match parse_value(src, n, col, field) {
            Ok(v) => colon.values.push(v),
            Err(d) => diags.push(*d),
        }
    }
    colon
}

/// Parses `name(arg)` starting at column `col`.
fn parse_value(
    src: &Source<'_>,
    n: usize,
    col: usize,
    field: &str,
) -> Result<ValueAst, Box<Diagnostic>> {
    let len = field.chars().count();
    let span = src.span(n, col, len);
    let bad = |msg: String| {
        src.error(
            K::BadValue,
            span,
            msg,
            Some("values are written `name(number)`, e.g. `value(35)` or `shape(-1.5)`"),
        )
    };
    let Some(open) = field.find('(') else {
        return Err(Box::new(bad(format!(
            "malformed field `{field}` on the colon line"
        ))));
    };
    let name = field[..open].trim_end();
    if !is_ident(name) {
        return Err(Box::new(bad(format!("malformed value name `{name}`"))));
    }
    if !field.ends_with(')') {
        let d = src.error(
            K::BadValue,
            src.span(n, col + len - 1, 1),
            format!("value `{name}` lacks its closing parenthesis"),
            Some("close the argument with `)`"),
        );
        return Err(Box::new(d));
    }
    let inner_raw = &field[open + 1..field.len() - 1];
    let inner = inner_raw.trim();
    let lead = inner_raw.chars().take_while(|c| c.is_whitespace()).count();
    let arg_col = col + field[..open + 1].chars().count() + lead;
    let arg_span = src.span(n, arg_col, inner.chars().count().max(1));
    let arg = if inner.len() == 1 && inner.chars().all(|c| c.is_ascii_alphabetic()) {
        ValueArg::Label {
            label: inner.chars().next().unwrap_or('?'),
            span: arg_span,
        }
    } else if let Some(value) = parse_number(inner) {
        ValueArg::Number {
            value,
            text: inner.to_string(),
            span: arg_span,
        }
    } else {
        return Err(Box::new(src.error(
            K::BadValue,
            arg_span,
            format!("`{inner}` is not a number"),
            Some("values take a number such as 35, -2 or 0.5 (or a label for threat values)"),
        )));
    };
    Ok(ValueAst {
        name: Word {
            text: name.to_string(),
            span: src.span(n, col, name.chars().count()),
        },
        arg,
        span,
    })
}

/// A decimal number: optional sign, digits, optional fraction (`.5` allowed).
pub(crate) fn parse_number(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    let ok = !body.is_empty()
        && body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.chars().filter(|c| *c == '.').count() <= 1
        && body.chars().any(|c| c.is_ascii_digit());
    if ok {
        s.parse().ok()
    } else {
        None
    }
}
