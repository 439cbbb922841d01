//! Free handicap placement (GTP `place_free_handicap`) from the
//! knowledge's `handicap` slot: katachi's own `patterns/handicap.db`
//! embedded, GNU Go's `handicap.db` with `--patterns handicap=FILE`.
//!
//! The stones are placed one match at a time, each choice on the board
//! with the stones placed so far. While matching, a temporary stone of
//! the handicap side stands on every empty corner point: GNU Go's
//! handicap database is written for that convention (its corner patterns
//! anchor on a stone in the very corner), and katachi's accepts it. A
//! match proposes its `*` point and its `!` points (stones placed
//! together with it) when they are empty, no more than the stones left
//! to place, and its constraint holds; the constraint may ask
//! `total_handicap_stones()` and `remaining_handicap_stones()` (the
//! stones still to place, this choice's included). The highest
//! `value(N)` wins; equal values go to the one with more of the board's
//! standard handicap points for the game's number of stones, then to the
//! `*` point farthest from the stones placed, then nearest the preferred
//! line (the fourth, the third below 13x13), then the first in board
//! order. Where no pattern proposes anything, the same order over every
//! empty point off the first line (over every empty point when only the
//! first line is left) picks one stone. The placement is deterministic: GNU Go
//! draws at random with weights `2^value`; katachi takes the top of that
//! order so that the same board always gets the same stones.

use katachi_board::{fixed_handicap_points, max_fixed_handicap, Board, Color, Point};
use katachi_patterns::matchers::place::{cell_point, match_bindings};
use katachi_patterns::matchers::{Matcher, Position, Scratch};
use katachi_patterns::model::{CellMark, ValueArg, ValueKind};
use katachi_tactics::reading::Reader;

use crate::analysis::{Analysis, AnalysisConfig};
use crate::autohelper::{Context, HandicapStones};
use crate::constraint_trace::{evaluate_in, Verdict};
use crate::knowledge::HANDICAP_SLOT;

/// One choice of the placement (or a proposal for one): its stones and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// The stones, the `*` point first.
    pub stones: Vec<Point>,
    /// The pattern that proposed them (`KH1 of handicap.db`), or `None`
    /// for the geometric fallback.
    pub pattern: Option<String>,
    /// Its value, 0 for the fallback.
    pub value: f64,
}

/// Where `n` free handicap stones go on `board` (normally empty), in the
/// order chosen. The stones are Black's. Every returned stone is a
/// distinct empty point of `board`; fewer than `n` only when the board
/// has fewer empty points.
pub fn free_placement(config: &AnalysisConfig, board: &Board, n: usize) -> Vec<Placement> {
    let size = board.size();
    let standard = fixed_handicap_points(size, n.min(max_fixed_handicap(size))).unwrap_or_default();
    let best_line = if size >= 13 { 3 } else { 2 }.min((size - 1) / 2);
    let mut placed: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    // The board with the stones placed so far.
    let mut b = board.clone();
    while placed.len() < n {
        let left = n - placed.len();
        let mut candidates = pattern_candidates(config, &b, n, left);
        if candidates.is_empty() {
            // A stone on the first line is worth nothing to the handicap
            // player: the edge is its last resort.
            let off_edge = |p: Point| {
                let (r, c) = b.row_col(p);
                size <= 2 || (r > 0 && c > 0 && r < size - 1 && c < size - 1)
            };
            let empty: Vec<Point> = b
                .points()
                .filter(|&p| b.cell(p).color().is_none())
                .collect();
            let inner = empty.iter().any(|&p| off_edge(p));
            candidates = empty
                .into_iter()
                .filter(|&p| !inner || off_edge(p))
                .map(|p| Placement {
                    stones: vec![p],
                    pattern: None,
                    value: 0.0,
                })
                .collect();
        }
        let key = |c: &Placement| {
            let mv = c.stones[0];
            let standard_count = c.stones.iter().filter(|p| standard.contains(p)).count();
            let (r, col) = b.row_col(mv);
            let spread = placed
                .iter()
                .map(|&q| {
                    let (qr, qc) = b.row_col(q);
                    r.abs_diff(qr).pow(2) + col.abs_diff(qc).pow(2)
                })
                .min()
                .unwrap_or(usize::MAX);
            let line = r.min(col).min(size - 1 - r).min(size - 1 - col);
            (
                standard_count,
                spread,
                usize::MAX - line.abs_diff(best_line),
            )
        };
        // The first of the best in board order: candidates come in board
        // order for the fallback, in match order for patterns, so ties
        // are broken by the `*` point's index.
        let Some(best) = candidates.into_iter().reduce(|a, c| {
            let ka = (a.value, key(&a), std::cmp::Reverse(a.stones[0].index()));
            let kc = (c.value, key(&c), std::cmp::Reverse(c.stones[0].index()));
            if kc.partial_cmp(&ka) == Some(std::cmp::Ordering::Greater) {
                c
            } else {
                a
            }
        }) else {
            break;
        };
        for &p in &best.stones {
            b.set_stone(p, Some(Color::Black));
        }
        placed.extend(&best.stones);
        out.push(best);
    }
    out
}

/// The handicap patterns' proposals on `board` (the stones placed so far,
/// Black), with `left` of `total` stones still to place.
fn pattern_candidates(
    config: &AnalysisConfig,
    board: &Board,
    total: usize,
    left: usize,
) -> Vec<Placement> {
    let Some(db) = config.knowledge.db(HANDICAP_SLOT).cloned() else {
        return Vec::new();
    };
    let size = board.size();
    let mut matched = board.clone();
    for (r, c) in [(0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)] {
        if let Some(p) = board.point(r, c) {
            if board.cell(p).color().is_none() {
                matched.set_stone(p, Some(Color::Black));
            }
        }
    }
    matched.set_to_move(Color::Black);
    let handicap = Some(HandicapStones {
        total: total as u32,
        remaining: left as u32,
    });
    // Constraints are read on the board alone (`o_somewhere`, the handicap
    // counts: all that GNU Go's database asks); a constraint that needs an
    // analysis stage gets a whole analysis, built once.
    let mut reader: Option<Reader> = None;
    let mut analysis: Option<Analysis> = None;
    let mut found = Vec::new();
    db.matcher().find_all(
        Position::of_board(&matched),
        Color::Black,
        &mut Scratch::default(),
        &mut found,
    );
    let mut out = Vec::new();
    for m in &found {
        let p = &db.db.patterns[m.pattern.index()];
        if p.move_point.is_none() || p.helper.is_some() {
            continue;
        }
        let mut stones = vec![m.mark];
        for (i, cell) in p.cells.iter().enumerate() {
            if cell.mark() == Some(CellMark::Inhibit) {
                if let Some(q) =
                    cell_point(&matched, m.origin, m.transform, i / p.width, i % p.width)
                {
                    if !stones.contains(&q) {
                        stones.push(q);
                    }
                }
            }
        }
        if stones.len() > left || stones.iter().any(|&q| matched.cell(q).color().is_some()) {
            continue;
        }
        let bindings = match_bindings(p, &matched, m.transform, m.origin);
        let verdict = if p.constraint.is_none() {
            Verdict::NoConstraint
        } else {
            let reader = reader.get_or_insert_with(|| {
                Reader::with_patterns(
                    matched.clone(),
                    config.reading,
                    config.knowledge.tactical().clone(),
                )
            });
            let bare = Context {
                handicap,
                ..Context::default()
            };
            match evaluate_in(p, &bindings, reader, Color::Black, bare) {
                Verdict::Unavailable { .. } => analysis
                    .get_or_insert_with(|| {
                        Analysis::new(
                            matched.clone(),
                            AnalysisConfig {
                                handicap,
                                ..config.clone()
                            },
                        )
                    })
                    .evaluate(p, &bindings, Color::Black),
                v => v,
            }
        };
        match verdict {
            Verdict::NoConstraint => {}
            Verdict::Value(v) if v.truthy().unwrap_or(false) => {}
            _ => continue,
        }
        let value = p
            .values
            .iter()
            .find_map(|v| match (v.kind, v.arg) {
                (ValueKind::Value, ValueArg::Number(x)) => Some(x),
                _ => None,
            })
            .unwrap_or(0.0);
        out.push(Placement {
            stones,
            pattern: Some(format!("{} of {}", p.name, db.display_name())),
            value,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::{Knowledge, Source};
    use katachi_patterns::syntax::parse_db;

    fn points(config: &AnalysisConfig, size: usize, n: usize) -> Vec<Point> {
        let board = Board::new(size).unwrap();
        let mut out: Vec<Point> = free_placement(config, &board, n)
            .into_iter()
            .flat_map(|p| p.stones)
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn katachi_patterns_give_the_standard_points_up_to_nine_stones() {
        let config = AnalysisConfig::default();
        for size in [9, 13, 19] {
            for n in 2..=katachi_board::max_fixed_handicap(size) {
                let mut want = fixed_handicap_points(size, n).unwrap();
                want.sort_unstable();
                assert_eq!(points(&config, size, n), want, "{size}x{size}, {n} stones");
            }
        }
        // The corners come from the patterns: the 4-4 point on 19x19,
        // the 3-3 point on 9x9, where the 4-4 pattern does not fit.
        let first = |size| {
            free_placement(&config, &Board::new(size).unwrap(), 2)[0]
                .pattern
                .clone()
                .unwrap_or_default()
        };
        assert_eq!(first(19), "KH1 of handicap.db (katachi)");
        assert_eq!(first(9), "KH2 of handicap.db (katachi)");
    }

    #[test]
    fn any_number_of_stones_are_distinct_empty_points_off_the_edge() {
        let config = AnalysisConfig::default();
        for (size, n) in [
            (19, 30),
            (19, 12),
            (13, 17),
            (9, 15),
            (7, 6),
            (3, 8),
            (2, 3),
        ] {
            let got = points(&config, size, n);
            let mut distinct = got.clone();
            distinct.dedup();
            assert_eq!((got.len(), distinct.len()), (n, n), "{size}x{size}, {n}");
            if size >= 7 {
                let board = Board::new(size).unwrap();
                assert!(
                    got.iter().all(|&p| {
                        let (r, c) = board.row_col(p);
                        r > 0 && c > 0 && r < size - 1 && c < size - 1
                    }),
                    "{size}x{size}, {n}: a stone on the first line"
                );
            }
        }
    }

    #[test]
    fn a_replaced_database_decides_with_its_constraints_and_extra_stones() {
        // One pattern: the 3-3 point of a corner whose 1-1 point holds the
        // temporary stone, with the 4-4 point placed at once (`!`), while
        // more than two stones are left to place.
        let text = "attribute_map value_only\ncallback_data !\n\n\
                    Pattern T1\n\n+-----\n|O....\n|.....\n|..*..\n|...!.\n|.....\n\n\
                    :\\,-,value(30)\n\n+-----\n|O....\n|.....\n|..*..\n|...!.\n|.....\n\n\
                    ;remaining_handicap_stones() > 2\n";
        let (db, diags) = parse_db(text, "t.db");
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        let knowledge = Knowledge::embedded()
            .with_db(HANDICAP_SLOT, db, Source::File("t.db".into()))
            .unwrap();
        let config = AnalysisConfig {
            knowledge: std::sync::Arc::new(knowledge),
            ..AnalysisConfig::default()
        };
        let board = Board::new(19).unwrap();
        let placed = free_placement(&config, &board, 5);
        let v = |p: Point| board.vertex(p);
        let pairs: Vec<Vec<String>> = placed
            .iter()
            .map(|p| p.stones.iter().map(|&q| v(q)).collect())
            .collect();
        // Two corners by the pattern (3-3 with its 4-4), then one stone
        // left: the constraint fails and the geometric rule places it.
        assert_eq!(pairs.len(), 3, "{pairs:?}");
        assert_eq!(pairs[0].len(), 2, "{pairs:?}");
        assert_eq!(pairs[1].len(), 2, "{pairs:?}");
        assert_eq!(pairs[2].len(), 1, "{pairs:?}");
        assert_eq!(placed[0].pattern.as_deref(), Some("T1 of t.db"));
        assert_eq!(placed[2].pattern, None);
        assert!(pairs[0].contains(&"C17".to_string()) || pairs[0].contains(&"C3".to_string()));
    }
}
