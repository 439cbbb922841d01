//! The influence stage's patterns (influence.texi "Patterns used by the
//! Influence module"): the barriers database matched with `O` the colour
//! to move, the influence database matched for both colours, each match
//! kept when its geometry, its class's dragon conditions and its
//! constraint hold, then applied to the sources, permeabilities and
//! nonterritory marks of the [`Influence`] being built.
//!
//! | class | database | effect |
//! | --- | --- | --- |
//! | `A` | barriers | `,` points stop O's influence (`!` weakens it) |
//! | `D` | barriers | `,` points stop X's influence (`!` weakens it) |
//! | `B` | barriers | intrusion sources for O on the `!` points, `value(N)` percent of the `Q` stone's strength shared among them |
//! | `E` | influence | not used ([`USE_ENHANCE`]); would add a source for O at `*`, `value(N)` percent of the strongest O stone's strength |
//! | `t` | barriers | the action's `non_oterritory` / `non_xterritory` |
//! | `I` | influence | an invasion source at `*` for X when X is to move (O's side invaded), for both colours with `s` |
//!
//! Patterns marked `FY` (only for the influences other than the
//! territory valuation) are skipped; `Y` ones are used.

use katachi_board::{Board, Color, Point};
use katachi_patterns::expr::{eval, EvalError};
use katachi_patterns::matchers::place::{cell_point, match_bindings};
use katachi_patterns::matchers::{Match, Matcher, Position, Scratch};
use katachi_patterns::model::{CellMark, Elem, Pattern, ValueArg, ValueKind};
use katachi_tactics::reading::Reader;

use super::{Influence, Inputs, DEFAULT_ATTENUATION, PATTERN_ATTENUATION, WEAK_BARRIER};
use crate::autohelper::{Effect, PatternEval};
use crate::knowledge::Database;
use crate::pattern_classes::dragon_classes_hold;

/// How the influence patterns went on one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatternCounts {
    /// Matches applied.
    pub applied: usize,
    /// Matches whose constraint or class condition was false.
    pub rejected: usize,
    /// Matches whose constraint needs a stage not given (counted, not
    /// applied).
    pub unavailable: usize,
    /// Matches whose constraint uses a function katachi does not
    /// evaluate yet (counted, not applied).
    pub unsupported: usize,
}

/// Match both databases on `board` and apply what holds to `inf`.
pub(super) fn apply(
    inf: &mut Influence,
    reader: &mut Reader,
    board: &Board,
    inputs: Inputs<'_>,
) -> PatternCounts {
    let mut found = Found::default();
    let to_move = inf.to_move;
    if let Some(db) = inputs.dbs.barriers {
        run(db, &[to_move], inf, reader, board, inputs, &mut found);
    }
    if let Some(db) = inputs.dbs.influence {
        run(
            db,
            &[Color::Black, Color::White],
            inf,
            reader,
            board,
            inputs,
            &mut found,
        );
    }
    add_intrusions(inf, board, to_move, &mut found.intrusions);
    open_sources(inf, board);
    found.counts
}

/// A pattern source lets its own colour's influence through: its
/// permeability for that colour is 1, whatever the damping around the
/// other's stones or a barrier pattern made it. GNU Go 3.8, measured:
/// on its maps of every 8th reference position all 1613 empty points
/// holding a source of a colour have that colour's permeability 1.00,
/// 150 of them beside a stone of the other colour (0.25 elsewhere) and
/// 207 diagonal to one (0.65 elsewhere).
fn open_sources(inf: &mut Influence, board: &Board) {
    for p in board.points() {
        if board.cell(p).color().is_some() {
            continue;
        }
        let k = inf.index(board, p);
        for c in [Color::Black, Color::White] {
            if inf.strength[c.index()][k] > 0.0 {
                inf.permeability[c.index()][k] = 1.0;
            }
        }
    }
}

/// What the matches of one position gave, before the intrusions become
/// sources.
#[derive(Debug, Default)]
struct Found {
    counts: PatternCounts,
    intrusions: Vec<Intrusion>,
}

/// One intrusion point found by a `B` pattern: a followup of the `Q`
/// stone `anchor`, at `point`, with the pattern's `value(N)`.
#[derive(Clone, Copy, Debug)]
struct Intrusion {
    anchor: Point,
    point: Point,
    value: f32,
}

/// Most of a stone's strength that its intrusion sources radiate
/// together. GNU Go 3.8, measured with `initial_influence COLOR
/// white_strength`: each intrusion point gets its pattern's `value(N)`
/// as its strength, unless the values of all the stone's points sum to
/// more than `0.6 q` (`q` the stone's strength); then they are scaled
/// down to sum to that. A lone stone at K10 has twenty `value(30)`
/// points of strength `2.9` each; at K2, `5.0` on the `value(30)`
/// points and `1.7` on the first line's `value(10)` ones; two `value(10)`
/// points under a second-line stone get `10.0` each.
pub const INTRUSION_SHARE: f32 = 0.6;

/// Turn the intrusion points into sources: each `Q` stone's distinct
/// points (a point found by several patterns keeps the largest value)
/// radiate their values, scaled down together to at most
/// [`INTRUSION_SHARE`] of the stone's strength; where two stones' points
/// meet, the stronger source stays (measured: two lone stones four lines
/// apart keep each stone's share on the points they have in common).
fn add_intrusions(inf: &mut Influence, board: &Board, o: Color, found: &mut [Intrusion]) {
    found.sort_by_key(|i| (i.anchor.index(), i.point.index()));
    for group in found.chunk_by(|a, b| a.anchor == b.anchor) {
        let mut points: Vec<(Point, f32)> = Vec::with_capacity(group.len());
        for i in group {
            match points.last_mut() {
                Some((p, v)) if *p == i.point => *v = v.max(i.value),
                _ => points.push((i.point, i.value)),
            }
        }
        let total: f32 = points.iter().map(|(_, v)| v).sum();
        if total <= 0.0 {
            continue;
        }
        let q = inf.strength[o.index()][inf.index(board, group[0].anchor)];
        for (p, v) in points {
            let strength = v * (INTRUSION_SHARE * q / total).min(1.0);
            add_source(inf, board, o, p, strength, DEFAULT_ATTENUATION);
        }
    }
}

fn run(
    db: &Database,
    colors: &[Color],
    inf: &mut Influence,
    reader: &mut Reader,
    board: &Board,
    inputs: Inputs<'_>,
    out: &mut Found,
) {
    let matcher = db.matcher();
    let mut scratch = Scratch::default();
    let mut found: Vec<Match> = Vec::new();
    for &o in colors {
        found.clear();
        matcher.find_all(Position::of_board(board), o, &mut scratch, &mut found);
        for m in &found {
            let p = &db.db.patterns[m.pattern.index()];
            if p.has_class('F') && p.has_class('Y') {
                continue;
            }
            let kind = Kind::of(p);
            if kind == Kind::None {
                continue;
            }
            // An invasion point is the invader's: the colour to move
            // invading O's side (GNU Go 3.8, measured: a lone white
            // stone gives Black, to move, the `Ie` sources around it,
            // and White none when White is to move).
            if kind == Kind::Invasion && !p.has_class('s') && o == inf.to_move {
                continue;
            }
            if touches_dead_stone(p, board, m, inf)
                || !dragon_classes_hold(p, board, m, o, inputs.dragons)
            {
                out.counts.rejected += 1;
                continue;
            }
            let b = match_bindings(p, board, m.transform, m.origin);
            if let Some(e) = &p.constraint {
                let key = inputs.memo.map(|_| memo_key(p, board, m, o, inf.to_move));
                let known = key.and_then(|k| inputs.memo.and_then(|c| c.borrow().get(k)));
                let outcome = known.unwrap_or_else(|| {
                    let mut ev = PatternEval::with_context(reader, o, inputs.context);
                    match eval(e, &b, &mut ev).and_then(|v| v.truthy()) {
                        Ok(true) => Outcome::Holds,
                        Ok(false) => Outcome::Fails,
                        Err(EvalError::Unavailable { .. }) => Outcome::Unavailable,
                        Err(_) => Outcome::Unsupported,
                    }
                });
                if let (Some(k), Some(c), None) = (key, inputs.memo, known) {
                    c.borrow_mut().put(k, outcome);
                }
                match outcome {
                    Outcome::Holds => {}
                    Outcome::Fails => {
                        out.counts.rejected += 1;
                        continue;
                    }
                    Outcome::Unavailable => {
                        out.counts.unavailable += 1;
                        continue;
                    }
                    Outcome::Unsupported => {
                        out.counts.unsupported += 1;
                        continue;
                    }
                }
            }
            out.counts.applied += 1;
            match kind {
                Kind::Barrier(stopped) => {
                    let c = if stopped { o } else { o.opponent() };
                    for (r, col) in p.marked(CellMark::Barrier) {
                        if let Some(pt) = cell_point(board, m.origin, m.transform, r, col) {
                            let k = inf.index(board, pt);
                            inf.permeability[c.index()][k] = 0.0;
                        }
                    }
                    for (r, col) in p.marked(CellMark::Inhibit) {
                        if let Some(pt) = cell_point(board, m.origin, m.transform, r, col) {
                            let k = inf.index(board, pt);
                            inf.permeability[c.index()][k] *= WEAK_BARRIER;
                        }
                    }
                }
                Kind::Intrusion => {
                    // Sources on the `!` points, followups of the `Q`
                    // stone; [`add_intrusions`] gives their strengths.
                    let anchor = p
                        .marked(CellMark::Anchor)
                        .next()
                        .and_then(|(r, col)| cell_point(board, m.origin, m.transform, r, col));
                    let Some(anchor) = anchor.filter(|&q| board.cell(q).color() == Some(o)) else {
                        continue;
                    };
                    for (r, col) in p.marked(CellMark::Inhibit) {
                        if let Some(point) = cell_point(board, m.origin, m.transform, r, col) {
                            out.intrusions.push(Intrusion {
                                anchor,
                                point,
                                value: value(p),
                            });
                        }
                    }
                }
                Kind::Enhance => {
                    // value(N) percent of the strongest O stone in it.
                    let mut q: f32 = 0.0;
                    for (r, col, e) in p.elements() {
                        if e != Elem::Own {
                            continue;
                        }
                        if let Some(pt) = cell_point(board, m.origin, m.transform, r, col) {
                            q = q.max(inf.strength[o.index()][inf.index(board, pt)]);
                        }
                    }
                    if q > 0.0 {
                        let s = value(p) / 100.0 * q;
                        add_source(inf, board, o, m.mark, s, DEFAULT_ATTENUATION);
                    }
                }
                Kind::Invasion => {
                    // For the invader; with class `s` for both colours.
                    add_source(
                        inf,
                        board,
                        o.opponent(),
                        m.mark,
                        value(p),
                        PATTERN_ATTENUATION,
                    );
                    if p.has_class('s') {
                        add_source(inf, board, o, m.mark, value(p), PATTERN_ATTENUATION);
                    }
                }
                Kind::NonTerritory => {
                    if let Some(a) = &p.action {
                        let mut ev = PatternEval::with_context(reader, o, inputs.context);
                        if eval(a, &b, &mut ev).is_ok() {
                            for e in ev.effects() {
                                if let Effect::NonTerritory(c, pt) = *e {
                                    let k = inf.index(board, pt);
                                    inf.non_territory[k] |= super::gnugo_color(c);
                                }
                            }
                        }
                    }
                }
                Kind::None => {}
            }
        }
    }
}

/// What a match's constraint gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Holds,
    Fails,
    Unavailable,
    Unsupported,
}

/// How many points around a match's diagram its surroundings reach for
/// [`ConstraintMemo`]: the constraints read the strings of the diagram,
/// whose liberties and neighbours lie mostly this near.
pub const MEMO_MARGIN: usize = 3;

/// Constraint outcomes of the influence patterns kept across positions
/// that differ by one move, for move valuation (the influence after each
/// candidate move matches the same patterns again, and the read-checked
/// barriers were half of a classic genmove's time). An outcome is
/// reused for the same pattern, orientation, origin and colours when
/// the surroundings are the same: every point within [`MEMO_MARGIN`] of
/// the diagram, with its stone and (for a stone) its string's liberty
/// count up to four, so a move that touches the strings read, or takes
/// or gives them a liberty, reads the constraint again. PARTIAL: a
/// ladder or a string reaching beyond the margin may read differently
/// after a distant move; its old outcome is kept.
#[derive(Debug, Default)]
pub struct ConstraintMemo {
    outcomes: std::collections::HashMap<(u32, u16, u8, u64), Outcome>,
}

impl ConstraintMemo {
    fn get(&self, key: (u32, u16, u8, u64)) -> Option<Outcome> {
        self.outcomes.get(&key).copied()
    }

    fn put(&mut self, key: (u32, u16, u8, u64), outcome: Outcome) {
        self.outcomes.insert(key, outcome);
    }
}

/// The key of `m`'s constraint in a [`ConstraintMemo`]: the pattern, the
/// origin, the orientation and colours, and a hash of the surroundings.
fn memo_key(
    p: &Pattern,
    board: &Board,
    m: &Match,
    o: Color,
    to_move: Color,
) -> (u32, u16, u8, u64) {
    let height = p.cells.len() / p.width.max(1);
    let (mut r0, mut c0, mut r1, mut c1) = (usize::MAX, usize::MAX, 0, 0);
    for r in 0..height {
        for c in 0..p.width {
            if let Some(pt) = cell_point(board, m.origin, m.transform, r, c) {
                let (row, col) = board.row_col(pt);
                r0 = r0.min(row);
                c0 = c0.min(col);
                r1 = r1.max(row);
                c1 = c1.max(col);
            }
        }
    }
    let n = board.size();
    // FNV-1a over the surroundings' cells.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    if r0 != usize::MAX {
        for row in r0.saturating_sub(MEMO_MARGIN)..=(r1 + MEMO_MARGIN).min(n - 1) {
            for col in c0.saturating_sub(MEMO_MARGIN)..=(c1 + MEMO_MARGIN).min(n - 1) {
                let Some(q) = board.point(row, col) else {
                    continue;
                };
                let v = match board.cell(q).color() {
                    None => 0,
                    Some(c) => 1 + c.index() as u64 + 2 * board.liberty_count(q).min(4) as u64,
                };
                mix((q.index() as u64) << 8 | v);
            }
        }
    }
    let colors = (o.index() * 2 + to_move.index()) as u8;
    (
        m.pattern.index() as u32,
        m.origin.index() as u16,
        colors * 8 + m.transform.index() as u8,
        h,
    )
}

/// Whether `E` patterns add their sources. GNU Go leaves them out of
/// the territory valuation's influence (the manual; its
/// `initial_influence` maps show none), and so does this stage: with
/// them the agreement on the reference positions was no better.
const USE_ENHANCE: bool = false;

/// What a pattern does to the influence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `A` (true: stops O's influence) or `D` (false: stops X's).
    Barrier(bool),
    /// `B`.
    Intrusion,
    /// `t`.
    NonTerritory,
    /// `I`.
    Invasion,
    /// `E`.
    Enhance,
    /// Anything else (`E`).
    None,
}

impl Kind {
    fn of(p: &Pattern) -> Kind {
        if p.has_class('A') {
            Kind::Barrier(true)
        } else if p.has_class('D') {
            Kind::Barrier(false)
        } else if p.has_class('B') {
            Kind::Intrusion
        } else if p.has_class('t') {
            Kind::NonTerritory
        } else if p.has_class('I') {
            Kind::Invasion
        } else if p.has_class('E') && USE_ENHANCE {
            Kind::Enhance
        } else {
            Kind::None
        }
    }
}

/// The strength of a source pattern: its `value(N)` (1 without one).
fn value(p: &Pattern) -> f32 {
    p.values
        .iter()
        .find_map(|v| match (v.kind, v.arg) {
            (ValueKind::Value, ValueArg::Number(x)) => Some(x as f32),
            _ => None,
        })
        .unwrap_or(1.0)
}

/// Add a source of `strength` for `c` at `p` (the stronger wins where two
/// patterns add one at the same point).
fn add_source(
    inf: &mut Influence,
    board: &Board,
    c: Color,
    p: Point,
    strength: f32,
    attenuation: f32,
) {
    if board.cell(p).color().is_some() {
        return;
    }
    let k = inf.index(board, p);
    let s = &mut inf.strength[c.index()][k];
    if strength > *s {
        *s = strength;
        inf.attenuation[c.index()][k] = attenuation;
    }
}

/// Whether a stone of the match (an `O` or `X` cell) counts as dead here:
/// the influence patterns speak of live stones.
fn touches_dead_stone(p: &Pattern, board: &Board, m: &Match, inf: &Influence) -> bool {
    p.elements().any(|(r, c, e)| {
        matches!(e, Elem::Own | Elem::Opp)
            && cell_point(board, m.origin, m.transform, r, c)
                .is_some_and(|pt| inf.dead[inf.index(board, pt)])
    })
}
