//! Playing a Monte Carlo game to the end from the pattern weights, and
//! [`Policy`]: a compiled pattern table with the name it was loaded under.
//!
//! A playout draws each move in proportion to the weights of
//! [`McBoard`]; a player whose weights are all 0 passes; two passes in a
//! row end the game (then no move is worth anything to either player, as
//! GNU Go's "all move values are zero for both players"), and a cap on the
//! number of moves guards against endless ko fights (playouts use simple
//! ko only). Eye filling is prevented by the database: its proper-eye
//! patterns have value 0 (katachi's database and the uniform one have
//! them). The final position is scored by area (stones plus empty regions
//! bordered by one colour only), without komi.

use std::path::Path;

use katachi_board::playout::Rng;
use katachi_board::{Board, BoardError, Cell, Color, Move};
use katachi_patterns::mcpat::{
    katachi_db, load_file, uniform_db, McDb, McLoadError, McTable, KATACHI_NAME,
};
use katachi_patterns::syntax::Diagnostic;

use crate::context::McBoard;

/// A compiled Monte Carlo pattern table and where it came from.
#[derive(Clone, Debug)]
pub struct Policy {
    name: String,
    patterns: usize,
    table: McTable,
}

impl Policy {
    /// Compiles a checked database.
    pub fn from_db(db: &McDb) -> Policy {
        Policy {
            name: db.name.clone(),
            patterns: db.patterns.len(),
            table: McTable::compile(db),
        }
    }

    /// katachi's own embedded database (the default).
    pub fn katachi() -> Policy {
        let mut p = Policy::from_db(&katachi_db());
        p.name = KATACHI_NAME.to_string();
        p
    }

    /// Uniform ("light") playouts: every legal move but filling an own
    /// proper eye has the same weight.
    pub fn uniform() -> Policy {
        Policy::from_db(&uniform_db())
    }

    /// Loads a database file (GNU Go's `mc_*.db` format) at run time; on
    /// success the policy and the file's warnings.
    pub fn load(path: &Path) -> Result<(Policy, Vec<Diagnostic>), McLoadError> {
        let (db, warnings) = load_file(path)?;
        Ok((Policy::from_db(&db), warnings))
    }

    /// The name of the database.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of patterns in the database.
    pub fn pattern_count(&self) -> usize {
        self.patterns
    }

    /// The compiled table.
    pub fn table(&self) -> &McTable {
        &self.table
    }
}

/// Plays a game to its end: `step(c)` draws and plays `c`'s move and
/// returns it; the game ends after two passes in a row or `max_moves`
/// moves. The moves played (passes included) and whether the cap
/// stopped the game. Shared by the pattern and the local playouts and
/// the playout-quality bench's playouts with replies.
pub fn play_to_end(
    first: Color,
    max_moves: usize,
    step: impl FnMut(Color) -> Move,
) -> (usize, bool) {
    play_on(first, 0, max_moves, step)
}

/// [`play_to_end`] from a game whose last `passes` moves were passes
/// (a search's descent may end on one); nothing is played at two.
pub(crate) fn play_on(
    first: Color,
    mut passes: u32,
    max_moves: usize,
    mut step: impl FnMut(Color) -> Move,
) -> (usize, bool) {
    let mut c = first;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match step(c) {
            Move::Pass => passes += 1,
            Move::Play(_) => passes = 0,
        }
        moves += 1;
        c = c.opponent();
    }
    (moves, passes < 2)
}

/// Adds the final owner of every point of the finished playout `b` to
/// `own`: +1 Black, -1 White (a stone's colour; an empty point's by the
/// colours beside it, 0 when both or neither). Public for the playout
/// quality bench (`katachi bench playout-quality`), which scores these
/// owners against the game's end.
#[inline(never)]
pub fn add_final_owners(b: &Board, own: &mut [i64]) {
    for p in b.points() {
        own[p.index()] += match b.cell(p) {
            Cell::Black => 1,
            Cell::White => -1,
            _ => {
                let (mut black, mut white) = (false, false);
                for q in b.neighbors(p) {
                    match b.cell(q) {
                        Cell::Black => black = true,
                        Cell::White => white = true,
                        _ => {}
                    }
                }
                i64::from(black) - i64::from(white)
            }
        };
    }
}

/// Outcome of one playout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutOutcome {
    /// Moves played, passes included.
    pub moves: usize,
    /// Whether the move cap stopped the game (rather than two passes).
    pub capped: bool,
    /// Black's area minus White's area at the end (no komi).
    pub score: f32,
}

impl McBoard<'_> {
    /// Plays from the current position, `first` to move, until two passes
    /// in a row or `max_moves` moves, and scores the final position.
    pub fn playout(&mut self, first: Color, rng: &mut Rng, max_moves: usize) -> PlayoutOutcome {
        let (moves, capped) = play_to_end(first, max_moves, |c| {
            let m = self.choose_move(c, rng).map_or(Move::Pass, Move::Play);
            self.play_legal(c, m);
            m
        });
        PlayoutOutcome {
            moves,
            capped,
            score: self.area_balance(),
        }
    }

    /// Black's area minus White's ([`area_balance`] of the board).
    pub fn area_balance(&self) -> f32 {
        area_balance(self.board())
    }
}

/// The winner of a game whose margin for Black (komi included) is
/// `score`: `None` for a draw.
pub fn winner_of(score: f32) -> Option<Color> {
    if score > 0.0 {
        Some(Color::Black)
    } else if score < 0.0 {
        Some(Color::White)
    } else {
        None
    }
}

/// Black's area minus White's on `b` (stones plus empty regions bordered
/// by one colour only). At the end of a playout nearly every empty point
/// is a region of its own (an eye or a dame point), counted from its
/// four neighbours; if any empty point has an empty neighbour the
/// board's flood-fill `area_score` counts instead.
pub fn area_balance(b: &Board) -> f32 {
    let mut score = 0i32;
    for p in b.points() {
        match b.cell(p) {
            Cell::Black => score += 1,
            Cell::White => score -= 1,
            _ => {
                let (mut black, mut white) = (false, false);
                for n in b.neighbors(p) {
                    match b.cell(n) {
                        Cell::Black => black = true,
                        Cell::White => white = true,
                        Cell::Empty => {
                            let s = b.area_score(&[]);
                            return s.black - s.white;
                        }
                        Cell::Edge => {}
                    }
                }
                score += black as i32 - white as i32;
            }
        }
    }
    score as f32
}

/// The board after `moves` moves drawn by `policy` from the empty board of
/// `size`, with the random draws seeded by `seed` (a pass ends it early):
/// a reproducible middle-game position for benchmarks and profiles of
/// the search.
pub fn opening(policy: &Policy, size: usize, moves: usize, seed: u64) -> Result<Board, BoardError> {
    let mut board = Board::new(size)?;
    let mut rng = Rng::new(seed);
    let mut c = Color::Black;
    for _ in 0..moves {
        let last = match board.history().last() {
            Some(&(_, Move::Play(p))) => Some(p),
            _ => None,
        };
        let mc = McBoard::new(policy.table(), board.clone(), last);
        let Some(p) = mc.choose_with(c, rng.next_u64()) else {
            break;
        };
        if board.play(c, Move::Play(p)).is_err() {
            break;
        }
        c = c.opponent();
    }
    Ok(board)
}
