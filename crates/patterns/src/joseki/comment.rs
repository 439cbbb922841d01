//! Reading an SGF node comment: the joseki class from its first character
//! and the `#`, `;`, `>` and `:` lines that are carried into the pattern.

use std::fmt;

/// The joseki class of a move, written after `:8,sF` on the colon line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JosekiClass {
    /// `U`: urgent move.
    Urgent,
    /// `J` (from `S` or `J`): standard move; also the default.
    Standard,
    /// `j` (from `s` or `j`): lesser joseki.
    Lesser,
    /// `T`: trick move.
    Trick,
    /// `t`: minor joseki move, tenuki is fine.
    Minor,
    /// `N` (from `0` or `A`): antisuji, a move not to play.
    Antisuji,
}

impl JosekiClass {
    /// The class chosen by the first character of a comment; `None` if the
    /// character is not a class character (the caller then uses
    /// [`JosekiClass::Standard`]).
    pub fn from_first_char(c: char) -> Option<JosekiClass> {
        Some(match c {
            'U' => JosekiClass::Urgent,
            'S' | 'J' => JosekiClass::Standard,
            's' | 'j' => JosekiClass::Lesser,
            'T' => JosekiClass::Trick,
            't' => JosekiClass::Minor,
            '0' | 'A' => JosekiClass::Antisuji,
            _ => return None,
        })
    }

    /// The pattern class letter written on the colon line.
    pub fn letter(self) -> char {
        match self {
            JosekiClass::Urgent => 'U',
            JosekiClass::Standard => 'J',
            JosekiClass::Lesser => 'j',
            JosekiClass::Trick => 'T',
            JosekiClass::Minor => 't',
            JosekiClass::Antisuji => 'N',
        }
    }
}

impl fmt::Display for JosekiClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What a node comment contributes to its pattern.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CommentParts {
    /// The class given by the first character, if it is a class character.
    pub class: Option<JosekiClass>,
    /// Lines starting with `#`, verbatim, in order.
    pub comments: Vec<String>,
    /// Lines starting with `;` or `>`, verbatim, in their order.
    pub constraints: Vec<String>,
    /// The text after the `:` of every colon line, concatenated in order.
    pub colon: String,
}

impl CommentParts {
    /// Split a comment (already unescaped SGF Text) into its parts.
    ///
    /// Every line is looked at, the first included: a first line `#...` is a
    /// comment line (and the class stays the default). Only lines whose very
    /// first character is `#`, `;`, `>` or `:` count. Carried lines are kept
    /// byte for byte (trailing spaces too, as GNU Go does), except for a
    /// carriage return left before the line break.
    pub fn parse(comment: &str) -> CommentParts {
        let mut parts = CommentParts {
            class: comment
                .chars()
                .next()
                .and_then(JosekiClass::from_first_char),
            ..CommentParts::default()
        };
        for line in comment.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            match line.chars().next() {
                Some('#') => parts.comments.push(line.to_string()),
                Some(';') | Some('>') => parts.constraints.push(line.to_string()),
                Some(':') => parts.colon.push_str(&line[1..]),
                _ => {}
            }
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_characters() {
        let cases = [
            ("U", Some('U')),
            ("S", Some('J')),
            ("J", Some('J')),
            ("s", Some('j')),
            ("j", Some('j')),
            ("T", Some('T')),
            ("t", Some('t')),
            ("0", Some('N')),
            ("A", Some('N')),
            ("u", None),
            ("i", None),
            ("#x", None),
            ("", None),
        ];
        for (text, want) in cases {
            let got = CommentParts::parse(text).class.map(JosekiClass::letter);
            assert_eq!(got, want, "comment {text:?}");
        }
    }

    #[test]
    fn rest_of_first_line_is_ignored() {
        let p = CommentParts::parse("U ;not a constraint\n#kept");
        assert_eq!(p.class, Some(JosekiClass::Urgent));
        assert!(p.constraints.is_empty());
        assert_eq!(p.comments, vec!["#kept"]);
    }

    #[test]
    fn carried_lines_in_order() {
        let p = CommentParts::parse(
            "j\n# one\n ;indented is not carried\n;a(A)\n>b(B)\n; c(C)  \r\n:-,shape(2)\n:,x\n",
        );
        assert_eq!(p.class, Some(JosekiClass::Lesser));
        assert_eq!(p.comments, vec!["# one"]);
        assert_eq!(p.constraints, vec![";a(A)", ">b(B)", "; c(C)  "]);
        assert_eq!(p.colon, "-,shape(2),x");
    }

    #[test]
    fn first_line_may_itself_be_carried() {
        let p = CommentParts::parse(";safe_omove(*)");
        assert_eq!(p.class, None);
        assert_eq!(p.constraints, vec![";safe_omove(*)"]);
        let p = CommentParts::parse(":-,shape(6)\n");
        assert_eq!(p.colon, "-,shape(6)");
        let p = CommentParts::parse("#bad for white");
        assert_eq!(p.comments, vec!["#bad for white"]);
    }
}
