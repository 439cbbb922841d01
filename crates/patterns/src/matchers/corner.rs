//! Corner index: patterns that can only sit in one corner of the board and
//! name every point of their rectangle exactly (only `O`, `X` and empty
//! points, as joseki patterns are), found by hashing corner rectangles.
//!
//! Such a variant (both an edge row and an edge column drawn) has exactly
//! one placement on a board of a given size, and it matches exactly when
//! the board's rectangle of its size at its corner holds exactly its stones.
//! Each corner rectangle's content is summarised by a Zobrist hash of its
//! stones in corner-relative coordinates (distance from the corner's row
//! edge, from its column edge), computed for every rectangle size at once as
//! a prefix XOR table; a variant is looked up by (corner, height, width,
//! hash). This replaces GNU Go's variation tree (seed 004: stones added in
//! order, per-corner stone counts) by one probe per rectangle size in use.
//! A hit is only a candidate: the caller verifies it exactly, so a hash
//! collision cannot produce a false match.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use katachi_board::MAX_SIZE;

use super::rows::{RowBoard, PAD};
use crate::compile::variant::Variant;
use crate::fasthash::KeyHasher;

/// Fixed-seed random numbers (splitmix64), so hashes are reproducible.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

type Table = HashMap<(Shape, u64), Vec<u32>, BuildHasherDefault<KeyHasher>>;

/// Where a corner-pinned variant sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Shape {
    /// Bit 0: bottom (else top); bit 1: right (else left).
    corner: u8,
    height: u8,
    width: u8,
}

/// The corner index of a database (immutable).
#[derive(Clone, Debug)]
pub struct CornerIndex {
    /// `zobrist[a][b][s]` for point value `s`: random for own (1) and
    /// opponent (2) stones, 0 for empty (0) and off-board (3), so that the
    /// scan needs no branch.
    zobrist: Vec<[[u64; 4]; MAX_SIZE]>,
    /// Per corner: the rectangle sizes in use.
    shapes: [Vec<(u8, u8)>; 4],
    /// Per corner: the largest height and width in use.
    extent: [(usize, usize); 4],
    table: Table,
    /// One bit per `filter_bit` value of the keys in `table`, so that most
    /// rectangles are rejected by one bit test instead of a table probe.
    filter: Vec<u64>,
}

/// Bits of the probe filter (2^18 bits, 32 KiB).
const FILTER_BITS: u32 = 18;

/// The filter bit of a (shape, hash) key.
fn filter_bit(shape: Shape, hash: u64) -> usize {
    let code = shape.corner as u64 | (shape.height as u64) << 2 | (shape.width as u64) << 10;
    ((hash ^ code.wrapping_mul(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xff51_afd7_ed55_8ccd)
        >> (64 - FILTER_BITS)) as usize
}

/// The corner a variant is pinned to, if it is eligible.
fn pinned(v: &Variant) -> Option<Shape> {
    let e = v.edges;
    if e.top == e.bottom || e.left == e.right {
        return None;
    }
    let height = (v.max_i - v.min_i + 1) as usize;
    let width = (v.max_j - v.min_j + 1) as usize;
    let exact = v.elements.iter().all(|x| x.mask == 0b11);
    if !exact || v.elements.len() != height * width {
        return None;
    }
    Some(Shape {
        corner: (e.bottom as u8) | (e.right as u8) << 1,
        height: height as u8,
        width: width as u8,
    })
}

/// Corner-relative `(a, b)` of a variant element.
fn relative(v: &Variant, corner: u8, di: i8, dj: i8) -> (usize, usize) {
    let a = if corner & 1 == 0 {
        di - v.min_i
    } else {
        v.max_i - di
    };
    let b = if corner & 2 == 0 {
        dj - v.min_j
    } else {
        v.max_j - dj
    };
    (a as usize, b as usize)
}

impl CornerIndex {
    /// Take the eligible variants (their indices into `variants` are kept);
    /// returns the index and, per variant, whether it was taken.
    pub fn build(variants: &[Variant]) -> (CornerIndex, Vec<bool>) {
        let mut seed = 0x6b61_7461_6368_6921;
        let zobrist: Vec<[[u64; 4]; MAX_SIZE]> = (0..MAX_SIZE)
            .map(|_| std::array::from_fn(|_| [0, splitmix(&mut seed), splitmix(&mut seed), 0]))
            .collect();
        let mut index = CornerIndex {
            zobrist,
            shapes: Default::default(),
            extent: [(0, 0); 4],
            table: Table::default(),
            filter: vec![0; 1 << (FILTER_BITS - 6)],
        };
        let mut taken = vec![false; variants.len()];
        for (k, v) in variants.iter().enumerate() {
            let Some(shape) = pinned(v) else { continue };
            let mut hash = 0;
            for e in &v.elements {
                if e.want != 0 {
                    let (a, b) = relative(v, shape.corner, e.di, e.dj);
                    hash ^= index.zobrist[a][b][e.want as usize];
                }
            }
            let c = shape.corner as usize;
            if !index.shapes[c].contains(&(shape.height, shape.width)) {
                index.shapes[c].push((shape.height, shape.width));
            }
            let ext = &mut index.extent[c];
            *ext = (
                ext.0.max(shape.height as usize),
                ext.1.max(shape.width as usize),
            );
            index.table.entry((shape, hash)).or_default().push(k as u32);
            let bit = filter_bit(shape, hash);
            index.filter[bit >> 6] |= 1 << (bit & 63);
            taken[k] = true;
        }
        (index, taken)
    }

    /// Whether no variant was eligible.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Call `found(variant, anchor_i, anchor_j)` for every candidate whose
    /// corner rectangle hashes like the board's. `prefix` is scratch.
    pub fn candidates(
        &self,
        rb: &RowBoard,
        variants_anchor: impl Fn(u32, i32) -> (i32, i32),
        prefix: &mut Vec<u64>,
        mut found: impl FnMut(u32, i32, i32),
    ) {
        let n = rb.size();
        for corner in 0..4u8 {
            let shapes = &self.shapes[corner as usize];
            if shapes.is_empty() {
                continue;
            }
            let (eh, ew) = self.extent[corner as usize];
            let (eh, ew) = (eh.min(n), ew.min(n));
            // prefix[a * ew + b]: XOR of the stones in rows 0..=a, columns 0..=b
            // of the corner rectangle (corner-relative).
            prefix.clear();
            prefix.resize(eh * ew, 0);
            for a in 0..eh {
                let i = if corner & 1 == 0 { a } else { n - 1 - a };
                let word = rb.word(i as i32);
                let zob = &self.zobrist[a];
                let mut row = 0u64;
                for b in 0..ew {
                    let j = if corner & 2 == 0 { b } else { n - 1 - b };
                    let s = (word >> (2 * (j + PAD))) & 3;
                    row ^= zob[b][s as usize];
                    let above = if a > 0 { prefix[(a - 1) * ew + b] } else { 0 };
                    prefix[a * ew + b] = row ^ above;
                }
            }
            for &(h, w) in shapes {
                let (h, w) = (h as usize, w as usize);
                if h > n || w > n {
                    continue;
                }
                let hash = prefix[(h - 1) * ew + (w - 1)];
                let shape = Shape {
                    corner,
                    height: h as u8,
                    width: w as u8,
                };
                let bit = filter_bit(shape, hash);
                if self.filter[bit >> 6] & (1 << (bit & 63)) == 0 {
                    continue;
                }
                let key = (shape, hash);
                if let Some(list) = self.table.get(&key) {
                    for &v in list {
                        let (i, j) = variants_anchor(v, n as i32);
                        found(v, i, j);
                    }
                }
            }
        }
    }
}
