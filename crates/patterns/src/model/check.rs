//! The checker: syntax tree to [`PatternDb`], with every semantic check.
//!
//! Errors drop the pattern (the rest of the file still loads); warnings
//! keep it. Checks beyond what GNU Go's own compiler does: unknown class
//! letters and values, label placement and shape of the constraint diagram,
//! labels used but not defined or defined but not used, symmetry claims that
//! do not hold or are weaker than the diagram allows, duplicate names and
//! duplicate patterns.

use std::collections::HashMap;

use super::classes::class_info;
use super::geometry::{grid, Grid};
use super::symbols::{is_label, symbol_elem, SYMBOLS};
use super::symmetry::{orientations, symmetry_char, symmetry_from_char, Shape};
use super::{DiagramCell, Elem, Label, Pattern, PatternDb, Symmetry, Value, ValueArg, ValueKind};
use crate::syntax::ast::{self, Directive, Item, PatternAst};
use crate::syntax::diagnostic::{Diagnostic, DiagnosticKind as K};
use crate::syntax::source::Source;
use crate::syntax::span::Span;

/// The `attribute_map` values the corpus uses.
pub const ATTRIBUTE_MAPS: [&str; 5] =
    ["none", "general", "value_only", "owl_attack", "owl_defense"];

/// Checks a parsed file. `text` and `file_name` must be those it was parsed
/// from (for excerpts).
pub fn check(file: &ast::File, text: &str, file_name: &str) -> (PatternDb, Vec<Diagnostic>) {
    let src = Source::new(file_name, text);
    let mut diags = Vec::new();
    let mut db = PatternDb {
        name: db_name(file_name),
        ..PatternDb::default()
    };
    let mut callback_data = String::new();
    let mut names: HashMap<String, Span> = HashMap::new();
    let mut shapes: HashMap<String, (String, Span)> = HashMap::new();
    for item in &file.items {
        match item {
            Item::Comment(_) => {}
            Item::Directive(d) => directive(&src, d, &mut db, &mut callback_data, &mut diags),
            Item::Pattern(p) => {
                if !p.name.is_empty() {
                    if let Some(first) = names.get(&p.name) {
                        let mut d = src.warning(
                            K::DuplicateName,
                            p.name_span,
                            format!("duplicate pattern name `{}`", p.name),
                            Some("give each pattern its own name so traces are unambiguous"),
                        );
                        d.note = Some(src.note(*first, "first used here"));
                        diags.push(d);
                    } else {
                        names.insert(p.name.clone(), p.name_span);
                    }
                }
                if let Some(pat) = check_pattern(&src, p, &callback_data, &mut diags) {
                    let key = duplicate_key(&pat, p);
                    if let Some((first_name, first_span)) = shapes.get(&key) {
                        let mut d = src.warning(
                            K::DuplicatePattern,
                            p.name_span,
                            format!(
                                "pattern `{}` repeats `{first_name}`: same diagram, classes and constraint",
                                p.name
                            ),
                            Some("remove one of them; matching both counts the same shape twice"),
                        );
                        d.note = Some(src.note(*first_span, "the same pattern here"));
                        diags.push(d);
                    } else {
                        shapes.insert(key, (p.name.clone(), p.name_span));
                    }
                    db.patterns.push(pat);
                }
            }
        }
    }
    (db, diags)
}

/// The database name: the file name without directories and extension.
fn db_name(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    base.strip_suffix(".db").unwrap_or(base).to_string()
}

/// Identity of a pattern for the duplicate check.
fn duplicate_key(pat: &Pattern, ast: &PatternAst) -> String {
    let cells: String = pat.cells.iter().map(|c| c.symbol).collect();
    let cdiag: String = pat.constraint_diagram.iter().flatten().collect();
    let constraint = ast
        .constraint
        .as_ref()
        .map(|b| {
            b.lines
                .iter()
                .map(|l| l.text.split_whitespace().collect::<String>())
                .collect::<String>()
        })
        .unwrap_or_default();
    format!(
        "{}x{}:{:?}:{cells}:{:?}:{}:{cdiag}:{constraint}",
        pat.height, pat.width, pat.edges, pat.symmetry, pat.classes
    )
}

fn directive(
    src: &Source<'_>,
    d: &Directive,
    db: &mut PatternDb,
    callback_data: &mut String,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(arg) = d.args.first() else {
        diags.push(src.error(
            K::BadDirective,
            d.name_span,
            format!("`{}` needs an argument", d.name),
            Some("write e.g. `goal_elements none`"),
        ));
        return;
    };
    if let Some(extra) = d.args.get(1) {
        diags.push(src.error(
            K::BadDirective,
            extra.span,
            format!("`{}` takes one argument", d.name),
            Some("remove the extra words, or make them a `#` comment"),
        ));
    }
    match d.name.as_str() {
        "attribute_map" => {
            if !ATTRIBUTE_MAPS.contains(&arg.text.as_str()) {
                diags.push(src.error(
                    K::BadDirective,
                    arg.span,
                    format!("unknown attribute map `{}`", arg.text),
                    Some("attribute maps are none, general, value_only, owl_attack, owl_defense"),
                ));
            }
            db.attribute_map = Some(arg.text.clone());
        }
        _ => {
            let symbols = if arg.text == "none" {
                String::new()
            } else {
                for (i, ch) in arg.text.chars().enumerate() {
                    if symbol_elem(ch).is_none() {
                        let span = src.span(arg.span.start.line, arg.span.start.column - 1 + i, 1);
                        diags.push(src.error(
                            K::BadDirective,
                            span,
                            format!("`{ch}` is not a diagram symbol"),
                            Some("list diagram symbols (e.g. `XO,!`) or write `none`"),
                        ));
                    }
                }
                arg.text.clone()
            };
            if d.name == "goal_elements" {
                db.goal_elements = Some(symbols);
            } else {
                *callback_data = symbols;
            }
        }
    }
}

/// Checks one pattern; `None` if it has errors.
fn check_pattern(
    src: &Source<'_>,
    p: &PatternAst,
    callback_data: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Pattern> {
    let before = diags.iter().filter(|d| d.is_error()).count();
    let errors = |diags: &Vec<Diagnostic>| diags.iter().filter(|d| d.is_error()).count() > before;
    if p.diagram.rows.is_empty() {
        if p.colon.is_none() {
            // The parser reported the missing colon line; say the diagram is missing too.
            diags.push(src.error(
                K::MissingDiagram,
                p.header_span,
                format!("pattern `{}` has no diagram", p.name),
                Some("draw the diagram between the header and the colon line"),
            ));
        }
        return None;
    }
    let main = grid(src, &p.diagram, "diagram", diags);
    // Symbols of the main diagram.
    let mut cells = Vec::new();
    let mut move_point: Option<(usize, usize, Span)> = None;
    if let Some(g) = &main {
        for r in 0..g.height {
            for c in 0..g.width {
                let cell = g.at(r, c);
                match symbol_elem(cell.ch) {
                    Some(elem) => cells.push(DiagramCell {
                        elem,
                        symbol: cell.ch,
                    }),
                    None => {
                        let hint = if cell.ch.is_ascii_alphabetic() {
                            "labels belong in the constraint diagram below the colon line"
                                .to_string()
                        } else {
                            format!(
                                "diagram symbols are {} and edge marks | - +",
                                SYMBOLS
                                    .iter()
                                    .map(|s| s.ch.to_string())
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            )
                        };
                        diags.push(src.diag(
                            crate::syntax::Severity::Error,
                            K::UnknownSymbol,
                            cell.span,
                            format!("unknown diagram symbol `{}`", cell.ch),
                            Some(hint),
                        ));
                        cells.push(DiagramCell {
                            elem: Elem::Any,
                            symbol: cell.ch,
                        });
                    }
                }
                if cell.ch == '*' {
                    if let Some((_, _, first)) = move_point {
                        let mut d = src.error(
                            K::DuplicateMove,
                            cell.span,
                            "second `*` in the diagram",
                            Some("a pattern proposes one move; mark other points with labels in the constraint diagram"),
                        );
                        d.note = Some(src.note(first, "first `*` here"));
                        diags.push(d);
                    } else {
                        move_point = Some((r, c, cell.span));
                    }
                }
            }
        }
    }
    // Colon line.
    let mut symmetry = Symmetry::None8;
    let mut classes = String::new();
    let mut values = Vec::new();
    let mut helper = None;
    if let Some(colon) = &p.colon {
        if let Some(sym) = colon.symmetry {
            match symmetry_from_char(sym.ch) {
                Some(s) => symmetry = s,
                None => diags.push(src.error(
                    K::BadSymmetry,
                    sym.span,
                    format!("unknown symmetry `{}`", sym.ch),
                    Some("symmetries are 8 (none) | - \\ / O X +"),
                )),
            }
        }
        for cell in &colon.classes {
            if class_info(cell.ch).is_none() {
                diags.push(src.error(
                    K::UnknownClass,
                    cell.span,
                    format!("unknown class letter `{}`", cell.ch),
                    Some("classes are - s n O o X x C c B b e E d a J j t U F N T A D I W Y (see LANGUAGE.md)"),
                ));
            } else {
                classes.push(cell.ch);
            }
        }
        for v in &colon.values {
            let Some(kind) = ValueKind::from_name(&v.name.text) else {
                diags.push(src.error(
                    K::BadValue,
                    v.name.span,
                    format!("unknown value `{}`", v.name.text),
                    Some("values are terri minterri maxterri value minvalue maxvalue shape followup followup_value reverse_followup reverse_sente threatens_eye threatens_to_capture"),
                ));
                continue;
            };
            let arg = match (&v.arg, kind.takes_label()) {
                (ast::ValueArg::Number { value, .. }, false) => ValueArg::Number(*value),
                (ast::ValueArg::Label { label, .. }, true) => ValueArg::Label(*label),
                (ast::ValueArg::Number { span, .. }, true) => {
                    diags.push(src.error(
                        K::BadValue,
                        *span,
                        format!("`{}` takes a label, not a number", kind.name()),
                        Some("name a label of the constraint diagram, e.g. `threatens_eye(a)`"),
                    ));
                    continue;
                }
                (ast::ValueArg::Label { span, .. }, false) => {
                    diags.push(src.error(
                        K::BadValue,
                        *span,
                        format!("`{}` takes a number, not a label", kind.name()),
                        Some("write a number such as 35 or -1.5"),
                    ));
                    continue;
                }
            };
            values.push(Value { kind, arg });
        }
        helper = colon.helper.as_ref().map(|h| h.text.clone());
    }
    // Constraint diagram.
    let mut labels: Vec<Label> = Vec::new();
    let mut label_spans: HashMap<char, Span> = HashMap::new();
    let mut constraint_diagram = None;
    if let (Some(cd), Some(g)) = (&p.constraint_diagram, &main) {
        if let Some(cg) = constraint_grid(src, cd, g, p, diags) {
            let mut symbols = Vec::with_capacity(cg.cells.len());
            for r in 0..g.height {
                for c in 0..g.width {
                    let (m, k) = (g.at(r, c), cg.at(r, c));
                    symbols.push(k.ch);
                    if k.ch == m.ch {
                        continue;
                    }
                    if is_label(k.ch) && m.ch == '*' {
                        diags.push(src.warning(
                            K::LabelMismatch,
                            k.span,
                            format!("label `{}` on the move `*`", k.ch),
                            Some(
                                "the move is already named `*`; keep `*` in the constraint diagram",
                            ),
                        ));
                    }
                    if is_label(k.ch) {
                        match labels.iter_mut().find(|l| l.name == k.ch) {
                            Some(l) => l.cells.push((r, c)),
                            None => {
                                labels.push(Label {
                                    name: k.ch,
                                    cells: vec![(r, c)],
                                });
                                label_spans.insert(k.ch, k.span);
                            }
                        }
                        continue;
                    }
                    if !is_label(k.ch) && k.ch != '*' && symbol_elem(k.ch).is_some() {
                        // GNU Go reads only labels from the constraint diagram;
                        // a different symbol is harmless but misleading.
                        let mut d = src.warning(
                            K::LabelMismatch,
                            k.span,
                            format!(
                                "constraint diagram has `{}` where the main diagram has `{}`",
                                k.ch, m.ch
                            ),
                            Some("only labels count in the constraint diagram; copy the main diagram's symbol"),
                        );
                        d.note = Some(src.note(m.span, "main diagram cell here"));
                        diags.push(d);
                        continue;
                    }
                    let (msg, hint) = if k.ch == '*' {
                        (
                            format!("`*` where the main diagram has `{}`", m.ch),
                            "`*` names the move and stands only where the main diagram has `*`",
                        )
                    } else {
                        (
                            format!("unknown symbol `{}` in the constraint diagram", k.ch),
                            "the constraint diagram repeats the main diagram, with labels (letters other than O o X x Q Y) on some points",
                        )
                    };
                    let mut d = src.error(K::LabelMismatch, k.span, msg, Some(hint));
                    d.note = Some(src.note(m.span, "main diagram cell here"));
                    diags.push(d);
                }
            }
            constraint_diagram = Some(symbols);
        }
    }
    // Expressions: labels used must exist; defined labels should be used.
    let mut used: Vec<(char, Span)> = Vec::new();
    for block in [&p.constraint, &p.action].into_iter().flatten() {
        if let Some(e) = &block.expr {
            used.extend(e.labels());
        }
    }
    if let Some(colon) = &p.colon {
        for v in &colon.values {
            let takes_label = ValueKind::from_name(&v.name.text).is_some_and(|k| k.takes_label());
            if let (ast::ValueArg::Label { label, span }, true) = (&v.arg, takes_label) {
                used.push((*label, *span));
            }
        }
    }
    // An expression with errors hides its label uses: do not call labels unused.
    let exprs_ok = [&p.constraint, &p.action]
        .into_iter()
        .flatten()
        .all(|b| b.expr.is_some());
    for (name, span) in &used {
        if labels.iter().any(|l| l.name == *name) {
            continue;
        }
        if p.constraint_diagram.is_none() {
            diags.push(src.error(
                K::ConstraintWithoutDiagram,
                *span,
                format!("label `{name}` used but the pattern has no constraint diagram"),
                Some("after the colon line, redraw the diagram with labels on the points the expression names"),
            ));
        } else if constraint_diagram.is_some() {
            diags.push(src.error(
                K::UnknownLabel,
                *span,
                format!("label `{name}` is not in the constraint diagram"),
                Some("put the label on a point of the constraint diagram, or fix the name"),
            ));
        }
    }
    for l in labels.iter().filter(|_| exprs_ok) {
        if !used.iter().any(|(n, _)| *n == l.name) {
            if let Some(span) = label_spans.get(&l.name) {
                diags.push(src.warning(
                    K::UnusedLabel,
                    *span,
                    format!("label `{}` is never used", l.name),
                    Some("use it in a `;` or `>` line, or replace it by the main diagram's symbol"),
                ));
            }
        }
    }
    // Symmetry (only for otherwise sound patterns: errors make it moot).
    if let (Some(g), false) = (&main, errors(diags)) {
        let symbols: Vec<char> = g.cells.iter().map(|c| c.ch).collect();
        let shape = Shape {
            height: g.height,
            width: g.width,
            symbols: &symbols,
            edges: g.edges,
        };
        let sym_span = p.colon.as_ref().and_then(|c| c.symmetry).map(|c| c.span);
        if let Some(span) = sym_span {
            if !shape.holds(symmetry) {
                diags.push(src.warning(
                    K::SymmetryNotHeld,
                    span,
                    format!("the diagram is not symmetric under `{}`", symmetry_char(symmetry)),
                    Some("matches in some orientations would be missed; claim `8` or the symmetry the diagram has"),
                ));
            } else {
                let combined: Vec<char> = constraint_diagram
                    .clone()
                    .unwrap_or_else(|| symbols.clone());
                let cshape = Shape {
                    symbols: &combined,
                    ..shape
                };
                let best = cshape.strongest(symmetry);
                if orientations(best) < orientations(symmetry)
                    && p.constraint.is_none()
                    && p.action.is_none()
                    && helper.is_none()
                {
                    diags.push(src.warning(
                        K::SymmetryUnclaimed,
                        span,
                        format!(
                            "the diagram is symmetric under `{}` but claims `{}`",
                            symmetry_char(best),
                            symmetry_char(symmetry)
                        ),
                        Some(&format!(
                            "claim `{}` to try {} orientations instead of {}",
                            symmetry_char(best),
                            orientations(best),
                            orientations(symmetry)
                        )),
                    ));
                }
            }
        }
    }
    let g = main?;
    if errors(diags) || p.colon.is_none() || p.has_errors {
        return None;
    }
    let anchor_candidates = anchors(&g, &cells);
    Some(Pattern {
        name: p.name.clone(),
        height: g.height,
        width: g.width,
        cells,
        edges: g.edges,
        move_point: move_point.map(|(r, c, _)| (r, c)),
        symmetry,
        classes,
        constraint: p.constraint.as_ref().and_then(|b| b.expr.clone()),
        action: p.action.as_ref().and_then(|b| b.expr.clone()),
        helper,
        values,
        labels,
        constraint_diagram,
        anchor_candidates,
        callback_data: callback_data.to_string(),
        line: p.header_span.start.line,
    })
}

/// The constraint diagram's grid, checked to have the main diagram's shape.
fn constraint_grid(
    src: &Source<'_>,
    cd: &ast::Diagram,
    g: &Grid,
    p: &PatternAst,
    diags: &mut Vec<Diagnostic>,
) -> Option<Grid> {
    let cg = grid(src, cd, "constraint diagram", diags)?;
    if cg.height != g.height || cg.width != g.width || cg.edges != g.edges {
        let span = cd.rows.first().map_or(p.header_span, |r| r.span);
        let mut d = src.error(
            K::ConstraintDiagramShape,
            span,
            format!(
                "constraint diagram is {}x{}{}, the diagram is {}x{}{}",
                cg.height,
                cg.width,
                edge_desc(&cg),
                g.height,
                g.width,
                edge_desc(g)
            ),
            Some("the constraint diagram repeats the main diagram, with labels on some points"),
        );
        d.note = Some(src.note(p.diagram.rows[0].span, "main diagram here"));
        diags.push(d);
        return None;
    }
    Some(cg)
}

fn edge_desc(g: &Grid) -> String {
    let e = g.edges;
    let names: Vec<&str> = [
        (e.top, "top"),
        (e.bottom, "bottom"),
        (e.left, "left"),
        (e.right, "right"),
    ]
    .iter()
    .filter(|(b, _)| *b)
    .map(|(_, n)| *n)
    .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(" with {} edge", names.join("+"))
    }
}

/// Anchor candidates: `Q`/`Y` cells, else stones, else empty-required cells.
fn anchors(g: &Grid, cells: &[DiagramCell]) -> Vec<(usize, usize)> {
    let pick = |f: &dyn Fn(&DiagramCell) -> bool| -> Vec<(usize, usize)> {
        (0..g.height)
            .flat_map(|r| (0..g.width).map(move |c| (r, c)))
            .filter(|&(r, c)| f(&cells[r * g.width + c]))
            .collect()
    };
    let marked = pick(&|c| c.symbol == 'Q' || c.symbol == 'Y');
    if !marked.is_empty() {
        return marked;
    }
    let stones = pick(&|c| matches!(c.elem, Elem::Own | Elem::Opp));
    if !stones.is_empty() {
        return stones;
    }
    pick(&|c| c.elem == Elem::Empty)
}
