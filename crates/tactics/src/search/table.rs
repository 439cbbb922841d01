//! A transposition table: results keyed by a position (a Zobrist hash and
//! whatever else the result depends on), with bounded memory.
//!
//! Keys already carry a random Zobrist hash, so [`KeyHasher`] only mixes
//! the words a key writes (a key folds its small fields into the hash and
//! writes one word). The table is emptied when it reaches its maximum size,
//! and a searcher moving to another position empties it in place while it
//! is small ([`Table::reset`]), keeping its allocation.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Hasher for keys that already carry a Zobrist hash: a cheap mix suffices.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Mix the small fields of a key (`small`, up to 64 bits) into its Zobrist
/// hash, for a key's `Hash` impl that writes one word.
#[inline]
pub fn fold(hash: u64, small: u64) -> u64 {
    hash ^ small.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Results of type `V` keyed by `K`, at most `max_entries` of them.
#[derive(Clone, Debug)]
pub struct Table<K, V> {
    map: HashMap<K, V, BuildHasherDefault<KeyHasher>>,
    /// The capacity a fresh table starts with.
    initial: usize,
    /// The table is emptied when an insertion finds this many results.
    max_entries: usize,
    /// [`Table::reset`] empties a table up to this capacity in place.
    keep_capacity: usize,
}

impl<K: Hash + Eq, V> Table<K, V> {
    /// An empty table with room for `initial` results (growing one from
    /// nothing rehashes several times per query), emptied when it holds
    /// `max_entries`, and kept in place by [`Table::reset`] up to a
    /// capacity of `keep_capacity`.
    pub fn new(initial: usize, max_entries: usize, keep_capacity: usize) -> Table<K, V> {
        Table {
            map: HashMap::with_capacity_and_hasher(initial, Default::default()),
            initial,
            max_entries,
            keep_capacity,
        }
    }

    /// The result stored for `key`.
    #[inline]
    pub fn get(&self, key: &K) -> Option<&V> {
        self.map.get(key)
    }

    /// Store a result, replacing the one of the same key. A full table is
    /// emptied first: bounded memory over a long session.
    #[inline]
    pub fn insert(&mut self, key: K, value: V) {
        if self.map.len() >= self.max_entries {
            self.map.clear();
        }
        self.map.insert(key, value);
    }

    /// Forget every result, keeping the allocation.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// Forget every result before work on another position. Results of
    /// another position are rarely reused, and a table grown large misses
    /// the processor's caches at every lookup: a large table is replaced by
    /// a fresh one of the initial capacity. A table of moderate size is
    /// emptied in place instead: it keeps its allocation, so the next query
    /// does not grow (and rehash) it again from the initial capacity.
    pub fn reset(&mut self) {
        if self.map.capacity() <= self.keep_capacity {
            self.map.clear();
        } else {
            self.map = HashMap::with_capacity_and_hasher(self.initial, Default::default());
        }
    }

    /// Number of results stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no result is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Results the table holds without reallocating.
    pub fn capacity(&self) -> usize {
        self.map.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_table_starts_afresh_and_reset_keeps_small_allocations() {
        let mut t: Table<u64, u32> = Table::new(4, 3, 64);
        for k in 0..3 {
            t.insert(k, k as u32);
        }
        assert_eq!(t.len(), 3);
        assert_eq!(t.get(&1), Some(&1));
        t.insert(1, 10);
        assert_eq!(t.len(), 1, "a full table is emptied before an insertion");
        assert_eq!(t.get(&1), Some(&10));
        assert_eq!(t.get(&0), None);
        let cap = t.capacity();
        t.reset();
        assert!(t.is_empty());
        assert_eq!(t.capacity(), cap, "a small table is emptied in place");

        let mut big: Table<u64, u32> = Table::new(4, 1 << 20, 8);
        for k in 0..100 {
            big.insert(k, 0);
        }
        big.reset();
        assert!(big.is_empty());
        assert!(
            big.capacity() < 100,
            "a large table is replaced by a small one"
        );
    }
}
