//! Reporting suite results: GNU Go-style lines for unexpected results, a
//! table with one row per suite, and the JSON document of `--json`.

use std::fmt::Write as _;

use serde::Serialize;

use super::runner::SuiteOutcome;

/// Counts for one suite (ignored tests excluded).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    pub file: String,
    pub tests: usize,
    pub passed: usize,
    pub failed: usize,
    /// Passed although marked `*`.
    pub unexpected_passes: usize,
    /// Failed although not marked `*`.
    pub unexpected_failures: usize,
    /// Marked `&` or without `#?`: run, not judged.
    pub ignored: usize,
    pub seconds: f64,
    pub seconds_per_test: f64,
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
        }
        s.seconds_per_test = if s.tests > 0 {
            s.seconds / s.tests as f64
        } else {
            0.0
        };
        s
    }
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
        "{:<width$}  {:>6}  {:>6}  {:>6}  {:>10}  {:>10}  {:>8}",
        "suite", "tests", "passed", "failed", "unexp.pass", "unexp.fail", "s/test"
    );
    let row = |out: &mut String, s: &Summary| {
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>10}  {:>10}  {:>8.4}",
            s.file,
            s.tests,
            s.passed,
            s.failed,
            s.unexpected_passes,
            s.unexpected_failures,
            s.seconds_per_test
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
        row(&mut out, &total);
    }
    out
}

/// The `--json` document.
#[derive(Serialize)]
pub struct JsonReport<'a> {
    pub engine: &'a str,
    pub suites: Vec<JsonSuite<'a>>,
}

/// One suite in the `--json` document.
#[derive(Serialize)]
pub struct JsonSuite<'a> {
    #[serde(flatten)]
    pub summary: Summary,
    pub warnings: &'a [String],
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
