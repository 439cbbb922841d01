//! The incremental context equals a from-scratch recomputation after every
//! move of random games; the move analysis agrees with actually playing the
//! move; the uniform database weighs every legal move that does not fill a
//! proper eye the same; playouts end with no move left for either side.

mod common;

use common::proper_eye;

use katachi_board::playout::Rng;
use katachi_board::{Board, Color, IllegalMove, Move, Point};
use katachi_mc::{analyse, analyse_both, McBoard, Policy};

/// Plays a random game of up to `moves` moves on a `size` board, checking
/// the context after every move. Moves are drawn from the policy's weights
/// most of the time, otherwise uniformly among the empty points (whatever
/// their weight, so that self-ataris, eye fillings and the like happen),
/// with an occasional pass.
fn random_game(policy: &Policy, size: usize, seed: u64, moves: usize) {
    random_game_two(policy, policy, size, seed, moves, 0);
}

/// [`random_game`] with Black's weights from `black`, White's from `white`.
/// `limit`: the self-atari limit (`McBoard::set_self_atari_limit`).
fn random_game_two(
    black: &Policy,
    white: &Policy,
    size: usize,
    seed: u64,
    moves: usize,
    limit: usize,
) {
    let policy = black;
    let mut rng = Rng::new(seed);
    let mut b = McBoard::with_tables(
        [black.table(), white.table()],
        Board::new(size).unwrap(),
        None,
    );
    b.set_self_atari_limit(limit);
    b.check_against_scratch().unwrap();
    let mut c = Color::Black;
    for k in 0..moves {
        let roll = rng.below(100);
        let m = if roll < 2 {
            Move::Pass
        } else if roll < 70 {
            match b.choose_with(c, rng.next_u64()) {
                Some(p) => Move::Play(p),
                None => Move::Pass,
            }
        } else {
            let empties: Vec<Point> = b.board().empty_points().collect();
            if empties.is_empty() {
                Move::Pass
            } else {
                Move::Play(empties[rng.below(empties.len())])
            }
        };
        let legal = b.board().is_legal(c, m);
        match b.play(c, m) {
            Ok(_) => assert!(
                legal,
                "size {size} seed {seed} move {k}: accepted an illegal move"
            ),
            Err(e) => {
                assert!(
                    !legal,
                    "size {size} seed {seed} move {k}: refused a legal move ({e})"
                );
                assert!(matches!(e, IllegalMove::Suicide | IllegalMove::Ko));
                continue;
            }
        }
        if let Err(e) = b.check_against_scratch() {
            panic!(
                "{}: size {size} seed {seed} after move {k} ({c:?} {}):\n{e}\n{}",
                policy.name(),
                b.board().move_text(m),
                b.board().to_ascii()
            );
        }
        c = c.opponent();
    }
}

#[test]
fn incremental_context_equals_scratch_katachi() {
    let policy = Policy::katachi();
    for seed in 0..40 {
        let size = [9, 13, 19][seed as usize % 3];
        random_game(&policy, size, seed, 3 * size * size / 2);
    }
}

#[test]
fn incremental_context_equals_scratch_two_policies() {
    let (a, b) = (Policy::katachi(), Policy::uniform());
    for seed in 200..206 {
        let size = [9, 13, 19][seed as usize % 3];
        random_game_two(&a, &b, size, seed, 3 * size * size / 2, 0);
    }
}

/// With the self-atari limit on (the search's playouts), the weights
/// still follow the position exactly: the size of the string a
/// self-atari makes is kept incrementally too.
#[test]
fn incremental_context_equals_scratch_self_atari_limit() {
    let (a, u) = (Policy::katachi(), Policy::uniform());
    for seed in 300..318 {
        let size = [5, 9, 13][seed as usize % 3];
        let limit = [2, 3][seed as usize % 2];
        let white = if seed % 4 < 2 { &a } else { &u };
        random_game_two(&a, white, size, seed, 2 * size * size, limit);
    }
}

/// The limit's rule itself: a self-atari that captures nothing weighs 0
/// exactly when its string would have at least `limit` stones; every
/// other weight is the table's.
#[test]
fn self_atari_limit_zeroes_big_self_ataris_only() {
    let policy = Policy::uniform();
    for size in [5, 9] {
        for b in positions(size, 40 + size as u64, 30) {
            let plain = McBoard::new(policy.table(), b.clone(), None);
            let mut limited = plain.clone();
            limited.set_self_atari_limit(3);
            for p in b.empty_points() {
                for c in [Color::Black, Color::White] {
                    let info = analyse(&b, p, c);
                    let big = info.self_atari && info.captures == 0 && {
                        // The string the move makes, counted on a copy.
                        let mut after = b.clone();
                        after.play_unchecked(c, Move::Play(p));
                        after.cell(p) == c.cell() && after.string_size(p) >= 3
                            || info.suicide && info.self_atari_stones >= 3
                    };
                    let want = if big { 0 } else { plain.weight(c, p) };
                    assert_eq!(
                        limited.weight(c, p),
                        want,
                        "{size}x{size} {c:?} {} {info:?}:\n{}",
                        b.vertex(p),
                        b.to_ascii()
                    );
                }
            }
        }
    }
}

#[test]
fn incremental_context_equals_scratch_uniform() {
    let policy = Policy::uniform();
    for seed in 100..106 {
        let size = [9, 13, 19][seed as usize % 3];
        random_game(&policy, size, seed, 3 * size * size / 2);
    }
}

#[test]
fn incremental_context_equals_scratch_gnugo_databases() {
    let Some(dir) = common::shared_dir() else {
        return;
    };
    for (k, name) in ["mc_mogo_classic.db", "mc_montegnu_classic.db"]
        .iter()
        .enumerate()
    {
        let (policy, _) = Policy::load(&dir.join("gnugo/patterns").join(name)).unwrap();
        for seed in 0..6 {
            let size = [9, 13, 19][seed as usize % 3];
            random_game(&policy, size, 1000 * k as u64 + seed, size * size);
        }
    }
}

/// Positions from random games, for the static checks.
fn positions(size: usize, seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..count {
        let mut b = Board::new(size).unwrap();
        let depth = rng.below(2 * size * size);
        let mut c = Color::Black;
        for _ in 0..depth {
            let empties: Vec<Point> = b.empty_points().collect();
            if empties.is_empty() {
                break;
            }
            let p = empties[rng.below(empties.len())];
            if b.play(c, Move::Play(p)).is_ok() {
                c = c.opponent();
            }
        }
        out.push(b);
    }
    out
}

/// `analyse` against playing the move on a copy of the board.
#[test]
fn analysis_agrees_with_playing() {
    for size in [5, 9, 13] {
        for b in positions(size, size as u64, 30) {
            for p in b.empty_points().collect::<Vec<_>>() {
                for c in [Color::Black, Color::White] {
                    let got = analyse(&b, p, c);
                    let what = format!("{size}x{size} {c:?} {}:\n{}", b.vertex(p), b.to_ascii());
                    if b.check_move(c, Move::Play(p)) == Err(IllegalMove::Suicide) {
                        assert!(got.suicide && got.self_atari && got.captures == 0, "{what}");
                        continue;
                    }
                    assert!(!got.suicide, "{what}");
                    let mut after = b.clone();
                    // Also for a ko recapture: the board plays it correctly.
                    let captured = after.play_unchecked(c, Move::Play(p));
                    assert_eq!(got.captures as usize, captured.min(3), "{what}");
                    assert_eq!(got.self_atari, after.liberty_count(p) <= 1, "{what}");
                    let stones = if got.self_atari {
                        after.string_size(p).min(255)
                    } else {
                        0
                    };
                    assert_eq!(got.self_atari_stones as usize, stones, "{what}");
                }
            }
        }
    }
}

/// `analyse_both` (one scan for both colours, the playouts' path) against
/// `analyse` of each colour.
#[test]
fn analyse_both_agrees_with_analyse() {
    for size in [2, 3, 5, 9, 19] {
        for b in positions(size, 7 + size as u64, 40) {
            for p in b.empty_points().collect::<Vec<_>>() {
                let want = [analyse(&b, p, Color::Black), analyse(&b, p, Color::White)];
                assert_eq!(
                    analyse_both(&b, p),
                    want,
                    "{size}x{size} {}:\n{}",
                    b.vertex(p),
                    b.to_ascii()
                );
            }
        }
    }
}

#[test]
fn uniform_weighs_every_legal_non_eye_move_the_same() {
    let policy = Policy::uniform();
    let mut eyes = 0;
    let mut checked = 0;
    for size in [9, 13, 19] {
        for b in positions(size, 7 + size as u64, 20) {
            let last = b.history().last().and_then(|&(_, m)| match m {
                Move::Play(p) => Some(p),
                Move::Pass => None,
            });
            let mc = McBoard::new(policy.table(), b.clone(), last);
            for p in b.points() {
                for c in [Color::Black, Color::White] {
                    let legal = b.is_legal(c, Move::Play(p));
                    let eye = legal && proper_eye(&b, p, c);
                    eyes += eye as usize;
                    let want = u32::from(legal && !eye);
                    checked += legal as usize;
                    assert_eq!(
                        mc.weight(c, p),
                        want,
                        "{c:?} {} (legal {legal}, eye {eye}):\n{}",
                        b.vertex(p),
                        b.to_ascii()
                    );
                }
            }
        }
    }
    // The positions do contain eyes and legal moves (the test means something).
    assert!(
        eyes > 20 && checked > 1000,
        "eyes {eyes}, legal moves {checked}"
    );
}

#[test]
fn playouts_end_with_no_move_left() {
    for (policy, size) in [
        (Policy::katachi(), 9),
        (Policy::uniform(), 9),
        (Policy::katachi(), 13),
    ] {
        let start = McBoard::new(policy.table(), Board::new(size).unwrap(), None);
        let mut rng = Rng::new(5);
        let mut ended = 0;
        for _ in 0..20 {
            let mut b = start.clone();
            let out = b.playout(Color::Black, &mut rng, 3 * size * size);
            assert!(out.score.abs() <= (size * size) as f32);
            if !out.capped {
                ended += 1;
                assert_eq!(b.total(Color::Black), 0, "{}", b.board().to_ascii());
                assert_eq!(b.total(Color::White), 0, "{}", b.board().to_ascii());
                // The game ends on the board, not only in the weights.
                assert!(b.board().empty_count() < size * size / 2);
            }
        }
        assert!(
            ended >= 15,
            "{}: only {ended} of 20 playouts ended by passes",
            policy.name()
        );
    }
}

/// The previous move puts two stones in atari far from its own 3x3
/// neighbourhood: their liberty is near, escaping and capturing there get
/// katachi's escape and capture values, and nearness goes with the move.
#[test]
fn atari_answers_are_near_and_urgent() {
    let board = Board::from_ascii(
        ".........\n\
         .........\n\
         ...XOX...\n\
         ...XOX...\n\
         .........\n\
         .........\n\
         .........\n\
         .........\n\
         .........\n",
    )
    .unwrap();
    let v = |s: &str| board.parse_vertex(s).unwrap();
    let policy = Policy::katachi();
    let mut b = McBoard::new(policy.table(), board.clone(), None);
    let (e8, e5, a1) = (v("E8"), v("E5"), v("A1"));
    assert!(!b.is_near(e5));
    b.play(Color::Black, Move::Play(e8)).unwrap();
    assert!(b.is_near(e5), "the liberty of the string in atari is near");
    assert!(!b.is_near(a1));
    let (ctx, _) = b.context(Color::White, e5);
    assert!(
        ctx.near && ctx.osafe && ctx.xcap == 2 && ctx.ocap == 0,
        "{ctx:?}"
    );
    assert_eq!(b.weight(Color::White, e5), 3000, "escape from atari");
    assert_eq!(b.weight(Color::Black, e5), 4000, "capture two stones");
    assert_eq!(b.weight(Color::White, a1), 10, "an ordinary far move");
    // White escapes; the move far away afterwards leaves E5's area not near.
    b.play(Color::White, Move::Play(e5)).unwrap();
    b.play(Color::Black, Move::Play(a1)).unwrap();
    assert!(!b.is_near(v("E4")));
    assert!(b.is_near(v("B2")));
    b.check_against_scratch().unwrap();
}

/// The quick area count equals the board's flood-fill area score, at the
/// end of playouts and on arbitrary positions.
#[test]
fn area_balance_is_the_area_score() {
    let policy = Policy::katachi();
    let mut rng = Rng::new(9);
    for size in [9, 13] {
        let start = McBoard::new(policy.table(), Board::new(size).unwrap(), None);
        for _ in 0..20 {
            let mut b = start.clone();
            let out = b.playout(Color::Black, &mut rng, 3 * size * size);
            let s = b.board().area_score(&[]);
            assert_eq!(out.score, s.black - s.white);
        }
        for board in positions(size, 3, 20) {
            let b = McBoard::new(policy.table(), board, None);
            let s = b.board().area_score(&[]);
            assert_eq!(b.area_balance(), s.black - s.white);
        }
    }
}

/// A seki survives the playouts with the self-atari limit, and is broken
/// without it. The whole 4x4 board is two strings, Black's six stones on
/// the left and White's eight on the right, sharing their only two
/// liberties (b2 and b3): whoever fills one is captured, so neither
/// should. With the limit no move weighs anything, both pass at once,
/// and the count is 6 to 8, the shared liberties nobody's; without it
/// the only moves left are those self-ataris, and every playout ends
/// with one string captured.
#[test]
fn a_seki_survives_playouts_with_the_self_atari_limit() {
    let rows = ["X X O O", "X . O O", "X . O O", "X X O O"];
    let mut board = Board::new(4).unwrap();
    let mut edits = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.split_whitespace().enumerate() {
            let p = board.point(r, c).unwrap();
            let cell = match ch {
                "X" => Some(Color::Black),
                "O" => Some(Color::White),
                _ => None,
            };
            edits.push((p, cell));
        }
    }
    board.set_stones(edits);
    let policy = Policy::katachi();
    let mut rng = Rng::new(5);
    for limit in [3, 0] {
        let mut start = McBoard::new(policy.table(), board.clone(), None);
        start.set_self_atari_limit(limit);
        for first in [Color::Black, Color::White] {
            for _ in 0..20 {
                let mut b = start.clone();
                let out = b.playout(first, &mut rng, 100);
                assert!(!out.capped);
                if limit > 0 {
                    assert_eq!(out.moves, 2, "two passes");
                    assert_eq!(out.score, -2.0, "the seki counted as it stands");
                } else {
                    assert!(out.score.abs() >= 14.0, "a string captured: {out:?}");
                }
            }
        }
    }
}
