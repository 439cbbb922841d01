//! The incremental local context of every empty point, kept on the real
//! `katachi_board::Board`, and the move weights it gives through a
//! compiled Monte Carlo pattern table.
//!
//! For every empty point the [`McBoard`] keeps the absolute 3x3 code of its
//! eight neighbours and, per colour, the move weight: the table's value for
//! that code in the point's context (near the previous move, self-atari and
//! suicide status for both colours, stones a move of either colour would
//! capture), or 0 if the move is illegal (suicide, simple ko). Weights sit
//! in one [`SumTree`] per colour, so a move is drawn in proportion to its
//! weight in O(log n).
//!
//! After each move only the points whose context can have changed are
//! recomputed: the move's 3x3 neighbourhood and each captured stone's;
//! the liberties of strings whose liberty set changed where that matters
//! (a string with at most two liberties before or after; every string next
//! to a capture); the old and new ko points; the old and new near sets.
//! Why that suffices: a point's context depends on its neighbours' cells
//! (in its code), and on each adjacent string only through "at least three
//! liberties" or, below that, its exact liberties and stones. The
//! differential test (`tests/incremental.rs`) checks the result against a
//! from-scratch recomputation ([`McBoard::check_against_scratch`]) after
//! every move of random games.
//!
//! "Near" (katachi's definition; the manual leaves it to GNU Go's source,
//! which we do not read): a point is near the previous move if it is one
//! of its eight neighbours, or a liberty of a string with at most two
//! liberties adjacent to (or containing) the previous move, such as the
//! liberty of a string the previous move put in atari. After a pass
//! nothing is near.
//!
//! Self-atari: after the move (captures included) the string holding the
//! new stone has at most one liberty; a suicide is also a self-atari (for
//! `xsafe`). Playouts use simple ko only: the board's superko setting is
//! not consulted.

use katachi_board::{Board, Cell, Color, IllegalMove, Move, Point};
use katachi_patterns::mcpat::table::NEIGHBOURS;
use katachi_patterns::mcpat::{Context, McTable};

use crate::heavy::Heavy;
use crate::sum_tree::SumTree;

/// What a stone of one colour on an empty point would do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveInfo {
    /// No liberty after captures (illegal for the player).
    pub suicide: bool,
    /// At most one liberty after captures.
    pub self_atari: bool,
    /// Stones captured, clamped to 3.
    pub captures: u8,
    /// For a self-atari (suicide included): the stones of the string the
    /// move makes (the new stone and the own strings it joins), clamped
    /// to 255; 0 when the move is not a self-atari.
    pub self_atari_stones: u8,
}

/// Up to two distinct points (liberties found so far).
#[derive(Clone, Copy)]
struct Two {
    n: usize,
    p: [Point; 2],
}

impl Two {
    #[inline]
    fn add(&mut self, q: Point) {
        if self.n == 0 || (self.n == 1 && self.p[0] != q) {
            self.p[self.n] = q;
            self.n += 1;
        }
    }
    #[inline]
    fn full(&self) -> bool {
        self.n >= 2
    }
}

/// The four neighbours of an empty point, read once: its empty
/// neighbours and its distinct adjacent strings.
struct Scan {
    /// Empty neighbours (as liberties of a stone played there).
    empty: Two,
    /// Number of empty neighbours (`empty` keeps the first two).
    empties: usize,
    /// Distinct adjacent strings: head, colour index (Black 0, White 1),
    /// liberty count, size.
    strings: [(Point, u8, u16, u16); 4],
    n: usize,
}

impl Scan {
    // Always inlined: returned by value, the scan was copied out of a call.
    #[inline(always)]
    fn new(board: &Board, p: Point) -> Scan {
        let cells = board.cells();
        let mut s = Scan {
            empty: Two {
                n: 0,
                p: [Point(0); 2],
            },
            empties: 0,
            strings: [(Point(0), 0, 0, 0); 4],
            n: 0,
        };
        for q in board.neighbors(p) {
            match cells[q.index()] {
                Cell::Empty => {
                    s.empties += 1;
                    s.empty.add(q);
                }
                Cell::Edge => {}
                cell => {
                    let (h, libs, size) = board.string_stats(q).expect("a stone has a string");
                    if !s.strings[..s.n].iter().any(|x| x.0 == h) {
                        let k = if cell == Cell::Black { 0 } else { 1 };
                        s.strings[s.n] = (h, k, libs as u16, size as u16);
                        s.n += 1;
                    }
                }
            }
        }
        s
    }

    /// What a stone of colour index `k` would do (see the module doc).
    fn info(&self, board: &Board, p: Point, k: usize) -> MoveInfo {
        let strings = &self.strings[..self.n];
        let mut libs = self.empty;
        let mut captured = 0usize;
        let mut any_cap = false;
        let mut own_breath = false;
        let mut stones = 1usize;
        for &(_, kk, lc, size) in strings {
            let (kk, lc, size) = (kk as usize, lc as usize, size as usize);
            if kk == k {
                own_breath |= lc > 1;
                stones += size;
            } else if lc == 1 {
                any_cap = true;
                captured += size;
            }
        }
        let suicide = libs.n == 0 && !any_cap && !own_breath;
        if !libs.full() {
            for &(h, kk, lc, _) in strings {
                if kk as usize != k {
                    continue;
                }
                if lc >= 3 {
                    libs.n = 2;
                    break;
                }
                for l in board.liberties(h) {
                    if l != p {
                        libs.add(l);
                    }
                }
                if libs.full() {
                    break;
                }
            }
        }
        if !libs.full() && any_cap {
            // Captured stones next to the new string become its liberties.
            let own = if k == 0 { Cell::Black } else { Cell::White };
            let is_own_string = |g: Point| strings.iter().any(|x| x.1 as usize == k && x.0 == g);
            'cap: for &(h, kk, lc, _) in strings {
                if kk as usize == k || lc != 1 {
                    continue;
                }
                for s in board.stones(h) {
                    let touches = board.neighbors(s).iter().any(|&n| {
                        n == p
                            || (board.cell(n) == own
                                && board.string_head(n).is_some_and(is_own_string))
                    });
                    if touches {
                        libs.add(s);
                        if libs.full() {
                            break 'cap;
                        }
                    }
                }
            }
        }
        MoveInfo {
            suicide,
            self_atari: !libs.full(),
            captures: captured.min(3) as u8,
            self_atari_stones: if libs.full() {
                0
            } else {
                stones.min(255) as u8
            },
        }
    }
}

/// What a stone of `c` on the empty point `p` would do (see the module doc
/// for the definitions).
pub fn analyse(board: &Board, p: Point, c: Color) -> MoveInfo {
    Scan::new(board, p).info(board, p, c.index())
}

/// What a Black and a White stone on the empty point `p` would do
/// (Black first): the same as [`analyse`] for each colour, from one scan
/// of the four neighbours. The playouts' hot path: most points have two
/// empty neighbours, where neither colour can self-atari and only the
/// captures need the strings.
pub fn analyse_both(board: &Board, p: Point) -> [MoveInfo; 2] {
    let scan = Scan::new(board, p);
    if scan.empties >= 2 {
        // Two liberties whatever the strings: only captures to count.
        let mut out = [MoveInfo::default(); 2];
        for &(_, k, lc, size) in &scan.strings[..scan.n] {
            if lc == 1 {
                let o = &mut out[1 - k as usize];
                o.captures = (o.captures as usize + size as usize).min(3) as u8;
            }
        }
        return out;
    }
    [scan.info(board, p, 0), scan.info(board, p, 1)]
}

/// A context base meaning "weight 0 in every context": an odd value, which
/// a base (near bit clear) never is.
const FORBIDDEN: u8 = 1;

/// A board with the Monte Carlo context of every empty point and the move
/// weights of both colours.
///
/// `clone_from` reuses the target's allocations, so a playout resets from
/// a start position without the allocator.
#[derive(Debug)]
pub struct McBoard<'t> {
    /// The table of each colour's moves (Black 0, White 1); usually the
    /// same, different to pit two policies against each other.
    tables: [&'t McTable; 2],
    /// The board (the heavy rules read on it and take their moves back).
    pub(crate) board: Board,
    /// Padded index offsets of the eight neighbours, in code order.
    offsets: [isize; 8],
    /// Absolute 3x3 code of every on-board point (kept for stones too).
    code: Vec<u16>,
    /// The table row of every empty point's code, per colour
    /// ([`McTable::row`]; stale on stones): a lookup whose only change is the context
    /// (nearness, ko, a neighbouring string's liberties) reads the small
    /// value rows, not the large code table.
    row: Vec<[u32; 2]>,
    /// What a Black and a White stone would do on every empty point.
    info: Vec<[MoveInfo; 2]>,
    /// Per empty point and colour, the context index without the near
    /// bit (`Context::index`), or [`FORBIDDEN`] when the move weighs 0
    /// whatever the context (suicide, a self-atari over the limit): set
    /// with `info`, so a lookup only adds nearness and ko.
    base: Vec<[u8; 2]>,
    /// Move weights per colour (Black 0, White 1).
    tree: [SumTree; 2],
    /// The previous move, if it was a stone.
    last: Option<Point>,
    /// The near set (distinct points) and its membership flags.
    near: Vec<Point>,
    near_flag: Vec<bool>,
    /// Dirty points of the current update, deduplicated by stamp; those
    /// whose `reanalyse` stamp is current also need a new [`MoveInfo`]
    /// (the others only a new lookup: nearness or ko changed).
    dirty: Vec<Point>,
    stamp: Vec<u32>,
    reanalyse: Vec<u32>,
    epoch: u32,
    /// Scratch: stones captured by the move being played.
    captured: Vec<Point>,
    /// Self-ataris that capture nothing and make a string of at least
    /// this many stones weigh 0 whatever the table says (0: no such
    /// rule); see [`McBoard::set_self_atari_limit`].
    self_atari_limit: usize,
    /// Probabilities of the heavy playout rules ([`crate::heavy`]).
    pub(crate) heavy: Heavy,
    /// Scratch: the heavy rules' candidates.
    pub(crate) heavy_scratch: Vec<Point>,
}

impl Clone for McBoard<'_> {
    fn clone(&self) -> Self {
        McBoard {
            tables: self.tables,
            board: self.board.clone(),
            offsets: self.offsets,
            code: self.code.clone(),
            row: self.row.clone(),
            info: self.info.clone(),
            base: self.base.clone(),
            tree: self.tree.clone(),
            last: self.last,
            near: self.near.clone(),
            near_flag: self.near_flag.clone(),
            dirty: self.dirty.clone(),
            stamp: self.stamp.clone(),
            reanalyse: self.reanalyse.clone(),
            epoch: self.epoch,
            captured: self.captured.clone(),
            self_atari_limit: self.self_atari_limit,
            heavy: self.heavy,
            heavy_scratch: Vec::new(),
        }
    }
    fn clone_from(&mut self, src: &Self) {
        self.tables = src.tables;
        self.board.clone_from(&src.board);
        self.offsets = src.offsets;
        self.code.clone_from(&src.code);
        self.row.clone_from(&src.row);
        self.info.clone_from(&src.info);
        self.base.clone_from(&src.base);
        self.tree[0].clone_from(&src.tree[0]);
        self.tree[1].clone_from(&src.tree[1]);
        self.last = src.last;
        self.near.clone_from(&src.near);
        self.near_flag.clone_from(&src.near_flag);
        self.dirty.clone_from(&src.dirty);
        self.stamp.clone_from(&src.stamp);
        self.reanalyse.clone_from(&src.reanalyse);
        self.epoch = src.epoch;
        self.captured.clone_from(&src.captured);
        self.self_atari_limit = src.self_atari_limit;
        self.heavy = src.heavy;
    }
}

impl<'t> McBoard<'t> {
    /// The context of `board` with `last` the previous move (for `near`),
    /// computed from scratch.
    pub fn new(table: &'t McTable, board: Board, last: Option<Point>) -> McBoard<'t> {
        McBoard::with_tables([table, table], board, last)
    }

    /// Like [`McBoard::new`], with Black's moves weighed by `tables[0]` and
    /// White's by `tables[1]`.
    pub fn with_tables(tables: [&'t McTable; 2], board: Board, last: Option<Point>) -> McBoard<'t> {
        let len = board.cells().len();
        let s = board.stride() as isize;
        let offsets = NEIGHBOURS.map(|(dr, dc)| dr as isize * s + dc as isize);
        let mut b = McBoard {
            tables,
            board,
            offsets,
            code: vec![0; len],
            row: vec![[0; 2]; len],
            info: vec![[MoveInfo::default(); 2]; len],
            base: vec![[FORBIDDEN; 2]; len],
            tree: [SumTree::new(len), SumTree::new(len)],
            last,
            near: Vec::new(),
            near_flag: vec![false; len],
            dirty: Vec::new(),
            stamp: vec![0; len],
            reanalyse: vec![0; len],
            epoch: 0,
            captured: Vec::new(),
            self_atari_limit: 0,
            heavy: Heavy::default(),
            heavy_scratch: Vec::new(),
        };
        b.recompute_all();
        b
    }

    /// Makes self-ataris that capture nothing and leave a string of at
    /// least `limit` stones in atari weigh 0, whatever the table says
    /// (0 turns the rule off, the default), and recomputes the weights.
    ///
    /// Why (Go): such a move only gives stones away, and it is how
    /// playouts break a seki. In a seki both sides' strings share their
    /// last liberties and neither has another move; a playout, which
    /// plays while any move has a positive weight, ends up filling a
    /// shared liberty, the opponent captures, and the seki is scored as
    /// one side's territory. With the rule neither side fills, both pass,
    /// and the shared liberties count for nobody. Small sacrifices stay
    /// possible below the limit: a one- or two-stone self-atari inside the
    /// opponent's eye space is how nakade kills (straight and bent three,
    /// the throw-in that makes an eye false). A dead string that may not
    /// self-atari is still captured: the opponent fills its liberties.
    pub fn set_self_atari_limit(&mut self, limit: usize) {
        self.self_atari_limit = limit;
        self.recompute_all();
    }

    /// Sets the probabilities of the heavy playout rules
    /// ([`crate::heavy`]; all 0, the default, is the pattern weights
    /// alone). They apply to [`McBoard::choose_move`] and so to
    /// [`McBoard::playout`].
    pub fn set_heavy(&mut self, heavy: Heavy) {
        self.heavy = heavy;
    }

    /// The heavy playout rules' probabilities.
    pub fn heavy(&self) -> Heavy {
        self.heavy
    }

    /// The self-atari limit ([`McBoard::set_self_atari_limit`]).
    pub fn self_atari_limit(&self) -> usize {
        self.self_atari_limit
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The table `c`'s weights come from.
    pub fn table(&self, c: Color) -> &'t McTable {
        self.tables[c.index()]
    }

    /// The previous move, if it was a stone.
    pub fn last_move(&self) -> Option<Point> {
        self.last
    }

    /// The absolute 3x3 code of point `p`.
    pub fn code(&self, p: Point) -> u16 {
        self.code[p.index()]
    }

    /// Whether `p` is near the previous move.
    pub fn is_near(&self, p: Point) -> bool {
        self.near_flag[p.index()]
    }

    /// The points near the previous move (see the module doc), each
    /// once; empty after a pass. The heavy rules' local draw reads it.
    pub fn near_points_now(&self) -> &[Point] {
        &self.near
    }

    /// The weight of a move of `c` on `p` (0 if illegal or not empty).
    pub fn weight(&self, c: Color, p: Point) -> u32 {
        self.tree[c.index()].get(p.index())
    }

    /// Sum of the weights of `c`'s moves.
    pub fn total(&self, c: Color) -> u64 {
        self.tree[c.index()].total()
    }

    /// What a stone of `c` on the empty point `p` would do (captures,
    /// self-atari), as kept for the playouts' weights: the same as
    /// [`analyse`] on [`McBoard::board`], without the scan. Meaningless
    /// on a stone.
    pub fn move_info(&self, c: Color, p: Point) -> MoveInfo {
        self.info[p.index()][c.index()]
    }

    /// The context of a move of `c` on the empty point `p`, with `c`'s own
    /// analysis (for legality).
    pub fn context(&self, c: Color, p: Point) -> (Context, MoveInfo) {
        let o = analyse(&self.board, p, c);
        let x = analyse(&self.board, p, c.opponent());
        (self.context_of(p, o, x), o)
    }

    fn context_of(&self, p: Point, o: MoveInfo, x: MoveInfo) -> Context {
        Context {
            near: self.near_flag[p.index()],
            osafe: !o.self_atari,
            xsafe: !x.self_atari,
            xsuicide: x.suicide,
            ocap: o.captures,
            xcap: x.captures,
        }
    }

    /// The 3x3 code of `p` read from the board.
    fn code_from_board(&self, p: Point) -> u16 {
        let cells = self.board.cells();
        let mut code = 0u16;
        for (k, &d) in self.offsets.iter().enumerate() {
            let q = (p.index() as isize + d) as usize;
            code |= (cells[q] as u16) << (2 * k);
        }
        code
    }

    /// Both colours' weights of `p` from its cached row, context base,
    /// nearness and `ko`, each colour's forbidden ko point if any.
    #[inline(always)]
    fn weights_of(&self, p: Point, ko: [Option<Point>; 2]) -> [u32; 2] {
        let i = p.index();
        if self.board.cells()[i] != Cell::Empty {
            return [0, 0];
        }
        let base = self.base[i];
        let rows = self.row[i];
        let near = self.near_flag[i] as usize;
        let mut w = [0; 2];
        for k in 0..2 {
            if base[k] == FORBIDDEN || ko[k] == Some(p) {
                continue;
            }
            w[k] = self.tables[k].row_value(rows[k], base[k] as usize | near);
        }
        w
    }

    /// The context bases of a point with analyses `infos` (see
    /// the `base` field).
    fn bases(&self, infos: [MoveInfo; 2]) -> [u8; 2] {
        let mut out = [FORBIDDEN; 2];
        for k in 0..2 {
            let (o, x) = (infos[k], infos[1 - k]);
            if o.suicide {
                continue;
            }
            if self.self_atari_limit > 0
                && o.self_atari
                && o.captures == 0
                && o.self_atari_stones as usize >= self.self_atari_limit
            {
                continue;
            }
            // Context::index with near false.
            out[k] = ((!o.self_atari as usize) << 1
                | (!x.self_atari as usize) << 2
                | (x.suicide as usize) << 3
                | (o.captures.min(3) as usize) << 4
                | (x.captures.min(3) as usize) << 6) as u8;
        }
        out
    }

    /// Each colour's forbidden ko point (Black first).
    #[inline]
    fn ko_points(&self) -> [Option<Point>; 2] {
        [
            self.board.ko_point_for(Color::Black),
            self.board.ko_point_for(Color::White),
        ]
    }

    /// Refreshes the cached table rows of `p` from its code.
    #[inline]
    fn refresh_row(&mut self, p: Point) {
        let code = self.code[p.index()];
        self.row[p.index()] = [self.tables[0].row(0, code), self.tables[1].row(1, code)];
    }

    /// Analyses `p` for both colours into the cache (empty points only).
    fn analyse_point(&mut self, p: Point) {
        if self.board.cell(p) == Cell::Empty {
            let infos = analyse_both(&self.board, p);
            self.info[p.index()] = infos;
            self.base[p.index()] = self.bases(infos);
        }
    }

    /// The near set of the current position and previous move.
    fn near_points(board: &Board, last: Option<Point>, offsets: &[isize; 8], out: &mut Vec<Point>) {
        out.clear();
        let Some(m) = last else {
            return;
        };
        let cells = board.cells();
        for &d in offsets {
            let q = Point((m.index() as isize + d) as u16);
            if cells[q.index()] != Cell::Edge {
                out.push(q);
            }
        }
        let mut heads = [Point(0); 5];
        let mut n = 0;
        for q in std::iter::once(m).chain(board.neighbors(m)) {
            if let Some((h, libs, _)) = board.string_stats(q) {
                if !heads[..n].contains(&h) {
                    heads[n] = h;
                    n += 1;
                    if libs <= 2 {
                        for l in board.liberties(h) {
                            if !out.contains(&l) {
                                out.push(l);
                            }
                        }
                    }
                }
            }
        }
    }

    fn recompute_all(&mut self) {
        for f in self.near_flag.iter_mut() {
            *f = false;
        }
        let mut near = std::mem::take(&mut self.near);
        Self::near_points(&self.board, self.last, &self.offsets, &mut near);
        for &q in &near {
            self.near_flag[q.index()] = true;
        }
        self.near = near;
        let points: Vec<Point> = self.board.points().collect();
        for &p in &points {
            self.code[p.index()] = self.code_from_board(p);
            self.refresh_row(p);
        }
        let ko = self.ko_points();
        for &p in &points {
            self.analyse_point(p);
            let w = self.weights_of(p, ko);
            self.tree[0].set(p.index(), w[0]);
            self.tree[1].set(p.index(), w[1]);
        }
    }

    /// Marks `p` for a new lookup only (nearness or ko changed).
    #[inline]
    fn mark_lookup(&mut self, p: Point) {
        let i = p.index();
        if self.stamp[i] != self.epoch {
            self.stamp[i] = self.epoch;
            self.dirty.push(p);
        }
    }

    /// Marks `p` for a new analysis and lookup.
    #[inline]
    fn mark(&mut self, p: Point) {
        self.reanalyse[p.index()] = self.epoch;
        self.mark_lookup(p);
    }

    /// After the cell of `p` changed: updates `p`'s field in the codes of
    /// its on-board 3x3 neighbourhood, refreshes their rows and marks them
    /// and `p`; `p` and its orthogonal neighbours need a new analysis (it
    /// reads only orthogonal cells and adjacent strings, whose changes are
    /// marked separately), the diagonal ones only a new lookup. `p`'s own
    /// code does not change (its neighbours' changes update it).
    fn mark_area(&mut self, p: Point) {
        self.mark(p);
        if self.board.cells()[p.index()] == Cell::Empty {
            self.refresh_row(p);
        }
        let cell = self.board.cells()[p.index()] as u16;
        for (k, &(dr, dc)) in NEIGHBOURS.iter().enumerate() {
            let q = Point((p.index() as isize + self.offsets[k]) as u16);
            if self.board.cells()[q.index()] != Cell::Edge {
                // `p` is neighbour 7 - k of `q` (the code order is
                // symmetric about the centre).
                let shift = 2 * (7 - k);
                let code = &mut self.code[q.index()];
                *code = (*code & !(3 << shift)) | (cell << shift);
                // Stones need no row; a captured stone gets its own when
                // it becomes empty (its own `mark_area`).
                if self.board.cells()[q.index()] == Cell::Empty {
                    self.refresh_row(q);
                }
                if dr == 0 || dc == 0 {
                    self.mark(q);
                } else {
                    self.mark_lookup(q);
                }
            }
        }
    }

    /// Marks every liberty of the string at `s`.
    fn mark_liberties(&mut self, s: Point) {
        let epoch = self.epoch;
        for l in self.board.liberties(s) {
            let i = l.index();
            self.reanalyse[i] = epoch;
            if self.stamp[i] != epoch {
                self.stamp[i] = epoch;
                self.dirty.push(l);
            }
        }
    }

    /// Plays `m` for `c` (legality checked, simple ko only) and updates the
    /// context incrementally. Returns the number of stones captured.
    pub fn play(&mut self, c: Color, m: Move) -> Result<usize, IllegalMove> {
        if let Move::Play(p) = m {
            match self.board.cell(p) {
                Cell::Edge => return Err(IllegalMove::OffBoard),
                Cell::Empty => {}
                _ => return Err(IllegalMove::Occupied),
            }
            if self.board.ko_point_for(c) == Some(p) {
                return Err(IllegalMove::Ko);
            }
            if analyse(&self.board, p, c).suicide {
                return Err(IllegalMove::Suicide);
            }
        }
        Ok(self.play_legal(c, m))
    }

    /// [`McBoard::play`] without the legality check: `m` must be legal for
    /// `c` under simple ko (as every move drawn with a positive weight is).
    pub fn play_legal(&mut self, c: Color, m: Move) -> usize {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.iter_mut().for_each(|s| *s = u32::MAX);
            self.reanalyse.iter_mut().for_each(|s| *s = u32::MAX);
            self.epoch = 1;
        }
        self.dirty.clear();
        let old_ko = [
            self.board.ko_point_for(Color::Black),
            self.board.ko_point_for(Color::White),
        ];
        let mut low_component = false;
        self.captured.clear();
        if let Move::Play(p) = m {
            let mut heads = [Point(0); 4];
            let mut n_heads = 0;
            for n in self.board.neighbors(p) {
                match self.board.cell(n).color() {
                    Some(k) if k == c => low_component |= self.board.liberty_count(n) <= 2,
                    Some(_) if self.board.liberty_count(n) == 1 => {
                        let h = self.board.string_head(n).expect("a stone has a string");
                        if !heads[..n_heads].contains(&h) {
                            heads[n_heads] = h;
                            n_heads += 1;
                            self.captured.extend(self.board.stones(h));
                        }
                    }
                    _ => {}
                }
            }
        }
        let n_captured = self.board.play_unchecked(c, m);
        debug_assert_eq!(n_captured, self.captured.len());
        if let Move::Play(p) = m {
            self.mark_area(p);
            let captured = std::mem::take(&mut self.captured);
            for &s in &captured {
                self.mark_area(s);
            }
            // Strings next to the move whose liberties changed in a way
            // that matters (see the module doc).
            for n in self
                .board
                .neighbors(p)
                .into_iter()
                .chain(std::iter::once(p))
            {
                if let Some(k) = self.board.cell(n).color() {
                    let lc = self.board.liberty_count(n);
                    if lc <= 2 || (k == c && low_component) {
                        self.mark_liberties(n);
                    }
                }
            }
            // Strings next to captured stones gained liberties.
            for &s in &captured {
                for n in self.board.neighbors(s) {
                    if self.board.cell(n).color().is_some() {
                        self.mark_liberties(n);
                    }
                }
            }
            self.captured = captured;
        }
        for q in old_ko.into_iter().flatten() {
            self.mark_lookup(q);
        }
        for c in [Color::Black, Color::White] {
            if let Some(q) = self.board.ko_point_for(c) {
                self.mark_lookup(q);
            }
        }
        // The near set moves with the previous move.
        let old_near = std::mem::take(&mut self.near);
        for &q in &old_near {
            self.near_flag[q.index()] = false;
            self.mark_lookup(q);
        }
        self.last = match m {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        };
        let mut near = old_near;
        Self::near_points(&self.board, self.last, &self.offsets, &mut near);
        for &q in &near {
            self.near_flag[q.index()] = true;
            self.mark_lookup(q);
        }
        self.near = near;
        let dirty = std::mem::take(&mut self.dirty);
        let ko = self.ko_points();
        for &q in &dirty {
            if self.reanalyse[q.index()] == self.epoch {
                self.analyse_point(q);
            }
            let w = self.weights_of(q, ko);
            self.tree[0].set(q.index(), w[0]);
            self.tree[1].set(q.index(), w[1]);
        }
        self.dirty = dirty;
        n_captured
    }

    /// A move of `c` drawn in proportion to the weights, or `None` if every
    /// weight is 0. `random` is a uniform 64-bit number.
    #[inline]
    pub fn choose_with(&self, c: Color, random: u64) -> Option<Point> {
        let t = &self.tree[c.index()];
        let total = t.total();
        if total == 0 {
            return None;
        }
        let r = ((random as u128 * total as u128) >> 64) as u64;
        Some(Point(t.find(r) as u16))
    }

    /// Compares every code, analysis, near flag and weight with a from-scratch
    /// recomputation of the same position and previous move; the first
    /// difference, if any.
    pub fn check_against_scratch(&self) -> Result<(), String> {
        let mut fresh = McBoard::with_tables(self.tables, self.board.clone(), self.last);
        if self.self_atari_limit > 0 {
            fresh.set_self_atari_limit(self.self_atari_limit);
        }
        for p in self.board.points() {
            let v = self.board.vertex(p);
            if self.board.cell(p) == Cell::Empty && self.code[p.index()] != fresh.code[p.index()] {
                return Err(format!(
                    "{v}: code {:#06x}, from scratch {:#06x}",
                    self.code[p.index()],
                    fresh.code[p.index()]
                ));
            }
            if self.board.cell(p) == Cell::Empty && self.base[p.index()] != fresh.base[p.index()] {
                return Err(format!(
                    "{v}: context bases {:?}, from scratch {:?}",
                    self.base[p.index()],
                    fresh.base[p.index()]
                ));
            }
            if self.board.cell(p) == Cell::Empty && self.row[p.index()] != fresh.row[p.index()] {
                return Err(format!(
                    "{v}: table rows {:?}, from scratch {:?}",
                    self.row[p.index()],
                    fresh.row[p.index()]
                ));
            }
            if self.board.cell(p) == Cell::Empty && self.info[p.index()] != fresh.info[p.index()] {
                return Err(format!(
                    "{v}: analysis {:?}, from scratch {:?}",
                    self.info[p.index()],
                    fresh.info[p.index()]
                ));
            }
            if self.near_flag[p.index()] != fresh.near_flag[p.index()] {
                return Err(format!("{v}: near {}", self.near_flag[p.index()]));
            }
            for c in [Color::Black, Color::White] {
                let (a, b) = (self.weight(c, p), fresh.weight(c, p));
                if a != b {
                    return Err(format!(
                        "{v}: weight for {c:?} {a}, from scratch {b} (context {:?})",
                        fresh.context(c, p).0
                    ));
                }
            }
        }
        for c in [Color::Black, Color::White] {
            if self.total(c) != fresh.total(c) {
                return Err(format!(
                    "total for {c:?}: {} vs {}",
                    self.total(c),
                    fresh.total(c)
                ));
            }
        }
        Ok(())
    }
}
