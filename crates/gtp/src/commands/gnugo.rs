//! GNU Go's set-up and board commands beyond GTP version 2's standard set,
//! as gtp-commands.texi lists them and GNU Go 3.8 answers them: the old
//! GTP version 1 move commands (`black`, `white`, and the `playblack`/
//! `playwhite` spelling of the manual), `genmove_black`/`genmove_white`,
//! `gg-undo`, `query_boardsize`, `get_komi`, `get_handicap`, `last_move`,
//! `move_history`, `all_legal`, `echo`, `echo_err` and `help`.
//!
//! GNU Go's regression suites and older controllers send these; a command
//! katachi does not know ends a suite's test with `? unknown command`.
//! Analysis commands that need dragons, owl, eyes or influence are not
//! here: they come with those stages.

use katachi_board::{Color, Move};

use crate::args::{color_word, move_answer, vertex_list, Args};
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    // GTP version 1's move commands; GNU Go 3.8 answers `black` and
    // `white`, its manual spells the second `playwhite`.
    for (name, color) in [
        ("black", Color::Black),
        ("white", Color::White),
        ("playblack", Color::Black),
        ("playwhite", Color::White),
    ] {
        r.add(name, move |s, args| play(s, args, color));
    }
    for (name, color) in [
        ("genmove_black", Color::Black),
        ("genmove_white", Color::White),
    ] {
        r.add(name, move |s, _| {
            super::moves::generate(s, color, false, true)
        });
    }
    r.add("gg-undo", |s, args| {
        // GNU Go reads a number if there is one and undoes one move otherwise.
        let n = args.number::<i64>(0).unwrap_or(1);
        if n < 0 {
            return fail("can't undo a negative number of moves");
        }
        let n = n as usize;
        if n > game_moves(s).len() {
            return fail("cannot undo");
        }
        for _ in 0..n {
            if s.board_mut().undo().is_err() {
                return fail("cannot undo");
            }
        }
        Ok(String::new())
    });
    r.add("query_boardsize", |s, _| Ok(s.board().size().to_string()));
    // GNU Go prints komi with C's `%4.1f`: ` 6.5`, `-3.0`, `10.5`.
    r.add("get_komi", |s, _| Ok(format!("{:4.1}", s.komi())));
    // The stones of `fixed_handicap`/`place_free_handicap`/
    // `set_free_handicap`, and, unlike GNU Go 3.8 (which answers 0 there),
    // the `HA` of a file read by `loadsgf`.
    r.add("get_handicap", |s, _| Ok(s.handicap().to_string()));
    r.add("last_move", |s, _| {
        let Some(&(color, m)) = game_moves(s).last() else {
            return fail("no previous move known");
        };
        Ok(format!(
            "{} {}",
            color_word(color),
            move_answer(s.board(), m)
        ))
    });
    r.add("move_history", |s, _| {
        let lines: Vec<String> = game_moves(s)
            .iter()
            .rev()
            .map(|&(color, m)| format!("{} {}", color_word(color), move_answer(s.board(), m)))
            .collect();
        Ok(lines.join("\n"))
    });
    r.add("all_legal", |s, args| {
        let Some(color) = args.color(0) else {
            return fail("invalid color");
        };
        let b = s.board();
        let legal = b
            .points()
            .filter(|&p| b.check_move(color, Move::Play(p)).is_ok());
        Ok(vertex_list(b, legal))
    });
    r.add("echo", |_, args| Ok(args.words().join(" ")));
    r.add("echo_err", |_, args| {
        let text = args.words().join(" ");
        eprintln!("{text}");
        Ok(text)
    });
    r.add("help", |s, _| {
        Ok(s.registry().names().collect::<Vec<_>>().join("\n"))
    });
}

/// `black`/`white VERTEX`: play a move of that colour.
fn play(s: &mut Session, args: &Args<'_>, color: Color) -> Reply {
    let Some(m) = args.game_move(0, s.board()) else {
        return fail("invalid coordinate");
    };
    if s.board_mut().play(color, m).is_err() {
        return fail("illegal move");
    }
    Ok(String::new())
}

/// The moves of the game, oldest first: the board's history without the
/// hypothetical moves of `trymove`/`tryko` still on the stack (GNU Go does
/// not list those either).
fn game_moves(s: &mut Session) -> Vec<(Color, Move)> {
    let tried = crate::analysis::tried_moves(s);
    let history = s.board().history();
    history[..history.len().saturating_sub(tried)].to_vec()
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn old_move_commands_play_and_fail_as_gnugo() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        assert_eq!(ok(&mut s, "black E5"), "");
        assert_eq!(ok(&mut s, "white C3"), "");
        assert_eq!(ok(&mut s, "playblack D4"), "");
        assert_eq!(ok(&mut s, "playwhite pass"), "");
        assert_eq!(ok(&mut s, "list_stones black"), "E5 D4");
        assert_eq!(ok(&mut s, "list_stones white"), "C3");
        assert_eq!(run(&mut s, "black E5"), Err("illegal move".into()));
        for bad in ["white", "white ZZ", "black J10", "white I5"] {
            assert_eq!(run(&mut s, bad), Err("invalid coordinate".into()), "{bad}");
        }
        assert_eq!(
            ok(&mut s, "move_history"),
            "white PASS\nblack D4\nwhite C3\nblack E5"
        );
        assert_eq!(ok(&mut s, "last_move"), "white PASS");
    }

    #[test]
    fn gg_undo_takes_back_n_moves_or_none() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        for m in ["black E5", "white C3", "black pass"] {
            ok(&mut s, m);
        }
        assert_eq!(ok(&mut s, "gg-undo"), "");
        assert_eq!(ok(&mut s, "last_move"), "white C3");
        assert_eq!(run(&mut s, "gg-undo 3"), Err("cannot undo".into()));
        assert_eq!(
            ok(&mut s, "move_history"),
            "white C3\nblack E5",
            "nothing undone"
        );
        assert_eq!(
            run(&mut s, "gg-undo -1"),
            Err("can't undo a negative number of moves".into())
        );
        assert_eq!(ok(&mut s, "gg-undo 0"), "");
        assert_eq!(ok(&mut s, "gg-undo 2"), "");
        assert_eq!(ok(&mut s, "move_history"), "");
        assert_eq!(
            run(&mut s, "last_move"),
            Err("no previous move known".into())
        );
        assert_eq!(run(&mut s, "gg-undo"), Err("cannot undo".into()));
    }

    #[test]
    fn setting_queries() {
        let mut s = session();
        assert_eq!(ok(&mut s, "query_boardsize"), "19");
        assert_eq!(
            ok(&mut s, "get_komi"),
            " 7.5",
            "katachi starts with komi 7.5"
        );
        for (komi, want) in [("6.5", " 6.5"), ("-3", "-3.0"), ("10.5", "10.5")] {
            ok(&mut s, &format!("komi {komi}"));
            assert_eq!(ok(&mut s, "get_komi"), want);
        }
        ok(&mut s, "boardsize 13");
        assert_eq!(ok(&mut s, "query_boardsize"), "13");
        assert_eq!(ok(&mut s, "get_handicap"), "0");
        ok(&mut s, "fixed_handicap 3");
        assert_eq!(ok(&mut s, "get_handicap"), "3");
        // Handicap stones are not moves.
        assert_eq!(ok(&mut s, "move_history"), "");
        ok(&mut s, "clear_board");
        assert_eq!(ok(&mut s, "get_handicap"), "0");
    }

    #[test]
    fn trymove_moves_are_not_game_moves() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        ok(&mut s, "black E5");
        ok(&mut s, "trymove white C3");
        assert_eq!(ok(&mut s, "move_history"), "black E5");
        assert_eq!(ok(&mut s, "last_move"), "black E5");
        ok(&mut s, "popgo");
        assert_eq!(ok(&mut s, "move_history"), "black E5");
    }

    #[test]
    fn all_legal_lists_legal_points_in_board_order() {
        let mut s = session();
        ok(&mut s, "boardsize 3");
        ok(&mut s, "black B2");
        ok(&mut s, "white A1");
        assert_eq!(ok(&mut s, "all_legal black"), "A3 B3 C3 A2 C2 B1 C1");
        assert_eq!(run(&mut s, "all_legal"), Err("invalid color".into()));
        assert_eq!(run(&mut s, "all_legal purple"), Err("invalid color".into()));
        // White's suicide points are left out: none yet, so all empty ones.
        assert_eq!(ok(&mut s, "all_legal white"), "A3 B3 C3 A2 C2 B1 C1");
        ok(&mut s, "black A2");
        ok(&mut s, "black B1");
        // White A1 is captured; the empty corner is suicide for White.
        assert_eq!(ok(&mut s, "color A1"), "empty");
        assert!(!ok(&mut s, "all_legal white").contains("A1"));
        assert!(ok(&mut s, "all_legal black").contains("A1"));
    }

    #[test]
    fn echo_and_help() {
        let mut s = session();
        assert_eq!(ok(&mut s, "echo hello world"), "hello world");
        assert_eq!(ok(&mut s, "echo_err to stderr"), "to stderr");
        assert_eq!(ok(&mut s, "echo"), "");
        assert_eq!(ok(&mut s, "help"), ok(&mut s, "list_commands"));
    }
}
