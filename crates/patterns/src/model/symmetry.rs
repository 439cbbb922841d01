//! Diagram symmetries: which of the colon line's symmetry claims hold.
//!
//! A symmetry holds when the diagram (symbols and board edges) maps onto
//! itself: `|` mirrors left-right, `-` top-bottom, `\` transposes about the
//! main diagonal, `/` about the anti-diagonal, `O` rotates by 180 degrees,
//! `X` is `\` and `/` together, `+` is `|` and `-` together.

use super::{Edges, Symmetry};

/// An elementary symmetry of a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mirror {
    Vertical,
    Horizontal,
    Diagonal,
    AntiDiagonal,
    Rot180,
}

/// A diagram reduced to what symmetry compares.
pub struct Shape<'a> {
    pub height: usize,
    pub width: usize,
    /// Row-major symbols.
    pub symbols: &'a [char],
    pub edges: Edges,
}

impl Shape<'_> {
    fn mirror_holds(&self, m: Mirror) -> bool {
        let (h, w, e) = (self.height, self.width, self.edges);
        let square = h == w;
        let edges_ok = match m {
            Mirror::Vertical => e.left == e.right,
            Mirror::Horizontal => e.top == e.bottom,
            Mirror::Diagonal => square && e.top == e.left && e.bottom == e.right,
            Mirror::AntiDiagonal => square && e.top == e.right && e.bottom == e.left,
            Mirror::Rot180 => e.left == e.right && e.top == e.bottom,
        };
        if !edges_ok {
            return false;
        }
        (0..h).all(|r| {
            (0..w).all(|c| {
                let (r2, c2) = match m {
                    Mirror::Vertical => (r, w - 1 - c),
                    Mirror::Horizontal => (h - 1 - r, c),
                    Mirror::Diagonal => (c, r),
                    Mirror::AntiDiagonal => (w - 1 - c, h - 1 - r),
                    Mirror::Rot180 => (h - 1 - r, w - 1 - c),
                };
                self.symbols[r * w + c] == self.symbols[r2 * w + c2]
            })
        })
    }

    /// Whether the claimed symmetry holds for this shape.
    pub fn holds(&self, s: Symmetry) -> bool {
        let m = |x| self.mirror_holds(x);
        match s {
            Symmetry::None8 => true,
            Symmetry::Vertical => m(Mirror::Vertical),
            Symmetry::Horizontal => m(Mirror::Horizontal),
            Symmetry::Diagonal => m(Mirror::Diagonal),
            Symmetry::AntiDiagonal => m(Mirror::AntiDiagonal),
            Symmetry::Rot180 => m(Mirror::Rot180),
            Symmetry::BothDiagonals => m(Mirror::Diagonal) && m(Mirror::AntiDiagonal),
            Symmetry::BothAxes => m(Mirror::Vertical) && m(Mirror::Horizontal),
        }
    }

    /// The strongest symmetry the shape has (fewest distinct orientations),
    /// preferring the claimed one among equals.
    pub fn strongest(&self, claimed: Symmetry) -> Symmetry {
        let mut best = Symmetry::None8;
        for s in [
            Symmetry::Rot180,
            Symmetry::Vertical,
            Symmetry::Horizontal,
            Symmetry::Diagonal,
            Symmetry::AntiDiagonal,
            Symmetry::BothAxes,
            Symmetry::BothDiagonals,
        ] {
            let fewer = orientations(s) < orientations(best);
            let tie = orientations(s) == orientations(best) && s == claimed;
            if self.holds(s) && (fewer || tie) {
                best = s;
            }
        }
        if self.holds(claimed) && orientations(claimed) == orientations(best) {
            claimed
        } else {
            best
        }
    }
}

/// How many distinct orientations a pattern with symmetry `s` needs.
pub fn orientations(s: Symmetry) -> usize {
    match s {
        Symmetry::None8 => 8,
        Symmetry::BothAxes | Symmetry::BothDiagonals => 2,
        _ => 4,
    }
}

/// The colon-line character of `s`.
pub fn symmetry_char(s: Symmetry) -> char {
    match s {
        Symmetry::None8 => '8',
        Symmetry::Vertical => '|',
        Symmetry::Horizontal => '-',
        Symmetry::Diagonal => '\\',
        Symmetry::AntiDiagonal => '/',
        Symmetry::Rot180 => 'O',
        Symmetry::BothDiagonals => 'X',
        Symmetry::BothAxes => '+',
    }
}

/// The symmetry written as `ch`.
pub fn symmetry_from_char(ch: char) -> Option<Symmetry> {
    Some(match ch {
        '8' => Symmetry::None8,
        '|' => Symmetry::Vertical,
        '-' => Symmetry::Horizontal,
        '\\' => Symmetry::Diagonal,
        '/' => Symmetry::AntiDiagonal,
        'O' => Symmetry::Rot180,
        'X' => Symmetry::BothDiagonals,
        '+' => Symmetry::BothAxes,
        _ => return None,
    })
}
