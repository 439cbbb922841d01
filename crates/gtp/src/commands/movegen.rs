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
//! - `move_probabilities`: the probability of each move being played by
//!   the last classic generation (wherever it was made), `VERTEX P` a
//!   line with four decimals, as GNU Go. The classic engine has no random
//!   part (`--seed` does not change its choice), so the chosen move has
//!   probability 1 (GNU Go's answer without its random seed); a pass is
//!   `PASS 1.0000`; empty before any generation.
//! - `move_uncertainty`: the entropy of those probabilities in bits,
//!   four decimals (0.0000 for this deterministic engine).
//! - `gg_genmove COLOR [SEED]`: GNU Go's "generate without playing" with
//!   an optional random seed; the session's engine chooses as
//!   `reg_genmove` does (the classic engine ignores the seed: it has no
//!   random part).
//!
//! Time: with a time control (`time_settings`, `kgs-time_settings`,
//! `time_left`), the classic engine reads shallower when the clock's
//! budget for the move is short ([`level_for_budget`]), as GNU Go lowers
//! its level under time pressure.
//!
//! A generation is kept with the position and colour it was made for, so
//! that `top_moves`, `move_reasons` and `explain_move` after a
//! `reg_genmove` describe that very choice.

use katachi_board::{Board, Color, Move, Point};
use katachi_engine::movegen::{self, Generated, Options};

use crate::analysis::{current_analysis, reading_in_force, swap_reading};
use crate::args::move_answer;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// The last generation and the position it was for.
#[derive(Default)]
struct ClassicState {
    last: Option<(Key, Generated)>,
}

/// The probability of each move of the last generation being played
/// (only the chosen move, or pass: the classic engine is deterministic).
fn probabilities(g: &Generated) -> Vec<(Move, f64)> {
    vec![(g.best.map_or(Move::Pass, Move::Play), 1.0)]
}

/// The entropy in bits of a probability distribution.
fn entropy_bits(ps: &[(Move, f64)]) -> f64 {
    ps.iter()
        .filter(|(_, p)| *p > 0.0)
        .map(|(_, p)| -p * p.log2())
        .sum::<f64>()
        .max(0.0)
}

/// GNU Go-like level for a move with `budget` seconds: the configured
/// reading (None) with four seconds or more, shallower below (level 10
/// takes about 0.4 to 4 seconds a move on 19x19 on this machine).
pub(crate) fn level_for_budget(budget: f64) -> Option<u32> {
    if budget >= 4.0 {
        None
    } else if budget >= 2.0 {
        Some(8)
    } else if budget >= 1.0 {
        Some(6)
    } else if budget >= 0.5 {
        Some(4)
    } else {
        Some(1)
    }
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
    r.add("move_probabilities", |s, _| {
        let board = s.board().clone();
        let st = s.extensions().get_or_default::<ClassicState>();
        // A generation made on a board of another size (before
        // `boardsize`) names points this board does not have.
        let Some((_, g)) = st.last.as_ref().filter(|(k, _)| k.1 == board.size()) else {
            return Ok(String::new());
        };
        let g = g.clone();
        Ok(probabilities(&g)
            .iter()
            .map(|&(m, p)| format!("{} {p:.4}", move_answer(&board, m)))
            .collect::<Vec<_>>()
            .join("\n"))
    });
    r.add("move_uncertainty", |s, _| {
        let size = s.board().size();
        let st = s.extensions().get_or_default::<ClassicState>();
        let bits = st
            .last
            .as_ref()
            .filter(|(k, _)| k.1 == size)
            .map_or(0.0, |(_, g)| entropy_bits(&probabilities(g)));
        Ok(format!("{bits:.4}"))
    });
    r.add("gg_genmove", |s, a| {
        let Some(color) = a.color(0) else {
            return fail("invalid color");
        };
        if a.len() > 1 && a.number::<u32>(1).is_none() {
            return fail("invalid seed");
        }
        super::moves::generate(s, color, false, false)
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

/// genmove's choice with the classic engine, read shallower when the
/// clock's budget for the move is short.
pub(crate) fn choose(s: &mut Session, color: Color) -> Move {
    let pressed = s
        .clock()
        .budget(color)
        .and_then(level_for_budget)
        .map(katachi_engine::reading::ReadConfig::at_level);
    let g = match pressed {
        Some(fast) => {
            let current = reading_in_force(s);
            // Never deeper than what `level` or the options set.
            let fast = if fast.node_limit < current.node_limit {
                fast
            } else {
                current
            };
            let before = swap_reading(s, Some(fast));
            let g = generation(s, color);
            swap_reading(s, before);
            g
        }
        None => generation(s, color),
    };
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
        // 9x9: on 7x7 the (partial) owl now calls the string in atari
        // dead even after it extends, where GNU Go 3.8 calls it critical.
        ok(&mut s, "boardsize 9");
        for m in ["black E6", "white E5", "black D5", "black F5"] {
            ok(&mut s, &format!("play {m}"));
        }
        // Saving E5 is the only reason-bearing move among these.
        let m = ok(&mut s, "restricted_genmove white A1 E4 J9");
        assert_eq!(m, "E4");
        let m = ok(&mut s, "restricted_genmove white A1 J9");
        assert!(m == "A1" || m == "J9", "{m}");
    }

    #[test]
    fn probabilities_follow_the_last_generation() {
        let mut s = classic();
        ok(&mut s, "boardsize 7");
        assert_eq!(ok(&mut s, "move_probabilities"), "");
        for m in ["black D5", "white D4", "black C4", "black E4"] {
            ok(&mut s, &format!("play {m}"));
        }
        assert_eq!(ok(&mut s, "gg_genmove black 7"), "D3");
        assert_eq!(ok(&mut s, "move_probabilities"), "D3 1.0000");
        assert_eq!(ok(&mut s, "move_uncertainty"), "0.0000");
        // gg_genmove does not play; genmove_black does.
        assert_eq!(ok(&mut s, "genmove_black"), "D3");
        assert_eq!(ok(&mut s, "move_probabilities"), "D3 1.0000");
        assert!(crate::commands::testing::run(&mut s, "gg_genmove black x").is_err());
        // After a change of board size the old generation is gone.
        ok(&mut s, "boardsize 5");
        assert_eq!(ok(&mut s, "move_probabilities"), "");
        assert_eq!(ok(&mut s, "move_uncertainty"), "0.0000");
    }

    /// The value after "value " in `explain_move`'s text.
    fn value_of(why: &str) -> f64 {
        why.split("value ")
            .nth(1)
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no value in {why}"))
    }

    /// The value of the part named `name` (with its trailing space) in
    /// `explain_move`'s text: the number before the colon on its line.
    fn part_of(why: &str, name: &str) -> f64 {
        why.lines()
            .find_map(|l| l.trim_start().strip_prefix(name))
            .and_then(|l| l.split(':').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {name}part: {why}"))
    }

    #[test]
    fn an_unsafe_capture_counts_the_recapture() {
        // White's F5 takes D5-E5 but has one liberty left, E5, where
        // Black takes it back: its point goes back to Black with a
        // prisoner, so F5 is worth less than its captures' balance.
        let mut s = classic();
        ok(&mut s, "boardsize 7");
        for m in [
            "w C6", "w D6", "w E6", "w C5", "w C4", "w D4", "w E4", "b D5", "b E5", "b F6", "b F4",
            "b G5", "b G6", "b G4", "b F7", "b F3", "b A1",
        ] {
            ok(&mut s, &format!("play {m}"));
        }
        ok(&mut s, "top_moves_white");
        let why = ok(&mut s, "explain_move F5");
        assert!(why.contains("unsafe"), "{why}");
        let lost = part_of(&why, "recaptured ");
        assert!(lost < 0.0, "{why}");
        let territory = part_of(&why, "territory ");
        assert!(value_of(&why) < territory, "{why}");
    }

    #[test]
    fn time_pressure_lowers_the_level() {
        assert_eq!(super::level_for_budget(10.0), None);
        let levels: Vec<Option<u32>> = [3.0, 1.5, 0.7, 0.1]
            .into_iter()
            .map(super::level_for_budget)
            .collect();
        assert_eq!(levels, [Some(8), Some(6), Some(4), Some(1)]);
        // Under a tight clock the capture is still found.
        let mut s = classic();
        ok(&mut s, "boardsize 7");
        for m in ["black D5", "white D4", "black C4", "black E4"] {
            ok(&mut s, &format!("play {m}"));
        }
        ok(&mut s, "time_settings 0 1 10");
        assert_eq!(ok(&mut s, "genmove black"), "D3");
    }
}
