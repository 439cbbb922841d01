//! The GTP version 2 wire format, engine side: from one input line to a
//! [`Request`], and from a result to the exact answer text.
//!
//! Input lines are preprocessed as the specification prescribes: control
//! characters other than tab and line feed are removed (so CR/LF line ends
//! work), everything from a `#` on is a comment, tabs become spaces, and
//! lines that are then empty or blank are ignored without an answer. A line
//! is `[id] command_name [arguments]`, where the id is a number made of
//! ASCII digits; it is echoed in the answer (as GNU Go does, without leading
//! zeros).
//!
//! Answers are `=[id] result` or `?[id] message`, always followed by an
//! empty line. A result may span several lines but never contains an empty
//! line, which would end the answer early: [`format_answer`] drops such
//! lines, so no handler can break the stream.

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The id to echo, normalised (`007` becomes `7`).
    pub id: Option<String>,
    /// The command name, case-sensitive as GTP specifies.
    pub name: String,
    /// The arguments, split at spaces.
    pub args: Vec<String>,
}

/// What one input line amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// An empty, blank or comment-only line: no answer at all.
    Skip,
    /// A command to run.
    Request(Request),
    /// A line that cannot be a command (an id without a command name): it
    /// gets a failure answer with this message.
    Invalid {
        /// The id, if the line started with one.
        id: Option<String>,
        /// The failure message.
        message: String,
    },
}

/// Apply the specification's preprocessing to one line (without its line
/// feed): drop control characters except tab, cut the comment, turn tabs
/// into spaces.
pub fn preprocess(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_ascii_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Whether a word is a command id: ASCII digits only.
fn is_id(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// An id without leading zeros (`0` stays `0`).
fn normalise_id(word: &str) -> String {
    let trimmed = word.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed.to_string()
    }
}

/// The id a raw line starts with, if any (used to answer lines that were
/// rejected before parsing, such as over-long ones).
pub fn leading_id(line: &str) -> Option<String> {
    let clean = preprocess(line);
    clean
        .split(' ')
        .find(|w| !w.is_empty())
        .filter(|w| is_id(w))
        .map(normalise_id)
}

/// Parse one input line (without its line feed).
pub fn parse_line(line: &str) -> Parsed {
    let clean = preprocess(line);
    let mut words = clean.split(' ').filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Parsed::Skip;
    };
    let (id, name) = if is_id(first) {
        let id = Some(normalise_id(first));
        match words.next() {
            Some(name) => (id, name),
            None => {
                return Parsed::Invalid {
                    id,
                    message: "missing command name".to_string(),
                }
            }
        }
    } else {
        (None, first)
    };
    Parsed::Request(Request {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// The complete answer text for a result: `=id result\n\n` on success,
/// `?id message\n\n` on failure. Empty and blank lines inside the text are
/// dropped (except that the text may start with a line break, as GNU Go's
/// `showboard` does), trailing line breaks are removed, and stray control
/// characters are removed.
pub fn format_answer(id: Option<&str>, result: Result<&str, &str>) -> String {
    let (mark, text) = match result {
        Ok(text) => ('=', text),
        Err(text) => ('?', text),
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push(mark);
    if let Some(id) = id {
        out.push_str(id);
    }
    out.push(' ');
    let text = text.trim_end_matches(['\n', '\r']);
    for (k, line) in text.split('\n').enumerate() {
        let line: String = line
            .chars()
            .filter(|c| !c.is_ascii_control() || *c == '\t')
            .collect();
        if k == 0 {
            out.push_str(&line);
        } else if !line.trim().is_empty() {
            out.push('\n');
            out.push_str(&line);
        }
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(line: &str) -> Request {
        match parse_line(line) {
            Parsed::Request(r) => r,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn plain_command_with_arguments() {
        let r = request("play black D4");
        assert_eq!(r.id, None);
        assert_eq!(r.name, "play");
        assert_eq!(r.args, vec!["black", "D4"]);
    }

    #[test]
    fn ids_are_echoed_without_leading_zeros() {
        assert_eq!(request("12 name").id.as_deref(), Some("12"));
        assert_eq!(request("007 name").id.as_deref(), Some("7"));
        assert_eq!(request("000 name").id.as_deref(), Some("0"));
        // Not an id: the whole word is the command name.
        assert_eq!(request("-1 name").name, "-1");
        assert_eq!(request("1.5 name").name, "1.5");
        assert_eq!(request("1.5 name").id, None);
    }

    #[test]
    fn very_long_ids_are_kept_exactly() {
        let digits = "9".repeat(60);
        assert_eq!(request(&format!("{digits} name")).id, Some(digits));
    }

    #[test]
    fn comments_blank_lines_and_whitespace() {
        assert_eq!(parse_line(""), Parsed::Skip);
        assert_eq!(parse_line("   \t  "), Parsed::Skip);
        assert_eq!(parse_line("# just a comment"), Parsed::Skip);
        assert_eq!(parse_line("  \t# indented comment"), Parsed::Skip);
        let r = request("\t3\tknown_command   play  # why not");
        assert_eq!(r.id.as_deref(), Some("3"));
        assert_eq!(r.name, "known_command");
        assert_eq!(r.args, vec!["play"]);
    }

    #[test]
    fn control_characters_are_removed() {
        assert_eq!(request("name\r").name, "name");
        assert_eq!(request("\u{1}\u{2}na\u{0}me\u{7f}").name, "name");
        assert_eq!(parse_line("\r"), Parsed::Skip);
    }

    #[test]
    fn id_without_command_is_invalid() {
        assert_eq!(
            parse_line("5  # nothing else"),
            Parsed::Invalid {
                id: Some("5".to_string()),
                message: "missing command name".to_string()
            }
        );
    }

    #[test]
    fn leading_id_of_raw_lines() {
        assert_eq!(leading_id("  42 play black"), Some("42".to_string()));
        assert_eq!(leading_id("play 42"), None);
        assert_eq!(leading_id(""), None);
    }

    #[test]
    fn non_ascii_words_survive() {
        let r = request("名前 ünïcode \u{fffd}");
        assert_eq!(r.name, "名前");
        assert_eq!(r.args, vec!["ünïcode", "\u{fffd}"]);
    }

    #[test]
    fn answers_are_formatted_as_gnugo_does() {
        assert_eq!(format_answer(Some("1"), Ok("2")), "=1 2\n\n");
        assert_eq!(format_answer(None, Ok("")), "= \n\n");
        assert_eq!(
            format_answer(Some("5"), Err("illegal move")),
            "?5 illegal move\n\n"
        );
        assert_eq!(
            format_answer(None, Err("unknown command")),
            "? unknown command\n\n"
        );
    }

    #[test]
    fn multi_line_answers_never_contain_an_empty_line() {
        assert_eq!(format_answer(None, Ok("\nA\nB\n")), "= \nA\nB\n\n");
        assert_eq!(
            format_answer(None, Ok("A\n\n\nB\n \nC\n\n")),
            "= A\nB\nC\n\n"
        );
        assert_eq!(format_answer(None, Ok("A\r\nB")), "= A\nB\n\n");
        assert_eq!(format_answer(None, Err("bad\n\nthing")), "? bad\nthing\n\n");
    }
}
