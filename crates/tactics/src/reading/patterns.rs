//! Candidate moves from katachi's own tactical pattern databases
//! (`patterns/attack.db`, class `A`; `patterns/defense.db`, class `D`).
//!
//! The databases, checked and compiled by the build, are decoded once into
//! a [`TacticalPatterns`] value that every reader shares through an `Arc`.
//! At a node, the standard matcher finds
//! every geometric match for the side to move (the pattern's `O`); a match
//! counts only if one of its `X` stones (attack) or `O` stones (defence)
//! belongs to the string being read, its `*` is empty, and its constraint,
//! if any, holds when evaluated through [`ReadingEval`] (functions of
//! later stages, such as connection reading, do not hold here). The survivors'
//! moves join the general candidates with a fixed bonus; the search still
//! verifies every one of them.

use std::sync::{Arc, OnceLock};

use katachi_board::{Cell, Color, Point};
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::database;
use katachi_patterns::expr::{eval, Bindings, Expr};
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Match, Position};
use katachi_patterns::model::{Elem, PatternDb};

use katachi_patterns::matchers::place::{cell_point, match_bindings};

use super::eval::ReadingEval;
use super::Reader;

/// Score given to a move that a database pattern proposes (liberties of
/// the target start at about 100, second-order liberties at 40-60).
const PATTERN_SCORE: i32 = 35;

/// One database with its compiled matcher.
#[derive(Debug)]
struct TacticalDb {
    db: Arc<PatternDb>,
    matcher: StandardMatcher,
}

impl TacticalDb {
    /// The embedded database `name`, as the build checked and compiled it.
    fn embedded(name: &str) -> TacticalDb {
        const BUILT: &str = "the build embeds katachi's tactical databases";
        TacticalDb {
            db: Arc::new(database::embedded_db(name).expect(BUILT).clone()),
            matcher: StandardMatcher::new(database::embedded_compiled(name).expect(BUILT)),
        }
    }
}

/// The attack and defence databases, compiled once and shared.
#[derive(Debug)]
pub struct TacticalPatterns {
    attack: TacticalDb,
    defense: TacticalDb,
}

impl TacticalPatterns {
    /// The embedded `attack` and `defense` databases with their matchers,
    /// built on the first call and shared by every reader afterwards (an
    /// immutable value, like the decoded databases themselves).
    pub fn embedded() -> Arc<TacticalPatterns> {
        static SHARED: OnceLock<Arc<TacticalPatterns>> = OnceLock::new();
        SHARED
            .get_or_init(|| {
                Arc::new(TacticalPatterns {
                    attack: TacticalDb::embedded("attack"),
                    defense: TacticalDb::embedded("defense"),
                })
            })
            .clone()
    }

    /// Attack and defence databases given as values (loaded at run time,
    /// say), with their compilations.
    pub fn new(
        attack: Arc<PatternDb>,
        attack_compiled: &CompiledDb,
        defense: Arc<PatternDb>,
        defense_compiled: &CompiledDb,
    ) -> TacticalPatterns {
        TacticalPatterns {
            attack: TacticalDb {
                db: attack,
                matcher: StandardMatcher::new(attack_compiled),
            },
            defense: TacticalDb {
                db: defense,
                matcher: StandardMatcher::new(defense_compiled),
            },
        }
    }

    /// Number of patterns in the attack and defence databases.
    pub fn sizes(&self) -> (usize, usize) {
        (
            self.attack.db.patterns.len(),
            self.defense.db.patterns.len(),
        )
    }
}

impl Reader {
    /// Moves the tactical databases propose for `mover` against (when
    /// `attack`) or in defence of the string at `s`, with their scores.
    /// Only used near the root and outside constraints (their readings do
    /// not match patterns again, which would recurse at every shallow
    /// node): matching scans the whole board and a constraint may read.
    pub(crate) fn pattern_moves(
        &mut self,
        s: Point,
        mover: Color,
        attack: bool,
    ) -> Vec<(Point, i32)> {
        if self.meter.is_nested() || self.stackp() > self.cfg.pattern_depth {
            return Vec::new();
        }
        let pats = Arc::clone(&self.patterns);
        let tdb = if attack { &pats.attack } else { &pats.defense };
        if tdb.db.patterns.is_empty() {
            return Vec::new();
        }
        // Only matches holding a stone of the string count (`touches`
        // below): the matcher scans only the anchors whose patterns can
        // reach the string's bounding box, and lists the matches in the
        // order of a full scan, so the candidates are the same.
        let mut area = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for st in self.board.stones(s) {
            let (r, c) = self.board.row_col(st);
            let (r, c) = (r as i32, c as i32);
            area = (area.0.min(r), area.1.min(c), area.2.max(r), area.3.max(c));
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut found: Vec<Match> = Vec::new();
        tdb.matcher.find_meeting(
            Position::of_board(&self.board),
            mover,
            &mut scratch,
            area,
            &mut found,
        );
        self.scratch = scratch;
        let target_elem = if attack { Elem::Opp } else { Elem::Own };
        let mut out: Vec<(Point, i32)> = Vec::new();
        for m in found {
            let p = &tdb.db.patterns[m.pattern.index()];
            if p.move_point.is_none()
                || self.board.cell(m.mark) != Cell::Empty
                || out.iter().any(|e| e.0 == m.mark)
            {
                continue;
            }
            let touches = p.elements().any(|(r, c, e)| {
                e == target_elem
                    && cell_point(&self.board, m.origin, m.transform, r, c)
                        .is_some_and(|q| self.board.same_string(q, s))
            });
            if !touches {
                continue;
            }
            if let Some(expr) = &p.constraint {
                let bindings = match_bindings(p, &self.board, m.transform, m.origin);
                if !self.constraint_holds(expr, &bindings, mover) {
                    continue;
                }
            }
            out.push((m.mark, PATTERN_SCORE));
        }
        out
    }

    /// Evaluate a constraint for a pattern whose `O` is `o`. Readings it
    /// starts are nested queries: their work counts towards the current
    /// query, whose statistics they must not reset (see
    /// [`crate::search::Meter::leave_nested`]).
    fn constraint_holds(&mut self, expr: &Expr, bindings: &Bindings<Point>, o: Color) -> bool {
        let outer = self.meter.enter_nested();
        let r = {
            let mut pe = ReadingEval::new(self, o);
            eval(expr, bindings, &mut pe)
        };
        self.meter.leave_nested(outer);
        // A constraint that cannot be evaluated does not hold.
        r.ok().and_then(|v| v.truthy().ok()).unwrap_or(false)
    }
}
