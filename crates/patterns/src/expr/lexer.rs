//! Tokens of the constraint/action language, read from the joined lines.
//!
//! Each `;`/`>` line is lexed separately (no token spans two lines) and the
//! token streams are concatenated, so every token keeps its true position.

use crate::syntax::ast::Word;
use crate::syntax::span::{Position, Span};

/// A token kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A number literal and its text.
    Number(f64, String),
    /// An identifier (function, constant, keyword or label).
    Ident(String),
    /// An operator or punctuation, as written (`&&`, `(`, `?` ...).
    Punct(&'static str),
    /// A character that starts no token.
    Bad(char),
}

/// A token with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

const PUNCTS: [&str; 21] = [
    "&&", "||", "==", "!=", "<=", ">=", "(", ")", ",", ";", "?", ":", "!", "<", ">", "+", "-", "*",
    "/", "{", "}",
];

/// Lexes every line, in order.
pub fn lex(lines: &[Word]) -> Vec<Token> {
    let mut out = Vec::new();
    for line in lines {
        lex_line(line, &mut out);
    }
    out
}

fn lex_line(line: &Word, out: &mut Vec<Token>) {
    let chars: Vec<(usize, char)> = line.text.char_indices().collect();
    let pos = |i: usize| -> Position {
        let byte = chars.get(i).map_or(line.text.len(), |c| c.0);
        Position {
            offset: line.span.start.offset + byte,
            line: line.span.start.line,
            column: line.span.start.column + i,
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let tok = if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(|d| d.1.is_ascii_digit()))
        {
            while i < chars.len() && (chars[i].1.is_ascii_alphanumeric() || chars[i].1 == '.') {
                i += 1;
            }
            let text: String = chars[start..i].iter().map(|c| c.1).collect();
            match crate::syntax::parser::parse_number(&text) {
                Some(v) => Tok::Number(v, text),
                None => {
                    i = start + 1;
                    Tok::Bad(c)
                }
            }
        } else if c.is_ascii_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].1.is_ascii_alphanumeric() || chars[i].1 == '_') {
                i += 1;
            }
            Tok::Ident(chars[start..i].iter().map(|c| c.1).collect())
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())]
                .iter()
                .map(|c| c.1)
                .collect();
            if let Some(p) = PUNCTS.iter().find(|p| p.len() == 2 && **p == two) {
                i += 2;
                Tok::Punct(p)
            } else if let Some(p) = PUNCTS.iter().find(|p| p.len() == 1 && p.starts_with(c)) {
                i += 1;
                Tok::Punct(p)
            } else {
                i += 1;
                Tok::Bad(c)
            }
        };
        out.push(Token {
            tok,
            span: Span::new(pos(start), pos(i)),
        });
    }
}
