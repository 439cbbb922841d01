//! Valuation of the candidate moves (move_generation.texi "Valuation"),
//! in points, each part recorded for explanations.
//!
//! - **Territory**: the change of the influence stage's territory
//!   balance (GNU Go's `influence_delta_territory`) between the position
//!   with the opponent to move and the position after the move with the
//!   opponent to move. Both decide the unsettled groups as the player to
//!   move next would: in the reference, the mover's critical worms and
//!   dragons are dead and the opponent's alive (but the strings of an
//!   opponent's dead dragon dead), and every stone of a dead dragon
//!   (the static status or the trusted owl's, [`dead_dragon`]) dead, as
//!   GNU Go's influence after its owl stage counts them; after the move, the
//!   strings and dragons the move's reasons capture or kill are dead,
//!   those it saves alive, the rest as in the reference. The stone played
//!   counts alive when the move is tactically safe and joins no string
//!   the reference counts dead nor a dead dragon it does not save, dead
//!   otherwise (also when owl kills a lone stone played outside the
//!   mover's area, see [`owl_kills_new_stone`]); a defence of a string of
//!   a dead dragon saves nothing.
//!   A ko capture whose stone joins only dead stones even when it
//!   connects at the ko point ([`dead_ko_capture`]) counts its stone
//!   dead, gains no territory and no strategy, and the mover's own
//!   string or dragon that only such a capture threatens counts alive
//!   in the reference.
//!   A dead stone that captures and kills nothing is worth at most -1
//!   (unsafe: a prisoner given) or 0 (owl-dead); an unsafe stone that
//!   captures counts each of its points as the opponent's point and
//!   prisoner (-2), since the opponent retakes it. When every reading
//!   result behind the move is a ko, the part is halved, or taken to a
//!   third when the move is itself a ko capture the opponent can take
//!   back at once, or set to nothing when every such result is over a
//!   string whose dragon the owl calls dead. When the
//!   stone played is left with two liberties, the gain on the one where
//!   the opponent can atari safely is not counted (the block answers it;
//!   see [`Valuer::value`]). A move
//!   without a reading or owl reason in an empty region enclosed by
//!   dead stones of one colour and living stones of the other
//!   ([`dead_enclosed`]) gains nothing, and a dead stone that captures
//!   nothing gets none of its patterns' values. The `terri`, `minterri` and `maxterri` values of the
//!   move's patterns bound this part.
//! - **Strategy**: for every dragon the move defends, attacks, connects
//!   or cuts (pattern classes `d`, `a`, `c`, `C`, `B`, `J`, `U`), its
//!   effective size times its weakness (0 for a dragon the static status
//!   calls alive or dead, one with two sure eyes
//!   ([`two_eyes`](super::reasons::two_eyes)) and one owl says lives
//!   with the attacker first; 0.1 an open one (see
//!   [`owl_trusted`](super::reasons::owl_trusted)), 1 critical, 0.5 one
//!   owl calls dead that the static status does not), each dragon once;
//!   none for a dragon whose every stone the move's reading or owl
//!   reasons save or capture (the territory part counts it already).
//! - **Shape**: the largest positive shape value plus one for each other
//!   positive one, the same for the negative ones; the sum gives the
//!   factor `1.05^shape` that multiplies a positive value.
//! - **Followup**: half of the patterns' `followup` and
//!   `reverse_followup` values is added.
//! - **Minimum and maximum**: `value`, `minvalue`, `maxvalue` (and the
//!   classes `J`, `j`, `t`, `U`) bound the total.

use std::collections::HashSet;

use katachi_board::{Board, Color, Move, Point};
use katachi_patterns::model::ValueKind;
use katachi_tactics::reading::Reader;

use crate::analysis::Analysis;
use crate::autohelper::{Context, DragonStatus};
use crate::influence::{ConstraintMemo, Influence, InfluenceDbs, Inputs};
use crate::owl::OwlStatus;

use super::reasons::{owl_trusted, two_eyes, Candidate, ReasonKind};

/// One part of a move's value and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// `territory`, `strategy`, `shape`, `followup`, `minimum`, ...
    pub name: &'static str,
    /// Its value in points (the shape part: the shape sum).
    pub value: f64,
    /// Where it came from.
    pub why: String,
}

/// Records that the move's territory counts for nothing (`name`, `why`)
/// and returns that territory: 0.
fn nothing_gained(parts: &mut Vec<Part>, name: &'static str, why: &str) -> f64 {
    parts.push(Part {
        name,
        value: 0.0,
        why: why.into(),
    });
    0.0
}

/// The value of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue {
    /// The move.
    pub point: Point,
    /// Territorial value (after the pattern bounds).
    pub territory: f64,
    /// Strategic value.
    pub strategy: f64,
    /// The shape sum (the factor is `1.05^shape`).
    pub shape: f64,
    /// Followup value added.
    pub followup: f64,
    /// The total.
    pub total: f64,
    /// Every part, in the order applied.
    pub parts: Vec<Part>,
}

/// Values the candidates of one position for one colour: the reference
/// influence is computed once.
pub struct Valuer<'a> {
    an: &'a Analysis,
    color: Color,
    /// Status override of each point's stone in the reference (`Some(true)`
    /// dead), by point index.
    base: Vec<Option<bool>>,
    reference: f64,
    /// The reference's territory value of each point, by point index.
    reference_points: Vec<f32>,
    reader: Reader,
    /// The influence patterns' constraint outcomes shared by the
    /// positions after the candidate moves: a match far from the move
    /// reads as it did before it (see [`ConstraintMemo`]).
    memo: std::cell::RefCell<ConstraintMemo>,
}

impl std::fmt::Debug for Valuer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Valuer")
            .field("color", &self.color)
            .field("reference", &self.reference)
            .finish()
    }
}

fn sign(c: Color) -> f64 {
    match c {
        Color::White => 1.0,
        Color::Black => -1.0,
    }
}

/// A dragon's weakness for the strategic value (see the module doc).
pub fn weakness(an: &Analysis, p: Point) -> f64 {
    let Some(d) = an.dragons().get(p) else {
        return 0.0;
    };
    if d.crude_status == DragonStatus::Alive {
        return 0.0;
    }
    // A dragon with two sure eyes, or one the owl finds alive with the
    // attacker moving first, lives whatever the mover does nearby: a
    // "defence" of it gains nothing (GNU Go passes on such positions,
    // filllib 33-34), and an "attack" on it takes nothing.
    if two_eyes(an, d.origin) || an.owl_status(p) == Some(OwlStatus::Alive) {
        return 0.0;
    }
    if !owl_trusted(an, d.origin) {
        return 0.1;
    }
    match an.owl_status(p) {
        Some(OwlStatus::Critical { .. }) => 1.0,
        // The owl may be wrong on a dragon the static status cannot
        // settle (PARTIAL owl): half weak rather than lost.
        Some(OwlStatus::Dead) if d.crude_status == DragonStatus::Unknown => 0.5,
        Some(OwlStatus::Alive | OwlStatus::Dead) | None => 0.0,
    }
}

impl<'a> Valuer<'a> {
    /// The valuer of `an`'s position for `color` to move.
    pub fn new(an: &'a Analysis, color: Color) -> Valuer<'a> {
        let board = an.board();
        let mut base = vec![None; board.cells().len()];
        for w in an.worms().iter() {
            let critical = w.attack.is_some_and(|(_, c)| c.is_success())
                && w.defense.is_some_and(|(_, c)| c.is_success());
            if critical {
                // The opponent's critical string counts alive (the
                // opponent would defend it next), unless its dragon is
                // dead: a string of a dead dragon that reading could
                // still save radiates nothing, since saving the string
                // does not save the dragon (GNU Go counts a dead
                // dragon's stones dead whatever their tactical status).
                // On a dragon that is this one string the owl's verdict
                // is not trusted when the string cuts: it touches two or
                // more of the mover's strings, which capturing it joins.
                // Such a cutting string
                // stays alive for its owner (the PARTIAL owl kills such
                // strings more readily than GNU Go's, which calls them
                // critical, and capturing one matters: the explain test).
                let lone_cutter = an
                    .dragons()
                    .get(w.origin)
                    .is_some_and(|d| d.size <= board.stones(w.origin).count())
                    && board.adjacent_strings(w.origin).len() >= 2;
                let static_dead = an
                    .dragons()
                    .get(w.origin)
                    .is_some_and(|d| d.crude_status == DragonStatus::Dead);
                // The mover's own critical string counts dead (the
                // opponent would capture it next), unless the capture is
                // a ko whose capturing stone is itself dead
                // ([`dead_ko_capture`]): that capture takes nothing.
                let own_dead = w.color == color
                    && !w
                        .attack
                        .is_some_and(|(a, _)| dead_ko_capture(an, color.opponent(), a));
                let dead = own_dead || static_dead || (!lone_cutter && dead_dragon(an, w.origin));
                for s in board.stones(w.origin) {
                    base[s.index()] = Some(dead);
                }
            }
        }
        let dragons: Vec<(Point, Color)> = an
            .dragons()
            .iter()
            .filter(|d| d.crude_status != DragonStatus::Alive)
            .map(|d| (d.origin, d.color))
            .collect();
        for (origin, c) in dragons {
            if !owl_trusted(an, origin) {
                continue;
            }
            if let Some(OwlStatus::Critical { attack, .. }) = an.owl_status(origin) {
                // As for strings: an own dragon whose killing move is a
                // dead ko capture loses nothing to it.
                let harmless =
                    c == color && attack.is_some_and(|a| dead_ko_capture(an, color.opponent(), a));
                for s in an.dragons().stones(board, origin) {
                    base[s.index()] = Some(c == color && !harmless);
                }
            }
        }
        // The stones of a dead dragon (the static status, or the trusted
        // owl's verdict: [`dead_dragon`]) count dead in the reference as
        // GNU Go's influence counts them after its owl stage, so the
        // area around them is the killer's before the move already and
        // a move that "kills" them again gains nothing (endgame 840: a
        // hane against an owl-dead two-stone dragon was worth 12 points
        // because the reference counted the dragon alive). Not the lone
        // cutting string the reference keeps alive above.
        let dead_dragons: Vec<Point> = an
            .dragons()
            .iter()
            .map(|d| d.origin)
            .filter(|&o| dead_dragon(an, o))
            .collect();
        for origin in dead_dragons {
            let stones = an.dragons().stones(board, origin);
            let lone_cutter = stones.len() == board.stones(origin).count()
                && board.adjacent_strings(origin).len() >= 2;
            if lone_cutter {
                continue;
            }
            for s in stones {
                if base[s.index()].is_none() {
                    base[s.index()] = Some(true);
                }
            }
        }
        let reader = Reader::with_patterns(
            board.clone(),
            an.config().reading,
            an.config().knowledge.tactical().clone(),
        );
        let mut v = Valuer {
            an,
            color,
            base,
            reference: 0.0,
            reference_points: vec![0.0; board.cells().len()],
            reader,
            memo: Default::default(),
        };
        let b = board.clone();
        let status = v.base.clone();
        let inf = v.influence(&b, &|p: Point| status[p.index()]);
        v.reference = sign(color) * f64::from(inf.territory_balance());
        for q in b.points() {
            v.reference_points[q.index()] = inf.territory_value(&b, q);
        }
        v
    }

    fn influence(&mut self, board: &Board, dead: &dyn Fn(Point) -> Option<bool>) -> Influence {
        let an = self.an;
        let k = &an.config().knowledge;
        let dbs = InfluenceDbs {
            barriers: k.db("barriers"),
            influence: k.db("influence"),
        };
        let context = Context {
            cuts: an.cuts(),
            scoring: false,
            handicap: an.config().handicap,
            dragons: Some(an.dragons()),
            eyes: Some(an),
            influence: None,
        };
        let inputs = Inputs {
            worms: an.worms(),
            dragons: an.dragons(),
            context,
            dbs,
            dead: None,
            strength: None,
            memo: Some(&self.memo),
        };
        self.reader.set_board(board);
        Influence::compute_with_status(&mut self.reader, self.color.opponent(), inputs, dead)
    }

    /// The block that takes back part of a move's gain: when the string
    /// of the stone played at `p` has two liberties in `after`, the
    /// opponent may answer with an atari on one of them (a first-line
    /// hane is blocked this way and the mover connects at the other). The
    /// liberty where the opponent's stone is safe (by reading) and where
    /// the move gains the most territory over the reference, with that
    /// gain; `None` when there is none. The point the opponent blocks
    /// stays as it was: the gain there is the followup, not the move's
    /// (endgame2: a first-line hane valued two points instead of one).
    fn blocked_gain(&mut self, after: &Board, p: Point, inf: &Influence) -> Option<(Point, f64)> {
        if after.liberty_count(p) != 2 {
            return None;
        }
        let opp = self.color.opponent();
        let libs: Vec<Point> = after.liberties(p).collect();
        let mut best: Option<(Point, f64)> = None;
        self.reader.set_board(after);
        for l in libs {
            let gain = sign(self.color)
                * f64::from(inf.territory_value(after, l) - self.reference_points[l.index()]);
            if gain <= 0.0 || best.is_some_and(|(_, g)| g >= gain) {
                continue;
            }
            if !after.is_legal(opp, Move::Play(l)) {
                continue;
            }
            if self.reader.safe_move(l, opp).is_success() {
                best = Some((l, gain));
            }
        }
        best
    }

    /// The value of the move at `p` with reasons `cand`; `None` if the
    /// move is illegal.
    pub fn value(&mut self, p: Point, cand: &Candidate) -> Option<MoveValue> {
        self.value_with(p, cand, false)
    }

    /// [`Valuer::value`], with the stone played counted dead when
    /// `owl_dead` (owl kills it after the move: see
    /// [`owl_kills_new_stone`]).
    pub fn value_with(&mut self, p: Point, cand: &Candidate, owl_dead: bool) -> Option<MoveValue> {
        let an = self.an;
        let color = self.color;
        let board = an.board();
        let mut after = board.clone();
        after.play(color, Move::Play(p)).ok()?;
        let mut parts: Vec<Part> = Vec::new();
        let mut dead: HashSet<Point> = HashSet::new();
        let mut alive: HashSet<Point> = HashSet::new();
        // An unsafe move (the stone played can be captured) saves
        // nothing and gains no strategic value; its captures still count.
        let safe = an.reader().safe_move(p, color).is_success();
        if !safe {
            parts.push(Part {
                name: "unsafe",
                value: 0.0,
                why: "reading captures the stone played: its defences, connections and strategic reasons do not count".into(),
            });
        }
        // A dragon the owl defends with this move is revived whole.
        let owl_saved: Vec<Point> = cand
            .reasons
            .iter()
            .filter_map(|r| match r.kind {
                ReasonKind::OwlDefend { dragon, .. } => {
                    Some(an.dragons().get(dragon).map_or(dragon, |d| d.origin))
                }
                _ => None,
            })
            .collect();
        let in_dead_dragon = |q: Point| {
            dead_dragon(an, q)
                && !an
                    .dragons()
                    .get(q)
                    .is_some_and(|d| owl_saved.contains(&d.origin))
        };
        let mut saves_dead_worm = false;
        for r in &cand.reasons {
            match r.kind {
                ReasonKind::Attack { target, .. } => {
                    dead.extend(board.stones(target));
                }
                ReasonKind::OwlAttack { dragon, .. } => {
                    dead.extend(an.dragons().stones(board, dragon));
                }
                // The defender of a combination loses its smallest target.
                ReasonKind::ComboAttack { target } => {
                    dead.extend(board.stones(target));
                }
                // Saving a string of a dead dragon saves nothing: the
                // dragon dies with it (GNU Go values such a defence at
                // nothing unless the move also defends the dragon).
                ReasonKind::Defend { target, .. } if in_dead_dragon(target) => {
                    saves_dead_worm = true;
                }
                ReasonKind::Defend { target, .. } if safe => {
                    alive.extend(board.stones(target));
                }
                ReasonKind::OwlDefend { dragon, .. } if safe => {
                    alive.extend(an.dragons().stones(board, dragon));
                }
                _ => {}
            }
        }
        let own: HashSet<Point> = after.stones(p).collect();
        let base = self.base.clone();
        // Joining a string the reference counts dead (an own critical
        // string not saved by this move) does not revive it.
        // Nor does joining a dead dragon that the move does not save,
        // unless the move captures or kills something (which may free it).
        let kills = cand.reasons.iter().any(|r| {
            matches!(
                r.kind,
                ReasonKind::Attack { .. }
                    | ReasonKind::OwlAttack { .. }
                    | ReasonKind::ComboAttack { .. }
            )
        });
        let joins_dead_dragon = !kills
            && own
                .iter()
                .any(|&q| q != p && in_dead_dragon(q) && !alive.contains(&q));
        let joins_dead = joins_dead_dragon
            || own
                .iter()
                .any(|&q| q != p && base[q.index()] == Some(true) && !alive.contains(&q));
        if saves_dead_worm || joins_dead_dragon {
            parts.push(Part {
                name: "dead dragon",
                value: 0.0,
                why: "the stone played joins a dead dragon it does not save: it counts as dead, and the strings it defends stay dead".into(),
            });
        }
        // A ko capture inside the opponent's area whose stone, even
        // connected at the ko point, joins only dead stones: the stone
        // played is dead ([`dead_ko_capture`]).
        let ko_dead = dead_ko_capture(an, color, p);
        if ko_dead {
            parts.push(Part {
                name: "dead ko capture",
                value: 0.0,
                why: "the move takes a ko whose stone joins only dead stones even if it connects at the ko point: it counts as dead".into(),
            });
        }
        let own_dead = !safe || joins_dead || owl_dead || ko_dead;
        if owl_dead && safe {
            parts.push(Part {
                name: "owl unsafe",
                value: 0.0,
                why: "owl kills the lone stone played after the move: it counts as dead".into(),
            });
        }
        // The stones the move's reasons settle (for the strategic part).
        let settled_stones: HashSet<Point> = alive.union(&dead).copied().collect();
        let status = move |q: Point| {
            if own.contains(&q) {
                return Some(own_dead);
            }
            if dead.contains(&q) {
                return Some(true);
            }
            if alive.contains(&q) {
                return Some(false);
            }
            base[q.index()]
        };
        let inf = self.influence(&after, &status);
        // Stones captured become prisoners: before the move the balance
        // counted each as a dead stone (its point and the prisoner).
        let captured = f64::from(after.captures(color)) - f64::from(board.captures(color));
        let blocked = if safe && !own_dead && !kills && captured == 0.0 {
            self.blocked_gain(&after, p, &inf)
        } else {
            None
        };
        let measured = sign(color) * f64::from(inf.territory_balance()) + captured - self.reference;
        let mut territory = measured;
        // An unsafe stone that captures is taken back: the opponent's
        // recapture makes each point of the mover's string the
        // opponent's again, with a prisoner (-2 for the mover), where the
        // balance counts a dead stone by the territory around it, which
        // the capture has just emptied (endgame 702: G5 takes two stones
        // and is retaken, 3.00 for katachi, 1.35 for GNU Go 3.8, below
        // E3's 2.68). Not a direct ko capture: the ko's share values it.
        let direct_ko = after.ko_point_for(color.opponent()).is_some();
        if !safe && captured > 0.0 && !direct_ko {
            let lost: f64 = after
                .stones(p)
                .map(|q| {
                    let v = sign(color) * f64::from(inf.territory_value(&after, q));
                    (v + 2.0).max(0.0)
                })
                .sum();
            if lost > 0.0 {
                territory -= lost;
                parts.push(Part {
                    name: "recaptured",
                    value: -lost,
                    why: format!(
                        "reading captures the stone played after its capture: the opponent takes its points back with a prisoner each, {lost:.2} less"
                    ),
                });
            }
        }
        if let Some((l, gain)) = blocked {
            territory -= gain;
            parts.push(Part {
                name: "blocked",
                value: -gain,
                why: format!(
                    "the stone played is left with two liberties: the opponent's atari at {} (safe) blocks, so the {gain:.2} the move gains there is not counted",
                    board.vertex(l)
                ),
            });
        }
        // A result through ko is won about half the time.
        let tactical: Vec<katachi_tactics::reading::Code> = cand
            .reasons
            .iter()
            .filter_map(|r| match r.kind {
                ReasonKind::Attack { code, .. }
                | ReasonKind::Defend { code, .. }
                | ReasonKind::OwlAttack { code, .. }
                | ReasonKind::OwlDefend { code, .. } => Some(code),
                _ => None,
            })
            .collect();
        let ko = !tactical.is_empty()
            && tactical
                .iter()
                .all(|&c| c != katachi_tactics::reading::Code::Win);
        // The points whose territory value moved most, for explanations.
        let mut moved: Vec<(Point, f64)> = after
            .points()
            .map(|q| {
                let d = sign(color)
                    * f64::from(inf.territory_value(&after, q) - self.reference_points[q.index()]);
                (q, d)
            })
            .filter(|&(_, d)| d.abs() >= 0.05)
            .collect();
        moved.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
        let moved_text = moved
            .iter()
            .take(8)
            .map(|&(q, d)| format!("{} {d:+.2}", board.vertex(q)))
            .collect::<Vec<_>>()
            .join(", ");
        parts.push(Part {
            name: "territory",
            value: measured,
            why: format!(
                "influence territory balance for the mover {:.2} after the move{} against {:.2} before (opponent to move in both{}; largest changes: {})",
                measured + self.reference - captured,
                if captured > 0.0 { format!(" plus {captured} prisoners") } else { String::new() },
                self.reference,
                if safe && !owl_dead { "" } else { "; the stone played counts as dead: the move is not safe" },
                if moved_text.is_empty() { "none" } else { &moved_text }
            ),
        });
        // Taking away the opponent's combination saves the string it
        // would win (the defender's cheapest): its stones as prisoners
        // and their points, twice its size. The reference position
        // counts that string alive, so the influence alone never sees
        // the loss (strategy 18). PARTIAL: the string's surroundings are
        // not counted.
        if safe && !own_dead {
            let combo = cand
                .reasons
                .iter()
                .filter_map(|r| match r.kind {
                    ReasonKind::ComboDefend { target } => Some(target),
                    _ => None,
                })
                .map(|t| (t, 2.0 * board.stones(t).count() as f64))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((t, v)) = combo {
                territory += v;
                parts.push(Part {
                    name: "combination",
                    value: v,
                    why: format!(
                        "takes away the opponent's combination against {} ({} stones): twice its size",
                        board.vertex(t),
                        board.stones(t).count()
                    ),
                });
            }
        }
        // A stone that dies and takes nothing with it is a gift: at
        // least the prisoner it gives (the balance may even credit the
        // point it spoils, which the opponent takes back by capturing);
        // a lone stone owl kills gains nothing.
        if !kills && captured == 0.0 {
            let cap = if !safe {
                Some((
                    -1.0,
                    "the stone played dies and captures nothing: it gives a prisoner",
                ))
            } else if owl_dead {
                Some((0.0, "the lone stone played dies: it gains nothing"))
            } else if joins_dead_dragon {
                Some((
                    0.0,
                    "the stone played dies with the dead dragon it joins: it gains nothing",
                ))
            } else {
                None
            };
            if let Some((cap, why)) = cap {
                if territory > cap {
                    territory = cap;
                    parts.push(Part {
                        name: "dead stone",
                        value: cap,
                        why: why.into(),
                    });
                }
            }
        }
        // A dead ko capture takes one stone and gives its own back: the
        // exchange gains nothing whatever the balance says of the
        // points around it.
        if ko_dead && territory > 0.0 {
            territory = nothing_gained(
                &mut parts,
                "dead stone",
                "the ko capture's stone is dead: it gives back the prisoner it takes",
            );
        }
        // Inside a region that only the dead stones of one colour and
        // (perhaps) living stones of the other enclose, the area is the
        // killer's already: a move there without a reading or owl reason
        // of its own gains nothing for either side (GNU Go passes in
        // such positions, filllib 5 and 6), whatever the influence of
        // the new stone says.
        let settled = !tactical_reason(cand) && captured == 0.0 && dead_enclosed(an, p).is_some();
        if settled && territory > 0.0 {
            territory = nothing_gained(&mut parts, "dead enclosure", "the empty region of the move is enclosed by dead stones of one colour and living stones of the other: it is settled, the move gains nothing");
        }
        // A ko fought over a string whose dragon the owl calls dead
        // decides nothing: the capture through ko takes stones that are
        // dead anyway, and the defence through ko does not save the
        // dragon (GNU Go passes on such kos: filllib 6's J2, filllib
        // 24's S19). Only results of tactical reading; an owl result
        // through ko is the dragon's own.
        let dead_ko = ko
            && cand.reasons.iter().all(|r| match r.kind {
                ReasonKind::Attack { target, .. } | ReasonKind::Defend { target, .. } => {
                    an.owl_status(target) == Some(OwlStatus::Dead)
                }
                ReasonKind::OwlAttack { .. } | ReasonKind::OwlDefend { .. } => false,
                _ => true,
            });
        if dead_ko && territory > 0.0 {
            territory = nothing_gained(&mut parts, "ko", "every reading result behind the move is a ko over a string of a dragon the owl calls dead: it decides nothing");
        } else if ko && territory > 0.0 {
            // A ko capture the opponent can take back at once is won
            // after the opponent's threat and the mover's answer: a
            // direct ko is worth a third of what winning it gains
            // (endgame2's T17, about 0.6 for GNU Go 3.8 where winning
            // gains 3), any other ko result half.
            let direct = after.ko_point_for(color.opponent()).is_some() && captured > 0.0;
            let (share, what) = if direct {
                (1.0 / 3.0, "the move takes a ko the opponent can take back at once: a third of the territory")
            } else {
                (
                    0.5,
                    "every reading result behind the move is a ko: half the territory",
                )
            };
            territory *= share;
            parts.push(Part {
                name: "ko",
                value: territory,
                why: what.into(),
            });
        }
        // A stone that dies and takes nothing with it gets nothing from
        // its patterns either: their territory, followup and minimum
        // values assume the stone lives (GNU Go's patterns mostly demand
        // a safe move). Without this a first-line endgame pattern made a
        // move inside a dead dragon worth a point (filllib 5, 6).
        let gift =
            settled || (!kills && captured == 0.0 && (!safe || owl_dead || joins_dead_dragon));
        if gift && !cand.patterns.is_empty() {
            parts.push(Part {
                name: "patterns ignored",
                value: 0.0,
                why:
                    "the stone played dies and captures nothing: its patterns' values do not apply"
                        .into(),
            });
        }
        let values: Vec<(ValueKind, f64, &str)> = cand
            .patterns
            .iter()
            .filter(|_| !gift)
            .flat_map(|h| h.values.iter().map(move |&(k, x)| (k, x, h.name.as_str())))
            .collect();
        for &(k, x, name) in &values {
            match k {
                ValueKind::Terri | ValueKind::MinTerri if territory < x => {
                    territory = x;
                    parts.push(Part {
                        name: "minimum territory",
                        value: x,
                        why: format!("{}({x}) of pattern {name}", k.name()),
                    });
                }
                ValueKind::MaxTerri if territory > x => {
                    territory = x;
                    parts.push(Part {
                        name: "maximum territory",
                        value: x,
                        why: format!("maxterri({x}) of pattern {name}"),
                    });
                }
                _ => {}
            }
        }
        // Strategy: each dragon once, at its largest. A dragon whose
        // every stone the move's own reading or owl reasons count alive
        // or dead in the position after the move gets none: the
        // territory part already counts it saved or captured, and its
        // weakness is what the move settles (a second count made a
        // connection that also saves a critical dragon outvalue a move
        // that saves it and captures more, strategy 7).
        let settled_dragon = |origin: Point| {
            let stones = an.dragons().stones(board, origin);
            !stones.is_empty() && stones.iter().all(|q| settled_stones.contains(q))
        };
        let mut strategic: Vec<(Point, f64, String)> = Vec::new();
        let note = |d: Point, what: &str, strategic: &mut Vec<(Point, f64, String)>| {
            let origin = an.dragons().get(d).map_or(d, |x| x.origin);
            if settled_dragon(origin) {
                return;
            }
            let w = weakness(an, origin);
            let size = an
                .dragons()
                .get(origin)
                .map_or(0.0, |x| f64::from(x.effective_size));
            let v = w * size;
            let why = format!(
                "{what} dragon {} (effective size {size:.1}, weakness {w:.2})",
                board.vertex(origin)
            );
            match strategic.iter_mut().find(|e| e.0 == origin) {
                Some(e) if e.1 >= v => {}
                Some(e) => *e = (origin, v, why),
                None => strategic.push((origin, v, why)),
            }
        };
        for r in cand.reasons.iter().filter(|_| safe && !ko_dead) {
            match r.kind {
                ReasonKind::StrategicDefend { dragon } => note(dragon, "defends", &mut strategic),
                ReasonKind::StrategicAttack { dragon } => note(dragon, "attacks", &mut strategic),
                ReasonKind::Connect { a, b } => {
                    note(a, "connects", &mut strategic);
                    note(b, "connects", &mut strategic);
                }
                ReasonKind::Cut { a, b } => {
                    note(a, "cuts", &mut strategic);
                    note(b, "cuts", &mut strategic);
                }
                _ => {}
            }
        }
        let strategy: f64 = strategic.iter().map(|e| e.1).sum();
        for (_, v, why) in strategic {
            parts.push(Part {
                name: "strategy",
                value: v,
                why,
            });
        }
        // Shape.
        let shapes: Vec<f64> = values
            .iter()
            .filter(|v| v.0 == ValueKind::Shape)
            .map(|v| v.1)
            .collect();
        let sum_side = |pos: bool| {
            let side: Vec<f64> = shapes
                .iter()
                .copied()
                .filter(|&x| if pos { x > 0.0 } else { x < 0.0 })
                .collect();
            if side.is_empty() {
                return 0.0;
            }
            let best = if pos {
                side.iter().copied().fold(f64::MIN, f64::max)
            } else {
                side.iter().copied().fold(f64::MAX, f64::min)
            };
            let more = (side.len() - 1) as f64;
            if pos {
                best + more
            } else {
                best - more
            }
        };
        let shape = sum_side(true) + sum_side(false);
        let mut total = territory + strategy;
        if shape != 0.0 {
            parts.push(Part {
                name: "shape",
                value: shape,
                why: format!(
                    "shape values {shapes:?}: factor 1.05^{shape:.1} = {:.3}{}",
                    1.05f64.powf(shape),
                    if total > 0.0 {
                        ""
                    } else {
                        " (not applied: no positive value)"
                    }
                ),
            });
            if total > 0.0 {
                total *= 1.05f64.powf(shape);
            }
        }
        let followup: f64 = values
            .iter()
            .filter(|v| {
                matches!(
                    v.0,
                    ValueKind::Followup | ValueKind::FollowupValue | ValueKind::ReverseFollowup
                )
            })
            .map(|v| 0.5 * v.1)
            .sum();
        if followup != 0.0 {
            total += followup;
            parts.push(Part {
                name: "followup",
                value: followup,
                why: "half of the patterns' followup and reverse followup values".into(),
            });
        }
        for &(k, x, name) in &values {
            match k {
                ValueKind::Value | ValueKind::MinValue if total < x => {
                    total = x;
                    parts.push(Part {
                        name: "minimum",
                        value: x,
                        why: format!("{}({x}) of pattern {name}", k.name()),
                    });
                }
                _ => {}
            }
        }
        for &(k, x, name) in &values {
            if k == ValueKind::MaxValue && total > x {
                total = x;
                parts.push(Part {
                    name: "maximum",
                    value: x,
                    why: format!("maxvalue({x}) of pattern {name}"),
                });
            }
        }
        Some(MoveValue {
            point: p,
            territory,
            strategy,
            shape,
            followup,
            total,
            parts,
        })
    }
}

/// Whether the candidate has a reading or owl reason of its own.
pub(crate) fn tactical_reason(cand: &Candidate) -> bool {
    cand.reasons.iter().any(|r| {
        matches!(
            r.kind,
            ReasonKind::Attack { .. }
                | ReasonKind::Defend { .. }
                | ReasonKind::OwlAttack { .. }
                | ReasonKind::OwlDefend { .. }
                | ReasonKind::ComboAttack { .. }
                | ReasonKind::ComboDefend { .. }
        )
    })
}

/// The largest empty region [`dead_enclosed`] looks at: a bigger one
/// is open board, not an enclosure.
const ENCLOSURE_MAX: usize = 40;

/// When the empty point `p`'s region (the empty points orthogonally
/// connected to it, at most [`ENCLOSURE_MAX`]) is bordered by dead
/// stones of one colour and no living stone of that colour, that
/// colour: the region is the killer's (the eye space of a dead group,
/// or territory around a dead invader). Dead: a dead dragon
/// ([`dead_dragon`]) or a string reading captures and cannot defend.
pub fn dead_enclosed(an: &Analysis, p: Point) -> Option<Color> {
    let board = an.board();
    if board.cell(p).color().is_some() {
        return None;
    }
    let mut seen = vec![false; board.cells().len()];
    let mut stack = vec![p];
    seen[p.index()] = true;
    let mut size = 0usize;
    // [colour index] -> (some dead stone borders, some living stone borders)
    let mut border = [(false, false); 2];
    while let Some(q) = stack.pop() {
        size += 1;
        if size > ENCLOSURE_MAX {
            return None;
        }
        for n in board.neighbors(q) {
            if !board.on_board(n) || seen[n.index()] {
                continue;
            }
            match board.cell(n).color() {
                None => {
                    seen[n.index()] = true;
                    stack.push(n);
                }
                Some(c) => {
                    let captured = an
                        .worms()
                        .get(n)
                        .is_some_and(|w| w.attack.is_some() && w.defense.is_none());
                    if captured || dead_dragon(an, n) {
                        border[c.index()].0 = true;
                    } else {
                        border[c.index()].1 = true;
                    }
                }
            }
        }
    }
    [Color::Black, Color::White]
        .into_iter()
        .find(|c| border[c.index()].0 && !border[c.index()].1)
}

/// Whether `c`'s move at `p` is a ko capture that gains nothing lasting:
/// it captures one stone and leaves the stone played alone with one
/// liberty (the ko point), and every stone of `c` next to the ko point is
/// dead (a dead dragon or a string reading captures without a defence).
/// Even if `c` wins the ko and connects at the ko point, the two stones
/// join only dead stones inside the opponent's area: the capturing stone
/// is as dead as they are, and the stone it takes is no loss to its
/// owner (GNU Go calls such a capture strategically unsafe and passes,
/// filllib 33 and 34).
pub fn dead_ko_capture(an: &Analysis, c: Color, p: Point) -> bool {
    let board = an.board();
    let mut after = board.clone();
    if after.play(c, Move::Play(p)).is_err()
        || after.captures(c) != board.captures(c) + 1
        || after.stones(p).count() != 1
        || after.liberty_count(p) != 1
    {
        return false;
    }
    let Some(ko) = after.liberties(p).next() else {
        return false;
    };
    board.neighbors(ko).iter().all(|&q| {
        q == p
            || !board.on_board(q)
            || board.cell(q).color() != Some(c)
            || dead_dragon(an, q)
            || an
                .worms()
                .get(q)
                .is_some_and(|w| w.attack.is_some() && w.defense.is_none())
    })
}

/// Whether the stone at `q` belongs to a dead dragon: the static
/// status says so, or the owl does on a dragon whose owl verdict is used
/// ([`owl_trusted`]).
pub(crate) fn dead_dragon(an: &Analysis, q: Point) -> bool {
    let Some(d) = an.dragons().get(q) else {
        return false;
    };
    match d.crude_status {
        DragonStatus::Dead => true,
        DragonStatus::Alive => false,
        _ => owl_trusted(an, d.origin) && an.owl_status(d.origin) == Some(OwlStatus::Dead),
    }
}

/// Whether, after `color` plays at `p`, the opponent moving first kills
/// the stone played by owl reading (GNU Go checks the safety of a move's
/// stones beyond tactics). Only for a lone stone outside the mover's own
/// area (by the influence with the mover to move; the PARTIAL owl kills
/// any lone stone, even in open space): no living own stone next to
/// it, diagonal to it or a one-point jump away (a stone that touches a
/// dragon shares its fate, which the reasons and statuses already
/// value). Only a clean kill (not a ko, not a spent node budget) counts.
pub fn owl_kills_new_stone(an: &Analysis, color: Color, p: Point) -> bool {
    let board = an.board();
    let (row, col) = board.row_col(p);
    let (row, col) = (row as isize, col as isize);
    for dr in -2isize..=2 {
        for dc in -2isize..=2 {
            if dr.abs() + dc.abs() > 2 || (dr, dc) == (0, 0) {
                continue;
            }
            let (r, c) = (row + dr, col + dc);
            if r < 0 || c < 0 {
                continue;
            }
            if let Some(q) = board.point(r as usize, c as usize) {
                // A dead own stone gives no support.
                if board.cell(q).color() == Some(color) && !dead_dragon(an, q) {
                    return false;
                }
            }
        }
    }
    // The owl (PARTIAL) cannot read a stone's escape into open space:
    // a stone in the mover's own area is not read. A neutral point is
    // read: a lone stone on the border between two areas (an overplay
    // in the endgame) is killed as often as one inside the opponent's.
    if an.influence(color).whose_area(board, p) == Some(color) {
        return false;
    }
    let mut after = board.clone();
    if after.play(color, Move::Play(p)).is_err() {
        return false;
    }
    after.set_to_move(color.opponent());
    let mut owl = crate::owl::Owl::new(
        after,
        an.config().knowledge.clone(),
        an.config().reading,
        crate::owl::OwlConfig::default(),
    );
    let a = owl.attack(&[p]);
    !a.exhausted && a.outcome.code == katachi_tactics::reading::Code::Win
}
