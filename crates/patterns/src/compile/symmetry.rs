//! The symmetry a diagram really has, and the canonical form of a match of a
//! symmetric pattern.
//!
//! Two orientations `o` and `o ∘ s`, where `s` maps the diagram onto itself
//! (same requirement on every cell, `*` onto `*`, edge marks onto edge
//! marks), place the same requirements on the same board points: they are
//! one match. Which of them a matcher reports depends on which orientations
//! it tries, so matches are compared in canonical form: the smallest
//! `(orientation, origin)` over the equivalent orientations, `origin` being
//! where diagram cell (0, 0) lands. The real symmetry is computed from the
//! diagram, not taken from the colon line, because a declared symmetry can
//! be wrong.

use super::transform::Transform;
use crate::model::Pattern;

/// The orientations that map the diagram onto itself (identity included).
pub fn real_symmetries(p: &Pattern) -> Vec<Transform> {
    Transform::ALL
        .into_iter()
        .filter(|&s| maps_onto_itself(p, s))
        .collect()
}

fn maps_onto_itself(p: &Pattern, s: Transform) -> bool {
    let (h, w) = (p.height as i32, p.width as i32);
    if s.swaps_axes() && h != w {
        return false;
    }
    let (mr, mc) = s.rect_min(p.height, p.width);
    let image = |r: i32, c: i32| {
        let (a, b) = s.apply(r, c);
        (a - mr, b - mc)
    };
    for r in 0..h {
        for c in 0..w {
            let (a, b) = image(r, c);
            let here = p.cell(r as usize, c as usize);
            let there = p.cell(a as usize, b as usize);
            let star = |x: (i32, i32)| p.move_point == Some((x.0 as usize, x.1 as usize));
            if here.elem != there.elem || star((r, c)) != star((a, b)) {
                return false;
            }
        }
    }
    let side = |(r, c): (i32, i32)| -> bool {
        if r < 0 {
            p.edges.top
        } else if r >= h {
            p.edges.bottom
        } else if c < 0 {
            p.edges.left
        } else {
            p.edges.right
        }
    };
    [(-1, 0), (h, 0), (0, -1), (0, w)]
        .into_iter()
        .all(|x| side(x) == side(image(x.0, x.1)))
}

/// The canonical `(orientation, origin)` of a placement with orientation `o`
/// and origin `d` (board `(row, col)`, row 0 at the top), given the
/// pattern's real symmetries.
pub fn canonical(
    p: &Pattern,
    symmetries: &[Transform],
    o: Transform,
    d: (i32, i32),
) -> (Transform, (i32, i32)) {
    let (mr, mc) = o.rect_min(p.height, p.width);
    let corner = (d.0 + mr, d.1 + mc);
    symmetries
        .iter()
        .map(|&s| {
            let o2 = o.compose(s);
            let (nr, nc) = o2.rect_min(p.height, p.width);
            (o2, (corner.0 - nr, corner.1 - nc))
        })
        .min()
        .unwrap_or((o, d))
}
