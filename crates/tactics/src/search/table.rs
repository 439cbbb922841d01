//! A transposition table: results keyed by a position (a Zobrist hash and
//! whatever else the result depends on), with bounded memory.
//!
//! Keys already carry a random Zobrist hash, so [`KeyHasher`] only mixes
//! the words a key writes (a key folds its small fields into the hash and
//! writes one word). The table is emptied when it reaches its maximum size,
//! and a searcher moving to another position empties it in place while it
//! is small ([`Table::reset`]), keeping its allocation.

use std::hash::{Hash, Hasher};

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
///
/// An open-addressing table with linear probing whose slots hold the key
/// and the value inline: a lookup reads one slot (usually one cache line)
/// where a `HashMap` reads its control bytes and then its bucket, two
/// cache misses on a table larger than the processor's caches (the
/// reader's cache lookups were about 7% of an analysis). Entries are never
/// removed one by one, so probing needs no tombstones. The semantics are a
/// map's: `get` finds exactly what the last `insert` of that key stored
/// since the last emptying.
#[derive(Clone, Debug)]
pub struct Table<K, V> {
    /// A power-of-two number of slots, at most three quarters used, so a
    /// probe always ends at an empty slot.
    slots: Vec<Option<(K, V)>>,
    /// Slots in use.
    len: usize,
    /// `64 - log2(slots.len())`: a key's home slot is the top bits of its
    /// hash.
    shift: u32,
    /// The capacity a fresh table starts with.
    initial: usize,
    /// The table is emptied when an insertion finds this many results.
    max_entries: usize,
    /// [`Table::reset`] empties a table up to this capacity in place.
    keep_capacity: usize,
}

/// The fewest slots a table has (a power of two).
const MIN_SLOTS: usize = 8;

/// Slots for `n` results at most three quarters full (a power of two).
fn slots_for(n: usize) -> usize {
    (n.saturating_mul(4) / 3 + 1)
        .next_power_of_two()
        .max(MIN_SLOTS)
}

/// An empty slot vector of `n` slots.
fn empty_slots<K, V>(n: usize) -> Vec<Option<(K, V)>> {
    let mut v = Vec::with_capacity(n);
    v.resize_with(n, || None);
    v
}

impl<K: Hash + Eq, V> Table<K, V> {
    /// An empty table with room for `initial` results (growing one from
    /// nothing rehashes several times per query), emptied when it holds
    /// `max_entries`, and kept in place by [`Table::reset`] up to a
    /// capacity of `keep_capacity`.
    pub fn new(initial: usize, max_entries: usize, keep_capacity: usize) -> Table<K, V> {
        let n = slots_for(initial);
        Table {
            slots: empty_slots(n),
            len: 0,
            shift: 64 - n.trailing_zeros(),
            initial,
            max_entries,
            keep_capacity,
        }
    }

    /// The home slot of `key`: the top bits of its [`KeyHasher`] hash (a
    /// product by an odd constant, whose high bits mix every input bit).
    #[inline]
    fn home(&self, key: &K) -> usize {
        let mut h = KeyHasher::default();
        key.hash(&mut h);
        (h.finish() >> self.shift) as usize
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: &K) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match &self.slots[i] {
                Some((k, _)) if k != key => i = (i + 1) & mask,
                _ => return i,
            }
        }
    }

    /// The result stored for `key`.
    #[inline]
    pub fn get(&self, key: &K) -> Option<&V> {
        match &self.slots[self.find(key)] {
            Some((_, v)) => Some(v),
            None => None,
        }
    }

    /// Store a result, replacing the one of the same key. A full table is
    /// emptied first: bounded memory over a long session.
    #[inline]
    pub fn insert(&mut self, key: K, value: V) {
        if self.len >= self.max_entries {
            self.clear();
        }
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let i = self.find(&key);
        if self.slots[i].is_none() {
            self.len += 1;
        }
        self.slots[i] = Some((key, value));
    }

    /// Double the slots and put every result in its new place.
    #[cold]
    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, empty_slots(n));
        self.shift = 64 - n.trailing_zeros();
        let mask = n - 1;
        for (k, v) in old.into_iter().flatten() {
            let mut i = self.home(&k);
            while self.slots[i].is_some() {
                i = (i + 1) & mask;
            }
            self.slots[i] = Some((k, v));
        }
    }

    /// Forget every result, keeping the allocation.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.slots.iter_mut().for_each(|s| *s = None);
            self.len = 0;
        }
    }

    /// Forget every result before work on another position. Results of
    /// another position are rarely reused, and a table grown large misses
    /// the processor's caches at every lookup: a large table is replaced by
    /// a fresh one of the initial capacity. A table of moderate size is
    /// emptied in place instead: it keeps its allocation, so the next query
    /// does not grow (and rehash) it again from the initial capacity.
    pub fn reset(&mut self) {
        if self.capacity() <= self.keep_capacity {
            self.clear();
        } else {
            *self = Table::new(self.initial, self.max_entries, self.keep_capacity);
        }
    }

    /// Number of results stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no result is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Results the table holds without reallocating.
    pub fn capacity(&self) -> usize {
        self.slots.len() / 4 * 3
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

    /// The table against `std`'s `HashMap` on a long random run of
    /// insertions (new keys and replacements) and lookups, with the
    /// emptying at `max_entries` and `reset` applied to the model too:
    /// every lookup must agree.
    #[test]
    fn agrees_with_a_hash_map() {
        use std::collections::HashMap;
        let mut t: Table<u64, u32> = Table::new(16, 5000, 256);
        let mut model: HashMap<u64, u32> = HashMap::new();
        let mut x = 0x1234_5678_9abc_def1u64;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for step in 0..200_000u32 {
            // Keys from a small range collide in their home slots and
            // repeat (replacements); some are Zobrist-like random words.
            let r = rnd();
            let key = if r % 3 == 0 { r } else { r % 3000 };
            if rnd() % 2 == 0 {
                if model.len() >= 5000 {
                    model.clear();
                }
                model.insert(key, step);
                t.insert(key, step);
            } else {
                assert_eq!(t.get(&key), model.get(&key), "lookup at step {step}");
            }
            if step % 50_000 == 49_999 {
                t.reset();
                model.clear();
            }
            assert_eq!(t.len(), model.len());
        }
    }
}
