//! The compiled form of a Monte Carlo database: a lookup table from a
//! packed 3x3 neighbourhood code and a packed local context (the
//! properties of montecarlo.texi) to a move value.
//!
//! Neighbourhood code: the eight neighbours of the move, in the order of
//! [`NEIGHBOURS`] (row-major around the centre), two bits each, neighbour
//! `k` at bits `2k..2k+2`. In *absolute* codes the two bits are the
//! board's cell encoding (Empty 0, White 1, Black 2, Edge 3, GNU Go's and
//! `katachi_board::Cell`'s); in *relative* codes they are 0 empty, 1 own
//! stone, 2 opponent stone, 3 off the board. White's relative code is its
//! absolute code; Black's swaps 1 and 2 in every field (the colour swap).
//!
//! Context index ([`Context::index`]): bit 0 near, bit 1 osafe, bit 2
//! xsafe, bit 3 xsuicide, bits 4-5 stones the move captures (3 = three or
//! more), bits 6-7 stones an opponent move here would capture.
//!
//! Compilation: every pattern, in file order, is expanded over the 8
//! symmetries of the square into the set of relative codes it matches, and
//! fills, for each of those codes, the contexts no earlier pattern decided
//! with the value of its first colon line whose properties hold. The result
//! per code is a row of 256 values (one per context; the default 1 where
//! nothing applies): the value of the first matching line in file order.
//! Rows are shared between codes, so the table is an array of 65536 pairs
//! of row numbers (one per colour to move) plus the distinct rows.

use std::collections::HashMap;

use super::parse::{McDb, McLine, McPattern, McProperty};

/// Value of a move no pattern matches (montecarlo.texi).
pub const DEFAULT_VALUE: u32 = 1;

/// Number of distinct 3x3 neighbourhood codes.
pub const CODES: usize = 1 << 16;

/// Number of distinct contexts.
pub const CONTEXTS: usize = 256;

/// The eight neighbours (row offset, column offset) in code order.
pub const NEIGHBOURS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The local context of a move besides its 3x3 neighbourhood.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Context {
    /// The move is near the previous move.
    pub near: bool,
    /// The move is not a self-atari for the player to move.
    pub osafe: bool,
    /// A move here would not be a self-atari (nor suicide) for the opponent.
    pub xsafe: bool,
    /// A move here would be suicide for the opponent.
    pub xsuicide: bool,
    /// Stones the move captures, clamped to 3.
    pub ocap: u8,
    /// Stones an opponent move here would capture, clamped to 3.
    pub xcap: u8,
}

impl Context {
    /// The packed index (see the module doc).
    #[inline]
    pub fn index(self) -> usize {
        self.near as usize
            | (self.osafe as usize) << 1
            | (self.xsafe as usize) << 2
            | (self.xsuicide as usize) << 3
            | (self.ocap.min(3) as usize) << 4
            | (self.xcap.min(3) as usize) << 6
    }

    /// The context of a packed index.
    pub fn from_index(k: usize) -> Context {
        Context {
            near: k & 1 != 0,
            osafe: k & 2 != 0,
            xsafe: k & 4 != 0,
            xsuicide: k & 8 != 0,
            ocap: ((k >> 4) & 3) as u8,
            xcap: ((k >> 6) & 3) as u8,
        }
    }

    /// Whether a property holds in this context.
    pub fn satisfies(self, p: McProperty) -> bool {
        match p {
            McProperty::Near(b) => self.near == b,
            McProperty::OSafe(b) => self.osafe == b,
            McProperty::XSafe(b) => self.xsafe == b,
            McProperty::XSuicide(b) => self.xsuicide == b,
            McProperty::OCap(r) => r.contains(self.ocap.min(3)),
            McProperty::XCap(r) => r.contains(self.xcap.min(3)),
        }
    }
}

/// The contexts (as a 256-bit set) in which every property of `line` holds.
pub fn line_mask(line: &McLine) -> [u64; 4] {
    let mut m = [0u64; 4];
    for k in 0..CONTEXTS {
        let ctx = Context::from_index(k);
        if line.properties.iter().all(|&(p, _)| ctx.satisfies(p)) {
            m[k / 64] |= 1 << (k % 64);
        }
    }
    m
}

/// Swaps own and opponent (1 and 2) in every 2-bit field of a code.
#[inline]
pub fn swap_colours(code: u16) -> u16 {
    let differ = (code ^ (code >> 1)) & 0x5555;
    code ^ (differ | (differ << 1))
}

/// The relative code of an absolute one for the player to move (colour
/// index 0 Black, 1 White, as `katachi_board::Color::index`).
#[inline]
pub fn relative_code(colour: usize, absolute: u16) -> u16 {
    if colour == 0 {
        swap_colours(absolute)
    } else {
        absolute
    }
}

/// The 8 symmetries of the square applied to a (row, column) offset.
fn transform(t: usize, (r, c): (i8, i8)) -> (i8, i8) {
    let (mut r, mut c) = (r, c);
    if t & 1 != 0 {
        r = -r;
    }
    if t & 2 != 0 {
        c = -c;
    }
    if t & 4 != 0 {
        std::mem::swap(&mut r, &mut c);
    }
    (r, c)
}

/// The accepted states (4-bit sets over relative states) of the eight
/// neighbours, in code order, of pattern `p` under symmetry `t`.
fn oriented_states(p: &McPattern, t: usize) -> [u8; 8] {
    let mut out = [0u8; 8];
    for (row, cells) in p.diagram.iter().enumerate() {
        for (col, s) in cells.iter().enumerate() {
            if row == 1 && col == 1 {
                continue;
            }
            let (r, c) = transform(t, (row as i8 - 1, col as i8 - 1));
            let k = NEIGHBOURS
                .iter()
                .position(|&n| n == (r, c))
                .expect("a symmetry maps neighbours to neighbours");
            out[k] = s.states();
        }
    }
    out
}

/// Whether pattern `p` matches relative code `code` in some orientation
/// (the definition the table is checked against).
pub fn pattern_matches(p: &McPattern, code: u16) -> bool {
    (0..8).any(|t| {
        let states = oriented_states(p, t);
        (0..8).all(|k| states[k] >> ((code >> (2 * k)) & 3) & 1 != 0)
    })
}

/// The value by the definition: the first line of the first matching
/// pattern whose properties hold, else [`DEFAULT_VALUE`]. Slow; the
/// reference for [`McTable`].
pub fn reference_value(db: &McDb, relative: u16, ctx: Context) -> u32 {
    for p in &db.patterns {
        if !pattern_matches(p, relative) {
            continue;
        }
        for l in &p.lines {
            if l.properties.iter().all(|&(q, _)| ctx.satisfies(q)) {
                return l.value;
            }
        }
    }
    DEFAULT_VALUE
}

/// The compiled table.
#[derive(Clone, Debug)]
pub struct McTable {
    /// Row numbers of every absolute code, for each colour to move side
    /// by side (0 Black, 1 White): a point's code changes for both
    /// colours at once, and one lookup then reads one cache line of the
    /// 256 KB array, not one in each of two. A row number fits 16 bits:
    /// there are at most as many distinct rows as codes, 65536.
    rows: Vec<[u16; 2]>,
    /// The distinct rows of values, indexed by context.
    values: Vec<[u32; CONTEXTS]>,
}

/// The index of `row` in `values`, pushed there on its first use (equal
/// rows share one index).
fn intern(
    values: &mut Vec<[u32; CONTEXTS]>,
    row_of_values: &mut HashMap<[u32; CONTEXTS], u32>,
    row: [u32; CONTEXTS],
) -> u32 {
    let next = values.len() as u32;
    *row_of_values.entry(row).or_insert_with(|| {
        values.push(row);
        next
    })
}

impl McTable {
    /// Compiles a checked database.
    pub fn compile(db: &McDb) -> McTable {
        let masks: Vec<Vec<([u64; 4], u32)>> = db
            .patterns
            .iter()
            .map(|p| p.lines.iter().map(|l| (line_mask(l), l.value)).collect())
            .collect();
        // Every code holds a partial row (the values of the contexts some
        // earlier pattern already decided, and which those are), interned
        // so that codes with equal partial rows share one; applying a
        // pattern maps a partial row to another (cached per pattern). Memory
        // stays bounded by the distinct partial rows, however many
        // patterns match a code.
        type Partial = ([u32; CONTEXTS], [u64; 4]);
        let mut partials: Vec<Partial> = vec![([DEFAULT_VALUE; CONTEXTS], [0; 4])];
        let mut interned: HashMap<Partial, u32> = HashMap::new();
        interned.insert(partials[0], 0);
        let mut state = vec![0u32; CODES];
        let mut codes = Vec::with_capacity(CODES);
        let mut matched: Vec<u16> = Vec::new();
        // The last pattern (numbered from 1) that listed each code: the
        // orientations of a symmetric pattern repeat codes, and a stamp
        // keeps each once without sorting (the values do not depend on
        // the order the codes are visited in).
        let mut listed_by = vec![0u32; CODES];
        // Per pattern: partial row before -> after (u32::MAX: not yet).
        let mut applied: Vec<u32> = Vec::new();
        for (i, p) in db.patterns.iter().enumerate() {
            let lines = &masks[i];
            let stamp = i as u32 + 1;
            // The codes the pattern matches in any orientation, once each.
            matched.clear();
            for t in 0..8 {
                let states = oriented_states(p, t);
                codes.clear();
                codes.push(0u16);
                for (k, &set) in states.iter().enumerate() {
                    let n = codes.len();
                    for j in 0..n {
                        let base = codes[j];
                        let mut first = true;
                        for s in 0..4u16 {
                            if set >> s & 1 == 0 {
                                continue;
                            }
                            let code = base | s << (2 * k);
                            if first {
                                codes[j] = code;
                                first = false;
                            } else {
                                codes.push(code);
                            }
                        }
                    }
                }
                for &c in &codes {
                    if listed_by[c as usize] != stamp {
                        listed_by[c as usize] = stamp;
                        matched.push(c);
                    }
                }
            }
            applied.clear();
            applied.resize(partials.len(), u32::MAX);
            for &c in &matched {
                let from = state[c as usize] as usize;
                if from >= applied.len() {
                    applied.resize(from + 1, u32::MAX);
                }
                if applied[from] == u32::MAX {
                    let (mut values, mut filled) = partials[from];
                    for (k, v) in values.iter_mut().enumerate() {
                        let (w, bit) = (k / 64, 1u64 << (k % 64));
                        if filled[w] & bit != 0 {
                            continue;
                        }
                        if let Some(&(_, value)) = lines.iter().find(|(m, _)| m[w] & bit != 0) {
                            *v = value;
                            filled[w] |= bit;
                        }
                    }
                    let next = partials.len() as u32;
                    applied[from] = *interned.entry((values, filled)).or_insert_with(|| {
                        partials.push((values, filled));
                        next
                    });
                }
                state[c as usize] = applied[from];
            }
        }
        // Final rows: the partial rows' values (undecided contexts keep the
        // default), deduplicated, numbered in order of first use.
        let mut values = Vec::new();
        let mut row_of_values: HashMap<[u32; CONTEXTS], u32> = HashMap::new();
        let mut row_of_state: HashMap<u32, u32> = HashMap::new();
        let relative_rows: Vec<u32> = state
            .iter()
            .map(|&st| {
                *row_of_state.entry(st).or_insert_with(|| {
                    intern(&mut values, &mut row_of_values, partials[st as usize].0)
                })
            })
            .collect();
        McTable::from_relative_rows(&relative_rows, values)
    }

    /// A table from a function of the *relative* code and the context
    /// index (`value(relative, ctx)`), for policies computed rather than
    /// written as patterns (`katachi_mc::gammas::playout_table`). Codes
    /// with equal rows share one.
    pub fn from_fn(mut value: impl FnMut(u16, usize) -> u32) -> McTable {
        let mut values: Vec<[u32; CONTEXTS]> = Vec::new();
        let mut row_of_values: HashMap<[u32; CONTEXTS], u32> = HashMap::new();
        let relative_rows: Vec<u32> = (0..CODES)
            .map(|c| {
                let mut row = [0u32; CONTEXTS];
                for (k, v) in row.iter_mut().enumerate() {
                    *v = value(c as u16, k);
                }
                intern(&mut values, &mut row_of_values, row)
            })
            .collect();
        McTable::from_relative_rows(&relative_rows, values)
    }

    /// The table whose code `c` reads row `relative_rows[c]` of `values`
    /// for White (the code is relative to the mover) and the row of the
    /// colour-swapped code for Black.
    fn from_relative_rows(relative_rows: &[u32], values: Vec<[u32; CONTEXTS]>) -> McTable {
        let rows = (0..CODES)
            .map(|c| {
                [
                    relative_rows[swap_colours(c as u16) as usize] as u16,
                    relative_rows[c] as u16,
                ]
            })
            .collect();
        McTable { rows, values }
    }

    /// The value of a move for the player `colour` (0 Black, 1 White) on
    /// a point of absolute neighbourhood code `code` in context `ctx`
    /// (a [`Context::index`]).
    #[inline]
    pub fn value(&self, colour: usize, code: u16, ctx: usize) -> u32 {
        self.values[self.rows[code as usize][colour] as usize][ctx]
    }

    /// The row number of absolute code `code` for the player `colour`:
    /// with [`McTable::row_value`], the two halves of [`McTable::value`],
    /// for callers that keep a point's row while only its context changes
    /// (the row table is large, the rows are few).
    #[inline]
    pub fn row(&self, colour: usize, code: u16) -> u32 {
        self.rows[code as usize][colour] as u32
    }

    /// The row numbers of absolute code `code` for Black and for White
    /// ([`McTable::row`] of both colours with one lookup).
    #[inline]
    pub fn rows_of(&self, code: u16) -> [u32; 2] {
        self.rows[code as usize].map(u32::from)
    }

    /// The value in row `row` (a [`McTable::row`]) and context `ctx`.
    #[inline]
    pub fn row_value(&self, row: u32, ctx: usize) -> u32 {
        self.values[row as usize][ctx]
    }

    /// Number of distinct value rows (a measure of the table's size).
    pub fn row_count(&self) -> usize {
        self.values.len()
    }
}
