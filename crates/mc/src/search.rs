//! UCT search with RAVE over the pattern playouts of this crate, and the
//! genmove decision built on it (resign and pass rules).
//!
//! Why: the playouts alone are a weak player; a tree that keeps per-move
//! statistics lets the engine verify what the 3x3 patterns propose.
//!
//! - **Tree**: an arena of nodes; a node holds the move that led to it,
//!   its visits and wins (from the point of view of the player who made
//!   that move), and its AMAF ("all moves as first") visits and wins. A
//!   node's children are created at once (the root at the first descent,
//!   other nodes once they have [`SearchConfig::expand_at`] visits): every
//!   empty point whose pattern weight for the player to move is positive
//!   (legal under simple ko, and not filling an own proper eye: the
//!   databases give those 0), plus pass. At the root the board's own rule
//!   (superko if set) also filters the moves.
//! - **Priors** (virtual visits and wins added to both the plain and the
//!   AMAF statistics): "even" priors ([`SearchConfig::even_prior`] visits
//!   at 50 %) for every move, and pattern priors
//!   ([`SearchConfig::pattern_prior`] visits at a win rate of
//!   `sqrt(w / w_max)`, `w` the move's 3x3 pattern weight, `w_max` the
//!   largest among the siblings). Pass gets the even prior's visits at
//!   10 %, so that it is tried only when the playouts say so. At the root,
//!   [`SearchConfig::root_priors`] add what the caller knows beyond the
//!   playouts (the GTP layer: the tactical reader's captures and rescues).
//!   An optional locality prior ([`SearchConfig::local_prior`], off by
//!   default: 2 wins in 6 games against GNU Go at 10 visits, where the
//!   same seeds gave 5 in 6 without it) favours moves near the previous
//!   move.
//! - **Selection**: the RAVE blend of Pachi's "equivalence" schedule,
//!   `beta = n_amaf / (n_amaf + n + n * n_amaf / equiv)` and value
//!   `(1 - beta) * q + beta * q_amaf`, plus a small UCB term
//!   `explore * sqrt(ln N / n)`.
//! - **Playouts**: [`McBoard`] from the tree's leaf with the [`Policy`]'s
//!   weights (simple ko only), scored by area with komi; two passes in a
//!   row inside the tree end the game there, scored by area with every
//!   stone alive (so the search prefers capturing dead stones to passing
//!   over them, which area scoring does not punish). A playout's value is
//!   the win (1, 0, 0.5 for a draw) blended with a small share
//!   ([`SearchConfig::score_weight`]) of the margin scaled to the board.
//! - **AMAF**: after each playout, for every tree node on the path, each
//!   child move whose point was first played (after that node) by the
//!   player to move at that node counts as a visit of that child.
//! - **Threads**: root parallelism: `threads` independent trees with seeds
//!   derived from the seed, their root statistics summed. No global state.
//! - **Budget**: a number of playouts and/or seconds, whichever ends first
//!   (the playout count is split between the threads). genmove's search
//!   ends early once the most visited root move leads the second by more
//!   than the playouts still to come ([`Searcher::run_to_decision`]).
//! - **Tuning**: [`SearchConfig::set_param`] sets the parameters above by
//!   name (`katachi gtp --mc-param NAME=VALUE`).
//!
//! The decision ([`decide`]): resign when the best move's win rate is
//! below [`SearchConfig::resign_below`] after at least
//! [`SearchConfig::resign_min_playouts`] playouts; pass when the opponent
//! has just passed and passing wins both by the area count of the current
//! position with every stone alive and by the count with the stones the
//! playouts mostly lost removed (so a pass never throws away a won game
//! unless both counts are wrong); play the tree's most visited move
//! otherwise (a pass chosen by the tree is replaced by the next move if
//! the opponent just passed and the count says passing loses).
//!
//! - **Continuing and reusing** ([`Searcher`]): a search keeps its trees
//!   between slices (GUI analysis reports between them), and a finished
//!   search's trees ([`SavedTrees`]) seed the next search of the same game
//!   with the subtree of the two moves played since.
//!
//! Not done (issue 15): shape-database and move generator priors,
//! tactical reading below the root, dead-stone-aware scoring beyond the
//! playouts' ownership.

use std::time::Instant;

use katachi_board::playout::Rng;
use katachi_board::{Board, Cell, Color, Move, Point};

use crate::context::McBoard;
use crate::playout::Policy;

/// Parameters of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Playouts to run (over all threads); `None`: until the time is up.
    pub playouts: Option<u64>,
    /// Seconds to think; `None`: until the playouts are done. With both
    /// `None` a default of 1000 playouts applies.
    pub seconds: Option<f64>,
    /// Independent trees on as many threads (root parallelism).
    pub threads: usize,
    /// Seed of the playouts' random choices.
    pub seed: u64,
    /// Komi (White's bonus).
    pub komi: f32,
    /// Visits of the even prior (at 50 %).
    pub even_prior: f32,
    /// Visits of the pattern prior.
    pub pattern_prior: f32,
    /// Visits at a 100 % win rate for a move within Manhattan distance 2
    /// of the previous move (half as many at distance 3): most urgent
    /// answers are next to the move just played (Pachi's distance prior
    /// is the model). 0: none.
    pub local_prior: f32,
    /// RAVE equivalence parameter.
    pub rave_equiv: f32,
    /// UCB exploration coefficient.
    pub explore: f32,
    /// Share of the final margin in a playout's value (the rest is the
    /// win or loss): a little of it keeps the search playing for points
    /// when every move wins or every move loses, where the win rate
    /// alone cannot tell moves apart. 0: the value is the win alone.
    pub score_weight: f32,
    /// Visits a node needs before its children are created.
    pub expand_at: u32,
    /// Early stop of genmove's search ([`Searcher::run_to_decision`]):
    /// the search ends once the most visited root move leads the second
    /// by more than this share of the playouts still to come (1: exactly
    /// when the second can no longer catch up, so the choice is the one
    /// the full budget would make; 0: never stop early).
    pub early_stop: f32,
    /// No more nodes are created past this count (memory bound).
    pub max_nodes: usize,
    /// Resign below this win rate...
    pub resign_below: f32,
    /// ...after at least this many playouts.
    pub resign_min_playouts: u64,
    /// Ownership (of 1) above which the playouts call a stone lost, for
    /// the pass rule's dead-stone count.
    pub dead_ownership: f32,
    /// Extra priors of root moves from outside the playouts (the tactical
    /// reader's captures and rescues): the point, virtual visits and their
    /// win rate, added to the even and pattern priors.
    pub root_priors: Vec<RootPrior>,
}

/// An extra prior of one root move (see [`SearchConfig::root_priors`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootPrior {
    /// The move's point.
    pub point: Point,
    /// Virtual visits.
    pub visits: f32,
    /// Their win rate.
    pub win_rate: f32,
}

impl SearchConfig {
    /// The budget of a search started now: playouts over all threads
    /// (`u64::MAX`: only the clock limits it) and the deadline.
    pub fn budget(&self) -> (u64, Option<Instant>) {
        let total = match (self.playouts, self.seconds) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => 1000,
        };
        let deadline = self
            .seconds
            .map(|s| Instant::now() + std::time::Duration::from_secs_f64(s.max(0.0)));
        (total, deadline)
    }
}

/// A tuning parameter name [`SearchConfig::set_param`] does not know,
/// or a value out of its range.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// No parameter of that name.
    #[error("unknown search parameter `{name}` (known: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// The names known, comma-separated.
        known: String,
    },
    /// The value is not a finite number in the parameter's range.
    #[error("search parameter `{name}`: {value} is not in {range}")]
    Range {
        /// The parameter.
        name: String,
        /// The value given.
        value: f64,
        /// The accepted range, as text.
        range: &'static str,
    },
}

/// The tuning parameters [`SearchConfig::set_param`] accepts.
pub const TUNING_PARAMS: &[&str] = &[
    "even_prior",
    "pattern_prior",
    "local_prior",
    "rave_equiv",
    "explore",
    "score_weight",
    "expand_at",
    "early_stop",
    "resign_below",
    "dead_ownership",
];

impl SearchConfig {
    /// Sets the tuning parameter `name` (one of [`TUNING_PARAMS`], the
    /// field of the same name) to `value`: what `katachi gtp --mc-param
    /// NAME=VALUE` changes, so that matches can compare settings without
    /// a rebuild.
    pub fn set_param(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
        let range = |ok: bool, range: &'static str| {
            if ok && value.is_finite() {
                Ok(())
            } else {
                Err(ParamError::Range {
                    name: name.to_string(),
                    value,
                    range,
                })
            }
        };
        let v = value as f32;
        match name {
            "even_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.even_prior = v),
            "pattern_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.pattern_prior = v),
            "local_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.local_prior = v),
            "rave_equiv" => range(value > 0.0, "(0, inf)").map(|()| self.rave_equiv = v),
            "explore" => range(value >= 0.0, "[0, inf)").map(|()| self.explore = v),
            "score_weight" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.score_weight = v)
            }
            "expand_at" => range(
                (1.0..=1e6).contains(&value) && value.fract() == 0.0,
                "whole numbers 1..1000000",
            )
            .map(|()| self.expand_at = value as u32),
            "early_stop" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.early_stop = v)
            }
            "resign_below" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.resign_below = v)
            }
            "dead_ownership" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.dead_ownership = v)
            }
            _ => Err(ParamError::Unknown {
                name: name.to_string(),
                known: TUNING_PARAMS.join(", "),
            }),
        }
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            playouts: None,
            seconds: None,
            threads: 1,
            seed: 0,
            komi: 7.5,
            even_prior: 10.0,
            pattern_prior: 10.0,
            local_prior: 0.0,
            rave_equiv: 3000.0,
            explore: 0.1,
            score_weight: 0.05,
            expand_at: 2,
            early_stop: 1.0,
            max_nodes: 1_500_000,
            resign_below: 0.08,
            resign_min_playouts: 2000,
            dead_ownership: 0.6,
            root_priors: Vec::new(),
        }
    }
}

/// Statistics of one root move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: Move,
    /// Playouts through the move.
    pub visits: u32,
    /// Wins of the player to move among them (0 with no visit).
    pub wins: f32,
    /// AMAF visits.
    pub amaf_visits: u32,
    /// AMAF wins.
    pub amaf_wins: f32,
    /// The prior's win rate (even and pattern priors together).
    pub prior: f32,
    /// The move's share of its siblings' 3x3 pattern weights (0 for a
    /// pass): what GUIs show as the policy prior.
    pub policy: f32,
    /// Sum over the real visits of the final area margin (Black's area
    /// less White's, komi included) of the playouts through the move.
    pub score_sum: f32,
    /// Sum of the squares of those margins.
    pub score_sq: f32,
    /// Principal variation from the move: the move, then the most visited
    /// reply at each level while it has at least two visits.
    pub pv: Vec<Move>,
}

impl MoveStat {
    /// Win rate of the player to move over the real visits.
    pub fn win_rate(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.wins / self.visits as f32
        }
    }

    /// Mean final margin of the player to move over the real visits.
    pub fn score_mean(&self, to_move: Color) -> f32 {
        if self.visits == 0 {
            return 0.0;
        }
        let black = self.score_sum / self.visits as f32;
        match to_move {
            Color::Black => black,
            Color::White => -black,
        }
    }

    /// Standard deviation of the final margin over the real visits.
    pub fn score_stdev(&self) -> f32 {
        if self.visits == 0 {
            return 0.0;
        }
        let n = self.visits as f32;
        let mean = self.score_sum / n;
        (self.score_sq / n - mean * mean).max(0.0).sqrt()
    }

    /// Lower confidence bound of the win rate (one standard error of a
    /// binomial below it; 0 with no visit).
    pub fn lcb(&self) -> f32 {
        if self.visits == 0 {
            return 0.0;
        }
        let n = self.visits as f32;
        let p = self.win_rate();
        (p - (p * (1.0 - p) / n).sqrt() - 0.5 / n).max(0.0)
    }

    /// AMAF win rate.
    pub fn amaf_rate(&self) -> f32 {
        if self.amaf_visits == 0 {
            0.0
        } else {
            self.amaf_wins / self.amaf_visits as f32
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The player the search was for.
    pub to_move: Color,
    /// Root moves, most visited first.
    pub moves: Vec<MoveStat>,
    /// Playouts run (all threads).
    pub playouts: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Per padded point index: mean final owner over the playouts
    /// (+1 Black, -1 White, 0 neither or not a point).
    pub ownership: Vec<f32>,
    /// Tree nodes (all threads).
    pub nodes: usize,
}

impl SearchResult {
    /// The most visited move (ties: higher win rate, then the first).
    pub fn best(&self) -> Option<&MoveStat> {
        self.moves.first()
    }

    /// The best move's win rate for the player to move.
    pub fn win_rate(&self) -> f32 {
        self.best().map_or(0.0, MoveStat::win_rate)
    }

    /// The `n` most visited moves, one per line: move, visits, win rate,
    /// AMAF visits and win rate, prior (a clear text form for GTP).
    pub fn table(&self, board: &Board, n: usize) -> String {
        let mut s = format!(
            "{} playouts in {:.2} s, {} nodes, {} to move, win rate {:.3}",
            self.playouts,
            self.seconds,
            self.nodes,
            match self.to_move {
                Color::Black => "black",
                Color::White => "white",
            },
            self.win_rate()
        );
        for m in self.moves.iter().take(n) {
            s.push_str(&format!(
                "\n{:>5} visits {:>7} winrate {:.3} amaf {:>7} {:.3} prior {:.3}",
                board.move_text(m.mv),
                m.visits,
                m.win_rate(),
                m.amaf_visits,
                m.amaf_rate(),
                m.prior
            ));
        }
        s
    }
}

/// What to answer to `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Play this move (a pass included).
    Play(Move),
    /// Resign.
    Resign,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Node {
    mv: Move,
    visits: u32,
    wins: f32,
    amaf_visits: u32,
    amaf_wins: f32,
    prior_visits: f32,
    prior_wins: f32,
    policy: f32,
    score_sum: f32,
    score_sq: f32,
    first_child: u32,
    children: u32,
    expanded: bool,
}

impl Node {
    fn new(mv: Move, prior_visits: f32, prior_wins: f32) -> Node {
        Node {
            mv,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            prior_visits,
            prior_wins,
            policy: 0.0,
            score_sum: 0.0,
            score_sq: 0.0,
            first_child: 0,
            children: 0,
            expanded: false,
        }
    }
}

/// One tree: the arena and the scratch of the descents.
struct Tree<'a> {
    config: &'a SearchConfig,
    board: &'a Board,
    to_move: Color,
    nodes: Vec<Node>,
    rng: Rng,
    root_mc: McBoard<'a>,
    mc: McBoard<'a>,
    path: Vec<u32>,
    seq: Vec<(Color, Point)>,
    /// Per point: the stamp and colour of its first play after the node
    /// being updated (AMAF).
    first_stamp: Vec<u32>,
    first_color: Vec<Color>,
    stamp: u32,
    ownership: Vec<i64>,
    playouts: u64,
}

impl<'a> Tree<'a> {
    fn new(
        board: &'a Board,
        to_move: Color,
        policy: &'a Policy,
        config: &'a SearchConfig,
        seed: u64,
    ) -> Tree<'a> {
        let last = match board.history().last() {
            Some(&(_, Move::Play(p))) => Some(p),
            _ => None,
        };
        let root_mc = McBoard::new(policy.table(), board.clone(), last);
        let len = board.cells().len();
        Tree {
            config,
            board,
            to_move,
            nodes: vec![Node::new(Move::Pass, 0.0, 0.0)],
            rng: Rng::new(seed),
            mc: root_mc.clone(),
            root_mc,
            path: Vec::new(),
            seq: Vec::new(),
            first_stamp: vec![0; len],
            first_color: vec![Color::Black; len],
            stamp: 0,
            ownership: vec![0; len],
            playouts: 0,
        }
    }

    /// Creates the children of node `i`, `c` to move on `self.mc`.
    fn expand(&mut self, i: usize, c: Color, root: bool) {
        let first = self.nodes.len() as u32;
        let b = self.mc.board();
        let mut wmax = 0u32;
        let mut wsum = 0u64;
        for p in b.empty_points() {
            let w = self.mc.weight(c, p);
            wmax = wmax.max(w);
            wsum += u64::from(w);
        }
        let cfg = self.config;
        let even = cfg.even_prior;
        // The move that led here (at the root: the game's last move), for
        // the locality prior.
        let last = if root {
            match self.board.history().last() {
                Some(&(_, Move::Play(p))) => Some(b.row_col(p)),
                _ => None,
            }
        } else {
            match self.nodes[i].mv {
                Move::Play(p) => Some(b.row_col(p)),
                Move::Pass => None,
            }
        };
        for p in b.empty_points() {
            let w = self.mc.weight(c, p);
            if w == 0 || (root && !self.board.is_legal(c, Move::Play(p))) {
                continue;
            }
            let r = (w as f32 / wmax as f32).sqrt();
            let mut pv = even + cfg.pattern_prior;
            let mut pw = 0.5 * even + cfg.pattern_prior * r;
            if let (Some((lr, lc)), true) = (last, cfg.local_prior > 0.0) {
                let (pr, pc) = b.row_col(p);
                let d = pr.abs_diff(lr) + pc.abs_diff(lc);
                let v = match d {
                    0..=2 => cfg.local_prior,
                    3 => 0.5 * cfg.local_prior,
                    _ => 0.0,
                };
                pv += v;
                pw += v;
            }
            if root {
                for x in cfg.root_priors.iter().filter(|x| x.point == p) {
                    pv += x.visits;
                    pw += x.visits * x.win_rate;
                }
            }
            let mut node = Node::new(Move::Play(p), pv, pw);
            node.policy = (f64::from(w) / wsum.max(1) as f64) as f32;
            self.nodes.push(node);
        }
        self.nodes.push(Node::new(Move::Pass, even, 0.1 * even));
        let count = self.nodes.len() as u32 - first;
        let n = &mut self.nodes[i];
        n.first_child = first;
        n.children = count;
        n.expanded = true;
    }

    /// The child of `i` with the best RAVE value.
    fn select(&self, i: usize) -> usize {
        let n = &self.nodes[i];
        let ln = ((n.visits + 1) as f32).ln();
        let cfg = self.config;
        let mut best = n.first_child as usize;
        let mut best_v = f32::NEG_INFINITY;
        for k in n.first_child..n.first_child + n.children {
            let ch = &self.nodes[k as usize];
            let nv = ch.visits as f32 + ch.prior_visits;
            let q = (ch.wins + ch.prior_wins) / nv.max(1e-6);
            let an = ch.amaf_visits as f32 + ch.prior_visits;
            let aq = (ch.amaf_wins + ch.prior_wins) / an.max(1e-6);
            let beta = an / (an + nv + nv * an / cfg.rave_equiv);
            let v = (1.0 - beta) * q + beta * aq + cfg.explore * (ln / nv.max(1.0)).sqrt();
            if v > best_v {
                best_v = v;
                best = k as usize;
            }
        }
        best
    }

    /// One descent, playout and update.
    fn iterate(&mut self) {
        self.mc.clone_from(&self.root_mc);
        self.path.clear();
        self.seq.clear();
        self.path.push(0);
        let mut c = self.to_move;
        let mut passes = 0;
        let mut tree_moves = 0usize;
        let mut node = 0usize;
        // Moves in the tree (passes as None, for the AMAF index).
        let mut tree_seq: Vec<Option<Point>> = Vec::new();
        loop {
            if passes >= 2 {
                break;
            }
            if !self.nodes[node].expanded {
                let can = node == 0 || self.nodes[node].visits >= self.config.expand_at;
                if can && self.nodes.len() < self.config.max_nodes {
                    self.expand(node, c, node == 0);
                } else {
                    break;
                }
            }
            let child = self.select(node);
            let mv = self.nodes[child].mv;
            self.mc.play_legal(c, mv);
            match mv {
                Move::Play(p) => {
                    passes = 0;
                    tree_seq.push(Some(p));
                    self.seq.push((c, p));
                }
                Move::Pass => {
                    passes += 1;
                    tree_seq.push(None);
                }
            }
            tree_moves += 1;
            self.path.push(child as u32);
            node = child;
            c = c.opponent();
        }
        // The playout, recording its stones for AMAF.
        if passes < 2 {
            let size = self.mc.board().size();
            let cap = 3 * size * size;
            let mut moves = 0;
            while passes < 2 && moves < cap {
                match self.mc.choose_with(c, self.rng.next_u64()) {
                    Some(p) => {
                        self.mc.play_legal(c, Move::Play(p));
                        self.seq.push((c, p));
                        passes = 0;
                    }
                    None => {
                        self.mc.play_legal(c, Move::Pass);
                        passes += 1;
                    }
                }
                moves += 1;
                c = c.opponent();
            }
        }
        let score = self.mc.area_balance() - self.config.komi;
        let win = if score > 0.0 {
            1.0
        } else if score < 0.0 {
            0.0
        } else {
            0.5
        };
        // The margin's share: 0.5 at an even count, 0 or 1 at a margin
        // of the whole board.
        let points = (self.board.size() * self.board.size()) as f32;
        let margin = (0.5 + 0.5 * score / points).clamp(0.0, 1.0);
        let sw = self.config.score_weight;
        let black = (1.0 - sw) * win + sw * margin;
        self.record_ownership();
        self.playouts += 1;
        // Plain statistics: node d was reached by a move of the player who
        // moved at depth d - 1 (the root by the opponent of `to_move`).
        let mut mover = self.to_move.opponent();
        for &k in &self.path {
            let n = &mut self.nodes[k as usize];
            n.visits += 1;
            n.score_sum += score;
            n.score_sq += score * score;
            n.wins += if mover == Color::Black {
                black
            } else {
                1.0 - black
            };
            mover = mover.opponent();
        }
        // AMAF: walk the stones backwards; `seq_at[d]` is the index in
        // `self.seq` of the first stone played at or after depth d.
        let mut seq_at = Vec::with_capacity(tree_moves + 1);
        let mut k = 0;
        for m in &tree_seq {
            seq_at.push(k);
            if m.is_some() {
                k += 1;
            }
        }
        seq_at.push(k);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.first_stamp.iter_mut().for_each(|s| *s = u32::MAX);
            self.stamp = 1;
        }
        let mut next = self.seq.len();
        for d in (0..self.path.len()).rev() {
            let node = self.path[d] as usize;
            while next > seq_at[d.min(seq_at.len() - 1)] {
                next -= 1;
                let (col, p) = self.seq[next];
                self.first_stamp[p.index()] = self.stamp;
                self.first_color[p.index()] = col;
            }
            let n = self.nodes[node];
            if !n.expanded {
                continue;
            }
            let to_move = if d % 2 == 0 {
                self.to_move
            } else {
                self.to_move.opponent()
            };
            let r = if to_move == Color::Black {
                black
            } else {
                1.0 - black
            };
            for ch in n.first_child..n.first_child + n.children {
                let chn = &mut self.nodes[ch as usize];
                if let Move::Play(p) = chn.mv {
                    let i = p.index();
                    if self.first_stamp[i] == self.stamp && self.first_color[i] == to_move {
                        chn.amaf_visits += 1;
                        chn.amaf_wins += r;
                    }
                }
            }
        }
    }

    fn record_ownership(&mut self) {
        let b = self.mc.board();
        for p in b.points() {
            let o = match b.cell(p) {
                Cell::Black => 1,
                Cell::White => -1,
                _ => {
                    let (mut bl, mut wh) = (false, false);
                    for n in b.neighbors(p) {
                        match b.cell(n) {
                            Cell::Black => bl = true,
                            Cell::White => wh = true,
                            _ => {}
                        }
                    }
                    bl as i64 - wh as i64
                }
            };
            self.ownership[p.index()] += o;
        }
    }

    fn run(&mut self, playouts: u64, deadline: Option<Instant>) {
        while self.playouts < playouts {
            if let Some(d) = deadline {
                if self.playouts.is_multiple_of(16) && Instant::now() >= d {
                    break;
                }
            }
            self.iterate();
        }
    }

    fn root_stats(&self) -> Vec<MoveStat> {
        let r = &self.nodes[0];
        (r.first_child..r.first_child + r.children)
            .map(|k| {
                let n = &self.nodes[k as usize];
                MoveStat {
                    mv: n.mv,
                    visits: n.visits,
                    wins: n.wins,
                    amaf_visits: n.amaf_visits,
                    amaf_wins: n.amaf_wins,
                    prior: n.prior_wins / n.prior_visits.max(1e-6),
                    policy: n.policy,
                    score_sum: n.score_sum,
                    score_sq: n.score_sq,
                    pv: self.pv_from(k as usize),
                }
            })
            .collect()
    }

    /// The principal variation from node `i`: its move, then the most
    /// visited child while that child has at least two visits.
    fn pv_from(&self, mut i: usize) -> Vec<Move> {
        let mut pv = vec![self.nodes[i].mv];
        while pv.len() < MAX_PV {
            let n = &self.nodes[i];
            let best = (n.first_child..n.first_child + n.children)
                .map(|k| k as usize)
                .max_by_key(|&k| self.nodes[k].visits);
            match best {
                Some(k) if self.nodes[k].visits >= 2 => {
                    pv.push(self.nodes[k].mv);
                    i = k;
                }
                _ => break,
            }
        }
        pv
    }
}

/// Longest principal variation reported.
const MAX_PV: usize = 12;

/// A search that can be continued: the trees of its threads, kept
/// between calls to [`Searcher::run`], and a snapshot of what they found
/// at any time ([`Searcher::result`]). GUI analysis runs one in slices
/// and reports between them; [`search`] runs one to its budget.
pub struct Searcher<'a> {
    board: &'a Board,
    to_move: Color,
    trees: Vec<Tree<'a>>,
    start: Instant,
}

impl<'a> Searcher<'a> {
    /// A search of `board`'s position for `to_move`, with one tree per
    /// thread of `config` (seeds derived from its seed).
    pub fn new(
        board: &'a Board,
        to_move: Color,
        policy: &'a Policy,
        config: &'a SearchConfig,
    ) -> Searcher<'a> {
        let trees = (0..config.threads.max(1))
            .map(|t| {
                let seed = config
                    .seed
                    .wrapping_add((t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                Tree::new(board, to_move, policy, config, seed)
            })
            .collect();
        Searcher {
            board,
            to_move,
            trees,
            start: Instant::now(),
        }
    }

    /// Runs `playouts` more playouts over all trees (split evenly, the
    /// first trees taking the remainder; `u64::MAX`: no limit), stopping
    /// early at `deadline`.
    pub fn run(&mut self, playouts: u64, deadline: Option<Instant>) {
        let threads = self.trees.len() as u64;
        let share = |t: usize| -> u64 {
            if playouts == u64::MAX {
                u64::MAX
            } else {
                playouts / threads + u64::from((t as u64) < playouts % threads)
            }
        };
        if self.trees.len() == 1 {
            let tree = &mut self.trees[0];
            tree.run(tree.playouts.saturating_add(share(0)), deadline);
            return;
        }
        std::thread::scope(|s| {
            for (t, tree) in self.trees.iter_mut().enumerate() {
                let target = tree.playouts.saturating_add(share(t));
                s.spawn(move || tree.run(target, deadline));
            }
        });
    }

    /// Runs like [`Searcher::run`], in chunks, and ends early once the
    /// most visited root move leads the second by more than
    /// `early_stop` times the playouts still to come (the rest of
    /// `playouts`, or what the playout rate so far gives until
    /// `deadline` if that is fewer). With `early_stop` 1 the most
    /// visited move is then the one the full budget would end with:
    /// only time is saved (genmove uses it; the saved time is what lets
    /// a larger nominal budget stay within a time per move).
    pub fn run_to_decision(&mut self, playouts: u64, deadline: Option<Instant>, early_stop: f32) {
        const CHUNK: u64 = 256;
        if early_stop <= 0.0 {
            self.run(playouts, deadline);
            return;
        }
        let start = Instant::now();
        let base = self.playouts();
        let mut visits = vec![0u64; self.board.cells().len() + 1];
        loop {
            let done = self.playouts() - base;
            if done >= playouts || deadline.is_some_and(|d| Instant::now() >= d) {
                return;
            }
            self.run((playouts - done).min(CHUNK), deadline);
            let done = self.playouts() - base;
            let mut left = playouts.saturating_sub(done) as f64;
            if let Some(d) = deadline {
                let now = Instant::now();
                let elapsed = now.duration_since(start).as_secs_f64().max(1e-6);
                let rate = done as f64 / elapsed;
                left = left.min(rate * d.saturating_duration_since(now).as_secs_f64());
            }
            visits.iter_mut().for_each(|v| *v = 0);
            let pass = visits.len() - 1;
            for tree in &self.trees {
                let r = &tree.nodes[0];
                for k in r.first_child..r.first_child + r.children {
                    let n = &tree.nodes[k as usize];
                    let i = match n.mv {
                        Move::Play(p) => p.index(),
                        Move::Pass => pass,
                    };
                    visits[i] += u64::from(n.visits);
                }
            }
            let (mut first, mut second) = (0u64, 0u64);
            for &v in &visits {
                if v > first {
                    second = first;
                    first = v;
                } else if v > second {
                    second = v;
                }
            }
            if (first - second) as f64 > f64::from(early_stop) * left {
                return;
            }
        }
    }

    /// Playouts run so far (all trees).
    pub fn playouts(&self) -> u64 {
        self.trees.iter().map(|t| t.playouts).sum()
    }

    /// What the trees found so far: root statistics summed over the trees
    /// (each move's principal variation from the tree that visited it
    /// most), ownership averaged over every playout.
    pub fn result(&self) -> SearchResult {
        let mut moves: Vec<MoveStat> = Vec::new();
        let mut ownership = vec![0i64; self.board.cells().len()];
        let (mut playouts, mut nodes) = (0, 0);
        for tree in &self.trees {
            playouts += tree.playouts;
            nodes += tree.nodes.len();
            for (o, x) in ownership.iter_mut().zip(&tree.ownership) {
                *o += x;
            }
            for m in tree.root_stats() {
                match moves.iter_mut().find(|x| x.mv == m.mv) {
                    Some(x) => {
                        if m.visits > x.visits / 2 && m.pv.len() > x.pv.len() {
                            x.pv = m.pv.clone();
                        }
                        x.visits += m.visits;
                        x.wins += m.wins;
                        x.amaf_visits += m.amaf_visits;
                        x.amaf_wins += m.amaf_wins;
                        x.score_sum += m.score_sum;
                        x.score_sq += m.score_sq;
                    }
                    None => moves.push(m),
                }
            }
        }
        moves.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.win_rate().total_cmp(&a.win_rate()))
        });
        let ownership = ownership
            .into_iter()
            .map(|o| o as f32 / playouts.max(1) as f32)
            .collect();
        SearchResult {
            to_move: self.to_move,
            moves,
            playouts,
            seconds: self.start.elapsed().as_secs_f64(),
            ownership,
            nodes,
        }
    }
}

/// The trees of a finished search, kept so that the next search can
/// start from the subtree of the moves played since (tree reuse). Plain
/// data: no borrow of the board or the policy.
#[derive(Clone, Debug)]
pub struct SavedTrees {
    size: usize,
    komi: f32,
    /// The position searched (setup stones and all: the history alone
    /// does not say what is on the board).
    board: Board,
    history: Vec<(Color, Move)>,
    to_move: Color,
    arenas: Vec<Vec<Node>>,
}

impl SavedTrees {
    /// Tree nodes kept (all trees).
    pub fn nodes(&self) -> usize {
        self.arenas.iter().map(Vec::len).sum()
    }

    /// The subtree of `arena` reached by `moves` from its root, copied
    /// into a fresh arena with that node as root; `None` if a move leads
    /// out of the tree. The new root keeps only the children `legal`
    /// accepts (the root's own rule, superko included).
    fn subtree(
        arena: &[Node],
        moves: &[(Color, Move)],
        legal: impl Fn(Move) -> bool,
    ) -> Option<Vec<Node>> {
        let mut at = 0usize;
        for &(_, m) in moves {
            let n = &arena[at];
            if !n.expanded {
                return None;
            }
            at = (n.first_child..n.first_child + n.children)
                .map(|k| k as usize)
                .find(|&k| arena[k].mv == m)?;
        }
        if !arena[at].expanded {
            return None;
        }
        let mut out = vec![arena[at]];
        let mut queue = std::collections::VecDeque::from([(at, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let n = arena[old];
            if !n.expanded {
                continue;
            }
            let first = out.len();
            for k in n.first_child..n.first_child + n.children {
                let child = arena[k as usize];
                if new == 0 && !legal(child.mv) {
                    continue;
                }
                queue.push_back((k as usize, out.len()));
                out.push(child);
            }
            out[new].first_child = first as u32;
            out[new].children = (out.len() - first) as u32;
        }
        Some(out)
    }
}

impl<'a> Searcher<'a> {
    /// Like [`Searcher::new`], but each tree starts from the subtree of
    /// `saved` that the moves played since lead to, when the saved
    /// search was of an earlier position of the same game (its history a
    /// prefix of `board`'s) and the same player is to move again.
    /// Trees the moves lead out of start empty.
    pub fn with_saved(
        board: &'a Board,
        to_move: Color,
        policy: &'a Policy,
        config: &'a SearchConfig,
        saved: Option<SavedTrees>,
    ) -> Searcher<'a> {
        let mut searcher = Searcher::new(board, to_move, policy, config);
        let Some(saved) = saved else {
            return searcher;
        };
        let history = board.history();
        let reusable = saved.size == board.size()
            && saved.komi == config.komi
            && saved.history.len() <= history.len()
            && saved.history[..] == history[..saved.history.len()]
            && (history.len() - saved.history.len()).is_multiple_of(2)
            && saved.to_move == to_move;
        if !reusable {
            return searcher;
        }
        let since = &history[saved.history.len()..];
        // The moves since, played on the searched position, must give
        // this position (a setup edit, or a move by the wrong colour,
        // makes the tree's moves meaningless here).
        let mut replay = saved.board.clone();
        let mut expected = saved.to_move;
        for &(c, m) in since {
            if c != expected || replay.play(c, m).is_err() {
                return searcher;
            }
            expected = expected.opponent();
        }
        if replay.cells() != board.cells() || replay.hash() != board.hash() {
            return searcher;
        }
        let legal = |m: Move| board.is_legal(to_move, m);
        for (tree, arena) in searcher.trees.iter_mut().zip(&saved.arenas) {
            if let Some(nodes) = SavedTrees::subtree(arena, since, legal) {
                tree.nodes = nodes;
            }
        }
        searcher
    }

    /// The trees, for the next search's reuse.
    pub fn into_saved(self) -> SavedTrees {
        SavedTrees {
            size: self.board.size(),
            komi: self.trees[0].config.komi,
            board: self.board.clone(),
            history: self.board.history().to_vec(),
            to_move: self.to_move,
            arenas: self.trees.into_iter().map(|t| t.nodes).collect(),
        }
    }

    /// Visits already at the roots when the search started (reused).
    pub fn root_visits(&self) -> u64 {
        self.trees
            .iter()
            .map(|t| u64::from(t.nodes[0].visits))
            .sum()
    }
}

/// Searches the position of `board` for `to_move` with `policy`'s
/// playouts. Deterministic for a given seed and playout budget (with no
/// time limit), whatever the number of threads.
pub fn search(
    board: &Board,
    to_move: Color,
    policy: &Policy,
    config: &SearchConfig,
) -> SearchResult {
    let (total, deadline) = config.budget();
    let mut searcher = Searcher::new(board, to_move, policy, config);
    searcher.run(total, deadline);
    searcher.result()
}

/// Whether `color` wins if the game ends now, by the area count with
/// every stone alive and by the count with the stones `result`'s playouts
/// mostly lost removed; both must agree.
pub fn passing_wins(
    board: &Board,
    color: Color,
    komi: f32,
    result: &SearchResult,
    config: &SearchConfig,
) -> bool {
    let wins = |dead: &[Point]| {
        let s = board.area_score(dead);
        let margin = s.black - s.white - komi;
        match color {
            Color::Black => margin > 0.0,
            Color::White => margin < 0.0,
        }
    };
    let dead: Vec<Point> = board
        .points()
        .filter(|&p| {
            let o = result.ownership.get(p.index()).copied().unwrap_or(0.0);
            match board.cell(p) {
                Cell::Black => o < -config.dead_ownership,
                Cell::White => o > config.dead_ownership,
                _ => false,
            }
        })
        .collect();
    wins(&[]) && wins(&dead)
}

/// The answer to `genmove` from a finished search (see the module doc).
/// `cleanup`: never pass early (kgs-genmove_cleanup).
pub fn decide(
    board: &Board,
    result: &SearchResult,
    komi: f32,
    cleanup: bool,
    config: &SearchConfig,
) -> Decision {
    let color = result.to_move;
    let Some(best) = result.best() else {
        return Decision::Play(Move::Pass);
    };
    if result.playouts >= config.resign_min_playouts && best.win_rate() < config.resign_below {
        return Decision::Resign;
    }
    let opponent_passed = matches!(board.history().last(), Some(&(c, Move::Pass)) if c != color);
    if opponent_passed && !cleanup && passing_wins(board, color, komi, result, config) {
        return Decision::Play(Move::Pass);
    }
    if best.mv == Move::Pass && opponent_passed && !passing_wins(board, color, komi, result, config)
    {
        if let Some(m) = result
            .moves
            .iter()
            .find(|m| m.mv != Move::Pass && m.visits > 0)
        {
            return Decision::Play(m.mv);
        }
    }
    if best.visits == 0 {
        return Decision::Play(Move::Pass);
    }
    Decision::Play(best.mv)
}
