//! The incremental path influence equals the from-scratch computation
//! exactly after every move and every undo of random games, on 9x9 and
//! 19x19, for the default path set and the monotone one.

use katachi_board::{Board, Color, Move};
use katachi_pathinf::{from_scratch, PathConfig, PathInfluence, PathSet, PathTables};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

fn tables(size: usize, set: PathSet) -> Arc<PathTables> {
    static T: OnceLock<Vec<(usize, PathSet, Arc<PathTables>)>> = OnceLock::new();
    let all = T.get_or_init(|| {
        let mut v = Vec::new();
        for s in [9, 19] {
            for set in [PathSet::Greedy, PathSet::Monotone] {
                let cfg = PathConfig {
                    path_set: set,
                    range: if set == PathSet::Monotone { 4 } else { 5 },
                    ..PathConfig::default()
                };
                v.push((s, set, Arc::new(PathTables::new(s, cfg).unwrap())));
            }
        }
        v
    });
    all.iter()
        .find(|(s, p, _)| *s == size && *p == set)
        .map(|(_, _, t)| t.clone())
        .unwrap()
}

/// Play `ops` on a `size` board: each op picks a random empty point
/// (legal moves only; an illegal pick passes) or, when `undo` is set and
/// there is a move, takes the last one back. Checks after every step.
fn run(size: usize, set: PathSet, ops: &[(u16, bool)]) -> Result<(), TestCaseError> {
    let t = tables(size, set);
    let mut board = Board::new(size).unwrap();
    let mut inf = PathInfluence::new(t.clone());
    let mut depth = 0usize;
    for (step, &(pick, undo)) in ops.iter().enumerate() {
        if undo && depth > 0 {
            inf.undo_with(&mut board).unwrap();
            depth -= 1;
        } else {
            let c = board.to_move();
            let empties: Vec<_> = board.empty_points().collect();
            let m = if empties.is_empty() {
                Move::Pass
            } else {
                let p = empties[pick as usize % empties.len()];
                if board.is_legal(c, Move::Play(p)) {
                    Move::Play(p)
                } else {
                    Move::Pass
                }
            };
            inf.play(&mut board, c, m).unwrap();
            depth += 1;
        }
        prop_assert!(inf.matches_board(&board), "stones differ at step {step}");
        let want = from_scratch(&t, &board);
        prop_assert!(
            inf.values() == &want[..],
            "map differs from scratch at step {step}:\n{}",
            board.to_ascii()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn nine_greedy(ops in prop::collection::vec((any::<u16>(), prop::bool::weighted(0.2)), 1..300)) {
        run(9, PathSet::Greedy, &ops)?;
    }

    #[test]
    fn nine_monotone(ops in prop::collection::vec((any::<u16>(), prop::bool::weighted(0.2)), 1..300)) {
        run(9, PathSet::Monotone, &ops)?;
    }

    #[test]
    fn nineteen_greedy(ops in prop::collection::vec((any::<u16>(), prop::bool::weighted(0.15)), 1..400)) {
        run(19, PathSet::Greedy, &ops)?;
    }
}

/// Random games do capture: a fixed long game on 9x9 has captures and
/// undoes across them, and the map stays exact (guards the property
/// above against testing only capture-free sequences).
#[test]
fn a_long_game_with_captures_and_undos() {
    let t = tables(9, PathSet::Greedy);
    let mut board = Board::new(9).unwrap();
    let mut inf = PathInfluence::new(t.clone());
    let mut rng = katachi_board::playout::Rng::new(7);
    let mut captured = 0;
    let mut undone_captures = 0;
    for step in 0..2000 {
        let c = board.to_move();
        if step % 7 == 6 && board.undo_depth() > 0 {
            let before = board.captures(Color::Black) + board.captures(Color::White);
            inf.undo_with(&mut board).unwrap();
            let after = board.captures(Color::Black) + board.captures(Color::White);
            undone_captures += before - after;
        } else {
            let legal: Vec<_> = board
                .empty_points()
                .filter(|&p| board.is_legal(c, Move::Play(p)))
                .collect();
            let m = if legal.is_empty() {
                Move::Pass
            } else {
                Move::Play(legal[rng.below(legal.len())])
            };
            captured += inf.play(&mut board, c, m).unwrap();
        }
        assert_eq!(inf.values(), &from_scratch(&t, &board)[..], "step {step}");
    }
    assert!(captured > 50, "{captured} stones captured");
    assert!(undone_captures > 0, "no capture was undone");
}
