//! Cutting points: where a colour can cut, or where a connection through a
//! point is inhibited (GNU Go's `find_cuts`, patterns.texi "Connections
//! Database" and dragon.texi "Connection").
//!
//! The points come from the `B` (break) class patterns of a connection
//! database: for every geometric match of a `B` pattern, matched with `O`
//! being either colour, whose constraint holds, the `*` point and every
//! `!` point of the diagram (the "inhibit connection" cells) become cutting
//! points of `X`. The autohelper functions `xcut(a)` and `ocut(a)` read them
//! (`cut_possible` in the manual), so that the `C` patterns of the same
//! database do not amalgamate across a cut that a `B` pattern found.
//!
//! The constraints of `B` patterns are evaluated by the tactical layer's
//! evaluator: this stage comes before the engine's evaluator, which reads
//! its result (`xcut`), so a `B` constraint cannot ask for cutting points
//! or game facts (GNU Go's ask only for reading and connection reading).
//!
//! A `B` pattern with a named helper function does not mark anything: the
//! helper's meaning is not part of the pattern language (in GNU Go's
//! database the only one, `cutstone2_helper`, returns 0 so the pattern
//! never fires as a cut). A constraint that needs analysis the engine does
//! not have yet does not mark anything either; [`CutPoints::skipped`] counts
//! those, so a caller can tell "no cut" from "could not tell".

use katachi_board::{Board, Color, Point};
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::expr::eval;
use katachi_patterns::matchers::place::{cell_point, match_bindings};
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Match, Matcher, Position, Scratch};
use katachi_patterns::model::{CellMark, Class, PatternDb};
use katachi_tactics::eval::TacticalEval;
use katachi_tactics::reading::Reader;

/// A connection database ready to find cutting points: its patterns and a
/// compiled matcher for them.
#[derive(Debug)]
pub struct ConnectionDb {
    db: PatternDb,
    matcher: StandardMatcher,
}

impl ConnectionDb {
    /// Compile `db` (any database; only its `B` patterns are used here).
    pub fn new(db: PatternDb) -> ConnectionDb {
        let matcher = StandardMatcher::new(&CompiledDb::compile(&db));
        ConnectionDb { db, matcher }
    }

    /// The patterns.
    pub fn db(&self) -> &PatternDb {
        &self.db
    }

    /// Every geometric match of the database on `board` with `O` being
    /// `o`, appended to `out` (the connections stage matches the `C`
    /// patterns with this).
    pub fn find_all(&self, board: &Board, o: Color, scratch: &mut Scratch, out: &mut Vec<Match>) {
        self.matcher
            .find_all(Position::of_board(board), o, scratch, out);
    }

    /// The cutting points of the reader's current position.
    pub fn find_cuts(&self, reader: &mut Reader) -> CutPoints {
        let board = reader.board().clone();
        let mut cuts = CutPoints::none(&board);
        let mut scratch = Scratch::default();
        let mut found: Vec<Match> = Vec::new();
        for o in [Color::Black, Color::White] {
            found.clear();
            self.matcher
                .find_all(Position::of_board(&board), o, &mut scratch, &mut found);
            for m in &found {
                let p = &self.db.patterns[m.pattern.index()];
                if !p.is(Class::Break) {
                    continue;
                }
                if p.helper.is_some() {
                    cuts.skipped += 1;
                    continue;
                }
                let b = match_bindings(p, &board, m.transform, m.origin);
                if let Some(e) = &p.constraint {
                    let value = eval(e, &b, &mut TacticalEval::new(reader, o));
                    match value.and_then(|v| v.truthy()) {
                        Ok(true) => {}
                        Ok(false) => continue,
                        Err(_) => {
                            cuts.skipped += 1;
                            continue;
                        }
                    }
                }
                let marked = p.marked(CellMark::Move).chain(p.marked(CellMark::Inhibit));
                for (r, c) in marked {
                    if let Some(pt) = cell_point(&board, m.origin, m.transform, r, c) {
                        cuts.mark(o.opponent(), pt);
                    }
                }
            }
        }
        cuts
    }
}

/// Where each colour can cut (or a connection through the point is
/// inhibited), for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutPoints {
    /// Indexed by point index; bit 0: Black can cut, bit 1: White can cut.
    bits: Vec<u8>,
    skipped: usize,
}

impl CutPoints {
    /// No cutting point anywhere.
    pub fn none(board: &Board) -> CutPoints {
        CutPoints {
            bits: vec![0; board.cells().len()],
            skipped: 0,
        }
    }

    fn bit(c: Color) -> u8 {
        match c {
            Color::Black => 1,
            Color::White => 2,
        }
    }

    /// Record that `c` can cut at `p`.
    pub fn mark(&mut self, c: Color, p: Point) {
        if let Some(b) = self.bits.get_mut(p.index()) {
            *b |= Self::bit(c);
        }
    }

    /// Whether `c` can cut at `p` (GNU Go's `cut_possible(p, c)`).
    #[doc(alias = "cut_possible")]
    pub fn can_cut(&self, c: Color, p: Point) -> bool {
        self.bits
            .get(p.index())
            .is_some_and(|&b| b & Self::bit(c) != 0)
    }

    /// How many `B` matches could not be decided (a helper function, or a
    /// constraint needing analysis not available yet) and marked nothing.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Every cutting point of `c`, in point order.
    pub fn points(&self, board: &Board, c: Color) -> Vec<Point> {
        board.points().filter(|&p| self.can_cut(c, p)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::ReadConfig;
    use katachi_patterns::syntax::parse_db;

    fn parse(text: &str) -> PatternDb {
        let (db, diags) = parse_db(text, "test.db");
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        db
    }

    /// A double-cut shape: O's two one-point jumps meet at the centre,
    /// where X can cut off either branch.
    const DB: &str = "
Pattern TestB1
# X at * cuts off one of the two one-point jumps.

?X?
O*O
?!?

:|,B

?X?
O*O
?a?

;!attack(a)
";

    #[test]
    fn a_b_pattern_marks_its_star_and_bang_cells_for_x() {
        let db = parse(DB);
        let conn = ConnectionDb::new(db);
        let b = Board::from_ascii(
            ".....
             ..X..
             .O.O.
             .....
             .....",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let cuts = conn.find_cuts(&mut r);
        // O is White: Black (X) can cut at C3 (`*`) and C2 (`!`).
        assert!(cuts.can_cut(Color::Black, v("C3")));
        assert!(cuts.can_cut(Color::Black, v("C2")));
        assert!(!cuts.can_cut(Color::White, v("C3")));
        assert_eq!(cuts.points(&b, Color::Black).len(), 2);
        assert_eq!(cuts.skipped(), 0);
    }

    #[test]
    fn a_false_constraint_marks_nothing() {
        let db = parse(&DB.replace(";!attack(a)", ";attack(a)"));
        let conn = ConnectionDb::new(db);
        let b = Board::from_ascii(
            ".....
             ..X..
             .O.O.
             .....
             .....",
        )
        .expect("board");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let cuts = conn.find_cuts(&mut r);
        assert!(cuts.points(&b, Color::Black).is_empty());
        assert!(cuts.points(&b, Color::White).is_empty());
    }
}
