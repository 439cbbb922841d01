//! `katachi patterns match --eval [--trace]`: for each geometric match, its
//! class checks and its constraint result; with `--trace`, the value of every
//! sub-expression of the constraint and the reading behind each reading call.
//!
//! Class checks: the letters `O o X x` test the dragon status of the
//! pattern's stones (`katachi_engine::pattern_classes`, the meaning the
//! influence and move-generation stages use); each is reported as holding
//! or failing, and JSON `k` is 1 when every one holds (the match is kept),
//! 0 when one fails. The other letters do not filter matches (they steer
//! move valuation or mark the move's kind) and are listed with their
//! meaning.
//!
//! Constraint: `true`/`false` with the raw value (GNU Go's reading codes for
//! a bare reading call: WIN 5, KO_A 4, KO_B 1, 0), `skipped: needs F` when
//! a function the engine does not have yet was reached, or `no constraint`.
//! Skipped matches are counted in the summary, never accepted silently.

use std::collections::BTreeMap;

use katachi_board::Color;
use katachi_engine::analysis::Analysis;
use katachi_engine::constraint_trace::{match_bindings, Verdict};
use katachi_engine::pattern_classes::{class_holds, dragon_classes_hold};
use katachi_patterns::matchers::Match;
use katachi_patterns::model::{class_info, PatternDb};

/// One class letter of a match: its meaning and, for the letters that
/// test the dragons of the match's stones (`O o X x`), whether
/// the test holds on the analysed position.
fn class_check(letter: char, holds: Option<bool>) -> String {
    let meaning = class_info(letter).map_or("unknown class", |c| c.meaning);
    match holds {
        Some(true) => format!("{letter}: {meaning}: holds"),
        Some(false) => format!("{letter}: {meaning}: fails, the match is rejected"),
        None => format!("{letter}: {meaning}: no match filter"),
    }
}

/// How to report.
#[derive(Clone, Copy, Default)]
pub struct Options {
    /// One JSON object a line instead of text.
    pub json: bool,
    /// The value of every sub-expression and the reading behind it.
    pub trace: bool,
}

/// Evaluates every match of `found` (on the analysed position, for `color`
/// as `O`) with everything `analysis` knows (its knowledge's connection
/// database gives the cutting points `xcut`/`ocut` read), and returns the
/// report: readable text, or one JSON object a line.
pub fn report(
    db: &PatternDb,
    analysis: &Analysis,
    color: Color,
    found: &[Match],
    opts: Options,
) -> String {
    let (json, with_trace) = (opts.json, opts.trace);
    let board = analysis.board();
    let mut out = String::new();
    let (mut held, mut failed, mut none, mut rejected_by_class) = (0, 0, 0, 0);
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    for m in found {
        let p = &db.patterns[m.pattern.index()];
        let b = match_bindings(p, board, m.transform, m.origin);
        let (verdict, traced) = if with_trace {
            let t = analysis.trace(p, &b, color);
            (t.verdict.clone(), Some(t))
        } else {
            (analysis.evaluate(p, &b, color), None)
        };
        match &verdict {
            Verdict::NoConstraint => none += 1,
            Verdict::Value(_) if verdict.holds() == Some(true) => held += 1,
            Verdict::Value(_) => failed += 1,
            Verdict::Skipped(f) => *skipped.entry(f.to_string()).or_default() += 1,
            Verdict::Unavailable { function, stage } => {
                *skipped
                    .entry(format!("{function} (the {stage} were not computed)"))
                    .or_default() += 1
            }
            Verdict::Failed(e) => *skipped.entry(format!("error: {e}")).or_default() += 1,
        }
        let kept = dragon_classes_hold(p, board, m, color, analysis.dragons());
        if !kept {
            rejected_by_class += 1;
        }
        let checks: Vec<String> = p
            .classes
            .chars()
            .filter(|&c| c != '-')
            .map(|c| class_check(c, class_holds(c, p, board, m, color, analysis.dragons())))
            .collect();
        let trace_lines: Vec<String> = traced
            .as_ref()
            .map(|t| t.render(board, "").lines().map(str::to_string).collect())
            .unwrap_or_default();
        if json {
            let (result, needs) = match &verdict {
                Verdict::NoConstraint => ("none", None),
                Verdict::Value(_) if verdict.holds() == Some(true) => ("true", None),
                Verdict::Value(_) => ("false", None),
                Verdict::Skipped(f) => ("skipped", Some(f.to_string())),
                Verdict::Unavailable { function, stage } => {
                    ("skipped", Some(format!("{function} (needs the {stage})")))
                }
                Verdict::Failed(e) => ("error", Some(e.clone())),
            };
            let mut obj = serde_json::json!({
                "p": p.name,
                "o": m.transform.index(),
                "d": board.vertex(m.origin),
                "m": board.vertex(m.mark),
                "classes": p.classes,
                "class_checks": checks,
                "k": u8::from(kept),
                "c": verdict.number(),
                "constraint": result,
            });
            if let Some(n) = needs {
                obj["needs"] = serde_json::Value::from(n);
            }
            if with_trace {
                obj["trace"] = serde_json::Value::from(trace_lines);
            }
            out.push_str(&format!("{obj}\n"));
        } else {
            out.push_str(&format!(
                "{:<12} o={} d={:<4} m={:<4} constraint: {verdict}\n",
                p.name,
                m.transform,
                board.vertex(m.origin),
                board.vertex(m.mark),
            ));
            if checks.is_empty() {
                out.push_str("    classes: none\n");
            }
            for c in &checks {
                out.push_str(&format!("    class {c}\n"));
            }
            for l in &trace_lines {
                out.push_str(&format!("    | {l}\n"));
            }
        }
    }
    if !json {
        let skipped_total: usize = skipped.values().sum();
        out.push_str(&format!(
            "{} matches: constraint true {held}, false {failed}, no constraint {none}, skipped {skipped_total}; rejected by a dragon class (O o X x) {rejected_by_class}\n",
            found.len()
        ));
        if !skipped.is_empty() {
            let list: Vec<String> = skipped.iter().map(|(f, n)| format!("{f} {n}")).collect();
            out.push_str(&format!("skipped, needs: {}\n", list.join(", ")));
            let cut_skipped = skipped
                .keys()
                .any(|k| k.starts_with("xcut") || k.starts_with("ocut"));
            if analysis.cuts().is_none() && cut_skipped {
                out.push_str("hint: xcut/ocut read the cutting points of a connection database: give one with --conn FILE.db\n");
            }
        }
    }
    out
}
