//! Start-up configuration of a GTP session: rules and engine options that
//! come from the command line rather than from GTP commands.
//!
//! Engine options that later work adds (a `--patterns FILE` database, move
//! generation settings) belong here as further fields, so that handlers
//! find them through [`Session::config`](crate::Session::config).

use std::sync::Arc;

use katachi_board::KoRule;
use katachi_patterns::model::PatternDb;

/// Board size a session starts with.
pub const DEFAULT_BOARD_SIZE: usize = 19;
/// Komi a session starts with (area scoring's customary 7.5).
pub const DEFAULT_KOMI: f32 = 7.5;

/// Settings fixed for the lifetime of a session.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Repetition rule for every board of the session (`--superko`).
    pub ko_rule: KoRule,
    /// Seed of the move policy's choices: the same seed, position and
    /// player give the same move.
    pub seed: u64,
    /// Board size before any `boardsize` command.
    pub board_size: usize,
    /// Komi before any `komi` command.
    pub komi: f32,
    /// Pattern databases loaded and checked at start-up (`--patterns FILE`,
    /// in command-line order; each named after its file), for move
    /// generation to use.
    pub patterns: Vec<Arc<PatternDb>>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            ko_rule: KoRule::Simple,
            seed: 0,
            board_size: DEFAULT_BOARD_SIZE,
            komi: DEFAULT_KOMI,
            patterns: Vec::new(),
        }
    }
}
