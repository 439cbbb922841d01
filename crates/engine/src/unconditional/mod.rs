//! Unconditional life (dragon.texi, "unconditional_status"; utils.texi,
//! `unconditional_life`): which stones can never be captured even if the
//! opponent plays any number of moves in a row (invincible, `Alive`), which
//! empty points the opponent can never turn into a living group
//! (territory), and the stones inside such territory (`Dead`).
//!
//! The definition implemented is GNU Go's documented procedure, run once
//! for each colour C on a scratch copy of the position, with only the
//! opponent O moving (captures allowed, suicide never, ko irrelevant since
//! C never moves):
//!
//! 1. **Invincible strings.** Cycle through the strings of C: O plays on
//!    every liberty of the string that it legally can, again and again;
//!    if the string is captured the moves stay on the board, otherwise
//!    they are taken back. Repeat until no string of C can be removed this
//!    way. The strings of C still on the board that O cannot capture so
//!    are unconditionally alive.
//!
//!    *Seki exception* (dragon.texi notes that a plain version of this
//!    procedure calls a rare class of seki groups dead): a string of C of
//!    at most two stones that is the only stone of C in its region of
//!    points without O stones, that region being bordered by a single O
//!    string, is removed only if O can capture it without ever leaving its
//!    own string in atari first. Otherwise the string stays on the board
//!    (not alive): capturing it would give O a two-point eye only, while
//!    O's self-atari lets C capture the surrounding string instead, the
//!    mutual-damage shape of a seki, so nothing there is unconditional.
//! 2. **Territory**, continuing from the position that step 1 left:
//!    - a: O plays on every liberty of the invincible strings where legal
//!      (one pass, in point order);
//!    - b: O extends its strings in atari, again and again, except where
//!      that would be suicide;
//!    - c: O plays on every empty point with at least two empty neighbours
//!      (splitting big eyes into small ones);
//!    - d: O plays on every empty point with at least one empty neighbour
//!      (reducing two-point eyes to one).
//!
//!    The stones of O's strings then in atari and the remaining liberties
//!    of C's invincible strings are C's unconditional territory.
//!
//! The status of a point of the original position is then: `Alive` for a
//! stone of C's invincible strings, or a stone of C next to (or on) C's
//! territory; `Dead` for a stone of O on C's territory; `BlackTerritory` or
//! `WhiteTerritory` for an empty point of C's territory; `Undecided`
//! otherwise.

use katachi_board::{Board, Cell, Color, Move, Point};

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

/// The result of the procedure for one colour, indexed by point.
struct Life {
    /// Stones of the invincible strings.
    alive: Vec<bool>,
    /// The colour's unconditional territory.
    territory: Vec<bool>,
}

impl Life {
    /// Run both steps of the module's procedure for colour `c`.
    fn of(board: &Board, c: Color) -> Life {
        let mut b = board.clone();
        let alive = remove_capturable(&mut b, c);
        let territory = territory(&mut b, c, &alive);
        Life { alive, territory }
    }
}

/// Stones of `c` that survive any number of consecutive opponent moves
/// (step 1 of the module's procedure), indexed by point.
pub fn invincible(board: &Board, c: Color) -> Vec<bool> {
    remove_capturable(&mut board.clone(), c)
}

/// Whether `o` may put a stone on `p`: the point is empty and the stone
/// would have a liberty after captures. Ko plays no part (only one side
/// moves here).
fn can_play(b: &Board, o: Color, p: Point) -> bool {
    if b.cell(p) != Cell::Empty {
        return false;
    }
    b.neighbors(p).into_iter().any(|q| match b.cell(q) {
        Cell::Empty => true,
        Cell::Edge => false,
        cell if cell == o.cell() => b.liberty_count(q) > 1,
        _ => b.liberty_count(q) == 1,
    })
}

/// Play `o` at `p` if legal; whether it was played.
fn put(b: &mut Board, o: Color, p: Point) -> bool {
    if can_play(b, o, p) {
        b.play_unchecked(o, Move::Play(p));
        true
    } else {
        false
    }
}

/// Step 1: remove every string of `c` that the opponent captures by
/// filling its liberties, until none is left to remove.
fn remove_capturable(b: &mut Board, c: Color) -> Vec<bool> {
    loop {
        let mut changed = false;
        let mut done = vec![false; b.cells().len()];
        for p in b.points().collect::<Vec<_>>() {
            if b.cell(p) != c.cell() || done[p.index()] {
                continue;
            }
            for s in b.stones(p) {
                done[s.index()] = true;
            }
            let careful = seki_inside(b, c, p);
            let depth = b.undo_depth();
            if fill_captures(b, c, p, careful) {
                changed = true;
            } else {
                undo_to(b, depth);
            }
        }
        if !changed {
            break;
        }
    }
    let mut alive = vec![false; b.cells().len()];
    for p in b.points().collect::<Vec<_>>() {
        if b.cell(p) == c.cell() && !alive[p.index()] {
            let depth = b.undo_depth();
            let capturable = fill_captures(b, c, p, false);
            undo_to(b, depth);
            if !capturable {
                for s in b.stones(p) {
                    alive[s.index()] = true;
                }
            }
        }
    }
    alive
}

/// Take back moves until the journal is `depth` deep.
fn undo_to(b: &mut Board, depth: usize) {
    while b.undo_depth() > depth {
        if b.undo().is_err() {
            break;
        }
    }
}

/// Let the opponent play on the liberties of the string of `c` at `p`,
/// pass after pass, until it is captured (`true`, the moves stay on the
/// board) or no liberty can be played (`false`, the moves stay too: the
/// caller takes them back). With `careful`, the opponent never plays a
/// move that leaves its own string in atari without capturing.
fn fill_captures(b: &mut Board, c: Color, p: Point, careful: bool) -> bool {
    let o = c.opponent();
    let mut libs: Vec<Point> = Vec::new();
    loop {
        libs.clear();
        libs.extend(b.liberties(p));
        let mut progress = false;
        for &l in &libs {
            if !can_play(b, o, l) {
                continue;
            }
            b.play_unchecked(o, Move::Play(l));
            if b.cell(p) != c.cell() {
                return true;
            }
            if careful && b.liberty_count(l) < 2 {
                let _ = b.undo();
                continue;
            }
            progress = true;
        }
        if !progress {
            return false;
        }
    }
}

/// Strings of at most this many stones can be the inside of a seki whose
/// outside can never become invincible (see the module docs).
const MAX_SEKI_STONES: usize = 2;

/// Whether the string of `c` at `p` is small (`MAX_SEKI_STONES`), the only
/// stone of `c` in its region of points without an opponent stone, and that
/// region is bordered by a single opponent string: the inside of a possible
/// seki (module docs, step 1).
fn seki_inside(b: &Board, c: Color, p: Point) -> bool {
    if b.string_size(p) > MAX_SEKI_STONES {
        return false;
    }
    let o = c.opponent().cell();
    let mut seen = vec![false; b.cells().len()];
    let mut stack = vec![p];
    let mut wall: Option<Point> = None;
    seen[p.index()] = true;
    while let Some(q) = stack.pop() {
        if b.cell(q) == c.cell() && !b.same_string(p, q) {
            return false;
        }
        for n in b.neighbors(q) {
            if !b.on_board(n) {
                continue;
            }
            if b.cell(n) == o {
                match wall {
                    None => wall = Some(n),
                    Some(w) if !b.same_string(w, n) => return false,
                    Some(_) => {}
                }
            } else if !seen[n.index()] {
                seen[n.index()] = true;
                stack.push(n);
            }
        }
    }
    true
}

/// Step 2: `c`'s territory on the position left by step 1.
fn territory(b: &mut Board, c: Color, alive: &[bool]) -> Vec<bool> {
    let o = c.opponent();
    let n = b.cells().len();
    let points: Vec<Point> = b.points().collect();
    let own_neighbor = |b: &Board, p: Point| {
        b.neighbors(p)
            .into_iter()
            .any(|q| b.cell(q) == c.cell() && alive[q.index()])
    };
    let empty_neighbors = |b: &Board, p: Point| {
        b.neighbors(p)
            .into_iter()
            .filter(|&q| b.cell(q) == Cell::Empty)
            .count()
    };
    // a. Fill the liberties of the invincible strings.
    for &p in &points {
        if b.cell(p) == Cell::Empty && own_neighbor(b, p) {
            put(b, o, p);
        }
    }
    // b. Extend strings in atari.
    loop {
        let mut changed = false;
        for &p in &points {
            if b.cell(p) == o.cell() && b.liberty_count(p) == 1 {
                let l = b.liberties(p).next().expect("one liberty");
                if put(b, o, l) {
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // c, d. Split big eyes, then reduce two-point eyes.
    for need in [2, 1] {
        for &p in &points {
            if b.cell(p) == Cell::Empty && empty_neighbors(b, p) >= need {
                put(b, o, p);
            }
        }
    }
    let mut territory = vec![false; n];
    for &p in &points {
        territory[p.index()] = match b.cell(p) {
            Cell::Empty => own_neighbor(b, p),
            cell if cell == o.cell() => b.liberty_count(p) == 1,
            _ => false,
        };
    }
    territory
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, v: &str) -> Point {
        b.parse_vertex(v).expect("vertex")
    }

    #[test]
    fn two_eyes_in_the_corner_are_invincible_and_one_eye_is_not() {
        let b = Board::from_ascii(
            ".X.X.O.
             XXXXO..
             OOOOO..
             .......
             ...O...
             OOO....
             .XO....",
        )
        .expect("board");
        let u = Unconditional::compute(&b);
        assert_eq!(u.status(at(&b, "B7")), Status::Alive);
        assert_eq!(u.status(at(&b, "A7")), Status::BlackTerritory);
        // The lone X stone at B1 has one liberty region: not alive.
        assert_ne!(u.status(at(&b, "B1")), Status::Alive);
        assert_eq!(u.status(at(&b, "D4")), Status::Undecided);
    }

    #[test]
    fn a_two_stone_string_sharing_all_liberties_with_its_ring_is_seki() {
        // White can capture the two black stones only by putting its own
        // ring in atari first, and would get a two-point eye for it.
        let b = Board::from_ascii(
            "OO.OO
             O.X.O
             OOXOO
             OO.OO
             OOOOO",
        )
        .expect("board");
        let u = Unconditional::compute(&b);
        for v in ["A5", "C5", "B4", "C4", "C3", "C2"] {
            assert_eq!(u.status(at(&b, v)), Status::Undecided, "{v}");
        }
    }
}
