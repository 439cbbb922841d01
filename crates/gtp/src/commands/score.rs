//! `final_score`: the area (Chinese) count of the current position.
//!
//! Until dead-stone analysis exists, every stone on the board counts as
//! alive: the result is right for games played out until the dead stones
//! are captured (as `kgs-genmove_cleanup` does), and wrong otherwise.
//! GNU Go's optional random-seed argument is accepted and ignored.

use katachi_board::Board;

use crate::registry::Registry;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("final_score", |s, _| Ok(area_result(s.board(), s.komi())))
        .gogui("string/Final score (all stones alive)/final_score");
}

/// The result as SGF's `RE` writes it: `B+3.5`, `W+0.5`, or `0` for a draw.
pub fn area_result(board: &Board, komi: f32) -> String {
    let score = board.area_score(&[]);
    result_text(score.black - score.white - komi)
}

/// `B+x`/`W+x` with one decimal, or `0`, for Black's margin.
pub fn result_text(black_margin: f32) -> String {
    if black_margin > 0.0 {
        format!("B+{black_margin:.1}")
    } else if black_margin < 0.0 {
        format!("W+{:.1}", -black_margin)
    } else {
        "0".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::testing::{ok, session};

    #[test]
    fn result_texts() {
        assert_eq!(result_text(29.5), "B+29.5");
        assert_eq!(result_text(-6.5), "W+6.5");
        assert_eq!(result_text(3.0), "B+3.0");
        assert_eq!(result_text(0.0), "0");
    }

    #[test]
    fn area_count_with_every_stone_alive() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        ok(&mut s, "komi 6.5");
        assert_eq!(ok(&mut s, "final_score"), "W+6.5");
        // A black wall on column C, white wall on column D: Black owns
        // columns A-C (15 points), White D-E (10 points).
        for row in 1..=5 {
            ok(&mut s, &format!("play b C{row}"));
            ok(&mut s, &format!("play w D{row}"));
        }
        assert_eq!(ok(&mut s, "final_score"), "W+1.5"); // 15 - 10 - 6.5
        ok(&mut s, "komi 0");
        assert_eq!(ok(&mut s, "final_score"), "B+5.0");
        ok(&mut s, "komi 5");
        assert_eq!(ok(&mut s, "final_score"), "0");
        // A white stone inside Black's area counts as alive: the empty
        // points there touch both colours and count for nobody.
        ok(&mut s, "play w A3");
        assert_eq!(ok(&mut s, "final_score"), "W+11.0"); // 5 - 11 - 5
    }
}
