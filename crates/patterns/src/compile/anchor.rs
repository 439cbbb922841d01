//! Anchor choice: the diagram cell from which a compiled pattern is tried.
//!
//! The anchor is the cell whose requirement is most selective, so that most
//! board points reject every orientation of the pattern with one test:
//! a stone (`O` or `X`) if there is one, else an empty point, else `o`/`x`,
//! else `?`. Ties go to the cell with the most non-`?` orthogonal
//! neighbours (the standard matcher indexes on those), then to the first
//! cell in row-major order. Matches of patterns without a `*` report the
//! anchor's board point as their move point, so every matcher uses this one
//! function.

use crate::model::{Elem, Pattern};

/// How selective a requirement is on a typical board (higher = rarer fit).
fn rank(elem: Elem) -> u8 {
    match elem {
        Elem::Own | Elem::Opp => 3,
        Elem::Empty => 2,
        Elem::NotOpp | Elem::NotOwn => 1,
        Elem::Any => 0,
    }
}

/// The anchor cell `(row, col)` of a pattern (see the module docs).
///
/// # Panics
/// If the pattern has no cells.
pub fn choose_anchor(p: &Pattern) -> (usize, usize) {
    assert!(
        p.height > 0 && p.width > 0,
        "pattern {} has no cells",
        p.name
    );
    let mut best: Option<((u8, u8), (usize, usize))> = None;
    for r in 0..p.height {
        for c in 0..p.width {
            let neighbours = [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)]
                .into_iter()
                .filter(|(dr, dc)| {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    nr >= 0
                        && nc >= 0
                        && (nr as usize) < p.height
                        && (nc as usize) < p.width
                        && p.cell(nr as usize, nc as usize).elem != Elem::Any
                })
                .count() as u8;
            let score = (rank(p.cell(r, c).elem), neighbours);
            if !matches!(best, Some((b, _)) if score <= b) {
                best = Some((score, (r, c)));
            }
        }
    }
    best.map_or((0, 0), |(_, at)| at)
}
