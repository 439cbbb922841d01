//! GNU Go's influence function (influence.texi): who controls the empty
//! board, as numbers per point and as the territory / moyo / area
//! segmentation the patterns' `oterri`, `omoyo`, `oarea` ask about.
//!
//! One [`Influence`] is computed for one position and one colour assumed
//! to move next (GNU Go's `initial_influence COLOR`):
//!
//! 1. **Sources.** Every stone that is not dead radiates its colour's
//!    influence with strength 100. Dead means: its dragon's status (the
//!    dragons stage's static status, which owl will refine) is dead, or
//!    the worm is tactically captured (it can be attacked and cannot be
//!    defended).
//!    Patterns add further sources (see the `patterns` module):
//!    intrusions (`B` in the barriers database, for the player to move:
//!    its followup points radiate at most 60% of its strength), invasion
//!    points (`I` in the influence database, for the player to move
//!    invading the other's side, or both colours with class `s`).
//! 2. **Permeability.** 1 on empty points; a live stone lets its own
//!    colour's influence through and stops the other's, and damps the
//!    other's on its empty neighbours (×0.25) and diagonals (×0.65); a
//!    dead stone lets the other's through and stops its own. The barrier patterns set it to 0 on the `,` points
//!    of `A` patterns (X connections O cannot break, for O's influence)
//!    and `D` patterns (O connections, for X's influence); `!` points
//!    weaken it ([`WEAK_BARRIER`]). A point holding a pattern source is
//!    open (1) to the source's colour whatever the above made it.
//! 3. **Radiation** (`accumulate_influence`): from each source, breadth
//!    first outwards in order of distance; a point passes influence to
//!    each of its eight neighbours further out (positive scalar product
//!    with the direction from the source), multiplied by the permeability
//!    of the point it leaves (diagonally also by the larger permeability
//!    of the two points it squeezes between), divided by the source's
//!    attenuation (times [`DIAGONAL_DAMPING`] diagonally) and by the
//!    squared cosine between the step and the direction from the source.
//!    A point whose value falls below [`CUTOFF`] does not pass it on,
//!    and a single contribution below [`CONTRIBUTION_CUTOFF`] is dropped.
//! 4. **Territory value** (`new_value_territory`): `((w-b)/(w+b))^3`,
//!    reduced where both influences are small (more so far from the edges
//!    and corners: it is easier to claim a corner than the centre), then
//!    degraded to the smallest value among its neighbours (no territory in
//!    the centre), cleared where a nonterritory pattern (`t`) forbids the
//!    colour territory, and for dead stones the point plus one for the
//!    prisoner.
//! 5. **Regions** (`influence_regions`): stones ±4, territory ±3 (value
//!    at least [`TERRITORY`] and no influence of the other colour), moyo ±2 (influence at least
//!    [`MOYO_RATIO`] times the other's and at least [`MOYO_MIN`]), area
//!    ±1 ([`AREA_RATIO`], [`AREA_MIN`]), 0 neutral; positive is White's,
//!    GNU Go's encoding.
//!
//! The constants were measured with GNU Go 3.8 as a black box (its
//! `initial_influence` maps for a lone stone give the attenuation 2.4, the
//! diagonal factor 1.7 and the cutoff; its maps on the 200 reference
//! positions the segmentation thresholds and the small-influence
//! reduction, and the shares of the pattern sources); the algorithm is
//! the manual's. The `E` (wall enhancement) sources are left out, as the
//! manual says of the territory valuation. Partial: strengths of weak dragons are
//! not reduced (GNU Go's are, from its dragons' weakness), the dead
//! stones are the static status's (not owl's), and the followup
//! influence, escape influence, surrounded dragons and break-ins are not
//! computed yet.

mod patterns;
mod territory;

use katachi_board::{Board, Color, Point};
use katachi_tactics::reading::Reader;
use katachi_tactics::worms::Worms;

use crate::autohelper::{Context, DragonStatus};
use crate::dragons::{Dragons, Safety};
use crate::knowledge::Database;

pub use patterns::{ConstraintMemo, PatternCounts};

/// Strength of a live stone.
pub const STONE_STRENGTH: f32 = 100.0;
/// Attenuation of stones (GNU Go 3.8's for the territory valuation).
pub const DEFAULT_ATTENUATION: f32 = 2.4;
/// Attenuation of the sources the patterns add.
pub const PATTERN_ATTENUATION: f32 = 1.5;
/// Diagonal steps divide by the attenuation times this.
pub const DIAGONAL_DAMPING: f32 = 1.7;
/// A point holding less influence of one source passes none of it on.
pub const CUTOFF: f32 = 0.05;
/// A single contribution (one point's influence passed to one
/// neighbour) smaller than this is dropped. GNU Go 3.8, measured: its
/// `initial_influence ... black_influence` map of a lone stone on an
/// empty 19x19 board is reproduced to 0.005 (its rounding) everywhere
/// with this rule, where without it the far corners held 0.02-0.06 that
/// GNU Go's show as 0.00; no positive value under 0.02 appears in its
/// maps of the reference positions.
pub const CONTRIBUTION_CUTOFF: f32 = 0.02;
/// Factor on the permeability of a `!` point of a barrier pattern (the
/// database format's own definition; GNU Go 3.8's maps show it).
pub const WEAK_BARRIER: f32 = 0.7;
/// Factor on the other colour's permeability next to a live stone (GNU
/// Go 3.8, measured: its `initial_influence ... permeability` maps show
/// `0.25` beside a lone stone, whoever is to move, and nothing beside a
/// dead one).
pub const NEIGHBOUR_DAMPING: f32 = 0.25;
/// The same on a live stone's diagonals (measured `0.65`).
pub const DIAGONAL_NEIGHBOUR_DAMPING: f32 = 0.65;
/// Territory value from which a point is territory, when the other
/// colour's influence there is nil ([`TERRITORY_OTHER_MAX`]). GNU Go
/// 3.8, measured on its maps of every 8th reference position: every
/// empty point with `territory_value` at least 0.95 and no influence of
/// the other colour is territory, every other one is not (0.95-0.99 with
/// some of the other's influence is moyo); this rule gives its
/// `influence_regions` from its own `white_influence`, `black_influence`
/// and `territory_value` on 7115 of 7137 points (the rest are moyo/area
/// thresholds).
pub const TERRITORY: f32 = 0.95;
/// The other colour's influence at most this on a territory point.
pub const TERRITORY_OTHER_MAX: f32 = 0.0;
/// Moyo: own influence at least this many times the other's ...
pub const MOYO_RATIO: f32 = 7.0;
/// ... and at least this much.
pub const MOYO_MIN: f32 = 5.0;
/// Area: own influence at least this many times the other's ...
pub const AREA_RATIO: f32 = 3.0;
/// ... and at least this much.
pub const AREA_MIN: f32 = 1.0;

/// The databases the influence stage matches.
#[derive(Clone, Copy, Debug, Default)]
pub struct InfluenceDbs<'a> {
    /// Barriers, intrusions and nonterritory (`barriers` slot).
    pub barriers: Option<&'a Database>,
    /// Invasion and enhancement sources (`influence` slot).
    pub influence: Option<&'a Database>,
}

/// The influence of one position with one colour to move.
#[derive(Clone, Debug)]
pub struct Influence {
    size: usize,
    to_move: Color,
    /// By colour index ([`Color::index`]), row-major `size * size`.
    strength: [Vec<f32>; 2],
    attenuation: [Vec<f32>; 2],
    permeability: [Vec<f32>; 2],
    influence: [Vec<f32>; 2],
    /// Territory value, positive for White.
    territory: Vec<f32>,
    /// GNU Go's region codes.
    regions: Vec<i8>,
    /// Bit 1: White can get no territory; bit 2: Black (GNU Go's colour
    /// codes).
    non_territory: Vec<u8>,
    /// Whether the stone at a point counts as dead here.
    dead: Vec<bool>,
    /// Whether a live stone stands at a point.
    live: Vec<bool>,
    counts: PatternCounts,
}

/// What GTP's `initial_influence` can show, GNU Go's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `white_influence`, `black_influence`.
    Influence(Color),
    /// `white_strength`, `black_strength`.
    Strength(Color),
    /// `white_attenuation`, `black_attenuation`.
    Attenuation(Color),
    /// `white_permeability`, `black_permeability`.
    Permeability(Color),
    /// `territory_value`.
    TerritoryValue,
    /// `influence_regions`.
    Regions,
    /// `non_territory`.
    NonTerritory,
}

impl Key {
    /// The key GNU Go spells `name`.
    pub fn parse(name: &str) -> Option<Key> {
        let c = |s: &str| match s {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        };
        Some(match name {
            "territory_value" => Key::TerritoryValue,
            "influence_regions" => Key::Regions,
            "non_territory" => Key::NonTerritory,
            _ => {
                let (col, what) = name.split_once('_')?;
                let col = c(col)?;
                match what {
                    "influence" => Key::Influence(col),
                    "strength" => Key::Strength(col),
                    "attenuation" => Key::Attenuation(col),
                    "permeability" => Key::Permeability(col),
                    _ => return None,
                }
            }
        })
    }

    /// Every key, GNU Go's names.
    pub const NAMES: [&'static str; 11] = [
        "white_influence",
        "black_influence",
        "white_strength",
        "black_strength",
        "white_attenuation",
        "black_attenuation",
        "white_permeability",
        "black_permeability",
        "territory_value",
        "influence_regions",
        "non_territory",
    ];
}

/// What the influence stage reads from the stages before it.
#[derive(Clone, Copy, Debug)]
pub struct Inputs<'a> {
    /// The worms (tactical status).
    pub worms: &'a Worms,
    /// The dragons (status).
    pub dragons: &'a Dragons,
    /// What the autohelpers know (for the patterns' constraints).
    pub context: Context<'a>,
    /// The databases.
    pub dbs: InfluenceDbs<'a>,
    /// Dead stones decided by a later stage (owl's statuses, or a
    /// caller's), by padded board index; `None` takes the dragons stage's
    /// static status. A tactically captured worm is dead either way. A
    /// caller with critical dragons marks them by
    /// [`critical_counts_dead`].
    pub dead: Option<&'a [bool]>,
    /// The strength of each live stone's source, by padded board index
    /// (GNU Go 3.8 radiates `100 * (1 - 0.3 * weakness)` from a stone of
    /// a dragon of that weakness, measured on the reference positions);
    /// `None`: [`STONE_STRENGTH`] for every live stone. PARTIAL: the
    /// analysis's own influence gives none; only
    /// `Analysis::influence_with_weakness` (katachi's weakness before
    /// owl) and the measurements with GNU Go's weaknesses give this.
    pub strength: Option<&'a [f32]>,
    /// Constraint outcomes kept from earlier positions for matches whose
    /// surroundings are unchanged ([`ConstraintMemo`]); `None` reads
    /// every constraint.
    pub memo: Option<&'a std::cell::RefCell<ConstraintMemo>>,
}

impl Influence {
    /// The influence of `reader`'s position with `to_move` to move.
    pub fn compute(reader: &mut Reader, to_move: Color, inputs: Inputs<'_>) -> Influence {
        Influence::compute_with_status(reader, to_move, inputs, &|_| None)
    }

    /// [`Influence::compute`] with some stones' status decided by the
    /// caller: `dead(p)` is `Some(true)` for a stone that counts as dead,
    /// `Some(false)` for one that counts as alive, `None` for the stage's
    /// own rule. Move valuation computes the influence after a move this
    /// way, with the strings and dragons the move captures or saves
    /// decided by its reasons (the worms and dragons of `inputs` are the
    /// position's before the move).
    pub fn compute_with_status(
        reader: &mut Reader,
        to_move: Color,
        inputs: Inputs<'_>,
        dead: &dyn Fn(Point) -> Option<bool>,
    ) -> Influence {
        let board = reader.board().clone();
        let n = board.size();
        let mut inf = Influence {
            size: n,
            to_move,
            strength: [vec![0.0; n * n], vec![0.0; n * n]],
            attenuation: [
                vec![DEFAULT_ATTENUATION; n * n],
                vec![DEFAULT_ATTENUATION; n * n],
            ],
            permeability: [vec![1.0; n * n], vec![1.0; n * n]],
            influence: [vec![0.0; n * n], vec![0.0; n * n]],
            territory: vec![0.0; n * n],
            regions: vec![0; n * n],
            non_territory: vec![0; n * n],
            dead: vec![false; n * n],
            live: vec![false; n * n],
            counts: PatternCounts::default(),
        };
        for p in board.points() {
            let Some(c) = board.cell(p).color() else {
                continue;
            };
            let k = inf.index(&board, p);
            let dead = dead(p).unwrap_or_else(|| match inputs.dead {
                Some(dead) => dead[p.index()] || worm_captured(inputs.worms, p),
                None => is_dead(inputs.worms, inputs.dragons, p, c, to_move),
            });
            inf.dead[k] = dead;
            inf.live[k] = !dead;
            let (blocked, open) = if dead {
                (c, c.opponent())
            } else {
                (c.opponent(), c)
            };
            inf.permeability[blocked.index()][k] = 0.0;
            inf.permeability[open.index()][k] = 1.0;
            if !dead {
                inf.strength[c.index()][k] =
                    inputs.strength.map_or(STONE_STRENGTH, |s| s[p.index()]);
            }
        }
        inf.damp_around_stones(&board);
        inf.counts = patterns::apply(&mut inf, reader, &board, inputs);
        for c in [Color::Black, Color::White] {
            inf.radiate(c);
        }
        territory::value(&mut inf, &board);
        territory::segment(&mut inf, &board);
        inf
    }

    fn index(&self, board: &Board, p: Point) -> usize {
        let (r, c) = board.row_col(p);
        r * self.size + c
    }

    /// Board size.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The colour assumed to move next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// How the patterns went.
    pub fn counts(&self) -> &PatternCounts {
        &self.counts
    }

    /// `c`'s influence at `p`.
    pub fn influence(&self, board: &Board, c: Color, p: Point) -> f32 {
        self.influence[c.index()][self.index(board, p)]
    }

    /// Territory value at `p` (positive White's; ±(1 + territory) on
    /// dead stones).
    pub fn territory_value(&self, board: &Board, p: Point) -> f32 {
        self.territory[self.index(board, p)]
    }

    /// GNU Go's region code at `p` (4 white stone ... -4 black stone).
    pub fn region(&self, board: &Board, p: Point) -> i8 {
        self.regions[self.index(board, p)]
    }

    /// Whether `c` is barred from territory at `p` by a nonterritory
    /// pattern.
    pub fn non_territory(&self, board: &Board, c: Color, p: Point) -> bool {
        self.non_territory[self.index(board, p)] & gnugo_color(c) != 0
    }

    /// Whose territory `p` is (a stone counts for its colour).
    pub fn whose_territory(&self, board: &Board, p: Point) -> Option<Color> {
        whose(self.region(board, p), 3)
    }

    /// Whose moyo `p` is (territory and stones included).
    pub fn whose_moyo(&self, board: &Board, p: Point) -> Option<Color> {
        whose(self.region(board, p), 2)
    }

    /// Whose area `p` is (moyo, territory and stones included).
    pub fn whose_area(&self, board: &Board, p: Point) -> Option<Color> {
        whose(self.region(board, p), 1)
    }

    /// The moyo of a dragon of colour `c` with stones `stones` (GNU Go's
    /// `moyo_size` and `moyo_territorial_value` of `dragon_data`): the
    /// empty points of `c`'s moyo (region code at least 2 for `c`,
    /// territory included) joined to the stones through such points,
    /// their number and the sum of their territory values for `c`.
    pub fn moyo_of(&self, board: &Board, stones: &[Point], c: Color) -> (usize, f32) {
        let sign: i8 = if c == Color::White { 1 } else { -1 };
        let in_moyo =
            |p: Point| board.cell(p).color().is_none() && self.region(board, p) * sign >= 2;
        let mut seen = vec![false; self.size * self.size];
        let mut stack: Vec<Point> = Vec::new();
        for &s in stones {
            for q in board.neighbors(s) {
                if board.on_board(q) && in_moyo(q) {
                    let k = self.index(board, q);
                    if !seen[k] {
                        seen[k] = true;
                        stack.push(q);
                    }
                }
            }
        }
        let (mut size, mut value) = (0usize, 0f32);
        while let Some(p) = stack.pop() {
            size += 1;
            value += self.territory_value(board, p) * f32::from(sign);
            for q in board.neighbors(p) {
                if board.on_board(q) && in_moyo(q) {
                    let k = self.index(board, q);
                    if !seen[k] {
                        seen[k] = true;
                        stack.push(q);
                    }
                }
            }
        }
        (size, value)
    }

    /// Territory counted by the values: White's sum minus Black's (dead
    /// stones count with their prisoner).
    pub fn territory_balance(&self) -> f32 {
        self.territory.iter().sum()
    }

    /// The map `key` in GNU Go's GTP layout: one row per board row, top
    /// row first, each value as `%6.2f ` (or `%2d ` for the integer
    /// maps), rows joined by newlines.
    pub fn format_gnugo(&self, key: Key) -> String {
        let n = self.size;
        let float = |v: &[f32]| -> String {
            (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| format!("{:6.2} ", fix_zero(v[r * n + c])))
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let int = |v: &dyn Fn(usize) -> i32| -> String {
            (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| format!("{:2} ", v(r * n + c)))
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        match key {
            Key::Influence(c) => float(&self.influence[c.index()]),
            Key::Strength(c) => float(&self.strength[c.index()]),
            Key::Attenuation(c) => float(&self.attenuation[c.index()]),
            Key::Permeability(c) => float(&self.permeability[c.index()]),
            Key::TerritoryValue => float(&self.territory),
            Key::Regions => int(&|k| self.regions[k].into()),
            Key::NonTerritory => int(&|k| self.non_territory[k].into()),
        }
    }

    /// Spread colour `c`'s sources.
    /// Live stones hinder the other colour's influence around them: its
    /// permeability on each empty neighbour is multiplied by
    /// [`NEIGHBOUR_DAMPING`], on each empty diagonal by
    /// [`DIAGONAL_NEIGHBOUR_DAMPING`], once per stone.
    fn damp_around_stones(&mut self, board: &Board) {
        for p in board.points() {
            let Some(c) = board.cell(p).color() else {
                continue;
            };
            if !self.live[self.index(board, p)] {
                continue;
            }
            let other = c.opponent().index();
            for (qs, factor) in [
                (board.neighbors(p), NEIGHBOUR_DAMPING),
                (board.diagonals(p), DIAGONAL_NEIGHBOUR_DAMPING),
            ] {
                for q in qs {
                    if board.on_board(q) && board.cell(q).color().is_none() {
                        let k = self.index(board, q);
                        self.permeability[other][k] *= factor;
                    }
                }
            }
        }
    }

    fn radiate(&mut self, c: Color) {
        let n = self.size as isize;
        let ci = c.index();
        let mut acc = vec![0.0f32; self.size * self.size];
        let mut here = vec![0.0f32; self.size * self.size];
        let offsets = offsets(self.size);
        // Live stones take no influence from others: only their own.
        let occupied = self.live.clone();
        for src in 0..self.size * self.size {
            let s = self.strength[ci][src];
            if s <= 0.0 {
                continue;
            }
            let att = self.attenuation[ci][src];
            let (m, nn) = ((src / self.size) as isize, (src % self.size) as isize);
            let mut touched: Vec<usize> = Vec::with_capacity(64);
            here[src] = s;
            touched.push(src);
            for &(dr, dc) in &offsets {
                let (i, j) = (m + dr, nn + dc);
                if i < 0 || j < 0 || i >= n || j >= n {
                    continue;
                }
                let k = (i * n + j) as usize;
                let v = here[k];
                if v <= 0.0 || (k != src && v < CUTOFF) {
                    continue;
                }
                let perm = self.permeability[ci][k];
                if perm <= 0.0 && k != src {
                    continue;
                }
                let perm = if k == src { 1.0 } else { perm };
                for (di, dj) in DIRS {
                    let dot = di * dr + dj * dc;
                    if k != src && dot <= 0 {
                        continue;
                    }
                    let (ti, tj) = (i + di, j + dj);
                    if ti < 0 || tj < 0 || ti >= n || tj >= n {
                        continue;
                    }
                    let diagonal = di != 0 && dj != 0;
                    let mut f = perm / att;
                    if diagonal {
                        let a = self.permeability[ci][(i * n + tj) as usize];
                        let b = self.permeability[ci][(ti * n + j) as usize];
                        f *= a.max(b) / DIAGONAL_DAMPING;
                    }
                    if k != src {
                        let d2 = (di * di + dj * dj) as f32;
                        let r2 = (dr * dr + dc * dc) as f32;
                        f *= (dot * dot) as f32 / (d2 * r2);
                    }
                    if f <= 0.0 || v * f < CONTRIBUTION_CUTOFF {
                        continue;
                    }
                    let t = (ti * n + tj) as usize;
                    if occupied[t] {
                        continue;
                    }
                    if here[t] == 0.0 {
                        touched.push(t);
                    }
                    here[t] += v * f;
                }
            }
            for k in touched {
                acc[k] += here[k];
                here[k] = 0.0;
            }
        }
        self.influence[ci] = acc;
    }
}

/// The eight directions.
const DIRS: [(isize, isize); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// Every offset a source can reach on a board of `size`, nearest first
/// (a point receives only from points nearer the source, so this order
/// visits each after all its contributions).
fn offsets(size: usize) -> Vec<(isize, isize)> {
    let n = size as isize;
    let mut v: Vec<(isize, isize)> = Vec::new();
    for dr in -(n - 1)..n {
        for dc in -(n - 1)..n {
            v.push((dr, dc));
        }
    }
    v.sort_by_key(|&(a, b)| a * a + b * b);
    v
}

fn fix_zero(v: f32) -> f32 {
    // `-0.00` prints as GNU Go's `0.00`.
    if v.abs() < 0.005 {
        0.0
    } else {
        v
    }
}

/// GNU Go's colour code (WHITE 1, BLACK 2).
fn gnugo_color(c: Color) -> u8 {
    match c {
        Color::White => 1,
        Color::Black => 2,
    }
}

fn whose(code: i8, at_least: i8) -> Option<Color> {
    if code >= at_least {
        Some(Color::White)
    } else if code <= -at_least {
        Some(Color::Black)
    } else {
        None
    }
}

/// Whether the worm at `p` is captured whoever moves (a worm saved only
/// if its owner moves first stays alive, as GNU Go's statuses after
/// examining the position treat it).
fn worm_captured(worms: &Worms, p: Point) -> bool {
    worms
        .get(p)
        .is_some_and(|w| w.attack.is_some() && w.defense.is_none())
}

/// Whether the stone at `p` (of colour `c`) counts as dead for the
/// influence: its dragon is dead, or the worm is not lively.
fn is_dead(worms: &Worms, dragons: &Dragons, p: Point, c: Color, to_move: Color) -> bool {
    if worm_captured(worms, p) {
        return true;
    }
    match dragons.get(p) {
        Some(d) => match d.safety {
            Safety::TacticallyDead | Safety::Status(DragonStatus::Dead) => true,
            Safety::Status(DragonStatus::Critical) => critical_counts_dead(c, to_move),
            _ => false,
        },
        None => false,
    }
}

/// Whether a stone of a critical dragon of colour `c` counts as dead in
/// the influence with `to_move` to move: it does when its attacker moves
/// first. GNU Go 3.8, measured: on 9handicap.sgf move 80 the critical
/// white H3 dragon radiates nothing with Black to move and its weakened
/// strength (73) with White to move.
pub fn critical_counts_dead(c: Color, to_move: Color) -> bool {
    c != to_move
}

#[cfg(test)]
mod tests;
