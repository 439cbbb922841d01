//! Diagram geometry: edge marks stripped, rows checked to form a rectangle.
//!
//! A row made only of `-` and `+` is a top or bottom board edge; a `|` at the
//! start or end of every other row is a left or right edge; `+` marks the
//! corners where two edges meet. Used for both the main and the constraint
//! diagram.

use super::Edges;
use crate::syntax::ast::{Cell, Diagram};
use crate::syntax::diagnostic::{Diagnostic, DiagnosticKind as K};
use crate::syntax::source::Source;

/// A rectangular diagram with edge marks removed.
#[derive(Clone, Debug)]
pub struct Grid {
    pub height: usize,
    pub width: usize,
    /// Row-major cells.
    pub cells: Vec<Cell>,
    pub edges: Edges,
}

impl Grid {
    /// The cell at `(r, c)`.
    pub fn at(&self, r: usize, c: usize) -> Cell {
        self.cells[r * self.width + c]
    }
}

fn is_edge_row(cells: &[Cell]) -> bool {
    !cells.is_empty() && cells.iter().all(|c| c.ch == '-' || c.ch == '+')
}

/// Builds the grid of `diagram`, or `None` after reporting why it is not a
/// rectangle with well-placed edges. `what` names the diagram in messages.
pub fn grid(
    src: &Source<'_>,
    diagram: &Diagram,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Grid> {
    let rows = &diagram.rows;
    if rows.is_empty() {
        return None;
    }
    let before = diags.len();
    let top = is_edge_row(&rows[0].cells);
    let bottom = rows.len() > 1 && is_edge_row(&rows[rows.len() - 1].cells);
    let body_start = usize::from(top);
    let body_end = rows.len() - usize::from(bottom);
    for row in rows.iter().take(body_end).skip(body_start) {
        if is_edge_row(&row.cells) {
            diags.push(src.error(
                K::BadEdge,
                row.span,
                format!("edge row inside the {what}"),
                Some("a `-` edge row can only be the first or the last row"),
            ));
        }
    }
    if body_start >= body_end {
        diags.push(src.error(
            K::MissingDiagram,
            rows[0].span,
            format!("the {what} has only edge rows"),
            Some("draw at least one row of points next to the edge"),
        ));
        return None;
    }
    let body = &rows[body_start..body_end];
    let left = body
        .iter()
        .any(|r| r.cells.first().is_some_and(|c| c.ch == '|'));
    let right = body
        .iter()
        .any(|r| r.cells.len() > 1 && r.cells.last().is_some_and(|c| c.ch == '|'));
    let mut cells = Vec::new();
    let mut width: Option<(usize, usize)> = None; // (width, row line)
    for row in body {
        let errors_before = diags.len();
        let mut inner: &[Cell] = &row.cells;
        if left {
            match inner.first() {
                Some(c) if c.ch == '|' => inner = &inner[1..],
                _ => {
                    diags.push(src.error(
                        K::BadEdge,
                        row.cells.first().map_or(row.span, |c| c.span),
                        "this row lacks the left edge mark `|`",
                        Some("with a left edge, every row starts with `|`"),
                    ));
                }
            }
        }
        if right {
            match inner.last() {
                Some(c) if c.ch == '|' => inner = &inner[..inner.len() - 1],
                _ => {
                    diags.push(src.error(
                        K::BadEdge,
                        row.cells.last().map_or(row.span, |c| c.span),
                        "this row lacks the right edge mark `|`",
                        Some("with a right edge, every row ends with `|`"),
                    ));
                }
            }
        }
        for c in inner {
            if is_edge_row(&row.cells) {
                break; // already reported as a misplaced edge row
            }
            if matches!(c.ch, '|' | '-' | '+') {
                diags.push(src.error(
                    K::BadEdge,
                    c.span,
                    format!("edge mark `{}` inside the {what}", c.ch),
                    Some("edge marks go around the diagram: `|` first or last in a row, `-`/`+` rows at top or bottom"),
                ));
            }
        }
        match width {
            None => width = Some((inner.len(), row.span.start.line)),
            Some((w, line)) if w != inner.len() && diags.len() == errors_before => {
                let mut d = src.error(
                    K::RaggedRows,
                    row.span,
                    format!(
                        "ragged {what}: this row has {} points, the first row has {w}",
                        inner.len()
                    ),
                    Some("every row of a diagram has the same number of points"),
                );
                d.note = Some(src.note(src.line_span(line), "first row here"));
                diags.push(d);
            }
            Some(_) => {}
        }
        cells.extend_from_slice(inner);
    }
    let (width, _) = width.unwrap_or((0, 0));
    let edges = Edges {
        top,
        bottom,
        left,
        right,
    };
    for (is, row) in [(top, &rows[0]), (bottom, &rows[rows.len() - 1])] {
        if !is {
            continue;
        }
        let expect_len = width + usize::from(left) + usize::from(right);
        let ok_len = row.cells.len() == expect_len;
        let ok_marks = row.cells.iter().enumerate().all(|(i, c)| {
            let corner = (left && i == 0) || (right && i + 1 == row.cells.len());
            (c.ch == '+') == corner
        });
        if !ok_len || !ok_marks {
            let expected: String = (0..expect_len)
                .map(|i| {
                    if (left && i == 0) || (right && i + 1 == expect_len) {
                        '+'
                    } else {
                        '-'
                    }
                })
                .collect();
            diags.push(src.error(
                K::BadEdge,
                row.span,
                format!("edge row does not fit the {what}"),
                Some(&format!(
                    "for this diagram the edge row is `{expected}` (`+` exactly at corners)"
                )),
            ));
        }
    }
    if diags.len() > before || width == 0 {
        return None;
    }
    Some(Grid {
        height: body.len(),
        width,
        cells,
        edges,
    })
}
