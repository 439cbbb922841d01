//! The territory layers' rules on small hand-made boards, drawn as golden
//! maps (`katachi_testkit::golden`; `UPDATE_EXPECT=1` rewrites them).
//!
//! The first tests give the influence by hand (an ASCII grid beside the
//! stones: `+` Black's influence, `-` White's, `.` none) so that the maps
//! test the rules alone; the last ones run the real path influence.
//!
//! Legend of the maps: `X`/`O` living stones, `x`/`o` dead stones (the
//! opponent's territory), `b`/`w` Black's/White's territory, `?` a point
//! claimed by dead groups of both colours (neutral), `+`/`-` an empty
//! point in Black's/White's influence that is not territory, `.` nothing.

use katachi_board::{Board, Cell, Color};
use katachi_pathinf::{
    proto_territory, territory, PathConfig, PathInfluence, PathTables, TerritoryConfig,
    TerritoryMap,
};
use katachi_testkit::golden::{assert_board_map, expect, Expect};
use std::sync::Arc;

/// A hand-made influence map: `+` 100, `-` -100, anything else 0.
fn hand_influence(board: &Board, text: &str) -> Vec<i32> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    assert_eq!(rows.len(), board.size());
    let mut v = vec![0; board.cells().len()];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.iter().enumerate() {
            let i = board.point(r, c).unwrap().index();
            v[i] = match ch {
                '+' => 100,
                '-' => -100,
                _ => 0,
            };
        }
    }
    v
}

fn draw(expect: Expect, board: &Board, values: &[i32], map: &TerritoryMap) {
    assert_board_map(expect, board.size(), |r, c| {
        let p = board.point(r, c).unwrap();
        let i = p.index();
        let s = match (board.cell(p), map.dead[i]) {
            (Cell::Black, false) => "X",
            (Cell::White, false) => "O",
            (Cell::Black, true) => "x",
            (Cell::White, true) => "o",
            _ if map.contested[i] => "?",
            _ => match map.territory[i] {
                Some(Color::Black) => "b",
                Some(Color::White) => "w",
                None if values[i] > 0 => "+",
                None if values[i] < 0 => "-",
                None => ".",
            },
        };
        s.to_string()
    });
}

fn layer1_only() -> TerritoryConfig {
    TerritoryConfig {
        dead_groups: false,
        ..TerritoryConfig::default()
    }
}

/// Layer 1: a point is proto-territory when it is in a player's influence
/// and each neighbour is that player's stone or in that player's influence.
/// Black's points on the left are closed by Black's stones and the edge;
/// C3 and D2 (beside the White stone on D3) and C1 (beside D1, a point in
/// nobody's influence: the seed's "hole") are in Black's influence but not
/// territory; D5 and D4 are White's influence touching Black's stones.
#[test]
fn proto_territory_needs_every_neighbour() {
    let board = Board::from_ascii(
        "
        . . X . .
        . . X . .
        . . . O .
        X X . . .
        . . . . .
        ",
    )
    .unwrap();
    let values = hand_influence(
        &board,
        "
        + + . - -
        + + . - -
        + + + . -
        . . + + -
        + + + . -
        ",
    );
    let map = territory(&board, &values, &layer1_only());
    assert_eq!(map.territory, proto_territory(&board, &values, 0));
    draw(
        expect![[r#"
              A B C D E
            5 b b X - w 5
            4 b b X - w 4
            3 b b + O w 3
            2 X X b + - 2
            1 b b + . - 1
              A B C D E
        "#]],
        &board,
        &values,
        &map,
    );
}

/// The influence threshold: with a threshold of 100 no point of the hand
/// map is in anyone's influence, so nothing is territory.
#[test]
fn the_threshold_is_strict() {
    let board = Board::from_ascii("...\n.X.\n...\n").unwrap();
    let values = hand_influence(&board, "+++\n+.+\n+++\n");
    assert!(
        proto_territory(&board, &values, 99)
            .iter()
            .filter(|o| o.is_some())
            .count()
            == 8
    );
    assert!(proto_territory(&board, &values, 100)
        .iter()
        .all(Option::is_none));
}

/// Layer 2: the lone White stone in Black's influence (its surroundings
/// all Black's) is dead: it and its liberties are Black's territory, and
/// layer 1 then closes over it (the points beside the claimed ones count
/// the dead stone as Black's). The Black stone on the right is alive: its
/// surroundings are its own influence.
#[test]
fn a_stone_in_the_opponents_influence_is_dead() {
    let board = Board::from_ascii(
        "
        . . . . . . .
        . X . . . . .
        . . . . . . .
        . . . O . X .
        . . . . . . .
        . X . . . . .
        . . . . . . .
        ",
    )
    .unwrap();
    let values = hand_influence(
        &board,
        "
        + + + + + + +
        + + + + + + +
        + + + + + + +
        + + + . + + +
        + + + + + + +
        + + + + + + +
        + + + + + + +
        ",
    );
    let proto_only = territory(&board, &values, &layer1_only());
    draw(
        expect![[r#"
               A B C D E F G
             7 b b b b b b b 7
             6 b X b b b b b 6
             5 b b b + b b b 5
             4 b b + O + X b 4
             3 b b b + b b b 3
             2 b X b b b b b 2
             1 b b b b b b b 1
               A B C D E F G
        "#]],
        &board,
        &values,
        &proto_only,
    );
    let map = territory(&board, &values, &TerritoryConfig::default());
    draw(
        expect![[r#"
               A B C D E F G
             7 b b b b b b b 7
             6 b X b b b b b 6
             5 b b b b b b b 5
             4 b b b o b X b 4
             3 b b b b b b b 3
             2 b X b b b b b 2
             1 b b b b b b b 1
               A B C D E F G
        "#]],
        &board,
        &values,
        &map,
    );
}

/// Overlap: two dead stones of opposite colours side by side by a shared
/// liberty (each in the other's influence) claim that liberty for both
/// opponents: it is neutral (`?`).
#[test]
fn claims_of_both_colours_are_neutral() {
    let board = Board::from_ascii(
        "
        . . . . .
        . . . . .
        . O . X .
        . . . . .
        . . . . .
        ",
    )
    .unwrap();
    // Black's influence around the White stone, White's around the Black one.
    let values = hand_influence(
        &board,
        "
        + + + - -
        + + + - -
        + . . . -
        + + + - -
        + + + - -
        ",
    );
    let map = territory(&board, &values, &TerritoryConfig::default());
    draw(
        expect![[r#"
              A B C D E
            5 b b + - w 5
            4 b b + w w 4
            3 b o ? x w 3
            2 b b + w w 2
            1 b b + - w 1
              A B C D E
        "#]],
        &board,
        &values,
        &map,
    );
}

/// The real path influence on 9x9: a Black wall on the third line at the
/// left with a lone White stone behind it (B5), a White position on the
/// right. The invader is dead (Black's territory with its liberties),
/// the two frameworks are each side's territory, the middle column is in
/// between.
#[test]
fn path_influence_framework_and_invader() {
    let board = Board::from_ascii(
        "
        . . . . . . . . .
        . . X . . . O . .
        . . . . . . . . .
        . . X . . . O . .
        . O . . . . . . .
        . . X . . O . . .
        . . . . . . . . .
        . . X . . . O . .
        . . . . . . . . .
        ",
    )
    .unwrap();
    let tables = Arc::new(PathTables::new(9, PathConfig::default()).unwrap());
    let inf = PathInfluence::from_board(tables, &board);
    let map = territory(&board, inf.values(), &TerritoryConfig::default());
    draw(
        expect![[r#"
          A B C D E F G H J
        9 b b b + . - w w w 9
        8 b b X + - w O w w 8
        7 b b b + - w w w w 7
        6 b b X + - w O w w 6
        5 b o b + - w w w w 5
        4 b b X + - O w w w 4
        3 b b b + - w w w w 3
        2 b b X + - w O w w 2
        1 b b b + - w w w w 1
          A B C D E F G H J
    "#]],
        &board,
        inf.values(),
        &map,
    );
}
