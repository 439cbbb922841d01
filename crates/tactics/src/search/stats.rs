//! Node budgets and counters of a search.
//!
//! A query spends nodes against a [`Budget`]; its [`Stats`] count the
//! nodes, the results answered from the transposition table, the moves
//! played, and whether the budget ran out. A searcher that answers many
//! queries keeps a [`Meter`]: the counters of the query under way and the
//! sum over its life, with nested queries (a query started while another
//! one is under way, e.g. by a pattern constraint) counted into the query
//! that started them.

/// The node limit of one query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes one query may spend.
    pub limit: u64,
}

impl Budget {
    /// A budget of `limit` nodes.
    pub const fn new(limit: u64) -> Budget {
        Budget { limit }
    }

    /// Spend one node of `stats`' query: false, marking the query
    /// exhausted, once the limit is reached.
    #[inline]
    pub fn spend(self, stats: &mut Stats) -> bool {
        if stats.nodes >= self.limit {
            stats.exhausted = true;
            return false;
        }
        stats.nodes += 1;
        true
    }
}

/// Counters of one query (or of a searcher's life).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions searched.
    pub nodes: u64,
    /// Results answered from the transposition table.
    pub cache_hits: u64,
    /// Moves played on the board (including ones only tried for ordering).
    pub moves: u64,
    /// Whether the node limit cut the search short.
    pub exhausted: bool,
}

impl Stats {
    /// Add `o`'s counters; exhausted if either was.
    pub fn add(&mut self, o: &Stats) {
        self.add_work(o);
        self.exhausted |= o.exhausted;
    }

    /// Add `o`'s nodes, table hits and moves, but not its exhaustion: for
    /// work done under a budget of its own.
    pub fn add_work(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.cache_hits += o.cache_hits;
        self.moves += o.moves;
    }
}

/// The counters of a searcher that answers a sequence of queries.
///
/// `start` and `finish` bracket each query; `enter_nested` and
/// `leave_nested` bracket a stretch in which queries run while another one
/// is under way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Meter {
    /// The query under way (or the last one finished).
    pub query: Stats,
    /// Every finished query since creation or the last reset (nested
    /// queries through the query that started them).
    pub total: Stats,
    /// How many [`Meter::enter_nested`] are open.
    depth: u32,
}

/// What [`Meter::enter_nested`] saved of the outer query: hand it back to
/// [`Meter::leave_nested`].
#[derive(Debug)]
#[must_use = "the outer query's counters are restored by Meter::leave_nested"]
pub struct Nested {
    outer: Stats,
    total: Stats,
}

impl Meter {
    /// A query starts: fresh counters.
    #[inline]
    pub fn start(&mut self) {
        self.query = Stats::default();
    }

    /// Whether queries run inside another one (between
    /// [`Meter::enter_nested`] and [`Meter::leave_nested`]): a searcher
    /// may then skip work that would recurse at every node.
    pub fn is_nested(&self) -> bool {
        self.depth > 0
    }

    /// The query under way is finished: add it to the total.
    #[inline]
    pub fn finish(&mut self) {
        let q = self.query;
        self.total.add(&q);
    }

    /// Queries are about to run inside the query under way: set its
    /// counters aside. The nested queries count from zero against their
    /// own budget.
    pub fn enter_nested(&mut self) -> Nested {
        self.depth += 1;
        Nested {
            outer: std::mem::take(&mut self.query),
            total: std::mem::take(&mut self.total),
        }
    }

    /// The nested queries are over: the outer query resumes with their
    /// nodes, table hits and moves added to its own (it did that work), and
    /// the total is as before (the outer query adds them when it finishes).
    ///
    /// The nested queries' exhaustion is not passed on: each ran under a
    /// budget of its own, and running out of it ended only that query (whose
    /// answer the caller takes as it is), not the outer search. Counters of
    /// work done between the nested queries, outside any query, are not
    /// added either: only finished queries are.
    pub fn leave_nested(&mut self, saved: Nested) {
        self.depth -= 1;
        let work = self.total;
        self.query = saved.outer;
        self.total = saved.total;
        self.query.add_work(&work);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_stops_at_the_limit_and_marks_exhaustion() {
        let b = Budget::new(2);
        let mut s = Stats::default();
        assert!(b.spend(&mut s) && b.spend(&mut s));
        assert!(!s.exhausted);
        assert!(!b.spend(&mut s));
        assert_eq!(s.nodes, 2);
        assert!(s.exhausted);
    }

    #[test]
    fn nested_queries_count_into_the_outer_one_once() {
        let mut m = Meter::default();
        m.start();
        m.query.nodes = 10;
        assert!(!m.is_nested());
        let saved = m.enter_nested();
        assert!(m.is_nested());
        for n in [3, 4] {
            m.start();
            assert_eq!(m.query.nodes, 0);
            m.query.nodes = n;
            m.query.cache_hits = 1;
            m.query.exhausted = true;
            m.finish();
        }
        m.leave_nested(saved);
        assert!(!m.is_nested());
        assert_eq!(m.query.nodes, 17);
        assert_eq!(m.query.cache_hits, 2);
        assert!(!m.query.exhausted);
        assert_eq!(m.total, Stats::default());
        m.finish();
        assert_eq!(m.total.nodes, 17);
    }
}
