//! The Monte Carlo engine in a session: the search configuration from the
//! session's [`Config`](crate::Config), komi and clock, the compiled
//! playout policy (kept in the session's extensions so it is compiled
//! once), genmove's use of it, and `katachi-mcts_stats`.
//!
//! `katachi-mcts_stats [COLOR]` searches the current position for COLOR
//! (default: the player to move) with genmove's budget, plays nothing, and
//! answers the summary line and the ten most visited moves: the move, its
//! visits, win rate for COLOR, AMAF visits and win rate, and prior.

use std::sync::Arc;

use katachi_board::Color;
use katachi_mc::{decide, search, Decision, Policy, SearchConfig, SearchResult};

use crate::config::DEFAULT_PLAYOUTS;
use crate::error::fail;
use crate::registry::Registry;
use crate::session::Session;

/// The compiled policy of a session (katachi's embedded database).
#[derive(Default)]
struct McState {
    policy: Option<Arc<Policy>>,
}

/// Register this module's commands.
pub fn register(r: &mut Registry) {
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
}

/// The policy, compiled on first use.
fn policy(s: &mut Session) -> Arc<Policy> {
    let st = s.extensions().get_or_default::<McState>();
    st.policy
        .get_or_insert_with(|| Arc::new(Policy::katachi()))
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
    SearchConfig {
        playouts,
        seconds,
        threads: o.threads.max(1),
        seed: s
            .config()
            .seed
            .wrapping_add(s.board().history().len() as u64),
        komi: s.komi(),
        ..SearchConfig::default()
    }
}

/// Searches the current position for `color`.
fn run_search(s: &mut Session, color: Color) -> (SearchResult, SearchConfig) {
    let policy = policy(s);
    let config = search_config(s, color);
    let result = search(s.board(), color, &policy, &config);
    (result, config)
}

/// genmove's choice with the Monte Carlo engine; the search's figures go
/// to standard error (one line: playouts, seconds, win rate).
pub fn choose(s: &mut Session, color: Color, cleanup: bool) -> Decision {
    let (result, config) = run_search(s, color);
    let d = decide(s.board(), &result, s.komi(), cleanup, &config);
    let answer = match d {
        Decision::Play(m) => s.board().move_text(m),
        Decision::Resign => "resign".into(),
    };
    eprintln!(
        "mcts: {} playouts in {:.2} s ({:.0}/s), {} nodes, win rate {:.3}, {answer}",
        result.playouts,
        result.seconds,
        result.playouts as f64 / result.seconds.max(1e-9),
        result.nodes,
        result.win_rate()
    );
    d
}
