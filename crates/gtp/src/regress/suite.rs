//! Reading GNU Go-format regression suites (`.tst` files).
//!
//! A suite is a GTP script. Lines that start with a number are tests: the
//! number is the GTP id of the command, and the next `#?` line gives the
//! expected answer in brackets (`#? [1 G1]`, `#? [!P13]`), optionally
//! followed by `*` (GNU Go is known to fail it) or `&` (the answer is only
//! reported, not judged). Other command lines set up positions (`loadsgf`,
//! `play`, `trymove`, ...); everything after a `#` is a comment. A `#?` line
//! whose bracket is never closed (`#? [undecided`) means the rest of the line.
//! Malformed lines are errors that name the file and line.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// Errors reading a suite.
#[derive(Debug, Error)]
pub enum SuiteError {
    #[error("cannot read {}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{}:{line}: {message}", path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

/// What a `#?` line says about the answer of the test before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// 1-based line of the `#?` line.
    pub line: usize,
    /// The regular expression as written, without brackets and `!`.
    pub pattern: String,
    /// `[!...]`: the test passes when the pattern does NOT match.
    pub negated: bool,
    /// Trailing `*`: GNU Go is known to fail this test.
    pub known_failure: bool,
    /// Trailing `&`: the answer is reported but not judged.
    pub ignored: bool,
}

impl Expected {
    /// The bracket content as written in the suite (with `!` if negated).
    pub fn display(&self) -> String {
        if self.negated {
            format!("!{}", self.pattern)
        } else {
            self.pattern.clone()
        }
    }
}

/// A numbered command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// 1-based line of the command.
    pub line: usize,
    /// The test number, sent as the GTP id.
    pub number: u32,
    /// The command without the number and comments.
    pub command: String,
    /// `None` if no `#?` line follows: the command runs but is not judged.
    pub expected: Option<Expected>,
}

/// One step of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// An unnumbered command (1-based line, command text).
    Setup { line: usize, command: String },
    /// A numbered command.
    Test(Test),
}

/// A parsed suite.
#[derive(Clone, Debug)]
pub struct Suite {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its commands in order.
    pub items: Vec<Item>,
}

impl Suite {
    /// Read and parse the suite at `path`.
    pub fn load(path: &Path) -> Result<Suite, SuiteError> {
        let text = std::fs::read(path).map_err(|error| SuiteError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        Suite::parse(path, &String::from_utf8_lossy(&text))
    }

    /// Parse suite text; `path` is only used in error messages.
    pub fn parse(path: &Path, text: &str) -> Result<Suite, SuiteError> {
        let error = |line: usize, message: String| SuiteError::Syntax {
            path: path.to_path_buf(),
            line,
            message,
        };
        let mut items: Vec<Item> = Vec::new();
        // Index in `items` of the latest numbered command.
        let mut last_test: Option<usize> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let raw = raw.trim_end_matches('\r');
            let trimmed = raw.trim_start();
            if let Some(rest) = trimmed.strip_prefix("#?") {
                let expected = parse_expected(line, rest).map_err(|m| error(line, m))?;
                let Some(Item::Test(test)) = last_test.map(|i| &mut items[i]) else {
                    return Err(error(
                        line,
                        "a `#?` line must follow a numbered command".into(),
                    ));
                };
                if let Some(first) = &test.expected {
                    return Err(error(
                        line,
                        format!(
                            "test {} already has its expected answer on line {}",
                            test.number, first.line
                        ),
                    ));
                }
                test.expected = Some(expected);
                continue;
            }
            let command = match trimmed.find('#') {
                Some(at) => &trimmed[..at],
                None => trimmed,
            };
            let command = command.trim();
            if command.is_empty() {
                continue;
            }
            let digits = command.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                items.push(Item::Setup {
                    line,
                    command: command.to_string(),
                });
                continue;
            }
            let number: u32 = command[..digits].parse().map_err(|_| {
                error(
                    line,
                    format!("test number {} is too large", &command[..digits]),
                )
            })?;
            let rest = &command[digits..];
            if !rest.starts_with(char::is_whitespace) || rest.trim().is_empty() {
                return Err(error(
                    line,
                    format!("expected `NUMBER COMMAND`, found {command:?}"),
                ));
            }
            last_test = Some(items.len());
            items.push(Item::Test(Test {
                line,
                number,
                command: rest.trim().to_string(),
                expected: None,
            }));
        }
        Ok(Suite {
            path: path.to_path_buf(),
            items,
        })
    }

    /// The numbered commands.
    pub fn tests(&self) -> impl Iterator<Item = &Test> {
        self.items.iter().filter_map(|item| match item {
            Item::Test(t) => Some(t),
            Item::Setup { .. } => None,
        })
    }
}

/// Parse what follows `#?`: ` [pattern]`, then `*`, `&` or nothing.
fn parse_expected(line: usize, rest: &str) -> Result<Expected, String> {
    let rest = rest.trim();
    let Some(body) = rest.strip_prefix('[') else {
        return Err(format!("expected `#? [ANSWER]`, found `#?{rest}`"));
    };
    // The answer runs to the last `]`; without one (`#? [undecided`), to
    // the end of the line.
    let (content, suffix) = match body.rfind(']') {
        Some(at) => (&body[..at], body[at + 1..].trim()),
        None => (body.trim_end(), ""),
    };
    let (known_failure, ignored) = match suffix {
        "" => (false, false),
        "*" => (true, false),
        "&" => (false, true),
        other => {
            return Err(format!(
                "unexpected {other:?} after the answer (only `*` or `&` may follow `]`)"
            ))
        }
    };
    let (negated, pattern) = match content.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, content),
    };
    Ok(Expected {
        line,
        pattern: pattern.to_string(),
        negated,
        known_failure,
        ignored,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Suite, SuiteError> {
        Suite::parse(Path::new("t.tst"), text)
    }

    fn test_items(suite: &Suite) -> Vec<&Test> {
        suite.tests().collect()
    }

    #[test]
    fn tests_setups_and_expectations() {
        let suite = parse(
            "# a comment\n\
             loadsgf games/x.sgf 12 # trailing comment\n\
             \n\
             3 attack E3\n\
             #? [1 (S4|T5)]\n\
             trymove black C3\n\
             14 owl_attack D4\n\
             #? [!P13]*\n\
             15 dragon_status D4\n\
             #? [undecided\n\
             16 attack A1\n\
             #? [0]&\n",
        )
        .unwrap();
        assert_eq!(suite.items.len(), 6);
        assert_eq!(
            suite.items[0],
            Item::Setup {
                line: 2,
                command: "loadsgf games/x.sgf 12".into()
            }
        );
        let tests = test_items(&suite);
        assert_eq!(tests.len(), 4);
        assert_eq!((tests[0].line, tests[0].number), (4, 3));
        assert_eq!(tests[0].command, "attack E3");
        let e = tests[0].expected.as_ref().unwrap();
        assert_eq!(
            (e.pattern.as_str(), e.negated, e.known_failure),
            ("1 (S4|T5)", false, false)
        );
        let e = tests[1].expected.as_ref().unwrap();
        assert_eq!(
            (e.pattern.as_str(), e.negated, e.known_failure),
            ("P13", true, true)
        );
        assert_eq!(e.display(), "!P13");
        let e = tests[2].expected.as_ref().unwrap();
        assert_eq!(e.pattern, "undecided");
        assert!(!e.negated && !e.known_failure && !e.ignored);
        assert!(tests[3].expected.as_ref().unwrap().ignored);
    }

    #[test]
    fn crlf_and_commented_out_expectations() {
        let suite = parse("1 attack E3\r\n##? [1 G1]\r\n#? [0]\r\n").unwrap();
        let tests = test_items(&suite);
        assert_eq!(tests[0].command, "attack E3");
        assert_eq!(tests[0].expected.as_ref().unwrap().pattern, "0");
    }

    #[test]
    fn a_test_without_expectation_is_kept_unjudged() {
        let suite = parse("1 reset_reading_node_counter\n2 attack A1\n#? [0]\n").unwrap();
        let tests = test_items(&suite);
        assert!(tests[0].expected.is_none());
        assert!(tests[1].expected.is_some());
    }

    #[test]
    fn broken_lines_name_file_and_line() {
        let cases = [
            ("#? [0]\n", 1, "must follow a numbered command"),
            (
                "loadsgf x.sgf\n\n#? [0]\n",
                3,
                "must follow a numbered command",
            ),
            ("1 attack A1\n#? 0\n", 2, "expected `#? [ANSWER]`"),
            ("1 attack A1\n#? [0]x\n", 2, "only `*` or `&`"),
            (
                "1 attack A1\n#? [0]\n#? [1 B1]\n",
                3,
                "already has its expected answer on line 2",
            ),
            ("12\n", 1, "expected `NUMBER COMMAND`"),
            ("12attack A1\n", 1, "expected `NUMBER COMMAND`"),
            ("99999999999 attack A1\n", 1, "too large"),
        ];
        for (text, line, message) in cases {
            let err = parse(text).unwrap_err();
            let shown = err.to_string();
            assert!(
                shown.starts_with(&format!("t.tst:{line}: ")),
                "{text:?} gave {shown}"
            );
            assert!(shown.contains(message), "{text:?} gave {shown}");
        }
    }

    #[test]
    fn missing_file_is_an_error() {
        let err = Suite::load(Path::new("/nonexistent/suite.tst")).unwrap_err();
        assert!(err.to_string().contains("/nonexistent/suite.tst"));
    }
}
