//! Line classification: the `.db` format is line-oriented, so the "lexer"
//! decides what each line is from its first characters.

/// The file directives the parser knows.
pub const DIRECTIVES: [&str; 3] = ["attribute_map", "goal_elements", "callback_data"];

/// What a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// Empty or only whitespace.
    Blank,
    /// Starts with `#`.
    Comment,
    /// `Pattern` followed by whitespace or the end of the line.
    Header,
    /// A known directive name followed by whitespace or the end.
    Directive,
    /// Starts with `:`.
    Colon,
    /// Starts with `;`.
    Constraint,
    /// Starts with `>`.
    Action,
    /// Anything else: a diagram row inside a pattern.
    Other,
}

/// Classifies one line (without its terminator).
pub fn classify(line: &str) -> LineKind {
    if line.trim().is_empty() {
        return LineKind::Blank;
    }
    match line.chars().next() {
        Some('#') => return LineKind::Comment,
        Some(':') => return LineKind::Colon,
        Some(';') => return LineKind::Constraint,
        Some('>') => return LineKind::Action,
        _ => {}
    }
    let first = first_word(line);
    if first == "Pattern" {
        return LineKind::Header;
    }
    if DIRECTIVES.contains(&first) {
        return LineKind::Directive;
    }
    LineKind::Other
}

/// The characters up to the first space or tab.
pub fn first_word(line: &str) -> &str {
    line.split([' ', '\t']).next().unwrap_or("")
}

/// Splits a line into words separated by spaces or tabs, with the 0-based
/// character column where each starts.
pub fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        if ch == ' ' || ch == '\t' {
            if let Some((c, b)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((col, byte));
        }
    }
    if let Some((c, b)) = start {
        out.push((c, &line[b..]));
    }
    out
}
