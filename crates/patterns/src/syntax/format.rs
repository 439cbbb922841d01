//! The canonical text of a parsed file (`katachi patterns fmt`).
//!
//! Layout: one blank line between items (consecutive comments and
//! consecutive directives stay together); inside a pattern the header, its
//! comments, a blank line, the diagram rows with side comments aligned four
//! columns after the widest row, the diagram's comments, a blank line, the
//! colon line (`:SYM,CLASSES,values...,helper` without spaces), then, if
//! present, a blank line and the constraint diagram, a blank line and one
//! `;` line and one `>` line with the expressions printed canonically.
//! Formatting is idempotent and `parse(fmt(parse(f))) == parse(f)` for every
//! file that parses without errors.

use super::ast::{
    ColonLine, Comment, Diagram, ExprBlock, File, Item, PatternAst, Placement, ValueArg,
};
use crate::expr::print::print;

/// The canonical text of `file`.
pub fn format_file(file: &File) -> String {
    let mut out = String::new();
    let mut prev: Option<&Item> = None;
    for item in &file.items {
        if let Some(p) = prev {
            let together = matches!(
                (p, item),
                (Item::Comment(_), Item::Comment(_)) | (Item::Directive(_), Item::Directive(_))
            );
            if !together {
                out.push('\n');
            }
        }
        match item {
            Item::Comment(c) => comment(&mut out, c),
            Item::Directive(d) => {
                out.push_str(&d.name);
                for a in &d.args {
                    out.push(' ');
                    out.push_str(&a.text);
                }
                out.push('\n');
            }
            Item::Pattern(p) => pattern(&mut out, p),
        }
        prev = Some(item);
    }
    out
}

fn comment(out: &mut String, c: &Comment) {
    out.push('#');
    out.push_str(c.text.trim_end());
    out.push('\n');
}

fn comments(out: &mut String, p: &PatternAst, place: Placement) {
    for (_, c) in p.comments.iter().filter(|(pl, _)| *pl == place) {
        comment(out, c);
    }
}

fn diagram(out: &mut String, d: &Diagram) {
    let width = d.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    for row in &d.rows {
        let text = row.text();
        out.push_str(&text);
        if let Some(c) = &row.comment {
            out.push_str(&" ".repeat(width - row.cells.len() + 4));
            out.push_str(&c.text);
        }
        out.push('\n');
    }
}

/// The canonical colon line (without newline).
pub fn colon_line(c: &ColonLine) -> String {
    let mut s = String::from(":");
    if let Some(sym) = c.symmetry {
        s.push(sym.ch);
    }
    let has_more = !c.values.is_empty() || c.helper.is_some();
    if !c.classes.is_empty() || has_more {
        s.push(',');
        s.extend(c.classes.iter().map(|c| c.ch));
    }
    for v in &c.values {
        s.push(',');
        s.push_str(&v.name.text);
        s.push('(');
        match &v.arg {
            ValueArg::Number { text, .. } => s.push_str(text),
            ValueArg::Label { label, .. } => s.push(*label),
        }
        s.push(')');
    }
    if let Some(h) = &c.helper {
        s.push(',');
        s.push_str(&h.text);
    }
    s
}

fn block(out: &mut String, prefix: char, b: &ExprBlock) {
    match &b.expr {
        Some(e) => {
            out.push(prefix);
            out.push_str(&print(e));
            out.push('\n');
        }
        None => {
            for l in &b.lines {
                out.push(prefix);
                out.push_str(l.text.trim_end());
                out.push('\n');
            }
        }
    }
}

fn pattern(out: &mut String, p: &PatternAst) {
    out.push_str("Pattern ");
    out.push_str(&p.name);
    out.push('\n');
    comments(out, p, Placement::AfterHeader);
    out.push('\n');
    diagram(out, &p.diagram);
    comments(out, p, Placement::InDiagram);
    if let Some(c) = &p.colon {
        out.push('\n');
        out.push_str(&colon_line(c));
        out.push('\n');
    }
    comments(out, p, Placement::AfterColon);
    if let Some(cd) = &p.constraint_diagram {
        out.push('\n');
        diagram(out, cd);
    }
    comments(out, p, Placement::InConstraintDiagram);
    if p.constraint.is_some() || p.action.is_some() {
        out.push('\n');
    }
    if let Some(b) = &p.constraint {
        block(out, ';', b);
    }
    if let Some(b) = &p.action {
        block(out, '>', b);
    }
    comments(out, p, Placement::AfterExpressions);
}
