//! `gogui-analyze_commands`: the analyze commands GoGui shows in its menu,
//! collected from the [`Entry::gogui`](crate::registry::Entry::gogui)
//! declarations of every registered command, so a module that adds
//! commands adds their menu entries in the same place. Only commands that
//! do not change the position are listed (GoGui tracks the game itself);
//! a test runs every entry and compares the game before and after.

use crate::registry::Registry;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("gogui-analyze_commands", |s, _| {
        let lines: Vec<&str> = s
            .registry()
            .entries()
            .flat_map(|e| e.gogui_lines().iter().map(String::as_str))
            .collect();
        Ok(lines.join("\n"))
    });
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, run, session};
    use crate::Session;

    /// A 9x9 game with komi 5.5 and, unless `empty`, a capture and a pass
    /// (an empty board too, as commands such as handicap placement only
    /// act there).
    fn game(empty: bool) -> Session {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        ok(&mut s, "komi 5.5");
        if empty {
            return s;
        }
        for m in [
            "b E5", "w D5", "b C3", "w E4", "b D6", "w F5", "b C5", "w E6", "b D4", "w pass",
            "b E7", "w C4",
        ] {
            ok(&mut s, &format!("play {m}"));
        }
        s
    }

    /// Everything GoGui could see of the game: the board, captures, komi,
    /// the SGF of the position, and the history (the boards undo goes
    /// back through).
    fn state(s: &mut Session) -> Vec<String> {
        let mut seen = vec![
            ok(s, "showboard"),
            ok(s, "printsgf"),
            ok(s, "captures black"),
            ok(s, "captures white"),
            s.komi().to_string(),
            s.handicap().to_string(),
            s.board_generation().to_string(),
        ];
        while run(s, "undo").is_ok() {
            seen.push(ok(s, "showboard"));
        }
        seen
    }

    /// Runs every analyze command on the game (`empty`: on an empty
    /// board) and checks that the game is as it was.
    fn analyze_commands_leave_alone(empty: bool) {
        let want = state(&mut game(empty));
        let mut s = game(empty);
        let text = ok(&mut s, "gogui-analyze_commands");
        // Points for `%p`: a black stone, a white one, empty points.
        // A command without `%p` runs once: four runs of the same
        // command on the same game were most of this test's 56 s.
        for point in ["E5", "D5", "A1", "J9"] {
            for line in text.lines() {
                let command = line.splitn(3, '/').nth(2).unwrap();
                if command.contains("%p") || point == "E5" {
                    let _ = run(&mut s, &command.replace("%p", point));
                }
            }
        }
        assert_eq!(
            state(&mut s),
            want,
            "an analyze command changed the game (empty board: {empty})"
        );
    }

    // Two tests, so that the test threads run the two games at once (one
    // test was the binary's longest by four times).
    #[test]
    fn analyze_commands_leave_the_game_alone() {
        analyze_commands_leave_alone(false);
    }

    #[test]
    fn analyze_commands_leave_the_empty_board_alone() {
        analyze_commands_leave_alone(true);
    }

    #[test]
    fn every_line_is_well_formed_and_names_a_known_command() {
        let mut s = session();
        let text = ok(&mut s, "gogui-analyze_commands");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 8, "{text}");
        for line in lines {
            let parts: Vec<&str> = line.splitn(3, '/').collect();
            assert_eq!(parts.len(), 3, "{line}");
            assert!(
                [
                    "none", "string", "plist", "pspairs", "sboard", "cboard", "gfx", "hstring",
                    "hpstring", "var", "dboard"
                ]
                .contains(&parts[0]),
                "{line}"
            );
            let command = parts[2].split(' ').next().unwrap();
            assert_eq!(
                ok(&mut s, &format!("known_command {command}")),
                "true",
                "{line}"
            );
        }
    }
}
