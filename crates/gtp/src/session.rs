//! A GTP session: the game state every command works on, and the dispatch
//! of one input line to its command.
//!
//! The session owns the board (with its undo journal, which is the game
//! history for `undo`), komi, handicap, clock, the start-up [`Config`], the
//! command [`Registry`] and the [`Extensions`] of other command modules.
//! It is a plain value: two sessions in one process share nothing.

use std::fmt;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;

use katachi_board::{Board, BoardError};

use crate::args::Args;
use crate::clock::Clock;
use crate::config::Config;
use crate::error::CommandError;
use crate::extensions::Extensions;
use crate::protocol::{format_answer, leading_id, parse_line, Parsed};
use crate::registry::Registry;

/// The state of one GTP conversation.
#[derive(Debug)]
pub struct Session {
    config: Config,
    registry: Arc<Registry>,
    board: Board,
    komi: f32,
    handicap: usize,
    clock: Clock,
    extensions: Extensions,
    generation: u64,
    quit: bool,
    stream: Option<PendingStream>,
    seed: u64,
}

/// Where a streamed answer goes: text for the controller, and whether the
/// controller has sent another command (which ends an analysis stream).
pub trait StreamOut {
    /// Writes `text` and flushes it.
    fn emit(&mut self, text: &str) -> io::Result<()>;
    /// Whether another input line has arrived.
    fn interrupted(&self) -> bool;
}

/// A command whose answer goes on after its first line, as the GUI
/// analysis commands' do (`lz-analyze`, `genmove_analyze`, ...): the
/// server writes `=ID` and a line feed, runs the stream, which emits its
/// lines, and ends the answer with an empty line.
pub trait Stream: Send {
    /// Runs the stream to its end (for analysis: until `out` says another
    /// command arrived).
    fn run(self: Box<Self>, session: &mut Session, out: &mut dyn StreamOut) -> io::Result<()>;
}

/// A stream a command started, waiting for the server.
struct PendingStream(Box<dyn Stream>);

impl fmt::Debug for PendingStream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PendingStream")
    }
}

impl Session {
    /// A session answering every standard command ([`Registry::standard`]).
    pub fn new(config: Config) -> Session {
        Session::with_registry(config, Registry::standard())
    }

    /// A session answering the commands of `registry`.
    ///
    /// If `config.board_size` is not supported the session starts on 19x19.
    pub fn with_registry(config: Config, registry: Registry) -> Session {
        let board = new_board(config.board_size, &config)
            .or_else(|_| new_board(crate::config::DEFAULT_BOARD_SIZE, &config))
            .expect("19x19 is always supported");
        Session {
            komi: config.komi,
            seed: config.seed,
            config,
            registry: Arc::new(registry),
            board,
            handicap: 0,
            clock: Clock::default(),
            extensions: Extensions::new(),
            generation: 0,
            quit: false,
            stream: None,
        }
    }

    /// The start-up configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Seed of the session's random choices (genmove's search, the
    /// status playouts): `--seed` at start, changed by GTP
    /// `set_random_seed` so that a match runner can give each game its own.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Sets the seed of the session's random choices.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The commands this session answers.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The current position, for commands that change it. Moves played
    /// with `Board::play` can be taken back by `undo`.
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Replace the position (after `loadsgf`, say). The session's ko rule
    /// is applied to the new board; the handicap count is reset to 0.
    pub fn set_board(&mut self, mut board: Board) {
        board.set_ko_rule(self.config.ko_rule);
        self.board = board;
        self.handicap = 0;
        self.generation += 1;
    }

    /// A number that changes whenever the board is replaced (`boardsize`,
    /// `clear_board`, `loadsgf`, ...), but not when moves are played or
    /// undone. State that refers to the current board's move journal (a
    /// `trymove` stack, say) can store it and notice that the board it
    /// refers to is gone.
    pub fn board_generation(&self) -> u64 {
        self.generation
    }

    /// Start an empty board of `size` (GTP `boardsize`) with the session's
    /// ko rule.
    pub fn reset_board(&mut self, size: usize) -> Result<(), BoardError> {
        let board = new_board(size, &self.config)?;
        self.set_board(board);
        Ok(())
    }

    /// Current komi.
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Set the komi.
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    /// Number of handicap stones placed on the current board.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// Record the number of handicap stones placed.
    pub fn set_handicap(&mut self, stones: usize) {
        self.handicap = stones;
    }

    /// The game clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The game clock, for the time commands.
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
    }

    /// State kept by other command modules.
    pub fn extensions(&mut self) -> &mut Extensions {
        &mut self.extensions
    }

    /// Ask the session to end after the current answer (GTP `quit`).
    pub fn request_quit(&mut self) {
        self.quit = true;
    }

    /// Whether `quit` was received.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Run one command by name, without the protocol framing. Unknown
    /// commands fail with `unknown command`. A handler that panics (a bug,
    /// never bad input) gives a failure instead of ending the session.
    pub fn run_command(&mut self, name: &str, words: &[String]) -> Result<String, CommandError> {
        let registry = Arc::clone(&self.registry);
        let Some(entry) = registry.get(name) else {
            return Err(CommandError::new("unknown command"));
        };
        let args = Args::new(words);
        match panic::catch_unwind(AssertUnwindSafe(|| entry.call(self, &args))) {
            Ok(reply) => reply,
            Err(payload) => {
                let what = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown".to_string());
                Err(CommandError::new(format!("internal error: {what}")))
            }
        }
    }

    /// Answer one input line (without its line feed): the full answer text
    /// (`=`/`?`, id, result, empty line), or `None` for lines GTP ignores
    /// (empty, blank, comments). A command that started a stream
    /// ([`Session::start_stream`]) is answered with its first line only,
    /// `=ID` and a line feed; the server then runs the stream
    /// ([`Session::take_stream`]).
    pub fn execute_line(&mut self, line: &str) -> Option<String> {
        match parse_line(line) {
            Parsed::Skip => None,
            Parsed::Invalid { id, message } => Some(format_answer(id.as_deref(), Err(&message))),
            Parsed::Request(request) => {
                self.stream = None;
                let reply = self.run_command(&request.name, &request.args);
                let id = request.id.as_deref();
                Some(match &reply {
                    Ok(_) if self.stream.is_some() => format!("={}\n", id.unwrap_or("")),
                    Ok(text) => format_answer(id, Ok(text)),
                    Err(e) => {
                        self.stream = None;
                        format_answer(id, Err(e.message()))
                    }
                })
            }
        }
    }

    /// Makes the current command's answer a stream: the command returns
    /// `Ok` (its text is not used) and the server runs `stream`.
    pub fn start_stream(&mut self, stream: Box<dyn Stream>) {
        self.stream = Some(PendingStream(stream));
    }

    /// The stream the last command started, if any.
    pub fn take_stream(&mut self) -> Option<Box<dyn Stream>> {
        self.stream.take().map(|s| s.0)
    }

    /// The answer to a line that was cut because it was too long: a failure
    /// carrying the line's id, without running anything.
    pub fn reject_long_line(&self, line: &str) -> String {
        format_answer(leading_id(line).as_deref(), Err("line too long"))
    }
}

fn new_board(size: usize, config: &Config) -> Result<Board, BoardError> {
    let mut board = Board::new(size)?;
    board.set_ko_rule(config.ko_rule);
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        let mut registry = Registry::new();
        registry.add("echo", |_, args| Ok(args.words().join(" ")));
        registry.add("boom", |_, _| panic!("kaboom"));
        registry.add("bye", |s, _| {
            s.request_quit();
            Ok(String::new())
        });
        Session::with_registry(Config::default(), registry)
    }

    #[test]
    fn lines_are_answered_with_ids() {
        let mut s = session();
        assert_eq!(s.execute_line("1 echo a  b"), Some("=1 a b\n\n".into()));
        assert_eq!(s.execute_line("echo"), Some("= \n\n".into()));
        assert_eq!(s.execute_line("  # comment"), None);
        assert_eq!(s.execute_line(""), None);
        assert_eq!(
            s.execute_line("7 nope"),
            Some("?7 unknown command\n\n".into())
        );
        assert_eq!(s.execute_line("ECHO"), Some("? unknown command\n\n".into()));
        assert_eq!(
            s.execute_line("8"),
            Some("?8 missing command name\n\n".into())
        );
    }

    #[test]
    fn a_panicking_handler_does_not_end_the_session() {
        let mut s = session();
        // The panic message appears on the test's standard error; that is
        // expected.
        let answer = s.execute_line("3 boom");
        assert_eq!(answer, Some("?3 internal error: kaboom\n\n".into()));
        assert_eq!(s.execute_line("echo ok"), Some("= ok\n\n".into()));
    }

    #[test]
    fn quit_is_recorded() {
        let mut s = session();
        assert!(!s.quit_requested());
        s.execute_line("bye");
        assert!(s.quit_requested());
    }

    #[test]
    fn long_lines_are_rejected_with_their_id() {
        let s = session();
        assert_eq!(s.reject_long_line("12 play xxxx"), "?12 line too long\n\n");
        assert_eq!(s.reject_long_line("xxxx"), "? line too long\n\n");
    }

    #[test]
    fn board_generation_changes_when_the_board_is_replaced() {
        let mut s = Session::new(Config::default());
        let g0 = s.board_generation();
        s.execute_line("play black D4");
        s.execute_line("undo");
        assert_eq!(s.board_generation(), g0);
        s.execute_line("clear_board");
        let g1 = s.board_generation();
        assert_ne!(g1, g0);
        s.execute_line("boardsize 9");
        let g2 = s.board_generation();
        assert_ne!(g2, g1);
        s.execute_line("boardsize 99");
        assert_eq!(
            s.board_generation(),
            g2,
            "a failed boardsize changes nothing"
        );
    }

    #[test]
    fn sessions_can_move_between_threads() {
        fn assert_send<T: Send>() {}
        assert_send::<Session>();
        let mut s = Session::new(Config::default());
        let answer = std::thread::spawn(move || s.execute_line("1 name"))
            .join()
            .unwrap();
        assert_eq!(answer, Some("=1 katachi\n\n".into()));
    }

    #[test]
    fn unsupported_start_size_falls_back_to_19() {
        let config = Config {
            board_size: 99,
            ..Config::default()
        };
        let s = Session::with_registry(config, Registry::new());
        assert_eq!(s.board().size(), 19);
    }
}
