//! A tiny deterministic generator for tests that build random positions:
//! the same numbers on every run and machine, no dependency.

/// A xorshift64 generator from `seed` (which must not be 0): each call
/// returns the next number.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    assert_ne!(seed, 0, "xorshift needs a non-zero seed");
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let (mut a, mut b, mut c) = (super::xorshift(7), super::xorshift(7), super::xorshift(8));
        let x: Vec<u64> = (0..4).map(|_| a()).collect();
        assert_eq!(x, (0..4).map(|_| b()).collect::<Vec<_>>());
        assert_ne!(x, (0..4).map(|_| c()).collect::<Vec<_>>());
    }
}
