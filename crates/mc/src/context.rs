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
                    let (h, libs, size) = board.stone_string(q);
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

    /// What a Black and a White stone would do (see the module doc), from
    /// one pass over the adjacent strings.
    fn info_both(&self, board: &Board, p: Point) -> [MoveInfo; 2] {
        let strings = &self.strings[..self.n];
        let mut libs = [self.empty; 2];
        let mut captured = [0usize; 2];
        let mut own_breath = [false; 2];
        let mut stones = [1usize; 2];
        for &(h, k, lc, size) in strings {
            let (k, lc, size) = (k as usize, lc as usize, size as usize);
            own_breath[k] |= lc > 1;
            stones[k] += size;
            if lc == 1 {
                // Captured by the other colour; for its own colour the
                // string's one liberty is `p`: nothing to add.
                captured[1 - k] += size;
            } else if !libs[k].full() {
                if lc >= 3 {
                    libs[k].n = 2;
                } else if let Some(l) = board.other_liberty(h, p) {
                    libs[k].add(l);
                }
            }
        }
        [
            self.finish(board, p, 0, libs[0], captured[0], own_breath[0], stones[0]),
            self.finish(board, p, 1, libs[1], captured[1], own_breath[1], stones[1]),
        ]
    }

    /// The move info of colour index `k` from what [`Scan::info_both`]
    /// gathered (a method always inlined: a closure or an array `map`
    /// here was compiled as a call).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn finish(
        &self,
        board: &Board,
        p: Point,
        k: usize,
        mut libs: Two,
        captured: usize,
        own_breath: bool,
        stones: usize,
    ) -> MoveInfo {
        if !libs.full() && captured > 0 {
            self.capture_liberties(board, p, k, &mut libs);
        }
        let full = libs.full();
        MoveInfo {
            suicide: self.empty.n == 0 && captured == 0 && !own_breath,
            self_atari: !full,
            captures: captured.min(3) as u8,
            self_atari_stones: if full { 0 } else { stones.min(255) as u8 },
        }
    }

    /// Adds to `libs` the stones a move of colour index `k` at `p` would
    /// capture that touch the new string (`p` or an own string beside
    /// it): they become its liberties.
    fn capture_liberties(&self, board: &Board, p: Point, k: usize, libs: &mut Two) {
        let strings = &self.strings[..self.n];
        let own = if k == 0 { Cell::Black } else { Cell::White };
        let is_own_string = |g: Point| strings.iter().any(|x| x.1 as usize == k && x.0 == g);
        for &(h, kk, lc, _) in strings {
            if kk as usize == k || lc != 1 {
                continue;
            }
            for s in board.stones(h) {
                let touches = board.neighbors(s).iter().any(|&n| {
                    n == p
                        || (board.cell(n) == own && board.string_head(n).is_some_and(is_own_string))
                });
                if touches {
                    libs.add(s);
                    if libs.full() {
                        return;
                    }
                }
            }
        }
    }
}

/// The padded index offsets of a point's eight neighbours on `board`,
/// in the 3x3 code's order.
pub fn neighbour_offsets(board: &Board) -> [isize; 8] {
    let s = board.stride() as isize;
    NEIGHBOURS.map(|(dr, dc)| dr as isize * s + dc as isize)
}

/// The 3x3 code of `p` on `board`: its eight neighbours' cells at
/// `offsets` ([`neighbour_offsets`]), two bits each in code order.
pub fn board_code(board: &Board, offsets: &[isize; 8], p: Point) -> u16 {
    let cells = board.cells();
    let mut code = 0u16;
    for (k, &d) in offsets.iter().enumerate() {
        let q = (p.index() as isize + d) as usize;
        code |= (cells[q] as u16) << (2 * k);
    }
    code
}

/// Whether `m` is legal for `c` in a playout: on the board, on an empty
/// point, not retaking a simple ko, not suicide (the playout boards'
/// `play`).
pub fn check_legal(board: &Board, c: Color, m: Move) -> Result<(), IllegalMove> {
    if let Move::Play(p) = m {
        match board.cell(p) {
            Cell::Edge => return Err(IllegalMove::OffBoard),
            Cell::Empty => {}
            _ => return Err(IllegalMove::Occupied),
        }
        if board.ko_point_for(c) == Some(p) {
            return Err(IllegalMove::Ko);
        }
        if analyse(board, p, c).suicide {
            return Err(IllegalMove::Suicide);
        }
    }
    Ok(())
}

/// What a stone of `c` on the empty point `p` would do (see the module doc
/// for the definitions).
pub fn analyse(board: &Board, p: Point, c: Color) -> MoveInfo {
    Scan::new(board, p).info_both(board, p)[c.index()]
}

/// What a Black and a White stone on the empty point `p` would do
/// (Black first): the same as [`analyse`] for each colour, from one scan
/// of the four neighbours. The playouts' hot path: most points have two
/// empty neighbours, where neither colour can self-atari and only the
/// captures need the strings.
pub fn analyse_both(board: &Board, p: Point) -> [MoveInfo; 2] {
    let cells = board.cells();
    let nbrs = board.neighbors(p);
    let empties = nbrs
        .iter()
        .filter(|q| cells[q.index()] == Cell::Empty)
        .count();
    if empties >= 2 {
        // Two liberties whatever the strings: only captures to count,
        // from the distinct adjacent strings in atari (without the full
        // scan).
        let mut caps = [0usize; 2];
        let mut heads = [Point(0); 4];
        let mut n = 0;
        for q in nbrs {
            let cell = cells[q.index()];
            if matches!(cell, Cell::Black | Cell::White) {
                let (h, libs, size) = board.stone_string(q);
                if libs == 1 && !heads[..n].contains(&h) {
                    heads[n] = h;
                    n += 1;
                    // A Black string is captured by White (index 1).
                    caps[(cell == Cell::Black) as usize] += size;
                }
            }
        }
        return caps.map(|c| MoveInfo {
            captures: c.min(3) as u8,
            ..MoveInfo::default()
        });
    }
    Scan::new(board, p).info_both(board, p)
}

/// A context base meaning "weight 0 in every context": an odd value, which
/// a base (near bit clear) never is.
const FORBIDDEN: u8 = 1;

/// Mark flag: the point's code changed (or it became empty), so its table
/// rows need refreshing.
const ROW: u8 = 1;
/// Mark flag: the point needs a new [`MoveInfo`] (a neighbouring cell or
/// an adjacent string's liberties changed).
const ANALYSE: u8 = 2;
/// Mark flag: a candidate of the nakade sacrifice
/// ([`McBoard::set_nakade_sacrifice`]): its bases again from its
/// analysis, whose strings beyond the neighbours may have changed.
const SACRIFICE: u8 = 4;

/// Everything kept for one point, in one record so that an update touches
/// one place (one bounds check, one cache line) per point.
#[derive(Clone, Copy, Debug, Default)]
struct Pt {
    /// Absolute 3x3 code (kept for stones too).
    code: u16,
    /// Per colour, the context index without the near bit
    /// (`Context::index`), or [`FORBIDDEN`] when the move weighs 0
    /// whatever the context (suicide, a self-atari over the limit): set
    /// with `info`, so a lookup only adds nearness and ko.
    base: [u8; 2],
    /// The table row of the code, per colour ([`McTable::row`]; stale on
    /// stones): a lookup whose only change is the context (nearness, ko,
    /// a neighbouring string's liberties) reads the small value rows, not
    /// the large code table.
    row: [u32; 2],
    /// What a Black and a White stone would do here (empty points only).
    info: [MoveInfo; 2],
    /// The table's values far from and near the previous move
    /// (`values[near][colour]`; 0 for a forbidden move), set with the
    /// rows and bases: a point whose only change is nearness or ko needs
    /// no table lookup.
    values: [[u32; 2]; 2],
    /// The update (epoch) that last marked the point dirty, and what that
    /// update must recompute ([`ROW`], [`ANALYSE`]; nothing set: only a
    /// new lookup, nearness or ko changed).
    stamp: u32,
    flags: u8,
    /// Whether the point is near the previous move.
    near: bool,
}

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
    /// Playout moves are played with `Board::play_forgetting`: no undo
    /// journal, no history (nothing takes them back).
    pub(crate) board: Board,
    /// Padded index offsets of the eight neighbours, in code order.
    offsets: [isize; 8],
    /// Per padded index: code, rows, analysis, nearness, dirty stamp.
    pts: Vec<Pt>,
    /// Move weights of both colours (Black 0, White 1).
    tree: SumTree,
    /// The previous move, if it was a stone.
    last: Option<Point>,
    /// The near set (distinct points; their `near` flags are set).
    near: Vec<Point>,
    /// Dirty points of the current update, deduplicated by stamp.
    dirty: Vec<Point>,
    epoch: u32,
    /// Scratch: stones captured by the move being played.
    captured: Vec<Point>,
    /// Self-ataris that capture nothing and make a string of at least
    /// this many stones weigh 0 whatever the table says (0: no such
    /// rule); see [`McBoard::set_self_atari_limit`].
    self_atari_limit: usize,
    /// Whether a self-atari over the limit is still played when the
    /// string it makes is a killing nakade shape; see
    /// [`McBoard::set_nakade_sacrifice`].
    nakade_sacrifice: bool,
    /// With the nakade sacrifice on: the empty points where a move of
    /// either colour is a self-atari over the limit of at most five
    /// stones (the rule's candidates). Their answer depends on strings
    /// beyond the point's neighbours, so every move analyses them again.
    sacrifices: Vec<Point>,
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
            pts: self.pts.clone(),
            tree: self.tree.clone(),
            last: self.last,
            near: self.near.clone(),
            dirty: self.dirty.clone(),
            epoch: self.epoch,
            captured: self.captured.clone(),
            self_atari_limit: self.self_atari_limit,
            nakade_sacrifice: self.nakade_sacrifice,
            sacrifices: self.sacrifices.clone(),
            heavy: self.heavy,
            heavy_scratch: Vec::new(),
        }
    }
    fn clone_from(&mut self, src: &Self) {
        self.tables = src.tables;
        self.board.clone_from(&src.board);
        self.offsets = src.offsets;
        self.pts.clone_from(&src.pts);
        self.tree.clone_from(&src.tree);
        self.last = src.last;
        self.near.clone_from(&src.near);
        self.dirty.clone_from(&src.dirty);
        self.epoch = src.epoch;
        self.captured.clone_from(&src.captured);
        self.self_atari_limit = src.self_atari_limit;
        self.nakade_sacrifice = src.nakade_sacrifice;
        self.sacrifices.clone_from(&src.sacrifices);
        self.heavy = src.heavy;
    }
}

/// Whether a stone of `c` on the empty point `p` makes a string (the stone
/// and the strings of `c` beside it) of at most five stones whose shape,
/// once captured, leaves an eye one stone kills (any three, straight or
/// bent, the pyramid and square four, the crossed five and the bulky
/// five: the one five with a 2x2 block), and leaves every opponent string
/// beside it with one liberty (so that the capture is forced and the eye
/// it leaves is the only one).
pub fn nakade_shape(board: &Board, p: Point, c: Color) -> bool {
    let mut pts: [Point; 5] = [p; 5];
    let mut n = 1;
    for q in board.neighbors(p) {
        if board.cell(q) != c.cell() {
            continue;
        }
        for s in board.stones(q) {
            if pts[..n].contains(&s) {
                continue;
            }
            if n == 5 {
                return false;
            }
            pts[n] = s;
            n += 1;
        }
    }
    let shape = &pts[..n];
    // Neighbours inside the shape of each point.
    let degree = |x: Point| {
        board
            .neighbors(x)
            .iter()
            .filter(|&&y| shape.contains(&y))
            .count()
    };
    // A 2x2 block: a point with its right, lower and lower-right
    // neighbours in the shape.
    let cells: Vec<(usize, usize)> = shape.iter().map(|&x| board.row_col(x)).collect();
    let block = cells.iter().any(|&(r, c)| {
        [(r, c + 1), (r + 1, c), (r + 1, c + 1)]
            .iter()
            .all(|q| cells.contains(q))
    });
    let dead = match n {
        0..=3 => true,
        4 => block || shape.iter().any(|&x| degree(x) == 3),
        5 => block || shape.iter().any(|&x| degree(x) == 4),
        _ => false,
    };
    if !dead {
        return false;
    }
    // Every opponent string around the shape is left with one liberty
    // (the shape's last): the opponent must capture, and has no other
    // eye. A string with another liberty may have a second eye there
    // (a seki's shape: its capture would make the opponent live).
    let them = c.opponent().cell();
    shape.iter().all(|&x| {
        board.neighbors(x).iter().all(|&y| {
            if board.cell(y) != them {
                return true;
            }
            let libs = board.liberty_count(y);
            let on_p = board.liberties(y).any(|l| l == p);
            libs - usize::from(on_p) == 1
        })
    })
}

/// The context bases of a point with analyses `infos` (see [`Pt::base`])
/// under the self-atari limit `limit`.
#[inline(always)]
fn bases(limit: usize, infos: [MoveInfo; 2]) -> [u8; 2] {
    let mut out = [FORBIDDEN; 2];
    for k in 0..2 {
        let (o, x) = (infos[k], infos[1 - k]);
        if o.suicide {
            continue;
        }
        if limit > 0 && o.self_atari && o.captures == 0 && o.self_atari_stones as usize >= limit {
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

/// The table's values of both colours far from and near the previous
/// move for a point with record `pt` (see [`Pt::values`]).
#[inline(always)]
fn values(tables: &[&McTable; 2], pt: &Pt) -> [[u32; 2]; 2] {
    let mut v = [[0; 2]; 2];
    for k in 0..2 {
        if pt.base[k] != FORBIDDEN {
            let base = pt.base[k] as usize;
            v[0][k] = tables[k].row_value(pt.row[k], base);
            v[1][k] = tables[k].row_value(pt.row[k], base | 1);
        }
    }
    v
}

/// Both colours' weights of the empty point at index `i` with record
/// `pt`: its values at its nearness, 0 on a colour's forbidden ko point
/// (`ko`: each colour's ko point index, 0 for none; index 0 is never on
/// the board).
#[inline(always)]
fn weights(pt: &Pt, i: usize, ko: [usize; 2]) -> [u32; 2] {
    let mut w = pt.values[pt.near as usize];
    for k in 0..2 {
        if ko[k] == i {
            w[k] = 0;
        }
    }
    w
}

/// The dirty marks of one update: the points' records, the dirty list and
/// the update's stamp.
struct Marks<'a> {
    pts: &'a mut [Pt],
    dirty: &'a mut Vec<Point>,
    epoch: u32,
}

impl Marks<'_> {
    /// Marks `p` dirty in this update, with `flags` to recompute besides
    /// the lookup.
    #[inline(always)]
    fn mark(&mut self, p: Point, flags: u8) {
        let pt = &mut self.pts[p.index()];
        if pt.stamp != self.epoch {
            pt.stamp = self.epoch;
            pt.flags = flags;
            self.dirty.push(p);
        } else {
            pt.flags |= flags;
        }
    }

    /// After the cell of `p` changed to `cell`: updates `p`'s field in the
    /// codes of its on-board 3x3 neighbourhood and marks the empty ones and
    /// `p` for new rows; `p` and its orthogonal neighbours need a new
    /// analysis too (it reads only orthogonal cells and adjacent strings,
    /// whose changes are marked separately), the diagonal ones only a new
    /// lookup. `p`'s
    /// own code does not change (its neighbours' changes update it), but
    /// becoming empty it needs its rows.
    #[inline]
    fn area(&mut self, cells: &[Cell], offsets: &[isize; 8], p: Point) {
        self.mark(p, ROW | ANALYSE);
        let cell = cells[p.index()] as u16;
        for (k, &(dr, dc)) in NEIGHBOURS.iter().enumerate() {
            let q = Point((p.index() as isize + offsets[k]) as u16);
            let cq = cells[q.index()];
            if cq != Cell::Edge {
                // `p` is neighbour 7 - k of `q` (the code order is
                // symmetric about the centre).
                let shift = 2 * (7 - k);
                let pt = &mut self.pts[q.index()];
                pt.code = (pt.code & !(3 << shift)) | (cell << shift);
                // A stone weighs 0 and keeps weighing 0; if it is
                // captured its own `area` marks it.
                if cq == Cell::Empty {
                    let flags = if dr == 0 || dc == 0 {
                        ROW | ANALYSE
                    } else {
                        ROW
                    };
                    self.mark(q, flags);
                }
            }
        }
    }

    /// Marks every liberty of the string at `s`, which has `count`
    /// liberties, for a new analysis (the bitset scan stops at the last).
    #[inline]
    fn liberties(&mut self, board: &Board, s: Point, count: usize) {
        for l in board.liberties(s).take(count) {
            self.mark(l, ANALYSE);
        }
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
        let offsets = neighbour_offsets(&board);
        let mut b = McBoard {
            tables,
            board,
            offsets,
            pts: vec![
                Pt {
                    base: [FORBIDDEN; 2],
                    ..Pt::default()
                };
                len
            ],
            tree: SumTree::new(len),
            last,
            near: Vec::new(),
            dirty: Vec::new(),
            epoch: 0,
            captured: Vec::new(),
            self_atari_limit: 0,
            nakade_sacrifice: false,
            sacrifices: Vec::new(),
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

    /// With `on`, a self-atari over the limit
    /// ([`McBoard::set_self_atari_limit`]) keeps its weight when the
    /// string it makes is a killing nakade shape of at most five stones
    /// ([`nakade_shape`]: straight or bent three, the pyramid and square
    /// four, the bulky and crossed five), and recomputes the weights. Off
    /// by default, PARTIAL (see the README's mc31 figures).
    ///
    /// Why (Go): the limit keeps sekis alive in the playouts, but it also
    /// forbids the sacrifice that kills a group with one large eye: the
    /// attacker fills the eye with a three-, four- or five-stone shape,
    /// the defender captures, and the eye left is the shape's, which one
    /// stone on its vital point destroys. Under the limit such a group
    /// lives in most playouts (seki.tst's seki05 after White C2, Black
    /// C1: White B1 kills, the playouts call the corner alive 80 %).
    pub fn set_nakade_sacrifice(&mut self, on: bool) {
        self.nakade_sacrifice = on;
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
        self.pts[p.index()].code
    }

    /// Whether `p` is near the previous move.
    pub fn is_near(&self, p: Point) -> bool {
        self.pts[p.index()].near
    }

    /// The points near the previous move (see the module doc), each
    /// once; empty after a pass. The heavy rules' local draw reads it.
    pub fn near_points_now(&self) -> &[Point] {
        &self.near
    }

    /// The weight of a move of `c` on `p` (0 if illegal or not empty).
    pub fn weight(&self, c: Color, p: Point) -> u32 {
        self.tree.get(c.index(), p.index())
    }

    /// Sum of the weights of `c`'s moves.
    pub fn total(&self, c: Color) -> u64 {
        self.tree.total(c.index())
    }

    /// What a stone of `c` on the empty point `p` would do (captures,
    /// self-atari), as kept for the playouts' weights: the same as
    /// [`analyse`] on [`McBoard::board`], without the scan. Meaningless
    /// on a stone.
    pub fn move_info(&self, c: Color, p: Point) -> MoveInfo {
        self.pts[p.index()].info[c.index()]
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
            near: self.pts[p.index()].near,
            osafe: !o.self_atari,
            xsafe: !x.self_atari,
            xsuicide: x.suicide,
            ocap: o.captures,
            xcap: x.captures,
        }
    }

    /// The 3x3 code of `p` read from the board.
    fn code_from_board(&self, p: Point) -> u16 {
        board_code(&self.board, &self.offsets, p)
    }

    /// Each colour's forbidden ko point (Black first).
    #[inline]
    fn ko_points(&self) -> [Option<Point>; 2] {
        [
            self.board.ko_point_for(Color::Black),
            self.board.ko_point_for(Color::White),
        ]
    }

    /// Recomputes every dirty point: what its flags ask for (rows,
    /// analysis), then its weights into the sum tree; `ko` is each
    /// colour's forbidden ko point.
    fn update_dirty(&mut self, ko: [Option<Point>; 2]) {
        let ko = ko.map(|k| k.map_or(0, |p| p.index()));
        let board = &self.board;
        let cells = board.cells();
        let pts = &mut self.pts[..];
        let tree = &mut self.tree;
        let tables = self.tables;
        let same = std::ptr::eq(tables[0], tables[1]);
        let limit = self.self_atari_limit;
        let nakade = self.nakade_sacrifice && limit > 0;
        let sacrifices = &mut self.sacrifices;
        // Every candidate was marked: the list is rebuilt.
        sacrifices.clear();
        for &q in &self.dirty {
            let i = q.index();
            if cells[i] != Cell::Empty {
                tree.set(i, [0, 0]);
                continue;
            }
            let pt = &mut pts[i];
            let flags = pt.flags;
            if flags & ROW != 0 {
                pt.row = if same {
                    tables[0].rows_of(pt.code)
                } else {
                    [tables[0].row(0, pt.code), tables[1].row(1, pt.code)]
                };
            }
            // The values follow the rows and bases: new rows, or an
            // analysis that changed a base (most give the same ones).
            let mut stale = flags & ROW != 0;
            if flags & (ANALYSE | SACRIFICE) != 0 {
                let infos = if flags & ANALYSE != 0 {
                    let infos = analyse_both(board, q);
                    pt.info = infos;
                    infos
                } else {
                    pt.info
                };
                let mut base = bases(limit, infos);
                if nakade {
                    let mut candidate = false;
                    for (k, c) in [Color::Black, Color::White].into_iter().enumerate() {
                        let o = infos[k];
                        if base[k] == FORBIDDEN && !o.suicide && o.self_atari_stones <= 5 {
                            candidate = true;
                            if nakade_shape(board, q, c) {
                                base[k] = bases(0, infos)[k];
                            }
                        }
                    }
                    if candidate {
                        sacrifices.push(q);
                    }
                }
                stale |= base != pt.base;
                pt.base = base;
            }
            if stale {
                pt.values = values(&tables, pt);
            }
            tree.set(i, weights(pt, i, ko));
        }
    }

    /// Puts the near set of `board` after the move `last` in `near` and
    /// sets their `near` flags in `pts`, marking each with `marks` if
    /// given (the old set must have been cleared).
    fn set_near(
        board: &Board,
        last: Option<Point>,
        offsets: &[isize; 8],
        pts: &mut [Pt],
        near: &mut Vec<Point>,
    ) {
        let Some(m) = last else {
            return;
        };
        let cells = board.cells();
        for &d in offsets {
            let q = Point((m.index() as isize + d) as u16);
            if cells[q.index()] != Cell::Edge {
                pts[q.index()].near = true;
                near.push(q);
            }
        }
        let mut heads = [Point(0); 5];
        let mut n = 0;
        for q in std::iter::once(m).chain(board.neighbors(m)) {
            if !matches!(cells[q.index()], Cell::Black | Cell::White) {
                continue;
            }
            let (h, libs, _) = board.stone_string(q);
            if heads[..n].contains(&h) {
                continue;
            }
            heads[n] = h;
            n += 1;
            if libs <= 2 {
                for l in board.liberties(h).take(libs) {
                    let pt = &mut pts[l.index()];
                    if !pt.near {
                        pt.near = true;
                        near.push(l);
                    }
                }
            }
        }
    }

    fn recompute_all(&mut self) {
        for pt in self.pts.iter_mut() {
            pt.near = false;
        }
        self.near.clear();
        Self::set_near(
            &self.board,
            self.last,
            &self.offsets,
            &mut self.pts,
            &mut self.near,
        );
        let points: Vec<Point> = self.board.points().collect();
        for &p in &points {
            self.pts[p.index()].code = self.code_from_board(p);
        }
        // Everything dirty, with every flag.
        self.epoch = self.epoch.wrapping_add(1).max(1);
        self.dirty.clear();
        for &p in &points {
            let pt = &mut self.pts[p.index()];
            pt.stamp = self.epoch;
            pt.flags = ROW | ANALYSE;
            self.dirty.push(p);
        }
        let ko = self.ko_points();
        self.update_dirty(ko);
    }

    /// Plays `m` for `c` (legality checked, simple ko only) and updates the
    /// context incrementally. Returns the number of stones captured.
    pub fn play(&mut self, c: Color, m: Move) -> Result<usize, IllegalMove> {
        check_legal(&self.board, c, m)?;
        Ok(self.play_legal(c, m))
    }

    /// [`McBoard::play`] without the legality check: `m` must be legal for
    /// `c` under simple ko (as every move drawn with a positive weight is).
    pub fn play_legal(&mut self, c: Color, m: Move) -> usize {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.pts.iter_mut().for_each(|pt| pt.stamp = 0);
            self.epoch = 1;
        }
        self.dirty.clear();
        let old_ko = self.ko_points();
        let mut low_component = false;
        self.captured.clear();
        let own = c.cell();
        if let Move::Play(p) = m {
            let cells = self.board.cells();
            let mut heads = [Point(0); 4];
            let mut n_heads = 0;
            for n in self.board.neighbors(p) {
                let cell = cells[n.index()];
                if !matches!(cell, Cell::Black | Cell::White) {
                    continue;
                }
                let (h, libs, _) = self.board.stone_string(n);
                if cell == own {
                    low_component |= libs <= 2;
                } else if libs == 1 && !heads[..n_heads].contains(&h) {
                    heads[n_heads] = h;
                    n_heads += 1;
                    self.captured.extend(self.board.stones(h));
                }
            }
        }
        let n_captured = self.board.play_forgetting(c, m);
        debug_assert_eq!(n_captured, self.captured.len());
        let board = &self.board;
        let cells = board.cells();
        let mut marks = Marks {
            pts: &mut self.pts,
            dirty: &mut self.dirty,
            epoch: self.epoch,
        };
        if let Move::Play(p) = m {
            marks.area(cells, &self.offsets, p);
            for &s in &self.captured {
                marks.area(cells, &self.offsets, s);
            }
            // Strings next to the move whose liberties changed in a way
            // that matters (see the module doc).
            // Each string once (the move's string holds its own
            // neighbours).
            let mut seen = [Point(0); 5];
            let mut n_seen = 0;
            for n in board.neighbors(p).into_iter().chain(std::iter::once(p)) {
                let cell = cells[n.index()];
                if matches!(cell, Cell::Black | Cell::White) {
                    let (h, libs, _) = board.stone_string(n);
                    if seen[..n_seen].contains(&h) {
                        continue;
                    }
                    seen[n_seen] = h;
                    n_seen += 1;
                    if libs <= 2 || (cell == own && low_component) {
                        marks.liberties(board, h, libs);
                    }
                }
            }
            // Strings next to captured stones gained liberties (each
            // string once while the list of those done has room).
            let mut seen = [Point(0); 8];
            let mut n_seen = 0;
            for &s in &self.captured {
                for n in board.neighbors(s) {
                    if matches!(cells[n.index()], Cell::Black | Cell::White) {
                        let (h, libs, _) = board.stone_string(n);
                        if seen[..n_seen].contains(&h) {
                            continue;
                        }
                        if n_seen < seen.len() {
                            seen[n_seen] = h;
                            n_seen += 1;
                        }
                        marks.liberties(board, h, libs);
                    }
                }
            }
        }
        for q in old_ko.into_iter().flatten() {
            marks.mark(q, 0);
        }
        // The nakade sacrifice's candidates read strings beyond their
        // neighbours: their bases again after every move.
        for &q in &self.sacrifices {
            marks.mark(q, SACRIFICE);
        }
        let ko = [
            board.ko_point_for(Color::Black),
            board.ko_point_for(Color::White),
        ];
        for q in ko.into_iter().flatten() {
            marks.mark(q, 0);
        }
        // The near set moves with the previous move.
        for &q in &self.near {
            marks.pts[q.index()].near = false;
            if cells[q.index()] == Cell::Empty {
                marks.mark(q, 0);
            }
        }
        self.last = match m {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        };
        self.near.clear();
        Self::set_near(board, self.last, &self.offsets, marks.pts, &mut self.near);
        for &q in &self.near {
            // Stones weigh 0 near or far.
            if cells[q.index()] == Cell::Empty {
                marks.mark(q, 0);
            }
        }
        self.update_dirty(ko);
        n_captured
    }

    /// A move of `c` drawn in proportion to the weights, or `None` if every
    /// weight is 0. `random` is a uniform 64-bit number.
    #[inline]
    pub fn choose_with(&self, c: Color, random: u64) -> Option<Point> {
        let k = c.index();
        let total = self.tree.total(k);
        if total == 0 {
            return None;
        }
        let r = ((random as u128 * total as u128) >> 64) as u64;
        Some(Point(self.tree.find(k, r) as u16))
    }

    /// Compares every code, analysis, near flag and weight with a from-scratch
    /// recomputation of the same position and previous move; the first
    /// difference, if any.
    pub fn check_against_scratch(&self) -> Result<(), String> {
        let mut fresh = McBoard::with_tables(self.tables, self.board.clone(), self.last);
        if self.self_atari_limit > 0 {
            fresh.set_self_atari_limit(self.self_atari_limit);
        }
        if self.nakade_sacrifice {
            fresh.set_nakade_sacrifice(true);
        }
        for p in self.board.points() {
            let v = self.board.vertex(p);
            let (a, b) = (&self.pts[p.index()], &fresh.pts[p.index()]);
            if self.board.cell(p) == Cell::Empty && a.code != b.code {
                return Err(format!(
                    "{v}: code {:#06x}, from scratch {:#06x}",
                    a.code, b.code
                ));
            }
            if self.board.cell(p) == Cell::Empty && a.base != b.base {
                return Err(format!(
                    "{v}: context bases {:?}, from scratch {:?}",
                    a.base, b.base
                ));
            }
            if self.board.cell(p) == Cell::Empty && a.row != b.row {
                return Err(format!(
                    "{v}: table rows {:?}, from scratch {:?}",
                    a.row, b.row
                ));
            }
            if self.board.cell(p) == Cell::Empty && a.info != b.info {
                return Err(format!(
                    "{v}: analysis {:?}, from scratch {:?}",
                    a.info, b.info
                ));
            }
            if a.near != b.near {
                return Err(format!("{v}: near {}", a.near));
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
