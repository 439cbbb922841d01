//! Move weights over the padded board indices with block sums, for draws
//! in proportion to the weights: a weight change costs O(1) (the weight,
//! its block's sum and the total), a draw scans the block sums and then one
//! block (at most 22 + 32 steps on 19x19, 26 + 32 on 25x25). A playout
//! changes a few dozen weights per move and draws once, so cheap changes
//! matter more than cheap draws (a Fenwick tree, which costs a logarithm
//! for both, made 9x9 playouts about 6% slower in CPU time).

/// Indices per block.
const BLOCK: usize = 32;

/// Weights `w[i]` with per-block sums, for weighted random choice.
#[derive(Debug, Default)]
pub struct SumTree {
    /// The weights themselves.
    weight: Vec<u32>,
    /// Sum of each block of [`BLOCK`] weights.
    block: Vec<u64>,
    /// Sum of all weights.
    total: u64,
}

impl Clone for SumTree {
    fn clone(&self) -> SumTree {
        SumTree {
            weight: self.weight.clone(),
            block: self.block.clone(),
            total: self.total,
        }
    }
    /// Reuses the allocations (playouts reset from a start position).
    fn clone_from(&mut self, src: &SumTree) {
        self.weight.clone_from(&src.weight);
        self.block.clone_from(&src.block);
        self.total = src.total;
    }
}

impl SumTree {
    /// `n` weights, all zero.
    pub fn new(n: usize) -> SumTree {
        SumTree {
            weight: vec![0; n],
            block: vec![0; n.div_ceil(BLOCK)],
            total: 0,
        }
    }

    /// The weight of index `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        self.weight[i]
    }

    /// Sum of all weights.
    #[inline]
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Sets the weight of index `i`.
    #[inline]
    pub fn set(&mut self, i: usize, w: u32) {
        let old = self.weight[i];
        if old == w {
            return;
        }
        self.weight[i] = w;
        // Wrapping arithmetic: the sums stay exact (they never go negative).
        let delta = (w as u64).wrapping_sub(old as u64);
        let b = &mut self.block[i / BLOCK];
        *b = b.wrapping_add(delta);
        self.total = self.total.wrapping_add(delta);
    }

    /// The index whose cumulative range holds `r` (`r < total()`): index
    /// `i` is found for `r` in `[sum(w[..i]), sum(w[..=i]))`, so each index
    /// is found for `w[i]` values of `r`.
    #[inline]
    pub fn find(&self, mut r: u64) -> usize {
        debug_assert!(r < self.total);
        let mut b = 0;
        while b + 1 < self.block.len() && r >= self.block[b] {
            r -= self.block[b];
            b += 1;
        }
        let start = b * BLOCK;
        let end = (start + BLOCK).min(self.weight.len());
        for i in start..end {
            let w = self.weight[i] as u64;
            if r < w {
                return i;
            }
            r -= w;
        }
        // Unreachable when r < total; the last positive weight otherwise.
        (0..self.weight.len())
            .rev()
            .find(|&i| self.weight[i] > 0)
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::SumTree;

    #[test]
    fn find_follows_the_weights() {
        let n = 100;
        let mut t = SumTree::new(n);
        let w: Vec<u32> = (0..n as u32)
            .map(|i| (i * 7919 % 13).saturating_sub(6))
            .collect();
        for (i, &x) in w.iter().enumerate() {
            t.set(i, x + 4);
            t.set(i, x);
        }
        assert_eq!(t.total(), w.iter().map(|&x| x as u64).sum::<u64>());
        let mut r = 0;
        for (i, &x) in w.iter().enumerate() {
            for _ in 0..x {
                assert_eq!(t.find(r), i, "r = {r}");
                r += 1;
            }
        }
        assert_eq!(r, t.total());
    }
}
