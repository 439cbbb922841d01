//! Worms (dragon.texi, "Worms"): per string of stones its size, effective
//! size, origin, liberties of order one to four, lunch, cutting-stone
//! status, genus, whether it is inessential or invincible, and the tactical
//! attack and defence codes and points. A [`Worms`] value is computed from a
//! board and a [`Reader`]; nothing global is kept.
//!
//! Conventions chosen where the manual leaves room:
//! - the origin is the stone with the smallest board index (top row first,
//!   then left to right), so `origin == pos` picks one stone per worm;
//! - a liberty of order n (n > 1) is an empty point reached by placing n
//!   stones, each placed stone beyond the first not touching an opponent
//!   stone, passing freely through friendly strings; a first-order liberty
//!   with opponent stones on two opposite sides does not lead further;
//!   `liberties2..4` count the points of exactly that order;
//! - `cutstone2` counts the worm's diagonal cuts that saving it would
//!   leave behind (see [`cutstone2`]); GNU Go sets it while matching its
//!   connection patterns for dragons, so its own `worm_data` shows 0 until
//!   dragons have been computed, katachi shows the value at once.

use katachi_board::{Board, Cell, Color, Point};

pub use crate::predicates::liberty_orders;
use crate::reading::{Code, Reader};
use crate::unconditional::{Status, Unconditional};

/// Data of one worm (shared by all its stones).
#[derive(Clone, Debug, PartialEq)]
pub struct Worm {
    /// Colour of the stones.
    pub color: Color,
    /// Number of stones.
    pub size: usize,
    /// Stones plus nearby empty points (distance ≤ 4 through empty
    /// points) at least as close to this worm as to any other, each such
    /// point weighing `1 / (2 n)` when `n` worms are nearest to it: GNU Go
    /// 3.8's values, whose half weight the manual does not state (a lone
    /// stone in the centre has 1 + 40 / 2 = 21, found by experiments with
    /// gnugo).
    pub effective_size: f32,
    /// The distinguished stone.
    pub origin: Point,
    /// First-order liberties.
    pub liberties: usize,
    /// Liberties of exactly second order.
    pub liberties2: usize,
    /// Liberties of exactly third order.
    pub liberties3: usize,
    /// Liberties of exactly fourth order.
    pub liberties4: usize,
    /// An adjacent opponent worm that can be captured.
    pub lunch: Option<Point>,
    /// 2 cutting stone, 1 potential cutting stone, 0 neither.
    pub cutstone: u8,
    /// Diagonal cutting points the worm leaves if it is saved (see
    /// [`cutstone2`]).
    pub cutstone2: u8,
    /// Connected components of the complement, minus one.
    pub genus: usize,
    /// No life potential unless a surrounding string dies.
    pub inessential: bool,
    /// Can never be captured.
    pub invincible: bool,
    /// Unconditional status of its stones.
    pub unconditional_status: Status,
    /// Attack move and code, if the worm can be captured.
    pub attack: Option<(Point, Code)>,
    /// Defence move and code, if the worm can be captured and saved.
    pub defense: Option<(Point, Code)>,
}

/// All worms of a position.
#[derive(Clone, Debug)]
pub struct Worms {
    worms: Vec<Worm>,
    id: Vec<u32>,
    /// Unconditional statuses of every point (empty points included, for
    /// `worm_data` on territory).
    unconditional: Unconditional,
}

const NONE: u32 = u32::MAX;

impl Worms {
    /// Compute every worm of `board`, reading attacks and defences with
    /// `reader` (which is set to `board`).
    pub fn compute(board: &Board, reader: &mut Reader) -> Worms {
        Worms::compute_with(board, reader, Unconditional::compute(board))
    }

    /// [`Worms::compute`] with the position's unconditional statuses
    /// already computed (an analysis computes them once for every stage).
    pub fn compute_with(board: &Board, reader: &mut Reader, uncond: Unconditional) -> Worms {
        Worms::compute_near(board, reader, uncond, |_| true)
    }

    /// [`Worms::compute_with`] reading only the worms that have a stone
    /// where `read` holds; the others are taken as safe (no attack, no
    /// defence needed). For searches that examine many positions around
    /// one group (owl): reading far from it would change nothing there.
    pub fn compute_near(
        board: &Board,
        reader: &mut Reader,
        uncond: Unconditional,
        read: impl Fn(Point) -> bool,
    ) -> Worms {
        Worms::compute_fields(board, reader, uncond, read, true)
    }

    /// [`Worms::compute_near`] without the fields that take a walk over
    /// the board per worm or per position: `effective_size`,
    /// `liberties2`..`liberties4`, `genus`, `inessential` (which rests on
    /// them) and `invincible` (which implies an unconditionally alive
    /// `unconditional_status`, kept) are left at zero and false;
    /// everything else, the reading above all, is the same, asked in the
    /// same order. For owl's nodes, which use the worms' reading, sizes,
    /// liberties and statuses only (on `katachi score` of goint-gnugo.sgf
    /// these fields were 11% of the instructions at owl's 101 nodes).
    pub fn compute_near_tactical(
        board: &Board,
        reader: &mut Reader,
        uncond: Unconditional,
        read: impl Fn(Point) -> bool,
    ) -> Worms {
        Worms::compute_fields(board, reader, uncond, read, false)
    }

    fn compute_fields(
        board: &Board,
        reader: &mut Reader,
        uncond: Unconditional,
        read: impl Fn(Point) -> bool,
        shape: bool,
    ) -> Worms {
        reader.set_board(board);
        let mut id = vec![NONE; board.cells().len()];
        let mut origins = Vec::new();
        for p in board.points() {
            if board.cell(p).color().is_some() && id[p.index()] == NONE {
                let k = origins.len() as u32;
                for s in board.stones(p) {
                    id[s.index()] = k;
                }
                origins.push(p);
            }
        }
        // Which strings of each colour are invincible: one pass per colour,
        // not one per worm.
        let invincible = [Color::Black, Color::White].map(|c| {
            if !shape {
                return None;
            }
            let alive = origins
                .iter()
                .any(|&o| board.cell(o).color() == Some(c) && uncond.status(o) == Status::Alive);
            alive.then(|| crate::unconditional::invincible(board, c))
        });
        let eff = if shape {
            effective_sizes(board, &id, origins.len())
        } else {
            vec![0.0; origins.len()]
        };
        let mut worms: Vec<Worm> = origins
            .iter()
            .enumerate()
            .map(|(k, &o)| {
                let color = board.cell(o).color().expect("stone");
                let [l1, l2, l3, l4] = if shape {
                    liberty_orders(board, o)
                } else {
                    [board.liberty_count(o), 0, 0, 0]
                };
                let near = board.stones(o).any(&read);
                let attack = if !near {
                    None
                } else {
                    let a = reader.attack(o);
                    a.code.is_success().then(|| (a.mv.unwrap_or(o), a.code))
                };
                let defense = if attack.is_some() {
                    let d = reader.find_defense(o);
                    d.code.is_success().then(|| (d.mv.unwrap_or(o), d.code))
                } else {
                    None
                };
                Worm {
                    color,
                    size: board.string_size(o),
                    effective_size: eff[k],
                    origin: o,
                    liberties: l1,
                    liberties2: l2,
                    liberties3: l3,
                    liberties4: l4,
                    lunch: None,
                    cutstone: cutstone(board, o),
                    cutstone2: 0,
                    genus: if shape { genus(board, o) } else { 0 },
                    inessential: false,
                    invincible: uncond.status(o) == Status::Alive
                        && invincible[color.index()]
                            .as_ref()
                            .is_some_and(|v| v[o.index()]),
                    unconditional_status: uncond.status(o),
                    attack,
                    defense,
                }
            })
            .collect();
        for w in &mut worms {
            if w.attack.is_some() && w.defense.is_some() {
                w.cutstone2 = diagonal_cuts(reader, w.origin);
            }
        }
        // Lunch and inessential need the attack results of the neighbours.
        for k in 0..worms.len() {
            let o = worms[k].origin;
            let enemies: Vec<Point> = board
                .adjacent_strings(o)
                .into_iter()
                .filter(|&h| board.cell(h).color() == Some(worms[k].color.opponent()))
                .collect();
            let capturable: Vec<Point> = enemies
                .iter()
                .map(|&h| worms[id[h.index()] as usize].origin)
                .filter(|&eo| worms[id[eo.index()] as usize].attack.is_some())
                .collect();
            worms[k].lunch = capturable.iter().min().copied();
            worms[k].inessential = shape
                && worms[k].genus == 0
                && capturable.is_empty()
                && worms[k].liberties2 == 0
                && !has_edge_liberty(board, o)
                && cavity_borders_only_enemies(board, o);
        }
        Worms {
            worms,
            id,
            unconditional: uncond,
        }
    }

    /// The worm of the stone at `p`.
    pub fn get(&self, p: Point) -> Option<&Worm> {
        let k = *self.id.get(p.index())?;
        self.worms.get(k as usize)
    }

    /// Every worm, in the order of their origins.
    pub fn iter(&self) -> impl Iterator<Item = &Worm> {
        self.worms.iter()
    }

    /// GNU Go 3.8's `worm_data` block for the point `p` (a stone or an
    /// empty point, which GNU Go lists too, with zeros): the vertex, then
    /// one field a line, names padded to 21 columns, in GNU Go's order.
    /// Reading codes are the internal ones (WIN 5, KO_A 4, KO_B 1), not the
    /// 1/2/3 of the `attack` command.
    ///
    /// GNU Go's manual shows an older layout (`attack` before
    /// `attack_code`, no `invincible`); katachi prints what GNU Go 3.8
    /// itself prints, so that tools reading one read the other.
    pub fn format_gnugo(&self, board: &Board, p: Point) -> String {
        let v = |p: Option<Point>| p.map_or_else(|| "PASS".to_string(), |p| board.vertex(p));
        let status = match self.unconditional.status(p) {
            Status::Undecided => "unknown",
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::WhiteTerritory => "white_territory",
            Status::BlackTerritory => "black_territory",
        };
        let rows: Vec<(&str, String)> = match self.get(p) {
            None => vec![
                ("origin", board.vertex(p)),
                ("color", "empty".to_string()),
                ("size", "0".to_string()),
                ("effective_size", "0.00".to_string()),
                ("liberties", "0".to_string()),
                ("liberties2", "0".to_string()),
                ("liberties3", "0".to_string()),
                ("liberties4", "0".to_string()),
                ("attack_code", "0".to_string()),
                ("attack_point", "PASS".to_string()),
                ("defense_code", "0".to_string()),
                ("defense_point", "PASS".to_string()),
                ("lunch", "PASS".to_string()),
                ("cutstone", "0".to_string()),
                ("cutstone2", "0".to_string()),
                ("genus", "0".to_string()),
                ("inessential", "0".to_string()),
                ("invincible", "0".to_string()),
                ("unconditional_status", status.to_string()),
            ],
            Some(w) => vec![
                ("origin", board.vertex(w.origin)),
                (
                    "color",
                    match w.color {
                        Color::Black => "black",
                        Color::White => "white",
                    }
                    .to_string(),
                ),
                ("size", w.size.to_string()),
                ("effective_size", format!("{:.2}", w.effective_size)),
                ("liberties", w.liberties.to_string()),
                ("liberties2", w.liberties2.to_string()),
                ("liberties3", w.liberties3.to_string()),
                ("liberties4", w.liberties4.to_string()),
                (
                    "attack_code",
                    (w.attack.map_or(0, |a| a.1 as u8)).to_string(),
                ),
                ("attack_point", v(w.attack.map(|a| a.0))),
                (
                    "defense_code",
                    (w.defense.map_or(0, |d| d.1 as u8)).to_string(),
                ),
                ("defense_point", v(w.defense.map(|d| d.0))),
                ("lunch", v(w.lunch)),
                ("cutstone", w.cutstone.to_string()),
                ("cutstone2", w.cutstone2.to_string()),
                ("genus", w.genus.to_string()),
                ("inessential", u8::from(w.inessential).to_string()),
                ("invincible", u8::from(w.invincible).to_string()),
                ("unconditional_status", status.to_string()),
            ],
        };
        let mut out = format!("{}:", board.vertex(p));
        for (k, val) in rows {
            out.push_str(&format!("\n{k:<21}{val}"));
        }
        out
    }
}

/// 2 if the string at `s` touches two opponent strings without a common
/// liberty, 1 if it touches two that share one, else 0.
pub fn cutstone(board: &Board, s: Point) -> u8 {
    let color = board.cell(s).color().expect("stone");
    let enemies: Vec<Point> = board
        .adjacent_strings(s)
        .into_iter()
        .filter(|&h| board.cell(h).color() == Some(color.opponent()))
        .collect();
    let mut best = 0;
    for (i, &a) in enemies.iter().enumerate() {
        for &b in &enemies[i + 1..] {
            let shared = board
                .liberties(a)
                .any(|l| board.liberties(b).any(|m| m == l));
            best = best.max(if shared { 1 } else { 2 });
        }
    }
    best
}

/// Connected components of the board minus the string at `s`, minus one.
///
/// Every component touches the string (the board is connected: a path
/// from a component to the string leaves it from a point beside the
/// string), so the components are counted by flood fills started from
/// the string's empty or enemy-occupied neighbours, breadth first, and
/// the count is final as soon as every such neighbour has been reached:
/// a string in the open is done in a few steps instead of a walk over
/// the whole board (owl recomputes every worm at each node).
pub fn genus(board: &Board, s: Point) -> usize {
    let n = board.cells().len();
    let mut seen = vec![false; n];
    for st in board.stones(s) {
        seen[st.index()] = true;
    }
    let mut border: Vec<Point> = Vec::new();
    for st in board.stones(s) {
        for q in board.neighbors(st) {
            if board.on_board(q) && !seen[q.index()] && !border.contains(&q) {
                border.push(q);
            }
        }
    }
    let mut in_border = vec![false; n];
    for &q in &border {
        in_border[q.index()] = true;
    }
    let mut left = border.len();
    let mut comps: usize = 0;
    let mut queue: Vec<Point> = Vec::new();
    for &start in &border {
        if seen[start.index()] {
            continue;
        }
        comps += 1;
        queue.clear();
        queue.push(start);
        seen[start.index()] = true;
        left -= 1;
        let mut head = 0;
        while head < queue.len() && left > 0 {
            let q = queue[head];
            head += 1;
            for r in board.neighbors(q) {
                if board.on_board(r) && !seen[r.index()] {
                    seen[r.index()] = true;
                    if in_border[r.index()] {
                        left -= 1;
                    }
                    queue.push(r);
                }
            }
        }
        if left == 0 {
            break;
        }
    }
    comps.saturating_sub(1)
}

/// [`genus`] by a walk over the whole board (the definition; the tests
/// check the fast count against it).
#[cfg(test)]
fn genus_by_walk(board: &Board, s: Point) -> usize {
    let n = board.cells().len();
    let mut seen = vec![false; n];
    for st in board.stones(s) {
        seen[st.index()] = true;
    }
    let mut comps: usize = 0;
    for p in board.points() {
        if seen[p.index()] {
            continue;
        }
        comps += 1;
        let mut stack = vec![p];
        seen[p.index()] = true;
        while let Some(q) = stack.pop() {
            for r in board.neighbors(q) {
                if board.on_board(r) && !seen[r.index()] {
                    seen[r.index()] = true;
                    stack.push(r);
                }
            }
        }
    }
    comps.saturating_sub(1)
}

fn has_edge_liberty(board: &Board, s: Point) -> bool {
    let last = board.size() - 1;
    board.liberties(s).any(|l| {
        let (r, c) = board.row_col(l);
        r == 0 || c == 0 || r == last || c == last
    })
}

/// With the string at `s` removed, does the cavity it leaves (its stones and
/// the empty points connected to them) border only opponent stones?
fn cavity_borders_only_enemies(board: &Board, s: Point) -> bool {
    let color = board.cell(s).color().expect("stone");
    let mut seen = vec![false; board.cells().len()];
    let mut stack: Vec<Point> = board.stones(s).collect();
    for &p in &stack {
        seen[p.index()] = true;
    }
    while let Some(p) = stack.pop() {
        for q in board.neighbors(p) {
            if !board.on_board(q) || seen[q.index()] {
                continue;
            }
            match board.cell(q) {
                Cell::Empty => {
                    seen[q.index()] = true;
                    stack.push(q);
                }
                c if c == color.cell() => return false,
                _ => {}
            }
        }
    }
    true
}

/// GNU Go's `cutstone2` of the worm at `s` (dragon.texi: potential cutting
/// stones; patterns.texi's `potential_cutstone` is `cutstone2 > 1`: "saving
/// the worm would introduce at least two new cutting points"). The count
/// is taken over the worm's diagonal cut shapes: a stone of the worm and an
/// empty point diagonal to it, with the opponent on the two other points of
/// their 2x2 square. A shape counts when the worm can be captured and
/// saved (otherwise saving it means nothing) and the worm's side could
/// play the empty point without that stone being captured outright (a
/// ko counts as playable). The rule was fitted to GNU Go 3.8's values by
/// experiments with gnugo: on the 200 reference positions, of the shapes
/// whose worm could be attacked, exactly these counted.
pub fn cutstone2(reader: &mut Reader, s: Point) -> u8 {
    if reader.board().cell(s).color().is_none()
        || !reader.attack(s).code.is_success()
        || !reader.find_defense(s).code.is_success()
    {
        return 0;
    }
    diagonal_cuts(reader, s)
}

/// The cut shapes of [`cutstone2`] around the worm at `s` whose empty
/// point its side can play without being captured outright.
fn diagonal_cuts(reader: &mut Reader, s: Point) -> u8 {
    let board = reader.board();
    let Some(x) = board.cell(s).color() else {
        return 0;
    };
    let o = x.opponent().cell();
    let mut cuts = Vec::new();
    for st in board.stones(s) {
        let (r, c) = board.row_col(st);
        for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            let at = |dr: isize, dc: isize| {
                let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
                board.point(r, c)
            };
            let (Some(d), Some(n1), Some(n2)) = (at(dr, dc), at(dr, 0), at(0, dc)) else {
                continue;
            };
            if board.cell(d) == Cell::Empty && board.cell(n1) == o && board.cell(n2) == o {
                cuts.push(d);
            }
        }
    }
    let mut n = 0;
    for d in cuts {
        if reader.push_move(x, d) {
            if reader.attack(d).code != Code::Win {
                n += 1;
            }
            reader.pop_move();
        }
    }
    n
}

/// Effective sizes (see [`Worm::effective_size`]) of worms numbered by `id`.
/// The sums are taken in `f32`, point by point from the top-left, each
/// stone adding its 1 where it lies, so that printed values round the way
/// GNU Go's do (3.625 and 3.63 differ in the last printed digit).
fn effective_sizes(board: &Board, id: &[u32], count: usize) -> Vec<f32> {
    let mut size = vec![0f32; count];
    let mut owners: Vec<Vec<u32>> = vec![Vec::new(); board.cells().len()];
    let mut frontier: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        let mut o: Vec<u32> = board
            .neighbors(p)
            .into_iter()
            .filter(|q| board.on_board(*q) && id[q.index()] != NONE)
            .map(|q| id[q.index()])
            .collect();
        o.sort_unstable();
        o.dedup();
        if !o.is_empty() {
            owners[p.index()] = o;
            frontier.push(p);
        }
    }
    for _ in 1..4 {
        let mut next: Vec<(Point, Vec<u32>)> = Vec::new();
        for p in board.points() {
            if board.cell(p) != Cell::Empty || !owners[p.index()].is_empty() {
                continue;
            }
            let mut o: Vec<u32> = Vec::new();
            for q in board.neighbors(p) {
                if frontier.contains(&q) {
                    o.extend(owners[q.index()].iter().copied());
                }
            }
            o.sort_unstable();
            o.dedup();
            if !o.is_empty() {
                next.push((p, o));
            }
        }
        frontier.clear();
        for (p, o) in next {
            owners[p.index()] = o;
            frontier.push(p);
        }
    }
    for p in board.points() {
        if id[p.index()] != NONE {
            size[id[p.index()] as usize] += 1.0;
        }
        let o = &owners[p.index()];
        if !o.is_empty() {
            let share = 0.5 / o.len() as f32;
            for &k in o {
                size[k as usize] += share;
            }
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::ReadConfig;

    use katachi_testkit::rng::xorshift;

    #[test]
    fn the_tactical_worms_read_as_the_full_ones() {
        // The lean computation for owl's nodes: the same reading, sizes,
        // liberties, lunches and statuses as the full one on random
        // positions, only the shape fields left out.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut attacked = 0;
        for round in 0..12 {
            let size = [7usize, 9, 13][round % 3];
            let mut b = Board::new(size).expect("size");
            for p in b.points().collect::<Vec<_>>() {
                if next() % 100 < 45 {
                    let c = if next().is_multiple_of(2) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let _ = b.play(c, katachi_board::Move::Play(p));
                }
            }
            let near = |p: Point| b.row_col(p).0 < size / 2 + 1;
            let mut r1 = Reader::new(b.clone(), ReadConfig::default());
            let full = Worms::compute_near(&b, &mut r1, Unconditional::compute(&b), near);
            let mut r2 = Reader::new(b.clone(), ReadConfig::default());
            let lean = Worms::compute_near_tactical(&b, &mut r2, Unconditional::compute(&b), near);
            for (f, l) in full.iter().zip(lean.iter()) {
                attacked += usize::from(f.attack.is_some());
                assert_eq!(
                    (f.origin, f.color, f.size, f.liberties, f.lunch, f.cutstone),
                    (l.origin, l.color, l.size, l.liberties, l.lunch, l.cutstone)
                );
                assert_eq!(
                    (f.attack, f.defense, f.cutstone2),
                    (l.attack, l.defense, l.cutstone2)
                );
                assert_eq!(f.unconditional_status, l.unconditional_status);
                // Left out, but implied by the status kept.
                assert!(!f.invincible || f.unconditional_status == Status::Alive);
            }
            assert_eq!(full.iter().count(), lean.iter().count());
        }
        assert!(attacked > 0, "some worms can be captured");
    }

    #[test]
    fn genus_counts_match_the_whole_board_walk() {
        // Random positions of every density on 5x5, 9x9 and 19x19: the
        // early-stopping count agrees with the walk over the whole board
        // on every string (enclosed regions, edges, corners included).
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut nonzero = 0;
        for size in [5usize, 9, 19] {
            for round in 0..40 {
                let mut b = Board::new(size).expect("size");
                let density = 20 + (round % 8) * 10;
                for p in b.points().collect::<Vec<_>>() {
                    let r = next() % 100;
                    if (r as usize) < density {
                        let c = if next().is_multiple_of(2) {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let _ = b.play(c, katachi_board::Move::Play(p));
                    }
                }
                for p in b.points() {
                    if b.cell(p).color().is_some() {
                        let g = genus(&b, p);
                        assert_eq!(g, genus_by_walk(&b, p), "size {size} round {round}");
                        nonzero += usize::from(g > 0);
                    }
                }
            }
        }
        assert!(nonzero > 0, "some strings enclose regions");
    }

    #[test]
    fn manual_example_of_higher_order_liberties() {
        // The figure of dragon.texi's "liberties" entry, rebuilt: O at B4,
        // B3 with X around; expected orders per the manual's labelling.
        let b = Board::from_ascii(
            ".XX...
             XO....
             XO....
             ......
             .X.X..
             ......",
        )
        .expect("board");
        let o = b.parse_vertex("B5").expect("v");
        let [l1, l2, l3, l4] = liberty_orders(&b, o);
        assert_eq!(l1, 3, "C5 C4 B3");
        assert_eq!((l2, l3, l4), (3, 2, 4));
    }

    #[test]
    fn worm_fields_of_a_cutting_stone() {
        let b = Board::from_ascii(
            ".....
             .XO..
             .OX..
             .....
             .....",
        )
        .expect("board");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let w = Worms::compute(&b, &mut r);
        let x = w.get(b.parse_vertex("B4").expect("v")).expect("worm");
        assert_eq!(x.cutstone, 2);
        assert_eq!(x.size, 1);
        assert_eq!(x.genus, 0);
        assert_eq!(x.origin, b.parse_vertex("B4").expect("v"));
        // Two liberties near the corner: O captures it (A4, then C5).
        assert!(x.attack.is_some());
    }

    /// Effective size of the worm at `v` once the stones `(colour, vertex)`
    /// stand on an empty 19x19 board.
    fn effective(stones: &[(Color, &str)], v: &str) -> f32 {
        let mut b = Board::new(19).expect("size");
        for &(c, s) in stones {
            let p = b.parse_vertex(s).expect("vertex");
            b.play(c, katachi_board::Move::Play(p)).expect("legal");
        }
        let id_of = b.parse_vertex(v).expect("vertex");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        Worms::compute(&b, &mut r)
            .get(id_of)
            .expect("worm")
            .effective_size
    }

    #[test]
    fn effective_size_weighs_nearest_points_by_half() {
        use Color::{Black, White};
        // A lone stone: 40 points within distance 4 in the centre, 24 on
        // the edge, 14 in the corner, each weighing 1/2 (gnugo: 21, 13, 8).
        assert_eq!(effective(&[(Black, "K10")], "K10"), 21.0);
        assert_eq!(effective(&[(Black, "A6")], "A6"), 13.0);
        assert_eq!(effective(&[(Black, "A1")], "A1"), 8.0);
        assert_eq!(effective(&[(Black, "E2")], "E2"), 16.5);
        // Two stones share their 48 points (gnugo: 26).
        assert_eq!(effective(&[(Black, "K10"), (Black, "K11")], "K10"), 26.0);
        // An enemy two lines away: 24 nearer points at 1/2 and 7
        // equidistant ones at 1/4 (gnugo: 14.75).
        assert_eq!(effective(&[(Black, "K10"), (White, "M10")], "K10"), 14.75);
    }
}
