//! Loading a game onto a [`Board`], as GNU Go's `loadsgf FILE [N|VERTEX]`.
//!
//! Decisions (GTP `loadsgf` and GNU Go's documentation, checked against the
//! 200 reference positions of GNU Go in the tests):
//! - The line followed is the main line (child 0 everywhere) unless a
//!   variation path is given: `path[k]` chooses the child at the k-th node
//!   that has more than one child (missing entries mean 0).
//! - Root properties: `GM` must be 1 (Go) when present, `SZ` (default 19; `n:m` accepted only when square),
//!   `KM` (komi, `None` when absent), `HA` (reported; the stones themselves
//!   come from `AB`, as FF[4] says).
//! - Properties are applied node by node, in their order inside the node:
//!   `AB`/`AW`/`AE` put or remove stones without rules (point lists and
//!   `ab:cd` rectangles), `PL` sets the player to move, `B`/`W` play moves
//!   with the rules (captures, simple ko, suicide illegal); an illegal move
//!   is an error naming its line and column.
//! - Moves are numbered from 1 in the order they are played, passes
//!   included. [`Target::BeforeMove`]`(n)` stops before move `n` (so `n - 1`
//!   moves are played, the `loadsgf FILE n` convention) and the player to
//!   move is the colour of move `n`. [`Target::FirstMoveAt`] stops before the
//!   first move played at that point, with that move's colour to move.
//!   When the target is never reached (`n` beyond the game, point never
//!   played, or [`Target::End`]) the whole line is loaded.
//! - Player to move after the whole line: the last `PL` seen after the last
//!   move; else the opponent of the last move; else (no move at all) `PL`,
//!   or White when the setup placed black stones only (a handicap), or Black.

use katachi_board::{Board, BoardError, Color, IllegalMove, Move, Point};
use thiserror::Error;

use crate::error::Pos;
use crate::point::{sgf_point_list, sgf_point_to, PointError};
use crate::tree::{Node, Property};

/// Where to stop loading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Target {
    /// Load the whole line.
    #[default]
    End,
    /// Stop before move `n` (numbered from 1): `n - 1` moves are played.
    BeforeMove(usize),
    /// Stop before the first move at `(row, col)` (row 0 at the top).
    FirstMoveAt(usize, usize),
}

/// What loading failed on. Positions are those of the offending property.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The collection holds no game.
    #[error("the SGF file holds no game")]
    NoGame,
    /// `SZ` is not a number (or a square `n:n`) in the supported range.
    #[error("{pos}: bad board size SZ[{value}] (katachi plays square boards of 2 to 25)")]
    BadSize {
        /// The raw value.
        value: String,
        /// Where it is.
        pos: Pos,
    },
    /// A numeric property that is not a number.
    #[error("{pos}: bad {id} value {value:?} (expected a number)")]
    BadNumber {
        /// The property identifier.
        id: String,
        /// The raw value.
        value: String,
        /// Where it is.
        pos: Pos,
    },
    /// `PL` is neither B nor W.
    #[error("{pos}: bad PL value {value:?} (expected B or W)")]
    BadColor {
        /// The raw value.
        value: String,
        /// Where it is.
        pos: Pos,
    },
    /// A point value that does not fit the board.
    #[error("{pos}: {id}: {err}")]
    BadPoint {
        /// The property identifier.
        id: String,
        /// What is wrong.
        err: PointError,
        /// Where it is.
        pos: Pos,
    },
    /// A move that the rules forbid.
    #[error("{pos}: move {number} ({id}[{value}]) is illegal: {reason}")]
    Illegal {
        /// `B` or `W`.
        id: String,
        /// The raw point.
        value: String,
        /// The move number.
        number: usize,
        /// Why.
        reason: IllegalMove,
        /// Where it is.
        pos: Pos,
    },
    /// The variation path asks for a child that does not exist.
    #[error("variation path entry {index} asks for child {child} of a node with {count} children")]
    BadVariation {
        /// Index in the path.
        index: usize,
        /// The requested child.
        child: usize,
        /// How many children the node has.
        count: usize,
    },
    /// `GM` names another game than Go (1).
    #[error("{pos}: GM[{value}] is not a game of Go (GM[1])")]
    NotGo {
        /// The raw value.
        value: String,
        /// Where it is.
        pos: Pos,
    },
    /// The board refused the size.
    #[error("{0}")]
    Board(#[from] BoardError),
}

/// A loaded position.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The position, with its player to move set to [`Loaded::to_move`].
    pub board: Board,
    /// The player to move.
    pub to_move: Color,
    /// `KM`, if given.
    pub komi: Option<f32>,
    /// `HA`, if given.
    pub handicap: Option<usize>,
    /// Moves played (passes included).
    pub moves_played: usize,
    /// `Some(n)` when loading stopped before move `n` (the target was
    /// reached); `None` when the whole line was loaded.
    pub stopped_before: Option<usize>,
}

/// Load `game` (a root node) up to `target`, following `path` at branches.
pub fn load(game: &Node, target: Target, path: &[usize]) -> Result<Loaded, LoadError> {
    if let Some(prop) = game.property("GM") {
        let value = prop.values.first().map(String::as_str).unwrap_or("");
        if value.trim() != "1" {
            return Err(LoadError::NotGo {
                value: value.to_string(),
                pos: prop.pos.unwrap_or_default(),
            });
        }
    }
    let size = board_size(game)?;
    let mut board = Board::new(size)?;
    let komi = number::<f32>(game, "KM")?;
    let handicap = number::<usize>(game, "HA")?;
    let mut state = State {
        board: &mut board,
        size,
        moves: 0,
        last_move: None,
        pl: None,
        setup_black_only: None,
    };
    let mut stopped_before = None;
    let mut to_move = None;
    let mut node = game;
    let mut branch = 0;
    'line: loop {
        for prop in &node.props {
            if let Some(color) = state.apply(prop, target)? {
                stopped_before = Some(state.moves + 1);
                to_move = Some(color);
                break 'line;
            }
        }
        node = match node.children.len() {
            0 => break,
            1 => &node.children[0],
            count => {
                let child = path.get(branch).copied().unwrap_or(0);
                if child >= count {
                    return Err(LoadError::BadVariation {
                        index: branch,
                        child,
                        count,
                    });
                }
                branch += 1;
                &node.children[child]
            }
        };
    }
    let to_move = to_move.unwrap_or_else(|| state.final_player());
    let moves_played = state.moves;
    board.set_to_move(to_move);
    Ok(Loaded {
        board,
        to_move,
        komi,
        handicap,
        moves_played,
        stopped_before,
    })
}

/// Up to this many setup changes are made stone by stone.
const SMALL_SETUP: usize = 8;

struct State<'b> {
    board: &'b mut Board,
    size: usize,
    moves: usize,
    last_move: Option<Color>,
    /// `PL` seen since the last move.
    pl: Option<Color>,
    /// Whether all setup stones so far are black (`None`: no setup).
    setup_black_only: Option<bool>,
}

impl State<'_> {
    /// Apply one property; `Some(colour)` when the target move was reached
    /// (it is not played).
    fn apply(&mut self, prop: &Property, target: Target) -> Result<Option<Color>, LoadError> {
        let pos = prop.pos.unwrap_or_default();
        match prop.id.as_str() {
            "B" | "W" => {
                let color = if prop.id == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                let value = prop.values.first().map(String::as_str).unwrap_or("");
                let point = sgf_point_to(value, self.size).map_err(|err| LoadError::BadPoint {
                    id: prop.id.clone(),
                    err,
                    pos,
                })?;
                let number = self.moves + 1;
                let reached = match target {
                    Target::End => false,
                    Target::BeforeMove(n) => number >= n,
                    Target::FirstMoveAt(r, c) => point == Some((r, c)),
                };
                if reached {
                    return Ok(Some(color));
                }
                let mv = match point {
                    None => Move::Pass,
                    Some((r, c)) => Move::Play(self.point(r, c)),
                };
                self.board
                    .play(color, mv)
                    .map_err(|reason| LoadError::Illegal {
                        id: prop.id.clone(),
                        value: value.to_string(),
                        number,
                        reason,
                        pos,
                    })?;
                self.moves = number;
                self.last_move = Some(color);
                self.pl = None;
            }
            "AB" | "AW" | "AE" => {
                let stone = match prop.id.as_str() {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                };
                let mut changes = Vec::new();
                for value in &prop.values {
                    let points =
                        sgf_point_list(value, self.size).map_err(|err| LoadError::BadPoint {
                            id: prop.id.clone(),
                            err,
                            pos,
                        })?;
                    changes.extend(points.into_iter().map(|(r, c)| self.point(r, c)));
                }
                self.setup(&changes, stone)?;
                if stone.is_some() {
                    let black = stone == Some(Color::Black);
                    self.setup_black_only = Some(self.setup_black_only.unwrap_or(true) && black);
                }
            }
            "PL" => {
                let value = prop.values.first().map(String::as_str).unwrap_or("");
                let color = match value.trim() {
                    "B" | "b" | "1" => Color::Black,
                    "W" | "w" | "2" => Color::White,
                    _ => {
                        return Err(LoadError::BadColor {
                            value: value.to_string(),
                            pos,
                        })
                    }
                };
                self.pl = Some(color);
            }
            _ => {}
        }
        Ok(None)
    }

    /// Put `stone` (or nothing) on `points`. `Board::set_stone` recomputes
    /// the whole board, so a long list is applied by rebuilding the board
    /// once from its cells (prisoner counts and ko rule carried over):
    /// setup costs O(board) per property, whatever the input.
    fn setup(&mut self, points: &[Point], stone: Option<Color>) -> Result<(), LoadError> {
        let mut todo: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&p| self.board.cell(p).color() != stone)
            .collect();
        todo.sort_unstable();
        todo.dedup();
        if todo.len() <= SMALL_SETUP {
            for p in todo {
                self.board.set_stone(p, stone);
            }
            return Ok(());
        }
        let mut cells = String::with_capacity(self.size * (self.size + 1));
        for r in 0..self.size {
            for c in 0..self.size {
                let p = self.point(r, c);
                let color = if todo.binary_search(&p).is_ok() {
                    stone
                } else {
                    self.board.cell(p).color()
                };
                cells.push(match color {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            cells.push('\n');
        }
        let mut fresh = Board::from_ascii(&cells)?;
        for c in [Color::Black, Color::White] {
            fresh.set_captures(c, self.board.captures(c));
        }
        fresh.set_ko_rule(self.board.ko_rule());
        *self.board = fresh;
        Ok(())
    }

    fn point(&self, r: usize, c: usize) -> Point {
        self.board
            .point(r, c)
            .expect("point checked against the size")
    }

    fn final_player(&self) -> Color {
        if let Some(pl) = self.pl {
            return pl;
        }
        match (self.last_move, self.setup_black_only) {
            (Some(last), _) => last.opponent(),
            (None, Some(true)) => Color::White,
            _ => Color::Black,
        }
    }
}

/// `SZ` of the root (19 when absent).
fn board_size(game: &Node) -> Result<usize, LoadError> {
    let Some(prop) = game.property("SZ") else {
        return Ok(19);
    };
    let value = prop.values.first().map(String::as_str).unwrap_or("");
    let bad = || LoadError::BadSize {
        value: value.to_string(),
        pos: prop.pos.unwrap_or_default(),
    };
    let (a, b) = match value.split_once(':') {
        Some((a, b)) => (a, b),
        None => (value, value),
    };
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a != b || !(katachi_board::MIN_SIZE..=katachi_board::MAX_SIZE).contains(&a) {
        return Err(bad());
    }
    Ok(a)
}

/// A numeric root property, `None` when absent.
fn number<T: std::str::FromStr>(game: &Node, id: &str) -> Result<Option<T>, LoadError> {
    let Some(prop) = game.property(id) else {
        return Ok(None);
    };
    let value = prop.values.first().map(String::as_str).unwrap_or("");
    value
        .trim()
        .parse()
        .map(Some)
        .map_err(|_| LoadError::BadNumber {
            id: id.to_string(),
            value: value.to_string(),
            pos: prop.pos.unwrap_or_default(),
        })
}
