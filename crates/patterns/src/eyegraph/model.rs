//! The checked eye graphs: vertices with their kinds, adjacency, board-edge
//! contacts, vital points and the four-value eye value; and
//! [`EyeSpaceGraph`], the concrete graph of an eye space on a board that the
//! engine builds and looks up or solves.
//!
//! [`check`] turns the AST of [`super::syntax`] into an [`EyeGraphDb`],
//! reporting unknown symbols, ragged or misplaced edge marks, disconnected
//! or empty graphs and malformed eye values with the pattern parser's
//! diagnostics.

use std::fmt;

use crate::syntax::source::Source;
use crate::syntax::{Diagnostic, DiagnosticKind};

use super::syntax::{is_diagram_char, EyeFileAst, GraphAst};

/// The four-value eye value of the manual ("Eye local game values"): the
/// number of eyes (0, 1 or 2; more counts as 2) when
/// `a`: the attacker moves first and gets one more move because the
/// defender tenukis once (when the defender chooses);
/// `b`: the attacker moves first, then alternate play;
/// `c`: the defender moves first, then alternate play;
/// `d`: the defender moves first and gets one more move because the attacker
/// tenukis once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct EyeValue {
    pub a: u8,
    pub b: u8,
    pub c: u8,
    pub d: u8,
}

impl EyeValue {
    /// A value from its four digits.
    pub fn new(a: u8, b: u8, c: u8, d: u8) -> EyeValue {
        EyeValue { a, b, c, d }
    }

    /// Eyes if the attacker moves first (GNU Go's `min_eyes`).
    pub fn min_eyes(&self) -> u8 {
        self.b
    }

    /// Eyes if the defender moves first (GNU Go's `max_eyes`).
    pub fn max_eyes(&self) -> u8 {
        self.c
    }

    /// Whether the digits are ordered `a <= b <= c <= d` and at most 2, as
    /// every value of a local game is.
    pub fn is_well_formed(&self) -> bool {
        self.a <= self.b && self.b <= self.c && self.c <= self.d && self.d <= 2
    }
}

impl fmt::Display for EyeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.a, self.b, self.c, self.d)
    }
}

/// Whether a vertex lies on the margin of the eye space (next to empty
/// points outside it, `!`-like) or inside it (`.`-like).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VertexKind {
    Proper,
    Marginal,
}

/// What a database vertex requires on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// An empty point (`.`, `*`, `<`, `>`, `!`, `@`, `(`, `)`).
    Empty,
    /// A dead opponent stone (`X`, or `$` on the margin).
    Stone,
    /// Either (`x`).
    Any,
}

/// One vertex of a database graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphVertex {
    /// The diagram symbol.
    pub symbol: char,
    pub kind: VertexKind,
    pub content: Content,
    /// A vital point for the attacker (`*`, `<`, `@`, `(`).
    pub attack: bool,
    /// A vital point for the defender (`*`, `>`, `@`, `)`).
    pub defense: bool,
    /// Number of board-edge marks next to it in the diagram (only meaningful
    /// when the graph is edge specific).
    pub edges: u8,
    /// 0-based row and column in the diagram.
    pub row: usize,
    pub col: usize,
}

/// One checked eye graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeGraph {
    pub name: String,
    /// 1-based line of the `Pattern` header.
    pub line: usize,
    /// The comment lines of the block (the Go reason, in katachi's file).
    pub comments: Vec<String>,
    pub vertices: Vec<GraphVertex>,
    /// Neighbours of each vertex (indices into `vertices`), sorted.
    pub adjacency: Vec<Vec<usize>>,
    /// Whether the diagram draws a board edge: then the graph only matches
    /// eye spaces whose vertices touch the edge exactly as drawn.
    pub edge_specific: bool,
    pub value: EyeValue,
}

impl EyeGraph {
    /// The indices of the attack points.
    pub fn attack_points(&self) -> Vec<usize> {
        (0..self.vertices.len())
            .filter(|&v| self.vertices[v].attack)
            .collect()
    }

    /// The indices of the defence points.
    pub fn defense_points(&self) -> Vec<usize> {
        (0..self.vertices.len())
            .filter(|&v| self.vertices[v].defense)
            .collect()
    }

    /// Every concrete eye space this graph stands for: each `x` is expanded
    /// to an empty point and to a stone (2^k spaces for k wildcards).
    pub fn expansions(&self) -> Vec<EyeSpaceGraph> {
        let wild: Vec<usize> = (0..self.vertices.len())
            .filter(|&v| self.vertices[v].content == Content::Any)
            .collect();
        let count = 1usize << wild.len().min(16);
        (0..count)
            .map(|mask| {
                let mut space = EyeSpaceGraph::default();
                for v in &self.vertices {
                    space.add_vertex(SpaceVertex {
                        marginal: v.kind == VertexKind::Marginal,
                        stone: v.content == Content::Stone,
                        edges: v.edges,
                    });
                }
                for (k, &w) in wild.iter().enumerate() {
                    space.vertices[w].stone = mask & (1 << k) != 0;
                }
                space.adjacency = self.adjacency.clone();
                space
            })
            .collect()
    }
}

/// A checked eye-graph database, graphs in file order (lookup takes the
/// first graph that matches, so specific graphs come before general ones).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EyeGraphDb {
    /// The file name given to the parser.
    pub file: String,
    pub graphs: Vec<EyeGraph>,
}

/// One vertex of an eye space as found on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SpaceVertex {
    /// Next to an empty point outside the eye space (or made marginal by the
    /// engine: a false eye, or the key point of a half eye).
    pub marginal: bool,
    /// Holds a dead opponent stone.
    pub stone: bool,
    /// Number of off-board neighbours (0 in the centre, 1 on the edge, 2 in
    /// the corner).
    pub edges: u8,
}

/// The graph of an actual eye space: vertices and their adjacency. The
/// engine builds it from the board: two vertices are adjacent if they are
/// neighbours on the board, or if one is a half eye and the other its key
/// point (which the engine adds as a marginal vertex), as the manual's "Eye
/// shape analysis" describes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EyeSpaceGraph {
    pub vertices: Vec<SpaceVertex>,
    /// Neighbours of each vertex, no self loops, no duplicates.
    pub adjacency: Vec<Vec<usize>>,
}

impl EyeSpaceGraph {
    /// An empty graph.
    pub fn new() -> EyeSpaceGraph {
        EyeSpaceGraph::default()
    }

    /// Adds a vertex and returns its index.
    pub fn add_vertex(&mut self, v: SpaceVertex) -> usize {
        self.vertices.push(v);
        self.adjacency.push(Vec::new());
        self.vertices.len() - 1
    }

    /// Connects two vertices (ignored for a self loop, an existing edge or
    /// an index out of range).
    pub fn add_edge(&mut self, a: usize, b: usize) {
        if a == b || a >= self.vertices.len() || b >= self.vertices.len() {
            return;
        }
        if !self.adjacency[a].contains(&b) {
            self.adjacency[a].push(b);
            self.adjacency[b].push(a);
        }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.vertices.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.vertices.is_empty()
    }

    /// Builds a graph from a small diagram in the database notation, with
    /// no wildcard: `.` `!` `X` `$` (and the vital-point symbols, read as
    /// their plain kinds); blanks are no vertex; `|`, `-`, `+` mark the
    /// board edge. Orthogonal neighbours are adjacent. Returns `None` on any
    /// other character (`x` included).
    pub fn from_diagram(rows: &[&str]) -> Option<EyeSpaceGraph> {
        let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let mut index = vec![vec![None; 0]; grid.len()];
        let mut g = EyeSpaceGraph::new();
        for (r, row) in grid.iter().enumerate() {
            index[r] = vec![None; row.len()];
            for (c, &ch) in row.iter().enumerate() {
                let (marginal, stone) = match ch {
                    '.' | '*' | '<' | '>' => (false, false),
                    '!' | '@' | '(' | ')' => (true, false),
                    'X' => (false, true),
                    '$' => (true, true),
                    ' ' | '|' | '-' | '+' => continue,
                    _ => return None,
                };
                let edges = edge_count(&grid, r, c);
                index[r][c] = Some(g.add_vertex(SpaceVertex {
                    marginal,
                    stone,
                    edges,
                }));
            }
        }
        for r in 0..grid.len() {
            for c in 0..grid[r].len() {
                let Some(a) = index[r][c] else { continue };
                if let Some(&Some(b)) = index[r].get(c + 1) {
                    g.add_edge(a, b);
                }
                if let Some(&Some(b)) = index.get(r + 1).and_then(|row| row.get(c)) {
                    g.add_edge(a, b);
                }
            }
        }
        Some(g)
    }
}

fn cell(grid: &[Vec<char>], r: isize, c: isize) -> char {
    if r < 0 || c < 0 {
        return ' ';
    }
    grid.get(r as usize)
        .and_then(|row| row.get(c as usize))
        .copied()
        .unwrap_or(' ')
}

fn edge_count(grid: &[Vec<char>], r: usize, c: usize) -> u8 {
    let (r, c) = (r as isize, c as isize);
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .iter()
        .filter(|&&(y, x)| matches!(cell(grid, y, x), '|' | '-' | '+'))
        .count() as u8
}

/// Checks the AST and builds the database; every problem becomes a
/// diagnostic, and a graph with an error is left out.
pub(crate) fn check(src: &Source<'_>, ast: &EyeFileAst, diags: &mut Vec<Diagnostic>) -> EyeGraphDb {
    let mut db = EyeGraphDb {
        file: src.name().to_string(),
        graphs: Vec::new(),
    };
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for g in &ast.graphs {
        if let Some(&first) = seen.get(g.name.as_str()) {
            if !g.name.is_empty() {
                let mut d = src.warning(
                    DiagnosticKind::DuplicateName,
                    g.name_span,
                    format!("a second graph named {}", g.name),
                    None,
                );
                d.note = Some(src.note(src.line_span(first), "first defined here"));
                diags.push(d);
            }
        } else {
            seen.insert(&g.name, g.name_span.start.line);
        }
        if let Some(graph) = check_graph(src, g, diags) {
            db.graphs.push(graph);
        }
    }
    db
}

fn check_graph(src: &Source<'_>, g: &GraphAst, diags: &mut Vec<Diagnostic>) -> Option<EyeGraph> {
    let before = diags.iter().filter(|d| d.is_error()).count();
    let header = g.name_span.start.line;
    if g.rows.is_empty() {
        diags.push(src.error(
            DiagnosticKind::MissingDiagram,
            g.name_span,
            format!("pattern {} has no diagram", g.name),
            None,
        ));
    }
    // Symbols.
    for row in &g.rows {
        for (c, ch) in row.text.chars().enumerate() {
            if !is_diagram_char(ch) {
                diags.push(src.error(
                    DiagnosticKind::UnknownSymbol,
                    src.span(row.line, c, 1),
                    format!("unknown eye-graph symbol {ch:?}"),
                    Some(
                        "eye-graph symbols are . * < > ! @ $ ( ) X x, blanks, and edge marks | - +",
                    ),
                ));
            }
        }
    }
    let grid: Vec<Vec<char>> = g.rows.iter().map(|r| r.text.chars().collect()).collect();
    // Edge marks: `-`/`+` rows hold only edge marks and blanks and are the
    // first or last row; `|` is the first or last mark of its row.
    let mut edge_specific = false;
    for (r, row) in grid.iter().enumerate() {
        let line = g.rows[r].line;
        let is_hline = row.iter().any(|&c| c == '-' || c == '+');
        if is_hline {
            edge_specific = true;
            if let Some(c) = row
                .iter()
                .position(|&c| !matches!(c, '-' | '+' | ' ' | '|'))
            {
                diags.push(src.error(
                    DiagnosticKind::BadEdge,
                    src.span(line, c, 1),
                    "an edge row (`-`, `+`) holds a vertex",
                    Some("draw the top or bottom edge on a row of its own"),
                ));
            } else if r != 0 && r + 1 != grid.len() {
                diags.push(src.error(
                    DiagnosticKind::BadEdge,
                    src.line_span(line),
                    "an edge row (`-`, `+`) in the middle of the diagram",
                    Some("the board edge is the first or the last row"),
                ));
            }
            continue;
        }
        for (c, &ch) in row.iter().enumerate() {
            if ch != '|' {
                continue;
            }
            edge_specific = true;
            let left = row[..c].iter().all(|&x| x == ' ');
            let right = row[c + 1..].iter().all(|&x| x == ' ');
            if !left && !right {
                diags.push(src.error(
                    DiagnosticKind::BadEdge,
                    src.span(line, c, 1),
                    "`|` between vertices",
                    Some("the side edge `|` is the first or the last mark of its row"),
                ));
            }
        }
    }
    // Vertices.
    let mut vertices = Vec::new();
    let mut index: Vec<Vec<Option<usize>>> = grid.iter().map(|r| vec![None; r.len()]).collect();
    for (r, row) in grid.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let (kind, content, attack, defense) = match ch {
                '.' => (VertexKind::Proper, Content::Empty, false, false),
                '*' => (VertexKind::Proper, Content::Empty, true, true),
                '<' => (VertexKind::Proper, Content::Empty, true, false),
                '>' => (VertexKind::Proper, Content::Empty, false, true),
                '!' => (VertexKind::Marginal, Content::Empty, false, false),
                '@' => (VertexKind::Marginal, Content::Empty, true, true),
                '(' => (VertexKind::Marginal, Content::Empty, true, false),
                ')' => (VertexKind::Marginal, Content::Empty, false, true),
                '$' => (VertexKind::Marginal, Content::Stone, false, false),
                'X' => (VertexKind::Proper, Content::Stone, false, false),
                'x' => (VertexKind::Proper, Content::Any, false, false),
                _ => continue,
            };
            index[r][c] = Some(vertices.len());
            vertices.push(GraphVertex {
                symbol: ch,
                kind,
                content,
                attack,
                defense,
                edges: edge_count(&grid, r, c),
                row: r,
                col: c,
            });
        }
    }
    let mut adjacency = vec![Vec::new(); vertices.len()];
    for r in 0..grid.len() {
        for c in 0..grid[r].len() {
            let Some(a) = index[r][c] else { continue };
            if let Some(&Some(b)) = index[r].get(c + 1) {
                adjacency[a].push(b);
                adjacency[b].push(a);
            }
            if let Some(&Some(b)) = index.get(r + 1).and_then(|row| row.get(c)) {
                adjacency[a].push(b);
                adjacency[b].push(a);
            }
        }
    }
    for list in &mut adjacency {
        list.sort_unstable();
    }
    if !g.rows.is_empty() && vertices.is_empty() {
        diags.push(src.error(
            DiagnosticKind::MissingDiagram,
            src.line_span(g.rows[0].line),
            "the diagram has no vertex",
            None,
        ));
    }
    if !vertices.is_empty() {
        // Connected?
        let mut seen = vec![false; vertices.len()];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for &w in &adjacency[v] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        if let Some(v) = seen.iter().position(|s| !s) {
            let vx = &vertices[v];
            diags.push(src.error(
                DiagnosticKind::SplitDiagram,
                src.span(g.rows[vx.row].line, vx.col, 1),
                "the eye graph is not connected: this vertex is cut off from the first one",
                Some("an eye space is one connected region; write each region as its own graph"),
            ));
        }
    }
    // Value.
    let value =
        match &g.value {
            None => {
                diags.push(src.error(
                    DiagnosticKind::MissingColonLine,
                    g.name_span,
                    format!("pattern {} has no colon line with its eye value", g.name),
                    Some("add `:abcd`, four digits 0..2 (see the eye local game values)"),
                ));
                None
            }
            Some((text, span)) => parse_value(text)
                .map_err(|(off, msg)| {
                    let line = span.start.line;
                    let col = span.start.column - 1 + off;
                    diags.push(src.error(
                DiagnosticKind::BadValue,
                src.span(line, col, 1),
                msg,
                Some("the eye value is four digits 0..2, ordered a <= b <= c <= d, e.g. `:0112`"),
            ));
                })
                .ok(),
        };
    let errors = diags.iter().filter(|d| d.is_error()).count();
    if errors > before {
        return None;
    }
    let _ = header;
    Some(EyeGraph {
        name: g.name.clone(),
        line: header,
        comments: g.comments.clone(),
        vertices,
        adjacency,
        edge_specific,
        value: value?,
    })
}

/// Parses the text after `:`; on error, the character offset and message.
fn parse_value(text: &str) -> Result<EyeValue, (usize, String)> {
    let body = text.trim_end();
    let chars: Vec<char> = body.chars().collect();
    if chars.len() != 4 {
        let off = chars.len().min(4);
        return Err((
            off,
            format!(
                "the eye value has {} characters, not four digits",
                chars.len()
            ),
        ));
    }
    let mut d = [0u8; 4];
    for (k, &ch) in chars.iter().enumerate() {
        match ch.to_digit(10) {
            Some(v) if v <= 2 => d[k] = v as u8,
            _ => return Err((k, format!("{ch:?} is not an eye count (0, 1 or 2)"))),
        }
    }
    let v = EyeValue::new(d[0], d[1], d[2], d[3]);
    if !v.is_well_formed() {
        let k = (1..4).find(|&k| d[k] < d[k - 1]).unwrap_or(0);
        return Err((k, format!("eye value {v} is not ordered a <= b <= c <= d")));
    }
    Ok(v)
}
