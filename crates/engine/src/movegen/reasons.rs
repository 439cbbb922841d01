//! Move reasons (move_generation.texi "Generation of move reasons"): for
//! one colour to move, every move the position's analysis suggests and
//! why, each reason with its source so that a move can be explained.
//!
//! Sources, in the order they are collected:
//!
//! 1. **Worms.** A string of the opponent that reading captures gives an
//!    attack reason at its attack point; an own string that reading
//!    captures and saves gives a defence reason at its defence point. For
//!    strings of at most three liberties, each liberty that reading
//!    confirms (`does_attack`, `does_defend`) gets the reason too.
//!    Last of all, a move that captures or saves a string of a critical
//!    dragon is read by owl as an attack or defence of the dragon
//!    ([`review_owl`]).
//! 2. **Dragons.** A dragon whose owl status is critical gives an owl
//!    attack reason (opponent's dragon) or owl defence reason (own) at
//!    the owl's move, unless the dragon is open (at least [`OPEN_MOYO`]
//!    points of its own moyo around it: the PARTIAL owl misjudges such
//!    dragons in the opening) or the eyes stage gives it two eyes even
//!    with the attacker first ([`owl_trusted`]).
//! 3. **Move patterns** (the knowledge's `shapes`, `endgame` and
//!    `fuseki` slots, in that order, each matched alike), matched with
//!    `O` the colour to move. A match counts when the move is legal, the
//!    class conditions hold (`O`/`o`/`X`/`x` on the dragons' statuses), the
//!    move is tactically safe unless the class has `s` (and with `n` the
//!    opponent could not play there safely either), and the constraint
//!    holds. Its classes then give reasons: `C` connect and `B` cut
//!    (between the pattern's dragons), `c` weak connection, `d`/`a`
//!    strategic defence and attack (also `J` and `U`), `e`/`E` territory
//!    and moyo expansion (also `j` and `t`); its values (`shape`, `terri`,
//!    `minvalue`, `followup`, ...) and the classes' own (`J` minimum 27,
//!    `U` shape 15 and minimum 40, `j` 20, `t` 15, with `F` fixed) are
//!    kept with the match for the valuation. The actions `antisuji` and
//!    `replace` are applied.
//!
//! 4. **Borders** (katachi's own, no pattern): empty points within
//!    distance 2 of a stone that are not inside one player's territory
//!    by the influence stage, and open third and fourth line points with
//!    no stone within distance 3. Their value is what the influence says
//!    they change.
//!
//! A constraint that needs a function katachi does not evaluate yet is
//! counted ([`Reasons::skipped`]) and the match not used.

use std::collections::BTreeMap;

use katachi_board::{Board, Color, Move, Point};
use katachi_patterns::expr::eval;
use katachi_patterns::matchers::place::{cell_point, match_bindings};
use katachi_patterns::matchers::{Match, Position, Scratch};
use katachi_patterns::model::{Elem, Pattern, ValueArg, ValueKind};
use katachi_tactics::reading::Code;

use crate::analysis::Analysis;
use crate::autohelper::{DragonStatus, Effect, PatternEval};
use crate::constraint_trace::Verdict;
use crate::knowledge::MOVE_SLOTS;
use crate::owl::OwlStatus;
use crate::pattern_classes::dragon_classes_hold;

/// What a reason says the move does.
#[derive(Clone, Debug, PartialEq)]
pub enum ReasonKind {
    /// Captures the opponent's string at `target` (reading, `code`).
    Attack { target: Point, code: Code },
    /// Saves the own string at `target` (reading, `code`).
    Defend { target: Point, code: Code },
    /// Kills the opponent's critical dragon at `dragon` (owl).
    OwlAttack { dragon: Point, code: Code },
    /// Saves the own critical dragon at `dragon` (owl).
    OwlDefend { dragon: Point, code: Code },
    /// Connects the own dragons at `a` and `b` (a `C` pattern).
    Connect { a: Point, b: Point },
    /// Cuts the opponent's dragons at `a` and `b` (a `B` pattern).
    Cut { a: Point, b: Point },
    /// Strategically defends the own dragon at `dragon` (`d`, `c`, `J`, `U`).
    StrategicDefend { dragon: Point },
    /// Strategically attacks the opponent's dragon at `dragon` (`a`, `J`, `U`).
    StrategicAttack { dragon: Point },
    /// Expands or secures territory (`e`, `j`, `t`).
    ExpandTerritory,
    /// Expands moyo (`E`, `j`, `t`).
    ExpandMoyo,
    /// Gives weight to a pattern's values only (shape, minimum value).
    Shape,
    /// On the border between the players' areas (the influence stage):
    /// valued by the territory it changes (katachi's own, no pattern).
    Boundary,
    /// A third or fourth line point far from every stone (katachi's own,
    /// for the opening when no fuseki database is matched).
    OpenArea,
    /// Starts a combination (GNU Go's `MY_ATARI_ATARI_MOVE`): a sequence
    /// of threats after which one of the opponent's strings falls;
    /// `target` is the smallest string it threatens (the defender gives
    /// up the cheapest).
    ComboAttack { target: Point },
    /// Takes away the opponent's combination (GNU Go's
    /// `YOUR_ATARI_ATARI_MOVE`): after this move the opponent has none;
    /// `target` is the smallest own string the combination threatened.
    ComboDefend { target: Point },
}

/// One shape pattern match behind a move.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternHit {
    /// The database (its file, or `SLOT.db (katachi)` for an embedded one).
    pub db: String,
    /// The pattern's name.
    pub name: String,
    /// Where its diagram's cell (0, 0) lands on the board.
    pub anchor: Point,
    /// The orientation (GNU Go's transformation number, 0-7).
    pub orientation: usize,
    /// Its classes.
    pub classes: String,
    /// Its values, with the classes' own (`J`: minimum 27, ...).
    pub values: Vec<(ValueKind, f64)>,
}

/// A reason with its source.
#[derive(Clone, Debug, PartialEq)]
pub struct Reason {
    /// What the move does.
    pub kind: ReasonKind,
    /// Where this was found: the reading or owl result in words, or the
    /// pattern (index into [`Candidate::patterns`]).
    pub source: String,
}

/// Everything known for one move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Candidate {
    /// The reasons, in the order found (no two equal kinds).
    pub reasons: Vec<Reason>,
    /// The pattern matches, with their values.
    pub patterns: Vec<PatternHit>,
    /// An `antisuji` action forbids the move.
    pub antisuji: bool,
}

impl Candidate {
    fn add(&mut self, kind: ReasonKind, source: String) {
        if !self.reasons.iter().any(|r| r.kind == kind) {
            self.reasons.push(Reason { kind, source });
        }
    }
}

/// The move reasons of one colour on one position.
#[derive(Clone, Debug, Default)]
pub struct Reasons {
    /// The colour to move.
    pub color: Option<Color>,
    /// Candidates by point, in board order.
    pub moves: BTreeMap<Point, Candidate>,
    /// Pattern matches whose constraint could not be evaluated.
    pub skipped: usize,
    /// Pattern matches whose class, safety or constraint failed.
    pub rejected: usize,
}

impl Reasons {
    fn entry(&mut self, p: Point) -> &mut Candidate {
        self.moves.entry(p).or_default()
    }
}

/// Points of moyo (the influence stage's region code at least 2 for
/// its colour, with the opponent to move) joined to the dragon at
/// `origin`, from which the dragon counts as open: it can run or make
/// eyes in its own sphere, so the owl's verdict on it is not taken as a
/// reason, and its weakness is small.
pub const OPEN_MOYO: usize = 12;

/// Whether the dragon at `origin` has at least [`OPEN_MOYO`] points of
/// moyo around it (its moyo as the dragons' own, in the first influence
/// pass).
pub fn open_dragon(an: &Analysis, origin: Point) -> bool {
    let board = an.board();
    let Some(c) = board.cell(origin).color() else {
        return false;
    };
    let stones = an.dragons().stones(board, origin);
    an.first_influence(c.opponent())
        .moyo_of(board, &stones, c)
        .0
        >= OPEN_MOYO
}

/// Whether the eyes stage gives the dragon at `origin` two eyes even
/// when the attacker moves first (its genus's `b` digit): then an owl
/// attack on it is not believed (PARTIAL owl).
pub fn two_eyes(an: &Analysis, origin: Point) -> bool {
    an.dragons()
        .index(origin)
        .and_then(|k| an.dragon_eyes().get(k))
        .is_some_and(|e| e.genus.b >= 2)
}

/// Whether the owl's verdict on the dragon at `origin` is used: not for
/// an open dragon ([`open_dragon`]) or one with two sure eyes
/// ([`two_eyes`]).
pub fn owl_trusted(an: &Analysis, origin: Point) -> bool {
    !open_dragon(an, origin) && !two_eyes(an, origin)
}

/// The reasons of `color` to move on `an`'s position.
pub fn collect(an: &Analysis, color: Color) -> Reasons {
    let mut out = Reasons {
        color: Some(color),
        ..Reasons::default()
    };
    worms(an, color, &mut out);
    owl(an, color, &mut out);
    combinations(an, color, &mut out);
    for slot in MOVE_SLOTS {
        patterns(an, color, &mut out, slot);
    }
    boundary(an, color, &mut out);
    review_owl(an, &mut out);
    out
}

/// The owl's side of the review (move_generation.texi: "all moves which
/// fill some purpose at all are tested"): the owl gives one attack and
/// one defence point per critical dragon, so a move that captures or
/// saves one of the dragon's strings by reading, elsewhere than that
/// point, is read by owl as an attack (defence) of the whole dragon.
/// Without it such a move was valued for the string alone (strategy 12:
/// N4 saves M4 and with it the dragon H6, which only L4 was credited
/// with). Only dragons the owl reasons use ([`owl_trusted`], critical,
/// more than a lone string) and only clean results (not a spent node
/// budget) count.
fn review_owl(an: &Analysis, out: &mut Reasons) {
    let board = an.board();
    let mut asks: Vec<(Point, Point, bool)> = Vec::new();
    for (&p, cand) in &out.moves {
        if cand.antisuji {
            continue;
        }
        for r in &cand.reasons {
            let (target, attack) = match r.kind {
                ReasonKind::Attack { target, .. } => (target, true),
                ReasonKind::Defend { target, .. } => (target, false),
                _ => continue,
            };
            let Some(d) = an.dragons().get(target) else {
                continue;
            };
            let origin = d.origin;
            if d.crude_status == DragonStatus::Alive
                || (d.size < 2 && an.worms().get(origin).is_some_and(|w| w.attack.is_some()))
                || !owl_trusted(an, origin)
                || !matches!(an.owl_status(origin), Some(OwlStatus::Critical { .. }))
            {
                continue;
            }
            let has = cand.reasons.iter().any(|x| match x.kind {
                ReasonKind::OwlAttack { dragon, .. } | ReasonKind::OwlDefend { dragon, .. } => {
                    an.dragons().get(dragon).map_or(dragon, |e| e.origin) == origin
                }
                _ => false,
            });
            if !has && !asks.contains(&(p, origin, attack)) {
                asks.push((p, origin, attack));
            }
        }
    }
    for (p, origin, attack) in asks {
        let Some(a) = an.owl_does(p, origin, attack) else {
            continue;
        };
        if a.exhausted || !a.outcome.code.is_success() {
            continue;
        }
        let code = a.outcome.code;
        let (v, pv) = (board.vertex(origin), board.vertex(p));
        let size = an.dragons().get(origin).map_or(0, |d| d.size);
        let (kind, what) = if attack {
            (
                ReasonKind::OwlAttack {
                    dragon: origin,
                    code,
                },
                "owl_does_attack",
            )
        } else {
            (
                ReasonKind::OwlDefend {
                    dragon: origin,
                    code,
                },
                "owl_does_defend",
            )
        };
        out.entry(p).add(
            kind,
            format!(
                "owl: review: dragon {v} ({size} stones) is critical; {what} {pv} {v} ({code:?})"
            ),
        );
    }
}

/// Manhattan distance between two points.
fn distance(board: &Board, a: Point, b: Point) -> usize {
    let (ra, ca) = board.row_col(a);
    let (rb, cb) = board.row_col(b);
    ra.abs_diff(rb) + ca.abs_diff(cb)
}

/// katachi's own candidates, found without patterns: border points
/// between the players' areas near the stones, and open third and
/// fourth line points far from every stone. Their only value is what
/// the influence says they change, so a move there is played when
/// nothing found by reading or patterns is worth more.
fn boundary(an: &Analysis, color: Color, out: &mut Reasons) {
    let board = an.board().clone();
    let inf = an.influence(color.opponent());
    let n = board.size();
    let stones: Vec<Point> = board
        .points()
        .filter(|&p| board.cell(p).color().is_some())
        .collect();
    for p in board.points() {
        if board.cell(p).color().is_some() || !legal(&board, color, p) {
            continue;
        }
        let near = stones.iter().map(|&q| distance(&board, p, q)).min();
        let (r, c) = board.row_col(p);
        let line = r.min(c).min(n - 1 - r).min(n - 1 - c) + 1;
        if near.is_none_or(|d| d > 3) {
            if n >= 9 && (line == 3 || line == 4) {
                out.entry(p).add(
                    ReasonKind::OpenArea,
                    format!("open area: line {line}, no stone within distance 3"),
                );
            }
            continue;
        }
        if near.is_some_and(|d| d > 2) {
            continue;
        }
        // Inside one player's territory (with all its neighbours) a move
        // changes little; on the border it settles who owns what.
        let code = |q: Point| inf.region(&board, q);
        let side = |q: Point| {
            let k = code(q);
            if k >= 3 {
                1
            } else if k <= -3 {
                -1
            } else {
                0
            }
        };
        let here = side(p);
        let inside = here != 0
            && board
                .neighbors(p)
                .iter()
                .filter(|&&q| board.on_board(q))
                .all(|&q| side(q) == here);
        if !inside {
            out.entry(p).add(
                ReasonKind::Boundary,
                format!(
                    "influence: border of the players' areas (region {})",
                    code(p)
                ),
            );
        }
    }
}

fn legal(board: &Board, c: Color, p: Point) -> bool {
    board.is_legal(c, Move::Play(p))
}

fn worms(an: &Analysis, color: Color, out: &mut Reasons) {
    let board = an.board().clone();
    let worms: Vec<_> = an.worms().iter().cloned().collect();
    for w in worms {
        if w.invincible {
            continue;
        }
        let Some((am, acode)) = w.attack else {
            continue;
        };
        if !acode.is_success() {
            continue;
        }
        let v = board.vertex(w.origin);
        if w.color != color {
            if legal(&board, color, am) {
                out.entry(am).add(
                    ReasonKind::Attack {
                        target: w.origin,
                        code: acode,
                    },
                    format!("reading: attack {v} succeeds ({acode:?}) at its attack point"),
                );
            }
            if w.liberties <= 3 {
                let libs: Vec<Point> = board.liberties(w.origin).collect();
                for l in libs {
                    if l == am || !legal(&board, color, l) {
                        continue;
                    }
                    let code = an.reader().does_attack(l, w.origin);
                    if code.is_success() {
                        out.entry(l).add(
                            ReasonKind::Attack {
                                target: w.origin,
                                code,
                            },
                            format!("reading: does_attack {} {v} ({code:?})", board.vertex(l)),
                        );
                    }
                }
            }
        } else if let Some((dm, dcode)) = w.defense {
            if !dcode.is_success() {
                continue;
            }
            if legal(&board, color, dm) {
                out.entry(dm).add(
                    ReasonKind::Defend {
                        target: w.origin,
                        code: dcode,
                    },
                    format!(
                        "reading: attack {v} succeeds ({acode:?}), defend at its defence point ({dcode:?})"
                    ),
                );
            }
            if w.liberties <= 3 {
                let mut tries: Vec<Point> = board.liberties(w.origin).collect();
                // Capturing a neighbour in atari can save it too.
                for s in board.adjacent_strings(w.origin) {
                    if board.cell(s).color() != Some(color) && board.liberty_count(s) == 1 {
                        tries.extend(board.liberties(s));
                    }
                }
                for l in tries {
                    if l == dm || !legal(&board, color, l) {
                        continue;
                    }
                    let code = an.reader().does_defend(l, w.origin);
                    if code.is_success() {
                        out.entry(l).add(
                            ReasonKind::Defend {
                                target: w.origin,
                                code,
                            },
                            format!("reading: does_defend {} {v} ({code:?})", board.vertex(l)),
                        );
                    }
                }
            }
        }
    }
}

fn owl(an: &Analysis, color: Color, out: &mut Reasons) {
    let board = an.board().clone();
    let dragons: Vec<_> = an
        .dragons()
        .iter()
        .filter(|d| d.crude_status != DragonStatus::Alive)
        .map(|d| (d.origin, d.color, d.size))
        .collect();
    for (origin, c, size) in dragons {
        // A lone string of one or two stones is the worms' business.
        if size < 2 && an.worms().get(origin).is_some_and(|w| w.attack.is_some()) {
            continue;
        }
        if !owl_trusted(an, origin) {
            continue;
        }
        let Some(OwlStatus::Critical { attack, defense }) = an.owl_status(origin) else {
            continue;
        };
        let v = board.vertex(origin);
        if c != color {
            let code = an
                .owl_attack(origin)
                .map(|a| a.outcome.code)
                .unwrap_or(Code::Win);
            if let Some(m) = attack.filter(|&m| legal(&board, color, m)) {
                out.entry(m).add(
                    ReasonKind::OwlAttack { dragon: origin, code },
                    format!("owl: dragon {v} ({size} stones) is critical; owl_attack {v} answers here ({code:?})"),
                );
            }
        } else {
            let code = an
                .owl_defend(origin)
                .map(|a| a.outcome.code)
                .unwrap_or(Code::Win);
            if let Some(m) = defense.filter(|&m| legal(&board, color, m)) {
                out.entry(m).add(
                    ReasonKind::OwlDefend { dragon: origin, code },
                    format!("owl: dragon {v} ({size} stones) is critical; owl_defend {v} answers here ({code:?})"),
                );
            }
        }
    }
}

/// Combination attacks (move_generation.texi, `MY_ATARI_ATARI_MOVE` and
/// `YOUR_ATARI_ATARI_MOVE`): the first move of `color`'s own combination,
/// and every move that leaves the opponent's combination without a
/// follow-up (`Analysis::combination_defend`). Each names the smallest
/// string the combination threatens: the defender of a double threat
/// gives up the cheaper string. PARTIAL as the combination search is
/// (see `owl::combination`).
fn combinations(an: &Analysis, color: Color, out: &mut Reasons) {
    let board = an.board().clone();
    let smallest = |targets: &[Point]| {
        targets
            .iter()
            .copied()
            .filter(|&t| board.cell(t).color().is_some())
            .min_by_key(|&t| (board.stones(t).count(), t))
    };
    let names = |targets: &[Point]| {
        targets
            .iter()
            .map(|&q| board.vertex(q))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if let Some((m, targets)) = an.combination_attack(color) {
        if let Some(t) = smallest(&targets) {
            if legal(&board, color, m) {
                out.entry(m).add(
                    ReasonKind::ComboAttack { target: t },
                    format!(
                        "combination: {} starts a sequence of threats after which one of {} falls (combination_attack)",
                        board.vertex(m),
                        names(&targets)
                    ),
                );
            }
        }
    }
    let opp = color.opponent();
    let Some((om, targets)) = an.combination_attack(opp) else {
        return;
    };
    let Some(t) = smallest(&targets) else {
        return;
    };
    for m in an.combination_defend(opp).unwrap_or_default() {
        if legal(&board, color, m) {
            out.entry(m).add(
                ReasonKind::ComboDefend { target: t },
                format!(
                    "combination: the opponent's {} threatens {}; after this move it has no combination (combination_defend)",
                    board.vertex(om),
                    names(&targets)
                ),
            );
        }
    }
}

/// The value of `kind` given by classes themselves (patterns.texi).
fn class_values(p: &Pattern) -> Vec<(ValueKind, f64)> {
    let fixed = p.has_class('F');
    let mut v = Vec::new();
    if p.has_class('J') {
        v.push((ValueKind::MinValue, 27.0));
    }
    if p.has_class('U') {
        v.push((ValueKind::MinValue, 40.0));
        v.push((ValueKind::Shape, 15.0));
    }
    if p.has_class('j') {
        if fixed {
            v.push((ValueKind::MinValue, 20.1));
            v.push((ValueKind::MaxValue, 20.1));
        } else {
            v.push((ValueKind::MinValue, 20.0));
        }
    }
    if p.has_class('t') {
        if fixed {
            v.push((ValueKind::MinValue, 15.07));
            v.push((ValueKind::MaxValue, 15.07));
        } else {
            v.push((ValueKind::MinValue, 15.0));
        }
    }
    v
}

/// The dragon origins of the `side` stones of a match.
fn dragons_of(an: &Analysis, p: &Pattern, m: &Match, want: Elem, side: Color) -> Vec<Point> {
    let board = an.board();
    let mut out: Vec<Point> = Vec::new();
    for (r, c, e) in p.elements() {
        if e != want {
            continue;
        }
        let Some(pt) = cell_point(board, m.origin, m.transform, r, c) else {
            continue;
        };
        if board.cell(pt).color() != Some(side) {
            continue;
        }
        let origin = an.dragons().get(pt).map_or(pt, |d| d.origin);
        if !out.contains(&origin) {
            out.push(origin);
        }
    }
    out
}

/// The move patterns of knowledge slot `slot` (one of [`MOVE_SLOTS`]):
/// every match that holds gives its reasons and values.
fn patterns(an: &Analysis, color: Color, out: &mut Reasons, slot: &str) {
    let Some(db) = an.config().knowledge.db(slot).cloned() else {
        return;
    };
    let db_name = db.display_name();
    let board = an.board().clone();
    let matcher = db.move_matcher();
    let mut scratch = Scratch::default();
    let mut found: Vec<Match> = Vec::new();
    matcher.find_all(Position::of_board(&board), color, &mut scratch, &mut found);
    let mut safe: BTreeMap<(Point, Color), bool> = BTreeMap::new();
    let mut replaced: Vec<(Point, Point)> = Vec::new();
    for m in &found {
        let p = &db.db.patterns[m.pattern.index()];
        if p.move_point.is_none() {
            continue;
        }
        // A named helper function's meaning is not part of the pattern
        // language (GNU Go's C code): the match is not used, and counted.
        if p.helper.is_some() {
            out.skipped += 1;
            continue;
        }
        let mv = m.mark;
        if !legal(&board, color, mv) {
            continue;
        }
        if !dragon_classes_hold(p, &board, m, color, an.dragons()) {
            out.rejected += 1;
            continue;
        }
        let own = dragons_of(an, p, m, Elem::Own, color);
        let opp = dragons_of(an, p, m, Elem::Opp, color.opponent());
        let mut is_safe = |c: Color| {
            *safe
                .entry((mv, c))
                .or_insert_with(|| an.reader().safe_move(mv, c).is_success())
        };
        if !p.has_class('s') && !is_safe(color) {
            out.rejected += 1;
            continue;
        }
        if p.has_class('n') && is_safe(color.opponent()) {
            out.rejected += 1;
            continue;
        }
        let b = match_bindings(p, &board, m.transform, m.origin);
        match an.evaluate(p, &b, color) {
            Verdict::NoConstraint => {}
            Verdict::Value(v) => {
                if !v.truthy().unwrap_or(false) {
                    out.rejected += 1;
                    continue;
                }
            }
            _ => {
                out.skipped += 1;
                continue;
            }
        }
        let mut values: Vec<(ValueKind, f64)> = p
            .values
            .iter()
            .filter_map(|v| match v.arg {
                ValueArg::Number(x) => Some((v.kind, x)),
                ValueArg::Label(_) => None,
            })
            .collect();
        values.extend(class_values(p));
        let hit = PatternHit {
            db: db_name.clone(),
            name: p.name.clone(),
            anchor: m.origin,
            orientation: m.transform.index(),
            classes: p.classes.clone(),
            values,
        };
        let src = format!(
            "pattern {} of {} at {} (orientation {}, classes {})",
            hit.name,
            hit.db,
            board.vertex(mv),
            hit.orientation,
            if hit.classes.is_empty() {
                "-"
            } else {
                &hit.classes
            }
        );
        // Class `N` (the joseki compiler's antisuji variations, patterns.texi
        // "Joseki Compiler"): a move not to play here, as an `antisuji`
        // action would say; the pattern is kept for the explanation.
        if p.has_class('N') {
            let c = out.entry(mv);
            c.antisuji = true;
            c.patterns.push(hit);
            continue;
        }
        if let Some(a) = &p.action {
            let ctx = an.context();
            let mut reader = an.reader();
            let mut ev = PatternEval::with_context(&mut reader, color, ctx);
            // An action a later stage would apply is ignored here.
            let _ = eval(a, &b, &mut ev);
            for e in ev.effects() {
                match *e {
                    Effect::Antisuji(q) => out.entry(q).antisuji = true,
                    Effect::Replace(from, to) => replaced.push((from, to)),
                    _ => {}
                }
            }
        }
        let c = out.entry(mv);
        let has = |x: char| p.has_class(x);
        if has('C') && own.len() >= 2 {
            c.add(
                ReasonKind::Connect {
                    a: own[0],
                    b: own[1],
                },
                src.clone(),
            );
        }
        if has('B') && opp.len() >= 2 {
            c.add(
                ReasonKind::Cut {
                    a: opp[0],
                    b: opp[1],
                },
                src.clone(),
            );
        }
        if has('d') || has('c') || has('J') || has('U') || (has('C') && own.len() < 2) {
            for &d in &own {
                c.add(ReasonKind::StrategicDefend { dragon: d }, src.clone());
            }
        }
        if has('a') || has('J') || has('U') || (has('B') && opp.len() < 2) {
            for &d in &opp {
                c.add(ReasonKind::StrategicAttack { dragon: d }, src.clone());
            }
        }
        if has('e') || has('j') || has('t') {
            c.add(ReasonKind::ExpandTerritory, src.clone());
        }
        if has('E') || has('j') || has('t') {
            c.add(ReasonKind::ExpandMoyo, src.clone());
        }
        if !hit.values.is_empty() {
            c.add(ReasonKind::Shape, src.clone());
        }
        c.patterns.push(hit);
    }
    for (from, to) in replaced {
        if from == to {
            continue;
        }
        if let Some(moved) = out.moves.remove(&from) {
            let src = format!(
                "replace action: the reasons of {} go here",
                board.vertex(from)
            );
            let t = out.entry(to);
            for r in moved.reasons {
                t.add(r.kind, format!("{} ({src})", r.source));
            }
            t.patterns.extend(moved.patterns);
            t.antisuji |= moved.antisuji;
        }
    }
}
