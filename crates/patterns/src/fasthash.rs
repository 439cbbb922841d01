//! A hasher for integer keys on hot paths (the corner matcher's table,
//! the eye-space solver's memo): one rotate, xor and multiply per word
//! instead of SipHash's rounds, and a final fold of the high half into
//! the low one, where the hash table takes its bucket index, so that keys
//! differing only in their high bits (dense bit fields) spread too. The
//! keys are the engine's own, not adversarial input.

use std::hash::Hasher;

/// See the module documentation.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}
