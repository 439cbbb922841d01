//! Seeded stress test: long random games with undo, checked against a
//! from-scratch recomputation after every step.

use katachi_board::{Board, Color, KoRule, Move};

/// xorshift64*: a tiny deterministic generator for the test.
fn rng(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

#[test]
fn random_play_and_undo_stay_consistent() {
    for (size, seed) in [(2, 1u64), (3, 2), (5, 3), (9, 4), (13, 5), (19, 6), (25, 7)] {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut b = Board::new(size).unwrap();
        if seed % 2 == 0 {
            b.set_ko_rule(KoRule::PositionalSuperko);
        }
        let points: Vec<_> = b.points().collect();
        let mut snapshots = Vec::new();
        let mut captured = 0;
        for step in 0..(size * size * 8) {
            let c = if rng(&mut s).is_multiple_of(5) {
                b.to_move().opponent()
            } else {
                b.to_move()
            };
            let m = if rng(&mut s).is_multiple_of(50) {
                Move::Pass
            } else {
                // Mostly empty points, so that the board fills and captures happen.
                let any = rng(&mut s).is_multiple_of(10) || b.empty_count() == 0;
                if any {
                    Move::Play(points[(rng(&mut s) % points.len() as u64) as usize])
                } else {
                    Move::Play(b.empty_point((rng(&mut s) % b.empty_count() as u64) as usize))
                }
            };
            let before = (
                b.cells().to_vec(),
                b.hash_with_player(),
                b.captures(Color::Black),
                b.captures(Color::White),
            );
            if let Ok(n) = b.play(c, m) {
                captured += n;
                snapshots.push(before);
            } else {
                assert_eq!(b.cells(), &before.0[..]);
            }
            b.check_consistency()
                .unwrap_or_else(|e| panic!("size {size} step {step}: {e}"));
            if rng(&mut s).is_multiple_of(8) {
                if let Some((cells, h, cb, cw)) = snapshots.pop() {
                    b.undo().unwrap();
                    b.check_consistency()
                        .unwrap_or_else(|e| panic!("size {size} undo at {step}: {e}"));
                    assert_eq!(b.cells(), &cells[..]);
                    assert_eq!(b.hash_with_player(), h);
                    assert_eq!(
                        (b.captures(Color::Black), b.captures(Color::White)),
                        (cb, cw)
                    );
                }
            }
        }
        assert!(
            size < 5 || captured > 20,
            "size {size}: only {captured} captures"
        );
        println!("size {size}: {captured} stones captured");
        while let Some((cells, h, _, _)) = snapshots.pop() {
            b.undo().unwrap();
            b.check_consistency().unwrap();
            assert_eq!(b.cells(), &cells[..]);
            assert_eq!(b.hash_with_player(), h);
        }
        assert_eq!(b.hash(), 0);
    }
}

/// `play_forgetting` (playouts' unjournaled move) leaves the same position,
/// ko, captures, hash and strings as `play`, over random legal games; undo
/// then has nothing to take back, and a journaled move after it undoes
/// exactly.
#[test]
fn play_forgetting_matches_play() {
    for (size, seed) in [(5, 11u64), (9, 12), (19, 13)] {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut a = Board::new(size).unwrap();
        let mut b = Board::new(size).unwrap();
        let mut c = Color::Black;
        let mut captured = 0;
        for step in 0..(size * size * 6) {
            let m = if a.empty_count() == 0 || rng(&mut s).is_multiple_of(40) {
                Move::Pass
            } else {
                Move::Play(a.empty_point((rng(&mut s) % a.empty_count() as u64) as usize))
            };
            if !a.is_legal(c, m) {
                continue;
            }
            let n = a.play(c, m).unwrap();
            captured += n;
            assert_eq!(b.play_forgetting(c, m), n, "size {size} step {step}");
            assert_eq!(a.cells(), b.cells(), "size {size} step {step}");
            assert_eq!(a.hash_with_player(), b.hash_with_player());
            assert_eq!(a.ko_point_for(c.opponent()), b.ko_point_for(c.opponent()));
            assert_eq!(a.captures(c), b.captures(c));
            b.check_consistency().unwrap();
            assert!(
                b.undo().is_err(),
                "size {size} step {step}: undo after play_forgetting"
            );
            // A journaled move on top still undoes exactly.
            let reply = b
                .empty_points()
                .find(|&p| b.is_legal(c.opponent(), Move::Play(p)));
            if let Some(p) = reply {
                let before = (b.cells().to_vec(), b.hash_with_player());
                b.play(c.opponent(), Move::Play(p)).unwrap();
                b.undo().unwrap();
                assert_eq!((b.cells().to_vec(), b.hash_with_player()), before);
                b.check_consistency().unwrap();
            }
            c = c.opponent();
        }
        assert!(captured > 0, "size {size}: the games captured nothing");
    }
}
