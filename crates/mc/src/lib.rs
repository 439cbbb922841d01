//! katachi-mc: Monte Carlo playouts from 3x3 patterns.
//!
//! Moves of a playout are drawn in proportion to values looked up in a
//! compiled Monte Carlo pattern table (`katachi_patterns::mcpat`, GNU Go's
//! `mc_*.db` format) from an incrementally kept local context of every
//! empty point: its 3x3 neighbourhood, self-atari and suicide status for
//! both colours, the stones a move there would capture, and nearness to
//! the previous move. Everything runs on the real `katachi_board::Board`.
//!
//! Modules: [`context`] (the [`McBoard`]: the context and the weights, kept
//! incrementally, with a from-scratch check), [`sum_tree`] (weighted
//! draws), [`playout`] (playing a game to the end and area scoring, and
//! [`Policy`], a named compiled table), [`heavy`] (tactical playout
//! moves: atari escapes read by a ladder reader, capturing ataris, nakade),
//! [`lgrf`] (last good reply with forgetting: replies the search's
//! playouts learn from their own results),
//! [`local`] (MoGo-style local playouts on the bare board: the
//! [`LocalBoard`], a second, faster playout engine),
//! [`search`] (UCT with RAVE over those
//! playouts, and the genmove decision), [`status`] (dead stones, seki and
//! territory of a finished position from playout ownership).

pub mod context;
pub mod gammas;
pub mod heavy;
pub mod lgrf;
pub mod local;
pub mod playout;
pub mod search;
pub mod status;
pub mod sum_tree;

pub use context::{analyse, analyse_both, McBoard, MoveInfo};
pub use gammas::{features, Gammas, MoveFeatures};
pub use heavy::Heavy;
pub use lgrf::ReplyTable;
pub use local::LocalBoard;
pub use playout::{add_final_owners, area_balance, play_to_end, winner_of, PlayoutOutcome, Policy};
pub use search::{
    decide, edge_in_empty_area, search, shape_priors, Decision, MoveStat, ParamError, RootPrior,
    SavedTrees, SearchConfig, SearchResult, Searcher, TUNING_PARAMS,
};
pub use status::{
    final_status, final_status_judged, final_status_read, FinalStatus, PointStatus, StatusConfig,
};
