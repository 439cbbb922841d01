//! The classic engine's move choice: collect the reasons, value every
//! candidate, play the best, or pass when no move is worth
//! [`Options::pass_below`] points ([`PASS_BELOW`] by default). Also the texts of GNU Go's
//! `top_moves`, `all_move_values` and `move_reasons`, and katachi's
//! `explain_move` for this engine.
//!
//! A move that fills an own eye (every neighbour an own stone or the
//! edge) is never chosen unless reading or owl gives it a reason. When
//! no move is worth that, a move inside that saves an own string from
//! a capturing race against dead stones once the dame are filled
//! ([`fill_liberty_shortage`]), else an outside liberty of a dead string next to
//! an own string short of liberties, else a safe dame (a neutral point
//! between living strings of both colours), else the second liberty of
//! an own string the opponent can atari ([`fill_short_liberty`]), is
//! filled before the engine passes.

use std::collections::HashMap;

use katachi_board::{Board, Color, Point};
use katachi_tactics::reading::{Code, Reader};

use crate::analysis::Analysis;

use super::reasons::{collect, ReasonKind, Reasons};
use super::valuation::{owl_kills_new_stone, MoveValue, Part, Valuer};

/// Settings of one generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Pass when the best move is worth less than this many points.
    pub pass_below: f64,
    /// Only these moves may be chosen (`restricted_genmove`); `None`
    /// for any.
    pub allowed: Option<Vec<Point>>,
}

/// The default pass threshold: GNU Go plays any move of positive value
/// before it passes (filllib, endgame: small fills worth 0.4 to 1 point),
/// so katachi passes only below a hundredth of a point. Measured on
/// filllib/endgame/strategy: 24/27/20 against 24/26/20 with 1 point.
pub const PASS_BELOW: f64 = 0.01;

impl Default for Options {
    fn default() -> Options {
        Options {
            pass_below: PASS_BELOW,
            allowed: None,
        }
    }
}

/// What one generation found.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The colour the moves are for.
    pub color: Color,
    /// Every reason found.
    pub reasons: Reasons,
    /// The valued candidates, best first (of values equal at two
    /// decimals, the one that takes more of the opponent's vital points
    /// first, then the higher exact value, then board order).
    pub values: Vec<MoveValue>,
    /// The move chosen; `None` to pass.
    pub best: Option<Point>,
    /// The dame filled when no move reached the pass threshold (then `best`).
    pub dame: Option<Point>,
    /// The outside liberty of a dead string filled instead of a dame
    /// (then `best`; see [`fill_outside_liberty`]).
    pub outside: Option<Point>,
    /// The liberty of an own string short of liberties filled before the
    /// dame (then `best`; see [`fill_short_liberty`]).
    pub short: Option<Point>,
    /// The move inside that saves an own string from losing a capturing
    /// race against dead stones once the dame are filled (then `best`;
    /// see [`fill_liberty_shortage`]).
    pub shortage: Option<Point>,
}

fn fills_own_eye(board: &Board, c: Color, p: Point) -> bool {
    board
        .neighbors(p)
        .iter()
        .all(|&q| !board.on_board(q) || board.cell(q).color() == Some(c))
}

/// How far below [`Options::pass_below`] a value still counts as
/// reaching it: the influence sums its territory in `f32`, so a move
/// worth exactly one point may come out at 0.9999.
pub const ROUNDING: f64 = 1e-3;

/// Generate `color`'s move on `an`'s position.
pub fn generate(an: &Analysis, color: Color, options: &Options) -> Generated {
    let board = an.board();
    let mut reasons = collect(an, color);
    if let Some(allowed) = &options.allowed {
        // Every allowed move is valued, with or without a reason.
        for &p in allowed {
            if board.cell(p).color().is_none() {
                reasons.moves.entry(p).or_default();
            }
        }
    }
    let mut valuer = Valuer::new(an, color);
    let mut values: Vec<MoveValue> = Vec::new();
    for (&p, cand) in &reasons.moves {
        if cand.antisuji {
            continue;
        }
        if let Some(allowed) = &options.allowed {
            if !allowed.contains(&p) {
                continue;
            }
        } else if cand.reasons.is_empty() {
            continue;
        }
        if !super::valuation::tactical_reason(cand) && fills_own_eye(board, color, p) {
            continue;
        }
        if let Some(v) = valuer.value(p, cand) {
            values.push(v);
        }
    }
    let vital = opponent_vital_points(an, color);
    rank(&mut values, &vital);
    confirm_safety(
        an,
        color,
        &reasons,
        &mut valuer,
        &mut values,
        options.pass_below.min(1.0),
        &vital,
    );
    let mut best = values
        .first()
        .filter(|v| v.total >= options.pass_below - ROUNDING)
        .map(|v| v.point);
    let mut dame = None;
    let mut outside = None;
    let mut short = None;
    let mut shortage = None;
    if best.is_none() && options.allowed.is_none() {
        shortage = fill_liberty_shortage(an, color);
        if shortage.is_none() {
            outside = fill_outside_liberty(an, color);
        }
        if shortage.is_none() && outside.is_none() {
            dame = fill_dame(an, color);
        }
        if shortage.is_none() && outside.is_none() && dame.is_none() {
            short = fill_short_liberty(an, color);
        }
        best = shortage.or(outside).or(dame).or(short);
    }
    Generated {
        color,
        reasons,
        values,
        best,
        dame,
        outside,
        short,
        shortage,
    }
}

/// How many of the best moves have the safety of their stone confirmed
/// by owl ([`owl_kills_new_stone`]).
pub const CONFIRMED: usize = 4;

/// Confirm the safety of the best moves: each of the [`CONFIRMED`] best
/// moves is checked once. Without a reading or owl reason of its own
/// (those read their stones already) its stone is read by owl; a stone
/// owl kills counts as dead and the move is valued again. Every one is
/// checked for a blunder ([`escapes`]): the captures it throws away are
/// taken off its value. This goes on until the best ones are all
/// confirmed.
fn confirm_safety(
    an: &Analysis,
    color: Color,
    reasons: &Reasons,
    valuer: &mut Valuer,
    values: &mut [MoveValue],
    floor: f64,
    vital: &HashMap<Point, usize>,
) {
    let mut checked: Vec<Point> = Vec::new();
    loop {
        let next = values.iter().take(CONFIRMED).position(|v| {
            !checked.contains(&v.point)
                && v.total >= floor - ROUNDING
                && reasons.moves.contains_key(&v.point)
        });
        let Some(i) = next else {
            break;
        };
        let p = values[i].point;
        checked.push(p);
        let cand = &reasons.moves[&p];
        let mut changed = false;
        if !super::valuation::tactical_reason(cand) && owl_kills_new_stone(an, color, p) {
            if let Some(v) = valuer.value_with(p, cand, true) {
                values[i] = v;
                changed = true;
            }
        }
        for (w, size) in escapes(an, color, p) {
            let loss = 2.0 * size;
            values[i].total -= loss;
            values[i].parts.push(Part {
                name: "blunder",
                value: -loss,
                why: format!(
                    "after the move the opponent's string {} (effective size {size:.2}), which reading captured without a defence, can be saved: twice its effective size is lost",
                    an.board().vertex(w)
                ),
            });
            changed = true;
        }
        if !changed {
            continue;
        }
        rank(values, vital);
    }
}

/// The opponent's vital points: for each critical string (reading) and
/// each critical dragon (owl, where its verdict is used), the point where
/// the opponent would attack it (an own one) or save it (the
/// opponent's), with the number of strings and dragons it is vital for.
/// "The opponent's vital point is my vital point": of two moves of equal
/// value, the one that also takes the opponent's key move away is
/// better (endgame 401: C4 and E6 both save D4, and C4 is where White
/// kills it). The tie-break of [`rank`].
fn opponent_vital_points(an: &Analysis, color: Color) -> HashMap<Point, usize> {
    let mut out: HashMap<Point, usize> = HashMap::new();
    for w in an.worms().iter() {
        let (Some((a, ac)), Some((d, dc))) = (w.attack, w.defense) else {
            continue;
        };
        if !ac.is_success() || !dc.is_success() {
            continue;
        }
        let key = if w.color == color { a } else { d };
        *out.entry(key).or_default() += 1;
    }
    let dragons: Vec<(Point, Color)> = an
        .dragons()
        .iter()
        .filter(|d| d.crude_status != crate::autohelper::DragonStatus::Alive)
        .map(|d| (d.origin, d.color))
        .collect();
    for (origin, c) in dragons {
        if !super::reasons::owl_trusted(an, origin) {
            continue;
        }
        if let Some(crate::owl::OwlStatus::Critical { attack, defense }) = an.owl_status(origin) {
            let key = if c == color { attack } else { defense };
            if let Some(k) = key {
                *out.entry(k).or_default() += 1;
            }
        }
    }
    out
}

/// Sort the valued moves best first: by value at the precision shown
/// (two decimals), then by the opponent's vital points taken
/// ([`opponent_vital_points`]), then by the exact value, then in board
/// order. The rounded key keeps the order total while letting moves
/// that differ by a rounding error of the influence count as equal.
fn rank(values: &mut [MoveValue], vital: &HashMap<Point, usize>) {
    let key = |v: &MoveValue| (v.total * 100.0).round() as i64;
    let vit = |v: &MoveValue| vital.get(&v.point).copied().unwrap_or(0);
    values.sort_by(|a, b| {
        key(b)
            .cmp(&key(a))
            .then(vit(b).cmp(&vit(a)))
            .then(b.total.total_cmp(&a.total))
            .then(a.point.cmp(&b.point))
    });
}

/// The blunder check of a move (GNU Go checks the safety of its best
/// moves before it plays one): the opponent's strings that reading
/// captures without a defence before `color` plays at `p` and that can
/// be saved after it without a ko (a move that fills a liberty of the capturing
/// stones, or breaks the ladder, lets them out). Each with its effective
/// size: the capture the move throws away is worth twice that (its
/// points and prisoners), which the territory part does not see since
/// the position after the move keeps the strings' old status.
fn escapes(an: &Analysis, color: Color, p: Point) -> Vec<(Point, f64)> {
    let board = an.board();
    let dead: Vec<(Point, f64)> = an
        .worms()
        .iter()
        .filter(|w| {
            w.color != color
                && w.attack.is_some_and(|(_, c)| c.is_success())
                && !w.defense.is_some_and(|(_, c)| c.is_success())
        })
        .map(|w| (w.origin, f64::from(w.effective_size)))
        .collect();
    if dead.is_empty() {
        return Vec::new();
    }
    let mut reader = an.reader();
    if !reader.push_move(color, p) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (w, size) in dead {
        // Captured by the move itself: nothing escapes.
        if reader.board().cell(w).color() != board.cell(w).color() {
            continue;
        }
        // Only a clean escape: a defence through ko leaves the capture
        // to the ko fight (and katachi's reading finds ko defences GNU
        // Go's does not, filllib 19).
        if reader.find_defense(w).code == katachi_tactics::reading::Code::Win {
            out.push((w, size));
        }
    }
    reader.pop_move();
    out
}

/// Whether the stone at `q` is dead for the end-of-game fills: its
/// string is captured by reading without a defence, or its dragon is
/// dead ([`dead_dragon`](super::valuation::dead_dragon)).
fn dead_for_fills(an: &Analysis, q: Point) -> bool {
    an.worms()
        .get(q)
        .is_some_and(|w| w.attack.is_some() && w.defense.is_none())
        || super::valuation::dead_dragon(an, q)
}

/// Whether the string at `s` is lost once the opponent `opp` has filled
/// the liberties `outer` (those that are legal): captured by the fills,
/// or not saved by reading without a ko even with its owner to move (a
/// string that must win a ko to live after the dame is short of
/// liberties: filllib 47's wall then lives only by the ko at J1).
fn lost_after_fills(reader: &mut Reader, opp: Color, s: Point, outer: &[Point]) -> bool {
    let mut pushed = 0;
    for &l in outer {
        if reader.push_move(opp, l) {
            pushed += 1;
        }
    }
    let lost = reader.board().cell(s).color() != Some(opp.opponent())
        || reader.find_defense(s).code != Code::Win;
    for _ in 0..pushed {
        reader.pop_move();
    }
    lost
}

/// The end of the game, before the other fills (backfilling): an own
/// living string that touches dead strings of the opponent can lose a
/// capturing race against them once its outer liberties (those next to
/// a living opponent stone and no dead one: the dame) are filled. When,
/// with those liberties filled by the opponent, reading cannot save the
/// string even with the mover to move, the mover must play inside now,
/// while the string still has them (filllib 47: Black's wall keeps two
/// liberties inside against dead stones with three, so it must take
/// one of the dead stones' liberties before the dame are gone). The move
/// is a liberty of the string or of a dead string it touches after
/// which the same test finds the string saved, safe by reading, and of
/// those the one that leaves the dead strings the fewest liberties
/// (then board order). `None` when no own string is short this way.
fn fill_liberty_shortage(an: &Analysis, color: Color) -> Option<Point> {
    let board = an.board();
    let opp = color.opponent();
    let mut reader = an.reader();
    for q in board.points() {
        if board.cell(q).color() != Some(color)
            || board.string_head(q) != Some(q)
            || dead_for_fills(an, q)
        {
            continue;
        }
        let dead: Vec<Point> = board
            .adjacent_strings(q)
            .into_iter()
            .filter(|&s| dead_for_fills(an, s))
            .collect();
        if dead.is_empty() {
            continue;
        }
        let touches = |l: Point, want_dead: bool| {
            board.neighbors(l).iter().any(|&n| {
                board.on_board(n)
                    && board.cell(n).color() == Some(opp)
                    && dead_for_fills(an, n) == want_dead
            })
        };
        let outer: Vec<Point> = board
            .liberties(q)
            .filter(|&l| touches(l, false) && !touches(l, true))
            .collect();
        if outer.is_empty() || !lost_after_fills(&mut reader, opp, q, &outer) {
            continue;
        }
        let mut cands: Vec<Point> = board.liberties(q).filter(|l| !outer.contains(l)).collect();
        for &d in &dead {
            cands.extend(board.liberties(d));
        }
        cands.sort();
        cands.dedup();
        let mut best: Option<(usize, Point)> = None;
        for m in cands {
            if !reader.safe_move(m, color).is_success() || !reader.push_move(color, m) {
                continue;
            }
            let saved = !lost_after_fills(&mut reader, opp, q, &outer);
            let left = dead
                .iter()
                .map(|&d| {
                    if reader.board().cell(d).color() == Some(opp) {
                        reader.board().liberty_count(d)
                    } else {
                        0
                    }
                })
                .min()
                .unwrap_or(0);
            reader.pop_move();
            if saved && best.is_none_or(|(b, _)| left < b) {
                best = Some((left, m));
            }
        }
        if let Some((_, m)) = best {
            return Some(m);
        }
    }
    None
}

/// The end of the game, before the dame: an own string of at most two
/// liberties that touches a dead string of the opponent of at most two
/// liberties, and shares one of them, is short of liberties. Once the dame are filled the dead string could fight a
/// capturing race against it, so its outside liberties (those the short
/// own strings do not share) are filled first, while the dead string is
/// still short of liberties itself, unless filling a shared one gives
/// the short strings more liberties (it joins them to another own
/// string) while a short string has a dame the opponent will fill. Of
/// the liberties of the dead string that the mover can fill
/// safely with two liberties left (or by capturing), the one leaving
/// the short strings the most liberties, then an outside one, then the
/// first in board order; `None` when no own string is short of
/// liberties.
fn fill_outside_liberty(an: &Analysis, color: Color) -> Option<Point> {
    let board = an.board();
    let dead = |q: Point| dead_for_fills(an, q);
    let mut seen: Vec<Point> = Vec::new();
    for q in board.points() {
        if board.cell(q).color() != Some(color.opponent()) || !dead(q) {
            continue;
        }
        let head = board.stones(q).min().unwrap_or(q);
        if seen.contains(&head) {
            continue;
        }
        seen.push(head);
        let short: Vec<Point> = board
            .adjacent_strings(q)
            .into_iter()
            .filter(|&s| board.liberty_count(s) <= 2 && !dead(s))
            .collect();
        // Only a dead string in a capturing race with a short own
        // string: at most two liberties, one of them shared with it (a
        // dead string with more liberties, or none in common, cannot
        // turn the race before the mover notices).
        let shared: Vec<Point> = short.iter().flat_map(|&s| board.liberties(s)).collect();
        if board.liberty_count(q) > 2 || !board.liberties(q).any(|l| shared.contains(&l)) {
            continue;
        }
        // A shared liberty is filled only when a short own string also
        // has a dame (a liberty next to a living opponent stone and no
        // dead one): the opponent fills it in the course of the game,
        // and the answer inside is then forced anyway. Without one
        // the opponent's only ataris are from inside, and filling a
        // shared liberty costs a point for nothing (filllib 23 and 42,
        // strategy 31).
        let dame = |l: Point| {
            let mut live = false;
            for &n in board.neighbors(l).iter() {
                if board.on_board(n) && board.cell(n).color() == Some(color.opponent()) {
                    if dead(n) {
                        return false;
                    }
                    live = true;
                }
            }
            live
        };
        let threatened = short.iter().any(|&s| board.liberties(s).any(dame));
        let mut libs: Vec<Point> = board.liberties(q).collect();
        libs.sort();
        // Of the liberties the mover can fill safely, the one that leaves
        // the short own strings the most liberties (a shared liberty that
        // joins them to another own string ends the race at once: filllib
        // 41's M8, where the outside liberty N9 leaves the race to be
        // answered later at M8 anyway), then an outside one, then the
        // first in board order.
        let mut best: Option<(usize, bool, Point)> = None;
        for l in libs {
            if (shared.contains(&l) && !threatened)
                || !board.is_legal(color, katachi_board::Move::Play(l))
            {
                continue;
            }
            let mut after = board.clone();
            if after.play(color, katachi_board::Move::Play(l)).is_err() {
                continue;
            }
            let captures = after.captures(color) > board.captures(color);
            if !(captures || after.liberty_count(l) >= 2)
                || !an.reader().safe_move(l, color).is_success()
            {
                continue;
            }
            let mut heads: Vec<Point> =
                short.iter().filter_map(|&s| after.string_head(s)).collect();
            heads.sort();
            heads.dedup();
            let room: usize = heads.iter().map(|&h| after.liberty_count(h)).sum();
            let key = (room, !shared.contains(&l));
            if best.is_none_or(|(r, o, _)| key > (r, o)) {
                best = Some((key.0, key.1, l));
            }
        }
        if let Some((_, _, l)) = best {
            return Some(l);
        }
    }
    None
}

/// The end of the game, after the dame: a living own string of two
/// liberties where the opponent can play one of them safely (an atari,
/// perhaps capturing own dead stones there) must answer at the other
/// one; filling that other liberty now, when it joins the string to
/// more liberties, costs nothing and leaves no atari to forget (GNU Go
/// fills such liberties before it passes, filllib 16), unless the
/// atari stone would join a dead string ([`joins_dead`]) or is a ko
/// capture that gains nothing
/// ([`dead_ko_capture`](super::valuation::dead_ko_capture)). The first
/// such liberty in board order that the mover can fill safely with at
/// least three liberties left; `None` when there is none.
fn fill_short_liberty(an: &Analysis, color: Color) -> Option<Point> {
    let board = an.board();
    let mut found: Vec<Point> = Vec::new();
    // Each string once, at its head.
    for q in board.points() {
        if board.cell(q).color() != Some(color) || board.string_head(q) != Some(q) {
            continue;
        }
        if dead_for_fills(an, q) || board.liberty_count(q) != 2 {
            continue;
        }
        let libs: Vec<Point> = board.liberties(q).collect();
        for (i, &fill) in libs.iter().enumerate() {
            let atari = libs[1 - i];
            if !board.is_legal(color.opponent(), katachi_board::Move::Play(atari))
                || joins_dead(an, color.opponent(), atari)
                || super::valuation::dead_ko_capture(an, color.opponent(), atari)
                || !an.reader().safe_move(atari, color.opponent()).is_success()
            {
                continue;
            }
            let mut after = board.clone();
            if after.play(color, katachi_board::Move::Play(fill)).is_err()
                || after.liberty_count(fill) < 3
            {
                continue;
            }
            if an.reader().safe_move(fill, color).is_success() {
                found.push(fill);
            }
        }
    }
    found.into_iter().min()
}

/// Whether a stone of `color` at `p` would touch a dead string of its
/// own colour: such an atari comes from stones inside the opponent's
/// territory, where the answer costs nothing then and filling in
/// advance costs a point of territory (strategy 31: D17 next to a dead
/// white dragon, which GNU Go leaves empty and passes).
fn joins_dead(an: &Analysis, color: Color, p: Point) -> bool {
    let board = an.board();
    board.neighbors(p).iter().any(|&q| {
        board.on_board(q) && board.cell(q).color() == Some(color) && dead_for_fills(an, q)
    })
}

/// The end of the game (GNU Go's `fill_liberty`, in katachi's own
/// form): when no move reaches the pass threshold, a neutral point between living
/// strings of both colours (a dame) that the mover can fill safely with
/// at least two liberties left, the first in board order; `None` to pass.
fn fill_dame(an: &Analysis, color: Color) -> Option<Point> {
    let board = an.board();
    let living = |q: Point| !dead_for_fills(an, q);
    for p in board.points() {
        if board.cell(p).color().is_some() || !board.is_legal(color, katachi_board::Move::Play(p)) {
            continue;
        }
        let mut sides = [false; 2];
        for q in board.neighbors(p) {
            if let Some(c) = board.cell(q).color() {
                if living(q) {
                    sides[c.index()] = true;
                }
            }
        }
        if !(sides[0] && sides[1]) {
            continue;
        }
        let mut after = board.clone();
        if after.play(color, katachi_board::Move::Play(p)).is_err() || after.liberty_count(p) < 2 {
            continue;
        }
        if an.reader().safe_move(p, color).is_success() {
            return Some(p);
        }
    }
    None
}

impl Generated {
    /// GNU Go's `top_moves`: up to ten moves of positive value, best
    /// first, `VERTEX VALUE` each (values with two decimals).
    pub fn format_top(&self, board: &Board) -> String {
        let mut out = String::new();
        for v in self.values.iter().filter(|v| v.total > 0.0).take(10) {
            out.push_str(&format!("{} {:.2} ", board.vertex(v.point), v.total));
        }
        out
    }

    /// GNU Go's `all_move_values`: every move of positive value in board
    /// order (top row first), one a line.
    pub fn format_all(&self, board: &Board) -> String {
        let mut rows: Vec<(usize, usize, String)> = self
            .values
            .iter()
            .filter(|v| v.total > 0.0)
            .map(|v| {
                let (r, c) = board.row_col(v.point);
                (r, c, format!("{:<3} {:.2}", board.vertex(v.point), v.total))
            })
            .collect();
        rows.sort();
        rows.into_iter().map(|r| r.2).collect::<Vec<_>>().join("\n")
    }

    /// GNU Go's `move_reasons VERTEX`: one `Move at VERTEX ...` line per
    /// reason (empty without a reason).
    pub fn format_reasons(&self, board: &Board, p: Point) -> String {
        let mut lines: Vec<String> = Vec::new();
        let Some(c) = self.reasons.moves.get(&p) else {
            return String::new();
        };
        let v = |q: Point| board.vertex(q);
        let at = v(p);
        for r in &c.reasons {
            let text = match r.kind {
                ReasonKind::Attack { target, .. } => format!("attacks {}", v(target)),
                ReasonKind::Defend { target, .. } => format!("defends {}", v(target)),
                ReasonKind::OwlAttack { dragon, .. } => format!("owl-attacks {}", v(dragon)),
                ReasonKind::OwlDefend { dragon, .. } => format!("owl-defends {}", v(dragon)),
                ReasonKind::Connect { a, b } => format!("connects {} and {}", v(a), v(b)),
                ReasonKind::Cut { a, b } => format!("cuts {} and {}", v(a), v(b)),
                ReasonKind::StrategicDefend { dragon } => {
                    format!("strategically defends {}", v(dragon))
                }
                ReasonKind::StrategicAttack { dragon } => {
                    format!("strategically attacks {}", v(dragon))
                }
                ReasonKind::ExpandTerritory => "expands territory".into(),
                ReasonKind::ExpandMoyo => "expands moyo".into(),
                ReasonKind::Shape => continue,
                ReasonKind::Boundary => "is on the border of the players' areas".into(),
                ReasonKind::OpenArea => "takes an open area".into(),
                ReasonKind::ComboAttack { target } => {
                    format!("starts a combination against {}", v(target))
                }
                ReasonKind::ComboDefend { target } => {
                    format!("defends {} against a combination", v(target))
                }
            };
            lines.push(format!("Move at {at} {text}"));
        }
        if c.antisuji {
            lines.push(format!("Move at {at} is an antisuji"));
        }
        if self
            .values
            .iter()
            .any(|v| v.point == p && v.parts.iter().any(|x| x.name == "unsafe"))
        {
            lines.push(format!("Move at {at} tactically unsafe"));
        }
        lines.join("\n")
    }

    /// katachi's `explain_move` for this engine: every reason with its
    /// source, every pattern with its place, orientation and values, each
    /// value part, and how the move compares with the best (or the next
    /// best, for the best move).
    pub fn explain(&self, board: &Board, p: Point) -> String {
        let who = match self.color {
            Color::Black => "black",
            Color::White => "white",
        };
        let at = board.vertex(p);
        let mut out = format!(
            "{at} for {who}: classic engine, {} candidates valued",
            self.values.len()
        );
        if self.dame == Some(p) {
            out.push_str("\nchosen as a dame: no move reaches the pass threshold, and this neutral point between living strings of both colours is filled safely");
        }
        if self.short == Some(p) {
            out.push_str("\nchosen as a short liberty: no move reaches the pass threshold, and this liberty of an own string of two liberties, which the opponent can atari at the other, is filled safely (no dame is left)");
        }
        if self.shortage == Some(p) {
            out.push_str("\nchosen against a shortage of liberties: no move reaches the pass threshold, and an own string touching dead stones would lose the capturing race once its outer liberties (the dame) are filled; this move saves it");
        }
        if self.outside == Some(p) {
            out.push_str("\nchosen as an outside liberty: no move reaches the pass threshold, and this liberty of a dead string that touches an own string of at most two liberties is filled safely before the dame");
        }
        let Some(c) = self.reasons.moves.get(&p) else {
            out.push_str("\nno move reason: no reading, owl or pattern result suggests it");
            return out;
        };
        out.push_str("\nreasons:");
        for r in &c.reasons {
            out.push_str(&format!("\n  {:?}: {}", r.kind, r.source));
            let _ = &r.source;
        }
        if !c.patterns.is_empty() {
            out.push_str("\npatterns:");
            for h in &c.patterns {
                let values: Vec<String> = h
                    .values
                    .iter()
                    .map(|(k, x)| format!("{}({x})", k.name()))
                    .collect();
                out.push_str(&format!(
                    "\n  {} of {}, diagram anchored at {} in orientation {}, classes {}, values [{}]",
                    h.name,
                    h.db,
                    board.vertex(h.anchor),
                    h.orientation,
                    if h.classes.is_empty() { "-" } else { &h.classes },
                    values.join(", ")
                ));
            }
        }
        if c.antisuji {
            out.push_str(
                "\nan antisuji action or an antisuji (class N) pattern forbids it: never played",
            );
            return out;
        }
        let Some(rank) = self.values.iter().position(|v| v.point == p) else {
            out.push_str(
                "\nnot valued: it fills an own eye without a tactical reason, or is illegal",
            );
            return out;
        };
        let v = &self.values[rank];
        out.push_str(&format!("\nvalue {:.2} (rank {}):", v.total, rank + 1));
        for part in &v.parts {
            out.push_str(&format!(
                "\n  {} {:.2}: {}",
                part.name, part.value, part.why
            ));
        }
        let other = if rank == 0 {
            self.values.get(1)
        } else {
            self.values.first()
        };
        match other {
            Some(o) if rank == 0 => out.push_str(&format!(
                "\nbest move: beats {} ({:.2}) by {:.2} (territory {:.2} against {:.2}, strategy {:.2} against {:.2}, shape {:.1} against {:.1})",
                board.vertex(o.point),
                o.total,
                v.total - o.total,
                v.territory,
                o.territory,
                v.strategy,
                o.strategy,
                v.shape,
                o.shape
            )),
            Some(o) => out.push_str(&format!(
                "\nthe best move {} is worth {:.2}, {:.2} more",
                board.vertex(o.point),
                o.total,
                o.total - v.total
            )),
            None => out.push_str("\nthe only candidate"),
        }
        if rank == 0 && self.best.is_none() {
            out.push_str("\nworth less than a point: the engine passes");
        }
        if self.dame.is_some() && self.dame != Some(p) && rank == 0 {
            out.push_str("\nworth less than a point: the engine fills a dame instead");
        }
        if self.short.is_some() && self.short != Some(p) && rank == 0 {
            out.push_str(
                "\nworth less than a point: the engine fills a liberty of an own string short of liberties instead",
            );
        }
        if self.shortage.is_some() && self.shortage != Some(p) && rank == 0 {
            out.push_str(
                "\nworth less than a point: the engine saves an own string short of liberties against dead stones instead",
            );
        }
        if self.outside.is_some() && self.outside != Some(p) && rank == 0 {
            out.push_str(
                "\nworth less than a point: the engine fills an outside liberty of a dead string instead",
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::AnalysisConfig;

    fn analysis(ascii: &str, to_move: Color) -> Analysis {
        let mut b = Board::from_ascii(ascii).expect("board");
        b.set_to_move(to_move);
        Analysis::new(b, AnalysisConfig::default())
    }

    #[test]
    fn an_atari_gives_a_capture_and_a_rescue_reason() {
        // The White stone at D4 is in atari: Black captures at its last
        // liberty D3, White extends there.
        let ascii = ".......
                     .......
                     ...X...
                     ..XOX..
                     .......
                     .......
                     .......";
        for (c, kind) in [(Color::Black, "Attack"), (Color::White, "Defend")] {
            let an = analysis(ascii, c);
            let b = an.board().clone();
            let d3 = b.parse_vertex("D3").expect("vertex");
            let g = generate(&an, c, &Options::default());
            let reasons = &g.reasons.moves[&d3].reasons;
            assert!(
                reasons
                    .iter()
                    .any(|r| format!("{:?}", r.kind).starts_with(kind)),
                "{reasons:?}"
            );
            let text = g.format_reasons(&b, d3);
            let expect = if c == Color::Black {
                "Move at D3 attacks D4"
            } else {
                "Move at D3 defends D4"
            };
            assert!(text.starts_with(expect), "{text}");
            let why = g.explain(&b, d3);
            assert!(why.contains("reading:"), "{why}");
            assert!(why.contains("territory"), "{why}");
            if c == Color::Black {
                assert_eq!(g.best, Some(d3), "{}", g.format_top(&b));
            }
        }
    }

    /// Two White stones with two liberties each share D5 (each safe
    /// alone): Black's D5 ataris both, a combination (owl::combination's
    /// double-atari board). Black gets the combination reason at D5;
    /// White gets the defence reason at D5 and at moves that give a
    /// stone a third liberty, valued at twice the stone it saves; a far
    /// move gets neither.
    #[test]
    fn a_double_atari_gives_combination_reasons_to_both_sides() {
        let ascii = ".........
                     .........
                     ...O.....
                     ..X.X....
                     .XO.OX...
                     .........
                     ...O.....
                     .........
                     .........";
        let an = analysis(ascii, Color::Black);
        let b = an.board().clone();
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        let g = generate(&an, Color::Black, &Options::default());
        let text = g.format_reasons(&b, v("D5"));
        assert!(
            text.contains("Move at D5 starts a combination against"),
            "{text}"
        );
        let an = analysis(ascii, Color::White);
        let g = generate(&an, Color::White, &Options::default());
        for d in ["D5", "C4", "E4"] {
            let text = g.format_reasons(&b, v(d));
            assert!(text.contains("against a combination"), "{d}: {text}");
            let why = g.explain(&b, v(d));
            assert!(why.contains("combination 2.00"), "{d}: {why}");
        }
        let far = g.format_reasons(&b, v("H2"));
        assert!(!far.contains("combination"), "{far}");
    }

    #[test]
    fn capturing_three_stones_is_the_top_move() {
        // White's B4-C4-D4 is in atari against Black's wall; Black takes
        // it at D3, where White would escape towards E2 (no ladder).
        let an = analysis(
            ".......
             .......
             .XXX...
             XOOOX..
             .XX....
             ....O..
             .......",
            Color::Black,
        );
        let b = an.board().clone();
        let d3 = b.parse_vertex("D3").expect("vertex");
        let d2 = b.parse_vertex("D2").expect("vertex");
        let g = generate(&an, Color::Black, &Options::default());
        // D2 kills the three stones too (White's D3 is taken at E3) and
        // presses E2: the influence values the two alike (D2 0.3 points
        // ahead since the influence's permeability damping around
        // stones). Either is the capture; anything else is a mistake.
        assert!(
            g.best == Some(d3) || g.best == Some(d2),
            "{}",
            g.format_top(&b)
        );
        assert_eq!(
            g.format_reasons(&b, d3).lines().next(),
            Some("Move at D3 attacks B4")
        );
        let why = g.explain(&b, d3);
        assert!(why.contains("reading: attack B4 succeeds"), "{why}");
    }

    #[test]
    fn a_settled_board_passes() {
        // Two living walls, nothing to gain: every point is someone's.
        let an = analysis(
            ".X.XO.O
             XX.XOOO
             ..XXO..
             XXXOO.O
             ..XO.OO
             XXXOOO.
             ..XO.O.",
            Color::Black,
        );
        let g = generate(&an, Color::Black, &Options::default());
        assert_eq!(g.best, None, "{}", g.format_top(an.board()));
    }

    #[test]
    fn a_dame_is_filled_before_passing() {
        // The same living walls with one neutral point at D1 between
        // them: nothing reaches the pass threshold, so the dame is filled.
        let an = analysis(
            ".X.XO.O
             XX.XOOO
             ..XXO..
             XXXOO.O
             ..XO.OO
             XXXOOO.
             ..X.O.O",
            Color::Black,
        );
        let b = an.board().clone();
        let d1 = b.parse_vertex("D1").expect("vertex");
        let g = generate(&an, Color::Black, &Options::default());
        assert_eq!(g.best, Some(d1), "{}", g.format_top(&b));
        assert_eq!(g.dame, Some(d1));
        assert!(g.explain(&b, d1).contains("dame"));
    }

    #[test]
    fn the_embedded_endgame_patterns_give_the_first_line_moves() {
        // White's and Black's walls meet on the second line (D2 and E2):
        // White's first-line hane under Black's stone is E1 (KG1), its
        // descent under its own stone D1 (KG2), both from katachi's own
        // endgame.db.
        let an = analysis(
            "...O.X...
             ...O.X...
             ...O.X...
             ...O.X...
             ...O.X...
             ...O.X...
             ...O.X...
             ...OX....
             .........",
            Color::White,
        );
        let b = an.board().clone();
        let g = generate(&an, Color::White, &Options::default());
        for (v, name) in [("E1", "KG1"), ("D1", "KG2")] {
            let p = b.parse_vertex(v).expect("vertex");
            let hits = &g.reasons.moves[&p].patterns;
            assert!(
                hits.iter()
                    .any(|h| h.name == name && h.db == "endgame.db (katachi)"),
                "{v}: {hits:?}"
            );
        }
    }

    #[test]
    fn a_dead_stone_s_enclosure_is_settled() {
        // White's living ring holds a lone dead Black stone at D4: the
        // nine points inside are White's already, a move there gains
        // nothing for either side; the open outside is no enclosure.
        let an = analysis(
            ".........
             .OOOOOOO.
             .O.....O.
             .O.....O.
             .O..X..O.
             .O.....O.
             .O.....O.
             .OOOOOOO.
             .........",
            Color::White,
        );
        let b = an.board().clone();
        let inside = b.parse_vertex("C3").expect("vertex");
        let outside = b.parse_vertex("A1").expect("vertex");
        assert_eq!(
            crate::movegen::valuation::dead_enclosed(&an, inside),
            Some(Color::Black)
        );
        assert_eq!(crate::movegen::valuation::dead_enclosed(&an, outside), None);
        for c in [Color::White, Color::Black] {
            let g = generate(&an, c, &Options::default());
            for v in &g.values {
                let (r, col) = b.row_col(v.point);
                if (2..=6).contains(&r) && (2..=6).contains(&col) {
                    assert!(v.territory <= 0.0, "{}: {:?}", b.vertex(v.point), v.parts);
                }
            }
        }
    }

    #[test]
    fn a_move_that_lets_a_captured_string_escape_is_a_blunder() {
        // White's five stones in the lower left are in atari (A2) and
        // cannot escape: Black's surrounding string has two liberties, D1
        // and D2. Black's D1 leaves it one (White's D2 then captures
        // seven stones and the five live): a blunder. D2 keeps two
        // liberties (D1, E2) and a far move changes nothing.
        let an = analysis(
            ".......
             .......
             OOOO...
             XXXO...
             OOXO...
             .OX....
             OOX.O..",
            Color::Black,
        );
        let b = an.board().clone();
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        let escaped = escapes(&an, Color::Black, v("D1"));
        assert_eq!(
            escaped.iter().map(|e| e.0).collect::<Vec<_>>(),
            vec![an.worms().get(v("A3")).expect("worm").origin],
            "{escaped:?}"
        );
        assert!(escapes(&an, Color::Black, v("D2")).is_empty());
        assert!(escapes(&an, Color::Black, v("G7")).is_empty());
    }

    #[test]
    fn equal_values_are_ranked_by_the_opponent_s_vital_points() {
        let b = Board::new(9).expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        let mv = |p: Point, total: f64| MoveValue {
            point: p,
            territory: total,
            strategy: 0.0,
            shape: 0.0,
            followup: 0.0,
            total,
            parts: Vec::new(),
        };
        // Equal at two decimals: the vital point first, whatever the
        // rounding error or the board order says.
        let mut values = vec![mv(v("A9"), 3.0001), mv(v("J1"), 2.9999), mv(v("E5"), 2.5)];
        let vital: HashMap<Point, usize> = [(v("J1"), 1)].into_iter().collect();
        rank(&mut values, &vital);
        let order: Vec<Point> = values.iter().map(|x| x.point).collect();
        assert_eq!(order, vec![v("J1"), v("A9"), v("E5")]);
        // No vital point: the exact value decides, then the board order.
        let mut values = vec![mv(v("J1"), 3.0), mv(v("A9"), 2.9999), mv(v("B9"), 3.0)];
        rank(&mut values, &HashMap::new());
        let order: Vec<Point> = values.iter().map(|x| x.point).collect();
        assert_eq!(
            order,
            vec![v("B9").min(v("J1")), v("B9").max(v("J1")), v("A9")]
        );
        // A value that is higher at two decimals is not overtaken.
        let mut values = vec![mv(v("A9"), 3.02), mv(v("J1"), 3.0)];
        rank(&mut values, &vital);
        assert_eq!(values[0].point, v("A9"));
    }

    /// Black's wall C1-C4/A4-B4 has the outer liberty D1 (next to
    /// White's living wall) and the inner ones A3 and B1 against White's
    /// stones B2-B3. With three liberties inside (A2 White) those stones
    /// win the race once White has filled D1, even with Black to move;
    /// with two (A2 Black) Black captures them first.
    #[test]
    fn a_wall_short_of_liberties_against_dead_stones_is_lost_after_the_fills() {
        for (row2, lost) in [("OOXO...", true), ("XOXO...", false)] {
            let ascii = format!(
                ".......
                 .......
                 OOOO...
                 XXXO...
                 .OXO...
                 {row2}
                 ..X...."
            );
            let b = Board::from_ascii(&ascii).expect("board");
            let v = |s: &str| b.parse_vertex(s).expect("vertex");
            let mut reader = Reader::new(b.clone(), Default::default());
            assert_eq!(
                lost_after_fills(&mut reader, Color::White, v("C4"), &[v("D1")]),
                lost,
                "{row2}"
            );
            // The reader is left on the position it was given.
            assert_eq!(reader.board().hash(), b.hash());
        }
    }

    /// White's stones B2, C3, C1 are dead inside Black's area; Black's
    /// C2 among them is in atari at D2. White's D2 takes it as a ko, but
    /// even connected at C2 the stones join only dead ones: the capture
    /// gains nothing. A move that captures nothing is no such capture.
    #[test]
    fn a_ko_capture_among_dead_stones_gains_nothing() {
        let an = analysis(
            ".........
             .........
             .........
             .........
             XXXXXXXXX
             ...X.....
             ..OX.....
             .OX.X....
             ..OX.....",
            Color::White,
        );
        let b = an.board().clone();
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        assert!(crate::movegen::valuation::dead_ko_capture(
            &an,
            Color::White,
            v("D2")
        ));
        assert!(!crate::movegen::valuation::dead_ko_capture(
            &an,
            Color::White,
            v("E3")
        ));
        let g = generate(&an, Color::White, &Options::default());
        let d2 = g.values.iter().find(|x| x.point == v("D2")).expect("D2");
        assert!(d2.territory <= 0.0, "{:?}", d2.parts);
    }

    #[test]
    fn a_direct_ko_capture_is_worth_a_third() {
        // Black's E2 sits in atari inside White's wall; White's D2
        // captures it and Black can take back at E2 at once: a direct
        // ko, valued at a third of what winning it gains.
        let an = analysis(
            "...XO....
             ...XO....
             ...XO....
             ...XO....
             ...XO....
             ...XO....
             ...XO....
             ..X.XO...
             ...XOO...",
            Color::White,
        );
        let b = an.board().clone();
        let d2 = b.parse_vertex("D2").expect("vertex");
        let g = generate(&an, Color::White, &Options::default());
        let v = g.values.iter().find(|x| x.point == d2).expect("D2 valued");
        let measured = v
            .parts
            .iter()
            .find(|p| p.name == "territory")
            .expect("territory part")
            .value;
        let ko = v.parts.iter().find(|p| p.name == "ko").expect("ko part");
        assert!(measured > 0.0, "{:?}", v.parts);
        assert!(ko.why.contains("a third"), "{:?}", v.parts);
        assert!((ko.value - measured / 3.0).abs() < 1e-6, "{:?}", v.parts);
        assert!((v.territory - measured / 3.0).abs() < 1e-6, "{:?}", v.parts);
    }

    #[test]
    fn owl_kills_a_lone_stone_in_a_small_enclosure_only() {
        // Black's wall encloses four points in the lower left; a White
        // stone at B2 has no room to live. One at H4, below White's own
        // wall, is not in Black's sphere: not read.
        let an = analysis(
            ".........
             .........
             .....OOOO
             .....O...
             .....O...
             .........
             XXX......
             ..X......
             ..X......",
            Color::White,
        );
        let b = an.board().clone();
        let b2 = b.parse_vertex("B2").expect("vertex");
        let h4 = b.parse_vertex("H4").expect("vertex");
        assert!(owl_kills_new_stone(&an, Color::White, b2));
        assert!(!owl_kills_new_stone(&an, Color::White, h4));
        // A Black stone next to Black's wall is not read alone.
        assert!(!owl_kills_new_stone(&an, Color::Black, b2));
    }
}
