//! Depth and node limits of the tactical reading and of connection reading
//! (GNU Go's "levels"): the one reading configuration that every search
//! of the tactical layer reads, set by `level`, `increase_depths` and
//! `decrease_depths`.

/// Cut-off parameters of the tactical reading. `stackp` below is the number
/// of moves the reading has played on top of the position it was asked
/// about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadConfig {
    /// Beyond this many moves a string that reaches three liberties counts as
    /// alive (enough to read ladders to the end).
    pub depth: u32,
    /// Beyond this many moves the search stops branching on three-liberty
    /// strings and tries only the most promising moves.
    pub branch_depth: u32,
    /// Up to this many moves, backfilling moves are tried for the attacker.
    pub backfill_depth: u32,
    /// Up to this many moves, strings with four liberties are attacked.
    pub fourlib_depth: u32,
    /// Up to this many moves, a ko may be taken "conditionally" (as if a ko
    /// threat had been made and answered).
    pub ko_depth: u32,
    /// Up to this many moves, the attack and defence pattern databases add
    /// candidates (matching scans the board, so only near the root).
    pub pattern_depth: u32,
    /// Up to this many moves, a defence that the general candidates miss
    /// is also sought at the attacker's own key point and candidates.
    pub vital_depth: u32,
    /// Hard bound on moves in one variation (ladders are long but finite).
    pub max_stackp: u32,
    /// Nodes one top-level query may spend before giving up (the attacker
    /// then fails, the defender succeeds).
    pub node_limit: u64,
    /// Order equal candidates toward the centre (the defender's
    /// liberties, the attacker's ataris on a two-liberty string; see
    /// `moves.rs`). PARTIAL, off by default: it reads 10% fewer nodes on
    /// `scripts/reading_diff.py` and gains owl.tst, connection.tst and
    /// the dragons reference (README, Tactical reading, tac28), but alone
    /// it makes the engine test
    /// `owl::combination::tests::defences_against_a_double_atari` fail: a
    /// false combination at D6 there rests on an edge crawl that the
    /// defender reads as lost because it lacks the defence of
    /// [`ReadConfig::superstring_extension`] (tac29). With both on that
    /// test passes, but owl.tst is 170 against 172 with both off (README).
    /// GTP `centre_ties on`.
    pub centre_ties: bool,
    /// The defender of a string with two liberties also extends a friend
    /// it would join through a liberty where the attacker's stone would
    /// be suicide or self-atari (a superstring liberty, reading.texi
    /// "Superstrings"), up to `branch_depth`: the friend's liberties are
    /// the string's already, and joining first gives the attacker the
    /// first move on them (`defense_rules.rs`). PARTIAL, off by default
    /// (tac29): it settles the edge-crawl misread behind `centre_ties`'
    /// engine-test failure and raises `scripts/reading_diff.py`'s
    /// agreement, but costs nodes and owl.tst tests (README, Tactical
    /// reading). GTP `superstring_extension on`.
    pub superstring_extension: bool,
    /// Limits of connection reading.
    pub connection: ConnectionConfig,
}

/// Limits of one connection query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionConfig {
    /// Connection nodes (positions searched) one query may spend. 1,000
    /// (3,000 before conn16): on connection.tst's 90 connect/disconnect
    /// tests the same 63 pass with the same answers, and the nodes per
    /// test (search and tactical) went from 20,179 to 10,674 together
    /// with `MAX_MOVES` 6 and `NEAR_ROOT` 1 (connection reading); the
    /// dragons built on connections (`dragons_reference`, CI sample, and
    /// connection.tst's 38 `same_dragon` tests) kept every figure. The
    /// iterative deepening stops when the next depth is not expected to
    /// fit, so a smaller budget mostly skips deep searches that changed
    /// no answer (1,500 alone: 63, 14,706 nodes; 750: 61).
    pub node_limit: u64,
    /// Moves one variation may play before it is scored by the static rules.
    pub depth: u32,
    /// Paths between the strings longer than this many empty points are not
    /// read: the strings count as disconnected.
    pub max_distance: u32,
    /// Tactical nodes one attack or defence asked by the connection search
    /// may spend (at most the reader's own limit). The search asks about
    /// every string near the two at every node, and a few captures of
    /// three-liberty strings that the reader could not settle took its
    /// whole 20,000-node limit each: on connection.tst's connect and
    /// disconnect tests, a quarter of the nodes went to 149 calls over
    /// 2,000 nodes. With 1,000 the nodes per test went from 28,898 to
    /// 20,179 and the passes from 62/90 to 63/90 (5,000: 24,744 and 62;
    /// 500: 19,264 and 62; 250: 16,381 and 61).
    pub tactical_node_limit: u64,
}

impl Default for ConnectionConfig {
    fn default() -> Self {
        ConnectionConfig {
            node_limit: 1_000,
            depth: 12,
            max_distance: 4,
            tactical_node_limit: 1_000,
        }
    }
}

impl Default for ReadConfig {
    fn default() -> Self {
        ReadConfig {
            depth: 16,
            branch_depth: 13,
            backfill_depth: 12,
            fourlib_depth: 7,
            ko_depth: 8,
            pattern_depth: 1,
            vital_depth: 3,
            max_stackp: 80,
            node_limit: 20_000,
            centre_ties: false,
            superstring_extension: false,
            connection: ConnectionConfig::default(),
        }
    }
}

impl ReadConfig {
    /// Every depth parameter one higher (GTP `increase_depths`).
    pub fn increase_depths(&mut self) {
        self.depth += 1;
        self.branch_depth += 1;
        self.backfill_depth += 1;
        self.fourlib_depth += 1;
        self.ko_depth += 1;
        self.pattern_depth += 1;
        self.vital_depth += 1;
        self.connection.depth += 1;
    }

    /// Every depth parameter one lower, never below zero (GTP `decrease_depths`).
    pub fn decrease_depths(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.branch_depth = self.branch_depth.saturating_sub(1);
        self.backfill_depth = self.backfill_depth.saturating_sub(1);
        self.fourlib_depth = self.fourlib_depth.saturating_sub(1);
        self.ko_depth = self.ko_depth.saturating_sub(1);
        self.pattern_depth = self.pattern_depth.saturating_sub(1);
        self.vital_depth = self.vital_depth.saturating_sub(1);
        self.connection.depth = self.connection.depth.saturating_sub(1);
    }

    /// The configuration of GNU Go's `--level` (1 to 10; 10 is the
    /// default and the deepest katachi reads by default): each level
    /// below 10 is one [`ReadConfig::decrease_depths`] and a node limit
    /// 80% of the level above, each level above 10 one
    /// [`ReadConfig::increase_depths`].
    pub fn at_level(level: u32) -> ReadConfig {
        let mut cfg = ReadConfig::default();
        for _ in level..10 {
            cfg.decrease_depths();
            cfg.node_limit = cfg.node_limit * 4 / 5;
            cfg.connection.node_limit = cfg.connection.node_limit * 4 / 5;
        }
        for _ in 10..level {
            cfg.increase_depths();
        }
        cfg
    }
}
