//! The corner tree matcher (issue 4, matcher 4): GNU Go's corner matcher
//! (seed 004) over a [`CornerTree`](crate::compile::corner_tree::CornerTree).
//!
//! Per call, the rows of the board near its four corners are read once
//! into 32-bit stone masks (own, opponent), eight cells per multiply. Per
//! corner the rows are taken in order from the corner's horizontal edge
//! (row `a`), and a per-size table gives the bit of column distance `b`
//! and the mask of the columns from the vertical edge to it, so the
//! number of stones in a corner area `[0, a] x [0, b]` is a sum of masked
//! popcounts, two rows per 64-bit word (no hardware popcount is assumed).
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

use katachi_board::{Cell, Color, MAX_SIZE};

use super::standard::StandardMatcher;
use super::{Match, Matcher, Position, Scratch};
use crate::compile::corner_tree::{CornerTree, Relation, TreeStats};
use crate::compile::CompiledDb;

/// Bit tables of one side of a board size: for column distance `b` from
/// the vertical edge, the board bit of that column and the mask of the
/// columns from the edge to it.
#[derive(Clone, Copy, Debug)]
struct Side {
    bit: [u32; MAX_SIZE],
    area: [u32; MAX_SIZE],
}

/// Stone masks of one corner: row `a` from the corner's horizontal edge,
/// board column bits (read through a [`Side`]).
struct Corner<'a> {
    /// `[own, opponent]` stones of row `a`.
    stones: [[u32; MAX_SIZE]; 2],
    /// Rows `2k` and `2k + 1` of both colours, in the low and high half.
    pairs: [u64; MAX_SIZE.div_ceil(2)],
    side: &'a Side,
    /// Rows in use (`min(size, extent)`).
    rows: usize,
}

/// Per byte, the number of set bits of that byte of `x`.
#[inline]
fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

/// The white and the black stones of a board row as bit masks (bit `j` =
/// column `j`): eight cells at a time, whose low and high bits (white = 1,
/// black = 2) are gathered into a byte by one multiply each.
#[inline]
fn row_bits(row: &[Cell]) -> (u32, u32) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (mut w, mut b) = (0u32, 0u32);
    let mut chunks = row.chunks_exact(8);
    for (q, chunk) in chunks.by_ref().enumerate() {
        let x = u64::from_le_bytes(std::array::from_fn(|k| chunk[k] as u8));
        w |= (((x & LOW).wrapping_mul(GATHER) >> 56) as u32) << (8 * q);
        b |= ((((x >> 1) & LOW).wrapping_mul(GATHER) >> 56) as u32) << (8 * q);
    }
    let base = row.len() - chunks.remainder().len();
    for (k, &c) in chunks.remainder().iter().enumerate() {
        let c = c as u32;
        w |= (c & 1) << (base + k);
        b |= (c >> 1) << (base + k);
    }
    (w, b)
}

impl Corner<'_> {
    /// Whether row `a` holds a stone of colour index `c` at distance `b`.
    #[inline]
    fn has(&self, c: usize, a: usize, b: usize) -> bool {
        self.stones[c][a] & self.side.bit[b] != 0
    }

    /// Stones in the corner area `[0, a] x [0, b]`: byte-wise popcounts of
    /// two rows at a time, summed before one horizontal add (no byte can
    /// exceed 8 x 13).
    #[inline]
    fn count(&self, a: usize, b: usize) -> u32 {
        let m = self.side.area[b] as u64;
        let mm = m | m << 32;
        let rows = a + 1;
        let mut acc = 0u64;
        for &p in &self.pairs[..rows / 2] {
            acc += byte_counts(p & mm);
        }
        if rows & 1 == 1 {
            acc += byte_counts(self.pairs[rows / 2] & m);
        }
        (acc.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
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
    /// `sides[n][right]`: bit tables of board size `n`, left and right.
    sides: Vec<[Side; 2]>,
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
        let sides = (0..=MAX_SIZE)
            .map(|n| {
                [false, true].map(|right| {
                    let mut side = Side {
                        bit: [0; MAX_SIZE],
                        area: [0; MAX_SIZE],
                    };
                    let mut area = 0u32;
                    for b in 0..n {
                        let bit = if right { 1 << (n - 1 - b) } else { 1 << b };
                        area |= bit;
                        side.bit[b] = bit;
                        side.area[b] = area;
                    }
                    side
                })
            })
            .collect();
        CornerTreeMatcher {
            tree,
            root_child,
            rest,
            sides,
        }
    }

    /// Size figures of the tree.
    pub fn stats(&self) -> TreeStats {
        self.tree.stats()
    }

    /// Check the forms of variation `k` and walk its children.
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
            if a >= cn.rows || !cn.has(first ^ ch.other as usize, a, b) {
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
        let white = color == Color::White;
        let read = |i: usize, board: &mut [[u32; 2]; MAX_SIZE]| {
            let (w, b) = row_bits(&cells[(i + 1) * stride + 1..(i + 1) * stride + 1 + n]);
            board[i] = if white { [w, b] } else { [b, w] };
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
                pairs: [0; MAX_SIZE.div_ceil(2)],
                side: &self.sides[n][(corner >> 1) as usize],
                rows,
            };
            let mut occ = [0u32; MAX_SIZE];
            for (a, o) in occ.iter_mut().enumerate().take(rows) {
                let i = if corner & 1 == 0 { a } else { n - 1 - a };
                let [own, opp] = board[i];
                cn.stones[0][a] = own;
                cn.stones[1][a] = opp;
                *o = own | opp;
                cn.pairs[a / 2] |= ((own | opp) as u64) << (32 * (a & 1));
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
            // The staircase: the stones alone in their corner area are the
            // rows' stones nearest the vertical edge that are nearer than
            // those of every row before.
            let mut min_b = usize::MAX;
            for (a, &row) in occ.iter().enumerate().take(rows) {
                if row == 0 {
                    continue;
                }
                let b = if corner & 2 == 0 {
                    row.trailing_zeros() as usize
                } else {
                    n + row.leading_zeros() as usize - 32
                };
                if b >= min_b {
                    continue;
                }
                min_b = b;
                if b >= e {
                    continue;
                }
                let k = self.root_child[a * e + b];
                if k == 0 {
                    continue;
                }
                let k = (k - 1) as usize;
                // The first stone's colour: 0 own, 1 opponent.
                let first = cn.has(1, a, b) as usize;
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
