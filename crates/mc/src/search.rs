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
//!   at 50 %) for every move, and learned priors
//!   ([`SearchConfig::gamma_prior`] visits at a win rate of
//!   `sqrt(s / s_max)`, `s` the move's strength under the move-prediction
//!   model of [`crate::gammas`], `s_max` the largest among the siblings;
//!   the default since the gamma27 session: 86/100 in self-play against
//!   the 3x3 pattern prior, see the README) or, with
//!   `pattern_prior` > 0 (0 by default, 10 before), pattern priors
//!   ([`SearchConfig::pattern_prior`] visits at a win rate of
//!   `sqrt(w / w_max)`, `w` the move's 3x3 playout weight). Pass gets the even prior's visits at
//!   10 %, so that it is tried only when the playouts say so. At the root,
//!   [`SearchConfig::root_priors`] add what the caller knows beyond the
//!   playouts (the GTP layer: the tactical reader's captures and rescues),
//!   whether the root is new or reused from the previous search's tree.
//!   An optional locality prior ([`SearchConfig::local_prior`], off by
//!   default: 2 wins in 6 games against GNU Go at 10 visits, where the
//!   same seeds gave 5 in 6 without it) favours moves near the previous
//!   move. An optional edge prior ([`SearchConfig::edge_prior`], off by
//!   default, unproven: see the README's mc11 figures) keeps the tree off
//!   first- and second-line moves in empty areas. An optional tactical prior below the root
//!   ([`SearchConfig::tactical_prior`], off by default) favours the heavy
//!   rules' answers to the move that led to the node (escapes, capturing
//!   ataris, nakade). Optional tactical priors at every node
//!   ([`SearchConfig::capture_prior`], `escape_prior`, `self_atari_prior`;
//!   off by default, PARTIAL: see the README's mc13 figures) favour
//!   captures and escapes from atari and disfavour self-ataris of two or
//!   more stones ([`shape_priors`]).
//! - **Selection**: the RAVE blend of Pachi's "equivalence" schedule,
//!   `beta = n_amaf / (n_amaf + n + n * n_amaf / equiv)` and value
//!   `(1 - beta) * q + beta * q_amaf`, plus a small UCB term
//!   `explore * sqrt(ln N / n)`.
//! - **Playouts**: [`McBoard`] from the tree's leaf with the [`Policy`]'s
//!   weights (simple ko only) and its self-atari limit
//!   ([`SearchConfig::self_atari_limit`]: no self-atari of three or more
//!   stones, so that a seki survives to the count, where its shared
//!   liberties are nobody's; with [`SearchConfig::nakade_sacrifice`], off
//!   by default, such a self-atari is played again when it fills an
//!   enclosed group's one eye with a killing shape) and, when their
//!   probabilities are set
//!   ([`SearchConfig::heavy_escape`], `heavy_atari2`, `heavy_nakade`,
//!   `heavy_race`, `heavy_local`; 0 by default), the heavy rules of
//!   [`crate::heavy`] (atari escapes and capturing ataris read by a ladder
//!   reader, nakade, the race rule's capture / escape / approach order,
//!   the local rule's shape answer near the previous move), scored by area
//!   with komi; or, with [`SearchConfig::local_playout`], the MoGo-style
//!   local playouts of [`crate::local`] from the position the descent
//!   reached on the [`McBoard`] (same self-atari limit, cap and score,
//!   no heavy rules); with [`SearchConfig::lgrf`] (off by default), the
//!   pattern playouts first play the reply their own earlier results
//!   taught ([`crate::lgrf`]: last good reply with forgetting, one table
//!   per search shared by its threads, learning from the whole sequence
//!   of each iteration); two passes in a
//!   row inside the tree end the game there, scored by area with every
//!   stone alive (so the search prefers capturing dead stones to passing
//!   over them, which area scoring does not punish). A playout's value is
//!   the win (1, 0, 0.5 for a draw) blended with a small share
//!   ([`SearchConfig::score_weight`]) of the margin scaled to the board.
//!   When the game looks decided (the win rate of [`DECIDED_AFTER`]
//!   plain playouts from the root, made before the search, beyond
//!   [`SearchConfig::decided_win_rate`] either way; they stop once the
//!   answer is certain, and the search's threads share them), the share is
//!   [`SearchConfig::decided_score_weight`] for the whole search (one
//!   scale for every value in the tree): the game is then played for
//!   points, as a player does, instead of with any move that still wins
//!   (or any that loses), which the win alone cannot tell from a better
//!   one: endgame and seki tests ask for the move that keeps the most
//!   points (`katachi regress seki.tst`: 84 of 135, 53 without the
//!   decided share; playing only a won game for points did worse than
//!   both ways when measured before `reg_genmove` stopped resigning).
//!   Reported win rates and the resign rule read the win alone. Off by
//!   default, PARTIAL: [`SearchConfig::decided_scale`] (the decided
//!   margin centred on the position's expected count) and
//!   [`SearchConfig::decided_prior`] (the priors moved towards 50 % in a
//!   decided search).
//! - **AMAF**: after each playout, for every tree node on the path, each
//!   child move whose point was first played (after that node) by the
//!   player to move at that node counts as a visit of that child; with
//!   [`SearchConfig::rave_horizon`] (off by default, PARTIAL) only the
//!   first that many stones after the node count.
//! - **Inspection**: [`Searcher::dump`] (GTP `katachi-mcts_tree`) shows
//!   what selection reads at the root and down the principal variation
//!   (visits, win rate, AMAF, prior, beta, selection value): the README's
//!   mc25t figures on why the tree stays flat come from it.
//! - **Threads**: tree parallelism: `threads` workers (seeds derived
//!   from the seed) share one tree behind one mutex, held for the descent
//!   and the update, not the playout. A descent marks its path in flight,
//!   and the others' selection counts each such mark as
//!   [`VIRTUAL_LOSS`] lost visits, so that they spread over other moves.
//!   One thread searches deterministically (the same seed and playout
//!   count give the same tree); with more, the threads' interleaving
//!   changes the tree from run to run. No global state.
//! - **Budget**: a number of playouts and/or seconds, whichever ends first
//!   (the playout count is shared by the threads). genmove's search
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
//! - **Continuing and reusing** ([`Searcher`]): a search keeps its tree
//!   between slices (GUI analysis reports between them), and a finished
//!   search's tree ([`SavedTrees`]) seeds the next search of the same game
//!   with the subtree of the two moves played since (its root's children
//!   then get this search's root priors on top of their statistics: the
//!   old tree expanded them as inner nodes, without any).
//!
//! Not done (issue 15): shape-database priors; move generator priors by
//! default (the GTP layer's `--movegen-priors`, PARTIAL, is off); tactical
//! reading below the root beyond the heavy rules' cheap ladder reads
//! ([`SearchConfig::tactical_prior`], off); dead-stone-aware scoring
//! beyond the playouts' ownership.

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use katachi_board::playout::Rng;
use katachi_board::{Board, Cell, Color, Move, Point};
use katachi_patterns::mcpat::McTable;

use crate::context::McBoard;
use crate::gammas::{features, Gammas};
use crate::heavy::Heavy;
use crate::lgrf::ReplyTable;
use crate::local::LocalBoard;
use crate::playout::{add_final_owners, area_balance, play_on, Policy};

/// Parameters of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Playouts to run (over all threads); `None`: until the time is up.
    pub playouts: Option<u64>,
    /// Seconds to think; `None`: until the playouts are done. With both
    /// `None` a default of 1000 playouts applies.
    pub seconds: Option<f64>,
    /// Threads searching the one shared tree (tree parallelism).
    pub threads: usize,
    /// Seed of the playouts' random choices.
    pub seed: u64,
    /// Komi (White's bonus).
    pub komi: f32,
    /// Visits of the even prior (at 50 %).
    pub even_prior: f32,
    /// Visits of the pattern prior (the playouts' 3x3 weights; 0 by
    /// default: the learned [`SearchConfig::gamma_prior`] replaced it).
    pub pattern_prior: f32,
    /// Visits at a 100 % win rate for a move within Manhattan distance 2
    /// of the previous move (half as many at distance 3): most urgent
    /// answers are next to the move just played (Pachi's distance prior
    /// is the model). 0: none.
    pub local_prior: f32,
    /// Visits at a 100 % win rate for a move within common-fate-graph
    /// distance 2 of the previous move (half as many at distance 3; a
    /// string of stones counts as one node, so the liberties of the
    /// string just played on or next to are all near it): Pachi's CFG
    /// distance prior (Baudiš and Gailly 2011) is the model. 0: none. Off
    /// by default, PARTIAL (see the README's mc24 figures).
    pub cfg_prior: f32,
    /// Virtual visits at a 0 % win rate for a move on the first or second
    /// line with no stone within Manhattan distance 2 (an edge move in
    /// an empty area; Pachi's and Fuego's priors against such moves are
    /// the model). 0: none. See [`edge_in_empty_area`].
    pub edge_prior: f32,
    /// Virtual visits at a 100 % win rate, at every node, for a move that
    /// captures (an opponent string in atari; Pachi's and MoGo's capture
    /// prior is the model). 0: none. Off by default, PARTIAL (see the
    /// README's mc13 figures).
    pub capture_prior: f32,
    /// Virtual visits at a 100 % win rate, at every node, for a move on
    /// the liberty of an own string in atari that leaves the joined
    /// string at least two liberties (the escape a player tries first).
    /// 0: none. Off by default, PARTIAL.
    pub escape_prior: f32,
    /// Virtual visits at a 0 % win rate, at every node, for a self-atari
    /// of two or more stones that captures nothing (it gives the opponent
    /// a capture; larger ones are never candidates under
    /// [`SearchConfig::self_atari_limit`]). 0: none. Off by default,
    /// PARTIAL.
    pub self_atari_prior: f32,
    /// Virtual visits, at every node, at a win rate of `sqrt(s / s_max)`
    /// for a move of strength `s` under the learned move-prediction model
    /// ([`crate::gammas`]), `s_max` the largest among its siblings: the
    /// pattern prior's form with the learned strengths instead of the
    /// playouts' 3x3 weights. 0: none. 20 by default, with
    /// `pattern_prior` 0 (see the README's gamma27 figures: 86/100 in
    /// self-play at 1000 playouts against pattern_prior 10 alone).
    pub gamma_prior: f32,
    /// The gamma table of [`SearchConfig::gamma_prior`] (`katachi gtp
    /// --mc-gammas FILE`); `None`: the embedded one
    /// ([`crate::Gammas::embedded`]).
    pub gammas: Option<Arc<Gammas>>,
    /// The learned gammas as the playouts' weights, at this temperature
    /// (each weight `s^T` for the strength `s` the playout context
    /// gives; [`crate::gammas::playout_table`]); 0: the policy's pattern
    /// weights (the default). Off by default, PARTIAL (see the README's
    /// mc28 figures).
    pub gamma_playout: f32,
    /// RAVE equivalence parameter.
    pub rave_equiv: f32,
    /// AMAF horizon: a node's AMAF statistics count only the first this
    /// many stones played after it (tree and playout moves, passes not
    /// counted); 0: every stone to the end of the playout. Off by
    /// default, PARTIAL (see the README's mc25t figures).
    ///
    /// Why (Go and search): a stone played late in a playout was played
    /// in a position that has little to do with the node's (groups have
    /// lived or died since), so that its AMAF result says little about
    /// the move now; the near ones are the AMAF statistics' good part.
    pub rave_horizon: u32,
    /// UCB exploration coefficient.
    pub explore: f32,
    /// Share of the final margin in a playout's value (the rest is the
    /// win or loss): a little of it keeps the search playing for points
    /// when every move wins or every move loses, where the win rate
    /// alone cannot tell moves apart. 0: the value is the win alone.
    pub score_weight: f32,
    /// The margin's share once the game looks decided (see the module
    /// doc).
    pub decided_score_weight: f32,
    /// The win rate of plain playouts from the root above which (or
    /// below one minus which) the game looks decided (see the module
    /// doc); 1: never.
    pub decided_win_rate: f32,
    /// The margin's scale in a decided search, in points: with a value
    /// above 0, a decided search values a playout's margin as
    /// `0.5 + atan((m - c) / scale) / pi`, `c` the mean margin of the
    /// decided check's playouts, instead of the margin over the whole
    /// board (`0.5 + m / (2 * points)`, the default 0). Off by default,
    /// PARTIAL (see the README's mc31 figures).
    ///
    /// Why (Go and search): in a decided game the search plays for
    /// points, but on the whole board's scale one point moves a value
    /// by 1/162 on 9x9 (1/722 on 19x19), far below the priors' spread
    /// (a learned prior of 20 visits at 0.2 against one at 1.0) and the
    /// exploration term: moves a point or two apart look equal, and the
    /// prior picks (seki.tst: a two-stone capture instead of the seki).
    /// Centred on the position's expected margin, a few points apart
    /// are far apart in value, as they are to a player counting.
    pub decided_scale: f32,
    /// In a decided search, every prior's win rate (even, learned,
    /// pattern and the other tree priors, and the root priors) is moved
    /// towards 50 % to this share of its distance from it (its visits
    /// unchanged); 1 (the default): as in any search, 0: every prior at
    /// 50 %. PARTIAL, off by default (see the README's mc31 figures).
    ///
    /// Why (Go and search): priors are on the win's scale (a learned
    /// prior of 1.0 says "the likely move", not "wins every game"), while
    /// a decided search's values are margins, where a point is worth
    /// 1/162 of a value on 9x9: there the priors' spread outweighs every
    /// difference the playouts find, and the prior, not the count,
    /// chooses between moves the playouts call equal.
    pub decided_prior: f32,
    /// Visits a node needs before its children are created.
    pub expand_at: u32,
    /// Self-ataris that capture nothing and make a string of at least
    /// this many stones are never played, in the tree or the playouts
    /// (`McBoard::set_self_atari_limit`: so that playouts do not break
    /// sekis); 0: no such rule.
    pub self_atari_limit: usize,
    /// Self-ataris over [`SearchConfig::self_atari_limit`] that make a
    /// killing nakade shape of at most five stones are still played
    /// ([`McBoard::set_nakade_sacrifice`]). Off by default, PARTIAL (see
    /// the README's mc31 figures).
    pub nakade_sacrifice: bool,
    /// Virtual visits at a 100 % win rate, at every node below the root,
    /// for the moves the heavy rules propose after the move that led to
    /// the node ([`crate::McBoard::tactical_moves`]: escapes from an atari
    /// it gave, capturing ataris on two-liberty strings next to it, the
    /// vital point of a three-point eye space), so that the tree tries
    /// the tactical answers first whatever the playouts do. 0: none.
    pub tactical_prior: f32,
    /// Probability of the heavy playout rule `escape` (an atari the
    /// previous move gave is escaped when the ladder reader says the
    /// escape works; [`crate::heavy`]); 0: off.
    pub heavy_escape: f32,
    /// Probability of the heavy playout rule `atari2` (an atari on a
    /// two-liberty string next to the previous move that the ladder
    /// reader says captures); 0: off.
    pub heavy_atari2: f32,
    /// Probability of the heavy playout rule `nakade` (the vital point of
    /// a three-point eye space next to the previous move); 0: off.
    pub heavy_nakade: f32,
    /// Probability of the heavy playout rule `race` (by priority: capture
    /// the biggest string in atari around the previous move, escape an
    /// atari, a one- or two-stone approach self-atari that ataris a bigger
    /// string); 0: off.
    pub heavy_race: f32,
    /// Probability of the heavy playout rule `local` (a shape or tactical
    /// answer near the previous move, drawn by weight among the near
    /// points weighing at least [`SearchConfig::heavy_local_min`];
    /// [`crate::heavy`]); 0: off.
    pub heavy_local: f32,
    /// The weight floor of the `local` rule's candidates.
    pub heavy_local_min: u32,
    /// Playouts by the MoGo-style local policy ([`crate::local`],
    /// `--mc-param local_playout=1`) instead of the pattern-weighted
    /// [`McBoard`] draws (the heavy rules then do not apply: the local
    /// policy has its own). The tree's descent and priors stay on the
    /// [`McBoard`].
    pub local_playout: bool,
    /// The local policy's pattern floor
    /// ([`crate::LocalBoard::set_pattern_min`]).
    pub local_pattern_min: u32,
    /// Last good reply with forgetting in the pattern playouts
    /// ([`crate::lgrf`], `--mc-param lgrf=1`; off by default, PARTIAL:
    /// see the README's mc19 figures): one reply table per search, shared
    /// by its threads. Not used by the local playouts.
    pub lgrf: bool,
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
    /// ...after at least this many playouts (`--mc-param
    /// resign_min_playouts=N`). 2000: a 1 s search on the loaded machine
    /// (250-1500 playouts on 9x9) then never resigns, and lost games go
    /// on to the count (mcloss15: 33 moves below 0.08, lost by 88.5);
    /// a floor of 500 would end them, but in self-play at 1000 playouts
    /// one side in 41 that fell below 0.08 (to 0.015) still won, so the
    /// floor stays (see the README).
    pub resign_min_playouts: u64,
    /// Ownership (of 1) above which the playouts call a stone lost, for
    /// the pass rule's dead-stone count.
    pub dead_ownership: f32,
    /// Extra priors of root moves from outside the playouts (the tactical
    /// reader's captures and rescues): the point, virtual visits and their
    /// win rate, added to the even and pattern priors.
    pub root_priors: Vec<RootPrior>,
    /// The owl check of the search's choice (PARTIAL, off by default):
    /// read by the GTP layer after the search, which the search itself
    /// does not do (this crate reads no life and death). 0: off; 1: an
    /// own dragon owl calls critical is defended when the chosen move
    /// does not defend it and the playouts value owl's defence close
    /// enough to the choice ([`SearchConfig::owl_margin`]); 2: also an
    /// opponent dragon owl calls critical is attacked so.
    pub owl_check: u32,
    /// The owl check's margin, in points of the playouts' mean final
    /// margin per stone of the dragon: owl's move replaces the choice
    /// when the choice's mean margin is better by at most this times the
    /// dragon's stones (a dragon's life is worth about twice its stones
    /// in area; a larger gap is something bigger the playouts see
    /// elsewhere).
    pub owl_margin: f32,
    /// The smallest dragon (stones) the owl check reads.
    pub owl_min_size: usize,
    /// Nodes of each of the owl check's readings.
    pub owl_nodes: u64,
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
    /// The heavy playout rules' probabilities ([`crate::heavy`]).
    pub fn heavy(&self) -> Heavy {
        Heavy {
            escape: self.heavy_escape,
            atari2: self.heavy_atari2,
            nakade: self.heavy_nakade,
            race: self.heavy_race,
            local: self.heavy_local,
            local_min: self.heavy_local_min,
        }
    }

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
    "cfg_prior",
    "edge_prior",
    "capture_prior",
    "escape_prior",
    "self_atari_prior",
    "gamma_prior",
    "gamma_playout",
    "rave_equiv",
    "rave_horizon",
    "explore",
    "score_weight",
    "decided_score_weight",
    "decided_win_rate",
    "decided_scale",
    "decided_prior",
    "expand_at",
    "self_atari_limit",
    "nakade_sacrifice",
    "tactical_prior",
    "heavy_escape",
    "heavy_atari2",
    "heavy_nakade",
    "heavy_race",
    "heavy_local",
    "heavy_local_min",
    "local_playout",
    "local_pattern_min",
    "lgrf",
    "early_stop",
    "resign_below",
    "resign_min_playouts",
    "dead_ownership",
    "owl_check",
    "owl_margin",
    "owl_min_size",
    "owl_nodes",
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
        // A whole number in `lo..=hi`.
        let whole = |lo: f64, hi: f64, text: &'static str| {
            range((lo..=hi).contains(&value) && value.fract() == 0.0, text)
        };
        let v = value as f32;
        match name {
            "even_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.even_prior = v),
            "pattern_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.pattern_prior = v),
            "local_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.local_prior = v),
            "cfg_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.cfg_prior = v),
            "edge_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.edge_prior = v),
            "capture_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.capture_prior = v),
            "escape_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.escape_prior = v),
            "self_atari_prior" => {
                range(value >= 0.0, "[0, inf)").map(|()| self.self_atari_prior = v)
            }
            "gamma_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.gamma_prior = v),
            "gamma_playout" => {
                range((0.0..=4.0).contains(&value), "[0, 4]").map(|()| self.gamma_playout = v)
            }
            "rave_equiv" => range(value > 0.0, "(0, inf)").map(|()| self.rave_equiv = v),
            "rave_horizon" => whole(0.0, 1e6, "whole numbers 0..1000000")
                .map(|()| self.rave_horizon = value as u32),
            "explore" => range(value >= 0.0, "[0, inf)").map(|()| self.explore = v),
            "score_weight" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.score_weight = v)
            }
            "decided_score_weight" => range((0.0..=1.0).contains(&value), "[0, 1]")
                .map(|()| self.decided_score_weight = v),
            "decided_win_rate" => {
                range((0.5..=1.0).contains(&value), "[0.5, 1]").map(|()| self.decided_win_rate = v)
            }
            "decided_prior" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.decided_prior = v)
            }
            "decided_scale" => range(value >= 0.0, "[0, inf)").map(|()| self.decided_scale = v),
            "expand_at" => {
                whole(1.0, 1e6, "whole numbers 1..1000000").map(|()| self.expand_at = value as u32)
            }
            "self_atari_limit" => whole(0.0, 400.0, "whole numbers 0..400")
                .map(|()| self.self_atari_limit = value as usize),
            "nakade_sacrifice" => range(value == 0.0 || value == 1.0, "{0, 1}")
                .map(|()| self.nakade_sacrifice = value == 1.0),
            "tactical_prior" => range(value >= 0.0, "[0, inf)").map(|()| self.tactical_prior = v),
            "heavy_escape" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.heavy_escape = v)
            }
            "heavy_atari2" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.heavy_atari2 = v)
            }
            "heavy_nakade" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.heavy_nakade = v)
            }
            "heavy_race" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.heavy_race = v)
            }
            "heavy_local" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.heavy_local = v)
            }
            "heavy_local_min" => whole(1.0, 1e6, "whole numbers 1..1000000")
                .map(|()| self.heavy_local_min = value as u32),
            "local_playout" => range(value == 0.0 || value == 1.0, "{0, 1}")
                .map(|()| self.local_playout = value == 1.0),
            "local_pattern_min" => whole(1.0, 1e6, "whole numbers 1..1000000")
                .map(|()| self.local_pattern_min = value as u32),
            "lgrf" => {
                range(value == 0.0 || value == 1.0, "{0, 1}").map(|()| self.lgrf = value == 1.0)
            }
            "early_stop" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.early_stop = v)
            }
            "resign_below" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.resign_below = v)
            }
            "resign_min_playouts" => whole(0.0, 1e12, "whole numbers 0..1000000000000")
                .map(|()| self.resign_min_playouts = value as u64),
            "dead_ownership" => {
                range((0.0..=1.0).contains(&value), "[0, 1]").map(|()| self.dead_ownership = v)
            }
            "owl_check" => range(value == 0.0 || value == 1.0 || value == 2.0, "{0, 1, 2}")
                .map(|()| self.owl_check = value as u32),
            "owl_margin" => range(value >= 0.0, "[0, inf)").map(|()| self.owl_margin = v),
            "owl_min_size" => whole(1.0, 400.0, "whole numbers 1..400")
                .map(|()| self.owl_min_size = value as usize),
            "owl_nodes" => {
                whole(1.0, 1e6, "whole numbers 1..1000000").map(|()| self.owl_nodes = value as u64)
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
            pattern_prior: 0.0,
            local_prior: 0.0,
            cfg_prior: 0.0,
            edge_prior: 0.0,
            capture_prior: 0.0,
            escape_prior: 0.0,
            self_atari_prior: 0.0,
            gamma_prior: 20.0,
            gammas: None,
            gamma_playout: 0.0,
            rave_equiv: 3000.0,
            rave_horizon: 0,
            explore: 0.1,
            score_weight: 0.05,
            decided_score_weight: 1.0,
            decided_win_rate: 0.75,
            decided_scale: 0.0,
            decided_prior: 1.0,
            expand_at: 2,
            self_atari_limit: 3,
            nakade_sacrifice: false,
            tactical_prior: 0.0,
            heavy_escape: 0.0,
            heavy_atari2: 0.0,
            heavy_nakade: 0.0,
            heavy_race: 0.0,
            heavy_local: 0.0,
            heavy_local_min: 100,
            local_playout: false,
            local_pattern_min: crate::local::PATTERN_MIN,
            lgrf: false,
            early_stop: 1.0,
            max_nodes: 1_500_000,
            resign_below: 0.08,
            resign_min_playouts: 2000,
            dead_ownership: 0.6,
            root_priors: Vec::new(),
            owl_check: 0,
            owl_margin: 2.0,
            owl_min_size: 3,
            owl_nodes: 100,
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
    /// Wins of the player to move among them (0 with no visit; the win
    /// alone, whatever share of the margin the search valued).
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
    /// Playouts run (all threads together).
    pub playouts: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Per padded point index: mean final owner over the playouts
    /// (+1 Black, -1 White, 0 neither or not a point).
    pub ownership: Vec<f32>,
    /// Tree nodes.
    pub nodes: usize,
    /// The margin's share in the values of this search (the decided one
    /// when the game looked decided, see the module doc).
    pub score_weight: f32,
    /// Playout moves (passes included, the tree's moves not) and, among
    /// them, the replies of the last-good-reply tables
    /// ([`SearchConfig::lgrf`]; 0 when off): LGR-2 and LGR-1.
    pub playout_moves: u64,
    /// See [`SearchResult::playout_moves`].
    pub replies: [u64; 2],
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
    /// Sum of the playouts' values (the win blended with the margin):
    /// what selection reads.
    wins: f32,
    /// Sum of the wins alone (1, 0.5 for a draw): what the win rates
    /// reported (and the resign rule) read.
    real_wins: f32,
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
    /// Descents through this node whose playout is still running (other
    /// threads see each as [`VIRTUAL_LOSS`] lost visits); 0 whenever no
    /// search runs.
    in_flight: u32,
}

impl Node {
    fn new(mv: Move, prior_visits: f32, prior_wins: f32) -> Node {
        Node {
            mv,
            visits: 0,
            wins: 0.0,
            real_wins: 0.0,
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
            in_flight: 0,
        }
    }

    fn child_range(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.children) as usize
    }
}

/// Lost visits a running descent adds to each node on its path, for the
/// other threads' selection (virtual loss): they spread over other moves
/// instead of all waiting for the same playout's result. A single thread
/// never sees one (its own path is never among the children it selects
/// from), so one thread searches exactly as without.
const VIRTUAL_LOSS: f32 = 3.0;

/// The tree every thread of a search shares (behind one mutex), and its
/// playout counts.
///
/// Why one lock rather than one per node: a thread holds it only for the
/// descent (selection, expansion, the few moves inside the tree) and the
/// update, a small part of an iteration next to the playout (below 20 %
/// on 9x9, less on 19x19), which runs unlocked; with the two cores this
/// machine has, the second thread waits little, and the arena stays a
/// plain `Vec` (no `unsafe`, no atomics in every field).
#[derive(Debug)]
struct Shared {
    nodes: Vec<Node>,
    /// Descents started (their playouts finished or running).
    started: u64,
    /// Playouts whose result is in the tree.
    playouts: u64,
    /// How this search values a playout's margin (the configured share,
    /// or the decided one).
    valuation: Valuation,
}

/// How a search blends a playout's win with its margin.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Valuation {
    /// The margin's share (the rest is the win).
    weight: f32,
    /// Whether the decided check called the game decided.
    decided: bool,
    /// In a decided search with [`SearchConfig::decided_scale`]: the
    /// centre (the decided check's mean margin for Black, komi included)
    /// and the scale, in points, of the margin's value.
    centred: Option<(f32, f32)>,
}

impl Valuation {
    /// The plain share `weight` of the margin over the whole board.
    fn plain(weight: f32) -> Valuation {
        Valuation {
            weight,
            decided: false,
            centred: None,
        }
    }

    /// Black's value of a playout whose area margin (komi included) is
    /// `score` on a board of `points` points: the win blended with the
    /// margin's value.
    fn black_value(&self, score: f32, points: f32) -> f32 {
        let win = black_win(score);
        let margin = match self.centred {
            // 0.5 at the centre, towards 0 or 1 a few scales away.
            Some((centre, scale)) => 0.5 + ((score - centre) / scale).atan() / std::f32::consts::PI,
            // 0.5 at an even count, 0 or 1 at a margin of the whole board.
            None => (0.5 + 0.5 * score / points).clamp(0.0, 1.0),
        };
        (1.0 - self.weight) * win + self.weight * margin
    }
}

/// Plain playouts from the root that say whether the game looks decided
/// (see the module doc).
pub const DECIDED_AFTER: u64 = 256;

/// The margin's share of a search of `root` for `to_move`: the decided
/// share when the win rate of [`DECIDED_AFTER`] plain playouts from the
/// root (seeded from the search's seed) is beyond the decided win rate
/// either way, the ordinary share otherwise.
///
/// The playouts stop as soon as the answer is certain whatever the rest
/// would give (a balanced game is known to be undecided after about half
/// of them, a lopsided one once its wins pass the bound): the same answer
/// as all [`DECIDED_AFTER`], for less time. With `threads` above 1 the
/// playouts are shared by that many threads (thread 0 draws the one
/// thread's random numbers, the others their own; which playouts count
/// then depends on the threads' timing, as the tree itself does).
fn search_valuation(
    root: &McBoard<'_>,
    to_move: Color,
    config: &SearchConfig,
    threads: usize,
) -> Valuation {
    let hi = config.decided_win_rate;
    if hi >= 1.0
        || (config.decided_score_weight == config.score_weight && config.decided_scale <= 0.0)
    {
        return Valuation::plain(config.score_weight);
    }
    let tally = Mutex::new(DecidedTally::default());
    if threads <= 1 {
        decided_playouts(root, to_move, config, 0, &tally);
    } else {
        std::thread::scope(|s| {
            for t in 0..threads {
                let tally = &tally;
                s.spawn(move || decided_playouts(root, to_move, config, t, tally));
            }
        });
    }
    let tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    if tally.verdict != Some(true) {
        return Valuation::plain(config.score_weight);
    }
    Valuation {
        weight: config.decided_score_weight,
        decided: true,
        centred: (config.decided_scale > 0.0).then(|| {
            let centre = (tally.score_sum / tally.done.max(1) as f64) as f32;
            (centre, config.decided_scale)
        }),
    }
}

/// The shared count of the decided check's playouts (wins in half
/// points: a draw is 1, a win 2).
#[derive(Debug, Default)]
struct DecidedTally {
    /// Playouts claimed (finished or running).
    started: u64,
    /// Finished playouts.
    done: u64,
    /// Their wins for the player to move, in half points.
    half_wins: u64,
    /// The sum of their margins for Black (komi included).
    score_sum: f64,
    /// The answer once it is certain (`true`: decided).
    verdict: Option<bool>,
}

impl DecidedTally {
    /// The answer if it no longer depends on the playouts not yet
    /// counted: the final rate of all [`DECIDED_AFTER`] lies between the
    /// wins so far (every other playout lost) and those plus every other
    /// playout won, and whether it is beyond `hi` either way only grows
    /// (or shrinks) with the wins.
    fn certain(&self, hi: f32) -> Option<bool> {
        let rate = |half_wins: u64| ((half_wins as f64 / 2.0) / DECIDED_AFTER as f64) as f32;
        let least = rate(self.half_wins);
        let most = rate(self.half_wins + 2 * (DECIDED_AFTER - self.done));
        if least > hi || most < 1.0 - hi {
            Some(true)
        } else if most <= hi && least >= 1.0 - hi {
            Some(false)
        } else {
            None
        }
    }
}

/// One thread's share of the decided check: playouts from `root` until
/// [`DECIDED_AFTER`] are claimed or the answer is certain.
fn decided_playouts(
    root: &McBoard<'_>,
    to_move: Color,
    config: &SearchConfig,
    thread: usize,
    tally: &Mutex<DecidedTally>,
) {
    let seed = (config.seed ^ 0x5DEE_CE66_D1CE_5EED)
        .wrapping_add((thread as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut rng = Rng::new(seed);
    let size = root.board().size();
    let mut mc = root.clone();
    let local = config.local_playout.then(|| {
        local_board(
            root.table(Color::Black),
            config,
            root.board().clone(),
            root.last_move(),
        )
    });
    let mut lb = local.clone();
    loop {
        {
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            if t.verdict.is_some() || t.started >= DECIDED_AFTER {
                return;
            }
            t.started += 1;
        }
        let outcome = match (lb.as_mut(), local.as_ref()) {
            (Some(lb), Some(start)) => {
                lb.clone_from(start);
                lb.playout(to_move, &mut rng, 3 * size * size)
            }
            _ => {
                mc.clone_from(root);
                mc.playout(to_move, &mut rng, 3 * size * size)
            }
        };
        let score = outcome.score - config.komi;
        let black = if score > 0.0 {
            2
        } else if score < 0.0 {
            0
        } else {
            1
        };
        let half = match to_move {
            Color::Black => black,
            Color::White => 2 - black,
        };
        let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
        t.done += 1;
        t.half_wins += half;
        t.score_sum += f64::from(score);
        if t.verdict.is_none() {
            t.verdict = t.certain(config.decided_win_rate);
        }
    }
}

/// Locks the shared tree (a panic in another thread cannot leave it
/// inconsistent in a way that matters more than the panic itself).
fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// What selection reads of the child `ch` (`ln` the log of its parent's
/// visits plus one): its plain value and AMAF value (priors and the
/// running descents' virtual loss included), the AMAF weight beta and
/// the selection value.
#[inline]
fn rave_value(ch: &Node, ln: f32, cfg: &SearchConfig) -> (f32, f32, f32, f32) {
    let vl = if ch.in_flight == 0 {
        0.0
    } else {
        VIRTUAL_LOSS * ch.in_flight as f32
    };
    let nv = ch.visits as f32 + ch.prior_visits + vl;
    let q = (ch.wins + ch.prior_wins) / nv.max(1e-6);
    let an = ch.amaf_visits as f32 + ch.prior_visits + vl;
    let aq = (ch.amaf_wins + ch.prior_wins) / an.max(1e-6);
    let beta = an / (an + nv + nv * an / cfg.rave_equiv);
    let v = (1.0 - beta) * q + beta * aq + cfg.explore * (ln / nv.max(1.0)).sqrt();
    (q, aq, beta, v)
}

/// The child of `i` with the best RAVE value, the running descents
/// counted as lost visits.
fn select(nodes: &[Node], i: usize, cfg: &SearchConfig) -> usize {
    let n = &nodes[i];
    let ln = ((n.visits + 1) as f32).ln();
    let mut best = n.first_child as usize;
    let mut best_v = f32::NEG_INFINITY;
    for k in n.child_range() {
        let v = rave_value(&nodes[k], ln, cfg).3;
        if v > best_v {
            best_v = v;
            best = k;
        }
    }
    best
}

/// The principal variation from node `i`: its move, then the most
/// visited child while that child has at least two visits.
fn pv_from(nodes: &[Node], mut i: usize) -> Vec<Move> {
    let mut pv = vec![nodes[i].mv];
    while pv.len() < MAX_PV {
        let best = nodes[i].child_range().max_by_key(|&k| nodes[k].visits);
        match best {
            Some(k) if nodes[k].visits >= 2 => {
                pv.push(nodes[k].mv);
                i = k;
            }
            _ => break,
        }
    }
    pv
}

fn root_stats(nodes: &[Node]) -> Vec<MoveStat> {
    nodes[0]
        .child_range()
        .map(|k| {
            let n = &nodes[k];
            MoveStat {
                mv: n.mv,
                visits: n.visits,
                wins: n.real_wins,
                amaf_visits: n.amaf_visits,
                amaf_wins: n.amaf_wins,
                prior: n.prior_wins / n.prior_visits.max(1e-6),
                policy: n.policy,
                score_sum: n.score_sum,
                score_sq: n.score_sq,
                pv: pv_from(nodes, k),
            }
        })
        .collect()
}

/// The lead in visits (first over second) below which the root's
/// choice counts as unclear ([`Searcher::unclear`]).
pub const UNCLEAR_LEAD: f32 = 1.5;

/// [`Searcher::unclear`] on the tree `nodes`.
fn unclear_root(nodes: &[Node]) -> bool {
    let rate = |n: &Node| n.real_wins / n.visits.max(1) as f32;
    let mut first: Option<&Node> = None;
    let mut second: Option<&Node> = None;
    for n in &nodes[nodes[0].child_range()] {
        if n.visits == 0 {
            continue;
        }
        if first.is_none_or(|f| n.visits > f.visits) {
            second = first;
            first = Some(n);
        } else if second.is_none_or(|s| n.visits > s.visits) {
            second = Some(n);
        }
    }
    let (Some(first), Some(second)) = (first, second) else {
        return false;
    };
    if (first.visits as f32) < UNCLEAR_LEAD * second.visits as f32 {
        return true;
    }
    nodes[nodes[0].child_range()]
        .iter()
        .any(|n| 2 * n.visits >= first.visits && n.mv != first.mv && rate(n) > rate(first))
}

/// Whether the empty point `p` is on the first or second line and no
/// stone stands within Manhattan distance 2 of it (the 12 points around
/// it, those on the board): an edge move in an empty area.
///
/// Why (Go): such a move is neither a contact fight nor an approach; low
/// on the board, far from everything, it takes a little territory and
/// gives up the influence a third- or fourth-line move would get, and
/// on 9x9 it is a wasted tempo in the opening. Playouts that end in
/// random territory cannot tell it from a good move with a few thousand
/// playouts, so the tree gets a prior against it
/// ([`SearchConfig::edge_prior`]); the playouts can still overrule it.
pub fn edge_in_empty_area(b: &Board, p: Point) -> bool {
    let size = b.size();
    let (r, c) = b.row_col(p);
    let line = r.min(c).min(size - 1 - r).min(size - 1 - c);
    if line > 1 {
        return false;
    }
    for dr in -2i32..=2 {
        let span = 2 - dr.abs();
        for dc in -span..=span {
            if dr == 0 && dc == 0 {
                continue;
            }
            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
            if rr < 0 || cc < 0 {
                continue;
            }
            if let Some(q) = b.point(rr as usize, cc as usize) {
                if b.cell(q) != Cell::Empty {
                    return false;
                }
            }
        }
    }
    true
}

/// Common-fate-graph distances from `from` (a point of the board) to
/// every point, up to `max` (points farther read `u32::MAX`), into `out`
/// (indexed by [`Point::index`]): a step to an adjacent point costs 1,
/// except between two stones of one colour (one string, one node of the
/// graph), which costs 0.
///
/// Why (Go): the answer to a move is usually on the liberties of the
/// strings it touches, however long those strings are; the Manhattan
/// distance of [`SearchConfig::local_prior`] misses the far liberties of
/// a long string and counts points across a wall as near.
pub fn cfg_distances(b: &Board, from: Point, max: u32, out: &mut Vec<u32>) {
    out.clear();
    out.resize(b.cells().len(), u32::MAX);
    if !b.on_board(from) {
        return;
    }
    let mut queue = std::collections::VecDeque::new();
    out[from.index()] = 0;
    queue.push_back(from);
    while let Some(p) = queue.pop_front() {
        let d = out[p.index()];
        let cp = b.cell(p);
        for n in b.neighbors(p) {
            let cn = b.cell(n);
            if cn == Cell::Edge {
                continue;
            }
            let same = cp != Cell::Empty && cn == cp;
            let nd = if same { d } else { d + 1 };
            if nd <= max && nd < out[n.index()] {
                out[n.index()] = nd;
                if same {
                    queue.push_front(n);
                } else {
                    queue.push_back(n);
                }
            }
        }
    }
}

/// What the tactical tree priors see in a move of `c` on the empty
/// point `p`: whether it captures, whether it escapes (a liberty of an
/// own string in atari, after which the joined string has at least two
/// liberties), and whether it is a self-atari of two or more stones that
/// captures nothing.
///
/// Why (Go): a capture and an escape from atari are the first moves a
/// player reads in a fight, and a self-atari of a group hands the
/// opponent a capture; the 3x3 weights see only the shape, not the
/// liberties of the strings beyond it, so the tree gets these facts as
/// priors ([`SearchConfig::capture_prior`], `escape_prior`,
/// `self_atari_prior`) and the playouts can still overrule them.
pub fn shape_priors(mc: &McBoard<'_>, c: Color, p: Point) -> (bool, bool, bool) {
    let info = mc.move_info(c, p);
    let b = mc.board();
    let capture = info.captures > 0;
    let escape = !info.self_atari
        && b.neighbors(p)
            .iter()
            .any(|&n| b.cell(n) == c.cell() && b.liberty_count(n) == 1);
    let self_atari = info.self_atari && info.captures == 0 && info.self_atari_stones >= 2;
    (capture, escape, self_atari)
}

/// Longest principal variation reported.
const MAX_PV: usize = 12;

/// Prior wins `wins` of `visits` moved towards 50 % to the share `spread`
/// of their distance from it ([`SearchConfig::decided_prior`]; 1: as they
/// are, to the bit).
fn shrink(wins: f32, visits: f32, spread: f32) -> f32 {
    if spread == 1.0 {
        wins
    } else {
        0.5 * visits + spread * (wins - 0.5 * visits)
    }
}

/// Adds `priors` to the children of the root (`nodes[0]`, expanded), each
/// to the child of its point; priors on points that are not children are
/// ignored. Each win rate keeps the share `spread` of its distance from
/// 50 % ([`SearchConfig::decided_prior`]).
fn add_root_priors(nodes: &mut [Node], priors: &[RootPrior], spread: f32) {
    let range = nodes[0].child_range();
    for n in &mut nodes[range] {
        for x in priors.iter().filter(|x| n.mv == Move::Play(x.point)) {
            n.prior_visits += x.visits;
            n.prior_wins += shrink(x.visits * x.win_rate, x.visits, spread);
        }
    }
}

/// A local playout board of `config` ([`SearchConfig::local_playout`])
/// on `board`, `last` the previous move.
fn local_board<'a>(
    table: &'a McTable,
    config: &SearchConfig,
    board: Board,
    last: Option<Point>,
) -> LocalBoard<'a> {
    let mut lb = LocalBoard::new(table, board, last);
    lb.set_self_atari_limit(config.self_atari_limit);
    lb.set_pattern_min(config.local_pattern_min);
    lb
}

/// The table the playouts of a search with `policy` and `config` draw
/// from: the policy's, or with [`SearchConfig::gamma_playout`] the
/// gammas' ([`crate::gammas::playout_table`] over the policy's), compiled
/// once per process for each (policy, gamma table, temperature) and kept
/// for the process's life (a few per process; each is a few MB). The
/// policy is known by its name, pattern count and row count, the gamma
/// table by its content ([`Gammas::fingerprint`]).
fn playout_table_of<'a>(policy: &'a Policy, config: &SearchConfig) -> &'a McTable {
    type Key = (String, usize, usize, u64, u32);
    static CACHE: OnceLock<Mutex<Vec<(Key, &'static McTable)>>> = OnceLock::new();
    if config.gamma_playout <= 0.0 {
        return policy.table();
    }
    let gammas: &Gammas = config
        .gammas
        .as_deref()
        .unwrap_or_else(|| Gammas::embedded());
    let key: Key = (
        policy.name().to_string(),
        policy.pattern_count(),
        policy.table().row_count(),
        gammas.fingerprint(),
        config.gamma_playout.to_bits(),
    );
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = cache.iter().find(|(k, _)| *k == key) {
        return t;
    }
    let table: &'static McTable = Box::leak(Box::new(crate::gammas::playout_table(
        gammas,
        policy.table(),
        config.gamma_playout,
    )));
    cache.push((key, table));
    table
}

/// One thread of a search: its random numbers, its boards and the
/// scratch of its descents, and the ownership of its playouts.
struct Worker<'a> {
    config: &'a SearchConfig,
    board: &'a Board,
    to_move: Color,
    rng: Rng,
    root_mc: McBoard<'a>,
    mc: McBoard<'a>,
    path: Vec<u32>,
    seq: Vec<(Color, Point)>,
    /// Moves in the tree of the current descent (passes as `None`).
    tree_seq: Vec<Option<Point>>,
    /// Per point: the stamp and colour of its first play after the node
    /// being updated (AMAF).
    first_stamp: Vec<u32>,
    first_color: Vec<Color>,
    stamp: u32,
    ownership: Vec<i64>,
    /// The local policy's board ([`SearchConfig::local_playout`]): each
    /// playout starts from the descent's position on `mc`.
    local: Option<LocalBoard<'a>>,
    /// Scratch: the tactical prior's moves at an expansion.
    tactical: Vec<Point>,
    /// Scratch: CFG distances from the previous move at an expansion
    /// ([`SearchConfig::cfg_prior`]).
    cfg_dist: Vec<u32>,
    /// Scratch: the learned model's strength of each empty point at an
    /// expansion ([`SearchConfig::gamma_prior`]).
    strengths: Vec<f32>,
    /// The search's reply tables ([`SearchConfig::lgrf`]), shared by
    /// its workers.
    replies: Option<Arc<ReplyTable>>,
    /// The codes of the game's last two moves, then of every move of the
    /// current iteration, tree and playout, passes included (learning).
    reply_seq: Vec<u16>,
    /// Playout moves, and the LGR-2 and LGR-1 replies among them.
    playout_moves: u64,
    replies_played: [u64; 2],
    /// The share of the priors' distance from 50 % kept
    /// ([`SearchConfig::decided_prior`] in a decided search, else 1).
    prior_spread: f32,
}

// The parts of one search iteration (`expand`, `descend`, `playout`,
// `update`, and `add_final_owners` in `playout`) are `#[inline(never)]` so that a profile
// (callgrind or perf on the `prof_search` example) charges each its own
// cost: that is how the README's split of an iteration was measured. Each
// is called once per iteration, beside a playout of a hundred moves or more.
impl<'a> Worker<'a> {
    fn new(
        board: &'a Board,
        to_move: Color,
        policy: &'a Policy,
        config: &'a SearchConfig,
        seed: u64,
        replies: Option<Arc<ReplyTable>>,
    ) -> Worker<'a> {
        let last = match board.history().last() {
            Some(&(_, Move::Play(p))) => Some(p),
            _ => None,
        };
        let table = playout_table_of(policy, config);
        let mut root_mc = McBoard::new(table, board.clone(), last);
        if config.self_atari_limit > 0 {
            root_mc.set_self_atari_limit(config.self_atari_limit);
        }
        if config.nakade_sacrifice {
            root_mc.set_nakade_sacrifice(true);
        }
        root_mc.set_heavy(config.heavy());
        let local = config
            .local_playout
            .then(|| local_board(table, config, board.clone(), last));
        let len = board.cells().len();
        Worker {
            config,
            board,
            to_move,
            rng: Rng::new(seed),
            mc: root_mc.clone(),
            root_mc,
            path: Vec::new(),
            seq: Vec::new(),
            tree_seq: Vec::new(),
            first_stamp: vec![0; len],
            first_color: vec![Color::Black; len],
            stamp: 0,
            ownership: vec![0; len],
            local,
            tactical: Vec::new(),
            cfg_dist: Vec::new(),
            strengths: Vec::new(),
            replies,
            reply_seq: Vec::new(),
            playout_moves: 0,
            replies_played: [0; 2],
            prior_spread: 1.0,
        }
    }

    /// Creates the children of node `i`, `c` to move on `self.mc`.
    #[inline(never)]
    fn expand(&mut self, nodes: &mut Vec<Node>, i: usize, c: Color, root: bool) {
        let first = nodes.len() as u32;
        let mut tactical = std::mem::take(&mut self.tactical);
        tactical.clear();
        if !root && self.config.tactical_prior > 0.0 {
            self.mc.tactical_moves(c, &mut tactical);
        }
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
            match nodes[i].mv {
                Move::Play(p) => Some(b.row_col(p)),
                Move::Pass => None,
            }
        };
        // The CFG distances from the move that led here (off by default).
        let mut cfg_dist = std::mem::take(&mut self.cfg_dist);
        let cfg_from = last
            .filter(|_| cfg.cfg_prior > 0.0)
            .and_then(|(r, c)| b.point(r, c));
        if let Some(from) = cfg_from {
            cfg_distances(b, from, 3, &mut cfg_dist);
        }
        let cfg_on = cfg_from.is_some();
        let shape_priors_on =
            cfg.capture_prior > 0.0 || cfg.escape_prior > 0.0 || cfg.self_atari_prior > 0.0;
        // The learned prior (on by default): each candidate's strength,
        // and the largest.
        let mut strengths = std::mem::take(&mut self.strengths);
        strengths.clear();
        let mut strength_max = 0.0f32;
        if cfg.gamma_prior > 0.0 {
            let table = cfg.gammas.as_deref().unwrap_or_else(|| Gammas::embedded());
            let t = self.tree_seq.len();
            let hist = self.board.history();
            let prev = [1usize, 2].map(|k| {
                if k <= t {
                    Some(self.tree_seq[t - k].map_or(Move::Pass, Move::Play))
                } else {
                    hist.len().checked_sub(k - t).map(|j| hist[j].1)
                }
            });
            for p in b.empty_points() {
                let s = if self.mc.weight(c, p) == 0 {
                    0.0
                } else {
                    table.strength(&features(b, c, Move::Play(p), prev))
                };
                strengths.push(s);
                strength_max = strength_max.max(s);
            }
        }
        for (k, p) in b.empty_points().enumerate() {
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
            if cfg_on {
                let v = match cfg_dist[p.index()] {
                    0..=2 => cfg.cfg_prior,
                    3 => 0.5 * cfg.cfg_prior,
                    _ => 0.0,
                };
                pv += v;
                pw += v;
            }
            if cfg.edge_prior > 0.0 && edge_in_empty_area(b, p) {
                pv += cfg.edge_prior;
            }
            // Off by default: no neighbour scan per child then.
            let (cap, esc, sa) = if shape_priors_on {
                shape_priors(&self.mc, c, p)
            } else {
                (false, false, false)
            };
            if cap {
                pv += cfg.capture_prior;
                pw += cfg.capture_prior;
            }
            if esc {
                pv += cfg.escape_prior;
                pw += cfg.escape_prior;
            }
            if sa {
                pv += cfg.self_atari_prior;
            }
            if tactical.contains(&p) {
                pv += cfg.tactical_prior;
                pw += cfg.tactical_prior;
            }
            if let Some(&s) = strengths.get(k) {
                pv += cfg.gamma_prior;
                pw += cfg.gamma_prior * (s / strength_max).sqrt();
            }
            let pw = shrink(pw, pv, self.prior_spread);
            let mut node = Node::new(Move::Play(p), pv, pw);
            node.policy = (f64::from(w) / wsum.max(1) as f64) as f32;
            nodes.push(node);
        }
        nodes.push(Node::new(
            Move::Pass,
            even,
            shrink(0.1 * even, even, self.prior_spread),
        ));
        let count = nodes.len() as u32 - first;
        let n = &mut nodes[i];
        n.first_child = first;
        n.children = count;
        n.expanded = true;
        if root {
            add_root_priors(nodes, &cfg.root_priors, self.prior_spread);
        }
        self.tactical = tactical;
        self.cfg_dist = cfg_dist;
        self.strengths = strengths;
    }

    /// The descent from the root (under the lock): selection and
    /// expansion, the tree's moves played on `self.mc`, each node of the
    /// path marked in flight. Returns the player to move after it and the
    /// passes in a row it ended with.
    #[inline(never)]
    fn descend(&mut self, nodes: &mut Vec<Node>) -> (Color, u32) {
        self.mc.clone_from(&self.root_mc);
        self.path.clear();
        self.seq.clear();
        self.tree_seq.clear();
        self.reply_seq.clear();
        if let Some(t) = &self.replies {
            self.reply_seq.extend(t.history_codes(self.board));
        }
        self.path.push(0);
        nodes[0].in_flight += 1;
        let mut c = self.to_move;
        let mut passes = 0;
        let mut node = 0usize;
        while passes < 2 {
            if !nodes[node].expanded {
                let can = node == 0 || nodes[node].visits >= self.config.expand_at;
                if can && nodes.len() < self.config.max_nodes {
                    self.expand(nodes, node, c, node == 0);
                } else {
                    break;
                }
            }
            let child = select(nodes, node, self.config);
            nodes[child].in_flight += 1;
            let mv = nodes[child].mv;
            self.mc.play_legal(c, mv);
            if let Some(t) = &self.replies {
                self.reply_seq.push(t.code(mv));
            }
            match mv {
                Move::Play(p) => {
                    passes = 0;
                    self.tree_seq.push(Some(p));
                    self.seq.push((c, p));
                }
                Move::Pass => {
                    passes += 1;
                    self.tree_seq.push(None);
                }
            }
            self.path.push(child as u32);
            node = child;
            c = c.opponent();
        }
        (c, passes)
    }

    /// The playout from the end of the descent (no lock), recording its
    /// stones for AMAF and its final owners; the area margin (komi
    /// included).
    #[inline(never)]
    fn playout(&mut self, c: Color, passes: u32) -> f32 {
        if let Some(lb) = self.local.as_mut() {
            lb.reset_from(self.mc.board(), self.mc.last_move());
            let size = lb.board().size();
            let (rng, seq) = (&mut self.rng, &mut self.seq);
            play_on(c, passes, 3 * size * size, |c| {
                let m = lb.choose_move(c, rng).map_or(Move::Pass, Move::Play);
                lb.play_legal(c, m);
                if let Move::Play(p) = m {
                    seq.push((c, p));
                }
                m
            });
            let score = area_balance(lb.board()) - self.config.komi;
            add_final_owners(lb.board(), &mut self.ownership);
            return score;
        }
        let size = self.mc.board().size();
        if let Some(t) = self.replies.as_deref() {
            let (mc, rng, seq) = (&mut self.mc, &mut self.rng, &mut self.seq);
            let (rseq, played) = (&mut self.reply_seq, &mut self.replies_played);
            let (moves, _) = play_on(c, passes, 3 * size * size, |c| {
                let (m, reply) = mc.play_with_replies(c, rng, t, rseq);
                if let Some(two) = reply {
                    played[usize::from(!two)] += 1;
                }
                if let Move::Play(p) = m {
                    seq.push((c, p));
                }
                m
            });
            self.playout_moves += moves as u64;
            let score = self.mc.area_balance() - self.config.komi;
            let winner = crate::playout::winner_of(score);
            t.learn(&self.reply_seq, self.to_move, winner);
            add_final_owners(self.mc.board(), &mut self.ownership);
            return score;
        }
        let (mc, rng, seq) = (&mut self.mc, &mut self.rng, &mut self.seq);
        let (moves, _) = play_on(c, passes, 3 * size * size, |c| {
            let m = mc.choose_move(c, rng).map_or(Move::Pass, Move::Play);
            mc.play_legal(c, m);
            if let Move::Play(p) = m {
                seq.push((c, p));
            }
            m
        });
        self.playout_moves += moves as u64;
        let score = self.mc.area_balance() - self.config.komi;
        add_final_owners(self.mc.board(), &mut self.ownership);
        score
    }

    /// The update (under the lock): the plain statistics of the path, its
    /// in-flight marks taken back, and the AMAF statistics of the path's
    /// children.
    #[inline(never)]
    fn update(&mut self, shared: &mut Shared, score: f32) {
        let win = black_win(score);
        let points = (self.board.size() * self.board.size()) as f32;
        let black = shared.valuation.black_value(score, points);
        shared.playouts += 1;
        let nodes = &mut shared.nodes;
        // Plain statistics: node d was reached by a move of the player who
        // moved at depth d - 1 (the root by the opponent of `to_move`).
        let mut mover = self.to_move.opponent();
        for &k in &self.path {
            let n = &mut nodes[k as usize];
            n.in_flight -= 1;
            n.visits += 1;
            n.score_sum += score;
            n.score_sq += score * score;
            if mover == Color::Black {
                n.wins += black;
                n.real_wins += win;
            } else {
                n.wins += 1.0 - black;
                n.real_wins += 1.0 - win;
            }
            mover = mover.opponent();
        }
        // AMAF: walk the stones backwards; `seq_at[d]` is the index in
        // `self.seq` of the first stone played at or after depth d.
        let mut seq_at = [0usize; 64];
        let mut seq_at_long = Vec::new();
        let seq_at: &mut [usize] = if self.tree_seq.len() < seq_at.len() {
            &mut seq_at[..self.tree_seq.len() + 1]
        } else {
            seq_at_long.resize(self.tree_seq.len() + 1, 0);
            &mut seq_at_long
        };
        let mut k = 0;
        for (d, m) in self.tree_seq.iter().enumerate() {
            seq_at[d] = k;
            if m.is_some() {
                k += 1;
            }
        }
        seq_at[self.tree_seq.len()] = k;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.first_stamp.iter_mut().for_each(|s| *s = u32::MAX);
            self.stamp = 1;
        }
        let mut next = self.seq.len();
        let horizon = self.config.rave_horizon as usize;
        for d in (0..self.path.len()).rev() {
            let node = self.path[d] as usize;
            let from = seq_at[d.min(seq_at.len() - 1)];
            if horizon == 0 {
                while next > from {
                    next -= 1;
                    let (col, p) = self.seq[next];
                    self.first_stamp[p.index()] = self.stamp;
                    self.first_color[p.index()] = col;
                }
            } else {
                // A window of the stones after this node: a new stamp
                // each time (the windows of the nodes differ).
                if !nodes[node].expanded {
                    continue;
                }
                self.stamp = self.stamp.wrapping_add(1);
                if self.stamp == 0 {
                    self.first_stamp.iter_mut().for_each(|s| *s = u32::MAX);
                    self.stamp = 1;
                }
                let end = self.seq.len().min(from + horizon);
                for &(col, p) in self.seq[from..end].iter().rev() {
                    self.first_stamp[p.index()] = self.stamp;
                    self.first_color[p.index()] = col;
                }
            }
            let n = nodes[node];
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
            for chn in &mut nodes[n.child_range()] {
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

    /// Iterations until the shared tree has `target` descents started or
    /// `deadline` passes (checked every 16 iterations).
    fn run(&mut self, shared: &Mutex<Shared>, target: u64, deadline: Option<Instant>) {
        let mut k = 0u64;
        loop {
            if let Some(d) = deadline {
                if k.is_multiple_of(16) && Instant::now() >= d {
                    return;
                }
            }
            k += 1;
            let (c, passes) = {
                let mut g = lock(shared);
                if g.started >= target {
                    return;
                }
                g.started += 1;
                self.descend(&mut g.nodes)
            };
            let score = self.playout(c, passes);
            self.update(&mut lock(shared), score);
        }
    }
}

/// A search that can be continued: its shared tree and its threads'
/// state, kept between calls to [`Searcher::run`], and a snapshot of
/// what they found at any time ([`Searcher::result`]). GUI analysis runs
/// one in slices and reports between them; [`search`] runs one to its
/// budget.
pub struct Searcher<'a> {
    board: &'a Board,
    to_move: Color,
    shared: Mutex<Shared>,
    workers: Vec<Worker<'a>>,
    start: Instant,
}

impl<'a> Searcher<'a> {
    /// A search of `board`'s position for `to_move`, with one worker per
    /// thread of `config` (seeds derived from its seed) on one tree.
    pub fn new(
        board: &'a Board,
        to_move: Color,
        policy: &'a Policy,
        config: &'a SearchConfig,
    ) -> Searcher<'a> {
        let start = Instant::now();
        let replies =
            (config.lgrf && !config.local_playout).then(|| Arc::new(ReplyTable::new(board)));
        let workers: Vec<Worker> = (0..config.threads.max(1))
            .map(|t| {
                let seed = config
                    .seed
                    .wrapping_add((t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                Worker::new(board, to_move, policy, config, seed, replies.clone())
            })
            .collect();
        let valuation = search_valuation(&workers[0].root_mc, to_move, config, workers.len());
        let mut workers = workers;
        if valuation.decided {
            for w in &mut workers {
                w.prior_spread = config.decided_prior;
            }
        }
        Searcher {
            board,
            to_move,
            shared: Mutex::new(Shared {
                nodes: vec![Node::new(Move::Pass, 0.0, 0.0)],
                started: 0,
                playouts: 0,
                valuation,
            }),
            workers,
            start,
        }
    }

    /// Runs `playouts` more playouts on the tree over all threads
    /// (`u64::MAX`: no limit), stopping early at `deadline`.
    pub fn run(&mut self, playouts: u64, deadline: Option<Instant>) {
        let target = {
            let g = self.shared.get_mut().unwrap_or_else(|e| e.into_inner());
            g.started = g.playouts;
            g.playouts.saturating_add(playouts)
        };
        let shared = &self.shared;
        if self.workers.len() == 1 {
            self.workers[0].run(shared, target, deadline);
            return;
        }
        std::thread::scope(|s| {
            for w in self.workers.iter_mut() {
                s.spawn(move || w.run(shared, target, deadline));
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
            let (mut first, mut second) = (0u64, 0u64);
            {
                let g = lock(&self.shared);
                for k in g.nodes[0].child_range() {
                    let v = u64::from(g.nodes[k].visits);
                    if v > first {
                        second = first;
                        first = v;
                    } else if v > second {
                        second = v;
                    }
                }
            }
            if (first - second) as f64 > f64::from(early_stop) * left {
                return;
            }
        }
    }

    /// Whether the root's choice is still unclear, so that more time
    /// would pay (genmove's time bank spends saved time on such moves):
    /// the most visited move has fewer than [`UNCLEAR_LEAD`] times the
    /// visits of the second, or another move with at least half its
    /// visits has a higher win rate (the visits have not yet followed the
    /// values). `false` with fewer than two visited moves.
    ///
    /// Why (Go and search): a move whose lead is clear is decided, and
    /// more playouts only confirm it; when two moves are close, or the
    /// values have just turned (a refutation found late, as in a fight
    /// or a life-and-death question), more playouts can change the move.
    pub fn unclear(&self) -> bool {
        let g = lock(&self.shared);
        unclear_root(&g.nodes)
    }

    /// Playouts run so far.
    pub fn playouts(&self) -> u64 {
        lock(&self.shared).playouts
    }

    /// What the tree found so far: root statistics and principal
    /// variations, ownership averaged over every playout of every thread.
    pub fn result(&self) -> SearchResult {
        let g = lock(&self.shared);
        let mut moves = root_stats(&g.nodes);
        let playouts = g.playouts;
        let mut ownership = vec![0i64; self.board.cells().len()];
        for w in &self.workers {
            for (o, x) in ownership.iter_mut().zip(&w.ownership) {
                *o += x;
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
            nodes: g.nodes.len(),
            score_weight: g.valuation.weight,
            playout_moves: self.workers.iter().map(|w| w.playout_moves).sum(),
            replies: [0, 1].map(|k| self.workers.iter().map(|w| w.replies_played[k]).sum()),
        }
    }

    /// The tree as text, for finding out why it chose what it chose
    /// (`katachi-mcts_tree`): at the root and at each node of the
    /// principal variation (the most visited child, while it has at
    /// least two visits; at most `depth` levels), the `top` most visited
    /// children, one per line: move, visits, plain win rate (the win
    /// alone), value (the win blended with the margin share, as
    /// selection reads it, without priors), AMAF visits and value, prior
    /// visits and value, beta (the AMAF weight) and the selection value.
    pub fn dump(&self, top: usize, depth: usize) -> String {
        let g = lock(&self.shared);
        let cfg = self.workers[0].config;
        let nodes = &g.nodes;
        let b = self.board;
        let mut s = format!(
            "{} playouts, {} nodes, margin share {:.2}, rave_equiv {}, explore {}",
            g.playouts,
            nodes.len(),
            g.valuation.weight,
            cfg.rave_equiv,
            cfg.explore
        );
        let rate = |w: f32, n: f32| if n > 0.0 { w / n } else { 0.0 };
        let mut at = 0usize;
        let mut path = String::new();
        for level in 0..depth.max(1) {
            let n = &nodes[at];
            if !n.expanded {
                break;
            }
            let ln = ((n.visits + 1) as f32).ln();
            let mut kids: Vec<usize> = n.child_range().collect();
            kids.sort_by(|&x, &y| nodes[y].visits.cmp(&nodes[x].visits));
            s.push_str(&format!(
                "\nlevel {level}{}{path}: {} visits, {} children",
                if path.is_empty() { "" } else { " after" },
                n.visits,
                kids.len()
            ));
            for &k in kids.iter().take(top) {
                let ch = &nodes[k];
                let (_, _, beta, v) = rave_value(ch, ln, cfg);
                s.push_str(&format!(
                    "\n  {:>5} n {:>6} win {:.3} q {:.3} amaf {:>6} {:.3} prior {:>5.1} {:.3} beta {:.2} sel {:.3}",
                    b.move_text(ch.mv),
                    ch.visits,
                    rate(ch.real_wins, ch.visits as f32),
                    rate(ch.wins, ch.visits as f32),
                    ch.amaf_visits,
                    rate(ch.amaf_wins, ch.amaf_visits as f32),
                    ch.prior_visits,
                    rate(ch.prior_wins, ch.prior_visits),
                    beta,
                    v
                ));
            }
            match kids.first() {
                Some(&k) if nodes[k].visits >= 2 => {
                    path.push(' ');
                    path.push_str(&b.move_text(nodes[k].mv));
                    at = k;
                }
                _ => break,
            }
        }
        s
    }

    /// Checks the tree's bookkeeping (for tests): no descent in flight,
    /// every node's visits at least the sum of its children's (a node
    /// counts the playouts that ended at it as a leaf too), and, unless
    /// the root came from a reused tree, the root's visits equal to the
    /// playouts and to the sum of its children's. The first violation.
    pub fn check_tree(&self) -> Result<(), String> {
        let g = lock(&self.shared);
        for (i, n) in g.nodes.iter().enumerate() {
            if n.in_flight != 0 {
                return Err(format!("node {i}: {} descents in flight", n.in_flight));
            }
            let sum: u64 = n.child_range().map(|k| u64::from(g.nodes[k].visits)).sum();
            if sum > u64::from(n.visits) {
                return Err(format!("node {i}: {} visits, its children {sum}", n.visits));
            }
        }
        let root = &g.nodes[0];
        let sum: u64 = root
            .child_range()
            .map(|k| u64::from(g.nodes[k].visits))
            .sum();
        if g.started != g.playouts {
            return Err(format!(
                "{} descents started, {} playouts",
                g.started, g.playouts
            ));
        }
        if u64::from(root.visits) == g.playouts && sum != g.playouts {
            return Err(format!(
                "root: {} playouts, its children {sum} visits",
                g.playouts
            ));
        }
        Ok(())
    }
}

/// The tree of a finished search, kept so that the next search can
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
    arena: Vec<Node>,
    /// How the tree's values read the margin: a search on another scale
    /// does not reuse it.
    valuation: Valuation,
}

impl SavedTrees {
    /// Tree nodes kept.
    pub fn nodes(&self) -> usize {
        self.arena.len()
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
            at = n.child_range().find(|&k| arena[k].mv == m)?;
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
            for k in n.child_range() {
                let child = arena[k];
                if new == 0 && !legal(child.mv) {
                    continue;
                }
                queue.push_back((k, out.len()));
                out.push(child);
            }
            out[new].first_child = first as u32;
            out[new].children = (out.len() - first) as u32;
        }
        Some(out)
    }
}

impl<'a> Searcher<'a> {
    /// Like [`Searcher::new`], but the tree starts from the subtree of
    /// `saved` that the moves played since lead to, when the saved
    /// search was of an earlier position of the same game (its history a
    /// prefix of `board`'s), the same player is to move again and both
    /// searches value playouts on the same scale (the same margin share).
    /// A tree the moves lead out of starts empty.
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
            && saved.to_move == to_move
            && saved.valuation == searcher.shared_valuation();
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
        if let Some(mut nodes) = SavedTrees::subtree(&saved.arena, since, legal) {
            // The reused root was expanded as an inner node, without the
            // root priors: they are added now, so that what the caller
            // knows of this position counts whether or not the tree is
            // reused.
            let spread = searcher.workers[0].prior_spread;
            add_root_priors(&mut nodes, &config.root_priors, spread);
            searcher
                .shared
                .get_mut()
                .unwrap_or_else(|e| e.into_inner())
                .nodes = nodes;
        }
        searcher
    }

    /// How this search values the margin.
    fn shared_valuation(&mut self) -> Valuation {
        self.shared
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .valuation
    }

    /// The tree, for the next search's reuse.
    pub fn into_saved(mut self) -> SavedTrees {
        let komi = self.workers[0].config.komi;
        let valuation = self.shared_valuation();
        SavedTrees {
            size: self.board.size(),
            komi,
            board: self.board.clone(),
            history: self.board.history().to_vec(),
            to_move: self.to_move,
            arena: self
                .shared
                .into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .nodes,
            valuation,
        }
    }

    /// Visits already at the root when the search started (reused).
    pub fn root_visits(&self) -> u64 {
        u64::from(lock(&self.shared).nodes[0].visits)
    }
}

/// Searches the position of `board` for `to_move` with `policy`'s
/// playouts. Deterministic for a given seed and playout budget (with no
/// time limit) on one thread; on more the threads share one tree, and
/// their interleaving changes it from run to run.
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

/// Black's win (1, 0, 0.5 for a draw) of a playout whose area margin
/// (komi included) is `score`.
fn black_win(score: f32) -> f32 {
    if score > 0.0 {
        1.0
    } else if score < 0.0 {
        0.0
    } else {
        0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gamma prior raises the prior win rate of the moves the table
    /// makes likely (here: the one capture) and lowers the others', and
    /// changes nothing when it is off.
    #[test]
    fn the_gamma_prior_favours_the_likely_moves() {
        let mut b = Board::new(9).unwrap();
        for (r, c, col) in [
            (4, 4, Color::White),
            (3, 4, Color::Black),
            (4, 3, Color::Black),
            (5, 4, Color::Black),
        ] {
            b.set_stone(b.point(r, c).unwrap(), Some(col));
        }
        let capture = Move::Play(b.point(4, 5).unwrap());
        let mut small = crate::gammas::GROUP_SIZES.map(|n| vec![1.0f32; n as usize + 1]);
        small[crate::gammas::CAPTURE][1] = 1000.0;
        let table = Arc::new(Gammas::from_parts(Vec::new(), small));
        let policy = Policy::katachi();
        let mut config = SearchConfig {
            playouts: Some(1),
            pattern_prior: 0.0,
            gamma_prior: 0.0,
            gammas: Some(table),
            ..SearchConfig::default()
        };
        let priors = |config: &SearchConfig| -> Vec<(Move, f32)> {
            let r = search(&b, Color::Black, &policy, config);
            r.moves.iter().map(|m| (m.mv, m.prior)).collect()
        };
        let off = priors(&config);
        assert!(off
            .iter()
            .filter(|x| x.0 != Move::Pass)
            .all(|x| (x.1 - 0.5).abs() < 1e-6));
        config.set_param("gamma_prior", 40.0).unwrap();
        let on = priors(&config);
        let cap = on.iter().find(|x| x.0 == capture).unwrap().1;
        assert!(cap > 0.8, "{cap}");
        for &(mv, p) in &on {
            if mv != capture && mv != Move::Pass {
                // sqrt(1 / 1000) of the gamma prior's 40 visits won.
                assert!(p < 0.2, "{mv:?} {p}");
            }
        }
    }

    /// A root with children of (visits, wins) each, on points 1, 2, ...
    fn root(children: &[(u32, f32)]) -> Vec<Node> {
        let mut nodes = vec![Node::new(Move::Pass, 0.0, 0.0)];
        nodes[0].first_child = 1;
        nodes[0].children = children.len() as u32;
        nodes[0].expanded = true;
        for (k, &(visits, wins)) in children.iter().enumerate() {
            let mut n = Node::new(Move::Play(Point(k as u16 + 1)), 0.0, 0.0);
            n.visits = visits;
            n.real_wins = wins;
            nodes.push(n);
        }
        nodes
    }

    /// The decided check's early answer is the answer of all
    /// [`DECIDED_AFTER`] playouts, for any order of outcomes: random
    /// sequences of wins, draws and losses around each bound.
    #[test]
    fn the_decided_check_stops_only_when_its_answer_is_certain() {
        let mut rng = Rng::new(11);
        let mut early = 0;
        for trial in 0..4000u64 {
            let hi = [0.5f32, 0.6, 0.75, 0.9, 1.0][(trial % 5) as usize];
            // Win probability per playout (in half points 0, 1, 2).
            let p = (trial % 41) as f64 / 40.0;
            let outcomes: Vec<u64> = (0..DECIDED_AFTER)
                .map(|_| {
                    let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                    if x < p * 0.98 {
                        2
                    } else if x < p * 0.98 + 0.02 {
                        1
                    } else {
                        0
                    }
                })
                .collect();
            let all: u64 = outcomes.iter().sum();
            let rate = ((all as f64 / 2.0) / DECIDED_AFTER as f64) as f32;
            let full = rate > hi || rate < 1.0 - hi;
            let mut t = DecidedTally::default();
            let mut answer = None;
            for &o in &outcomes {
                t.done += 1;
                t.half_wins += o;
                answer = t.certain(hi);
                if answer.is_some() {
                    break;
                }
            }
            assert_eq!(answer, Some(full), "trial {trial}: hi {hi}, p {p}");
            early += usize::from(t.done < DECIDED_AFTER);
        }
        // Most trials end early (what the check is for).
        assert!(early > 2000, "{early} of 4000 ended early");
    }

    #[test]
    fn the_centred_margin_spreads_a_few_points_and_the_plain_one_does_not() {
        let plain = Valuation {
            weight: 1.0,
            decided: true,
            centred: None,
        };
        let centred = Valuation {
            centred: Some((10.0, 5.0)),
            ..plain
        };
        // On 9x9 two points apart are 2/162 apart on the plain scale.
        let d = plain.black_value(12.0, 81.0) - plain.black_value(10.0, 81.0);
        assert!((d - 2.0 / 162.0).abs() < 1e-6, "{d}");
        assert_eq!(centred.black_value(10.0, 81.0), 0.5);
        let d = centred.black_value(12.0, 81.0) - centred.black_value(10.0, 81.0);
        assert!(d > 0.1, "{d}");
        // A prior keeps its wins to the bit unless the spread is changed.
        assert_eq!(shrink(0.3, 0.7, 1.0), 0.3);
        assert_eq!(shrink(20.0, 20.0, 0.0), 10.0);
    }

    #[test]
    fn the_decided_check_gives_one_answer_on_several_threads() {
        let board = Board::new(9).unwrap();
        let policy = Policy::katachi();
        let root = McBoard::new(policy.table(), board, None);
        let config = SearchConfig::default();
        for threads in [1, 2, 3] {
            let w = search_valuation(&root, Color::Black, &config, threads);
            // The empty board with komi 7.5 is not decided for Black.
            assert_eq!(
                w,
                Valuation::plain(config.score_weight),
                "{threads} threads"
            );
        }
    }

    #[test]
    fn cfg_distance_counts_a_string_as_one_node() {
        // A black string C5-D5-E5-F5 (row 4 from the top of a 9x9 board):
        // from C5, every liberty of the string is at distance 1, and a
        // point two steps beyond F5 is at 3 (Manhattan 5 from C5).
        let mut b = Board::new(9).unwrap();
        for c in 2..6 {
            let p = b.point(4, c).unwrap();
            b.play(Color::Black, Move::Play(p)).unwrap();
            let q = b.point(0, c + 2).unwrap();
            b.play(Color::White, Move::Play(q)).unwrap();
        }
        let mut d = Vec::new();
        let from = b.point(4, 2).unwrap();
        cfg_distances(&b, from, 3, &mut d);
        let at = |r, c| d[b.point(r, c).unwrap().index()];
        assert_eq!(at(4, 2), 0);
        assert_eq!(at(4, 5), 0);
        assert_eq!(at(3, 5), 1);
        assert_eq!(at(4, 6), 1);
        assert_eq!(at(4, 8), 3);
        assert_eq!(at(3, 0), 3);
        assert_eq!(at(8, 8), u32::MAX);
    }

    #[test]
    fn a_clear_lead_is_not_unclear() {
        // 1000 visits at 60 % against 300 at 50 % and 100 at 40 %.
        assert!(!unclear_root(&root(&[
            (1000, 600.0),
            (300, 150.0),
            (100, 40.0)
        ])));
        // No second move, or no visits: nothing to weigh.
        assert!(!unclear_root(&root(&[(1000, 600.0)])));
        assert!(!unclear_root(&root(&[(0, 0.0), (0, 0.0)])));
    }

    #[test]
    fn close_visits_are_unclear() {
        // 1000 against 800: below the lead of 1.5.
        assert!(unclear_root(&root(&[(800, 400.0), (1000, 600.0)])));
    }

    #[test]
    fn a_better_rate_with_half_the_visits_is_unclear() {
        // 1000 at 50 % against 500 at 60 %: the values have turned.
        assert!(unclear_root(&root(&[(1000, 500.0), (500, 300.0)])));
        // With fewer than half the visits the better rate is noise.
        assert!(!unclear_root(&root(&[(1000, 500.0), (499, 300.0)])));
    }
}
