//! The Monte Carlo engine in a session: the search configuration from the
//! session's [`Config`](crate::Config), komi and clock, the compiled
//! playout policy (kept in the session's extensions so it is compiled
//! once), genmove's use of it, and `katachi-mcts_stats`.
//!
//! genmove reuses the tree of its previous search when the game went on
//! from that position by one move of each player (unless
//! `MctsOptions::reuse_tree` is off): the subtree of those two moves
//! starts the new search.
//!
//! With `--mc-param owl_check=1` (PARTIAL, off by default) owl checks
//! genmove's choice: a critical own dragon the choice does not save gets
//! owl's defence when the playouts value it close enough ([`OwlCheck`]).
//!
//! `set_random_seed N` and `get_random_seed` (GNU Go's commands) set and
//! show the session's seed, which every search's seed derives from.
//!
//! `katachi-mcts_stats [COLOR]` searches the current position for COLOR
//! (default: the player to move) with genmove's budget, plays nothing, and
//! answers the summary line and the ten most visited moves: the move, its
//! visits, win rate for COLOR, AMAF visits and win rate, and prior.

use std::sync::Arc;

use katachi_board::{Board, Color};
use katachi_mc::{
    decide, search, Decision, Policy, RootPrior, SavedTrees, SearchConfig, SearchResult, Searcher,
};

use crate::config::DEFAULT_PLAYOUTS;
use crate::error::fail;
use crate::registry::Registry;
use crate::session::Session;

/// The compiled policy of a session (katachi's embedded database) and
/// the trees of genmove's last search.
#[derive(Default)]
struct McState {
    policy: Option<Arc<Policy>>,
    saved: Option<SavedTrees>,
    /// genmove's last search: the history it searched from, and what it
    /// found (for `explain_move`).
    last: Option<(Vec<(Color, katachi_board::Move)>, SearchResult)>,
    /// genmove's time bank in the current game.
    bank: TimeBank,
}

/// What genmove's searches of one game spent under `--seconds S` with a
/// time bank ([`MctsOptions::time_bank`](crate::config::MctsOptions)):
/// the game's searches so far and their wall-clock seconds, from the
/// command's start to the decision (so the analysis before the search
/// and the decision after it count too).
///
/// Why: a fixed time per move spends as much on a forced answer as on
/// the move that decides a fight; a player keeps time for the moves
/// that need it. The game's average stays within S per move but for a
/// small loan ([`BANK_BORROW`]) that the early stops of clear moves
/// repay.
#[derive(Default)]
struct TimeBank {
    /// The game's moves at the last update: a search whose game does not
    /// continue them (a new game, an undo) starts a new bank.
    history: Vec<(Color, katachi_board::Move)>,
    searches: u32,
    spent: f64,
}

impl TimeBank {
    /// The seconds saved so far at `per_move` seconds a search (negative
    /// when the game's searches borrowed).
    fn balance(&self, per_move: f64) -> f64 {
        f64::from(self.searches) * per_move - self.spent
    }
}

/// The longest extension of one unclear search, in searches' time, so
/// that the bank spreads over several moves.
const BANK_MOST: f64 = 0.5;

/// How far the bank may go below zero, in searches' time: the opening's
/// unclear moves (where a 9x9 game is mostly decided, and no early stop
/// has saved anything yet) borrow it, and the early stops of clear moves
/// later pay it back. A game that ends before then averages at most this
/// many searches' time over S per move (one search over 30 moves: 1.033 S).
const BANK_BORROW: f64 = 1.0;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    // GNU Go's seed commands: a match runner gives each game its own seed
    // so that deterministic engines do not repeat the same game.
    r.add("set_random_seed", |s, args| match args.number::<u64>(0) {
        Some(seed) => {
            s.set_seed(seed);
            Ok(String::new())
        }
        None => fail("invalid seed"),
    });
    r.add("get_random_seed", |s, _| Ok(s.seed().to_string()));
    r.add("explain_move", |s, args| {
        let Some(word) = args.get(0) else {
            return fail("missing move");
        };
        let Some(m) = args.game_move(0, s.board()) else {
            return fail(format!("invalid coordinate: {word}"));
        };
        if s.config().engine == crate::config::Engine::Classic {
            return super::movegen::explain(s, m);
        }
        explain(s, m)
    })
    .gogui("string/Explain move/explain_move %p");
    r.add("katachi-mcts_stats", |s, args| {
        let color = if args.is_empty() {
            s.board().to_move()
        } else {
            match args.color(0) {
                Some(c) => c,
                None => return fail("invalid color"),
            }
        };
        let (result, _) = run_search(s, color);
        Ok(result.table(s.board(), 10))
    });
    r.add("katachi-mcts_tree", |s, args| {
        let color = match args.get(0) {
            None => s.board().to_move(),
            Some(_) => match args.color(0) {
                Some(c) => c,
                None => return fail("invalid color"),
            },
        };
        let num = |k: usize, default: usize| match args.get(k) {
            None => Ok(default),
            Some(w) => match w.parse::<usize>() {
                Ok(n) if (1..=400).contains(&n) => Ok(n),
                _ => Err(format!("invalid count: {w}")),
            },
        };
        let (top, depth) = match (num(1, 8), num(2, 6)) {
            (Ok(t), Ok(d)) => (t, d),
            (Err(e), _) | (_, Err(e)) => return fail(e),
        };
        Ok(tree_dump(s, color, top, depth))
    });
}

/// The policy, compiled on first use: `--mc-patterns FILE` if given
/// (checked at start-up; if the file no longer loads, the error goes to
/// standard error and the embedded database plays), else katachi's
/// embedded database.
pub(crate) fn policy(s: &mut Session) -> Arc<Policy> {
    let file = s.config().mcts.policy_file.clone();
    let st = s.extensions().get_or_default::<McState>();
    st.policy
        .get_or_insert_with(|| {
            let loaded = file.map(|f| (Policy::load(&f), f));
            match loaded {
                Some((Ok((p, _)), _)) => Arc::new(p),
                Some((Err(e), f)) => {
                    eprintln!(
                        "--mc-patterns {}: {e}; katachi's own patterns play",
                        f.display()
                    );
                    Arc::new(Policy::katachi())
                }
                None => Arc::new(Policy::katachi()),
            }
        })
        .clone()
}

/// The search configuration for `color`'s next move: `--playouts`, else
/// `--seconds`, else 80 % of the clock's budget less 50 ms for the answer,
/// else [`DEFAULT_PLAYOUTS`].
pub fn search_config(s: &Session, color: Color) -> SearchConfig {
    let o = &s.config().mcts;
    let (playouts, seconds) = match (o.playouts, o.seconds) {
        (None, None) => match s.clock().budget(color) {
            Some(b) => (None, Some((0.8 * b - 0.05).max(0.05))),
            None => (Some(DEFAULT_PLAYOUTS), None),
        },
        other => other,
    };
    let mut config = SearchConfig {
        playouts,
        seconds,
        threads: o.threads.max(1),
        // The session's seed (`--seed`, `set_random_seed`) spread over
        // the 64 bits, so that nearby seeds give unrelated searches.
        seed: s
            .seed()
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(s.board().history().len() as u64),
        komi: s.komi(),
        gammas: o.gammas.clone(),
        ..SearchConfig::default()
    };
    for (name, value) in &o.params {
        // Checked at start-up (`--mc-param`): an error cannot happen here.
        if let Err(e) = config.set_param(name, *value) {
            eprintln!("--mc-param {name}={value}: {e}");
        }
    }
    config
}

/// Searches the current position for `color` (a fresh tree).
fn run_search(s: &mut Session, color: Color) -> (SearchResult, SearchConfig) {
    let policy = policy(s);
    let config = search_config(s, color);
    let result = search(s.board(), color, &policy, &config);
    (result, config)
}

/// The root priors from outside the playouts that the session's options
/// ask for: the tactical reader's and the move generator's.
fn add_root_priors(s: &mut Session, color: Color, config: &mut SearchConfig) {
    if s.config().mcts.tactical_priors {
        config.root_priors = tactical_priors(s, color);
    }
    let movegen = s.config().mcts.movegen_priors;
    if movegen > 0.0 {
        let priors = movegen_priors(s, color, movegen);
        config.root_priors.extend(priors);
    }
}

/// `katachi-mcts_tree [COLOR] [TOP] [DEPTH]`: a fresh search of the
/// current position for COLOR with genmove's budget and root priors
/// (no tree reuse), and [`Searcher::dump`] of its tree: the TOP (8)
/// most visited children at the root and down the principal variation
/// for DEPTH (6) levels, with visits, win rate, value, AMAF, prior, beta
/// and selection value.
fn tree_dump(s: &mut Session, color: Color, top: usize, depth: usize) -> String {
    let policy = policy(s);
    let mut config = search_config(s, color);
    add_root_priors(s, color, &mut config);
    let board = s.board().clone();
    let (total, deadline) = config.budget();
    let mut searcher = Searcher::new(&board, color, &policy, &config);
    searcher.run(total, deadline);
    searcher.dump(top, depth)
}

/// Root priors from the tactical reader (the analysis' worms): a move
/// that captures an opposing string, or saves an own string that can be
/// captured, gets virtual visits at a 90 % win rate (70 % when it works
/// only through ko), more for larger strings. The playouts see captures
/// and ataris only through their 3x3 shape; the reader sees ladders and
/// nets.
pub(crate) fn tactical_priors(s: &mut Session, color: Color) -> Vec<RootPrior> {
    use katachi_engine::search::Code;
    let analysis = crate::analysis::current_analysis(s);
    let mut priors = Vec::new();
    for w in analysis.worms().iter() {
        let visits = (10.0 + 5.0 * w.size as f32).min(60.0);
        let answer = if w.color != color {
            w.attack
        } else if w.attack.is_some() {
            w.defense
        } else {
            None
        };
        if let Some((point, code)) = answer {
            let (visits, win_rate) = match code {
                Code::Win => (visits, 0.9),
                _ => (visits / 2.0, 0.7),
            };
            priors.push(RootPrior {
                point,
                visits,
                win_rate,
            });
        }
    }
    priors
}

/// Root moves the classic move generator's priors go to
/// ([`movegen_priors`]).
pub const MOVEGEN_PRIOR_MOVES: usize = 5;

/// Root priors from the classic move generator (PARTIAL, off by
/// default: `--movegen-priors V`): its [`MOVEGEN_PRIOR_MOVES`] best moves
/// of positive value get virtual visits at a 100 % win rate, V for the
/// best, V times value over the best one's for the others.
///
/// Why: the generator values moves in points from reading, owl, the
/// shapes database and influence, knowledge the 3x3 playouts lack (the
/// shape of a framework, a dragon's life); the search then tries its
/// choices first and keeps them only if the playouts agree.
pub(crate) fn movegen_priors(s: &mut Session, color: Color, visits: f32) -> Vec<RootPrior> {
    let g = super::movegen::generation(s, color);
    let best = g.values.first().map_or(0.0, |v| v.total);
    if best <= 0.0 {
        return Vec::new();
    }
    g.values
        .iter()
        .filter(|v| v.total > 0.0)
        .take(MOVEGEN_PRIOR_MOVES)
        .map(|v| RootPrior {
            point: v.point,
            visits: visits * (v.total / best) as f32,
            win_rate: 1.0,
        })
        .collect()
}

/// The trees genmove saved, if tree reuse is on.
pub(crate) fn take_saved(s: &mut Session) -> Option<SavedTrees> {
    let reuse = s.config().mcts.reuse_tree;
    let saved = s.extensions().get_or_default::<McState>().saved.take();
    saved.filter(|_| reuse)
}

/// Keeps a search's trees for the next genmove, if tree reuse is on.
pub(crate) fn keep_saved(s: &mut Session, saved: SavedTrees) {
    if s.config().mcts.reuse_tree {
        s.extensions().get_or_default::<McState>().saved = Some(saved);
    }
}

/// genmove's search: `color`'s budget, from the saved trees if they fit
/// and `reuse`, each slice of at most `slice` (if given) followed by
/// `report`. With `reuse` its trees are kept for the next search.
pub(crate) fn genmove_search(
    s: &mut Session,
    color: Color,
    reuse: bool,
    slice: Option<std::time::Duration>,
    report: &mut dyn FnMut(&Board, &SearchResult) -> std::io::Result<()>,
) -> std::io::Result<(SearchResult, SearchConfig, u64)> {
    let started = std::time::Instant::now();
    let policy = policy(s);
    let mut config = search_config(s, color);
    {
        // A search whose game does not continue the bank's (a new game,
        // an undo) starts a new bank.
        let history = s.board().history().to_vec();
        let st = s.extensions().get_or_default::<McState>();
        let n = st.bank.history.len();
        if history.len() < n || history[..n] != st.bank.history[..] {
            st.bank = TimeBank::default();
        }
    }
    add_root_priors(s, color, &mut config);
    let board = s.board().clone();
    let saved = if reuse { take_saved(s) } else { None };
    // The clock starts before the searcher: its plain playouts (whether
    // the game looks decided) are part of the move's time.
    // The time bank (genmove under --seconds only): this search's first
    // deadline is the share of the time per move, and what the game's
    // searches saved extends it while the choice is unclear.
    let opts = &s.config().mcts;
    let bank_per_move = match (opts.seconds, opts.playouts, opts.time_bank) {
        (Some(secs), None, share) if share > 0.0 && reuse && slice.is_none() => {
            config.seconds = Some(secs * share);
            Some(secs)
        }
        _ => None,
    };
    let (total, deadline) = config.budget();
    let mut searcher = Searcher::with_saved(&board, color, &policy, &config, saved);
    let reused = searcher.root_visits();
    match slice {
        None => {
            searcher.run_to_decision(total, deadline, config.early_stop);
            if let Some(per_move) = bank_per_move {
                let st = s.extensions().get_or_default::<McState>();
                // The bank as it will stand after this search's own
                // share: what it saves now is saved for it too.
                let used = started.elapsed().as_secs_f64();
                let available =
                    (st.bank.balance(per_move) + per_move - used + BANK_BORROW * per_move).max(0.0);
                let extra = available.min(BANK_MOST * per_move);
                if extra > 0.01 && searcher.unclear() {
                    eprintln!("mcts: unclear after {used:.2} s: up to {extra:.2} s more from the time bank");
                    let end = std::time::Instant::now() + std::time::Duration::from_secs_f64(extra);
                    searcher.run_to_decision(total, Some(end), config.early_stop);
                }
            }
        }
        Some(slice) => loop {
            let left = total.saturating_sub(searcher.playouts());
            let now = std::time::Instant::now();
            if left == 0 || deadline.is_some_and(|d| now >= d) {
                break;
            }
            let end = deadline.map_or(now + slice, |d| d.min(now + slice));
            searcher.run(left, Some(end));
            report(&board, &searcher.result())?;
        },
    }
    let result = searcher.result();
    if reuse {
        keep_saved(s, searcher.into_saved());
    }
    let st = s.extensions().get_or_default::<McState>();
    st.last = Some((board.history().to_vec(), result.clone()));
    if bank_per_move.is_some() {
        st.bank.searches += 1;
        st.bank.spent += started.elapsed().as_secs_f64();
        st.bank.history = board.history().to_vec();
    }
    Ok((result, config, reused))
}

/// genmove's choice with the Monte Carlo engine; the search's figures go
/// to standard error (one line: playouts, seconds, win rate). `reuse`:
/// start from and keep the search trees (genmove; `reg_genmove`, which
/// plays nothing, searches afresh and keeps nothing, so it answers what
/// a fresh genmove would). Without `reuse` (`reg_genmove`) the answer is
/// never `resign`: the command asks which move the engine finds best
/// (as GNU Go's, which never resigns there), and a resignation is the
/// best move's win rate, not a move; the most visited move answers.
pub fn choose(s: &mut Session, color: Color, cleanup: bool, reuse: bool) -> Decision {
    let live = s.config().mcts.live_gfx;
    let slice = live.then(|| std::time::Duration::from_millis(500));
    let check = {
        let config = search_config(s, color);
        if config.owl_check > 0 {
            OwlCheck::start(s, color, &config)
        } else {
            None
        }
    };
    let (result, config, reused) = genmove_search(s, color, reuse, slice, &mut |board, r| {
        // GoGui's live graphics: a `gogui-gfx:` block on standard error.
        eprintln!("gogui-gfx:\n{}\n", super::analyze::gfx(board, r));
        Ok(())
    })
    .expect("reports to standard error do not fail");
    let d = match decision(s, cleanup, &result, &config, reused) {
        Decision::Resign if !reuse => {
            Decision::Play(result.best().map_or(katachi_board::Move::Pass, |m| m.mv))
        }
        d => d,
    };
    let Some(check) = check else {
        return d;
    };
    let Decision::Play(katachi_board::Move::Play(chosen)) = d else {
        // A pass or a resignation: the readings stop after their current
        // query, unread.
        check.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        return d;
    };
    let (found, seconds) = check.finish(color, &result, &config, chosen);
    let b = s.board();
    match found {
        Some(c) => {
            eprintln!(
                "owl check: {} dragon {} ({} stones) critical, {} does not {} it; owl's {} \
                 (mean margin {:+.1} against {:+.1}, win rate {:.3} against {:.3}) plays, {seconds:.2} s",
                if c.attack { "opponent" } else { "own" },
                b.vertex(c.dragon),
                c.size,
                b.vertex(chosen),
                if c.attack { "kill" } else { "save" },
                b.vertex(c.owl_move),
                c.owl_margin,
                c.chosen_margin,
                c.owl_win_rate,
                c.chosen_win_rate,
            );
            Decision::Play(katachi_board::Move::Play(c.owl_move))
        }
        None => {
            eprintln!("owl check: {} stands, {seconds:.2} s", b.vertex(chosen));
            d
        }
    }
}

/// What the owl check found when it replaces the search's choice
/// ([`owl_check`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OwlOverride {
    /// A stone of the critical dragon.
    pub dragon: katachi_board::Point,
    /// Its stones.
    pub size: usize,
    /// Whether the dragon is the opponent's (owl's move kills it).
    pub attack: bool,
    /// Owl's move, which replaces the choice.
    pub owl_move: katachi_board::Point,
    /// The playouts' mean final margin (for the player to move) and win
    /// rate through owl's move and through the choice.
    pub owl_margin: f32,
    /// See [`OwlOverride::owl_margin`].
    pub chosen_margin: f32,
    /// See [`OwlOverride::owl_margin`].
    pub owl_win_rate: f32,
    /// See [`OwlOverride::owl_margin`].
    pub chosen_win_rate: f32,
}

/// The most critical dragons the owl check reads, largest first: each
/// costs an owl reading of the choice.
const OWL_CHECK_DRAGONS: usize = 2;

/// The owl check's readings of the position stop after this many
/// queries' nodes ([`SearchConfig::owl_nodes`] each).
const OWL_CHECK_QUERIES: u64 = 8;

/// The farthest (in steps along the lines) a choice may be from the
/// critical dragon's stones or owl's move for the owl check to ask owl
/// whether it saves (kills) the dragon (a farther choice does not), and
/// owl's move from the dragon's stones for the check to play it.
const OWL_CHECK_NEAR: u32 = 2;

/// Steps along the lines between two points.
fn distance(board: &Board, a: katachi_board::Point, b: katachi_board::Point) -> u32 {
    let (ra, ca) = board.row_col(a);
    let (rb, cb) = board.row_col(b);
    (ra.abs_diff(rb) + ca.abs_diff(cb)) as u32
}

/// The fewest visits of owl's move for the owl check to play it: a move
/// the search never looked at has no value to compare (and owl's
/// attacks from its first line are often moves the playouts rightly
/// skip).
const OWL_CHECK_VISITS: u32 = 20;

/// The owl check's reading of the position, started before the search
/// and run beside it on a thread of its own ([`OwlCheck::start`]), then
/// the choice's reading after it ([`OwlCheck::finish`]).
///
/// The owl check of the search's choice (PARTIAL, off by default:
/// `--mc-param owl_check=1`, `=2` with the opponent's dragons too).
///
/// Why: the playouts judge a dragon's life by playing the game out with
/// 3x3 shapes, and they misjudge the life of groups whose fate turns on
/// a vital point (a group that owl calls critical may come out alive or
/// dead in nearly every playout whatever is played), so the search can
/// throw away a large group for a small move (mcloss15, the lost games
/// of mc28 and mc29). A prior on owl's move (the twenty-ninth session's
/// `--owl-priors`) only seeds the search: the playouts' values then
/// overrule it. Owl, which reads the group's eyes, checks the choice
/// instead.
///
/// The rule: the dragons of at least [`SearchConfig::owl_min_size`]
/// stones, not alive by their strings alone, largest first, that owl
/// calls critical (its defence read to the end, within the node limit)
/// with a sure (not ko) defence (own dragons) or attack
/// (the opponent's, with `owl_check=2`) within [`OWL_CHECK_NEAR`] of its
/// stones; at most [`OWL_CHECK_DRAGONS`]
/// of them. For each: if the choice is owl's move, or owl says the
/// choice saves (kills) the dragon too, the choice stands; else if owl's
/// move had at least [`OWL_CHECK_VISITS`] visits and the playouts' mean
/// final margin through the choice beats that through owl's move by at
/// most [`SearchConfig::owl_margin`] points per stone of the dragon,
/// owl's move replaces it; else the next dragon. `None`: the choice
/// stands.
///
/// Cost: an owl node costs about 1-3 ms here (the eyes are valued again
/// at each node), so the readings use an owl reader of their own with
/// [`SearchConfig::owl_nodes`] nodes a query (the analysis's owl reads
/// 500), and the position's readings (which dragons are critical, and
/// owl's moves) run while the search runs; only the choice's readings
/// (one a critical dragon) wait for it. When the search is done the
/// position's readings stop after their current query (but the largest
/// dragon is always read): a dragon not read by then is not checked.
pub(crate) struct OwlCheck {
    thread: std::thread::JoinHandle<(katachi_engine::owl::Owl, Vec<Critical>)>,
    /// Set when the search is done: the thread reads no further query.
    stop: Arc<std::sync::atomic::AtomicBool>,
}

/// A dragon owl calls critical ([`OwlCheck`]).
#[derive(Clone, Debug)]
pub(crate) struct Critical {
    size: usize,
    origin: katachi_board::Point,
    attack: bool,
    goal: Vec<katachi_board::Point>,
    owl_move: katachi_board::Point,
}

impl OwlCheck {
    /// Starts the reading of the current position for `color`'s check
    /// (`None` when no dragon is to be read).
    pub(crate) fn start(s: &mut Session, color: Color, config: &SearchConfig) -> Option<OwlCheck> {
        use katachi_engine::autohelper::DragonStatus;
        use katachi_engine::owl::{Owl, OwlConfig};
        use katachi_engine::search::Code;
        let analysis = crate::analysis::current_analysis(s);
        let board = analysis.board().clone();
        let dragons = analysis.dragons();
        let eyes = analysis.dragon_eyes();
        let mut candidates: Vec<(usize, katachi_board::Point, bool)> = dragons
            .iter()
            .filter(|d| {
                d.size >= config.owl_min_size
                    && d.crude_status != DragonStatus::Alive
                    && (d.color == color || config.owl_check >= 2)
            })
            .map(|d| (d.size, d.origin, d.color != color))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        // The dragons known alive, as the analysis's owl reader knows
        // them: a defence joining the goal to one saves it.
        let living = (0..board.cells().len())
            .map(|k| {
                let p = katachi_board::Point(k as u16);
                board.on_board(p)
                    && dragons.index(p).zip(dragons.get(p)).is_some_and(|(k, d)| {
                        d.crude_status == DragonStatus::Alive
                            || eyes.get(k).is_some_and(|e| e.genus.b >= 2)
                    })
            })
            .collect();
        let goals: Vec<Vec<katachi_board::Point>> = candidates
            .iter()
            .map(|&(_, p, _)| dragons.stones(&board, p))
            .collect();
        let mut owl = Owl::new(
            board,
            analysis.config().knowledge.clone(),
            analysis.config().reading,
            OwlConfig {
                node_limit: config.owl_nodes,
                ..OwlConfig::default()
            },
        );
        owl.set_living(living);
        let budget = OWL_CHECK_QUERIES * config.owl_nodes;
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut critical = Vec::new();
            // The largest dragon is read whatever the search's time.
            let over = |owl: &Owl, first: bool| {
                !first
                    && (owl.total().nodes >= budget
                        || stopped.load(std::sync::atomic::Ordering::Relaxed))
            };
            for (k, (&(size, origin, attack), goal)) in candidates.iter().zip(goals).enumerate() {
                if critical.len() == OWL_CHECK_DRAGONS || over(&owl, k == 0) {
                    break;
                }
                // Critical: the opponent of the dragon's owner, moving
                // first, kills it, and the owner, moving first, saves it.
                let kill = owl.attack(&goal).outcome;
                if !kill.code.is_success() {
                    continue;
                }
                if over(&owl, k == 0) {
                    break;
                }
                let save = owl.defend(&goal);
                // A defence found only because the reading ran out of
                // nodes (owl then gives the node to the defender) is not
                // known to work: the dragon may be dead.
                if !save.outcome.code.is_success() || save.exhausted {
                    continue;
                }
                let save = save.outcome;
                let sure = if attack { kill } else { save };
                // A defence (kill) away from the dragon is not taken:
                // eyes, liberties and connections are made next to its
                // stones (and owl may count a far move joining another
                // living group as saving, see `OWL_CHECK_NEAR`).
                let near = |p: katachi_board::Point| {
                    goal.iter()
                        .any(|&q| distance(owl.board(), p, q) <= OWL_CHECK_NEAR)
                };
                if let Some(owl_move) = sure.mv.filter(|&p| sure.code == Code::Win && near(p)) {
                    critical.push(Critical {
                        size,
                        origin,
                        attack,
                        goal,
                        owl_move,
                    });
                }
            }
            (owl, critical)
        });
        Some(OwlCheck { thread, stop })
    }

    /// The check of the search's choice `chosen` ([`OwlCheck`]), and the
    /// seconds it waited for the position's readings and read the choice.
    pub(crate) fn finish(
        self,
        color: Color,
        result: &SearchResult,
        config: &SearchConfig,
        chosen: katachi_board::Point,
    ) -> (Option<OwlOverride>, f64) {
        let waited = std::time::Instant::now();
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let Ok((mut owl, critical)) = self.thread.join() else {
            eprintln!("owl check: the reading failed; the search's choice stands");
            return (None, waited.elapsed().as_secs_f64());
        };
        let board = &owl.board().clone();
        let stat = |p: katachi_board::Point| {
            result
                .moves
                .iter()
                .find(|m| m.mv == katachi_board::Move::Play(p))
        };
        let mut found = None;
        for c in &critical {
            if c.owl_move == chosen {
                break;
            }
            // A choice away from the dragon and from owl's move is not
            // read: it does not change the dragon's eyes (owl's
            // does_defend may count such a move saving, by adding it to
            // the goal when it joins another living group).
            let near = c
                .goal
                .iter()
                .chain(std::iter::once(&c.owl_move))
                .any(|&p| distance(board, p, chosen) <= OWL_CHECK_NEAR);
            let works = near
                && if c.attack {
                    owl.does_attack(&c.goal, chosen)
                } else {
                    owl.does_defend(&c.goal, chosen)
                }
                .outcome
                .code
                .is_success();
            if works {
                break;
            }
            let (chosen_margin, chosen_win_rate) =
                stat(chosen).map_or((0.0, 0.0), |m| (m.score_mean(color), m.win_rate()));
            let Some(o) = stat(c.owl_move).filter(|m| m.visits >= OWL_CHECK_VISITS) else {
                continue;
            };
            let owl_margin = o.score_mean(color);
            if chosen_margin - owl_margin <= config.owl_margin * c.size as f32 {
                found = Some(OwlOverride {
                    dragon: c.origin,
                    size: c.size,
                    attack: c.attack,
                    owl_move: c.owl_move,
                    owl_margin,
                    chosen_margin,
                    owl_win_rate: o.win_rate(),
                    chosen_win_rate,
                });
                break;
            }
        }
        (found, waited.elapsed().as_secs_f64())
    }
}

/// The decision from genmove's search, its figures on standard error.
pub(crate) fn decision(
    s: &Session,
    cleanup: bool,
    result: &SearchResult,
    config: &SearchConfig,
    reused: u64,
) -> Decision {
    let d = decide(s.board(), result, s.komi(), cleanup, config);
    let answer = match d {
        Decision::Play(m) => s.board().move_text(m),
        Decision::Resign => "resign".into(),
    };
    eprintln!(
        "mcts: {} playouts in {:.2} s ({:.0}/s), {} reused, {} nodes, win rate {:.3}, margin share {:.2}, {answer}",
        result.playouts,
        result.seconds,
        result.playouts as f64 / result.seconds.max(1e-9),
        reused,
        result.nodes,
        result.win_rate(),
        result.score_weight
    );
    if config.lgrf {
        let share = |n: u64| 100.0 * n as f64 / result.playout_moves.max(1) as f64;
        eprintln!(
            "lgrf: last good replies {:.1} % of {} playout moves (LGR-2 {:.1} %, LGR-1 {:.1} %)",
            share(result.replies[0] + result.replies[1]),
            result.playout_moves,
            share(result.replies[0]),
            share(result.replies[1])
        );
    }
    d
}

/// `explain_move VERTEX`: what the Monte Carlo search saw of the move.
/// If the move was genmove's last choice (it is the last move played and
/// genmove searched the position before it), that search; otherwise a
/// search of the current position, genmove's budget, for the player to
/// move.
fn explain(s: &mut Session, m: katachi_board::Move) -> crate::error::Reply {
    let history = s.board().history().to_vec();
    let last = s.extensions().get_or_default::<McState>().last.clone();
    let (board, result, when) = match last {
        Some((before, result))
            if history.len() == before.len() + 1
                && history[..before.len()] == before[..]
                && history.last().map(|&(_, mv)| mv) == Some(m) =>
        {
            let mut board = s.board().clone();
            board.undo().ok();
            (board, result, "genmove's search before it was played")
        }
        _ => {
            let color = s.board().to_move();
            let board = s.board().clone();
            let policy = policy(s);
            let config = search_config(s, color);
            let result = search(&board, color, &policy, &config);
            (board, result, "a search of the current position")
        }
    };
    Ok(explanation(&board, &result, m, when))
}

/// The text of an explanation (see [`explain`]).
fn explanation(board: &Board, r: &SearchResult, m: katachi_board::Move, when: &str) -> String {
    let who = match r.to_move {
        Color::Black => "black",
        Color::White => "white",
    };
    let mut out = format!(
        "{} for {who}: Monte Carlo, {when}: {} playouts in {:.2} s, {} root moves",
        board.move_text(m),
        r.playouts,
        r.seconds,
        r.moves.len()
    );
    let Some(rank) = r.moves.iter().position(|x| x.mv == m) else {
        out.push_str(
            "\nnot a candidate: illegal, or a move the 3x3 patterns weigh 0 (filling an own eye)",
        );
        return out;
    };
    let x = &r.moves[rank];
    let share = 100.0 * x.visits as f64 / r.playouts.max(1) as f64;
    out.push_str(&format!(
        "\nrank {} by visits: {} visits ({share:.1}% of the playouts), win rate {:.3}, lower bound {:.3}",
        rank + 1,
        x.visits,
        x.win_rate(),
        x.lcb()
    ));
    out.push_str(&format!(
        "\nall-moves-as-first: {} visits, win rate {:.3}",
        x.amaf_visits,
        x.amaf_rate()
    ));
    out.push_str(&format!(
        "\nprior: {:.1}% of the 3x3 pattern weight at the root, prior win rate {:.3}",
        100.0 * x.policy,
        x.prior
    ));
    out.push_str(&format!(
        "\nfinal area margin of its playouts: {:+.1} for {who} (sd {:.1})",
        x.score_mean(r.to_move),
        x.score_stdev()
    ));
    let pv: Vec<String> = x.pv.iter().map(|&mv| board.move_text(mv)).collect();
    out.push_str(&format!("\nprincipal variation: {}", pv.join(" ")));
    let other = if rank == 0 {
        r.moves.get(1)
    } else {
        r.moves.first()
    };
    if let Some(o) = other {
        out.push_str(&format!(
            "\n{} {}: {} visits, win rate {:.3}",
            if rank == 0 { "next best" } else { "best" },
            board.move_text(o.mv),
            o.visits,
            o.win_rate()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::run;
    use crate::config::MctsOptions;
    use crate::{Config, Session};

    fn session() -> Session {
        Session::new(Config {
            mcts: MctsOptions {
                playouts: Some(300),
                ..MctsOptions::default()
            },
            board_size: 9,
            ..Config::default()
        })
    }

    #[test]
    fn mcts_tree_dumps_the_root_and_the_principal_variation() {
        let mut s = session();
        run(&mut s, "play b e5").unwrap();
        let text = run(&mut s, "katachi-mcts_tree white 3 2").unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("300 playouts, "), "{text}");
        assert!(lines[1].starts_with("level 0: 300 visits, "), "{text}");
        // The root's three most visited moves, most visited first, their
        // visits at most the root's, never the occupied E5.
        let mut last = u32::MAX;
        for row in &lines[2..5] {
            let w: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(w[1], "n", "{row}");
            assert_ne!(w[0], "E5", "{text}");
            let v: u32 = w[2].parse().unwrap();
            assert!(v <= last, "{text}");
            last = v;
            assert_eq!(w[13], "beta", "{row}");
            let beta: f32 = w[14].parse().unwrap();
            assert!((0.0..=1.0).contains(&beta), "{row}");
        }
        // The next level starts after the root's most visited move.
        let first = lines[2].split_whitespace().next().unwrap();
        assert!(
            lines[5].starts_with(&format!("level 1 after {first}:")),
            "{text}"
        );
        assert_eq!(lines.len(), 9, "{text}");
        assert_eq!(
            run(&mut s, "katachi-mcts_tree white 0"),
            Err("invalid count: 0".into())
        );
        assert_eq!(
            run(&mut s, "katachi-mcts_tree purple"),
            Err("invalid color".into())
        );
    }

    #[test]
    fn random_seed_commands_set_the_search_seed() {
        let mut s = session();
        assert_eq!(run(&mut s, "get_random_seed"), Ok("0".into()));
        assert_eq!(run(&mut s, "set_random_seed 7"), Ok(String::new()));
        assert_eq!(run(&mut s, "get_random_seed"), Ok("7".into()));
        assert_eq!(run(&mut s, "set_random_seed x"), Err("invalid seed".into()));
        assert_eq!(run(&mut s, "get_random_seed"), Ok("7".into()));
        run(&mut s, "play b e5").unwrap();
        // The same seed searches the same way; another seed differently
        // (the visit counts of the root's moves differ).
        let table = |s: &mut Session| {
            let t = run(s, "katachi-mcts_stats").unwrap();
            // Drop the summary line: it holds the time.
            t.lines().skip(1).collect::<Vec<_>>().join("\n")
        };
        let seven = table(&mut s);
        assert_eq!(table(&mut s), seven);
        run(&mut s, "set_random_seed 8").unwrap();
        assert_ne!(table(&mut s), seven);
    }

    #[test]
    fn the_time_bank_counts_one_games_searches() {
        let mut s = Session::new(Config {
            mcts: MctsOptions {
                seconds: Some(0.02),
                time_bank: 0.8,
                ..MctsOptions::default()
            },
            board_size: 9,
            ..Config::default()
        });
        let bank = |s: &mut Session| {
            let st = s.extensions().get_or_default::<super::McState>();
            (st.bank.searches, st.bank.spent, st.bank.history.len())
        };
        run(&mut s, "genmove b").unwrap();
        run(&mut s, "genmove w").unwrap();
        let (searches, spent, moves) = bank(&mut s);
        assert_eq!((searches, moves), (2, 1));
        assert!(spent > 0.0);
        // reg_genmove plays nothing and keeps the bank as it was.
        run(&mut s, "reg_genmove b").unwrap();
        assert_eq!(bank(&mut s).0, 2);
        // A new game starts a new bank.
        run(&mut s, "clear_board").unwrap();
        run(&mut s, "genmove b").unwrap();
        assert_eq!(bank(&mut s), (1, bank(&mut s).1, 0));
    }

    /// `--movegen-priors V`: the classic generator's best move gets V
    /// visits at 100 %, its next best ones fewer in the order of their
    /// values, at most five; genmove's search carries them among its root
    /// priors, and without the option it carries none of them.
    #[test]
    fn movegen_priors_follow_the_classic_values() {
        let mut s = session();
        for m in ["play b e5", "play w c4", "play b g4"] {
            run(&mut s, m).unwrap();
        }
        let color = katachi_board::Color::White;
        let g = super::super::movegen::generation(&mut s, color);
        let priors = super::movegen_priors(&mut s, color, 30.0);
        assert!(!priors.is_empty() && priors.len() <= super::MOVEGEN_PRIOR_MOVES);
        assert_eq!(priors[0].point, g.values[0].point);
        assert_eq!((priors[0].visits, priors[0].win_rate), (30.0, 1.0));
        for w in priors.windows(2) {
            assert!(w[1].visits <= w[0].visits && w[1].visits > 0.0);
        }
        let searched = |s: &mut Session| {
            let (_, config, _) =
                super::genmove_search(s, color, false, None, &mut |_, _| Ok(())).unwrap();
            config.root_priors
        };
        let without = searched(&mut s);
        assert!(!without.contains(&priors[0]));
        let mut s = Session::new(Config {
            mcts: MctsOptions {
                playouts: Some(300),
                movegen_priors: 30.0,
                ..MctsOptions::default()
            },
            board_size: 9,
            ..Config::default()
        });
        for m in ["play b e5", "play w c4", "play b g4"] {
            run(&mut s, m).unwrap();
        }
        let with = searched(&mut s);
        for p in &priors {
            assert!(with.contains(p), "{p:?}");
        }
    }

    /// A black dragon of five stones on the first two lines whose eye
    /// space is a straight three (A1-C1) inside a white wall: critical,
    /// B1 its only defence (and White's kill). Black to move; the owl
    /// check on (`owl_check=1`).
    fn straight_three() -> Session {
        let mut s = Session::new(Config {
            mcts: MctsOptions {
                playouts: Some(300),
                params: vec![("owl_check".into(), 1.0)],
                ..MctsOptions::default()
            },
            board_size: 9,
            ..Config::default()
        });
        for m in [
            "b a2", "w a3", "b b2", "w b3", "b c2", "w c3", "b d2", "w d3", "b d1", "w e3", "b g7",
            "w e2", "b g4", "w e1",
        ] {
            run(&mut s, &format!("play {m}")).unwrap();
        }
        s
    }

    /// A search result for Black with these moves: (vertex, visits, mean
    /// final margin for Black), most visited first.
    fn found(s: &Session, moves: &[(&str, u32, f32)]) -> katachi_mc::SearchResult {
        let b = s.board();
        katachi_mc::SearchResult {
            to_move: katachi_board::Color::Black,
            moves: moves
                .iter()
                .map(|&(v, visits, margin)| katachi_mc::MoveStat {
                    mv: katachi_board::Move::Play(b.parse_vertex(v).unwrap()),
                    visits,
                    wins: visits as f32 / 2.0,
                    amaf_visits: 0,
                    amaf_wins: 0.0,
                    prior: 0.5,
                    policy: 0.0,
                    score_sum: margin * visits as f32,
                    score_sq: margin * margin * visits as f32,
                    pv: Vec::new(),
                })
                .collect(),
            playouts: moves.iter().map(|m| u64::from(m.1)).sum(),
            seconds: 0.1,
            ownership: Vec::new(),
            nodes: 1,
            score_weight: 0.05,
            playout_moves: 0,
            replies: [0, 0],
        }
    }

    /// The check of `chosen` against `result` in the straight three.
    fn checked(moves: &[(&str, u32, f32)], chosen: &str) -> Option<super::OwlOverride> {
        let mut s = straight_three();
        let color = katachi_board::Color::Black;
        let config = super::search_config(&s, color);
        assert_eq!(config.owl_check, 1);
        let check = super::OwlCheck::start(&mut s, color, &config).expect("a dragon to read");
        let result = found(&s, moves);
        let chosen = s.board().parse_vertex(chosen).unwrap();
        check.finish(color, &result, &config, chosen).0
    }

    /// The search chose a move elsewhere (G5) and valued owl's defence B1
    /// 6 points lower: less than 2 points per stone of the five-stone
    /// dragon, so B1 replaces it. 20 points lower, or B1 barely visited,
    /// and the choice stands. (G5 is far from the dragon and not read:
    /// owl's does_defend counts it saving, see `OWL_CHECK_NEAR`.)
    #[test]
    fn the_owl_check_defends_a_critical_dragon() {
        let s = straight_three();
        let b1 = s.board().parse_vertex("B1").unwrap();
        let a2 = s.board().parse_vertex("A2").unwrap();
        let c = checked(&[("G5", 200, 3.0), ("B1", 40, -3.0)], "G5").expect("B1 replaces G5");
        assert_eq!((c.owl_move, c.size, c.attack), (b1, 5, false));
        assert_eq!(c.dragon, a2);
        assert_eq!((c.chosen_margin, c.owl_margin), (3.0, -3.0));
        assert_eq!(checked(&[("G5", 200, 3.0), ("B1", 40, -17.0)], "G5"), None);
        assert_eq!(checked(&[("G5", 200, 3.0), ("B1", 5, -3.0)], "G5"), None);
        // C1, next to the dragon, is read and does not save it either.
        let c = checked(&[("C1", 200, 3.0), ("B1", 40, -3.0)], "C1").expect("B1 replaces C1");
        assert_eq!(c.owl_move, b1);
    }

    /// A choice that already defends the dragon stands, and so does a
    /// choice where no own dragon is weak; the check is off by default.
    #[test]
    fn the_owl_check_keeps_a_defending_choice() {
        assert_eq!(checked(&[("B1", 200, 3.0), ("G5", 40, -3.0)], "B1"), None);
        let mut s = session();
        run(&mut s, "play b e5").unwrap();
        run(&mut s, "play w c4").unwrap();
        let config = super::search_config(&s, katachi_board::Color::Black);
        assert_eq!(config.owl_check, 0);
        let on = katachi_mc::SearchConfig {
            owl_check: 1,
            ..config
        };
        assert!(super::OwlCheck::start(&mut s, katachi_board::Color::Black, &on).is_none());
    }

    /// genmove with the check plays owl's defence of the straight three
    /// and says so on standard error (the search finds it too here; the
    /// check agrees and leaves it).
    #[test]
    fn genmove_with_the_owl_check_saves_the_straight_three() {
        let mut s = straight_three();
        assert_eq!(run(&mut s, "genmove b"), Ok("B1".into()));
    }
}
