//! GNU Go's `.tst` regression scripts for tests: the reader and the judge of
//! [`katachi_gtp::regress`], re-exported, plus [`passes`] for a one-off
//! check of an answer against a bracket as written in a suite.
//!
//! The judge is GNU Go's rule (regression.texi): the expected text is pasted
//! between `^` and `$` without grouping, so in `1 T15|O13` only the first
//! alternative is tied to the start and only the last to the end; a leading
//! `!` negates. Tests must not carry a judge of their own.

pub use katachi_gtp::regress::{normalize, Expected, Item, Judge, Suite, SuiteError, Test};

/// Whether `answer` passes the expected text `bracket` as written between
/// the brackets of a `#?` line (`1 (S4|T5)`, `!P13`). Panics on a pattern
/// that is not a valid regular expression (a broken test, not user input).
pub fn passes(bracket: &str, answer: &str) -> bool {
    let (negated, pattern) = match bracket.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, bracket),
    };
    let expected = Expected {
        line: 0,
        pattern: pattern.to_string(),
        negated,
        known_failure: false,
        ignored: false,
    };
    Judge::new(&expected)
        .unwrap_or_else(|e| panic!("bad expected text {bracket:?}: {e}"))
        .passes(answer)
}

#[cfg(test)]
mod tests {
    use super::passes;

    #[test]
    fn gnu_go_rule() {
        assert!(passes("1 (S4|T5)", "1 T5"));
        assert!(!passes("1 (S4|T5)", "2 T5"));
        // `^1 T15|O13|P12$`: the middle alternative floats.
        assert!(passes("1 T15|O13|P12", "O13"));
        assert!(passes("1 T15|O13|P12", "1 O13"));
        assert!(!passes("1 T15|O13|P12", "2 T15"));
        assert!(passes("!P13", "Q13"));
        assert!(!passes("!P13", "P13"));
        assert!(!passes("0", "1 A1"));
    }
}
