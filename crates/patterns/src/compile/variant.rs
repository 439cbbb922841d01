//! One pattern in one orientation, compiled relative to its anchor: the
//! 2-bit and-compare elements sorted stones-first, the bounding box, the
//! edge constraints and the row masks on 64-bit words.
//!
//! Board points are 2-bit values seen from the colour matched for:
//! `00` empty, `01` own (`O`), `10` opponent (`X`), `11` off the board. An
//! element fits when `(value & mask) == want`: `.` is `(11, 00)`, `O`
//! `(11, 01)`, `X` `(11, 10)`, `o` `(10, 00)` (not `X`, not off-board), `x`
//! `(01, 00)`; `?` has no element (the bounding box test puts it on the board).

use serde::{Deserialize, Serialize};

use super::transform::Transform;
use super::PatternId;
use crate::model::{Elem, Pattern};

/// The `(mask, want)` and-compare pair of a requirement; `None` for `?`.
pub fn and_compare(elem: Elem) -> Option<(u8, u8)> {
    match elem {
        Elem::Empty => Some((0b11, 0b00)),
        Elem::Own => Some((0b11, 0b01)),
        Elem::Opp => Some((0b11, 0b10)),
        Elem::NotOpp => Some((0b10, 0b00)),
        Elem::NotOwn => Some((0b01, 0b00)),
        Elem::Any => None,
    }
}

/// One element: a board offset from the anchor and its and-compare pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Element {
    pub di: i8,
    pub dj: i8,
    pub mask: u8,
    pub want: u8,
}

/// One row of the bounding box as an and-compare on a 64-bit row word: the
/// row `di` rows below the anchor, cells from the box's left column, two
/// bits per cell, leftmost cell in the lowest bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowMask {
    pub di: i8,
    pub mask: u64,
    pub want: u64,
}

/// Board sides a placement must touch (edge marks of the diagram).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EdgeNeeds {
    pub top: bool,
    pub bottom: bool,
    pub left: bool,
    pub right: bool,
}

/// A pattern compiled for one orientation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    pub pattern: PatternId,
    pub transform: Transform,
    /// And-compare pair of the anchor cell (mask 0 for `?`).
    pub anchor_mask: u8,
    pub anchor_want: u8,
    /// Bounding box offsets from the anchor, inclusive.
    pub min_i: i8,
    pub max_i: i8,
    pub min_j: i8,
    pub max_j: i8,
    pub edges: EdgeNeeds,
    /// Offset of the point where diagram cell (0, 0) lands.
    pub origin: (i8, i8),
    /// Offset of the move point (`*`, or the anchor itself).
    pub mark: (i8, i8),
    /// Every non-`?` cell, stones first, then empty points, then `o`/`x`.
    pub elements: Vec<Element>,
    /// Row masks of the bounding box, rows with the most stones first.
    pub rows: Vec<RowMask>,
}

impl Variant {
    /// Compile `pattern` (anchored at `anchor`) in orientation `t`.
    pub fn build(id: PatternId, p: &Pattern, anchor: (usize, usize), t: Transform) -> Variant {
        let off = |r: usize, c: usize| {
            let (di, dj) = t.apply(r as i32 - anchor.0 as i32, c as i32 - anchor.1 as i32);
            (di as i8, dj as i8)
        };
        let corners = [
            (0, 0),
            (0, p.width - 1),
            (p.height - 1, 0),
            (p.height - 1, p.width - 1),
        ]
        .map(|(r, c)| off(r, c));
        let min_i = corners.iter().map(|x| x.0).min().unwrap_or(0);
        let max_i = corners.iter().map(|x| x.0).max().unwrap_or(0);
        let min_j = corners.iter().map(|x| x.1).min().unwrap_or(0);
        let max_j = corners.iter().map(|x| x.1).max().unwrap_or(0);

        let mut edges = EdgeNeeds::default();
        let sides = [
            (p.edges.top, (-1, 0)),
            (p.edges.bottom, (1, 0)),
            (p.edges.left, (0, -1)),
            (p.edges.right, (0, 1)),
        ];
        for (present, (r, c)) in sides {
            if present {
                match t.apply(r, c) {
                    (-1, 0) => edges.top = true,
                    (1, 0) => edges.bottom = true,
                    (0, -1) => edges.left = true,
                    _ => edges.right = true,
                }
            }
        }

        let mut elements = Vec::new();
        for r in 0..p.height {
            for c in 0..p.width {
                if let Some((mask, want)) = and_compare(p.cell(r, c).elem) {
                    let (di, dj) = off(r, c);
                    elements.push(Element { di, dj, mask, want });
                }
            }
        }
        // Stones first, then empty points, then the half tests; stable.
        elements.sort_by_key(|e| match (e.mask, e.want) {
            (0b11, 0b01) | (0b11, 0b10) => 0,
            (0b11, _) => 1,
            _ => 2,
        });

        let height = (max_i - min_i + 1) as usize;
        let mut rows: Vec<(usize, RowMask)> = (0..height)
            .map(|k| {
                let row = RowMask {
                    di: min_i + k as i8,
                    mask: 0,
                    want: 0,
                };
                (0, row)
            })
            .collect();
        for e in &elements {
            let (stones, row) = &mut rows[(e.di - min_i) as usize];
            let shift = 2 * (e.dj - min_j) as u32;
            row.mask |= (e.mask as u64) << shift;
            row.want |= (e.want as u64) << shift;
            if e.mask == 0b11 && e.want != 0 {
                *stones += 1;
            }
        }
        rows.retain(|(_, r)| r.mask != 0);
        rows.sort_by_key(|(stones, _)| std::cmp::Reverse(*stones));

        let (ar, ac) = anchor;
        let (anchor_mask, anchor_want) = and_compare(p.cell(ar, ac).elem).unwrap_or((0, 0));
        let mark = p.move_point.map_or((0, 0), |(r, c)| off(r, c));
        Variant {
            pattern: id,
            transform: t,
            anchor_mask,
            anchor_want,
            min_i,
            max_i,
            min_j,
            max_j,
            edges,
            origin: off(0, 0),
            mark,
            elements,
            rows: rows.into_iter().map(|(_, r)| r).collect(),
        }
    }

    /// The same placement test anchored on element `k` instead: every
    /// offset moves by that element's offset, so the variant anchored at
    /// `(i, j)` here matches exactly when `self` anchored at
    /// `(i - di, j - dj)` does.
    pub fn reanchored(&self, k: usize) -> Variant {
        let e = self.elements[k];
        let (di, dj) = (e.di, e.dj);
        let shift = |(a, b): (i8, i8)| (a - di, b - dj);
        Variant {
            pattern: self.pattern,
            transform: self.transform,
            anchor_mask: e.mask,
            anchor_want: e.want,
            min_i: self.min_i - di,
            max_i: self.max_i - di,
            min_j: self.min_j - dj,
            max_j: self.max_j - dj,
            edges: self.edges,
            origin: shift(self.origin),
            mark: shift(self.mark),
            elements: self
                .elements
                .iter()
                .map(|x| Element {
                    di: x.di - di,
                    dj: x.dj - dj,
                    ..*x
                })
                .collect(),
            rows: self
                .rows
                .iter()
                .map(|r| RowMask {
                    di: r.di - di,
                    ..*r
                })
                .collect(),
        }
    }

    /// Whether the bounding box and the edge constraints allow the anchor on
    /// board point `(i, j)` of a `size` x `size` board.
    #[inline]
    pub fn fits_box(&self, i: i32, j: i32, size: i32) -> bool {
        let top = i + self.min_i as i32;
        let bottom = i + self.max_i as i32;
        let left = j + self.min_j as i32;
        let right = j + self.max_j as i32;
        top >= 0
            && left >= 0
            && bottom < size
            && right < size
            && (!self.edges.top || top == 0)
            && (!self.edges.bottom || bottom == size - 1)
            && (!self.edges.left || left == 0)
            && (!self.edges.right || right == size - 1)
    }
}
