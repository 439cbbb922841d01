//! Golden whole-board map of the dragons of one position: every dragon's
//! stones drawn with its letter (upper case Black, lower case White, in
//! scan order of the dragons' origins), compared with the exact board
//! written here (expect-test style: a change to amalgamation shows as a
//! diff of this map).

use katachi_board::Board;
use katachi_engine::analysis::{Analysis, AnalysisConfig};

/// A 9x9 middle game: Black's corner group with a bamboo joint and a
/// diagonal link, White's wall with a one-point jump, a lone stone of
/// each colour, and a Black stone in atari inside White's corner.
const POSITION: &str = "
.........
..X.X....
..X.X.OO.
...X..O..
.OO...O..
.X.O.....
.X..O.O..
..XO.OXO.
.........";

/// Black: the upper group (C8 C7 E8 E7 D6, diagonal links through D7
/// and the empty points beside D6) is one dragon `A`; B4 B3 and C2 join
/// through the diagonal B3-C2 (`C`); G2, in atari inside White's stones,
/// stays alone (`D`). White: every stone is one dragon `b`, linked by
/// diagonals (C5-D4-E3, E3-F2, E3-D2), one-point jumps (G5-G3, E3-G3)
/// and the solid wall G7 H7 G6 G5.
const EXPECTED: &str = "
.........
..A.A....
..A.A.bb.
...A..b..
.bb...b..
.C.b.....
.C..b.b..
..Cb.bDb.
.........";

#[test]
fn dragon_map_of_a_middle_game() {
    let board = Board::from_ascii(POSITION.trim_start()).expect("board");
    let a = Analysis::new(board.clone(), AnalysisConfig::default());
    let map = a.dragons().map(&board);
    println!("{map}");
    assert_eq!(map.trim_end(), EXPECTED.trim_start());
}
