//! MoGo-style local playouts: a second playout engine that keeps no
//! per-point state, only the board, and looks at the neighbourhood of
//! the previous move.
//!
//! The [`crate::McBoard`] playouts keep, incrementally, a 3x3 code, a
//! move analysis and a weight for every empty point and draw every move
//! in proportion to the weights. The policy here (after Gelly, Wang,
//! Munos and Teytaud 2006, "Modification of UCT with patterns in
//! Monte-Carlo Go") chooses each move by the first rule that gives one:
//!
//! 1. **Save**: the previous move left strings of the player to move in
//!    atari: capture an adjacent opponent string in atari, or extend at
//!    the last liberty when the ladder reader says the extension escapes
//!    ([`crate::heavy::escape_moves`]); uniformly among those.
//! 2. **Pattern**: among the empty eight neighbours of the previous move,
//!    those whose value in the compiled 3x3 table (the same `mcpat`
//!    table, codes computed on the fly, in the context "near") is at
//!    least the floor [`LocalBoard::set_pattern_min`] (by default
//!    [`PATTERN_MIN`]: in katachi's database a cut, connection, hane,
//!    block, capture or atari escape), drawn in proportion to the value.
//! 3. **Capture**: any opponent string in atari, uniformly among their
//!    liberties.
//! 4. **Random**: a uniformly random empty point that is legal (simple
//!    ko, no suicide), does not fill a one-point own eye (the definition
//!    of the database's weight-0 eye patterns: the four neighbours own
//!    stones or the edge, and at most one opponent diagonal in the
//!    centre, none on the edge), and is not a self-atari that captures
//!    nothing and leaves a string of at least the self-atari limit's
//!    stones (0: no such rule; as [`crate::McBoard::set_self_atari_limit`],
//!    which keeps playouts from breaking a seki). A smaller self-atari
//!    that captures nothing is played once in ten draws that land on it,
//!    and only when no quiet move is left once every point is scanned
//!    (the database weighs it 1 against an ordinary move's 10).
//!
//! Every rule's move obeys the last rule's conditions (legal, not an
//! eye, not a forbidden self-atari), so each move the local policy plays
//! is one the pattern playouts could play: a positive weight on a
//! [`crate::McBoard`] with the same table and limit (the property test in
//! `tests/local.rs`). With no acceptable point the player passes; two
//! passes end the playout, as do `max_moves` moves; the score is the same
//! area balance ([`crate::playout::area_balance`]).
//!
//! The only state kept besides the board is a short list of strings that
//! may be in atari (a string loses liberties only to a stone played next
//! to it, so after each move the strings next to it are the only new
//! candidates), checked when read.
//!
//! Why (Go and speed): most moves of a game answer the move just played,
//! and the few rules above play those answers; everything else is
//! filler whose order matters less than the number of playouts. A move
//! costs a few neighbour scans instead of the incremental upkeep of every
//! point's context.

use katachi_board::playout::Rng;
use katachi_board::{Board, Cell, Color, IllegalMove, Move, Point};
use katachi_patterns::mcpat::table::CONTEXTS;
use katachi_patterns::mcpat::{Context, McTable};

use crate::context::{analyse, analyse_both, board_code, check_legal, neighbour_offsets, MoveInfo};
use crate::heavy::escape_moves;
use crate::playout::{area_balance, play_to_end, PlayoutOutcome};

/// The default floor of the pattern rule: above katachi's ordinary
/// moves (10) and the eye and self-atari values, so cuts, connections,
/// hane, blocks, captures and atari escapes near the previous move.
pub const PATTERN_MIN: u32 = 100;

/// Random draws among the empty points before the random rule collects
/// every acceptable point.
const DRAWS: usize = 10;

/// Per row of `table`, the largest value in the contexts near the
/// previous move with no capture for either colour (see
/// [`LocalBoard::quiet_max`]).
fn quiet_max(table: &McTable) -> Vec<u32> {
    (0..table.row_count() as u32)
        .map(|row| {
            (0..CONTEXTS)
                .map(Context::from_index)
                .filter(|c| c.near && c.ocap == 0 && c.xcap == 0)
                .map(|c| table.row_value(row, c.index()))
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// Odds against a self-atari that captures nothing in the random rule:
/// a draw that lands on one plays it once in this many times (katachi's
/// database weighs such a move 1 against an ordinary move's 10), and the
/// full scan plays one only when no quiet move is left.
const SELF_ATARI_ODDS: usize = 10;

/// Which rule gave a move (for tests and statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// 1: an atari escape or a capture that saves a string.
    Save,
    /// 2: a 3x3 pattern move next to the previous move.
    Pattern,
    /// 3: a capture anywhere.
    Capture,
    /// 4: a uniformly random acceptable move.
    Random,
}

/// A board for local playouts (see the module doc).
#[derive(Debug)]
pub struct LocalBoard<'t> {
    table: &'t McTable,
    board: Board,
    /// The previous move, if it was a stone.
    last: Option<Point>,
    /// Padded index offsets of the eight neighbours, in code order.
    offsets: [isize; 8],
    self_atari_limit: usize,
    pattern_min: u32,
    /// Heads of strings that may be in atari (checked when read).
    atari: Vec<Point>,
    /// Per table row: its largest value near the previous move when
    /// neither colour captures there (a point with no adjacent string in
    /// atari whose row's value stays below the pattern floor needs no
    /// analysis).
    quiet_max: Vec<u32>,
    /// Scratch: candidates of a rule.
    cands: Vec<Point>,
}

impl Clone for LocalBoard<'_> {
    fn clone(&self) -> Self {
        LocalBoard {
            table: self.table,
            board: self.board.clone(),
            last: self.last,
            offsets: self.offsets,
            self_atari_limit: self.self_atari_limit,
            pattern_min: self.pattern_min,
            atari: self.atari.clone(),
            quiet_max: self.quiet_max.clone(),
            cands: Vec::new(),
        }
    }
    fn clone_from(&mut self, src: &Self) {
        self.table = src.table;
        self.board.clone_from(&src.board);
        self.last = src.last;
        self.offsets = src.offsets;
        self.self_atari_limit = src.self_atari_limit;
        self.pattern_min = src.pattern_min;
        self.atari.clone_from(&src.atari);
        self.quiet_max.clone_from(&src.quiet_max);
    }
}

impl<'t> LocalBoard<'t> {
    /// A local playout board on `board`, `last` the previous move, with
    /// `table`'s values for the pattern rule; no self-atari limit, the
    /// default pattern floor.
    pub fn new(table: &'t McTable, board: Board, last: Option<Point>) -> LocalBoard<'t> {
        let offsets = neighbour_offsets(&board);
        let mut b = LocalBoard {
            table,
            board,
            last,
            offsets,
            self_atari_limit: 0,
            pattern_min: PATTERN_MIN,
            atari: Vec::new(),
            quiet_max: quiet_max(table),
            cands: Vec::new(),
        };
        b.scan_atari();
        b
    }

    /// Puts `board` (with `last` the previous move) in place of this
    /// board, keeping the table, the settings and the allocations.
    pub fn reset_from(&mut self, board: &Board, last: Option<Point>) {
        self.board.clone_from(board);
        self.last = last;
        self.scan_atari();
    }

    /// Every string in atari, from scratch.
    fn scan_atari(&mut self) {
        self.atari.clear();
        let b = &self.board;
        for p in b.points() {
            if matches!(b.cell(p), Cell::Black | Cell::White) {
                let (h, libs, _) = b.stone_string(p);
                if h == p && libs == 1 {
                    self.atari.push(h);
                }
            }
        }
    }

    /// Self-ataris that capture nothing and leave a string of at least
    /// `limit` stones are not played (0: no such rule, the default).
    pub fn set_self_atari_limit(&mut self, limit: usize) {
        self.self_atari_limit = limit;
    }

    /// The self-atari limit.
    pub fn self_atari_limit(&self) -> usize {
        self.self_atari_limit
    }

    /// The pattern rule's floor (at least 1: a weight-0 move is never a
    /// pattern move).
    pub fn set_pattern_min(&mut self, min: u32) {
        self.pattern_min = min.max(1);
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The previous move, if it was a stone.
    pub fn last_move(&self) -> Option<Point> {
        self.last
    }

    /// Plays `m` for `c` (legality checked, simple ko only); the number
    /// of stones captured.
    pub fn play(&mut self, c: Color, m: Move) -> Result<usize, IllegalMove> {
        check_legal(&self.board, c, m)?;
        Ok(self.play_legal(c, m))
    }

    /// [`LocalBoard::play`] without the check: `m` must be legal for `c`
    /// under simple ko.
    pub fn play_legal(&mut self, c: Color, m: Move) -> usize {
        let n = self.board.play_forgetting(c, m);
        match m {
            Move::Play(p) => {
                self.last = Some(p);
                // The only strings that can have lost liberties: the
                // new stone's and those next to it.
                let b = &self.board;
                for q in std::iter::once(p).chain(b.neighbors(p)) {
                    if matches!(b.cell(q), Cell::Black | Cell::White) {
                        let (h, libs, _) = b.stone_string(q);
                        if libs == 1 && !self.atari.contains(&h) {
                            self.atari.push(h);
                        }
                    }
                }
            }
            Move::Pass => self.last = None,
        }
        n
    }

    /// Whether `p` (empty) is a one-point eye of `c` (see the module doc).
    fn is_eye(&self, c: Color, p: Point) -> bool {
        let cells = self.board.cells();
        let own = c.cell();
        let mut edge = false;
        for q in self.board.neighbors(p) {
            match cells[q.index()] {
                Cell::Edge => edge = true,
                x if x == own => {}
                _ => return false,
            }
        }
        let opp = c.opponent().cell();
        let bad = self
            .board
            .diagonals(p)
            .iter()
            .filter(|q| cells[q.index()] == opp)
            .count();
        bad == 0 || (bad == 1 && !edge)
    }

    /// Whether `c` may play the empty point `p` under the local policy:
    /// legal under simple ko, not an own one-point eye, not a forbidden
    /// self-atari.
    pub fn acceptable(&self, c: Color, p: Point) -> bool {
        self.classify(c, p).is_some()
    }

    /// `None` if `c` may not play the empty point `p` under the local
    /// policy ([`LocalBoard::acceptable`]); else whether the move is
    /// quiet (`false`: a self-atari that captures nothing, allowed below
    /// the limit).
    fn classify(&self, c: Color, p: Point) -> Option<bool> {
        if self.board.ko_point_for(c) == Some(p) {
            return None;
        }
        let b = &self.board;
        let cells = b.cells();
        let nbrs = b.neighbors(p);
        let empties = nbrs
            .iter()
            .filter(|q| cells[q.index()] == Cell::Empty)
            .count();
        if empties >= 2 {
            // Two liberties: legal, no self-atari, not an eye.
            return Some(true);
        }
        if empties == 0 && self.is_eye(c, p) {
            return None;
        }
        let o = analyse(b, p, c);
        self.allowed(o)
            .then_some(!(o.self_atari && o.captures == 0))
    }

    /// Whether a move with analysis `o` is legal and not a forbidden
    /// self-atari.
    #[inline]
    fn allowed(&self, o: MoveInfo) -> bool {
        let limit = self.self_atari_limit;
        let forbidden_self_atari =
            limit > 0 && o.self_atari && o.captures == 0 && o.self_atari_stones as usize >= limit;
        !o.suicide && !forbidden_self_atari
    }

    /// The 3x3 code of `p` read from the board.
    fn code(&self, p: Point) -> u16 {
        board_code(&self.board, &self.offsets, p)
    }

    /// The table's value of a move of `c` on the empty point `p` in the
    /// context "near the previous move", 0 if the move is illegal (simple
    /// ko, suicide) or a forbidden self-atari: the weight a
    /// [`crate::McBoard`] with the same table and limit gives a point next
    /// to its previous move.
    pub fn pattern_value(&self, c: Color, p: Point) -> u32 {
        if self.board.ko_point_for(c) == Some(p) {
            return 0;
        }
        let infos = analyse_both(&self.board, p);
        let (o, x) = (infos[c.index()], infos[1 - c.index()]);
        if !self.allowed(o) {
            return 0;
        }
        let ctx = Context {
            near: true,
            osafe: !o.self_atari,
            xsafe: !x.self_atari,
            xsuicide: x.suicide,
            ocap: o.captures,
            xcap: x.captures,
        };
        self.table.value(c.index(), self.code(p), ctx.index())
    }

    /// Whether the empty point `p` has no adjacent string in atari (so
    /// neither colour captures there) and its table row stays below the
    /// pattern floor in every such context near the previous move: no
    /// pattern move for `c`, without the analysis.
    #[inline]
    fn quiet_below_floor(&self, c: Color, p: Point) -> bool {
        let b = &self.board;
        let cells = b.cells();
        for q in b.neighbors(p) {
            if matches!(cells[q.index()], Cell::Black | Cell::White) && b.stone_string(q).1 == 1 {
                return false;
            }
        }
        let row = self.table.row(c.index(), self.code(p));
        self.quiet_max[row as usize] < self.pattern_min
    }

    /// A playout move of `c` and the rule that gave it; `None` (pass)
    /// when no point is acceptable.
    pub fn choose_move_rule(&mut self, c: Color, rng: &mut Rng) -> Option<(Point, Rule)> {
        if let Some(m) = self.last {
            // 1. Save own strings the previous move put in atari.
            let mut cands = std::mem::take(&mut self.cands);
            cands.clear();
            escape_moves(&mut self.board, c, m, &mut cands);
            cands.retain(|&p| self.acceptable(c, p));
            let pick = (!cands.is_empty()).then(|| cands[rng.below(cands.len())]);
            self.cands = cands;
            if let Some(p) = pick {
                return Some((p, Rule::Save));
            }
            // 2. A pattern move next to the previous move.
            let mut found = [(Point(0), 0u32); 8];
            let mut n = 0;
            let mut total = 0u64;
            let cells = self.board.cells();
            for &d in &self.offsets {
                let q = Point((m.index() as isize + d) as u16);
                if cells[q.index()] != Cell::Empty {
                    continue;
                }
                if self.quiet_below_floor(c, q) {
                    continue;
                }
                let v = self.pattern_value(c, q);
                if v >= self.pattern_min {
                    found[n] = (q, v);
                    n += 1;
                    total += u64::from(v);
                }
            }
            if total > 0 {
                let mut r = ((rng.next_u64() as u128 * total as u128) >> 64) as u64;
                for &(q, v) in &found[..n] {
                    if r < u64::from(v) {
                        return Some((q, Rule::Pattern));
                    }
                    r -= u64::from(v);
                }
            }
        }
        // 3. Capture an opponent string in atari anywhere.
        let b = &self.board;
        self.atari.retain(|&h| {
            matches!(b.cell(h), Cell::Black | Cell::White) && {
                let (hh, libs, _) = b.stone_string(h);
                hh == h && libs == 1
            }
        });
        let mut cands = std::mem::take(&mut self.cands);
        cands.clear();
        let opp = c.opponent().cell();
        for &h in &self.atari {
            if self.board.cell(h) == opp {
                if let Some(l) = self.board.liberties(h).next() {
                    if !cands.contains(&l) && self.acceptable(c, l) {
                        cands.push(l);
                    }
                }
            }
        }
        let pick = (!cands.is_empty()).then(|| cands[rng.below(cands.len())]);
        self.cands = cands;
        if let Some(p) = pick {
            return Some((p, Rule::Capture));
        }
        // 4. A uniformly random acceptable point.
        self.random_move(c, rng).map(|p| (p, Rule::Random))
    }

    /// A playout move of `c` (see [`LocalBoard::choose_move_rule`]).
    #[inline]
    pub fn choose_move(&mut self, c: Color, rng: &mut Rng) -> Option<Point> {
        self.choose_move_rule(c, rng).map(|(p, _)| p)
    }

    /// Rule 4: a few uniform draws among the empty points, then every
    /// acceptable point collected and one drawn (each way uniform over
    /// the acceptable points).
    fn random_move(&mut self, c: Color, rng: &mut Rng) -> Option<Point> {
        let n = self.board.empty_count();
        if n == 0 {
            return None;
        }
        for _ in 0..DRAWS {
            let p = self.board.empty_point(rng.below(n));
            match self.classify(c, p) {
                Some(true) => return Some(p),
                Some(false) if rng.below(SELF_ATARI_ODDS) == 0 => return Some(p),
                _ => {}
            }
        }
        let mut cands = std::mem::take(&mut self.cands);
        cands.clear();
        let mut self_ataris = 0;
        for k in 0..n {
            let p = self.board.empty_point(k);
            match self.classify(c, p) {
                // Quiet moves in front, self-ataris behind.
                Some(true) => {
                    cands.push(p);
                    let last = cands.len() - 1;
                    cands.swap(last - self_ataris, last);
                }
                Some(false) => {
                    cands.push(p);
                    self_ataris += 1;
                }
                None => {}
            }
        }
        let quiet = cands.len() - self_ataris;
        let pick = if quiet > 0 {
            Some(cands[rng.below(quiet)])
        } else {
            (!cands.is_empty()).then(|| cands[rng.below(cands.len())])
        };
        self.cands = cands;
        pick
    }

    /// Plays from the current position, `first` to move, until two
    /// passes in a row or `max_moves` moves, and scores the final
    /// position (area, no komi).
    pub fn playout(&mut self, first: Color, rng: &mut Rng, max_moves: usize) -> PlayoutOutcome {
        let (moves, capped) = play_to_end(first, max_moves, |c| {
            let m = self.choose_move(c, rng).map_or(Move::Pass, Move::Play);
            self.play_legal(c, m);
            m
        });
        PlayoutOutcome {
            moves,
            capped,
            score: area_balance(&self.board),
        }
    }
}
