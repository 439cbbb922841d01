//! Union-find over point indices: the worms joined into dragons, and the
//! worms the connection stage has already joined.

/// Disjoint sets of point indices; a set's root is its lowest index.
pub struct Union(Vec<u32>);

impl Union {
    /// Every index `0..n` its own set.
    pub fn new(n: usize) -> Union {
        Union((0..n as u32).collect())
    }

    /// The root of `a`'s set (halving the path on the way).
    pub fn find(&mut self, mut a: usize) -> usize {
        while self.0[a] as usize != a {
            let up = self.0[a] as usize;
            self.0[a] = self.0[up];
            a = up;
        }
        a
    }

    /// Joins the sets of `a` and `b`.
    pub fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            self.0[hi] = lo as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_are_transitive_and_rooted_at_the_lowest_index() {
        let mut u = Union::new(6);
        u.join(4, 2);
        u.join(5, 4);
        assert_eq!(u.find(5), 2);
        assert_eq!(u.find(2), 2);
        assert_ne!(u.find(1), u.find(5));
        u.join(1, 5);
        assert_eq!(u.find(4), 1);
    }
}
