//! The MoGo-style local playouts (`katachi_mc::local`), held to the
//! pattern playouts they replace: every move they play is one a
//! `McBoard` with the same table and self-atari limit weighs above 0
//! (legal under simple ko, no own proper eye filled, no forbidden
//! self-atari); the pattern rule's value of each neighbour of the
//! previous move is the `McBoard`'s weight there; the capture rule
//! misses no capture (a random move is drawn only when no opponent
//! string in atari can be taken); a seed repeats a playout and a
//! search; the board stays consistent.

mod common;

use common::{position, ATARI};
use katachi_board::playout::Rng;
use katachi_board::{Board, Cell, Color, Move, Point};
use katachi_mc::local::Rule;
use katachi_mc::{search, LocalBoard, McBoard, Policy, SearchConfig};

/// The `McBoard` of `lb`'s position, previous move and self-atari limit.
fn mc_of<'t>(policy: &'t Policy, lb: &LocalBoard<'_>) -> McBoard<'t> {
    let mut mc = McBoard::new(policy.table(), lb.board().clone(), lb.last_move());
    mc.set_self_atari_limit(lb.self_atari_limit());
    mc
}

/// Plays local playouts move by move from the empty `size` board and
/// checks every move against a from-scratch `McBoard`; returns how many
/// moves each rule gave (Save, Pattern, Capture, Random).
fn check_playouts(size: usize, seeds: std::ops::Range<u64>, limit: usize) -> [usize; 4] {
    let policy = Policy::katachi();
    let mut counts = [0usize; 4];
    for seed in seeds {
        let mut lb = LocalBoard::new(policy.table(), Board::new(size).unwrap(), None);
        lb.set_self_atari_limit(limit);
        let mut rng = Rng::new(seed);
        let mut c = Color::Black;
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < 3 * size * size {
            let mc = mc_of(&policy, &lb);
            // The pattern rule's values next to the previous move are
            // the pattern playouts' weights there.
            if let Some(m) = lb.last_move() {
                for q in lb
                    .board()
                    .neighbors(m)
                    .into_iter()
                    .chain(lb.board().diagonals(m))
                {
                    if lb.board().cell(q) == Cell::Empty {
                        for col in [Color::Black, Color::White] {
                            assert_eq!(
                                lb.pattern_value(col, q),
                                mc.weight(col, q),
                                "{col:?} at {} after {}\n{}",
                                lb.board().vertex(q),
                                lb.board().vertex(m),
                                lb.board().to_ascii()
                            );
                        }
                    }
                }
            }
            match lb.choose_move_rule(c, &mut rng) {
                Some((p, rule)) => {
                    counts[rule as usize] += 1;
                    assert!(
                        mc.weight(c, p) > 0,
                        "{c:?} plays {} ({rule:?}), weight 0 for the pattern playouts\n{}",
                        lb.board().vertex(p),
                        lb.board().to_ascii()
                    );
                    if rule == Rule::Random {
                        assert_no_capture(lb.board(), &mc, c);
                    }
                    lb.play(c, Move::Play(p)).expect("a legal move");
                    passes = 0;
                }
                None => {
                    // A pass: no point the pattern playouts could play.
                    assert_eq!(mc.total(c), 0, "{c:?} passes\n{}", lb.board().to_ascii());
                    lb.play(c, Move::Pass).unwrap();
                    passes += 1;
                }
            }
            moves += 1;
            c = c.opponent();
        }
        lb.board().check_consistency().unwrap();
        assert!(passes == 2, "seed {seed}: capped at {moves} moves");
    }
    counts
}

/// No opponent string of `c` in atari has a liberty `c` may take
/// (weight above 0).
fn assert_no_capture(b: &Board, mc: &McBoard<'_>, c: Color) {
    for p in b.points() {
        if b.cell(p) == c.opponent().cell() && b.liberty_count(p) == 1 {
            let l: Point = b.liberties(p).next().unwrap();
            assert_eq!(
                mc.weight(c, l),
                0,
                "{c:?} drew a random move with a capture at {}\n{}",
                b.vertex(l),
                b.to_ascii()
            );
        }
    }
}

#[test]
fn every_local_move_is_one_the_pattern_playouts_allow() {
    let counts = check_playouts(9, 0..12, 3);
    // Every rule gives moves over a dozen 9x9 playouts.
    assert!(counts.iter().all(|&n| n > 0), "moves by rule {counts:?}");
    let counts = check_playouts(13, 100..102, 3);
    assert!(counts.iter().all(|&n| n > 0), "moves by rule {counts:?}");
    // Without the self-atari limit too.
    check_playouts(7, 200..206, 0);
}

#[test]
fn a_seed_repeats_a_local_playout() {
    let policy = Policy::katachi();
    let run = |seed: u64| {
        let mut lb = LocalBoard::new(policy.table(), Board::new(9).unwrap(), None);
        lb.set_self_atari_limit(3);
        let mut rng = Rng::new(seed);
        let r = lb.playout(Color::Black, &mut rng, 243);
        (r, lb.board().to_ascii())
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5).1, run(6).1, "another seed, another game");
}

#[test]
fn a_local_search_repeats_and_finds_the_capture() {
    // Four black stones in atari at F5: White captures them.
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let mut cfg = SearchConfig {
        playouts: Some(1500),
        seed: 3,
        komi: 0.5,
        ..SearchConfig::default()
    };
    cfg.set_param("local_playout", 1.0).unwrap();
    // The 3x3 pattern prior this test was written with (the default
    // before the learned gamma prior): the subject is the local
    // playouts. With the gamma prior the won position's visits go to F4
    // (0.994) before F5 (0.993): both win, the test's capture is not the
    // most visited.
    cfg.set_param("gamma_prior", 0.0).unwrap();
    cfg.set_param("pattern_prior", 10.0).unwrap();
    let r = search(&b, Color::White, &policy, &cfg);
    let again = search(&b, Color::White, &policy, &cfg);
    assert_eq!(r.moves, again.moves);
    assert_eq!(r.ownership, again.ownership);
    let best = r.best().unwrap();
    assert_eq!(b.move_text(best.mv), "F5", "{}", r.table(&b, 5));
    // The playouts are the local ones: another policy, other figures.
    cfg.local_playout = false;
    let pattern = search(&b, Color::White, &policy, &cfg);
    assert_ne!(r.moves, pattern.moves);
}
