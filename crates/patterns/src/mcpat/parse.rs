//! The Monte Carlo pattern format (GNU Go's `mc_*.db`, documented in
//! `montecarlo.texi`): text to a checked list of 3x3 patterns with spans,
//! and the diagnostics (file, line, column, caret) of the crate's syntax
//! layer.
//!
//! The format: `#` comments and blank lines anywhere; a pattern is a diagram
//! of exactly three rows of three symbols with the move `*` at the centre,
//! followed (blank lines allowed in between) by one or more colon lines
//! `:VALUE[,PROPERTY]*`. Each colon line is an alternative: the first line
//! (of the first pattern) whose diagram matches and whose properties all
//! hold gives the move value. Trailing white space on diagram rows is
//! ignored.
//!
//! Symbols are relative to the player to move: `O` own stone, `X` opponent
//! stone, `.` empty, `o` own or empty, `x` opponent or empty, `?` own,
//! opponent or empty (not off the board), `%` anything including off the
//! board, and the edge marks `|`, `-`, `+` (off the board; they must
//! describe a real board edge or corner).

use crate::syntax::source::Source;
use crate::syntax::{Diagnostic, DiagnosticKind, Span};

/// One cell of a Monte Carlo diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum McSymbol {
    /// `*`: the move (only at the centre).
    Move,
    /// `.`: empty.
    Empty,
    /// `O`: a stone of the player to move.
    Own,
    /// `X`: an opponent stone.
    Opp,
    /// `o`: own stone or empty.
    OwnOrEmpty,
    /// `x`: opponent stone or empty.
    OppOrEmpty,
    /// `?`: any stone or empty, but on the board.
    Any,
    /// `%`: anything, off the board included.
    AnyOrEdge,
    /// `|`, `-` or `+`: off the board.
    Edge(char),
}

impl McSymbol {
    /// The symbol of a diagram character.
    pub fn from_char(c: char) -> Option<McSymbol> {
        Some(match c {
            '*' => McSymbol::Move,
            '.' => McSymbol::Empty,
            'O' => McSymbol::Own,
            'X' => McSymbol::Opp,
            'o' => McSymbol::OwnOrEmpty,
            'x' => McSymbol::OppOrEmpty,
            '?' => McSymbol::Any,
            '%' => McSymbol::AnyOrEdge,
            '|' | '-' | '+' => McSymbol::Edge(c),
            _ => return None,
        })
    }

    /// The neighbour states this symbol accepts, as a 4-bit set over the
    /// relative states of [`super::table`] (bit 0 empty, 1 own, 2 opponent,
    /// 3 off the board). The move accepts only "empty".
    pub fn states(self) -> u8 {
        match self {
            McSymbol::Move | McSymbol::Empty => 0b0001,
            McSymbol::Own => 0b0010,
            McSymbol::Opp => 0b0100,
            McSymbol::OwnOrEmpty => 0b0011,
            McSymbol::OppOrEmpty => 0b0101,
            McSymbol::Any => 0b0111,
            McSymbol::AnyOrEdge => 0b1111,
            McSymbol::Edge(_) => 0b1000,
        }
    }
}

/// A bound on a number of captured stones (`ocap`/`xcap` properties; "3"
/// means three or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapRange {
    /// Exactly 0, 1, 2, or 3 and more (for 3).
    Exactly(u8),
    /// At least this many (`1+`, `2+`).
    AtLeast(u8),
    /// At most this many (`1-`, `2-`).
    AtMost(u8),
}

impl CapRange {
    /// Whether a capture count (clamped to 3) is in the range.
    pub fn contains(self, n: u8) -> bool {
        match self {
            CapRange::Exactly(k) => n == k,
            CapRange::AtLeast(k) => n >= k,
            CapRange::AtMost(k) => n <= k,
        }
    }
}

/// A property of a colon line (montecarlo.texi's list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum McProperty {
    /// `near` (true) / `far` (false): the move is near the previous move.
    Near(bool),
    /// `osafe` (true) / `ounsafe` (false): the move is not a self-atari.
    OSafe(bool),
    /// `xsafe` (true) / `xunsafe` (false): the point would not be a
    /// self-atari for the opponent.
    XSafe(bool),
    /// `xsuicide` (true) / `xnosuicide` (false): the point would be suicide
    /// for the opponent.
    XSuicide(bool),
    /// `ocapN[+-]`: stones the move captures.
    OCap(CapRange),
    /// `xcapN[+-]`: stones an opponent move here would capture.
    XCap(CapRange),
}

impl McProperty {
    /// Parses a property name.
    pub fn parse(s: &str) -> Option<McProperty> {
        Some(match s {
            "near" => McProperty::Near(true),
            "far" => McProperty::Near(false),
            "osafe" => McProperty::OSafe(true),
            "ounsafe" => McProperty::OSafe(false),
            "xsafe" => McProperty::XSafe(true),
            "xunsafe" => McProperty::XSafe(false),
            "xsuicide" => McProperty::XSuicide(true),
            "xnosuicide" => McProperty::XSuicide(false),
            _ => {
                let (own, rest) = if let Some(r) = s.strip_prefix("ocap") {
                    (true, r)
                } else if let Some(r) = s.strip_prefix("xcap") {
                    (false, r)
                } else {
                    return None;
                };
                let range = match rest {
                    "0" => CapRange::Exactly(0),
                    "1" => CapRange::Exactly(1),
                    "2" => CapRange::Exactly(2),
                    "3" => CapRange::Exactly(3),
                    "1+" => CapRange::AtLeast(1),
                    "2+" => CapRange::AtLeast(2),
                    "1-" => CapRange::AtMost(1),
                    "2-" => CapRange::AtMost(2),
                    _ => return None,
                };
                if own {
                    McProperty::OCap(range)
                } else {
                    McProperty::XCap(range)
                }
            }
        })
    }
}

/// The property names, for hints.
pub const PROPERTY_NAMES: &str = "near far osafe ounsafe xsafe xunsafe xsuicide xnosuicide \
     ocap0 ocap1 ocap2 ocap3 ocap1+ ocap1- ocap2+ ocap2- (and xcap likewise)";

/// One colon line: a value and the properties that must all hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McLine {
    /// The whole line.
    pub span: Span,
    /// The move value (unsigned 32 bits).
    pub value: u32,
    /// The properties with their places.
    pub properties: Vec<(McProperty, Span)>,
}

/// One checked pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McPattern {
    /// The three diagram rows.
    pub span: Span,
    /// `diagram[row][col]`, row 0 on top; the centre is the move.
    pub diagram: [[McSymbol; 3]; 3],
    /// The colon lines in order (at least one).
    pub lines: Vec<McLine>,
}

/// A checked Monte Carlo database: the patterns without errors, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct McDb {
    /// The file name given to the parser.
    pub name: String,
    /// Patterns in file order (first match wins).
    pub patterns: Vec<McPattern>,
}

/// A pattern being read.
struct Pending {
    /// (1-based line number, text without trailing white space).
    rows: Vec<(usize, String)>,
    lines: Vec<McLine>,
    /// A blank line came after the last diagram row (before any colon line).
    gap_after_rows: bool,
    /// An error was already reported for this pattern.
    bad: bool,
}

/// Parses and checks a Monte Carlo database: every pattern without an
/// error, and all diagnostics in source order.
pub fn parse_mc_db(text: &str, file_name: &str) -> (McDb, Vec<Diagnostic>) {
    let src = Source::new(file_name, text);
    let mut diags = Vec::new();
    let mut db = McDb {
        name: file_name.to_string(),
        patterns: Vec::new(),
    };
    let mut cur: Option<Pending> = None;
    for n in 1..=src.line_count() {
        let raw = src.line(n);
        let line = raw.trim_end();
        let first = line.chars().next();
        match first {
            None => {
                if let Some(p) = cur.as_mut() {
                    if p.lines.is_empty() {
                        p.gap_after_rows = true;
                    }
                }
            }
            Some('#') => {}
            Some(':') => match cur.as_mut() {
                None => diags.push(src.error(
                    DiagnosticKind::MissingDiagram,
                    src.line_span(n),
                    "colon line without a diagram before it",
                    Some("a pattern is a 3x3 diagram followed by one or more ':VALUE,...' lines"),
                )),
                Some(p) => {
                    if let Some(l) = parse_colon_line(&src, n, line, &mut diags) {
                        p.lines.push(l);
                    } else {
                        p.bad = true;
                    }
                }
            },
            Some(_) => {
                // A new pattern starts after colon lines, or after a blank
                // line that follows three rows (the previous diagram then
                // lacks its colon line).
                let starts_new = cur
                    .as_ref()
                    .is_none_or(|p| !p.lines.is_empty() || (p.gap_after_rows && p.rows.len() == 3));
                if starts_new {
                    if let Some(p) = cur.take() {
                        finish(&src, p, &mut db, &mut diags);
                    }
                    cur = Some(Pending {
                        rows: Vec::new(),
                        lines: Vec::new(),
                        gap_after_rows: false,
                        bad: false,
                    });
                }
                let p = cur.as_mut().expect("pattern started above");
                if p.gap_after_rows && !p.bad {
                    diags.push(src.error(
                        DiagnosticKind::SplitDiagram,
                        src.line_span(n),
                        "a blank line splits this diagram",
                        Some("the three rows of a diagram must be consecutive"),
                    ));
                    p.bad = true;
                }
                p.gap_after_rows = false;
                p.rows.push((n, line.to_string()));
            }
        }
    }
    if let Some(p) = cur.take() {
        finish(&src, p, &mut db, &mut diags);
    }
    diags.sort_by_key(|d| (d.span.start.offset, d.span.start.column));
    (db, diags)
}

/// Reads `:VALUE[,PROPERTY]*`.
fn parse_colon_line(
    src: &Source<'_>,
    n: usize,
    line: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<McLine> {
    let mut ok = true;
    let mut value = None;
    let mut properties = Vec::new();
    // Fields after the colon, with their character columns (0-based).
    let body = &line[1..];
    let mut col = 1;
    for (k, field) in body.split(',').enumerate() {
        let len = field.chars().count();
        let lead = field.chars().take_while(|c| c.is_whitespace()).count();
        let word = field.trim();
        let span = src.span(n, col + lead, word.chars().count().max(1));
        if k == 0 {
            match word.parse::<u32>() {
                Ok(v) => value = Some(v),
                Err(_) => {
                    diags.push(src.error(
                        DiagnosticKind::BadValue,
                        span,
                        if word.is_empty() {
                            "missing move value after ':'".to_string()
                        } else {
                            format!("move value '{word}' is not an unsigned 32-bit integer")
                        },
                        Some("write the value first, e.g. ':100,near,osafe'"),
                    ));
                    ok = false;
                }
            }
        } else {
            match McProperty::parse(word) {
                Some(prop) => properties.push((prop, span)),
                None => {
                    diags.push(src.diag(
                        crate::syntax::Severity::Error,
                        DiagnosticKind::BadProperty,
                        span,
                        if word.is_empty() {
                            "empty property (two commas or a trailing comma)".to_string()
                        } else {
                            format!("unknown property '{word}'")
                        },
                        Some(format!("properties are {PROPERTY_NAMES}")),
                    ));
                    ok = false;
                }
            }
        }
        col += len + 1;
    }
    let line = McLine {
        span: src.line_span(n),
        value: value?,
        properties,
    };
    if ok && super::table::line_mask(&line).iter().all(|&w| w == 0) {
        diags.push(src.warning(
            DiagnosticKind::BadProperty,
            line.span,
            "these properties contradict each other: the line never applies",
            None,
        ));
    }
    ok.then_some(line)
}

/// Checks a finished diagram and keeps the pattern if it has no error.
fn finish(src: &Source<'_>, p: Pending, db: &mut McDb, diags: &mut Vec<Diagnostic>) {
    let (first, _) = p.rows[0];
    let (last, _) = p.rows[p.rows.len() - 1];
    let span = src.line_span(first).to(src.line_span(last));
    let mut bad = p.bad;
    if p.lines.is_empty() && !bad {
        diags.push(src.error(
            DiagnosticKind::MissingColonLine,
            span,
            "diagram without a colon line",
            Some("add ':VALUE' (and properties) after the diagram"),
        ));
        bad = true;
    }
    if p.rows.len() != 3 {
        diags.push(src.error(
            DiagnosticKind::BadMcDiagram,
            span,
            format!(
                "Monte Carlo diagrams have exactly 3 rows, this one has {}",
                p.rows.len()
            ),
            Some("patterns are always 3x3 with the move '*' at the centre"),
        ));
        return;
    }
    let mut diagram = [[McSymbol::Empty; 3]; 3];
    for (r, (n, text)) in p.rows.iter().enumerate() {
        let chars: Vec<char> = text.chars().collect();
        for (c, &ch) in chars.iter().enumerate() {
            match McSymbol::from_char(ch) {
                Some(s) => {
                    if c < 3 {
                        diagram[r][c] = s;
                    }
                }
                None => {
                    diags.push(src.error(
                        DiagnosticKind::UnknownSymbol,
                        src.span(*n, c, 1),
                        format!("unknown Monte Carlo diagram symbol '{ch}'"),
                        Some("symbols are * . O X o x ? % and edge marks | - +"),
                    ));
                    bad = true;
                }
            }
        }
        if chars.len() != 3 {
            diags.push(src.error(
                DiagnosticKind::BadMcDiagram,
                src.line_span(*n),
                format!(
                    "Monte Carlo diagram rows are 3 symbols wide, this one has {}",
                    chars.len()
                ),
                Some("patterns are always 3x3 with the move '*' at the centre"),
            ));
            bad = true;
        }
    }
    if bad {
        return;
    }
    // The move: exactly one, at the centre.
    for (r, row) in diagram.iter().enumerate() {
        for (c, &sym) in row.iter().enumerate() {
            let is_move = sym == McSymbol::Move;
            if is_move != (r == 1 && c == 1) {
                let (n, _) = p.rows[r];
                diags.push(src.error(
                    DiagnosticKind::BadMcDiagram,
                    src.span(n, c, 1),
                    if is_move {
                        "the move '*' must be at the centre of the diagram"
                    } else {
                        "the centre of the diagram must be the move '*'"
                    },
                    None,
                ));
                bad = true;
            }
        }
    }
    if bad || !check_edges(src, &p.rows, &diagram, diags) {
        return;
    }
    db.patterns.push(McPattern {
        span,
        diagram,
        lines: p.lines,
    });
}

/// Checks that the edge marks describe a board edge or corner: `-` fill
/// the top or bottom row, `|` the left or right column, `+` the corner
/// where both meet; `%` may stand anywhere. Reports and returns false
/// otherwise.
fn check_edges(
    src: &Source<'_>,
    rows: &[(usize, String)],
    d: &[[McSymbol; 3]; 3],
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let (mut edge_row, mut edge_col) = ([false; 3], [false; 3]);
    for r in 0..3 {
        for c in 0..3 {
            match d[r][c] {
                McSymbol::Edge('-') => edge_row[r] = true,
                McSymbol::Edge('|') => edge_col[c] = true,
                McSymbol::Edge(_) => {
                    edge_row[r] = true;
                    edge_col[c] = true;
                }
                _ => {}
            }
        }
    }
    let mut ok = true;
    let mut report = |r: usize, c: usize, msg: String, hint: &str| {
        diags.push(src.error(
            DiagnosticKind::BadEdge,
            src.span(rows[r].0, c, 1),
            msg,
            Some(hint),
        ));
        ok = false;
    };
    if edge_row[1] || edge_col[1] || (edge_row[0] && edge_row[2]) || (edge_col[0] && edge_col[2]) {
        // Report at the first edge mark of the impossible line.
        let (r, c) = (0..9)
            .map(|k| (k / 3, k % 3))
            .find(|&(r, c)| {
                matches!(d[r][c], McSymbol::Edge(_))
                    && (r == 1
                        || c == 1
                        || (edge_row[0] && edge_row[2])
                        || (edge_col[0] && edge_col[2]))
            })
            .unwrap_or((0, 0));
        report(
            r,
            c,
            "edge marks here describe no real board edge".to_string(),
            "'-' fills the top or bottom row, '|' the left or right column, '+' their corner",
        );
        return false;
    }
    for r in 0..3 {
        for c in 0..3 {
            let want = match (edge_row[r], edge_col[c]) {
                (true, true) => Some('+'),
                (true, false) => Some('-'),
                (false, true) => Some('|'),
                (false, false) => None,
            };
            let s = d[r][c];
            match (want, s) {
                (_, McSymbol::AnyOrEdge) => {}
                (Some(w), McSymbol::Edge(e)) if w == e => {}
                (Some(w), _) => report(
                    r,
                    c,
                    format!("this point is off the board: expected '{w}'"),
                    "an edge row or column is off the board in full; '%' also matches the edge",
                ),
                (None, McSymbol::Edge(e)) => report(
                    r,
                    c,
                    format!("edge mark '{e}' where no edge passes"),
                    "'-' fills the top or bottom row, '|' the left or right column, '+' their corner",
                ),
                (None, _) => {}
            }
        }
    }
    ok
}
