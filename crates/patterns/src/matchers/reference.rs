//! The reference matcher: the definition of a geometric match (see the
//! [module docs of `matchers`](super)) written as obvious code over the
//! pattern model, with no compilation and no tricks. It is the oracle the
//! other engines are tested against; it is slow by design (every kept
//! orientation at every origin whose rectangle fits, every cell checked).

use katachi_board::{Cell, Color};

use super::{Match, Matcher, Position, Scratch};
use crate::compile::anchor::choose_anchor;
use crate::compile::transform::{kept_orientations, Transform};
use crate::compile::PatternId;
use crate::model::{Elem, Pattern, PatternDb};

/// The reference matcher over a database.
#[derive(Clone, Debug)]
pub struct ReferenceMatcher {
    patterns: Vec<(Pattern, (usize, usize))>,
}

impl ReferenceMatcher {
    /// A matcher for every pattern of `db` (ids are indices into it).
    pub fn new(db: &PatternDb) -> ReferenceMatcher {
        let patterns = db
            .patterns
            .iter()
            .map(|p| (p.clone(), choose_anchor(p)))
            .collect();
        ReferenceMatcher { patterns }
    }
}

/// Whether a board cell satisfies a requirement for `color`.
pub fn fits(elem: Elem, cell: Cell, color: Color) -> bool {
    let own = color.cell();
    let opp = color.opponent().cell();
    match elem {
        Elem::Any => cell != Cell::Edge,
        Elem::Empty => cell == Cell::Empty,
        Elem::Own => cell == own,
        Elem::Opp => cell == opp,
        Elem::NotOpp => cell == Cell::Empty || cell == own,
        Elem::NotOwn => cell == Cell::Empty || cell == opp,
    }
}

/// Whether pattern `p` in orientation `t` with diagram cell (0, 0) on board
/// `(di, dj)` is a geometric match for `color`.
pub fn matches_at(
    p: &Pattern,
    t: Transform,
    di: i32,
    dj: i32,
    pos: Position<'_>,
    color: Color,
) -> bool {
    let land = |r: i32, c: i32| {
        let (a, b) = t.apply(r, c);
        (di + a, dj + b)
    };
    let (h, w) = (p.height as i32, p.width as i32);
    let beyond = [
        (p.edges.top, (-1, 0)),
        (p.edges.bottom, (h, 0)),
        (p.edges.left, (0, -1)),
        (p.edges.right, (0, w)),
    ];
    let edges_ok = beyond.into_iter().all(|(drawn, (r, c))| {
        let (i, j) = land(r, c);
        !drawn || pos.cell_at(i, j) == Cell::Edge
    });
    edges_ok
        && (0..p.height).all(|r| {
            (0..p.width).all(|c| {
                let (i, j) = land(r as i32, c as i32);
                fits(p.cell(r, c).elem, pos.cell_at(i, j), color)
            })
        })
}

impl Matcher for ReferenceMatcher {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn find_all(
        &self,
        pos: Position<'_>,
        color: Color,
        _scratch: &mut Scratch,
        out: &mut Vec<Match>,
    ) {
        let n = pos.size() as i32;
        for (k, (p, anchor)) in self.patterns.iter().enumerate() {
            let mark_cell = p.move_point.unwrap_or(*anchor);
            for &t in kept_orientations(p.symmetry) {
                // Only origins whose rectangle lies on the board can match.
                let (mr, mc) = t.rect_min(p.height, p.width);
                let (rh, rw) = if t.swaps_axes() {
                    (p.width as i32, p.height as i32)
                } else {
                    (p.height as i32, p.width as i32)
                };
                for di in -mr..n - rh + 1 - mr {
                    for dj in -mc..n - rw + 1 - mc {
                        if !matches_at(p, t, di, dj, pos, color) {
                            continue;
                        }
                        let (a, b) = t.apply(mark_cell.0 as i32, mark_cell.1 as i32);
                        out.push(Match {
                            pattern: PatternId(k as u32),
                            transform: t,
                            origin: pos.point(di as usize, dj as usize),
                            mark: pos.point((di + a) as usize, (dj + b) as usize),
                        });
                    }
                }
            }
        }
    }
}
