//! "Heavy" playout moves: local tactical answers to the previous move,
//! tried before the pattern weights draw a move.
//!
//! Light playouts (moves drawn from 3x3 pattern weights) do not see that
//! a string in atari can run, that a two-liberty string next to the move
//! just played can be caught in a ladder, or that a three-point eye space
//! has one vital point. Playouts that get these wrong misjudge the life
//! of groups, and the search's values inherit the error. Each rule below
//! has a probability (0: off, the default; `--mc-param heavy_escape=P`
//! etc. through [`crate::SearchConfig`]) and proposes moves only near the
//! previous move, so a playout pays for them only where something
//! happened:
//!
//! - **escape** (`heavy_escape`): the previous move put strings of the
//!   player to move in atari. Candidates: capturing an adjacent opponent
//!   string in atari (the captured stones give liberties), and extending
//!   at the last liberty when the ladder reader ([`escapes_after_extend`])
//!   says the extension escapes. A string that cannot escape is left to the
//!   patterns (extending a dead string only gives away more stones).
//! - **atari2** (`heavy_atari2`): an opponent string next to the previous
//!   move (or holding it) has two liberties. Candidates: an atari on one
//!   of them, not a self-atari, after which the ladder reader says the
//!   string cannot escape (a ladder or a net: the atari captures).
//! - **nakade** (`heavy_nakade`): an empty region of exactly three points
//!   next to the previous move, bordered by stones of one colour only
//!   (a straight or bent three). Candidate: its vital point, the point
//!   adjacent to both others; for the owner it makes two eyes, for the
//!   other player it kills (a one-stone self-atari, which the self-atari
//!   limit allows).
//!
//! - **race** (`heavy_race`, PARTIAL: a first cut of Pachi's "moggy"
//!   order, tried before the others): after the opponent's move, by
//!   priority, (1) capture an opponent string in atari at or around the
//!   move (its eight neighbours) or next to an own string in atari there,
//!   the biggest first; (2) the escape rule's moves (an extension that
//!   gets two or more liberties and is not a ladder, or a capture);
//!   (3) an approach: a self-atari of one or two stones on a liberty of a
//!   two-liberty opponent string at or around the move that has more
//!   stones, which puts that string in atari. Why (Go): in a liberty race
//!   the killing move is often such a throw-in or approach, which the
//!   pattern weights (self-atari weighs 1 beside 10) almost never play,
//!   so playouts call a won race lost; and a string left in atari next to
//!   the fight is the first thing a player takes. Bigger self-ataris stay
//!   forbidden by the self-atari limit, and a self-atari that ataris
//!   nothing is left to the weights.
//!
//! - **local** (`heavy_local`, with the weight floor `heavy_local_min`;
//!   PARTIAL, MoGo-style): the points near the previous move (its eight
//!   neighbours and the liberties of short-of-liberty strings there)
//!   whose pattern weight is at least the floor (by default 100: above
//!   the database's ordinary moves, so a cut, connection, hane, block,
//!   capture or atari escape of `patterns/mc_katachi.mcdb`). Candidate:
//!   one of them drawn in proportion to its weight. Why (Go): most
//!   moves answer the move just played; the global draw plays such an
//!   answer only in proportion to its share of the whole board's weight
//!   (about half the time for a cut among 50 ordinary points), so a
//!   playout often leaves a cut uncut or an atari unanswered, and the
//!   result is noise. Tried after the other rules.
//!
//! The rules are tried in that order (race first); the first one with candidates
//! gives the move (uniformly among its candidates). Reading plays moves
//! on the board and takes them back (`Board::play_unchecked`, `undo`), so
//! the incremental context is untouched.
//!
//! The ladder reader is deliberately cheap: only atari-by-atari
//! sequences, a defender that can capture an adjacent string in atari
//! counts as escaped, and a read that runs past its node budget counts as
//! escaped (the heuristic then stays quiet rather than wrong).

use katachi_board::playout::Rng;
use katachi_board::{Board, Cell, Color, Move, Point};

use crate::context::{analyse, McBoard};

/// Probabilities of the heavy playout rules (0: off).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Heavy {
    /// Escape from an atari the previous move gave (see the module doc).
    pub escape: f32,
    /// Capturing atari on a two-liberty string next to the previous move.
    pub atari2: f32,
    /// The vital point of a three-point eye space next to the previous
    /// move.
    pub nakade: f32,
    /// Capture, escape, approach by priority (see the module doc).
    pub race: f32,
    /// A shape or tactical answer near the previous move, drawn by
    /// weight among the near points weighing at least `local_min`.
    pub local: f32,
    /// The weight floor of the `local` rule's candidates.
    pub local_min: u32,
}

impl Heavy {
    /// Whether any rule is on.
    pub fn any(&self) -> bool {
        self.escape > 0.0
            || self.atari2 > 0.0
            || self.nakade > 0.0
            || self.race > 0.0
            || self.local > 0.0
    }
}

/// Nodes (moves read) a ladder read may visit before it gives up and
/// counts the string as escaped.
pub const LADDER_BUDGET: u32 = 120;

/// Whether `c` may play on the empty point `p` under simple ko (not
/// suicide, not the ko point).
fn legal(board: &Board, c: Color, p: Point) -> bool {
    board.cell(p) == Cell::Empty
        && board.ko_point_for(c) != Some(p)
        && !analyse(board, p, c).suicide
}

/// The one liberty of the string at `s` (which must have exactly one).
fn only_liberty(board: &Board, s: Point) -> Point {
    board.liberties(s).next().expect("a string in atari")
}

/// Whether the string at `s` (in atari, its owner to move) can capture an
/// adjacent opponent string in atari; pushes the capturing moves to `out`
/// when given.
fn capture_moves(board: &Board, s: Point, mut out: Option<&mut Vec<Point>>) -> bool {
    let d = board.cell(s).color().expect("a stone");
    let mut heads = [Point(0); 16];
    let n = board.adjacent_heads(s, d.opponent().cell(), &mut heads);
    let mut any = false;
    for &h in &heads[..n] {
        if board.liberty_count(h) == 1 {
            let l = only_liberty(board, h);
            if board.ko_point_for(d) != Some(l) {
                any = true;
                match out.as_deref_mut() {
                    Some(v) => {
                        if !v.contains(&l) {
                            v.push(l)
                        }
                    }
                    None => return true,
                }
            }
        }
    }
    any
}

/// Whether the string at `s` (in atari, its owner to move) escapes: it
/// captures an adjacent string in atari, or its extension escapes.
pub fn escapes(board: &mut Board, s: Point, budget: &mut u32) -> bool {
    capture_moves(board, s, None) || escapes_after_extend(board, s, budget)
}

/// Whether extending the string at `s` (in atari, its owner to move) at
/// its liberty escapes the ladder: three or more liberties after the
/// extension, or two and every atari the attacker can give is escaped
/// again. Counts as escaped once `budget` nodes are spent. The board is
/// left as it was.
pub fn escapes_after_extend(board: &mut Board, s: Point, budget: &mut u32) -> bool {
    let d = board.cell(s).color().expect("a stone");
    let lib = only_liberty(board, s);
    if !legal(board, d, lib) {
        return false;
    }
    // Pre-check: three empty points around the liberty are three
    // liberties after the extension, whatever else joins.
    if empty_neighbours(board, lib, None) >= 3 {
        return true;
    }
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    board.play_unchecked(d, Move::Play(lib));
    let libs = board.liberty_count(s);
    let result = if libs >= 3 {
        true
    } else if libs <= 1 {
        false
    } else {
        let mut two = [Point(0); 2];
        board.first_liberties(s, &mut two);
        let a = d.opponent();
        let mut escaped = true;
        for &p in &two {
            if !legal(board, a, p) {
                continue;
            }
            if *budget == 0 {
                break;
            }
            *budget -= 1;
            board.play_unchecked(a, Move::Play(p));
            let caught = board.liberty_count(s) == 1 && !escapes(board, s, budget);
            board.undo().expect("a move to undo");
            if caught {
                escaped = false;
                break;
            }
        }
        escaped
    };
    board.undo().expect("a move to undo");
    result
}

/// Empty neighbours of `p`, `except` not counted.
#[inline]
fn empty_neighbours(board: &Board, p: Point, except: Option<Point>) -> usize {
    board
        .neighbors(p)
        .into_iter()
        .filter(|&q| Some(q) != except && board.cell(q) == Cell::Empty)
        .count()
}

/// A uniform number in [0, 1).
fn unit(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32
}

/// Heads of the strings of colour `want` at or next to `m`, distinct.
fn strings_at(board: &Board, m: Point, want: Cell, out: &mut [Point; 5]) -> usize {
    let mut n = 0;
    for q in std::iter::once(m).chain(board.neighbors(m)) {
        if board.cell(q) == want {
            let h = board.string_head(q).expect("a stone");
            if !out[..n].contains(&h) {
                out[n] = h;
                n += 1;
            }
        }
    }
    n
}

/// Escape candidates of `c` after the previous move `m` (see the module
/// doc).
pub fn escape_moves(board: &mut Board, c: Color, m: Point, out: &mut Vec<Point>) {
    let mut heads = [Point(0); 5];
    let n = strings_at(board, m, c.cell(), &mut heads);
    for &h in &heads[..n] {
        if board.liberty_count(h) != 1 {
            continue;
        }
        capture_moves(board, h, Some(out));
        let lib = only_liberty(board, h);
        if !out.contains(&lib) {
            let mut budget = LADDER_BUDGET;
            if escapes_after_extend(board, h, &mut budget) {
                out.push(lib);
            }
        }
    }
}

/// Capturing ataris of `c` on two-liberty strings at or next to the
/// previous move `m` (see the module doc).
pub fn atari2_moves(board: &mut Board, c: Color, m: Point, out: &mut Vec<Point>) {
    let mut heads = [Point(0); 5];
    let n = strings_at(board, m, c.opponent().cell(), &mut heads);
    for &h in &heads[..n] {
        if board.liberty_count(h) != 2 {
            continue;
        }
        let mut two = [Point(0); 2];
        board.first_liberties(h, &mut two);
        for (k, &p) in two.iter().enumerate() {
            if out.contains(&p) || !legal(board, c, p) {
                continue;
            }
            // Pre-check: the string runs out at the other liberty with
            // three empty points around it (three liberties).
            if empty_neighbours(board, two[1 - k], Some(p)) >= 3 {
                continue;
            }
            let info = analyse(board, p, c);
            if info.self_atari {
                continue;
            }
            board.play_unchecked(c, Move::Play(p));
            let mut budget = LADDER_BUDGET;
            let caught = board.liberty_count(h) == 1 && !escapes(board, h, &mut budget);
            board.undo().expect("a move to undo");
            if caught {
                out.push(p);
            }
        }
    }
}

/// Heads of the strings of colour `want` at `m` or on its eight
/// neighbours, distinct.
fn strings_around(board: &Board, m: Point, want: Cell, out: &mut [Point; 9]) -> usize {
    let mut n = 0;
    let around = board.neighbors(m).into_iter().chain(board.diagonals(m));
    for q in std::iter::once(m).chain(around) {
        if board.cell(q) == want {
            let h = board.string_head(q).expect("a stone");
            if !out[..n].contains(&h) {
                out[n] = h;
                n += 1;
            }
        }
    }
    n
}

/// The race rule's first tier: moves of `c` capturing an opponent string
/// in atari at or around the previous move `m`, or next to an own string
/// in atari there; only those capturing the biggest string (see the
/// module doc).
pub fn capture_moves_near(board: &Board, c: Color, m: Point, out: &mut Vec<Point>) {
    let mut heads = [Point(0); 9];
    let mut targets = [Point(0); 16];
    let mut t = strings_around(board, m, c.opponent().cell(), &mut heads);
    targets[..t].copy_from_slice(&heads[..t]);
    let n = strings_around(board, m, c.cell(), &mut heads);
    for &h in &heads[..n] {
        if board.liberty_count(h) != 1 {
            continue;
        }
        let mut adj = [Point(0); 16];
        let k = board.adjacent_heads(h, c.opponent().cell(), &mut adj);
        for &a in &adj[..k] {
            if t < targets.len() && !targets[..t].contains(&a) {
                targets[t] = a;
                t += 1;
            }
        }
    }
    let mut best = 0;
    for &h in &targets[..t] {
        if board.liberty_count(h) != 1 {
            continue;
        }
        let l = only_liberty(board, h);
        if board.ko_point_for(c) == Some(l) {
            continue;
        }
        let size = board.string_size(h);
        if size > best {
            best = size;
            out.clear();
        }
        if size == best && !out.contains(&l) {
            out.push(l);
        }
    }
}

/// The race rule's third tier: self-ataris of `c` of one or two stones
/// on a liberty of a two-liberty opponent string at or around the
/// previous move `m` with more stones than the self-atari string, which
/// put that string in atari (see the module doc).
pub fn approach_moves(board: &Board, c: Color, m: Point, out: &mut Vec<Point>) {
    let mut heads = [Point(0); 9];
    let n = strings_around(board, m, c.opponent().cell(), &mut heads);
    for &h in &heads[..n] {
        if board.liberty_count(h) != 2 {
            continue;
        }
        let size = board.string_size(h);
        if size < 2 {
            continue;
        }
        let mut two = [Point(0); 2];
        board.first_liberties(h, &mut two);
        for &p in &two {
            // Two empty neighbours are two liberties: not a self-atari.
            if out.contains(&p)
                || empty_neighbours(board, p, None) >= 2
                || board.ko_point_for(c) == Some(p)
            {
                continue;
            }
            let info = analyse(board, p, c);
            if info.suicide {
                continue;
            }
            let stones = info.self_atari_stones as usize;
            if info.self_atari && info.captures == 0 && stones <= 2 && stones < size {
                out.push(p);
            }
        }
    }
}

/// The race rule's candidates for `c` after the previous move `m`: the
/// first non-empty tier of capture, escape, approach (see the module
/// doc).
pub fn race_moves(board: &mut Board, c: Color, m: Point, out: &mut Vec<Point>) {
    // One scan of the strings at or around the move says which tiers can
    // have candidates: none in the common case of no string with fewer
    // than three liberties there.
    let (own, opp) = (c.cell(), c.opponent().cell());
    let (mut own1, mut opp1, mut opp2) = (false, false, false);
    let around = board.neighbors(m).into_iter().chain(board.diagonals(m));
    for q in std::iter::once(m).chain(around) {
        if let Some((_, libs, _)) = board.string_stats(q) {
            let cell = board.cell(q);
            own1 |= libs == 1 && cell == own;
            opp1 |= libs == 1 && cell == opp;
            opp2 |= libs == 2 && cell == opp;
        }
    }
    if opp1 || own1 {
        capture_moves_near(board, c, m, out);
    }
    if out.is_empty() && own1 {
        escape_moves(board, c, m, out);
    }
    if out.is_empty() && opp2 {
        approach_moves(board, c, m, out);
    }
}

/// Vital points, legal for `c`, of three-point eye spaces next to the
/// previous move `m` (see the module doc).
pub fn nakade_moves(board: &Board, c: Color, m: Point, out: &mut Vec<Point>) {
    for e in board.neighbors(m) {
        if board.cell(e) != Cell::Empty {
            continue;
        }
        // The empty region of e, given up past three points.
        let mut region = [Point(0); 4];
        let mut n = 1;
        region[0] = e;
        let mut k = 0;
        let mut border: Option<Cell> = None;
        let mut mixed = false;
        while k < n && n <= 3 {
            let p = region[k];
            k += 1;
            for q in board.neighbors(p) {
                match board.cell(q) {
                    Cell::Empty => {
                        if !region[..n].contains(&q) {
                            if n == 4 {
                                n = 5;
                                break;
                            }
                            region[n] = q;
                            n += 1;
                        }
                    }
                    Cell::Edge => {}
                    cell => match border {
                        None => border = Some(cell),
                        Some(b) => mixed |= b != cell,
                    },
                }
            }
        }
        if n != 3 || mixed || border.is_none() {
            continue;
        }
        let region = &region[..3];
        for &v in region {
            let inside = board
                .neighbors(v)
                .into_iter()
                .filter(|q| region.contains(q))
                .count();
            if inside == 2 && !out.contains(&v) && legal(board, c, v) {
                out.push(v);
            }
        }
    }
}

impl McBoard<'_> {
    /// The heavy rules' move for `c`, if one applies (see the module
    /// doc); `None` leaves the choice to the pattern weights.
    fn heavy_move(&mut self, c: Color, rng: &mut Rng) -> Option<Point> {
        let h = self.heavy;
        let m = self.last_move()?;
        let mut out = std::mem::take(&mut self.heavy_scratch);
        out.clear();
        let mut pick = None;
        if h.race > 0.0 && unit(rng) < h.race {
            race_moves(&mut self.board, c, m, &mut out);
            out.retain(|&p| self.weight(c, p) > 0);
        }
        if out.is_empty() && h.escape > 0.0 && unit(rng) < h.escape {
            escape_moves(&mut self.board, c, m, &mut out);
        }
        if out.is_empty() && h.atari2 > 0.0 && unit(rng) < h.atari2 {
            atari2_moves(&mut self.board, c, m, &mut out);
        }
        if out.is_empty() && h.nakade > 0.0 && unit(rng) < h.nakade {
            nakade_moves(&self.board, c, m, &mut out);
        }
        // The self-atari limit and the ko point still apply: a candidate
        // the weights forbid is not played.
        out.retain(|&p| self.weight(c, p) > 0);
        if !out.is_empty() {
            pick = Some(out[rng.below(out.len())]);
        } else if h.local > 0.0 && unit(rng) < h.local {
            pick = self.local_move(c, h.local_min.max(1), rng);
        }
        self.heavy_scratch = out;
        pick
    }

    /// The `local` rule: a near point of weight at least `min` (>= 1),
    /// drawn in proportion to its weight; `None` if there is none.
    fn local_move(&self, c: Color, min: u32, rng: &mut Rng) -> Option<Point> {
        let mut total = 0u64;
        for &q in self.near_points_now() {
            let w = self.weight(c, q);
            if w >= min {
                total += w as u64;
            }
        }
        if total == 0 {
            return None;
        }
        let mut r = ((rng.next_u64() as u128 * total as u128) >> 64) as u64;
        for &q in self.near_points_now() {
            let w = self.weight(c, q);
            if w >= min {
                if r < w as u64 {
                    return Some(q);
                }
                r -= w as u64;
            }
        }
        None
    }

    /// Every heavy rule's candidates for `c` after the previous move,
    /// whatever the rules' probabilities, each once, among the moves the
    /// weights allow (the search's tactical prior below the root).
    /// `out` is cleared first; empty after a pass or at the start.
    pub fn tactical_moves(&mut self, c: Color, out: &mut Vec<Point>) {
        out.clear();
        let Some(m) = self.last_move() else {
            return;
        };
        escape_moves(&mut self.board, c, m, out);
        atari2_moves(&mut self.board, c, m, out);
        nakade_moves(&self.board, c, m, out);
        out.retain(|&p| self.weight(c, p) > 0);
    }

    /// A playout move of `c`: a heavy rule's if one applies, else one
    /// drawn in proportion to the weights; `None` (pass) when every
    /// weight is 0.
    #[inline]
    pub fn choose_move(&mut self, c: Color, rng: &mut Rng) -> Option<Point> {
        if self.heavy.any() {
            if let Some(p) = self.heavy_move(c, rng) {
                return Some(p);
            }
        }
        self.choose_with(c, rng.next_u64())
    }

    /// [`McBoard::choose_move`] with a reply learnt by the playouts
    /// ([`crate::lgrf`]) between the heavy rules and the weights: a heavy
    /// rule's move if one applies, else the first of `replies` whose
    /// weight is positive (the policy's own filters: empty, legal under
    /// simple ko, no own proper eye, no self-atari over the limit), else
    /// the weighted draw. With the move, whether it was a reply.
    #[inline]
    pub fn choose_move_or(
        &mut self,
        c: Color,
        rng: &mut Rng,
        replies: impl FnOnce(&Self) -> Option<Point>,
    ) -> (Option<Point>, bool) {
        if self.heavy.any() {
            if let Some(p) = self.heavy_move(c, rng) {
                return (Some(p), false);
            }
        }
        if let Some(p) = replies(self) {
            return (Some(p), true);
        }
        (self.choose_with(c, rng.next_u64()), false)
    }
}
