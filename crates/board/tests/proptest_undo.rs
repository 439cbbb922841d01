//! Property: any sequence of moves (legal or not, either colour, passes)
//! followed by as many undos as moves were accepted restores the board,
//! its hashes, and every string exactly; the incremental state matches a
//! recomputation after every step.

use katachi_board::{Board, Color, KoRule, Move, Point};
use proptest::prelude::*;

/// Everything observable about a board, strings included.
#[derive(Debug, PartialEq)]
struct Snapshot {
    cells: Vec<katachi_board::Cell>,
    hash: u64,
    hash_with_player: u64,
    to_move: Color,
    ko: Option<Point>,
    captures: (u32, u32),
    /// Per point: (head, size, liberties) of its string.
    strings: Vec<(Option<Point>, usize, Vec<Point>)>,
    history: Vec<(Color, Move)>,
}

fn snapshot(b: &Board) -> Snapshot {
    Snapshot {
        cells: b.cells().to_vec(),
        hash: b.hash(),
        hash_with_player: b.hash_with_player(),
        to_move: b.to_move(),
        ko: b.ko_point(),
        captures: (b.captures(Color::Black), b.captures(Color::White)),
        strings: b
            .points()
            .map(|p| (b.string_head(p), b.string_size(p), b.liberties(p).collect()))
            .collect(),
        history: b.history().to_vec(),
    }
}

/// A move attempt: (black?, pass?, row, col); rows/cols may be off board.
fn attempts() -> impl Strategy<Value = Vec<(bool, bool, usize, usize)>> {
    prop::collection::vec(
        (
            any::<bool>(),
            prop::bool::weighted(0.03),
            0usize..26,
            0usize..26,
        ),
        0..400,
    )
}

fn run(
    size: usize,
    superko: bool,
    seq: &[(bool, bool, usize, usize)],
) -> Result<(), TestCaseError> {
    let mut b = Board::new(size).unwrap();
    if superko {
        b.set_ko_rule(KoRule::PositionalSuperko);
    }
    let mut before = vec![snapshot(&b)];
    for &(black, pass, row, col) in seq {
        let c = if black { Color::Black } else { Color::White };
        let m = if pass {
            Move::Pass
        } else {
            match b.point(row % (size + 1), col % (size + 1)) {
                Some(p) => Move::Play(p),
                None => continue,
            }
        };
        let prev = snapshot(&b);
        match b.try_move(c, m) {
            Ok(_) => before.push(prev),
            Err(_) => prop_assert_eq!(&snapshot(&b), &prev),
        }
        b.check_consistency().map_err(TestCaseError::fail)?;
    }
    prop_assert_eq!(b.undo_depth(), before.len() - 1);
    while before.len() > 1 {
        b.undo().unwrap();
        b.check_consistency().map_err(TestCaseError::fail)?;
        prop_assert_eq!(&snapshot(&b), &before.pop().unwrap());
    }
    prop_assert!(b.undo().is_err());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undo_restores_small_boards(size in 2usize..8, superko in any::<bool>(), seq in attempts()) {
        run(size, superko, &seq)?;
    }

    #[test]
    fn undo_restores_large_boards(size in prop::sample::select(vec![9usize, 13, 19, 25]), seq in attempts()) {
        run(size, false, &seq)?;
    }
}
