//! A Fenwick (binary indexed) tree of move weights over the padded board
//! indices: O(log n) weight changes, O(log n) draws in proportion to the
//! weights, the total in O(1).

/// Weights `w[i]` with prefix sums, for weighted random choice.
#[derive(Debug, Default)]
pub struct SumTree {
    /// The weights themselves.
    weight: Vec<u32>,
    /// Fenwick array, 1-based: `tree[k]` sums `w[k - lowbit(k) .. k]`.
    tree: Vec<u64>,
    /// Sum of all weights.
    total: u64,
    /// Highest power of two not above `weight.len()`.
    top: usize,
}

impl Clone for SumTree {
    fn clone(&self) -> SumTree {
        SumTree {
            weight: self.weight.clone(),
            tree: self.tree.clone(),
            total: self.total,
            top: self.top,
        }
    }
    /// Reuses the allocations (playouts reset from a start position).
    fn clone_from(&mut self, src: &SumTree) {
        self.weight.clone_from(&src.weight);
        self.tree.clone_from(&src.tree);
        self.total = src.total;
        self.top = src.top;
    }
}

impl SumTree {
    /// `n` weights, all zero.
    pub fn new(n: usize) -> SumTree {
        let top = if n == 0 {
            0
        } else {
            1 << (usize::BITS - 1 - n.leading_zeros())
        };
        SumTree {
            weight: vec![0; n],
            tree: vec![0; n + 1],
            total: 0,
            top,
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
        let (add, delta) = if w > old {
            (true, (w - old) as u64)
        } else {
            (false, (old - w) as u64)
        };
        if add {
            self.total += delta;
        } else {
            self.total -= delta;
        }
        let mut k = i + 1;
        while k < self.tree.len() {
            if add {
                self.tree[k] += delta;
            } else {
                self.tree[k] -= delta;
            }
            k += k & k.wrapping_neg();
        }
    }

    /// The index whose cumulative range holds `r` (`r < total()`): index
    /// `i` is found for `r` in `[sum(w[..i]), sum(w[..=i]))`, so each index
    /// is found for `w[i]` values of `r`.
    #[inline]
    pub fn find(&self, mut r: u64) -> usize {
        debug_assert!(r < self.total);
        let mut pos = 0;
        let mut step = self.top;
        while step > 0 {
            let next = pos + step;
            if next < self.tree.len() && self.tree[next] <= r {
                pos = next;
                r -= self.tree[next];
            }
            step >>= 1;
        }
        // `pos` is the count of indices whose prefix sum is <= r.
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::SumTree;

    #[test]
    fn find_follows_the_weights() {
        let mut t = SumTree::new(13);
        let w = [0, 3, 0, 0, 5, 1, 0, 0, 0, 0, 2, 0, 7];
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
    }
}
