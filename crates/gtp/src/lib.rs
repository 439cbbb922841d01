//! katachi-gtp: the Go Text Protocol, engine side (command registry and the
//! standard commands) and client side (driving other engines).
//!
//! # Engine side
//!
//! A [`Session`] owns a game (board with its undo history, komi, handicap,
//! clock), the start-up [`Config`], and a [`Registry`] of commands.
//! [`serve`] reads GTP version 2 from any reader and answers on any writer;
//! `katachi gtp` is `serve` on standard input and output.
//!
//! ```
//! use katachi_gtp::{serve, Config, Session};
//!
//! let mut session = Session::new(Config::default());
//! let mut out = Vec::new();
//! serve(&mut session, &b"1 boardsize 9\n2 play black E5\n3 color e5\nquit\n"[..], &mut out).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "=1 \n\n=2 \n\n=3 black\n\n= \n\n");
//! ```
//!
//! The layers, one module each: [`reader`] (bounded, lossy line input),
//! [`protocol`] (preprocessing, ids, answer framing), [`registry`] (names to
//! handlers), [`session`] (game state and dispatch), [`server`] (the loop),
//! [`args`] (typed arguments), and [`commands`] (the commands themselves).
//! Garbage never ends a session: unknown or malformed commands get a `?`
//! answer, over-long lines are cut and refused, invalid UTF-8 is replaced,
//! and even a handler bug (a panic) is answered `? internal error: ...`.
//!
//! # Adding commands
//!
//! A module that adds commands exposes `pub fn register(registry: &mut
//! Registry)` and calls [`Registry::add`] once per command with a closure or
//! function `Fn(&mut Session, &Args) -> Reply`:
//!
//! ```
//! use katachi_gtp::{fail, Registry};
//!
//! pub fn register(r: &mut Registry) {
//!     r.add("stone_count", |s, args| {
//!         let Some(color) = args.color(0) else {
//!             return fail("invalid color");
//!         };
//!         let b = s.board();
//!         Ok(b.points().filter(|&p| b.cell(p) == color.cell()).count().to_string())
//!     })
//!     .gogui("string/Black stone count/stone_count black");
//! }
//! # let mut r = Registry::new();
//! # register(&mut r);
//! # assert!(r.contains("stone_count"));
//! ```
//!
//! - The answer text has no `=`; the protocol layer adds `=id ` and the
//!   empty line, and removes empty lines inside a multi-line answer. A
//!   failure is `Err(CommandError)`, usually via [`fail`], answered `? msg`.
//!   Use GNU Go's messages where GNU Go has the command (`invalid
//!   coordinate`, `vertex must not be empty`, `invalid color`, ...), and
//!   [`args::vertex_list`] for vertex lists (board order, as GNU Go).
//! - [`Session::board`]/[`Session::board_mut`] give the position; moves
//!   made with `Board::play` or `Board::try_move` are undone by `undo` or
//!   `Board::undo` in LIFO order (GNU Go's `trymove`/`popgo` map onto
//!   `try_move`/`undo`).
//! - State a module keeps between commands (a `trymove` stack, reading
//!   depths, node counters, caches) lives in [`Session::extensions`], keyed
//!   by its own type: `s.extensions().get_or_default::<MyState>()`. State
//!   tied to the current board's journal can record
//!   [`Session::board_generation`], which changes whenever `boardsize`,
//!   `clear_board`, `loadsgf` or a handicap command replaces the board.
//! - Registering a name twice replaces the earlier command, so a module
//!   registered later may override a simpler version.
//! - Registration must stay cheap: `katachi gtp` answers its first command
//!   in about a millisecond. Heavy data (pattern databases, tables) is built
//!   on first use and kept in an extension.
//! - [`Registry::standard`] calls [`commands::register`] and then
//!   [`analysis::register`]; the analysis commands of the tactical reading
//!   go into [`analysis`] and need no change elsewhere.
//!
//! # Client side
//!
//! [`client`] starts other GTP engines as child processes and talks to them
//! (the match and regression runners use it); [`regress`] reads GNU Go's
//! `.tst` regression scripts and judges answers by GNU Go's rule.

pub mod analysis;
pub mod args;
pub mod client;
pub mod clock;
pub mod commands;
pub mod config;
pub mod connection;
pub mod dragons;
pub mod error;
pub mod extensions;
pub mod eyes;
pub mod influence;
pub mod owl;
pub mod protocol;
pub mod reader;
pub mod registry;
pub mod regress;
pub mod server;
pub mod session;

pub use args::Args;
pub use config::{Config, Engine, MctsOptions, Scoring};
pub use error::{fail, CommandError, Reply};
pub use registry::Registry;
pub use server::serve;
pub use session::{Session, Stream, StreamOut};
