//! The `Board` struct: its fields, construction, and the plain state
//! accessors (player to move, ko, captures, hashes, setup edits).
//!
//! Representation (see the crate docs for the layout):
//! - `cells`: the padded array of [`Cell`]s.
//! - Strings: every stone has `head[p]` (its string's representative) and
//!   `next[p]` (the next stone of a circular list through the string).
//!   Per head: `str_size`, `lib_count` and an exact liberty bitset of
//!   `words` 64-bit words (one bit per padded index) in `libs`.
//! - `empties`/`empty_pos`: the empty points as a list with O(1) removal,
//!   for playouts.
//! - `journal`: what each move changed, so `undo` costs what the move cost.

use crate::journal::Journal;
use crate::types::{BoardError, Cell, Color, KoRule, Move, Point, MAX_SIZE, MIN_SIZE};
use crate::zobrist;

/// A Go board: stones, strings with exact liberty sets kept incrementally,
/// Zobrist hashes, ko state, captures, and an undo journal.
///
/// `clone_from` reuses the target's allocations (a playout resets its board
/// from a start position this way without touching the allocator).
#[derive(Debug)]
pub struct Board {
    pub(crate) size: usize,
    pub(crate) stride: usize,
    pub(crate) cells: Vec<Cell>,
    pub(crate) next: Vec<u16>,
    pub(crate) head: Vec<u16>,
    pub(crate) str_size: Vec<u16>,
    pub(crate) lib_count: Vec<u16>,
    pub(crate) words: usize,
    pub(crate) libs: Vec<u64>,
    pub(crate) empties: Vec<u16>,
    pub(crate) empty_pos: Vec<u16>,
    pub(crate) to_move: Color,
    /// The ko point and the colour that may not play there.
    pub(crate) ko: Option<(Point, Color)>,
    pub(crate) captures: [u32; 2],
    pub(crate) hash: u64,
    pub(crate) ko_rule: KoRule,
    pub(crate) history: Vec<(Color, Move)>,
    pub(crate) journal: Journal,
}

/// Written out (not derived) so that `clone_from` reuses allocations; keep
/// both methods in step with the fields.
impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            cells: self.cells.clone(),
            next: self.next.clone(),
            head: self.head.clone(),
            str_size: self.str_size.clone(),
            lib_count: self.lib_count.clone(),
            words: self.words,
            libs: self.libs.clone(),
            empties: self.empties.clone(),
            empty_pos: self.empty_pos.clone(),
            to_move: self.to_move,
            ko: self.ko,
            captures: self.captures,
            hash: self.hash,
            ko_rule: self.ko_rule,
            history: self.history.clone(),
            journal: self.journal.clone(),
        }
    }

    fn clone_from(&mut self, src: &Board) {
        self.size = src.size;
        self.stride = src.stride;
        self.cells.clone_from(&src.cells);
        self.next.clone_from(&src.next);
        self.head.clone_from(&src.head);
        self.str_size.clone_from(&src.str_size);
        self.lib_count.clone_from(&src.lib_count);
        self.words = src.words;
        self.libs.clone_from(&src.libs);
        self.empties.clone_from(&src.empties);
        self.empty_pos.clone_from(&src.empty_pos);
        self.to_move = src.to_move;
        self.ko = src.ko;
        self.captures = src.captures;
        self.hash = src.hash;
        self.ko_rule = src.ko_rule;
        self.history.clone_from(&src.history);
        self.journal.clone_from(&src.journal);
    }
}

impl Board {
    /// An empty board of `size` x `size`, Black to move, simple ko.
    pub fn new(size: usize) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::BadSize(size));
        }
        let stride = size + 1;
        let len = (size + 2) * stride + 1;
        let words = len.div_ceil(64);
        let mut b = Board {
            size,
            stride,
            cells: vec![Cell::Edge; len],
            next: vec![0; len],
            head: vec![0; len],
            str_size: vec![0; len],
            lib_count: vec![0; len],
            words,
            libs: vec![0; len * words],
            empties: Vec::with_capacity(size * size),
            empty_pos: vec![u16::MAX; len],
            to_move: Color::Black,
            ko: None,
            captures: [0, 0],
            hash: 0,
            ko_rule: KoRule::Simple,
            history: Vec::new(),
            journal: Journal::default(),
        };
        for row in 0..size {
            for col in 0..size {
                let i = (row + 1) * stride + col + 1;
                b.cells[i] = Cell::Empty;
            }
        }
        b.rebuild();
        Ok(b)
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    /// Set the player to move (GTP and SGF `PL`). Keeps the journal.
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }
    /// The point the player to move may not play because of simple ko.
    pub fn ko_point(&self) -> Option<Point> {
        match self.ko {
            Some((p, c)) if c == self.to_move => Some(p),
            _ => None,
        }
    }
    /// The point `c` may not play because of simple ko, whoever is to move.
    pub fn ko_point_for(&self, c: Color) -> Option<Point> {
        match self.ko {
            Some((p, k)) if k == c => Some(p),
            _ => None,
        }
    }
    /// Stones captured so far BY `c` (prisoners `c` holds).
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }
    /// Set the prisoner count of `c` (SGF loading, tests).
    pub fn set_captures(&mut self, c: Color, n: u32) {
        self.captures[c.index()] = n;
    }
    /// Zobrist hash of the stones alone.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Zobrist hash of the stones, the player to move and the ko point.
    pub fn hash_with_player(&self) -> u64 {
        let mut h = self.hash;
        if self.to_move == Color::White {
            h ^= zobrist::WHITE_TO_MOVE;
        }
        if let Some(p) = self.ko_point() {
            h ^= zobrist::ko(p.index());
        }
        h
    }
    /// The repetition rule in force.
    pub fn ko_rule(&self) -> KoRule {
        self.ko_rule
    }
    /// Choose the repetition rule; takes effect for the next move.
    pub fn set_ko_rule(&mut self, rule: KoRule) {
        self.ko_rule = rule;
    }
    /// How many moves the journal can undo.
    pub fn undo_depth(&self) -> usize {
        self.journal.moves.len()
    }
    /// Moves played since the last setup, in order (colour, move).
    pub fn history(&self) -> &[(Color, Move)] {
        &self.history
    }
    /// The empty points, in no particular order (O(1) upkeep; for playouts).
    pub fn empty_points(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.empties.iter().map(|&i| Point(i))
    }
    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }
    /// The `k`-th empty point (`k < empty_count()`), in no particular order.
    #[inline]
    pub fn empty_point(&self, k: usize) -> Point {
        Point(self.empties[k])
    }

    /// Put (`Some`) or remove (`None`) a stone without the rules, as SGF
    /// AB/AW/AE and handicap placement do. Clears the undo journal, the
    /// history and the ko point; may leave strings without liberties only if
    /// the caller places them so (they are kept, as SGF setup allows).
    /// Ignores points off the board.
    pub fn set_stone(&mut self, p: Point, c: Option<Color>) {
        if !self.on_board(p) {
            return;
        }
        self.cells[p.index()] = match c {
            Some(c) => c.cell(),
            None => Cell::Empty,
        };
        self.rebuild();
    }
    /// Apply many setup edits at once (SGF AB/AW/AE lists): like
    /// [`Board::set_stone`] for each `(point, stone)` but with one O(board)
    /// recomputation in all. Points off the board are ignored.
    pub fn set_stones<I>(&mut self, edits: I)
    where
        I: IntoIterator<Item = (Point, Option<Color>)>,
    {
        for (p, c) in edits {
            if self.on_board(p) {
                self.cells[p.index()] = c.map_or(Cell::Empty, Color::cell);
            }
        }
        self.rebuild();
    }
    /// Remove every stone, keep size, komi-independent state reset.
    pub fn clear(&mut self) {
        for i in 0..self.cells.len() {
            if self.cells[i] != Cell::Edge {
                self.cells[i] = Cell::Empty;
            }
        }
        self.captures = [0, 0];
        self.to_move = Color::Black;
        self.rebuild();
    }

    /// Recompute strings, liberties, hash and the empty list from `cells`;
    /// forget the journal, history and ko. O(board).
    pub(crate) fn rebuild(&mut self) {
        self.ko = None;
        self.journal.clear();
        self.history.clear();
        self.hash = 0;
        self.empties.clear();
        self.empty_pos.fill(u16::MAX);
        self.libs.fill(0);
        self.str_size.fill(0);
        self.lib_count.fill(0);
        let len = self.cells.len();
        let mut seen = vec![false; len];
        let mut stack = Vec::new();
        for i in 0..len {
            match self.cells[i] {
                Cell::Empty => {
                    self.empty_pos[i] = self.empties.len() as u16;
                    self.empties.push(i as u16);
                }
                Cell::Edge => {}
                cell @ (Cell::Black | Cell::White) => {
                    let color = cell.color().expect("stone");
                    self.hash ^= zobrist::stone(i, color);
                    if seen[i] {
                        continue;
                    }
                    // Flood the string, linking its stones in a circle.
                    seen[i] = true;
                    stack.push(i);
                    let h = i;
                    self.next[h] = h as u16;
                    let mut size = 0u16;
                    while let Some(q) = stack.pop() {
                        size += 1;
                        self.head[q] = h as u16;
                        if q != h {
                            self.next[q] = self.next[h];
                            self.next[h] = q as u16;
                        }
                        for n in self.neighbors(Point(q as u16)) {
                            let n = n.index();
                            if self.cells[n] == cell && !seen[n] {
                                seen[n] = true;
                                stack.push(n);
                            } else if self.cells[n] == Cell::Empty {
                                self.libs[h * self.words + n / 64] |= 1 << (n % 64);
                            }
                        }
                    }
                    self.str_size[h] = size;
                    self.lib_count[h] = self
                        .lib_words(h)
                        .iter()
                        .map(|w| w.count_ones())
                        .sum::<u32>() as u16;
                }
            }
        }
    }

    /// The liberty bitset of head `h`.
    #[inline]
    pub(crate) fn lib_words(&self, h: usize) -> &[u64] {
        &self.libs[h * self.words..(h + 1) * self.words]
    }
}
