//! The UCT search: it finds the one move that decides a small position
//! (capturing, or saving, a large string in atari), never plays an illegal
//! move or fills its own proper eye over whole games, repeats itself for a
//! seed and a playout count, and runs as two searches on two threads.
//! Threads sharing one tree keep its bookkeeping (visit sums, no descent
//! left in flight) and find the single thread's move. A
//! search continued in slices is the search run at once; a tree reused
//! after two moves keeps the visits of the subtree they lead to; principal
//! variations are legal sequences.

mod common;

use common::{position, proper_eye, ATARI};
use katachi_board::{Board, Color, Move, Point};
use katachi_mc::{decide, search, shape_priors, Decision, Policy, SearchConfig, Searcher};

/// The configuration of the tests of the search's mechanics (the deciding
/// move found, repetition, threads, reuse, the priors' arithmetic): the
/// 3x3 pattern prior, the default before the learned prior replaced it,
/// whose trees on these small positions the assertions were written for.
/// The default's learned prior has tests of its own
/// ([`the_learned_prior_saves_the_string_in_atari`] and the next).
fn config(playouts: u64, seed: u64) -> SearchConfig {
    SearchConfig {
        playouts: Some(playouts),
        seed,
        komi: 0.5,
        pattern_prior: 10.0,
        gamma_prior: 0.0,
        ..SearchConfig::default()
    }
}

/// The default configuration (the learned move-prediction prior) with a
/// playout budget.
fn default_config(playouts: u64, seed: u64) -> SearchConfig {
    SearchConfig {
        playouts: Some(playouts),
        seed,
        komi: 0.5,
        ..SearchConfig::default()
    }
}

/// Under the default learned prior, Black's only move in the atari
/// position (connecting out at F5) is found.
#[test]
fn the_learned_prior_saves_the_string_in_atari() {
    let d = default_config(3000, 2);
    assert!(d.gamma_prior > 0.0 && d.pattern_prior == 0.0, "the default");
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let r = search(&b, Color::Black, &policy, &d);
    let best = r.best().unwrap();
    assert_eq!(b.move_text(best.mv), "F5", "{}", r.table(&b, 5));
}

/// Under the default learned prior, White's capture of the four stones is
/// the root move with the highest prior, and White's chosen move wins
/// (F4, which keeps the string in atari, wins as well: the search may
/// take either).
#[test]
fn the_learned_prior_ranks_the_capture_first_and_wins() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let r = search(&b, Color::White, &policy, &default_config(3000, 1));
    let top = r
        .moves
        .iter()
        .max_by(|x, y| x.prior.total_cmp(&y.prior))
        .unwrap();
    assert_eq!(b.move_text(top.mv), "F5", "{}", r.table(&b, 5));
    let best = r.best().unwrap();
    assert!(best.win_rate() > 0.9, "{}", r.table(&b, 5));
}

#[test]
fn white_captures_the_string_in_atari() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let r = search(&b, Color::White, &policy, &config(3000, 1));
    eprintln!("{}", r.table(&b, 5));
    let best = r.best().unwrap();
    assert_eq!(b.move_text(best.mv), "F5", "{}", r.table(&b, 5));
    assert!(best.win_rate() > 0.5, "{}", r.table(&b, 5));
}

#[test]
fn black_saves_the_string_in_atari() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let r = search(&b, Color::Black, &policy, &config(3000, 2));
    eprintln!("{}", r.table(&b, 5));
    let best = r.best().unwrap();
    assert_eq!(b.move_text(best.mv), "F5", "{}", r.table(&b, 5));
}

/// A whole 7x7 game of the search against itself, each move searched with
/// `cfg(moves played)`: every move is legal and none fills the mover's
/// own eye; the game lasts more than ten moves.
fn self_play_keeps_eyes(cfg: impl Fn(u64) -> SearchConfig) {
    let policy = Policy::katachi();
    let mut b = Board::new(7).unwrap();
    let mut c = Color::Black;
    let (mut passes, mut moves) = (0, 0);
    while passes < 2 && moves < 120 {
        let config = cfg(moves);
        let r = search(&b, c, &policy, &config);
        let m = match decide(&b, &r, config.komi, false, &config) {
            Decision::Play(m) => m,
            Decision::Resign => break,
        };
        if let Move::Play(p) = m {
            assert!(
                !proper_eye(&b, p, c),
                "{c:?} fills its eye {} in\n{}",
                b.vertex(p),
                b.to_ascii()
            );
            passes = 0;
        } else {
            passes += 1;
        }
        b.play(c, m).expect("the search plays legal moves");
        c = c.opponent();
        moves += 1;
    }
    assert!(moves > 10, "a game of {moves} moves");
}

#[test]
fn whole_games_are_legal_and_never_fill_an_own_eye() {
    for seed in 0..2 {
        self_play_keeps_eyes(|moves| config(300, seed * 1000 + moves));
    }
}

/// The learned gammas as playout weights (`gamma_playout` 1, off by
/// default; the rest of the default configuration): Black's only saving
/// move is found, and whole games stay legal without filling an own eye
/// (the database's zeros are kept).
#[test]
fn gamma_playouts_save_the_string_and_keep_eyes() {
    let policy = Policy::katachi();
    let gp = |playouts: u64, seed: u64| SearchConfig {
        gamma_playout: 1.0,
        ..default_config(playouts, seed)
    };
    let b = position(&ATARI);
    let r = search(&b, Color::Black, &policy, &gp(3000, 2));
    assert_eq!(
        b.move_text(r.best().unwrap().mv),
        "F5",
        "{}",
        r.table(&b, 5)
    );
    self_play_keeps_eyes(|moves| gp(300, moves));
}

#[test]
fn a_seed_and_a_playout_count_repeat_the_search() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let a = search(&b, Color::Black, &policy, &config(500, 7));
    let again = search(&b, Color::Black, &policy, &config(500, 7));
    assert_eq!(a.moves, again.moves);
    assert_eq!(a.ownership, again.ownership);
    assert_eq!(a.playouts, 500);
    let other = search(&b, Color::Black, &policy, &config(500, 8));
    assert_ne!(a.moves, other.moves, "another seed, other playouts");
}

#[test]
fn two_searches_on_two_threads() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let alone = search(&b, Color::White, &policy, &config(400, 3));
    let (x, y) = std::thread::scope(|s| {
        let h1 = s.spawn(|| search(&b, Color::White, &policy, &config(400, 3)));
        let h2 = s.spawn(|| search(&b, Color::White, &policy, &config(400, 3)));
        (h1.join().unwrap(), h2.join().unwrap())
    });
    assert_eq!(x.moves, alone.moves);
    assert_eq!(y.moves, alone.moves);
}

/// The shared tree against the single thread's on small budgets: every
/// playout counted once (the root's children's visits sum to the
/// playouts, as on one thread), no node with fewer visits than its
/// children, no descent left in flight, and the same decisive move.
#[test]
fn threads_on_one_tree_keep_its_visit_sums() {
    let policy = Policy::katachi();
    let atari = position(&ATARI);
    let empty = Board::new(9).unwrap();
    for (b, to_move) in [(&atari, Color::White), (&empty, Color::Black)] {
        for playouts in [1, 2, 17, 300, 1500] {
            let mut single = None;
            for threads in [1, 2, 3] {
                let cfg = SearchConfig {
                    threads,
                    ..config(playouts, 11)
                };
                let mut s = Searcher::new(b, to_move, &policy, &cfg);
                s.run(playouts, None);
                s.check_tree()
                    .unwrap_or_else(|e| panic!("{threads} threads, {playouts} playouts: {e}"));
                let r = s.result();
                assert_eq!(r.playouts, playouts, "{threads} threads");
                let visits: u64 = r.moves.iter().map(|m| u64::from(m.visits)).sum();
                assert_eq!(visits, playouts, "{threads} threads: root visit sum");
                // Ownership: one final position per playout.
                let total: f32 = b.points().map(|p| r.ownership[p.index()].abs()).sum();
                assert!(total <= b.size().pow(2) as f32 + 1e-3, "{total}");
                if threads == 1 {
                    single = Some(r);
                } else if playouts == 1500 && b.size() == 7 {
                    let one = single.as_ref().unwrap();
                    assert_eq!(
                        r.best().map(|m| m.mv),
                        one.best().map(|m| m.mv),
                        "{threads} threads: {}",
                        r.table(b, 3)
                    );
                }
            }
        }
    }
}

#[test]
fn after_the_opponents_pass_it_passes_only_when_passing_wins() {
    let policy = Policy::katachi();
    // Black's wall on the C column: 15 points against 10, all settled.
    let mut b = position(&[
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
    ]);
    b.play(Color::White, Move::Pass).unwrap();
    let cfg = config(500, 4);
    let r = search(&b, Color::Black, &policy, &cfg);
    assert_eq!(
        decide(&b, &r, cfg.komi, false, &cfg),
        Decision::Play(Move::Pass),
        "4.5 points ahead: {}",
        r.table(&b, 3)
    );
    // With komi 7.5 the same count loses: no pass, and no move gains
    // anything, so Black resigns. (Played for points, as a lost game is
    // by default, the search spends its playouts on invasions that win
    // a tenth of the noisy playouts and lose by less, and does not get
    // below the resign rate: the win alone is what the rule is for.)
    let cfg = SearchConfig {
        komi: 7.5,
        decided_win_rate: 1.0,
        ..config(3000, 4)
    };
    let r = search(&b, Color::Black, &policy, &cfg);
    assert_eq!(
        decide(&b, &r, cfg.komi, false, &cfg),
        Decision::Resign,
        "{} (value share {})",
        r.table(&b, 5),
        r.score_weight
    );
    // One black and one white stone on an empty board: the count with
    // every stone alive is 1 to 1, so Black plays on after White's pass
    // (and the playouts say it wins the board).
    let mut b = position(&[
        ". . . . .",
        ". . . . .",
        ". . X . .",
        ". . . . .",
        "O . . . .",
    ]);
    b.play(Color::White, Move::Pass).unwrap();
    let r = search(&b, Color::Black, &policy, &config(2000, 5));
    match decide(&b, &r, 0.5, false, &config(2000, 5)) {
        Decision::Play(Move::Play(_)) => {}
        d => panic!("{d:?}: {}", r.table(&b, 3)),
    }
}

/// The figures of a result that do not depend on the clock.
fn figures(r: &katachi_mc::SearchResult) -> Vec<(Move, u32, u32, Vec<Move>)> {
    r.moves
        .iter()
        .map(|m| (m.mv, m.visits, m.amaf_visits, m.pv.clone()))
        .collect()
}

#[test]
fn a_search_in_slices_is_the_search_at_once() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    for threads in [1, 2] {
        let cfg = SearchConfig {
            threads,
            ..config(900, 5)
        };
        let once = search(&b, Color::Black, &policy, &cfg);
        let mut searcher = Searcher::new(&b, Color::Black, &policy, &cfg);
        for _ in 0..3 {
            searcher.run(300, None);
        }
        searcher.check_tree().unwrap();
        let sliced = searcher.result();
        assert_eq!(sliced.playouts, 900);
        if threads == 1 {
            // Threads on one tree interleave differently from run to run.
            assert_eq!(figures(&once), figures(&sliced), "{threads} threads");
            assert_eq!(once.ownership, sliced.ownership);
        }
    }
}

#[test]
fn principal_variations_are_legal_and_start_with_their_move() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let r = search(&b, Color::White, &policy, &config(2000, 4));
    let best = r.best().unwrap();
    assert!(best.pv.len() >= 2, "a 2000-playout search sees a reply");
    for m in r.moves.iter().filter(|m| m.visits > 0) {
        assert_eq!(m.pv[0], m.mv);
        let mut board = b.clone();
        let mut c = Color::White;
        for &mv in &m.pv {
            board.play(c, mv).expect("a legal principal variation");
            c = c.opponent();
        }
    }
}

#[test]
fn a_reused_tree_keeps_the_subtree_of_the_moves_played() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let cfg = config(3000, 6);
    let mut searcher = Searcher::new(&b, Color::White, &policy, &cfg);
    searcher.run(3000, None);
    let first = searcher.result();
    let best = first.best().unwrap();
    assert!(best.pv.len() >= 2);
    let (mine, reply) = (best.pv[0], best.pv[1]);
    let saved = searcher.into_saved();
    let mut next = b.clone();
    next.play(Color::White, mine).unwrap();
    next.play(Color::Black, reply).unwrap();
    let reused = Searcher::with_saved(&next, Color::White, &policy, &cfg, Some(saved.clone()));
    assert!(
        reused.root_visits() > 0,
        "the subtree after {mine:?} {reply:?} is kept"
    );
    assert!(reused.root_visits() < u64::from(best.visits));
    // Its root moves are legal, and searching on from it works.
    let mut reused = reused;
    reused.run(200, None);
    let r = reused.result();
    assert_eq!(r.playouts, 200);
    for m in &r.moves {
        assert!(next.is_legal(Color::White, m.mv), "{m:?}");
    }
    // A search that values playouts on another scale (another margin
    // share) starts afresh: the tree's values would mix two scales.
    let other_scale = SearchConfig {
        decided_win_rate: 1.0,
        score_weight: 0.5,
        ..cfg.clone()
    };
    assert_ne!(first.score_weight, other_scale.score_weight);
    let rescaled = Searcher::with_saved(
        &next,
        Color::White,
        &policy,
        &other_scale,
        Some(saved.clone()),
    );
    assert_eq!(rescaled.root_visits(), 0);
    // The same history on a board with other setup stones starts afresh
    // (the history alone does not say what is on the board).
    let mut edited = b.clone();
    let corner = edited.point(6, 6).unwrap();
    edited.set_stones(vec![(corner, Some(Color::Black))]);
    assert_eq!(edited.history(), b.history());
    let other_setup =
        Searcher::with_saved(&edited, Color::White, &policy, &cfg, Some(saved.clone()));
    assert_eq!(other_setup.root_visits(), 0);
    // Another game, or the other player to move, starts afresh.
    let other = Searcher::with_saved(&b, Color::Black, &policy, &cfg, Some(saved.clone()));
    assert_eq!(other.root_visits(), 0);
    let mut elsewhere = b.clone();
    elsewhere.play(Color::White, Move::Pass).unwrap();
    elsewhere.play(Color::Black, Move::Pass).unwrap();
    let moved = Searcher::with_saved(&elsewhere, Color::White, &policy, &cfg, Some(saved));
    let passes_visited = first
        .moves
        .iter()
        .any(|m| m.mv == Move::Pass && m.visits >= 2);
    if !passes_visited {
        assert_eq!(moved.root_visits(), 0);
    }
}

/// The early stop ends the search once the most visited move can no
/// longer be overtaken: the choice is the full budget's, with fewer
/// playouts in a position where one move decides (ATARI), and with
/// `early_stop` 0 the search runs its whole budget. (The full budget's
/// choice is one search's: threads sharing a tree make each run
/// another search, so with two threads only the stop is checked.)
#[test]
fn the_early_stop_keeps_the_full_budgets_choice() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    for (threads, seed) in [(1, 7), (2, 8), (1, 9)] {
        // Valued by the win alone: playing this decided position for
        // points makes the capture's lead in visits smaller (the other
        // moves lose by a margin, not outright), and the stop is what is
        // checked here.
        let cfg = SearchConfig {
            threads,
            decided_win_rate: 1.0,
            ..config(6000, seed)
        };
        let full = search(&b, Color::White, &policy, &cfg);
        let mut early = Searcher::new(&b, Color::White, &policy, &cfg);
        early.run_to_decision(6000, None, 1.0);
        early.check_tree().unwrap();
        let early = early.result();
        if threads == 1 {
            assert_eq!(
                early.best().map(|m| m.mv),
                full.best().map(|m| m.mv),
                "{threads} threads, seed {seed}"
            );
        }
        assert!(early.playouts < full.playouts, "{}", early.playouts);
        let mut never = Searcher::new(&b, Color::White, &policy, &cfg);
        never.run_to_decision(6000, None, 0.0);
        assert_eq!(never.result().playouts, 6000);
    }
}

/// `set_param` changes the named field, and refuses unknown names and
/// values out of range.
#[test]
fn tuning_parameters_by_name() {
    let mut c = SearchConfig::default();
    c.set_param("explore", 0.25).unwrap();
    c.set_param("local_prior", 8.0).unwrap();
    c.set_param("expand_at", 4.0).unwrap();
    assert_eq!((c.explore, c.local_prior, c.expand_at), (0.25, 8.0, 4));
    assert!(matches!(
        c.set_param("explor", 1.0),
        Err(katachi_mc::ParamError::Unknown { .. })
    ));
    assert!(c.set_param("score_weight", 1.5).is_err());
    assert!(c.set_param("expand_at", 2.5).is_err());
    assert!(c.set_param("rave_equiv", f64::NAN).is_err());
    assert!(c.set_param("gamma_playout", 4.5).is_err());
    for name in katachi_mc::TUNING_PARAMS {
        assert!(
            c.set_param(name, 0.5).is_ok() || c.set_param(name, 1.0).is_ok(),
            "{name}"
        );
    }
}

/// An edge move in an empty area: first or second line, no stone within
/// Manhattan distance 2; a stone at distance 2 or a third-line point is
/// not one.
#[test]
fn edge_moves_in_empty_areas() {
    let b = position(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let at = |r, c| b.point(r, c).unwrap();
    assert!(katachi_mc::edge_in_empty_area(&b, at(8, 0)));
    assert!(katachi_mc::edge_in_empty_area(&b, at(7, 4)));
    assert!(katachi_mc::edge_in_empty_area(&b, at(1, 1)));
    assert!(!katachi_mc::edge_in_empty_area(&b, at(2, 4)));
    assert!(!katachi_mc::edge_in_empty_area(&b, at(6, 4)));
    let b2 = position(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    assert!(!katachi_mc::edge_in_empty_area(
        &b2,
        b2.point(8, 4).unwrap()
    ));
    assert!(!katachi_mc::edge_in_empty_area(
        &b2,
        b2.point(7, 5).unwrap()
    ));
    assert!(katachi_mc::edge_in_empty_area(&b2, b2.point(8, 6).unwrap()));
    // The prior (here 40 visits at 0 %, beside the even prior's 10 at
    // 50 % and the pattern prior's 10) lowers exactly those root moves'
    // prior win rate to at most a quarter (the others keep over 0.4).
    let policy = Policy::katachi();
    let mut c = config(50, 3);
    c.edge_prior = 40.0;
    let r = search(&b2, Color::White, &policy, &c);
    let mut edge = 0;
    for m in &r.moves {
        if let Move::Play(p) = m.mv {
            let low = m.prior < 0.3;
            assert_eq!(low, katachi_mc::edge_in_empty_area(&b2, p), "{:?}", m);
            edge += low as usize;
        }
    }
    assert!(edge > 10, "{edge} edge moves");
}

/// The margin's share: the decided one when plain playouts say the game
/// is decided either way (Black's settled wall, 4.5 points ahead at komi
/// 0.5 or 2.5 behind at 7.5), the ordinary one on an empty board, and
/// the ordinary one always when `decided_win_rate` is 1.
#[test]
fn a_decided_game_is_played_for_points() {
    let policy = Policy::katachi();
    let wall = position(&[
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
    ]);
    let base = config(300, 2);
    for komi in [0.5, 7.5] {
        let cfg = SearchConfig {
            komi,
            ..base.clone()
        };
        let r = search(&wall, Color::Black, &policy, &cfg);
        assert_eq!(r.score_weight, cfg.decided_score_weight, "komi {komi}");
        let never = SearchConfig {
            decided_win_rate: 1.0,
            ..cfg.clone()
        };
        let r = search(&wall, Color::Black, &policy, &never);
        assert_eq!(r.score_weight, cfg.score_weight, "komi {komi}");
    }
    let empty = Board::new(9).unwrap();
    let r = search(
        &empty,
        Color::Black,
        &policy,
        &SearchConfig {
            komi: 7.5,
            ..base.clone()
        },
    );
    assert_eq!(r.score_weight, base.score_weight);
}

/// Root priors count on a reused root too: the old tree expanded it as an
/// inner node, without them, and a genmove search in a game nearly always
/// starts from such a root.
#[test]
fn root_priors_apply_to_a_reused_root() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let cfg = config(3000, 6);
    let mut searcher = Searcher::new(&b, Color::White, &policy, &cfg);
    searcher.run(3000, None);
    let best = searcher.result().best().unwrap().clone();
    let saved = searcher.into_saved();
    let mut next = b.clone();
    next.play(Color::White, best.pv[0]).unwrap();
    next.play(Color::Black, best.pv[1]).unwrap();
    let prior_of = |cfg: &SearchConfig, p: Point| {
        let mut s = Searcher::with_saved(&next, Color::White, &policy, cfg, Some(saved.clone()));
        assert!(s.root_visits() > 0, "the tree is reused");
        s.run(1, None);
        let r = s.result();
        r.moves
            .iter()
            .find(|m| m.mv == Move::Play(p))
            .unwrap()
            .prior
    };
    // A root move the reused tree holds, and a 100 % prior on it.
    let plain = Searcher::with_saved(&next, Color::White, &policy, &cfg, Some(saved.clone()));
    let target = {
        let mut plain = plain;
        plain.run(1, None);
        match plain.result().moves.iter().find(|m| m.mv != Move::Pass) {
            Some(m) => m.mv,
            None => panic!("no root move"),
        }
    };
    let Move::Play(p) = target else {
        unreachable!()
    };
    let with_prior = SearchConfig {
        root_priors: vec![katachi_mc::RootPrior {
            point: p,
            visits: 1000.0,
            win_rate: 1.0,
        }],
        ..cfg.clone()
    };
    let before = prior_of(&cfg, p);
    let after = prior_of(&with_prior, p);
    assert!(before < 0.9, "without the root prior: {before}");
    assert!(after > 0.95, "with the root prior: {after}");
}

/// The tactical tree priors' facts ([`katachi_mc::shape_priors`]) and
/// their effect on the root's prior win rates. On this 7x7 board the
/// white stones at B6, A4 and E1 are in atari: Black's B5, A3 and F1
/// capture them; White's A3 escapes with two liberties, White's B5 and
/// F1 are two-stone self-ataris that capture nothing; C3 is none of
/// these for either player.
#[test]
fn tactical_priors_see_captures_escapes_and_self_ataris() {
    let b = position(&[
        ". X . . . . .",
        "X O X . . . .",
        "X . . . . . .",
        "O X . . . . .",
        ". . . . . . .",
        ". . . . X X .",
        ". . . X O . .",
    ]);
    let policy = Policy::katachi();
    let mc = katachi_mc::McBoard::new(policy.table(), b.clone(), None);
    let at = |r, c| b.point(r, c).unwrap();
    let facts = |c, r, col| shape_priors(&mc, c, at(r, col));
    for (r, c) in [(2, 1), (4, 0), (6, 5)] {
        assert_eq!(facts(Color::Black, r, c), (true, false, false), "{r} {c}");
    }
    assert_eq!(facts(Color::White, 4, 0), (false, true, false));
    assert_eq!(facts(Color::White, 2, 1), (false, false, true));
    assert_eq!(facts(Color::White, 6, 5), (false, false, true));
    assert_eq!(facts(Color::Black, 4, 2), (false, false, false));
    assert_eq!(facts(Color::White, 4, 2), (false, false, false));
    // 100 prior visits at 100 % lift exactly the captures' prior win
    // rate above 0.8 (the even and pattern priors alone give at most
    // 0.75); 100 at 0 % sink exactly the self-ataris below 0.2 (the
    // others keep over 0.25).
    let mut cfg = config(30, 1);
    cfg.capture_prior = 100.0;
    let r = search(&b, Color::Black, &policy, &cfg);
    let mut n = 0;
    for m in &r.moves {
        if let Move::Play(p) = m.mv {
            let (cap, _, _) = shape_priors(&mc, Color::Black, p);
            assert_eq!(m.prior > 0.8, cap, "{m:?}");
            n += cap as usize;
        }
    }
    assert_eq!(n, 3);
    let mut cfg = config(30, 1);
    cfg.self_atari_prior = 100.0;
    cfg.escape_prior = 100.0;
    let r = search(&b, Color::White, &policy, &cfg);
    let (mut low, mut high) = (0, 0);
    for m in &r.moves {
        if let Move::Play(p) = m.mv {
            let (_, esc, sa) = shape_priors(&mc, Color::White, p);
            assert_eq!(m.prior < 0.2, sa, "{m:?}");
            assert_eq!(m.prior > 0.8, esc, "{m:?}");
            low += sa as usize;
            high += esc as usize;
        }
    }
    assert_eq!((low, high), (2, 1));
}

/// The resign rule's playout floor (`resign_min_playouts`): a search
/// with at least that many playouts resigns a lost game, a shorter one
/// plays on (at 1 s per move on a loaded machine a 9x9 search runs only a
/// few hundred playouts, fewer than the default floor of 2000).
#[test]
fn a_search_resigns_a_lost_game_only_past_the_playout_floor() {
    let policy = Policy::katachi();
    // Black's wall on the C column: 15 points against 10, settled; with
    // komi 7.5 Black loses by 2.5 whatever it plays.
    let mut b = position(&[
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
    ]);
    b.play(Color::White, Move::Pass).unwrap();
    let mut cfg = SearchConfig {
        komi: 7.5,
        decided_win_rate: 1.0,
        ..config(600, 4)
    };
    assert!(cfg.set_param("resign_min_playouts", 1.5).is_err());
    cfg.set_param("resign_min_playouts", 500.0).unwrap();
    assert_eq!(cfg.resign_min_playouts, 500);
    let r = search(&b, Color::Black, &policy, &cfg);
    assert_eq!(
        decide(&b, &r, cfg.komi, false, &cfg),
        Decision::Resign,
        "{}",
        r.table(&b, 5)
    );
    let cfg = SearchConfig {
        playouts: Some(400),
        ..cfg
    };
    let r = search(&b, Color::Black, &policy, &cfg);
    assert!(r.win_rate() < cfg.resign_below, "{}", r.table(&b, 5));
    assert!(matches!(
        decide(&b, &r, cfg.komi, false, &cfg),
        Decision::Play(_)
    ));
}

/// The AMAF horizon (`rave_horizon`): at 1, a root move's AMAF visits are
/// the playouts that played it first, its own visits; a horizon longer
/// than any game gives the search without a horizon, move for move.
#[test]
fn the_amaf_horizon_counts_only_the_stones_after_the_node() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let one = search(
        &b,
        Color::Black,
        &policy,
        &SearchConfig {
            rave_horizon: 1,
            ..config(600, 3)
        },
    );
    let mut played = 0;
    for m in one.moves.iter().filter(|m| m.mv != Move::Pass) {
        assert_eq!(m.amaf_visits, m.visits, "{}", one.table(&b, 10));
        played += m.visits;
    }
    assert!(played > 500, "{}", one.table(&b, 10));
    let all = search(&b, Color::Black, &policy, &config(600, 3));
    let long = search(
        &b,
        Color::Black,
        &policy,
        &SearchConfig {
            rave_horizon: 100_000,
            ..config(600, 3)
        },
    );
    assert_eq!(figures(&all), figures(&long));
    // Without the horizon a root move gets AMAF visits from playouts
    // that began elsewhere.
    assert!(all.moves.iter().any(|m| m.amaf_visits > m.visits));
}
