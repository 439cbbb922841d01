//! Locating GNU Go's corpus in `../shared` (or `$KATACHI_SHARED`) at run
//! time: skip with a reason, or fail when `KATACHI_REQUIRE_SHARED=1`.

#![allow(dead_code)]

use std::path::PathBuf;

use katachi_board::playout::Rng;
use katachi_board::{Board, Cell, Color, Move, Point};
use katachi_mc::McBoard;

/// The shared directory, or `None` (after printing why) if it is absent and
/// `KATACHI_REQUIRE_SHARED=1` is not set; panics if it is required but absent.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("KATACHI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    if dir.join("gnugo/patterns").is_dir() {
        return Some(dir);
    }
    if std::env::var("KATACHI_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!(
            "KATACHI_REQUIRE_SHARED=1 but {} has no gnugo/patterns",
            dir.display()
        );
    }
    eprintln!(
        "skipped: {} has no gnugo/patterns (set KATACHI_SHARED)",
        dir.display()
    );
    None
}

/// A proper eye of `c` by the usual definition: the four neighbours are
/// `c`'s stones or off the board, and the opponent holds at most one
/// diagonal in the middle of the board, none on the edge or in the corner.
pub fn proper_eye(b: &Board, p: Point, c: Color) -> bool {
    let own = c.cell();
    let mut edge = false;
    for n in b.neighbors(p) {
        match b.cell(n) {
            Cell::Edge => edge = true,
            x if x == own => {}
            _ => return false,
        }
    }
    let opp = b
        .diagonals(p)
        .iter()
        .filter(|&&d| b.cell(d) == c.opponent().cell())
        .count();
    if edge {
        opp == 0
    } else {
        opp <= 1
    }
}

/// A board from rows (top first): `X` Black, `O` White, `.` empty.
pub fn position(rows: &[&str]) -> Board {
    Board::from_ascii(&rows.join("\n")).expect("a square board of X, O and .")
}

/// Four black stones in atari at F5 in the middle of a 7x7 board, cutting
/// White's stones apart: whoever plays F5 first wins the game (White by
/// capturing them, Black by saving them and keeping White's two strings
/// weak against the black wall).
pub const ATARI: [&str; 7] = [
    ". . . . . . .",
    ". O O O O . .",
    "O X X X X . .",
    ". O O O O . .",
    ". . . . . . .",
    "X X X X X X X",
    ". . . . . . .",
];

/// Plays `mc`'s own playout to its end from `seed` (two passes, or 243
/// moves), calling `each` before every stone is played, and checks after
/// every move that the board and the incremental context are those a
/// fresh computation gives.
pub fn play_checked(mc: &mut McBoard, seed: u64, mut each: impl FnMut(&McBoard, Color, Point)) {
    let mut rng = Rng::new(seed);
    let mut c = Color::Black;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < 243 {
        match mc.choose_move(c, &mut rng) {
            Some(p) => {
                each(mc, c, p);
                mc.play_legal(c, Move::Play(p));
                passes = 0;
            }
            None => {
                mc.play_legal(c, Move::Pass);
                passes += 1;
            }
        }
        moves += 1;
        c = c.opponent();
        mc.board().check_consistency().unwrap();
        mc.check_against_scratch().unwrap();
    }
}
