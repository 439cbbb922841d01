//! The standard GTP commands and GNU Go's game-level extensions, one module
//! per group. Each module has a `register` function; [`register`] calls
//! them all.

pub mod analyze;
pub mod game;
pub mod gnugo;
pub mod gogui;
pub mod handicap;
pub mod mcts;
pub mod movegen;
pub mod moves;
pub mod protocol;
pub mod query;
pub mod score;
pub mod sgf;
pub mod time;

use crate::registry::Registry;

/// The commands every session answers: GTP version 2's required and
/// standard commands and the GNU Go game commands that GUIs and GNU Go's
/// regression suites use. `Registry::standard` holds each of them.
pub const REQUIRED: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "loadsgf",
    "printsgf",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "final_score",
    "is_legal",
    "countlib",
    "findlib",
    "captures",
    "color",
    "list_stones",
    "kgs-genmove_cleanup",
    "gogui-analyze_commands",
    "black",
    "white",
    "gg-undo",
    "query_boardsize",
    "get_komi",
    "get_handicap",
    "last_move",
    "move_history",
    "all_legal",
];

/// Register every command of this module tree.
pub fn register(registry: &mut Registry) {
    protocol::register(registry);
    game::register(registry);
    moves::register(registry);
    gnugo::register(registry);
    handicap::register(registry);
    query::register(registry);
    score::register(registry);
    sgf::register(registry);
    time::register(registry);
    gogui::register(registry);
    mcts::register(registry);
    movegen::register(registry);
    analyze::register(registry);
}

/// Helpers for the command tests: a standard session and a way to run one
/// command line and get `Ok(text)` / `Err(message)`.
#[cfg(test)]
pub(crate) mod testing {
    use crate::{Config, Session};

    /// A session with every standard command.
    pub fn session() -> Session {
        Session::new(Config::default())
    }

    /// Run `line` (`name arg ...`) and return its result text or message.
    pub fn run(s: &mut Session, line: &str) -> Result<String, String> {
        let mut words = line.split_whitespace().map(str::to_string);
        let name = words.next().expect("a command name");
        let args: Vec<String> = words.collect();
        s.run_command(&name, &args)
            .map_err(|e| e.message().to_string())
    }

    /// Serve a whole GTP script (`input`, one command a line) on a fresh
    /// session and return everything it answered.
    pub fn serve_script(input: &str) -> String {
        let mut session = session();
        let mut out = Vec::new();
        crate::serve(&mut session, input.as_bytes(), &mut out).expect("serve");
        String::from_utf8(out).expect("utf8")
    }

    /// Run `line` and expect success.
    pub fn ok(s: &mut Session, line: &str) -> String {
        match run(s, line) {
            Ok(text) => text,
            Err(e) => panic!("{line:?} failed: {e}"),
        }
    }
}
