//! The eight orientations of a diagram on the board, and which of them a
//! declared symmetry keeps.
//!
//! Orientation `o` maps diagram cell `(r, c)` (row from the top, column from
//! the left, as written) to the board offset `M_o · (r, c)` from the point
//! where cell `(0, 0)` lands, with rows growing downwards (row 0 = top row of
//! the board) and columns growing to the right. `M_o = [[a, b], [e, f]]` maps
//! `(r, c)` to `(a·r + b·c, e·r + f·c)`:
//!
//! | o | M_o | in GNU Go's doc |
//! | --- | --- | --- |
//! | 0 | `[[1,0],[0,1]]` identity | a (`I`) |
//! | 1 | `[[0,1],[-1,0]]` | g (`r`) |
//! | 2 | `[[-1,0],[0,-1]]` rotation by 180° | d (`.`) |
//! | 3 | `[[0,-1],[1,0]]` | f (`l`) |
//! | 4 | `[[0,-1],[-1,0]]` mirror in the anti-diagonal | h (`/`) |
//! | 5 | `[[-1,0],[0,1]]` upside down | b (`-`) |
//! | 6 | `[[0,1],[1,0]]` mirror in the main diagonal | e (`\`) |
//! | 7 | `[[1,0],[0,-1]]` left-right mirror | c (`|`) |
//!
//! This is the order `a, g, d, f, h, b, e, c` of GNU Go's pattern
//! documentation, so that a declared symmetry keeps a prefix or the middle of
//! the list: `X` and `+` keep orientations 0–1, `|`, `-`, `\` and `/` keep
//! 0–3, `O` keeps 2–5, and `8` keeps all eight. Each kept set holds exactly
//! one orientation of every class of orientations that the declared symmetry
//! makes equivalent.

use serde::{Deserialize, Serialize};

use crate::model::Symmetry;

/// One of the eight orientations, numbered as in the table of the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Transform(u8);

/// The matrices `[[a, b], [e, f]]` of the eight orientations.
const MATRICES: [[[i32; 2]; 2]; 8] = [
    [[1, 0], [0, 1]],
    [[0, 1], [-1, 0]],
    [[-1, 0], [0, -1]],
    [[0, -1], [1, 0]],
    [[0, -1], [-1, 0]],
    [[-1, 0], [0, 1]],
    [[0, 1], [1, 0]],
    [[1, 0], [0, -1]],
];

impl Transform {
    /// All eight orientations in order.
    pub const ALL: [Transform; 8] = [
        Transform(0),
        Transform(1),
        Transform(2),
        Transform(3),
        Transform(4),
        Transform(5),
        Transform(6),
        Transform(7),
    ];

    /// The identity.
    pub const IDENTITY: Transform = Transform(0);

    /// Orientation number `o` (0–7); `None` otherwise.
    pub fn new(o: u8) -> Option<Transform> {
        (o < 8).then_some(Transform(o))
    }

    /// The orientation number, 0–7.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The matrix `[[a, b], [e, f]]`.
    pub fn matrix(self) -> [[i32; 2]; 2] {
        MATRICES[self.index()]
    }

    /// The board offset `(di, dj)` of diagram offset `(r, c)`.
    pub fn apply(self, r: i32, c: i32) -> (i32, i32) {
        let [[a, b], [e, f]] = self.matrix();
        (a * r + b * c, e * r + f * c)
    }

    /// Whether the orientation exchanges rows and columns.
    pub fn swaps_axes(self) -> bool {
        self.matrix()[0][0] == 0
    }

    /// `self ∘ other`: first `other`, then `self`.
    pub fn compose(self, other: Transform) -> Transform {
        let x = self.matrix();
        let y = other.matrix();
        let mut m = [[0; 2]; 2];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                *v = x[i][0] * y[0][j] + x[i][1] * y[1][j];
            }
        }
        Transform::from_matrix(m).expect("the eight orientations form a group")
    }

    /// The orientation that undoes this one.
    pub fn inverse(self) -> Transform {
        Transform::ALL
            .into_iter()
            .find(|t| t.compose(self) == Transform::IDENTITY)
            .expect("every orientation has an inverse")
    }

    fn from_matrix(m: [[i32; 2]; 2]) -> Option<Transform> {
        MATRICES
            .iter()
            .position(|x| *x == m)
            .map(|i| Transform(i as u8))
    }

    /// The smallest `(dr, dc)` of the image of a `height` x `width`
    /// rectangle anchored at diagram cell `(0, 0)`: the offset of the
    /// top-left corner of the landed rectangle from where cell `(0, 0)` lands.
    pub fn rect_min(self, height: usize, width: usize) -> (i32, i32) {
        let (h, w) = (height as i32 - 1, width as i32 - 1);
        let corners = [(0, 0), (0, w), (h, 0), (h, w)].map(|(r, c)| self.apply(r, c));
        (
            corners.iter().map(|p| p.0).min().unwrap_or(0),
            corners.iter().map(|p| p.1).min().unwrap_or(0),
        )
    }
}

impl std::fmt::Display for Transform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The orientations that map a diagram with the declared symmetry onto
/// itself (always including the identity).
pub fn symmetry_group(sym: Symmetry) -> &'static [Transform] {
    const T: [Transform; 8] = Transform::ALL;
    match sym {
        Symmetry::None8 => &[Transform(0)],
        Symmetry::Vertical => &[Transform(0), Transform(7)],
        Symmetry::Horizontal => &[Transform(0), Transform(5)],
        Symmetry::Diagonal => &[Transform(0), Transform(6)],
        Symmetry::AntiDiagonal => &[Transform(0), Transform(4)],
        Symmetry::Rot180 => &[Transform(0), Transform(2)],
        Symmetry::BothDiagonals => &[T[0], T[2], T[4], T[6]],
        Symmetry::BothAxes => &[T[0], T[2], T[5], T[7]],
    }
}

/// The orientations tried for a pattern with the declared symmetry, as GNU
/// Go's documentation chooses them (see the module docs).
pub fn kept_orientations(sym: Symmetry) -> &'static [Transform] {
    const T: [Transform; 8] = Transform::ALL;
    match sym {
        Symmetry::None8 => &T,
        Symmetry::BothDiagonals | Symmetry::BothAxes => &[T[0], T[1]],
        Symmetry::Vertical | Symmetry::Horizontal | Symmetry::Diagonal | Symmetry::AntiDiagonal => {
            &[T[0], T[1], T[2], T[3]]
        }
        Symmetry::Rot180 => &[T[2], T[3], T[4], T[5]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SYMS: [Symmetry; 8] = [
        Symmetry::None8,
        Symmetry::Vertical,
        Symmetry::Horizontal,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Rot180,
        Symmetry::BothDiagonals,
        Symmetry::BothAxes,
    ];

    #[test]
    fn group_laws() {
        for a in Transform::ALL {
            assert_eq!(a.compose(a.inverse()), Transform::IDENTITY);
            for b in Transform::ALL {
                let (r, c) = (2, 5);
                let (x, y) = b.apply(r, c);
                assert_eq!(a.compose(b).apply(r, c), a.apply(x, y));
            }
        }
    }

    #[test]
    fn kept_sets_are_coset_representatives() {
        for sym in SYMS {
            let group = symmetry_group(sym);
            for g in group {
                for h in group {
                    assert!(group.contains(&g.compose(*h)), "{sym:?} not closed");
                }
            }
            let mut seen = [false; 8];
            for k in kept_orientations(sym) {
                for s in group {
                    let t = k.compose(*s).index();
                    assert!(!seen[t], "{sym:?}: two kept orientations are equivalent");
                    seen[t] = true;
                }
            }
            assert!(seen.iter().all(|&x| x), "{sym:?}: a class is never tried");
        }
    }

    #[test]
    fn documented_example_orientation_two() {
        // Rotation by 180 degrees maps diagram (1, 2) two rows up, two left.
        assert_eq!(Transform(2).apply(1, 2), (-1, -2));
        assert_eq!(Transform(2).rect_min(3, 3), (-2, -2));
    }
}
