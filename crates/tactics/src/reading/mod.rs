//! Tactical reading: can a string be captured, can it be saved, and by which
//! move (reading.texi). The search is a minimax over candidate moves from
//! general rules (liberties, second-order liberties, capturing or
//! threatening neighbouring strings, backfilling) with GNU Go's depth
//! cut-offs, its ko scheme and a transposition cache.
//!
//! Where things are: `search.rs` holds the two recursive searches;
//! `moves.rs` the general candidate rules, with the situational ones in
//! `attack_rules.rs` (races for outside liberties, block-first ordering,
//! cutting throw-ins) and `defense_rules.rs` (shortening the attackers of
//! friendly strings that share a liberty, eye vital points); `ko.rs` the ko
//! permissions and grades, the root queries' PASS answers and answers at
//! the node limit; `patterns.rs` the candidates of katachi's own tactical
//! databases. Both sides order their candidates with a killer move (the
//! last refutation found at the same depth). Result codes, outcomes, the
//! node budget, the counters and the cache's table come from the search
//! kit ([`crate::search`]); `cache.rs` says what the cache's keys hold.
//! Board-only questions (the liberties a move would get, ko captures) are
//! the [`crate::predicates`]' ones.
//!
//! A [`Reader`] owns its copy of the board and its cache: no global state.
//! Every public query leaves the board as it found it.
//!
//! ```text
//! let mut r = Reader::new(board.clone(), ReadConfig::default());
//! let (code, mv) = r.attack(str);
//! ```

mod attack_rules;
mod break_through;
mod cache;
mod combined;
mod config;
mod defense_rules;
pub mod eval;
mod ko;
mod ladder;
mod moves;
mod patterns;
mod search;

use katachi_board::{Board, Color, Point};

pub use crate::search::{Code, Outcome, Stats};
pub use config::{ConnectionConfig, ReadConfig};
pub use patterns::TacticalPatterns;

use std::sync::Arc;

use katachi_patterns::matchers::Scratch;

use crate::search::{Budget, Meter, FAIL};
use cache::{Cache, Entry, Key, Query};
use ko::{Frame, KoState};

/// Developer switch: print the moves tried near the root and their
/// results on standard error (depth from `KTRACE`). Off in every build.
const TRACE: bool = false;

/// How deep [`TRACE`] prints.
fn trace_depth() -> u32 {
    std::env::var("KTRACE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// The cache is emptied when it reaches this many results (a few tens of
/// megabytes), so that a long session keeps bounded memory.
const MAX_CACHE_ENTRIES: usize = 1 << 20;

/// On a new position a cache up to this capacity is emptied in place
/// rather than replaced by a new small one.
const KEEP_CACHE_CAPACITY: usize = 1 << 14;

/// An empty cache with room for a typical query's entries (growing it
/// from nothing rehashes several times per query), bounded in size.
fn new_cache() -> Cache {
    Cache::new(1024, MAX_CACHE_ENTRIES, KEEP_CACHE_CAPACITY)
}

/// The tactical reader: a board copy, a cache and limits.
#[derive(Debug, Clone)]
pub struct Reader {
    board: Board,
    cfg: ReadConfig,
    cache: Cache,
    /// Counters of the current query and of the reader's life; nested
    /// while a pattern constraint is evaluated (its readings do not match
    /// patterns again).
    meter: Meter,
    ko: KoState,
    stack: Vec<Frame>,
    /// The compiled attack and defence databases (shared, immutable).
    patterns: Arc<TacticalPatterns>,
    /// The matcher's working memory, reused between nodes.
    scratch: Scratch,
    /// The best move at the root of the current query whose reading ended
    /// within the node limit (see `Reader::within_limit`).
    root_best: Outcome,
    /// The depth of the board stack at which the current query started.
    root_sp: u32,
    /// The defence that last refuted an attack, by depth (tried early in
    /// sibling positions: see `defense_rules.rs`).
    killers: Vec<Point>,
    /// The attack that last refuted a defence, by depth (see
    /// `attack_rules.rs`).
    att_killers: Vec<Point>,
    /// Answers of connection queries asked on the reader's position with
    /// no move played on top of it (see [`ConnectionMemo`]).
    pub(crate) connection_memo: ConnectionMemo,
    /// Answers of the attacks and defences the connection search asked
    /// (see [`Reader::query_key`]), kept like the connection memo.
    pub(crate) tactical_memo: TacticalMemo,
}

/// The tactical answers the connection search asked, by
/// [`Reader::query_key`], including the ones cut by the node limit (the
/// cache keeps only results read within the limit). The connection
/// search comes back to the same positions at every depth of its
/// iterative deepening, and the connection stage asks about the same
/// strings in `connect` and `disconnect` queries of one position: each
/// tactical question that ran out of nodes was read again, to the
/// limit, every time (on connection.tst's connect/disconnect tests this
/// memo cut the nodes per test from 32,455 to 28,898 with the same
/// passes, 62/90).
pub(crate) type TacticalMemo = crate::search::Table<QueryKey, Outcome>;

/// The tactical memo is emptied when it reaches this many answers.
const MAX_MEMO_ENTRIES: usize = 1 << 18;

/// Answers of connection queries (`connection::string_connect`,
/// `connection::disconnect`) keyed by the position's hash, its ko point,
/// the two strings (in either order) and the question. The
/// connection database asks the same pair of strings through several
/// patterns (a knight's move and a large knight's move between the same
/// strings, a pattern matched from both ends); each query reads up to
/// the connection node limit, so one answer per pair and position saves
/// most of the connection stage's time. Kept while the position is, like
/// the tactical cache.
pub(crate) type ConnectionMemo = std::collections::HashMap<ConnectionKey, (Code, Option<Point>)>;

/// Position hash, ko point, the two strings' heads (the smaller first),
/// connect (or disconnect).
pub(crate) type ConnectionKey = (u64, Option<Point>, Option<Point>, Option<Point>, bool);

/// See [`Reader::query_key`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct QueryKey {
    key: Key,
    stackp: u32,
}

impl Reader {
    /// A reader on its own copy of `board`, compiling the embedded tactical
    /// databases.
    pub fn new(board: Board, cfg: ReadConfig) -> Reader {
        Reader::with_patterns(board, cfg, TacticalPatterns::embedded())
    }

    /// A reader on its own copy of `board` that shares already compiled
    /// tactical databases.
    pub fn with_patterns(board: Board, cfg: ReadConfig, patterns: Arc<TacticalPatterns>) -> Reader {
        Reader {
            board,
            cfg,
            cache: new_cache(),
            meter: Meter::default(),
            ko: KoState::default(),
            stack: Vec::new(),
            patterns,
            scratch: Scratch::default(),
            killers: Vec::new(),
            att_killers: Vec::new(),
            connection_memo: ConnectionMemo::new(),
            tactical_memo: TacticalMemo::new(0, MAX_MEMO_ENTRIES, KEEP_CACHE_CAPACITY),
            root_best: FAIL,
            root_sp: 0,
        }
    }

    /// The tactical databases this reader matches.
    pub fn patterns(&self) -> &Arc<TacticalPatterns> {
        &self.patterns
    }

    /// The position being read.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Replace the position. Cached results are keyed by the position
    /// itself; they are kept when the position is the same one (several
    /// queries about one position) and dropped otherwise.
    pub fn set_board(&mut self, board: &Board) {
        if board.hash() != self.board.hash() {
            self.cache.reset();
            self.connection_memo.clear();
            self.tactical_memo.reset();
        }
        self.board = board.clone();
        self.stack.clear();
        self.ko = KoState::default();
    }

    /// The limits in force.
    pub fn config(&self) -> &ReadConfig {
        &self.cfg
    }

    /// Change the limits. The cache is cleared: its results were read
    /// under the old ones.
    pub fn set_config(&mut self, cfg: ReadConfig) {
        self.cfg = cfg;
        self.cache.clear();
        self.connection_memo.clear();
        self.tactical_memo.clear();
    }

    /// Forget every cached result.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
        self.connection_memo.clear();
        self.tactical_memo.clear();
    }

    /// Whether no move is played on top of the reader's position (the
    /// connection memo answers only there: under played moves the ko
    /// state of the variation may change an answer).
    pub(crate) fn at_base(&self) -> bool {
        self.stack.is_empty()
    }

    /// Counters of the last query.
    pub fn last_stats(&self) -> Stats {
        self.meter.query
    }

    /// Counters summed over every query since creation or the last reset.
    pub fn total(&self) -> Stats {
        self.meter.total
    }

    /// Reset the summed counters.
    pub fn reset_total(&mut self) {
        self.meter.total = Stats::default();
    }

    /// Can the string at `s` be captured if its opponent moves first?
    /// Returns the code and an attacking move. Empty points fail.
    pub fn attack(&mut self, s: Point) -> Outcome {
        self.query(s, |r, s| r.attack_root(s))
    }

    /// Can the string at `s` be saved if its owner moves first? Returns the
    /// code and the saving move (as GNU Go, a string that is not in danger
    /// is "defended" by a move that keeps it safe).
    pub fn find_defense(&mut self, s: Point) -> Outcome {
        self.query(s, |r, s| r.defend_root(s))
    }

    /// Attack in the strict ladder sense: the attacker only ataris, the
    /// defender only extends or captures; a string reaching three liberties
    /// escapes.
    pub fn ladder_attack(&mut self, s: Point) -> Outcome {
        self.query(s, |r, s| r.ladder_attack_inner(s))
    }

    /// Play a hypothetical move of `c` at `p` on the reader's board (GNU
    /// Go's `trymove`; later queries read the new position). Returns false,
    /// changing nothing, if the move is illegal. Undo with [`Reader::pop_move`].
    pub fn push_move(&mut self, c: Color, p: Point) -> bool {
        if !self.board.on_board(p) || !self.board.is_legal(c, katachi_board::Move::Play(p)) {
            return false;
        }
        self.play(c, p).is_some()
    }

    /// Take back the last [`Reader::push_move`].
    pub fn pop_move(&mut self) {
        self.pop();
    }

    /// Run one top-level query with fresh statistics.
    fn query(&mut self, s: Point, f: impl FnOnce(&mut Reader, Point) -> Outcome) -> Outcome {
        self.meter.start();
        self.killers.clear();
        self.att_killers.clear();
        let depth = self.stack.len();
        let out = if self.color_at(s).is_some() {
            f(self, s)
        } else {
            FAIL
        };
        debug_assert_eq!(self.stack.len(), depth);
        self.meter.finish();
        out
    }

    fn color_at(&self, p: Point) -> Option<Color> {
        if !self.board.on_board(p) {
            return None;
        }
        self.board.cell(p).color()
    }

    /// Spend one node; false once the limit is reached.
    fn spend_node(&mut self) -> bool {
        Budget::new(self.cfg.node_limit).spend(&mut self.meter.query)
    }

    /// Run `f` (top-level queries) with the node limit lowered to `limit`
    /// (never raised). Results read within the lower limit are complete
    /// reads, the same as under the reader's own limit, so the cache
    /// stays valid.
    pub(crate) fn with_node_limit<T>(&mut self, limit: u64, f: impl FnOnce(&mut Reader) -> T) -> T {
        let saved = self.cfg.node_limit;
        self.cfg.node_limit = saved.min(limit);
        let out = f(self);
        self.cfg.node_limit = saved;
        out
    }

    /// Run `f` with every depth limit `extra` higher (as `extra` GTP
    /// `increase_depths` would), then restore them: for a caller that has
    /// played `extra` moves of its own search on top of the position it
    /// asks about, so that the tactical depth limits count from that
    /// position (the connection search's captures that join two strings).
    /// Reading itself is unchanged.
    pub(crate) fn with_extra_depth<T>(
        &mut self,
        extra: u32,
        f: impl FnOnce(&mut Reader) -> T,
    ) -> T {
        let saved = self.cfg;
        for _ in 0..extra {
            self.cfg.increase_depths();
        }
        let out = f(self);
        self.cfg = saved;
        out
    }

    /// What the answer of a top-level [`Reader::attack`] (or
    /// [`Reader::find_defense`]) of the string at `s` depends on here: the
    /// cache key of its root (position, ko point, ko state, the string)
    /// and the moves played on top of the reader's position (the depth
    /// limits count from the reader's position). The connection search
    /// keeps answers by it (see `connection::search`).
    pub(crate) fn query_key(&self, attack: bool, s: Point) -> QueryKey {
        let query = if attack { Query::Attack } else { Query::Defend };
        let head = self.board.string_head(s).unwrap_or(s);
        QueryKey {
            key: self.key(query, head),
            stackp: self.stackp(),
        }
    }

    fn key(&self, query: Query, target: Point) -> Key {
        Key {
            hash: self.board.hash(),
            ko_point: match (
                self.board.ko_point_for(Color::Black),
                self.board.ko_point_for(Color::White),
            ) {
                (Some(p), _) => p.0,
                (None, Some(p)) => p.0 | 0x8000,
                _ => 0,
            },
            komaster: self.ko.master.code(),
            kom_pos: self.ko.pos.map_or(0, |p| p.0),
            query,
            target: target.0,
        }
    }

    fn cache_get(&mut self, key: &Key) -> Option<Outcome> {
        self.cache_probe(key).ok()
    }

    /// One lookup for both uses of the cache: a result that may be reused
    /// here (`Ok`), or else the best move of a result read with less
    /// depth left, worth trying first (`Err`).
    fn cache_probe(&mut self, key: &Key) -> Result<Outcome, Option<Point>> {
        let sp = self.stackp();
        let Some(e) = self.cache.get(key) else {
            return Err(None);
        };
        if e.stackp <= sp {
            let out = Outcome {
                code: e.code,
                mv: e.mv,
            };
            self.meter.query.cache_hits += 1;
            Ok(out)
        } else if e.code.is_success() {
            Err(e.mv)
        } else {
            Err(None)
        }
    }

    fn cache_put(&mut self, key: Key, out: Outcome) {
        if self.meter.query.exhausted {
            return;
        }
        let stackp = self.stackp();
        self.cache.insert(
            key,
            Entry {
                code: out.code,
                mv: out.mv,
                stackp,
            },
        );
    }
}

#[cfg(test)]
pub(crate) mod tests;
