//! Judging an answer against a suite's expected text, as GNU Go's
//! regression scripts do (regression.texi): the expected text is a regular
//! expression anchored by pasting `^` before it and `$` after it, without
//! grouping, so that in `1 T15|O13` only the first alternative is tied to the
//! start of the answer and only the last to its end; a leading `!` negates
//! the result. The answer is the text after `=` and the id, trimmed, with
//! the lines of a multi-line answer joined by single spaces. An error answer
//! (`?`) never passes, negated or not.

use regex::Regex;

use super::suite::Expected;

/// A compiled expectation.
#[derive(Clone, Debug)]
pub struct Judge {
    regex: Regex,
    negated: bool,
}

impl Judge {
    /// Compile `expected`; the error is the regex library's message.
    pub fn new(expected: &Expected) -> Result<Judge, regex::Error> {
        let regex = Regex::new(&format!("^{}$", expected.pattern))?;
        Ok(Judge {
            regex,
            negated: expected.negated,
        })
    }

    /// Whether a successful answer with this text passes.
    pub fn passes(&self, answer: &str) -> bool {
        self.regex.is_match(&normalize(answer)) != self.negated
    }
}

/// The answer text as judged: trimmed, lines joined by spaces.
pub fn normalize(answer: &str) -> String {
    answer
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(bracket: &str) -> Judge {
        let (negated, pattern) = match bracket.strip_prefix('!') {
            Some(p) => (true, p),
            None => (false, bracket),
        };
        Judge::new(&Expected {
            line: 1,
            pattern: pattern.to_string(),
            negated,
            known_failure: false,
            ignored: false,
        })
        .unwrap()
    }

    #[test]
    fn whole_answer_must_match() {
        let j = judge("1 G1");
        assert!(j.passes("1 G1"));
        assert!(j.passes("  1 G1 \n"));
        assert!(!j.passes("1 G10"));
        assert!(!j.passes("11 G1"));
        assert!(!j.passes("0"));
    }

    #[test]
    fn grouped_alternatives_are_anchored_together() {
        let j = judge("1 (S4|T5)");
        assert!(j.passes("1 S4"));
        assert!(j.passes("1 T5"));
        assert!(!j.passes("2 T5"));
        assert!(!j.passes("1 S4 T5"));
    }

    #[test]
    fn bare_alternatives_anchor_only_the_ends() {
        // `^1 T15|O13|P12$`: the first alternative is tied to the start, the
        // last to the end, the middle one floats.
        let j = judge("1 T15|O13|P12");
        assert!(j.passes("1 T15"));
        assert!(j.passes("1 T15 and more")); // `^1 T15` matches a prefix
        assert!(j.passes("2 O13")); // `O13` anywhere
        assert!(j.passes("2 P12")); // `P12$`
        assert!(!j.passes("2 P12 X"));
        assert!(!j.passes("2 T15"));
        let j = judge("B14|D17");
        assert!(j.passes("B14"));
        assert!(j.passes("B140")); // only `^B14` is required of the first
        assert!(j.passes("AD17"));
        assert!(!j.passes("D170"));
    }

    #[test]
    fn negation_inverts() {
        let j = judge("!P13");
        assert!(!j.passes("P13"));
        assert!(j.passes("Q13"));
        assert!(j.passes("PASS"));
        let j = judge("!N13|M5");
        assert!(!j.passes("N13"));
        assert!(!j.passes("M5"));
        assert!(j.passes("M6"));
    }

    #[test]
    fn escapes_and_multi_line_answers() {
        let j = judge(r"W\+36.5");
        assert!(j.passes("W+36.5"));
        assert!(!j.passes("B+36.5"));
        let j = judge("A1 B2");
        assert!(j.passes("A1\nB2\n"));
    }

    #[test]
    fn bad_regex_is_an_error() {
        let e = Expected {
            line: 7,
            pattern: "1 (A1".into(),
            negated: false,
            known_failure: false,
            ignored: false,
        };
        assert!(Judge::new(&e).is_err());
    }
}
