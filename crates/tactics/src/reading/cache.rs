//! What the reading's transposition table holds: results keyed by the
//! Zobrist hash of the stones, the ko point, the ko state, the query and
//! the string (the table itself is the search kit's [`Table`]).

use std::hash::Hasher;

use katachi_board::Point;

use crate::search::{fold, Code, Table};

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
        state.write_u64(fold(self.hash, small));
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

/// The cache proper.
pub(crate) type Cache = Table<Key, Entry>;
