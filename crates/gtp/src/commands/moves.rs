//! Commands that play or take back moves: `play`, `undo`, `genmove`,
//! `kgs-genmove_cleanup`, and GNU Go's `reg_genmove` (generate without
//! playing, used by its regression suites).

use katachi_board::Color;
use katachi_engine::baseline;

use katachi_mc::Decision;

use crate::args::move_answer;
use crate::commands::mcts;
use crate::config::Engine;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("play", |s, args| {
        let (Some(color), Some(m)) = (args.color(0), args.game_move(1, s.board())) else {
            return fail("invalid color or coordinate");
        };
        if s.board_mut().play(color, m).is_err() {
            return fail("illegal move");
        }
        Ok(String::new())
    });
    r.add("undo", |s, _| {
        if s.board_mut().undo().is_err() {
            return fail("cannot undo");
        }
        Ok(String::new())
    });
    r.add("genmove", |s, args| {
        let Some(color) = args.color(0) else {
            return fail("invalid color");
        };
        generate(s, color, false, true)
    });
    r.add("kgs-genmove_cleanup", |s, args| {
        let Some(color) = args.color(0) else {
            return fail("invalid color");
        };
        generate(s, color, true, true)
    });
    r.add("reg_genmove", |s, args| {
        let Some(color) = args.color(0) else {
            return fail("invalid color");
        };
        generate(s, color, false, false)
    });
}

/// Choose a move for `color` with the session's engine and, if `play`,
/// play it. The Monte Carlo engine may answer `resign` (nothing is played).
pub(crate) fn generate(s: &mut Session, color: Color, cleanup: bool, play: bool) -> Reply {
    let m = match s.config().engine {
        Engine::Baseline => {
            let options = baseline::Options {
                seed: s.seed(),
                komi: s.komi(),
                cleanup,
            };
            baseline::choose_move(s.board(), color, &options)
        }
        Engine::Classic => super::movegen::choose(s, color),
        Engine::Mcts => match mcts::choose(s, color, cleanup, play) {
            Decision::Play(m) => m,
            Decision::Resign => return Ok("resign".into()),
        },
    };
    let answer = move_answer(s.board(), m);
    if play {
        if let Err(e) = s.board_mut().play(color, m) {
            return fail(format!(
                "internal error: generated illegal move {answer}: {e}"
            ));
        }
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn play_and_its_failures() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        assert_eq!(ok(&mut s, "play black C3"), "");
        assert_eq!(ok(&mut s, "play b c2"), "");
        assert_eq!(ok(&mut s, "play W pass"), "");
        assert_eq!(ok(&mut s, "play w PASS"), "");
        assert_eq!(run(&mut s, "play white C3"), Err("illegal move".into()));
        for bad in [
            "play",
            "play black",
            "play blue C3",
            "play black Z9",
            "play black F1",
            "play black I1",
            "play black A0",
            "play black A6",
            "play C3 black",
        ] {
            assert_eq!(
                run(&mut s, bad),
                Err("invalid color or coordinate".into()),
                "{bad}"
            );
        }
        assert_eq!(ok(&mut s, "list_stones black"), "C3 C2");
    }

    #[test]
    fn play_forbids_suicide_and_ko_recapture() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        // White A1 would be suicide.
        ok(&mut s, "play black A2");
        ok(&mut s, "play black B1");
        assert_eq!(run(&mut s, "play white A1"), Err("illegal move".into()));
        // A ko: black C3 takes white B3; white may not retake at once.
        ok(&mut s, "clear_board");
        for m in ["b B4", "b A3", "b B2", "w C4", "w B3", "w D3", "w C2"] {
            ok(&mut s, &format!("play {m}"));
        }
        ok(&mut s, "play b C3");
        assert_eq!(ok(&mut s, "color B3"), "empty");
        assert_eq!(run(&mut s, "play w B3"), Err("illegal move".into()));
        ok(&mut s, "play w A5");
        ok(&mut s, "play b A1");
        assert_eq!(ok(&mut s, "play w B3"), "");
        assert_eq!(ok(&mut s, "color C3"), "empty");
    }

    #[test]
    fn undo_restores_the_position_and_captures() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        for m in ["b A2", "w A1", "b B1"] {
            ok(&mut s, &format!("play {m}"));
        }
        assert_eq!(ok(&mut s, "color A1"), "empty");
        assert_eq!(ok(&mut s, "captures black"), "1");
        ok(&mut s, "undo");
        assert_eq!(ok(&mut s, "color A1"), "white");
        assert_eq!(ok(&mut s, "captures black"), "0");
        ok(&mut s, "undo");
        ok(&mut s, "undo");
        assert_eq!(run(&mut s, "undo"), Err("cannot undo".into()));
        assert_eq!(ok(&mut s, "list_stones black"), "");
    }

    #[test]
    fn genmove_plays_a_legal_move_and_reg_genmove_does_not_play() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        assert_eq!(run(&mut s, "genmove"), Err("invalid color".into()));
        assert_eq!(run(&mut s, "genmove purple"), Err("invalid color".into()));
        let m = ok(&mut s, "reg_genmove black");
        assert_eq!(ok(&mut s, "list_stones black"), "");
        let played = ok(&mut s, "genmove black");
        assert_eq!(m, played, "same position, same seed, same move");
        assert_eq!(ok(&mut s, &format!("color {played}")), "black");
        let w = ok(&mut s, "genmove w");
        assert_eq!(ok(&mut s, &format!("color {w}")), "white");
        ok(&mut s, "undo");
        assert_eq!(ok(&mut s, &format!("color {w}")), "empty");
    }

    #[test]
    fn genmove_answers_pass_in_capitals_when_nothing_is_left() {
        let mut s = session();
        ok(&mut s, "boardsize 2");
        ok(&mut s, "play black A1");
        ok(&mut s, "play black B2");
        // White's only moves are suicide; Black's only moves fill its eyes.
        // The Monte Carlo engine resigns a lost game, so the side that
        // passes is the one that wins: White with komi 7.5 (Black's 4
        // points lose), Black with komi 0.5.
        assert_eq!(ok(&mut s, "genmove white"), "PASS");
        ok(&mut s, "komi 0.5");
        assert_eq!(ok(&mut s, "kgs-genmove_cleanup black"), "PASS");
    }

    #[test]
    fn the_mcts_engine_resigns_a_lost_game_and_the_baseline_does_not() {
        let mut s = session();
        ok(&mut s, "boardsize 2");
        ok(&mut s, "play black A1");
        ok(&mut s, "play black B2");
        // 4 points against komi 7.5: Black has lost whatever it does.
        assert_eq!(ok(&mut s, "genmove black"), "resign");
        assert_eq!(ok(&mut s, "list_stones black"), "B2 A1", "nothing played");
        let mut b = crate::Session::new(crate::Config {
            engine: crate::Engine::Baseline,
            ..crate::Config::default()
        });
        ok(&mut b, "boardsize 2");
        ok(&mut b, "play black A1");
        ok(&mut b, "play black B2");
        assert_eq!(ok(&mut b, "genmove black"), "PASS");
    }

    #[test]
    fn mcts_stats_lists_the_searched_moves() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        ok(&mut s, "play black C3");
        let text = ok(&mut s, "katachi-mcts_stats white");
        let mut lines = text.lines();
        let head = lines.next().unwrap();
        assert!(head.starts_with("5000 playouts in "), "{head}");
        assert!(head.contains("white to move"), "{head}");
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), 10, "{text}");
        let mut last = u32::MAX;
        for row in rows {
            let w: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(w[1], "visits", "{row}");
            let v: u32 = w[2].parse().unwrap();
            assert!(v <= last, "most visited first: {text}");
            last = v;
            assert_ne!(w[0], "C3", "an occupied point: {text}");
        }
        assert_eq!(
            run(&mut s, "katachi-mcts_stats purple"),
            Err("invalid color".into())
        );
    }

    #[test]
    fn cleanup_plays_on_where_genmove_passes() {
        let mut s = session();
        ok(&mut s, "boardsize 5");
        ok(&mut s, "play black C3");
        ok(&mut s, "play white pass");
        assert_eq!(ok(&mut s, "reg_genmove black"), "PASS");
        assert_ne!(ok(&mut s, "kgs-genmove_cleanup black"), "PASS");
    }
}
