//! Text values: escaping and unescaping by the FF[4] rules.
//!
//! - `\` makes the next character literal; `\` before a line break is a
//!   soft line break and disappears together with the break (`\n`, `\r\n`,
//!   `\n\r` or `\r`).
//! - Text: other whitespace than line breaks becomes a space; line breaks
//!   are kept (normalised to `\n`).
//! - SimpleText: line breaks become spaces too.
//! - Escaping for output backslashes `\`, `]` and `:` (the colon so that the
//!   text can sit in a composed value such as a label).

/// Unescape a raw value by the Text rules.
pub fn unescape_text(raw: &str) -> String {
    unescape(raw, false)
}

/// Unescape a raw value by the SimpleText rules.
pub fn unescape_simple_text(raw: &str) -> String {
    unescape(raw, true)
}

fn unescape(raw: &str, simple: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(b @ ('\n' | '\r')) => {
                    // Soft line break: drop it with its partner character.
                    let partner = if b == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&partner) {
                        chars.next();
                    }
                }
                Some(other) => push_white(&mut out, other, simple, &mut chars, true),
                None => {}
            },
            _ => push_white(&mut out, c, simple, &mut chars, false),
        }
    }
    out
}

fn push_white(
    out: &mut String,
    c: char,
    simple: bool,
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    escaped: bool,
) {
    match c {
        '\n' | '\r' => {
            let partner = if c == '\n' { '\r' } else { '\n' };
            if !escaped && chars.peek() == Some(&partner) {
                chars.next();
            }
            out.push(if simple { ' ' } else { '\n' });
        }
        c if c.is_whitespace() => out.push(' '),
        c => out.push(c),
    }
}

/// Escape plain text for a value: `\`, `]` and `:` get a backslash.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ']' | ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Split a composed raw value `a:b` at its first unescaped colon. Without a
/// colon the second part is empty.
pub fn split_compose(raw: &str) -> (&str, &str) {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b':' => return (&raw[..i], &raw[i + 1..]),
            _ => i += 1,
        }
    }
    (raw, "")
}
