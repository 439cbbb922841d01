//! Reporting suite results: GNU Go-style lines for unexpected results, a
//! table with one row per suite, and the JSON document of `--json`.

use std::fmt::Write as _;

use serde::Serialize;

use super::runner::SuiteOutcome;

/// Counts for one suite (ignored tests excluded).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    /// The suite file as given.
    pub file: String,
    /// Counted (judged) tests.
    pub tests: usize,
    /// Counted tests that passed.
    pub passed: usize,
    /// Counted tests that failed.
    pub failed: usize,
    /// Passed although marked `*`.
    pub unexpected_passes: usize,
    /// Failed although not marked `*`.
    pub unexpected_failures: usize,
    /// Marked `&` or without `#?`: run, not judged.
    pub ignored: usize,
    /// Sum of the engine's answer times over the suite.
    pub seconds: f64,
    /// `seconds` divided by `tests`.
    pub seconds_per_test: f64,
    /// Reading nodes over the counted tests that report them.
    pub nodes: u64,
    /// How many counted tests report nodes.
    pub tests_with_nodes: usize,
    /// `nodes` per test that reports them; `None` if the engine counts none.
    pub nodes_per_test: Option<f64>,
    /// Owl nodes over the counted tests that report them.
    pub owl_nodes: u64,
    /// How many counted tests report owl nodes.
    pub tests_with_owl_nodes: usize,
    /// `owl_nodes` per test that reports them; `None` if the engine
    /// counts none.
    pub owl_nodes_per_test: Option<f64>,
}

impl Summary {
    /// Count the results of `outcome`.
    pub fn of(outcome: &SuiteOutcome) -> Summary {
        let mut s = Summary {
            file: outcome.file.clone(),
            seconds: outcome.seconds,
            ..Summary::default()
        };
        for r in &outcome.results {
            if r.ignored {
                s.ignored += 1;
                continue;
            }
            s.tests += 1;
            if r.passed {
                s.passed += 1;
            } else {
                s.failed += 1;
            }
            s.unexpected_passes += usize::from(r.unexpected_pass());
            s.unexpected_failures += usize::from(r.unexpected_failure());
            if let Some(nodes) = r.nodes {
                s.nodes += nodes;
                s.tests_with_nodes += 1;
            }
            if let Some(nodes) = r.owl_nodes {
                s.owl_nodes += nodes;
                s.tests_with_owl_nodes += 1;
            }
        }
        s.nodes_per_test = per_test(s.nodes, s.tests_with_nodes);
        s.owl_nodes_per_test = per_test(s.owl_nodes, s.tests_with_owl_nodes);
        s.seconds_per_test = if s.tests > 0 {
            s.seconds / s.tests as f64
        } else {
            0.0
        };
        s
    }
}

fn per_test(nodes: u64, tests: usize) -> Option<f64> {
    (tests > 0).then(|| nodes as f64 / tests as f64)
}

/// One line per unexpected result, as GNU Go's scripts word them.
pub fn unexpected_lines(outcome: &SuiteOutcome) -> Vec<String> {
    let mut lines = Vec::new();
    for r in &outcome.results {
        if r.unexpected_pass() {
            lines.push(format!(
                "{}:{} {} unexpected PASS!",
                outcome.file, r.line, r.number
            ));
        } else if r.unexpected_failure() {
            let got = match (&r.got, &r.error) {
                (Some(got), _) => got.clone(),
                (None, Some(err)) => format!("nothing ({err})"),
                (None, None) => "nothing".to_string(),
            };
            lines.push(format!(
                "{}:{} {} unexpected FAIL: Correct '{}', got '{}'",
                outcome.file,
                r.line,
                r.number,
                r.expected.as_deref().unwrap_or(""),
                got
            ));
        }
    }
    lines
}

/// The table of all suites, with a total row when there are several.
pub fn table(summaries: &[Summary]) -> String {
    let width = summaries
        .iter()
        .map(|s| s.file.len())
        .chain([5])
        .max()
        .unwrap_or(5);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<width$}  {:>6}  {:>6}  {:>6}  {:>10}  {:>10}  {:>8}  {:>10}  {:>8}",
        "suite",
        "tests",
        "passed",
        "failed",
        "unexp.pass",
        "unexp.fail",
        "s/test",
        "nodes/test",
        "owl/test"
    );
    let row = |out: &mut String, s: &Summary| {
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>10}  {:>10}  {:>8.4}  {:>10}  {:>8}",
            s.file,
            s.tests,
            s.passed,
            s.failed,
            s.unexpected_passes,
            s.unexpected_failures,
            s.seconds_per_test,
            s.nodes_per_test
                .map_or_else(|| "-".to_string(), |n| format!("{n:.1}")),
            s.owl_nodes_per_test
                .map_or_else(|| "-".to_string(), |n| format!("{n:.1}"))
        );
    };
    for s in summaries {
        row(&mut out, s);
    }
    if summaries.len() > 1 {
        let mut total = Summary {
            file: "total".to_string(),
            ..Summary::default()
        };
        for s in summaries {
            total.tests += s.tests;
            total.passed += s.passed;
            total.failed += s.failed;
            total.unexpected_passes += s.unexpected_passes;
            total.unexpected_failures += s.unexpected_failures;
            total.seconds += s.seconds;
        }
        if total.tests > 0 {
            total.seconds_per_test = total.seconds / total.tests as f64;
        }
        total.nodes = summaries.iter().map(|s| s.nodes).sum();
        total.tests_with_nodes = summaries.iter().map(|s| s.tests_with_nodes).sum();
        total.nodes_per_test = per_test(total.nodes, total.tests_with_nodes);
        total.owl_nodes = summaries.iter().map(|s| s.owl_nodes).sum();
        total.tests_with_owl_nodes = summaries.iter().map(|s| s.tests_with_owl_nodes).sum();
        total.owl_nodes_per_test = per_test(total.owl_nodes, total.tests_with_owl_nodes);
        row(&mut out, &total);
    }
    out
}

/// The `--json` document.
#[derive(Serialize)]
pub struct JsonReport<'a> {
    /// The engine command line.
    pub engine: &'a str,
    /// One entry per suite, in the order given.
    pub suites: Vec<JsonSuite<'a>>,
}

/// One suite in the `--json` document.
#[derive(Serialize)]
pub struct JsonSuite<'a> {
    #[serde(flatten)]
    /// The counts of the table row.
    pub summary: Summary,
    /// Refused setup commands, restarts, deaths.
    pub warnings: &'a [String],
    /// Every numbered command in order.
    pub results: &'a [super::runner::TestOutcome],
}

#[cfg(test)]
mod tests {
    use super::super::runner::TestOutcome;
    use super::*;

    fn outcome(passed: bool, known_failure: bool, ignored: bool) -> TestOutcome {
        TestOutcome {
            number: 1,
            line: 2,
            command: "attack A1".into(),
            expected: Some("1 B1".into()),
            got: Some("0".into()),
            passed,
            known_failure,
            ignored,
            seconds: 0.5,
            nodes: Some(10),
            owl_nodes: None,
            error: None,
        }
    }

    #[test]
    fn counts_add_up() {
        let suite = SuiteOutcome {
            file: "x.tst".into(),
            results: vec![
                outcome(true, false, false),
                outcome(true, true, false),
                outcome(false, false, false),
                outcome(false, true, false),
                outcome(true, false, true),
            ],
            warnings: vec![],
            seconds: 2.0,
        };
        let s = Summary::of(&suite);
        assert_eq!(
            (
                s.tests,
                s.passed,
                s.failed,
                s.unexpected_passes,
                s.unexpected_failures,
                s.ignored
            ),
            (4, 2, 2, 1, 1, 1)
        );
        assert_eq!(s.seconds_per_test, 0.5);
        assert_eq!(
            (s.nodes, s.tests_with_nodes, s.nodes_per_test),
            (40, 4, Some(10.0))
        );
        assert_eq!((s.owl_nodes, s.owl_nodes_per_test), (0, None));
        let lines = unexpected_lines(&suite);
        assert_eq!(
            lines,
            [
                "x.tst:2 1 unexpected PASS!",
                "x.tst:2 1 unexpected FAIL: Correct '1 B1', got '0'"
            ]
        );
        let t = table(&[s.clone(), s]);
        assert!(t.contains("total"), "{t}");
        assert!(
            t.lines().nth(3).unwrap().contains("     8       4       4"),
            "{t}"
        );
    }
}
