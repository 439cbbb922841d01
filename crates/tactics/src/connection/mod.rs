//! Connection reading (reading.texi, "Connection Reading"): can two strings
//! of one colour be joined if their owner moves first
//! ([`string_connect`]), and can they be kept apart if the opponent moves
//! first ([`disconnect`])?
//!
//! The search is a minimax between the *connector* (the strings' owner) and
//! the *disconnector*, over candidate moves taken from the shape between
//! the two strings, with the tactical reader deciding every capture:
//!
//! - `distance.rs`: how many empty points a path from one string to the other
//!   needs (friendly strings on the way cost nothing, opponent strings with
//!   one or two liberties cost the moves that capture them); the points
//!   on the shortest paths are the battlefield of both sides (common liberties, bamboo joints, hane and
//!   cutting points, monkey jumps along the edge are all such points).
//! - `rules.rs`: when two strings count as connected or disconnected
//!   without further reading (one string; two shared liberties as miai; no
//!   short path left).
//! - `moves.rs`: the candidates of each side (path points, captures of
//!   separating strings and defences of the strings themselves read with
//!   [`Reader::attack`]/[`Reader::find_defense`], double ataris, ataris,
//!   rescuing cutting stones).
//! - `threats.rs`: the connector's one-move threats; the disconnector may
//!   only play moves that answer all of them.
//! - `search.rs`: the alternating search with ko (the tactical reader's
//!   komaster scheme: a result that needs a conditional ko capture is at
//!   best KO_B), iterative deepening up to a depth limit under a node
//!   limit, and a transposition cache keyed by the Zobrist hash.
//!
//! Result codes, node budget, counters and the cache's table are the search
//! kit's ([`crate::search`]), shared with the tactical reader. Result codes
//! are WIN, KO_A, KO_B, FAIL. A query
//! that runs out of nodes keeps the best result proved before. A variation
//! cut by the depth limit is scored by the static rules, the connector to
//! move also connecting at a shared liberty that is not a self-atari.
//!
//! ```text
//! let (code, mv) = connection::string_connect(&mut reader, a, b);
//! let (code, mv) = connection::disconnect(&mut reader, a, b);
//! ```

mod distance;
mod moves;
mod rules;
mod search;
mod threats;

use katachi_board::Point;

use crate::reading::Reader;
pub use crate::search::{Code, Stats};

/// Limits of one connection query: part of the reader's [`ReadConfig`],
/// so that the one reading configuration reaches connection reading too.
pub use crate::reading::ConnectionConfig;

/// Counters of one connection query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConnectionStats {
    /// The connection search's own: positions searched, results answered
    /// from the connection cache, moves played, whether the node limit cut
    /// the search short.
    pub search: Stats,
    /// The tactical reader's, summed over the captures the search asked
    /// about (each such query has the reader's own node limit).
    pub tactical: Stats,
}

impl ConnectionStats {
    /// Nodes of both searches.
    pub fn nodes(&self) -> u64 {
        self.search.nodes + self.tactical.nodes
    }
}

/// The answer to a connection query with its counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection {
    /// Success grade for the player who moves first.
    pub code: Code,
    /// The move that achieves it (none for failures and for successes that
    /// need no move).
    pub mv: Option<Point>,
    /// Counters of the query.
    pub stats: ConnectionStats,
}

/// Can the strings at `a` and `b` be connected if their owner moves first
/// (within the reader's connection limits)?
/// WIN with no move if they are already one string; FAIL for empty points
/// or strings of different colours.
pub fn string_connect(reader: &mut Reader, a: Point, b: Point) -> (Code, Option<Point>) {
    memoized(reader, a, b, true)
}

/// Can the strings at `a` and `b` be disconnected if their opponent moves
/// first? WIN with no move if no short path joins them; FAIL if they are
/// one string, for empty points and for strings of different colours.
pub fn disconnect(reader: &mut Reader, a: Point, b: Point) -> (Code, Option<Point>) {
    memoized(reader, a, b, false)
}

/// One query under the reader's limits, answered from the reader's
/// connection memo when the same question was read on the same position
/// (only with no move played on top of the reader's position). The
/// question is symmetric in the two strings: a pattern matched from both
/// ends asks it in both orders and gets the first answer.
fn memoized(reader: &mut Reader, a: Point, b: Point, connect: bool) -> (Code, Option<Point>) {
    let board = reader.board();
    let key = (board.on_board(a) && board.on_board(b) && reader.at_base()).then(|| {
        let (ha, hb) = (board.string_head(a), board.string_head(b));
        (
            board.hash(),
            board.ko_point(),
            ha.min(hb),
            ha.max(hb),
            connect,
        )
    });
    if let Some(answer) = key.and_then(|k| reader.connection_memo.get(&k)) {
        return *answer;
    }
    let cfg = reader.config().connection;
    let c = if connect {
        read_connect(reader, a, b, &cfg)
    } else {
        read_disconnect(reader, a, b, &cfg)
    };
    if let Some(k) = key {
        reader.connection_memo.insert(k, (c.code, c.mv));
    }
    (c.code, c.mv)
}

/// [`string_connect`] with explicit limits and counters.
pub fn read_connect(reader: &mut Reader, a: Point, b: Point, cfg: &ConnectionConfig) -> Connection {
    search::run(reader, a, b, cfg, search::Goal::Connect)
}

/// [`disconnect`] with explicit limits and counters.
pub fn read_disconnect(
    reader: &mut Reader,
    a: Point,
    b: Point,
    cfg: &ConnectionConfig,
) -> Connection {
    search::run(reader, a, b, cfg, search::Goal::Disconnect)
}

#[cfg(test)]
mod tests;
