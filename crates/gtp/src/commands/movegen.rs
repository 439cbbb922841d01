//! The classic engine's GTP commands, in GNU Go's formats
//! (gtp-commands.texi), and its part of `genmove`:
//!
//! - `top_moves`: the moves of the last classic generation (the last
//!   `genmove`/`reg_genmove` with `--engine classic`, else a generation
//!   for the player to move), up to ten, `VERTEX VALUE` each, best first.
//! - `top_moves_black`, `top_moves_white`: the same for a generation for
//!   that colour on the current position.
//! - `all_move_values`: every move of positive value of the last
//!   generation, in board order, `VERTEX VALUE` a line.
//! - `move_reasons VERTEX`: one `Move at VERTEX ...` line per reason
//!   (GNU Go's wording; GNU Go prints its `Move reasons:` header on
//!   standard error, so the answer holds the lines only).
//! - `restricted_genmove COLOR VERTEX...`: the best valued move among the
//!   given ones (each valued even without a reason), not played.
//!
//! A generation is kept with the position and colour it was made for, so
//! that `top_moves`, `move_reasons` and `explain_move` after a
//! `reg_genmove` describe that very choice.

use katachi_board::{Board, Color, Move, Point};
use katachi_engine::movegen::{self, Generated, Options};

use crate::analysis::current_analysis;
use crate::args::move_answer;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// The last generation and the position it was for.
#[derive(Default)]
struct ClassicState {
    last: Option<(Key, Generated)>,
}

type Key = (u64, usize, Color);

fn key(board: &Board, color: Color) -> Key {
    (board.hash(), board.size(), color)
}

/// Register the classic engine's commands.
pub fn register(r: &mut Registry) {
    r.add("top_moves", |s, _| {
        let g = match last(s) {
            Some(g) => g,
            None => {
                let c = s.board().to_move();
                generation(s, c)
            }
        };
        Ok(g.format_top(s.board()).trim_end().to_string())
    });
    for (name, color) in [
        ("top_moves_black", Color::Black),
        ("top_moves_white", Color::White),
    ] {
        r.add(name, move |s, _| {
            let g = generation(s, color);
            Ok(g.format_top(s.board()).trim_end().to_string())
        });
    }
    r.add("all_move_values", |s, _| {
        let g = match last(s) {
            Some(g) => g,
            None => {
                let c = s.board().to_move();
                generation(s, c)
            }
        };
        Ok(g.format_all(s.board()))
    });
    r.add("move_reasons", |s, a| {
        let Some(p) = a.vertex(0, s.board()) else {
            return fail("invalid coordinate");
        };
        let g = match last(s) {
            Some(g) => g,
            None => {
                let c = s.board().to_move();
                generation(s, c)
            }
        };
        Ok(g.format_reasons(s.board(), p))
    });
    r.add("restricted_genmove", |s, a| {
        let Some(color) = a.color(0) else {
            return fail("invalid color");
        };
        let mut allowed: Vec<Point> = Vec::new();
        for i in 1..a.len() {
            let Some(p) = a.vertex(i, s.board()) else {
                return fail(format!(
                    "invalid coordinate: {}",
                    a.get(i).unwrap_or_default()
                ));
            };
            allowed.push(p);
        }
        if allowed.is_empty() {
            return fail("no moves to choose from");
        }
        let options = Options {
            pass_below: f64::MIN,
            allowed: Some(allowed),
        };
        let g = with_color(s, color, |s| {
            movegen::generate(current_analysis(s), color, &options)
        });
        let m = g.best.map_or(Move::Pass, Move::Play);
        Ok(move_answer(s.board(), m))
    });
}

/// The kept generation, if it was made on the current position.
fn last(s: &mut Session) -> Option<Generated> {
    let board = s.board().clone();
    let st = s.extensions().get_or_default::<ClassicState>();
    match &st.last {
        Some((k, g)) if *k == key(&board, g.color) => Some(g.clone()),
        _ => None,
    }
}

/// Run `f` with the board's player to move set to `color` (the analysis
/// of the position is the one for that player), then restore it.
fn with_color<T>(s: &mut Session, color: Color, f: impl FnOnce(&mut Session) -> T) -> T {
    let before = s.board().to_move();
    s.board_mut().set_to_move(color);
    let out = f(s);
    s.board_mut().set_to_move(before);
    out
}

/// The classic generation for `color` on the current position (kept).
pub(crate) fn generation(s: &mut Session, color: Color) -> Generated {
    let board = s.board().clone();
    {
        let st = s.extensions().get_or_default::<ClassicState>();
        if let Some((k, g)) = &st.last {
            if *k == key(&board, color) && g.color == color {
                return g.clone();
            }
        }
    }
    let g = with_color(s, color, |s| {
        movegen::generate(current_analysis(s), color, &Options::default())
    });
    s.extensions().get_or_default::<ClassicState>().last = Some((key(&board, color), g.clone()));
    g
}

/// genmove's choice with the classic engine.
pub(crate) fn choose(s: &mut Session, color: Color) -> Move {
    let g = generation(s, color);
    g.best.map_or(Move::Pass, Move::Play)
}

/// `explain_move VERTEX` with the classic engine: the generation for the
/// player to move, or, when the move is the last one played, the
/// generation that chose it.
pub(crate) fn explain(s: &mut Session, m: Move) -> Reply {
    let Move::Play(p) = m else {
        return fail("the classic engine explains moves on the board, not a pass");
    };
    let history = s.board().history().to_vec();
    if history.last().map(|&(_, mv)| mv) == Some(m) {
        let mut before = s.board().clone();
        if before.undo().is_ok() {
            let st = s.extensions().get_or_default::<ClassicState>();
            if let Some((k, g)) = &st.last {
                if *k == key(&before, g.color) {
                    return Ok(format!(
                        "{}\n(the generation before the move was played)",
                        g.explain(&before, p)
                    ));
                }
            }
        }
    }
    let c = s.board().to_move();
    let g = generation(s, c);
    Ok(g.explain(s.board(), p))
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::ok;
    use crate::{Config, Engine, Session};

    fn classic() -> Session {
        Session::new(Config {
            engine: Engine::Classic,
            ..Config::default()
        })
    }

    #[test]
    fn classic_genmove_captures_and_explains() {
        let mut s = classic();
        ok(&mut s, "boardsize 7");
        for m in ["black D5", "white D4", "black C4", "black E4"] {
            ok(&mut s, &format!("play {m}"));
        }
        assert_eq!(ok(&mut s, "reg_genmove black"), "D3");
        let top = ok(&mut s, "top_moves");
        assert!(top.starts_with("D3 "), "{top}");
        let reasons = ok(&mut s, "move_reasons D3");
        assert!(reasons.starts_with("Move at D3 attacks D4"), "{reasons}");
        let all = ok(&mut s, "all_move_values");
        assert!(all.lines().any(|l| l.starts_with("D3 ")), "{all}");
        assert_eq!(ok(&mut s, "genmove black"), "D3");
        let why = ok(&mut s, "explain_move D3");
        assert!(why.contains("classic engine"), "{why}");
        assert!(why.contains("reading: "), "{why}");
        assert!(why.contains("territory"), "{why}");
    }

    #[test]
    fn restricted_genmove_chooses_among_the_given_moves() {
        let mut s = classic();
        ok(&mut s, "boardsize 7");
        for m in ["black D5", "white D4", "black C4", "black E4"] {
            ok(&mut s, &format!("play {m}"));
        }
        // Saving D4 is the only reason-bearing move among these.
        let m = ok(&mut s, "restricted_genmove white A1 D3 G7");
        assert_eq!(m, "D3");
        let m = ok(&mut s, "restricted_genmove white A1 G7");
        assert!(m == "A1" || m == "G7", "{m}");
    }
}
