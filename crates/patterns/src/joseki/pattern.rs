//! One compiled joseki pattern: its diagram, colon line, constraint diagram
//! and carried-over lines, how it is built from a position and a node, and
//! how it is written as `.db` text.

use katachi_board::Color;

use super::comment::{CommentParts, JosekiClass};
use super::position::{Coord, Position};
use crate::model::{Edges, Symmetry};

/// A rectangle of board points, bounds inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Top row.
    pub top: usize,
    /// Bottom row.
    pub bottom: usize,
    /// Leftmost column.
    pub left: usize,
    /// Rightmost column.
    pub right: usize,
}

impl Rect {
    /// The rectangle spanned by the upper right corner of a board of `size`
    /// and every point of `marks`.
    pub fn from_marks(size: usize, marks: &[Coord]) -> Rect {
        let mut rect = Rect {
            top: 0,
            bottom: 0,
            left: size - 1,
            right: size - 1,
        };
        for &(r, c) in marks {
            rect.bottom = rect.bottom.max(r);
            rect.left = rect.left.min(c);
        }
        rect
    }

    /// Whether `p` lies inside.
    pub fn contains(&self, (r, c): Coord) -> bool {
        (self.top..=self.bottom).contains(&r) && (self.left..=self.right).contains(&c)
    }

    /// The board edges this rectangle touches on a board of `size`.
    pub fn edges(&self, size: usize) -> Edges {
        Edges {
            top: self.top == 0,
            bottom: self.bottom == size - 1,
            left: self.left == 0,
            right: self.right == size - 1,
        }
    }
}

/// A diagram as written: rows of symbols and the board edges drawn around.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Rows from the top, each the same length.
    pub rows: Vec<Vec<char>>,
    /// Which sides are board edges.
    pub edges: Edges,
}

impl Diagram {
    /// Number of columns.
    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    /// Whether the diagram is square and unchanged by the mirror about its
    /// anti-diagonal (`/`), the diagonal through the upper right corner.
    pub fn is_antidiagonal_symmetric(&self) -> bool {
        let n = self.rows.len();
        let e = self.edges;
        n == self.width()
            && e.top == e.right
            && e.left == e.bottom
            && (0..n).all(|r| (0..n).all(|c| self.rows[r][c] == self.rows[n - 1 - c][n - 1 - r]))
    }

    /// Append the diagram, edges included, one line per row.
    pub fn write(&self, out: &mut String) {
        let edge_line = |out: &mut String| {
            if self.edges.left {
                out.push('+');
            }
            out.push_str(&"-".repeat(self.width()));
            if self.edges.right {
                out.push('+');
            }
            out.push('\n');
        };
        if self.edges.top {
            edge_line(out);
        }
        for row in &self.rows {
            if self.edges.left {
                out.push('|');
            }
            out.extend(row.iter());
            if self.edges.right {
                out.push('|');
            }
            out.push('\n');
        }
        if self.edges.bottom {
            edge_line(out);
        }
    }
}

/// A joseki pattern, ready to be written as `.db` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JosekiPattern {
    /// Pattern name (prefix and running number).
    pub name: String,
    /// `#` lines of the comment, written above the diagram.
    pub comments: Vec<String>,
    /// The main diagram: `O` the player to move, `X` the other, `*` the move.
    pub diagram: Diagram,
    /// `8`, or `/` when the diagram (and constraint diagram) is symmetric.
    pub symmetry: Symmetry,
    /// The joseki class.
    pub class: JosekiClass,
    /// What the comment's colon lines add after the class.
    pub colon_extra: String,
    /// Present when the node has labels, constraint or action lines.
    pub constraint_diagram: Option<Diagram>,
    /// `;` and `>` lines, in their order in the comment.
    pub constraints: Vec<String>,
}

/// Why a node's pattern cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The move lies outside the marked rectangle.
    MoveOutside,
    /// A label lies outside the marked rectangle.
    LabelOutside(char),
    /// Two labels on one point.
    TwoLabels(char, char),
}

/// Everything a node contributes besides the position.
#[derive(Clone, Debug)]
pub struct NodeSpec<'a> {
    /// The colour that moves (`O` in the pattern).
    pub mover: Color,
    /// The move point.
    pub mv: Coord,
    /// The marks bounding the pattern (at least one).
    pub marks: &'a [Coord],
    /// Single-letter labels.
    pub labels: &'a [(Coord, char)],
    /// The parsed comment.
    pub comment: &'a CommentParts,
}

impl JosekiPattern {
    /// Build the pattern of a node from the position before its move.
    pub fn build(name: String, pos: &Position, spec: &NodeSpec<'_>) -> Result<Self, BuildError> {
        let size = pos.size();
        let rect = Rect::from_marks(size, spec.marks);
        if !rect.contains(spec.mv) {
            return Err(BuildError::MoveOutside);
        }
        let edges = rect.edges(size);
        let rows: Vec<Vec<char>> = (rect.top..=rect.bottom)
            .map(|r| {
                (rect.left..=rect.right)
                    .map(|c| match pos.get((r, c)) {
                        _ if (r, c) == spec.mv => '*',
                        Some(color) if color == spec.mover => 'O',
                        Some(_) => 'X',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let diagram = Diagram { rows, edges };
        let comment = spec.comment;
        let constraint_diagram = if spec.labels.is_empty() && comment.constraints.is_empty() {
            None
        } else {
            let mut cd = diagram.clone();
            let mut labelled: Vec<(Coord, char)> = Vec::new();
            for &(p, letter) in spec.labels {
                if !rect.contains(p) {
                    return Err(BuildError::LabelOutside(letter));
                }
                if let Some(&(_, other)) = labelled.iter().find(|(q, _)| *q == p) {
                    return Err(BuildError::TwoLabels(other, letter));
                }
                labelled.push((p, letter));
                cd.rows[p.0 - rect.top][p.1 - rect.left] = letter;
            }
            Some(cd)
        };
        let symmetric = diagram.is_antidiagonal_symmetric()
            && constraint_diagram
                .iter()
                .all(Diagram::is_antidiagonal_symmetric);
        Ok(JosekiPattern {
            name,
            comments: comment.comments.clone(),
            diagram,
            symmetry: if symmetric {
                Symmetry::AntiDiagonal
            } else {
                Symmetry::None8
            },
            class: comment.class.unwrap_or(JosekiClass::Standard),
            colon_extra: comment.colon.clone(),
            constraint_diagram,
            constraints: comment.constraints.clone(),
        })
    }

    /// The colon line, e.g. `:8,sFJ-,shape(3)`.
    pub fn colon_line(&self) -> String {
        let sym = match self.symmetry {
            Symmetry::AntiDiagonal => '/',
            _ => '8',
        };
        format!(":{sym},sF{}{}", self.class.letter(), self.colon_extra)
    }

    /// Append the pattern as `.db` text, followed by two blank lines.
    pub fn write(&self, out: &mut String) {
        out.push_str("Pattern ");
        out.push_str(&self.name);
        out.push('\n');
        for line in &self.comments {
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
        self.diagram.write(out);
        out.push('\n');
        out.push_str(&self.colon_line());
        out.push('\n');
        if let Some(cd) = &self.constraint_diagram {
            out.push('\n');
            cd.write(out);
        }
        if !self.constraints.is_empty() {
            out.push('\n');
            for line in &self.constraints {
                out.push_str(line);
                out.push('\n');
            }
        }
        out.push_str("\n\n");
    }
}
