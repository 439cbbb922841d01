//! The malformed-input corpus: distinct broken snippets, each with the
//! exact diagnostics (severity, line, column, message) it must produce.
//! Every snippet here was written for katachi's tests.

use katachi_patterns::syntax::{parse_db, Severity};

use Severity::{Error as E, Warning as W};

/// `(name, text, [(severity, line, column, message)])`.
type Case = (
    &'static str,
    &'static str,
    &'static [(Severity, usize, usize, &'static str)],
);

const CASES: &[Case] = &[
    (
        "ragged_rows",
        "Pattern R1\n\n.O.\n.*\n...\n\n:8,-\n",
        &[(E, 4, 1, "ragged diagram: this row has 2 points, the first row has 3")],
    ),
    (
        "two_moves",
        "Pattern R2\n\n.*.\n.O*\n\n:8,-\n",
        &[(E, 4, 3, "second `*` in the diagram")],
    ),
    (
        "unknown_symbol",
        "Pattern R3\n\n.O.\n.#*\n\n:8,-\n",
        &[(E, 4, 2, "unknown diagram symbol `#`")],
    ),
    (
        "edge_row_in_middle",
        "Pattern R4\n\n.O.\n---\n.*.\n\n:8,-\n",
        &[(E, 4, 1, "edge row inside the diagram")],
    ),
    (
        "missing_left_edge_mark",
        "Pattern R5\n\n|XO.\n.*..\n|...\n\n:8,-\n",
        &[(E, 4, 1, "this row lacks the left edge mark `|`")],
    ),
    (
        "edge_mark_inside",
        "Pattern R6\n\n.O|.\n.*..\n\n:8,-\n",
        &[(E, 3, 3, "edge mark `|` inside the diagram")],
    ),
    (
        "corner_without_plus",
        "Pattern R7\n\n|.O.\n|.*.\n----\n\n:8,-\n",
        &[(E, 5, 1, "edge row does not fit the diagram")],
    ),
    (
        "plus_without_side_edge",
        "Pattern R8\n\nXO.\n.*.\n+--\n\n:8,-\n",
        &[(E, 5, 1, "edge row does not fit the diagram")],
    ),
    (
        "only_edge_rows",
        "Pattern R9\n\n---\n\n:8,-\n",
        &[(E, 3, 1, "the diagram has only edge rows")],
    ),
    (
        "unknown_class",
        "Pattern C1\n\nXO.\n.*.\n\n:8,OXq\n",
        &[(E, 6, 6, "unknown class letter `q`")],
    ),
    (
        "bad_value_number",
        "Pattern C2\n\nXO.\n.*.\n\n:8,-,value(lots)\n",
        &[(E, 6, 12, "`lots` is not a number")],
    ),
    (
        "unknown_value_name",
        "Pattern C3\n\nXO.\n.*.\n\n:8,-,worth(3)\n",
        &[(E, 6, 6, "unknown value `worth`")],
    ),
    (
        "value_unclosed",
        "Pattern C4\n\nXO.\n.*.\n\n:8,-,value(3\n",
        &[(E, 6, 12, "value `value` lacks its closing parenthesis")],
    ),
    (
        "unknown_symmetry",
        "Pattern C5\n\nXO.\n.*.\n\n:7,-\n",
        &[(E, 6, 2, "unknown symmetry `7`")],
    ),
    (
        "missing_symmetry",
        "Pattern C6\n\nXO.\n.*.\n\n:,-\n",
        &[(E, 6, 2, "missing symmetry after `:`")],
    ),
    (
        "second_helper",
        "Pattern C7\n\nXO.\n.*.\n\n:8,-,first_helper,second_helper\n",
        &[(E, 6, 19, "second helper `second_helper` on the colon line")],
    ),
    (
        "empty_field",
        "Pattern C8\n\nXO.\n.*.\n\n:8,-,,value(1)\n",
        &[(E, 6, 6, "empty field on the colon line")],
    ),
    (
        "value_label_for_number",
        "Pattern C9\n\nXO.\n.*.\n\n:8,-,shape(a)\n",
        &[(E, 6, 12, "`shape` takes a number, not a label")],
    ),
    (
        "missing_class_field",
        "Pattern C10\n\nXO.\n.*.\n\n:8,value(3)\n",
        &[(E, 6, 4, "missing class field before the values")],
    ),
    (
        "unknown_function",
        "Pattern E1\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;libs(a) > 1\n",
        &[(E, 11, 2, "unknown function `libs`")],
    ),
    (
        "wrong_arity",
        "Pattern E2\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(a,*) > 1\n",
        &[(E, 11, 2, "`lib` takes 1 argument, found 2")],
    ),
    (
        "unbalanced_open",
        "Pattern E3\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;(lib(a) > 1\n",
        &[(E, 11, 13, "expected `)`, found the end of the expression")],
    ),
    (
        "unbalanced_close",
        "Pattern E4\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(a) > 1)\n",
        &[(E, 11, 12, "expected an operator or the end of the constraint, found `)`")],
    ),
    (
        "constraint_without_diagram",
        "Pattern E5\n\nXO.\n.*.\n\n:8,-\n\n;lib(a) > 1\n",
        &[(E, 8, 6, "label `a` used but the pattern has no constraint diagram")],
    ),
    (
        "label_not_in_diagram",
        "Pattern E6\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(b) > 1\n",
        &[(W, 8, 2, "label `a` is never used"), (E, 11, 6, "label `b` is not in the constraint diagram")],
    ),
    (
        "constraint_diagram_shape",
        "Pattern E7\n\nXO.\n.*.\n\n:8,-\n\n.a\n.*\n\n;lib(a) > 1\n",
        &[(E, 8, 1, "constraint diagram is 2x2, the diagram is 2x3")],
    ),
    (
        "star_misplaced",
        "Pattern E8\n\nXO.\n.*.\n\n:8,-\n\n*a.\n.*.\n\n;lib(a) > 1\n",
        &[(E, 8, 1, "`*` where the main diagram has `X`")],
    ),
    (
        "action_in_constraint",
        "Pattern E9\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;antisuji(a)\n",
        &[(E, 11, 2, "`antisuji` is an action and cannot be used in a constraint")],
    ),
    (
        "tenuki_first",
        "Pattern E10\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;oplay_attack(?,a,a)\n",
        &[(E, 11, 15, "tenuki `?` cannot be argument 1 of `oplay_attack`")],
    ),
    (
        "number_as_point",
        "Pattern E11\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(1) > 1 && lib(a) > 0\n",
        &[(E, 11, 6, "argument 1 of `lib` must be a label or `*`")],
    ),
    (
        "bad_character",
        "Pattern E12\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(a) > 1 & lib(a) < 4\n",
        &[(E, 11, 13, "unexpected character `&` in expression")],
    ),
    (
        "statement_in_constraint",
        "Pattern E13\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;if (lib(a) > 1) lib(a)\n",
        &[(E, 11, 2, "statements are only allowed in actions (`>` lines)")],
    ),
    (
        "function_without_call",
        "Pattern E14\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib > 1 && lib(a) > 1\n",
        &[(E, 11, 2, "`lib` is a function and needs its arguments")],
    ),
    (
        "conditional_without_colon",
        "Pattern E15\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(a) > 1 ? lib(a) < 3\n",
        &[(E, 11, 25, "expected `:`, found the end of the expression")],
    ),
    (
        "symbol_as_label",
        "Pattern E16\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(a) > 1 && attack(X)\n",
        &[(E, 11, 23, "`X` is a diagram symbol, not a label")],
    ),
    (
        "multi_line_error_position",
        "Pattern E17\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(a) > 1\n;  && lib(a) <\n",
        &[(E, 12, 15, "expected an operand, found the end of the expression")],
    ),
    (
        "effect_as_value",
        "Pattern E18\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n>antisuji(a) && lib(a)\n",
        &[(E, 11, 2, "`antisuji` has no value to compute with")],
    ),
    (
        "missing_colon_line",
        "Pattern P1\n\nXO.\n.*.\n\nPattern P2\n\nX*.\n\n:8,-\n",
        &[(E, 1, 1, "pattern `P1` has no colon line"), (W, 10, 2, "the diagram is symmetric under `-` but claims `8`")],
    ),
    (
        "missing_diagram",
        "Pattern P3\n\n:8,-\n",
        &[(E, 3, 1, "pattern `P3` has no diagram")],
    ),
    (
        "duplicate_colon_line",
        "Pattern P4\n\nXO.\n.*.\n\n:8,-\n:8,-\n",
        &[(E, 7, 1, "second colon line in one pattern")],
    ),
    (
        "header_without_name",
        "Pattern\n\nXO.\n.*.\n\n:8,-\n",
        &[(E, 1, 8, "pattern header without a name")],
    ),
    (
        "stray_text",
        "just some words\nPattern P6\n\nXO.\n.*.\n\n:8,-\n",
        &[(E, 1, 1, "text outside any pattern")],
    ),
    (
        "diagram_split_by_blank",
        "Pattern P7\n\nXO.\n\n.*.\n\n:8,-\n",
        &[(E, 5, 1, "diagram row after a blank line"), (W, 7, 2, "the diagram is symmetric under `-` but claims `8`")],
    ),
    (
        "constraint_before_colon",
        "Pattern P8\n\nXO.\n.*.\n;lib(*) > 1\n\n:8,-\n",
        &[(E, 5, 1, "constraint line before the colon line")],
    ),
    (
        "bad_attribute_map",
        "attribute_map fancy\n\nPattern P9\n\nXO.\n.*.\n\n:8,-\n",
        &[(E, 1, 15, "unknown attribute map `fancy`")],
    ),
    (
        "bad_callback_data",
        "callback_data XZ\n\nPattern P10\n\nXO.\n.*.\n\n:8,-\n",
        &[(E, 1, 16, "`Z` is not a diagram symbol")],
    ),
    (
        "duplicate_name",
        "Pattern W1\n\nXO.\n.*.\n\n:8,-\n\nPattern W1\n\nX*\n.O\n\n:8,-\n",
        &[(W, 8, 9, "duplicate pattern name `W1`")],
    ),
    (
        "unused_label",
        "Pattern W2\n\nXO.\n.*.\n\n:8,-\n\nbO.\n.*.\n\n;lib(*) > 1\n",
        &[(W, 8, 1, "label `b` is never used")],
    ),
    (
        "symmetry_not_held",
        "Pattern W3\n\n.O.\n.*X\n\n:|,-\n",
        &[(W, 6, 2, "the diagram is not symmetric under `|`")],
    ),
    (
        "symmetry_unclaimed",
        "Pattern W4\n\n.O.\n.*.\n\n:8,-\n",
        &[(W, 6, 2, "the diagram is symmetric under `|` but claims `8`")],
    ),
    (
        "duplicate_pattern",
        "Pattern W5\n\nO*X\n..O\n\n:8,-\n\nPattern W6\n\nO*X\n..O\n\n:8,-\n",
        &[(W, 8, 9, "pattern `W6` repeats `W5`: same diagram, classes and constraint")],
    ),
    (
        "symbol_mismatch_warning",
        "Pattern W7\n\nXO.\n.*x\n\n:8,-\n\nXa.\n.*.\n\n;lib(a) > 1\n",
        &[(W, 9, 3, "constraint diagram has `.` where the main diagram has `x`")],
    ),
    (
        "several_errors_one_file",
        "Pattern M1\n\n.Z.\n.*.\n\n:8,q\n\nPattern M2\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;nosuch(a)\n",
        &[(E, 3, 2, "unknown diagram symbol `Z`"), (E, 6, 4, "unknown class letter `q`"), (E, 18, 2, "unknown function `nosuch`")],
    ),
];

#[test]
fn every_malformed_snippet_gives_its_exact_diagnostics() {
    assert!(CASES.len() >= 30, "the corpus needs at least 30 snippets");
    let mut failures = Vec::new();
    for (name, text, expected) in CASES {
        let (_, diags) = parse_db(text, "snippet.db");
        let actual: Vec<(Severity, usize, usize, String)> = diags
            .iter()
            .map(|d| {
                (
                    d.severity,
                    d.span.start.line,
                    d.span.start.column,
                    d.message.clone(),
                )
            })
            .collect();
        let expected: Vec<(Severity, usize, usize, String)> = expected
            .iter()
            .map(|(s, l, c, m)| (*s, *l, *c, m.to_string()))
            .collect();
        if actual != expected {
            failures.push(format!(
                "{name}:\n  expected {expected:?}\n  actual   {actual:?}"
            ));
        }
        for d in &diags {
            if d.severity == Severity::Error && d.hint.is_none() {
                failures.push(format!("{name}: error without a hint: {}", d.message));
            }
            if d.file != "snippet.db" || d.source_line.is_empty() {
                failures.push(format!("{name}: diagnostic without file or excerpt: {d:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_error_snippet_loads_no_broken_pattern() {
    for (name, text, expected) in CASES {
        let (db, _) = parse_db(text, "snippet.db");
        // File-level errors (before the first header) do not touch patterns.
        let first_header = text
            .lines()
            .position(|l| l.starts_with("Pattern"))
            .map_or(0, |i| i + 1);
        let errors = expected
            .iter()
            .filter(|e| e.0 == Severity::Error && e.1 >= first_header)
            .count();
        let headers = text.lines().filter(|l| l.starts_with("Pattern")).count();
        if errors == 0 {
            assert_eq!(
                db.patterns.len(),
                headers,
                "{name}: warnings must not drop patterns"
            );
        } else {
            assert!(
                db.patterns.len() < headers,
                "{name}: a pattern with errors was loaded"
            );
        }
    }
}

#[test]
fn rendered_diagnostic_has_location_excerpt_caret_and_hint() {
    let text = "Pattern E2\n\nXO.\n.*.\n\n:8,-\n\nXa.\n.*.\n\n;lib(a,*) > 1\n";
    let (_, diags) = parse_db(text, "shapes.db");
    assert_eq!(diags.len(), 1);
    let expected = "error: `lib` takes 1 argument, found 2
  --> shapes.db:11:2
   |
11 | ;lib(a,*) > 1
   |  ^^^^^^^^
   = hint: signature: lib(p) -> int";
    assert_eq!(diags[0].to_string(), expected);
}

#[test]
fn rendered_note_points_at_the_first_definition() {
    let text = "Pattern D\n\nXO.\n.**\n\n:8,-\n";
    let (_, diags) = parse_db(text, "two.db");
    let expected = "error: second `*` in the diagram
 --> two.db:4:3
  |
4 | .**
  |   ^
  = note: first `*` here (two.db:4:2)
  |
4 | .**
  |  ^
  = hint: a pattern proposes one move; mark other points with labels in the constraint diagram";
    assert_eq!(diags[0].to_string(), expected);
}

#[test]
fn huge_lines_give_clipped_excerpts_with_the_caret_in_place() {
    let row = format!("{}#*", ".".repeat(5000));
    let text = format!("Pattern H\n\n{row}\n\n:8,-\n");
    let (db, diags) = parse_db(&text, "huge.db");
    assert!(db.patterns.is_empty());
    assert_eq!(diags.len(), 1);
    let d = &diags[0];
    assert_eq!((d.span.start.line, d.span.start.column), (3, 5001));
    assert!(d.source_line.chars().count() <= 200, "excerpt not clipped");
    let rendered = d.to_string();
    let lines: Vec<&str> = rendered.lines().collect();
    let code = lines[3];
    let caret = lines[4];
    let at = caret.find('^').expect("caret");
    assert_eq!(
        code.as_bytes()[at],
        b'#',
        "caret under the bad symbol:\n{code}\n{caret}"
    );
}
