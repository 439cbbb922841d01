//! Golden whole-board map of the influence regions of one position
//! (GNU Go's `influence_regions`, katachi's embedded databases), with
//! Black to move. Legend: `X` / `O` stones (±4), `x` / `o` territory
//! (±3), `B` / `W` moyo (±2), `b` / `w` area (±1), `.` neutral. A change
//! to the influence stage shows as a diff of this map
//! (`UPDATE_EXPECT=1` rewrites it; review it by Go knowledge first).

use katachi_board::{Board, Color};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_testkit::golden::{assert_board_map, expect};

/// A 9x9 middle game: Black's upper-left group and White's right side
/// wall, a lone stone of each colour, a Black stone in atari (dead)
/// inside White's lower right.
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

fn code(r: i8) -> &'static str {
    match r {
        4 => "O",
        3 => "o",
        2 => "W",
        1 => "w",
        0 => ".",
        -1 => "b",
        -2 => "B",
        -3 => "x",
        _ => "X",
    }
}

#[test]
fn influence_regions_of_a_middle_game() {
    let board = Board::from_ascii(POSITION.trim_start()).expect("board");
    let a = Analysis::new(board.clone(), AnalysisConfig::default());
    let inf = a.influence(Color::Black);
    // The Black stone at G2 is captured (in atari, White to answer): it
    // radiates nothing and counts as White's point plus a prisoner.
    let g2 = board.parse_vertex("G2").expect("vertex");
    assert!(inf.territory_value(&board, g2) >= 1.0);
    assert_board_map(
        expect![[r#"
              A B C D E F G H J
            9 x x x x B b . . . 9
            8 x x X x X . . w w 8
            7 . b X x X . O O o 7
            6 . . . X . . O o o 6
            5 . O O . . w O o o 5
            4 b X . O w w o o o 4
            3 x X . W O o O o o 3
            2 x x X O o O X O o 2
            1 x x . . w o o o o 1
              A B C D E F G H J
        "#]],
        board.size(),
        |r, c| {
            let p = board.point(r, c).expect("on board");
            code(inf.region(&board, p)).to_string()
        },
    );
}
