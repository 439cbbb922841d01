//! What one SGF node says to the compiler: setup stones, the move, the
//! marks, the labels and the comment, read and checked with the place of
//! each fault.

use katachi_board::Color;
use katachi_sgf::{sgf_point_list, sgf_point_to, Node, Pos};

use super::error::{JosekiError, JosekiErrorKind};
use super::position::Coord;

/// The parts of a node the compiler uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeInfo {
    /// `AB`, `AW` and `AE` points: `None` clears the point.
    pub setup: Vec<(Coord, Option<Color>)>,
    /// The move: colour, and point (`None` for a pass); where it was written.
    pub mv: Option<(Color, Option<Coord>, Option<Pos>)>,
    /// Points of every `SQ` and `MA` value.
    pub marks: Vec<Coord>,
}

/// Where the property `id` (or else the node) starts.
pub fn place(node: &Node, id: &str) -> Option<Pos> {
    node.property(id).and_then(|p| p.pos).or(node.pos)
}

fn bad_point(node: &Node, id: &str, message: String) -> JosekiError {
    JosekiError {
        pos: place(node, id),
        kind: JosekiErrorKind::BadPoint {
            prop: id.to_string(),
            message,
        },
    }
}

fn point_list(node: &Node, id: &str, size: usize) -> Result<Vec<Coord>, JosekiError> {
    let mut out = Vec::new();
    for value in node.get_all(id) {
        let points = sgf_point_list(value, size).map_err(|e| bad_point(node, id, e.to_string()))?;
        out.extend(points);
    }
    Ok(out)
}

impl NodeInfo {
    /// Read the setup, move and marks of `node` on a board of `size`.
    pub fn read(node: &Node, size: usize) -> Result<NodeInfo, JosekiError> {
        let mut info = NodeInfo::default();
        for (id, stone) in [
            ("AE", None),
            ("AB", Some(Color::Black)),
            ("AW", Some(Color::White)),
        ] {
            for p in point_list(node, id, size)? {
                info.setup.push((p, stone));
            }
        }
        for (id, color) in [("B", Color::Black), ("W", Color::White)] {
            let Some(value) = node.get(id) else { continue };
            if info.mv.is_some() {
                return Err(JosekiError {
                    pos: place(node, id),
                    kind: JosekiErrorKind::TwoMoves,
                });
            }
            let point =
                sgf_point_to(value, size).map_err(|e| bad_point(node, id, e.to_string()))?;
            info.mv = Some((color, point, place(node, id)));
        }
        for id in ["SQ", "MA"] {
            info.marks.extend(point_list(node, id, size)?);
        }
        Ok(info)
    }
}

/// The single-letter labels of `node`, checked.
pub fn labels(node: &Node, size: usize) -> Result<Vec<(Coord, char)>, JosekiError> {
    let mut out = Vec::new();
    for (point, text) in node.labels() {
        let at = sgf_point_to(&point, size).map_err(|e| bad_point(node, "LB", e.to_string()))?;
        let Some(at) = at else {
            return Err(bad_point(
                node,
                "LB",
                format!("label {text:?} has no point"),
            ));
        };
        let mut chars = text.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() && !"OoXxQY".contains(c) => c,
            _ => {
                return Err(JosekiError {
                    pos: place(node, "LB"),
                    kind: JosekiErrorKind::BadLabel(text),
                })
            }
        };
        out.push((at, letter));
    }
    Ok(out)
}
