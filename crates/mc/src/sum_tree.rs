//! Move weights of both colours over the padded board indices with block
//! sums, for draws in proportion to the weights: a weight change costs
//! O(1) (the weight, its block's sum and the total), a draw scans the
//! block sums and then one block (at most 22 + 32 steps on 19x19, 26 + 32
//! on 25x25). A playout changes a few dozen weights per move and draws
//! once, so cheap changes matter more than cheap draws (a Fenwick tree,
//! which costs a logarithm for both, made 9x9 playouts about 6% slower in
//! CPU time).
//!
//! Both colours' weights of a point sit side by side (Black 0, White 1):
//! a playout's update sets both for the same points, so one set touches
//! one weight pair, one block pair and the totals.

/// Indices per block.
const BLOCK: usize = 32;

/// Per index a weight for each colour, with per-block sums, for weighted
/// random choice.
#[derive(Debug, Default)]
pub struct SumTree {
    /// The weights themselves, both colours per index.
    weight: Vec<[u32; 2]>,
    /// Sums of each block of [`BLOCK`] weights, per colour.
    block: Vec<[u64; 2]>,
    /// Sums of all weights, per colour.
    total: [u64; 2],
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
    /// `n` weight pairs, all zero.
    pub fn new(n: usize) -> SumTree {
        SumTree {
            weight: vec![[0; 2]; n],
            block: vec![[0; 2]; n.div_ceil(BLOCK)],
            total: [0; 2],
        }
    }

    /// The weight of index `i` for colour `k` (0 or 1).
    #[inline]
    pub fn get(&self, k: usize, i: usize) -> u32 {
        self.weight[i][k]
    }

    /// Sum of colour `k`'s weights.
    #[inline]
    pub fn total(&self, k: usize) -> u64 {
        self.total[k]
    }

    /// Sets both colours' weights of index `i`.
    #[inline]
    pub fn set(&mut self, i: usize, w: [u32; 2]) {
        let old = self.weight[i];
        if old == w {
            return;
        }
        self.weight[i] = w;
        // Wrapping arithmetic: the sums stay exact (they never go negative).
        let d0 = (w[0] as u64).wrapping_sub(old[0] as u64);
        let d1 = (w[1] as u64).wrapping_sub(old[1] as u64);
        let b = &mut self.block[i / BLOCK];
        b[0] = b[0].wrapping_add(d0);
        b[1] = b[1].wrapping_add(d1);
        self.total[0] = self.total[0].wrapping_add(d0);
        self.total[1] = self.total[1].wrapping_add(d1);
    }

    /// The index whose cumulative range of colour `k`'s weights holds `r`
    /// (`r < total(k)`): index `i` is found for `r` in
    /// `[sum(w[..i]), sum(w[..=i]))`, so each index is found for `w[i]`
    /// values of `r`.
    #[inline]
    pub fn find(&self, k: usize, mut r: u64) -> usize {
        debug_assert!(r < self.total[k]);
        let mut b = 0;
        while b + 1 < self.block.len() && r >= self.block[b][k] {
            r -= self.block[b][k];
            b += 1;
        }
        let start = b * BLOCK;
        let end = (start + BLOCK).min(self.weight.len());
        for (i, w) in self.weight[start..end].iter().enumerate() {
            let w = w[k] as u64;
            if r < w {
                return start + i;
            }
            r -= w;
        }
        // Unreachable when r < total; the last positive weight otherwise.
        (0..self.weight.len())
            .rev()
            .find(|&i| self.weight[i][k] > 0)
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
        let w: Vec<[u32; 2]> = (0..n as u32)
            .map(|i| {
                [
                    (i * 7919 % 13).saturating_sub(6),
                    (i * 104729 % 11).saturating_sub(4),
                ]
            })
            .collect();
        for (i, &x) in w.iter().enumerate() {
            t.set(i, [x[0] + 4, x[1] + 3]);
            t.set(i, x);
        }
        for k in 0..2 {
            assert_eq!(t.total(k), w.iter().map(|x| x[k] as u64).sum::<u64>());
            let mut r = 0;
            for (i, x) in w.iter().enumerate() {
                assert_eq!(t.get(k, i), x[k]);
                for _ in 0..x[k] {
                    assert_eq!(t.find(k, r), i, "colour {k}, r = {r}");
                    r += 1;
                }
            }
            assert_eq!(r, t.total(k));
        }
    }
}
