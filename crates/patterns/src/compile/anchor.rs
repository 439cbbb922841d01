//! Anchor choice: the diagram cell from which a compiled pattern is tried.
//!
//! The anchor is the cell whose requirement is most selective, so that most
//! board points reject every orientation of the pattern with one test:
//! a stone (`O` or `X`) if there is one, else an empty point, else `o`/`x`,
//! else `?`. Ties go to the cell whose orthogonal neighbours are the most
//! selective in sum (same ranking; the standard matcher indexes on them),
//! then to the cell whose 5x5 window holds the most non-`?` cells (the
//! standard matcher's one-word test), then to the first in row-major order. Matches of patterns without a `*` report the
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
    // (selectivity of the cell, of its orthogonal neighbours, window cells)
    type Score = (u8, u8, u8);
    let mut best: Option<(Score, (usize, usize))> = None;
    for r in 0..p.height {
        for c in 0..p.width {
            let neighbours: u8 = [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)]
                .into_iter()
                .filter_map(|(dr, dc)| {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    let inside =
                        nr >= 0 && nc >= 0 && (nr as usize) < p.height && (nc as usize) < p.width;
                    inside.then(|| rank(p.cell(nr as usize, nc as usize).elem))
                })
                .sum();
            let window = (0..p.height)
                .flat_map(|a| (0..p.width).map(move |b| (a, b)))
                .filter(|&(a, b)| {
                    a.abs_diff(r) <= 2 && b.abs_diff(c) <= 2 && p.cell(a, b).elem != Elem::Any
                })
                .count() as u8;
            let score = (rank(p.cell(r, c).elem), neighbours, window);
            if !matches!(best, Some((b, _)) if score <= b) {
                best = Some((score, (r, c)));
            }
        }
    }
    best.map_or((0, 0), |(_, at)| at)
}
