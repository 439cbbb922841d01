//! Transposition cache of the reading: results keyed by the Zobrist hash of
//! the stones, the ko point, the ko state, the query and the string.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use katachi_board::Point;

use super::codes::Code;

/// Which reading function a cached result belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub(crate) enum Query {
    Attack = 1,
    Defend = 2,
    LadderAttack = 3,
    LadderDefend = 4,
}

/// Everything a result depends on besides the search depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    pub(crate) hash: u64,
    pub(crate) ko_point: u16,
    pub(crate) komaster: u8,
    pub(crate) kom_pos: u16,
    pub(crate) query: Query,
    pub(crate) target: u16,
}

impl std::hash::Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The Zobrist hash is already random: fold the small fields into it
        // and hash one word.
        let small = (self.ko_point as u64)
            | (self.kom_pos as u64) << 16
            | (self.target as u64) << 32
            | (self.komaster as u64) << 48
            | (self.query as u64) << 56;
        state.write_u64(self.hash ^ small.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    }
}

/// A stored result: code, move, and the number of moves already played when
/// it was computed (a result read with more depth left may be reused deeper,
/// not the other way round).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) code: Code,
    pub(crate) mv: Option<Point>,
    pub(crate) stackp: u32,
}

/// Hasher for keys that already carry a Zobrist hash: a cheap mix suffices.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The cache proper.
pub(crate) type Cache = HashMap<Key, Entry, BuildHasherDefault<KeyHasher>>;
