//! Area and territory scoring with dead stones; fixed handicap points.

use katachi_board::{
    fixed_handicap_points, max_fixed_handicap, Board, Color, HandicapError, Score,
};

fn board() -> Board {
    // Black owns the left (columns A-B plus C wall), White the right (E-G
    // plus the D wall); a dead white stone at A4 and a dead black stone at F2.
    Board::from_ascii(
        "..XO...
         ..XO...
         ..XO...
         O.XO...
         ..XO...
         ..XO.X.
         ..XO...",
    )
    .unwrap()
}

#[test]
fn area_score_counts_stones_and_surrounded_points() {
    let b = board();
    // Without removing anything both regions touch both colours: only the
    // stones count (7 + F2 for Black, 7 + A4 for White).
    let s = b.area_score(&[]);
    assert_eq!(
        s,
        Score {
            black: 8.0,
            white: 8.0
        }
    );
    let a4 = b.parse_vertex("A4").unwrap();
    let f2 = b.parse_vertex("F2").unwrap();
    let s = b.area_score(&[a4, f2]);
    // Black: 7 stones + 14 points; White: 7 stones + 21 points.
    assert_eq!(
        s,
        Score {
            black: 21.0,
            white: 28.0
        }
    );
}

#[test]
fn territory_score_counts_prisoners_and_dead_stones() {
    let mut b = board();
    b.set_captures(Color::Black, 2);
    b.set_captures(Color::White, 1);
    let a4 = b.parse_vertex("A4").unwrap();
    let f2 = b.parse_vertex("F2").unwrap();
    let s = b.territory_score(&[a4, f2]);
    // Black: 14 points + 2 prisoners + 1 dead white; White: 21 + 1 + 1.
    assert_eq!(
        s,
        Score {
            black: 17.0,
            white: 23.0
        }
    );
}

#[test]
fn dame_counts_for_nobody() {
    let b = Board::from_ascii(
        "X.O
         X.O
         X.O",
    )
    .unwrap();
    assert_eq!(
        b.area_score(&[]),
        Score {
            black: 3.0,
            white: 3.0
        }
    );
    assert_eq!(
        b.territory_score(&[]),
        Score {
            black: 0.0,
            white: 0.0
        }
    );
    let empty = Board::new(9).unwrap();
    assert_eq!(
        empty.area_score(&[]),
        Score {
            black: 0.0,
            white: 0.0
        }
    );
}

#[test]
fn fixed_handicap_points_follow_the_gtp_spec() {
    let b = Board::new(19).unwrap();
    let text = |n| -> Vec<String> {
        fixed_handicap_points(19, n)
            .unwrap()
            .iter()
            .map(|&p| b.vertex(p))
            .collect()
    };
    assert_eq!(text(2), ["Q16", "D4"]);
    assert_eq!(text(5), ["D16", "Q16", "K10", "D4", "Q4"]);
    assert_eq!(
        text(9),
        ["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"]
    );
    assert_eq!(max_fixed_handicap(9), 9);
    assert_eq!(max_fixed_handicap(10), 4);
    assert_eq!(max_fixed_handicap(6), 0);
    assert!(matches!(
        fixed_handicap_points(19, 1),
        Err(HandicapError::Invalid { .. })
    ));
    assert!(matches!(
        fixed_handicap_points(19, 10),
        Err(HandicapError::Invalid { .. })
    ));
    assert!(matches!(
        fixed_handicap_points(8, 5),
        Err(HandicapError::Invalid { .. })
    ));
    assert!(fixed_handicap_points(30, 2).is_err());
    let b9 = Board::new(9).unwrap();
    let nine: Vec<String> = fixed_handicap_points(9, 4)
        .unwrap()
        .iter()
        .map(|&p| b9.vertex(p))
        .collect();
    assert_eq!(nine, ["C7", "G7", "C3", "G3"]);
    let mut b25 = Board::new(25).unwrap();
    let pts = b25.place_fixed_handicap(9).unwrap();
    assert_eq!(b25.vertex(pts[0]), "D22");
    assert_eq!(b25.to_move(), Color::White);
    b25.check_consistency().unwrap();
}
