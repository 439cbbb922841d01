//! Unconditional life (dragon.texi, "unconditional_status"; utils.texi,
//! `unconditional_life`): which stones can never be captured even if the
//! opponent plays any number of moves in a row (invincible, `Alive`), which
//! empty points the opponent can never turn into a living group
//! (territory), and the stones inside such territory (`Dead`).
//!
//! The procedure is run once for each colour C on a scratch copy of the
//! position, with only the opponent O moving (captures allowed, suicide
//! never, ko irrelevant since C never moves). It is GNU Go's documented
//! procedure (steps 1 and 2 below) with one addition, the two-stone seki
//! (steps 0 and 2e), and three points the manual leaves open; each
//! departure from the manual's text says what black-box runs of GNU Go 3.8
//! showed (its `unconditional_status` on GNU Go's unconditional.tst
//! positions, on the regression games, and on some 40000 generated
//! positions, all of which this module reproduces point for point).
//!
//! 0. **Seki candidates** (`seki.rs`). dragon.texi says the plain
//!    procedure "calls a rare class of seki groups unconditionally dead"
//!    and that a slightly more complex algorithm avoids it. The class GNU
//!    Go 3.8 treats specially is two-stone strings (one- and three-stone
//!    strings in the same shapes follow the plain procedure). A string of C
//!    of exactly two stones, with no other stone of C among the eight
//!    neighbours of either stone, whose two *end* points (the points beyond
//!    each stone along the string's line) are empty, and which has an
//!    empty *diagonal pair* of side points (the side point of one stone and
//!    the side point of the other stone on the opposite side of the
//!    string), is a seki candidate. Step 1 leaves candidates alone: they
//!    are neither removed nor invincible; step 2e decides.
//! 1. **Invincible strings.** Cycle through the other strings of C: O plays
//!    on every liberty of the string that it legally can, again and again;
//!    if the string is captured the moves stay on the board, otherwise
//!    they are taken back. Repeat until no string of C can be removed this
//!    way. The strings of C still on the board that O cannot capture so
//!    are unconditionally alive. If there are none, nothing at all is
//!    settled for C: no territory and no dead stones (GNU Go answers
//!    `undecided` everywhere for a white ring round two black stones on an
//!    otherwise white board, although White could capture them).
//! 2. **Territory**, continuing from the position that step 1 left:
//!    - a: O plays on every liberty of the invincible strings where legal
//!      (one pass, in point order);
//!    - b: O extends its strings in atari, again and again, except where
//!      that would be suicide;
//!    - e: each seki candidate still on the board is looked at again, on
//!      this position. It stays on the board, neither alive nor dead (and
//!      its liberties are no territory), when its end points are still
//!      empty and, for one of its two diagonal pairs, the *other* pair is
//!      empty while a single O string holds both points of this pair
//!      (each point is a stone of that string or one of its liberties).
//!      In Go terms: the two stones keep liberties on all four sides
//!      (both ends, and a side liberty of each stone on opposite sides of
//!      the string) and one O string runs round them from one side to the
//!      other, so O cannot fill those liberties without taking the same
//!      liberties from that string: the mutual-damage shape of the seki
//!      the manual warns about, and GNU Go does not call the O stones
//!      around it dead. (It is GNU Go's rule as observed, not an exact seki
//!      test: some shapes it leaves undecided are really C's.) Otherwise O
//!      captures the candidate by playing on its liberties (as in step 1,
//!      the moves stay); if it cannot, the candidate is invincible after
//!      all and O plays on its liberties as in step a. Then step b again.
//!      The second look comes after steps a and b because GNU Go's answers
//!      follow that position, not the original one: a side point that is
//!      also a liberty of an invincible string is filled in step a (the
//!      candidate is then captured), and O strings joined by steps a and b
//!      count as one (unconditional6.sgf, S17-S16: its white neighbours
//!      become one string only in step a, and GNU Go leaves it undecided);
//!    - c: O plays on every empty point with at least two empty neighbours
//!      (splitting big eyes into small ones);
//!    - d: O plays on every empty point with at least one empty neighbour
//!      (reducing two-point eyes to one), except a move that leaves its
//!      string in atari, capturing nothing, on a liberty where O could
//!      still play. Such a point is no eye of C but a connection O keeps:
//!      GNU Go fills the first point of a true two-point eye (the last one
//!      is then suicide for O) but leaves A1 alone in a corner where A1
//!      would put O's A2 string in atari on B1 while B1 joins another O
//!      string.
//!
//!    The stones of O's strings then in atari, the last liberties of those
//!    strings, and the remaining liberties of C's invincible strings are
//!    C's unconditional territory. (The manual names only the strings in
//!    atari and the invincible strings' liberties; GNU Go also counts the
//!    last liberty of a string in atari where it touches no invincible
//!    string, an empty point O cannot fill: an eye.)
//!
//! The status of a point of the original position is then: `Alive` for a
//! stone of C's invincible strings, or a stone of C next to (or on) C's
//! territory; `Dead` for a stone of O on C's territory; `BlackTerritory` or
//! `WhiteTerritory` for an empty point of C's territory; `Undecided`
//! otherwise.

mod life;
mod seki;
#[cfg(test)]
mod tests;

use katachi_board::{Board, Color, Point};
use life::Life;

/// Unconditional status of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Nothing unconditional can be said.
    Undecided,
    /// An invincible stone, or a stone next to its own colour's territory.
    Alive,
    /// A stone inside the opponent's unconditional territory.
    Dead,
    /// Empty point of White's unconditional territory.
    WhiteTerritory,
    /// Empty point of Black's unconditional territory.
    BlackTerritory,
}

/// Unconditional status of every point of a position.
#[derive(Clone, Debug)]
pub struct Unconditional {
    status: Vec<Status>,
}

impl Unconditional {
    /// Compute the status of every point of `board`.
    pub fn compute(board: &Board) -> Unconditional {
        let n = board.cells().len();
        let mut status = vec![Status::Undecided; n];
        for c in [Color::Black, Color::White] {
            let life = Life::of(board, c);
            let territory = match c {
                Color::Black => Status::BlackTerritory,
                Color::White => Status::WhiteTerritory,
            };
            for p in board.points() {
                let i = p.index();
                if life.alive[i] {
                    status[i] = Status::Alive;
                } else if life.territory[i] {
                    status[i] = match board.cell(p).color() {
                        None => territory,
                        Some(s) if s == c => Status::Alive,
                        Some(_) => Status::Dead,
                    };
                }
            }
            // Stones of c next to their own territory live.
            for p in board.points() {
                if board.cell(p) == c.cell()
                    && board
                        .neighbors(p)
                        .into_iter()
                        .any(|q| board.on_board(q) && life.territory[q.index()])
                {
                    status[p.index()] = Status::Alive;
                }
            }
        }
        Unconditional { status }
    }

    /// The status of `p` (`Undecided` off the board).
    pub fn status(&self, p: Point) -> Status {
        self.status
            .get(p.index())
            .copied()
            .unwrap_or(Status::Undecided)
    }

    /// Whether the stone at `p` is invincible or otherwise unconditionally alive.
    pub fn is_alive(&self, p: Point) -> bool {
        self.status(p) == Status::Alive
    }
}

/// Stones of `c` that survive any number of consecutive opponent moves
/// (the invincible strings of the module's procedure), indexed by point.
pub fn invincible(board: &Board, c: Color) -> Vec<bool> {
    Life::of(board, c).alive
}
