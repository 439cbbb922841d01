//! Zobrist keys: a fixed table computed at compile time from a fixed seed,
//! so hashes are identical across runs and machines (they may appear in
//! golden files). Immutable; no global mutable state.

use crate::types::{Color, MAX_SIZE};

/// Largest padded array any board uses (stride `MAX_SIZE + 1`, plus the
/// top and bottom padding rows and one extra cell for the last diagonal).
pub(crate) const MAX_ARRAY: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1) + 1;

/// splitmix64 step: a well-mixed 64-bit sequence from any seed.
const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Keys per padded index: `[black stone, white stone, ko point]`.
const fn build() -> [[u64; 3]; MAX_ARRAY] {
    let mut table = [[0u64; 3]; MAX_ARRAY];
    let mut state = 0x6B61_7461_6368_6921; // "katachi!"
    let mut i = 0;
    while i < MAX_ARRAY {
        let mut k = 0;
        while k < 3 {
            let (s, v) = splitmix64(state);
            state = s;
            table[i][k] = v;
            k += 1;
        }
        i += 1;
    }
    table
}

static TABLE: [[u64; 3]; MAX_ARRAY] = build();

/// Key xored in when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = 0x2F7A_1C3B_9D45_E681;

/// Key of a stone of colour `c` on padded index `i`.
#[inline]
pub(crate) fn stone(i: usize, c: Color) -> u64 {
    TABLE[i][c.index()]
}

/// Key of the ko point `i`.
#[inline]
pub(crate) fn ko(i: usize) -> u64 {
    TABLE[i][2]
}
