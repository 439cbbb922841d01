//! katachi-sgf: reading, writing and loading SGF game records (FF[1]–FF[4]).
//!
//! Written in-house rather than taken from a crate: the reader must report
//! every fault with line and column, accept old FF[1]–FF[3] files leniently,
//! never panic on any input, and keep values raw for exact round trips;
//! that is a few hundred lines and fully under our control.
//!
//! Stages, each its own module:
//! - [`parse`](mod@parse): text → [`Collection`] of game trees ([`Node`]s holding
//!   ordered [`Property`] lists with raw values), errors as [`SgfError`];
//! - [`point`]: SGF point values ↔ `(row, col)`, passes;
//! - [`text`]: Text/SimpleText escaping rules;
//! - [`load`](mod@load): a game → [`katachi_board::Board`] at move N or at the
//!   first move at a point, as GNU Go's `loadsgf`;
//! - [`write`](mod@write) and [`record`]: trees → text, and building annotated games.
//!
//! ```
//! let games = katachi_sgf::parse("(;SZ[9]C[hi];B[ee](;W[cc])(;W[gg]))").unwrap();
//! let root = &games.games[0];
//! assert_eq!(root.get("SZ"), Some("9"));
//! assert_eq!(root.children[0].children.len(), 2);
//! ```

#![deny(missing_docs)]

pub mod error;
pub mod load;
pub mod parse;
pub mod point;
pub mod record;
pub mod text;
pub mod tree;
pub mod write;

pub use error::{Pos, SgfError, SgfErrorKind};
pub use load::{load, LoadError, Loaded, Target};
pub use parse::{parse, parse_bytes};
pub use point::{point_to_sgf, sgf_point_list, sgf_point_to, PointError};
pub use record::{color_id, position_record, GameRecord, Mark};
pub use tree::{Collection, MainLine, Node, Property};
pub use write::{write, write_game};

/// Either stage of reading a game from text failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The text is not valid SGF.
    #[error("{0}")]
    Parse(#[from] SgfError),
    /// The SGF is valid but cannot be loaded onto a board.
    #[error("{0}")]
    Load(#[from] LoadError),
}

/// Parse `text` and load its first game up to `target` along the main line.
pub fn load_str(text: &str, target: Target) -> Result<Loaded, ReadError> {
    let collection = parse(text)?;
    let game = collection.games.first().ok_or(LoadError::NoGame)?;
    Ok(load(game, target, &[])?)
}

/// Like [`load_str`] for raw bytes (see [`parse_bytes`]).
pub fn load_bytes(bytes: &[u8], target: Target) -> Result<Loaded, ReadError> {
    let collection = parse_bytes(bytes)?;
    let game = collection.games.first().ok_or(LoadError::NoGame)?;
    Ok(load(game, target, &[])?)
}
