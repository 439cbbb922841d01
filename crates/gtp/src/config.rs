//! Start-up configuration of a GTP session: rules and engine options that
//! come from the command line rather than from GTP commands.
//!
//! Engine options (the knowledge, reading depths, move generation
//! settings) belong here as further fields, so that handlers find them
//! through [`Session::config`](crate::Session::config).

use katachi_board::KoRule;
use katachi_engine::analysis::AnalysisConfig;

/// Board size a session starts with.
pub const DEFAULT_BOARD_SIZE: usize = 19;
/// Komi a session starts with (area scoring's customary 7.5).
pub const DEFAULT_KOMI: f32 = 7.5;

/// Which move generator `genmove` (and `reg_genmove`,
/// `kgs-genmove_cleanup`) uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// UCT with RAVE over 3x3 pattern playouts (`katachi_mc::search`).
    Mcts,
    /// The baseline policy (`katachi_engine::baseline`).
    Baseline,
    /// The classic move generator: move reasons valued in points
    /// (`katachi_engine::movegen`).
    Classic,
}

/// How `final_score` counts (`--rules`, `kgs-rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scoring {
    /// Area (Chinese rules): stones plus surrounded points.
    #[default]
    Area,
    /// Territory (Japanese rules): surrounded points plus prisoners; eyes
    /// in seki count for nobody.
    Territory,
}

/// The Monte Carlo engine's budget and threads.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsOptions {
    /// Playouts per move (`--playouts`); with neither this nor `seconds`
    /// the clock's budget applies, else [`DEFAULT_PLAYOUTS`].
    pub playouts: Option<u64>,
    /// Seconds per move (`--seconds`), overriding the clock.
    pub seconds: Option<f64>,
    /// Search threads on one shared tree (`--threads`). 1 in
    /// [`MctsOptions::default`], so that a session built in code searches
    /// reproducibly for its seed; `katachi gtp` without `--threads` gives
    /// [`default_threads`].
    pub threads: usize,
    /// Whether genmove starts from the subtree of its previous search
    /// (`--no-reuse-tree` turns it off).
    pub reuse_tree: bool,
    /// Whether genmove draws its search for GoGui on standard error every
    /// half second (`--live-gfx`).
    pub live_gfx: bool,
    /// Whether genmove's root gets priors from the tactical reader
    /// (`--no-tactical-priors` turns it off).
    pub tactical_priors: bool,
    /// Virtual visits (at 100 %) of the classic move generator's best
    /// move as a root prior of genmove's search, the next best ones in
    /// proportion to their values (`--movegen-priors V`); 0: none (the
    /// default: unproven, and the generation's reading is not counted in
    /// the search's time).
    pub movegen_priors: f32,
    /// Search tuning parameters (`--mc-param NAME=VALUE`, checked at
    /// start-up), applied in order over the defaults with
    /// `SearchConfig::set_param`.
    pub params: Vec<(String, f64)>,
    /// A Monte Carlo pattern file (GNU Go's `mc_*.db` format) for the
    /// playouts instead of katachi's embedded database
    /// (`--mc-patterns FILE`, checked at start-up).
    pub policy_file: Option<std::path::PathBuf>,
    /// The learned move-prediction table of the search's gamma prior
    /// (`--mc-gammas FILE`, read at start-up; `--mc-param gamma_prior=V`
    /// sets its weight, 0 turns it off); `None`: the embedded table.
    pub gammas: Option<std::sync::Arc<katachi_mc::Gammas>>,
    /// genmove's time bank under `seconds` (`--time-bank SHARE`): each
    /// search first runs for this share of `seconds`; moves whose choice
    /// is still unclear then get more from the time the game's searches
    /// left unused (early stops, the rest of the share) plus a loan of
    /// one search's time, so that the game's average stays within
    /// `seconds` per move (plus the loan). 0: off (every move gets
    /// `seconds`).
    pub time_bank: f64,
}

/// Playouts per move when nothing else limits the search.
pub const DEFAULT_PLAYOUTS: u64 = 5000;

/// The most search threads [`default_threads`] gives: the threads share
/// one tree behind one lock, held for the descent and the update, so
/// beyond a few threads they mostly wait for each other.
pub const MAX_DEFAULT_THREADS: usize = 4;

/// Search threads when `--threads` is not given: the cores this process
/// may use (`std::thread::available_parallelism`), at most
/// [`MAX_DEFAULT_THREADS`], 1 if the system does not say.
///
/// Why: GNU Go and most GTP opponents think on one core and do not
/// ponder, so while katachi thinks the other cores idle; on a loaded
/// machine the scheduler shares the cores per thread, so two threads
/// also get about twice one thread's share. One thread is what makes a
/// search reproducible (the same seed, the same moves): `--threads 1`.
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .clamp(1, MAX_DEFAULT_THREADS)
}

impl Default for MctsOptions {
    fn default() -> MctsOptions {
        MctsOptions {
            playouts: None,
            seconds: None,
            threads: 1,
            reuse_tree: true,
            live_gfx: false,
            tactical_priors: true,
            movegen_priors: 0.0,
            params: Vec::new(),
            policy_file: None,
            gammas: None,
            time_bank: 0.0,
        }
    }
}

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
    /// What every analysis of the session starts from: the knowledge
    /// (embedded databases, or files given with `--patterns NAME=FILE`)
    /// and the reading configuration (`--level`).
    pub analysis: AnalysisConfig,
    /// How `final_score` counts (`--rules`).
    pub scoring: Scoring,
    /// The move generator (`--engine`).
    pub engine: Engine,
    /// The Monte Carlo engine's options.
    pub mcts: MctsOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            ko_rule: KoRule::Simple,
            seed: 0,
            board_size: DEFAULT_BOARD_SIZE,
            komi: DEFAULT_KOMI,
            analysis: AnalysisConfig::default(),
            engine: Engine::Mcts,
            scoring: Scoring::Area,
            mcts: MctsOptions::default(),
        }
    }
}
