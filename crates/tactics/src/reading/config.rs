//! Depth and node limits of the tactical reading (GNU Go's "levels").

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
    }
}
