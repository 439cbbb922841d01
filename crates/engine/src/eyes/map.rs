//! A whole-board ASCII map of one colour's eye spaces, what GNU Go's `-E`
//! shows in colour, in plain text for goldens and the cli:
//! - `x` / `o`: a proper empty eye point of black / white;
//! - `!`: a marginal eye point (empty or a stone);
//! - `*`: an opponent stone inside the eye space (dead or invisible);
//! - `h` / `f`: an eye point the topology finds a half / false eye (a
//!   false eye is marginal too);
//! - `X` / `O` / `.`: stones and empty points outside the eye spaces.

use katachi_board::{Board, Cell, Color, COLUMN_LETTERS};

use super::{EyeKind, Eyes};

/// The map of `color`'s eye spaces on `board`.
pub fn eye_map(board: &Board, eyes: &Eyes, color: Color) -> String {
    let n = board.size();
    let ce = eyes.of(color);
    let letters: String = COLUMN_LETTERS[..n]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let mut out = format!("  {letters}\n");
    for row in 0..n {
        out.push_str(&format!("{:>2}", n - row));
        for col in 0..n {
            let p = board.point(row, col).expect("on the board");
            let cell = board.cell(p);
            let ch = match ce.point(p) {
                Some(e) => match ce.half_eye(p).map(|h| h.kind) {
                    Some(EyeKind::Half) => 'h',
                    Some(EyeKind::False) => 'f',
                    _ if e.marginal => '!',
                    _ if cell != Cell::Empty => '*',
                    _ => match color {
                        Color::Black => 'x',
                        Color::White => 'o',
                    },
                },
                None => match cell {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                },
            };
            out.push(' ');
            out.push(ch);
        }
        out.push('\n');
    }
    out
}
