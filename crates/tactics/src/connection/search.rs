//! The alternating connection search.
//!
//! The connector's node: already one string wins; capturing outright an
//! opponent string touching both strings wins; otherwise each candidate is
//! played and the disconnector answers. The disconnector's node: a
//! captured string is a disconnection; capturing one of the strings with
//! one or two liberties (read by the tactical reader, ko results included)
//! comes first, while the capture of a string with three liberties is only
//! tried first as a move (the string may still connect out); strings that
//! the static rules call connected stay connected; with no move to play
//! the connector moves again (a pass: with no short path it fails at once,
//! but it may still take a dead string between the two); otherwise each
//! candidate is played and the connector answers.
//!
//! The root is searched by iterative deepening (4, 6, ... moves up to the
//! configured depth) under one node budget; the answer is the deepest
//! search that finished, or a win the cut one proved.
//!
//! Ko follows the tactical reader's komaster scheme (moves are played with
//! its `play`, which may take a ko "conditionally" near the root): a result
//! reached through a conditional ko capture is at best KO_B for the side
//! that took it, and results are passed up with [`Code::reverse`].
//!
//! Results are cached per query, keyed by the Zobrist hash, the ko point,
//! the conditional ko captures of the variation and the side to move, and
//! reused when they were read with at least as much depth left.

use std::hash::{Hash, Hasher};
use std::rc::Rc;

use katachi_board::{Cell, Color, Point};

use super::distance::PathMap;
use super::rules::statically_connected;
use super::threats::common_answers;
use super::{Connection, ConnectionConfig, ConnectionStats};
use crate::predicates::is_self_atari;
use crate::reading::{QueryKey, Reader};
use crate::search::{fold, Budget, Code, Outcome, Table, FAIL, WIN};

/// Which question the caller asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// The connector moves first.
    Connect,
    /// The disconnector moves first.
    Disconnect,
}

/// Depth of the first search of the iterative deepening.
const FIRST_DEPTH: u32 = 4;

/// Moves from the root within which three-liberty strings are read (4
/// before: reading every three-liberty string two moves deeper cost
/// about a fifth of connection.tst's nodes; with 2, connection.tst still
/// passes 90/128, one test passing and one failing that did not before,
/// and dragons_reference gives 64/200 partitions, 1985/2398 same strings,
/// from 1984). 1 since conn16: with the node limit 1,500 and `MAX_MOVES`
/// 6 the 90 connect/disconnect tests give the same answers with 13,218
/// nodes per test instead of 14,114 (3 loses one).
const NEAR_ROOT: u32 = 1;

/// The connection cache is emptied when it reaches this many results
/// (more than a query's nodes under any default limit).
const MAX_CACHE_ENTRIES: usize = 1 << 20;

/// The path maps of a position are kept for at most this many positions
/// per query (more than a query's nodes under the default limit).
const MAX_PATHS_ENTRIES: usize = 1 << 12;

/// What the candidates of both sides read off the stones at a node: the
/// distance maps of the two strings and the separating strings (see
/// `moves.rs`), the latter once per node where three scans asked them
/// (the tactical queries between them leave the board as it was).
pub(crate) struct Paths {
    /// Kept per position (by the Zobrist hash of the stones) for the
    /// query: iterative deepening expands the same positions again at
    /// every depth, and each expansion needed both maps, two Dijkstra
    /// searches over the board. The distances are shortest distances,
    /// a function of the stones alone (not of the ko point, the side to
    /// move, the depth nor the order the stones were played in), so the
    /// reuse changes no result.
    pub(crate) pm: Rc<PathMap>,
    /// `Search::separating_strings` of `pm`, not kept between nodes: it
    /// lists string heads in the order of the strings' stone lists, which
    /// depend on the order the stones were played in.
    pub(crate) separating: Vec<(Point, u8)>,
}

/// Everything a connection result depends on besides the depth left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    hash: u64,
    ko: u16,
    marks: u8,
    connector_to_move: bool,
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The Zobrist hash is already random: fold the small fields into it.
        let small =
            (self.ko as u64) | (self.marks as u64) << 16 | (self.connector_to_move as u64) << 24;
        state.write_u64(fold(self.hash, small));
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    out: Outcome,
    depth: u32,
    /// Whether no variation below was cut by the depth limit (the result
    /// holds at any greater depth too).
    exact: bool,
}

/// One query's search state.
pub(crate) struct Search<'r> {
    pub(crate) reader: &'r mut Reader,
    pub(crate) a: Point,
    pub(crate) b: Point,
    /// The connector's colour.
    pub(crate) color: Color,
    cfg: ConnectionConfig,
    stats: ConnectionStats,
    cache: Table<Key, Entry>,
    /// Conditional ko captures in the current variation (black in the low
    /// nibble, white in the high one), part of the cache key.
    marks: u8,
    /// Depth left at the node being expanded.
    depth_left: u32,
    /// Depth of the current iteration's root.
    root_depth: u32,
    /// Variations scored at the horizon (by the static rules) so far,
    /// counting cached results that rested on such variations.
    horizons: u64,
    /// Path maps by position (see [`Paths`]).
    path_maps: Table<u64, Rc<PathMap>>,
    /// The reader's stack depth at the query's root.
    base_sp: u32,
    /// Answers of [`Search::attack_from_here`] for this query (their
    /// depth limits count from `base_sp`, so they are not the reader's
    /// tactical memo's).
    deep_memo: Table<QueryKey, Outcome>,
}

/// Run one query.
pub(crate) fn run(
    reader: &mut Reader,
    a: Point,
    b: Point,
    cfg: &ConnectionConfig,
    goal: Goal,
) -> Connection {
    let board = reader.board();
    let answer = |out: Outcome, stats| Connection {
        code: out.code,
        mv: out.mv,
        stats,
    };
    let stats = ConnectionStats::default();
    if !board.on_board(a) || !board.on_board(b) {
        return answer(FAIL, stats);
    }
    let Some(color) = board.cell(a).color() else {
        return answer(FAIL, stats);
    };
    if board.cell(b) != color.cell() {
        return answer(FAIL, stats);
    }
    if board.same_string(a, b) {
        return answer(if goal == Goal::Connect { WIN } else { FAIL }, stats);
    }
    let mut s = Search {
        reader,
        a,
        b,
        color,
        cfg: *cfg,
        stats,
        cache: Table::new(0, MAX_CACHE_ENTRIES, 0),
        marks: 0,
        depth_left: cfg.depth,
        root_depth: cfg.depth,
        horizons: 0,
        path_maps: Table::new(0, MAX_PATHS_ENTRIES, 0),
        base_sp: 0,
        deep_memo: Table::new(0, MAX_PATHS_ENTRIES, 0),
    };
    s.base_sp = s.reader.stackp();
    let out = s.deepen(goal);
    answer(out, s.stats)
}

impl Search<'_> {
    /// Iterative deepening: search to the first depth, then two moves
    /// deeper each time (the horizon stays on the same side), up to the
    /// configured depth, all under one node budget. The answer is the
    /// deepest search that finished; a search cut by the budget adds only
    /// a win it proved before the cut (its other results may rest on
    /// unfinished variations). Most connections and cuts are decided in a
    /// few moves: the shallow searches find them, and the deep one is
    /// spent on the fights that need it. Deepening stops early when a
    /// search reached no horizon (a deeper one would read the same tree)
    /// and when the next search is not expected to fit in the budget left
    /// (on 128 connection.tst queries this cut the nodes per test from
    /// 230k to 184k with the same passes).
    fn deepen(&mut self, goal: Goal) -> Outcome {
        let full = self.cfg.depth;
        let mut depth = if full > FIRST_DEPTH {
            FIRST_DEPTH + full % 2
        } else {
            full
        };
        let mut answer = FAIL;
        let mut prev_nodes = 0;
        loop {
            self.depth_left = depth;
            self.root_depth = depth;
            let horizons = self.horizons;
            let nodes_before = self.stats.search.nodes;
            let out = match goal {
                Goal::Connect => self.connect_node(depth, true),
                Goal::Disconnect => self.disconnect_node(depth, true),
            };
            if self.stats.search.exhausted {
                if out.code > answer.code && out.code == Code::Win {
                    answer = out;
                }
                return answer;
            }
            answer = out;
            if depth >= full {
                return answer;
            }
            if self.horizons == horizons {
                // No variation reached the horizon: a deeper search reads
                // the same tree and gives the same answer.
                return answer;
            }
            // The next search costs about this one's nodes times the growth
            // from the previous one (twice when unknown): when that does
            // not fit in the budget left, it would be cut, and a cut
            // search mostly spends the budget to change nothing.
            let used = self.stats.search.nodes - nodes_before;
            let growth = used.checked_div(prev_nodes).map_or(2, |g| g.max(1));
            if self.stats.search.nodes + used * growth > self.cfg.node_limit {
                return answer;
            }
            prev_nodes = used.max(1);
            depth = (depth + 2).min(full);
        }
    }

    /// The tactical reader's attack, counting its nodes.
    pub(crate) fn attack(&mut self, s: Point) -> Outcome {
        self.tactical(true, s)
    }

    /// The tactical reader's defence, counting its nodes.
    pub(crate) fn defend(&mut self, s: Point) -> Outcome {
        self.tactical(false, s)
    }

    /// The tactical reader's attack with its depth limits raised by the
    /// moves this search has played (see `capture_between`).
    pub(crate) fn attack_from_here(&mut self, s: Point) -> Outcome {
        let extra = self.reader.stackp().saturating_sub(self.base_sp);
        if extra == 0 {
            return self.attack(s);
        }
        let key = self.reader.query_key(true, s);
        if let Some(o) = self.deep_memo.get(&key) {
            return *o;
        }
        let limit = self.cfg.tactical_node_limit;
        let o = self
            .reader
            .with_extra_depth(extra, |r| r.with_node_limit(limit, |r| r.attack(s)));
        self.stats.tactical.add(&self.reader.last_stats());
        self.deep_memo.insert(key, o);
        o
    }

    /// One tactical query, answered from the reader's tactical memo when
    /// it was read before here (see `TacticalMemo`).
    fn tactical(&mut self, attack: bool, s: Point) -> Outcome {
        let key = self.reader.query_key(attack, s);
        if let Some(o) = self.reader.tactical_memo.get(&key) {
            return *o;
        }
        let o = self
            .reader
            .with_node_limit(self.cfg.tactical_node_limit, |r| {
                if attack {
                    r.attack(s)
                } else {
                    r.find_defense(s)
                }
            });
        self.stats.tactical.add(&self.reader.last_stats());
        self.reader.tactical_memo.insert(key, o);
        o
    }

    /// Whether the connector, to move, joins the strings at a shared
    /// liberty without putting the joined string in atari.
    fn connects_in_one(&self) -> bool {
        let board = self.reader.board();
        board
            .liberties(self.a)
            .any(|p| board.is_liberty_of(p, self.b) && !is_self_atari(board, self.color, p))
    }

    /// The longest path (in empty points) the search reads.
    pub(crate) fn max_distance(&self) -> u8 {
        self.cfg.max_distance.min(200) as u8
    }

    /// Whether the variation is still short enough for the costlier
    /// tactical questions (strings with three liberties).
    pub(crate) fn near_root(&self) -> bool {
        self.root_depth - self.depth_left <= NEAR_ROOT
    }

    fn spend_node(&mut self) -> bool {
        Budget::new(self.cfg.node_limit).spend(&mut self.stats.search)
    }

    fn key(&self, connector_to_move: bool) -> Key {
        let board = self.reader.board();
        Key {
            hash: board.hash(),
            ko: board.ko_point().map_or(0, |p| p.0),
            marks: self.marks,
            connector_to_move,
        }
    }

    fn cache_get(&mut self, key: &Key, depth: u32) -> Option<Outcome> {
        let e = *self.cache.get(key)?;
        if e.depth >= depth {
            self.stats.search.cache_hits += 1;
            if !e.exact {
                self.horizons += 1;
            }
            Some(e.out)
        } else {
            None
        }
    }

    /// Store a node's result; `horizons_before` is the horizon count when
    /// the node was entered (the result is exact if it did not grow).
    fn cache_put(&mut self, key: Key, out: Outcome, depth: u32, horizons_before: u64) {
        if !self.stats.search.exhausted {
            let exact = self.horizons == horizons_before;
            self.cache.insert(key, Entry { out, depth, exact });
        }
    }

    fn both_stand(&self) -> bool {
        let board = self.reader.board();
        board.cell(self.a) == self.color.cell() && board.cell(self.b) == self.color.cell()
    }

    /// The distance maps (paths longer than the limit dropped), computed
    /// once per position, and the separating strings of the node.
    fn paths(&mut self) -> Paths {
        let hash = self.reader.board().hash();
        let pm = match self.path_maps.get(&hash) {
            Some(pm) => Rc::clone(pm),
            None => {
                let pm = Rc::new(self.path_map());
                self.path_maps.insert(hash, Rc::clone(&pm));
                pm
            }
        };
        let separating = self.separating_strings(&pm);
        Paths { pm, separating }
    }

    /// The distance maps; paths longer than the limit are dropped.
    fn path_map(&self) -> PathMap {
        let max = self.cfg.max_distance.min(200) as u8;
        let mut pm = PathMap::new(
            self.reader.board(),
            self.a,
            self.b,
            self.color,
            max.saturating_add(1),
        );
        if pm.shortest.is_some_and(|len| len > max) {
            pm.shortest = None;
        }
        pm
    }

    /// Play `m` for `c`, read the answer with `child`, take the move back;
    /// the result for the mover (at best KO_B through a conditional ko
    /// capture). `None` if the move may not be played.
    fn try_move(
        &mut self,
        c: Color,
        m: Point,
        child: impl FnOnce(&mut Self) -> Outcome,
    ) -> Option<Code> {
        let played = self.reader.play(c, m)?;
        self.stats.search.moves += 1;
        let saved = self.marks;
        if played.conditional {
            let shift = if c == Color::Black { 0 } else { 4 };
            let n = ((self.marks >> shift) & 0xf).saturating_add(1).min(0xf);
            self.marks = (self.marks & !(0xf << shift)) | (n << shift);
        }
        let depth_left = self.depth_left;
        let code = child(self).code.reverse();
        self.depth_left = depth_left;
        self.reader.pop();
        self.marks = saved;
        Some(if played.conditional {
            code.min(Code::KoB)
        } else {
            code
        })
    }

    /// The connector to move: its best result and move.
    pub(crate) fn connect_node(&mut self, depth: u32, root: bool) -> Outcome {
        if !self.both_stand() {
            return FAIL;
        }
        if self.reader.board().same_string(self.a, self.b) {
            return WIN;
        }
        if !self.spend_node() {
            return FAIL;
        }
        let key = self.key(true);
        if let Some(o) = self.cache_get(&key, depth) {
            return o;
        }
        let h = self.horizons;
        let out = self.connect_moves(depth, root);
        self.cache_put(key, out, depth, h);
        out
    }

    fn connect_moves(&mut self, depth: u32, root: bool) -> Outcome {
        self.depth_left = depth;
        if depth == 0 {
            // The horizon: connected if the rules say so or a shared
            // liberty joins them now.
            self.horizons += 1;
            let connected =
                statically_connected(self.reader.board(), self.a, self.b) || self.connects_in_one();
            return if connected { WIN } else { FAIL };
        }
        let paths = self.paths();
        if let Some(m) = self.capture_between(&paths) {
            return Outcome {
                code: Code::Win,
                mv: Some(m),
            };
        }
        let moves = self.connector_moves(&paths);
        let mut best = FAIL;
        for m in moves {
            let Some(code) = self.try_move(self.color, m, |s| s.disconnect_node(depth - 1, false))
            else {
                continue;
            };
            if root && self.stats.search.exhausted {
                break;
            }
            if code > best.code {
                best = Outcome { code, mv: Some(m) };
                if code == Code::Win {
                    break;
                }
            }
        }
        best
    }

    /// The disconnector's captures of a string with three liberties, when
    /// nothing else can cut.
    fn try_captures(
        &mut self,
        captures: Vec<Point>,
        depth: u32,
        root: bool,
        best: Outcome,
    ) -> Outcome {
        let mut best = best;
        let opp = self.color.opponent();
        for m in captures {
            let Some(code) = self.try_move(opp, m, |s| s.connect_node(depth - 1, false)) else {
                continue;
            };
            if root && self.stats.search.exhausted {
                break;
            }
            if code > best.code {
                best = Outcome { code, mv: Some(m) };
                if code == Code::Win {
                    break;
                }
            }
        }
        best
    }

    /// The disconnector to move: its best result and move.
    pub(crate) fn disconnect_node(&mut self, depth: u32, root: bool) -> Outcome {
        if !self.both_stand() {
            return WIN;
        }
        if !self.spend_node() {
            return FAIL;
        }
        let key = self.key(false);
        if let Some(o) = self.cache_get(&key, depth) {
            return o;
        }
        let h = self.horizons;
        let out = self.disconnect_moves(depth, root);
        self.cache_put(key, out, depth, h);
        out
    }

    fn disconnect_moves(&mut self, depth: u32, root: bool) -> Outcome {
        self.depth_left = depth;
        if depth == 0 {
            // Scored at the horizon (a capture of a string with three
            // liberties counts without reading whether it connects out).
            self.horizons += 1;
        }
        let mut best = FAIL;
        // Capturing either string disconnects them.
        let one = self.reader.board().same_string(self.a, self.b);
        let targets: &[Point] = if one { &[self.a] } else { &[self.a, self.b] };
        let max_libs = if self.near_root() { 3 } else { 2 };
        // A string with three liberties the reader captures may still
        // connect out (the reader's defences do not read connections):
        // its attack is tried first, and the search says whether it cuts.
        let mut captures: Vec<Point> = Vec::new();
        for &s in targets.to_vec().iter() {
            let libs = self.reader.board().liberty_count(s);
            if libs <= max_libs {
                let o = self.attack(s);
                if libs == 3 && depth > 0 {
                    captures.extend(o.mv.filter(|_| o.code.is_success()));
                    continue;
                }
                if o.code > best.code {
                    best = o;
                    if o.code == Code::Win {
                        return best;
                    }
                }
            }
        }
        if statically_connected(self.reader.board(), self.a, self.b) {
            return self.try_captures(captures, depth, root, best);
        }
        if depth == 0 {
            // The horizon: what the rules do not call connected is apart,
            // unless the connector has two threats no move answers.
            let threats = self.threat_answers();
            if threats.len() >= 2 && common_answers(&threats).is_empty() {
                return best;
            }
            return WIN;
        }
        let paths = self.paths();
        let Some(mut moves) = self.disconnector_moves(&paths) else {
            // Two threats to connect that no move stops.
            return self.try_captures(captures, depth, root, best);
        };
        moves.retain(|m| !captures.contains(m));
        captures.append(&mut moves);
        let moves = captures;
        if moves.is_empty() {
            // Nothing to play: no short path and no separating string the
            // disconnector can save. The connector moves again (a pass):
            // with no path and nothing to capture it fails at once, but a
            // dead separating string touching both strings is taken and
            // joins them.
            let code = self.connect_node(depth - 1, false).code.reverse();
            self.depth_left = depth;
            if code > best.code {
                best = Outcome { code, mv: None };
            }
            return best;
        }
        let opp = self.color.opponent();
        for m in moves {
            if self.reader.board().cell(m) != Cell::Empty {
                continue;
            }
            let Some(code) = self.try_move(opp, m, |s| s.connect_node(depth - 1, false)) else {
                continue;
            };
            if root && self.stats.search.exhausted {
                break;
            }
            if code > best.code {
                best = Outcome { code, mv: Some(m) };
                if code == Code::Win {
                    break;
                }
            }
        }
        best
    }
}
