//! The corner tree matcher (issue 4, matcher 4): GNU Go's corner matcher
//! (seed 004) over a [`CornerTree`](crate::compile::corner_tree::CornerTree).
//!
//! Per call, the rows of the board near its four corners are read once
//! into 32-bit stone masks (own, opponent). Per corner they are turned
//! corner-relative (row `a` from the corner's horizontal edge, bit `b` the
//! distance from its vertical edge), and the number of stones in a corner
//! area `[0, a] x [0, b]` is a sum of `a + 1` masked popcounts.
//!
//! The walk, per corner: the first stones of the tree's paths must be alone
//! in their corner area, and the stones alone in theirs form a staircase
//! found row by row from the lowest set bits, so the root's children are
//! not scanned: each staircase stone is looked up by position. Below, a
//! variation matches when its point holds a stone of its colour relative
//! to the first stone's and its corner area holds exactly its count of
//! stones; subtrees holding no form for this corner and colour relation
//! are skipped. Forms on a matched variation are checked for relation,
//! size and the stone total of their rectangle (see
//! [`crate::compile::corner_tree`] for why that is exact).
//!
//! Variants that are not corner forms (not pinned to a corner, or with `?`,
//! `o`, `x` cells) are left to a [`StandardMatcher`] built from them alone,
//! so that the matcher is exact on any database; on the joseki databases
//! there are none.

use katachi_board::{Color, MAX_SIZE};

use super::standard::StandardMatcher;
use super::{Match, Matcher, Position, Scratch};
use crate::compile::corner_tree::{CornerTree, Relation, TreeStats};
use crate::compile::CompiledDb;

/// Stone masks of one corner, corner-relative.
struct Corner {
    /// `[own, opponent]` stones of row `a`, bit `b`.
    stones: [[u32; MAX_SIZE]; 2],
    /// Both colours.
    occ: [u32; MAX_SIZE],
    /// Rows in use (`min(size, extent)`).
    rows: usize,
}

impl Corner {
    /// Stones in the corner area `[0, a] x [0, b]`.
    #[inline]
    fn count(&self, a: usize, b: usize) -> u32 {
        let mask = (2u32 << b).wrapping_sub(1);
        self.occ[..=a].iter().map(|r| (r & mask).count_ones()).sum()
    }
}

/// The corner tree matcher.
#[derive(Clone, Debug)]
pub struct CornerTreeMatcher {
    tree: CornerTree,
    /// `root_child[a * extent + b]`: the root child at `(a, b)`, plus one
    /// (0: none).
    root_child: Vec<u32>,
    /// Matcher of the variants that are not corner forms.
    rest: Option<StandardMatcher>,
}

impl CornerTreeMatcher {
    /// Build the tree (and the fallback for variants outside it).
    pub fn new(db: &CompiledDb) -> CornerTreeMatcher {
        let tree = CornerTree::build(db);
        let e = tree.extent;
        let mut root_child = vec![0u32; e * e];
        let root = tree.variations[0];
        for c in root.children_start..root.children_start + root.children_len {
            let v = tree.variations[c as usize];
            root_child[v.a as usize * e + v.b as usize] = c + 1;
        }
        let rest = (!tree.left_out.is_empty()).then(|| {
            let sub = CompiledDb {
                name: db.name.clone(),
                patterns: db.patterns.clone(),
                variants: tree
                    .left_out
                    .iter()
                    .map(|&k| db.variants[k].clone())
                    .collect(),
            };
            StandardMatcher::new(&sub)
        });
        CornerTreeMatcher {
            tree,
            root_child,
            rest,
        }
    }

    /// Size figures of the tree.
    pub fn stats(&self) -> TreeStats {
        self.tree.stats()
    }

    /// Check the forms of variation `k` and walk its children.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        k: usize,
        cn: &Corner,
        first: usize,
        bit: u8,
        ctx: &Ctx<'_>,
        out: &mut Vec<Match>,
    ) {
        let v = &self.tree.variations[k];
        let forms =
            &self.tree.forms[v.forms_start as usize..(v.forms_start + v.forms_len) as usize];
        for f in forms {
            if f.corner != ctx.corner
                || (f.relation != Relation::Any && 1 << (2 * f.corner + f.relation as u8) != bit)
            {
                continue;
            }
            ctx.emit(f, cn, out);
        }
        let kids = v.children_start as usize..(v.children_start + v.children_len) as usize;
        for c in kids {
            let ch = &self.tree.variations[c];
            if ch.reach & bit == 0 {
                continue;
            }
            let (a, b) = (ch.a as usize, ch.b as usize);
            if a >= cn.rows || (cn.stones[first ^ ch.other as usize][a] >> b) & 1 == 0 {
                continue;
            }
            if cn.count(a, b) != ch.count as u32 {
                continue;
            }
            self.walk(c, cn, first, bit, ctx, out);
        }
    }
}

/// What the walk of one corner needs to report a match.
struct Ctx<'a> {
    pos: Position<'a>,
    corner: u8,
    n: usize,
}

impl Ctx<'_> {
    /// Report form `f` if its rectangle fits and holds exactly its stones.
    #[inline]
    fn emit(&self, f: &crate::compile::corner_tree::Form, cn: &Corner, out: &mut Vec<Match>) {
        let (h, w) = (f.height as usize, f.width as usize);
        let n = self.n;
        if h > n || w > n || (f.full_height && h != n) || (f.full_width && w != n) {
            return;
        }
        if cn.count(h - 1, w - 1) != f.stones as u32 {
            return;
        }
        let point = |(a, b): (u8, u8)| {
            let i = if self.corner & 1 == 0 {
                a as usize
            } else {
                n - 1 - a as usize
            };
            let j = if self.corner & 2 == 0 {
                b as usize
            } else {
                n - 1 - b as usize
            };
            self.pos.point(i, j)
        };
        out.push(Match {
            pattern: f.pattern,
            transform: f.transform,
            origin: point(f.origin),
            mark: point(f.mark),
        });
    }
}

impl Matcher for CornerTreeMatcher {
    fn name(&self) -> &'static str {
        "corner"
    }

    fn find_all(
        &self,
        pos: Position<'_>,
        color: Color,
        scratch: &mut Scratch,
        out: &mut Vec<Match>,
    ) {
        if let Some(rest) = &self.rest {
            rest.find_all(pos, color, scratch, out);
        }
        let n = pos.size();
        let e = self.tree.extent;
        let rows = n.min(e);
        // Board rows near the top and bottom edges as [own, opponent]
        // masks, bit j = column j.
        let mut board = [[0u32; 2]; MAX_SIZE];
        let cells = pos.cells();
        let stride = n + 1;
        let own_code = match color {
            Color::White => 1u32,
            Color::Black => 2u32,
        };
        let read = |i: usize, board: &mut [[u32; 2]; MAX_SIZE]| {
            let row = &cells[(i + 1) * stride + 1..(i + 1) * stride + 1 + n];
            let (mut own, mut opp) = (0u32, 0u32);
            for (j, &c) in row.iter().enumerate() {
                let c = c as u32;
                own |= ((c == own_code) as u32) << j;
                opp |= ((c == 3 - own_code) as u32) << j;
            }
            board[i] = [own, opp];
        };
        if 2 * rows >= n {
            for i in 0..n {
                read(i, &mut board);
            }
        } else {
            for i in (0..rows).chain(n - rows..n) {
                read(i, &mut board);
            }
        }
        let root = &self.tree.variations[0];
        for corner in 0..4u8 {
            let mut cn = Corner {
                stones: [[0; MAX_SIZE]; 2],
                occ: [0; MAX_SIZE],
                rows,
            };
            for a in 0..rows {
                let i = if corner & 1 == 0 { a } else { n - 1 - a };
                let [mut own, mut opp] = board[i];
                if corner & 2 != 0 {
                    own = own.reverse_bits() >> (32 - n);
                    opp = opp.reverse_bits() >> (32 - n);
                }
                cn.stones[0][a] = own;
                cn.stones[1][a] = opp;
                cn.occ[a] = own | opp;
            }
            let ctx = Ctx { pos, corner, n };
            // Forms without stones hang on the root.
            for f in &self.tree.forms
                [root.forms_start as usize..(root.forms_start + root.forms_len) as usize]
            {
                if f.corner == corner {
                    ctx.emit(f, &cn, out);
                }
            }
            // The staircase: stones alone in their corner area.
            let mut min_b = u32::MAX;
            for a in 0..rows {
                let row = cn.occ[a];
                if row == 0 {
                    continue;
                }
                let b = row.trailing_zeros();
                if b >= min_b {
                    continue;
                }
                min_b = b;
                if b as usize >= e {
                    continue;
                }
                let k = self.root_child[a * e + b as usize];
                if k == 0 {
                    continue;
                }
                let k = (k - 1) as usize;
                // The first stone's colour: 0 own, 1 opponent.
                let first = ((cn.stones[1][a] >> b) & 1) as usize;
                let relation = if first == 0 {
                    Relation::Same
                } else {
                    Relation::Other
                };
                let bit = 1u8 << (2 * corner + relation as u8);
                if self.tree.variations[k].reach & bit == 0 {
                    continue;
                }
                self.walk(k, &cn, first, bit, &ctx, out);
            }
        }
    }
}
