//! Connections: the `C` (connection) patterns of a connection database
//! found on a position, whose constraints hold, and the O strings each
//! joins (GNU Go's `find_connections`, patterns.texi "Connections
//! Database", dragon.texi "Amalgamation"). The dragons stage amalgamates
//! the strings of every accepted match into one dragon.
//!
//! A `C` match is matched with `O` being either colour. It is accepted
//! when its constraint holds (evaluated by the engine's [`PatternEval`]
//! with the position's cutting points, so `xcut`/`ocut` see the `B`
//! patterns' cuts). An O string that reading can capture is joined all
//! the same: GNU Go 3.8 amalgamates such strings (a first-line stone in
//! atari diagonal to its friends belongs to their dragon), and refusing
//! them split 58 of its dragons on the reference positions; a pattern
//! that must not join a weak string says so in its constraint
//! (`attack`). Its O strings are those on the pattern's `O` and `o`
//! cells.
//!
//! `omoyo`/`oarea` read the influence before amalgamation when the
//! caller gives it (the analysis does: `Analysis::worm_influence`).
//! A constraint that needs a stage not given does not accept the match; [`Connections::unavailable`] and
//! [`Connections::unsupported`] count those, so "no link" and "could not
//! tell" stay apart. Patterns without the `C` class whose actions would
//! amalgamate (`amalgamate`, `amalgamate_most_valuable_helper`) are not
//! run: [`Connections::actions_skipped`] counts their matches.

use katachi_board::{Color, Point};
use katachi_patterns::expr::{eval, EvalError};
use katachi_patterns::matchers::place::{cell_point, match_bindings};
use katachi_patterns::matchers::{Match, Scratch};
use katachi_patterns::model::{Class, Elem, Pattern};
use katachi_tactics::reading::Reader;
use katachi_tactics::worms::Worms;

use crate::autohelper::{Context, InfluenceFacts, PatternEval};
use crate::cuts::{ConnectionDb, CutPoints};
use crate::union_find::Union;

/// One accepted connection: the pattern and the worm origins it joins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The pattern's name.
    pub pattern: String,
    /// The colour of the joined strings.
    pub color: Color,
    /// Origins of the O strings joined (at least one).
    pub worms: Vec<Point>,
}

/// The connections found on one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Connections {
    /// Accepted matches, in the order evaluated (matching order with
    /// [`Evaluate::All`]).
    pub links: Vec<Link>,
    /// `C` matches whose constraint was false.
    pub rejected: usize,
    /// Accepted `C` matches with an O string that reading can capture.
    pub unsafe_strings: usize,
    /// `C` matches whose constraint needs a stage that exists but was not
    /// given (influence: `omoyo`, `oarea`).
    pub unavailable: usize,
    /// `C` matches whose constraint needs a function katachi does not
    /// evaluate yet.
    pub unsupported: usize,
    /// Matches of patterns without `B` or `C` class (action-only
    /// patterns), not run.
    pub actions_skipped: usize,
    /// `C` matches not evaluated because they could join nothing new
    /// ([`Evaluate::Needed`]).
    pub skipped: usize,
}

impl Connections {
    /// Every link joining strings of `color`.
    pub fn of(&self, color: Color) -> impl Iterator<Item = &Link> {
        self.links.iter().filter(move |l| l.color == color)
    }
}

/// Which `C` matches [`find_connections_with`] evaluates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluate {
    /// Every match's constraint, in matching order: every link and every
    /// counter (the plain stage, for diagnostics and for checking the
    /// other mode against it).
    All,
    /// Only the matches that can still change the dragons: a match whose
    /// O strings are one string, or are already joined by the links
    /// accepted so far, amalgamates nothing new, and its constraint
    /// (often a connection reading) is not evaluated
    /// ([`Connections::skipped`] counts those). The constraints that
    /// do not read connections are evaluated first, so that the cheap
    /// links join what they can before a reading is asked. The dragons
    /// are the same as with [`Evaluate::All`] (the same strings joined,
    /// as far as each evaluated constraint gives the same answer: the
    /// readings share the reader's caches, and fewer readings leave
    /// them with fewer entries); `links` holds fewer links and the
    /// counters count the evaluated matches only.
    Needed,
}

/// Find the connections of `reader`'s position: every `C` match of `conn`
/// whose constraint holds, with `cuts` the position's cutting points and
/// `worms` its worms and `influence` the influence before amalgamation
/// (GNU Go's worm influence, for `oarea`/`omoyo`; without it those
/// constraints count as unavailable). [`Evaluate::All`].
pub fn find_connections(
    conn: &ConnectionDb,
    reader: &mut Reader,
    worms: &Worms,
    cuts: &CutPoints,
    influence: Option<&dyn InfluenceFacts>,
) -> Connections {
    find_connections_with(conn, reader, worms, cuts, influence, Evaluate::All)
}

/// One `C` match waiting for its constraint.
struct Candidate {
    m: Match,
    color: Color,
    /// Origins of its O strings.
    joined: Vec<Point>,
    unsafe_string: bool,
}

/// [`find_connections`] evaluating the matches `mode` says.
pub fn find_connections_with(
    conn: &ConnectionDb,
    reader: &mut Reader,
    worms: &Worms,
    cuts: &CutPoints,
    influence: Option<&dyn InfluenceFacts>,
    mode: Evaluate,
) -> Connections {
    let board = reader.board().clone();
    let mut out = Connections::default();
    let mut scratch = Scratch::default();
    let mut found: Vec<Match> = Vec::new();
    let ctx = Context {
        cuts: Some(cuts),
        influence,
        ..Context::default()
    };
    let mut cands: Vec<Candidate> = Vec::new();
    for o in [Color::Black, Color::White] {
        found.clear();
        conn.find_all(&board, o, &mut scratch, &mut found);
        for m in &found {
            let p = &conn.db().patterns[m.pattern.index()];
            if p.is(Class::Break) {
                continue;
            }
            if !p.is(Class::Connect) {
                out.actions_skipped += 1;
                continue;
            }
            let mut joined: Vec<Point> = Vec::new();
            let mut unsafe_string = false;
            for (r, c, e) in p.elements() {
                if !matches!(e, Elem::Own | Elem::NotOpp) {
                    continue;
                }
                let Some(pt) = cell_point(&board, m.origin, m.transform, r, c) else {
                    continue;
                };
                if board.cell(pt).color() != Some(o) {
                    continue;
                }
                let Some(w) = worms.get(pt) else { continue };
                if w.attack.is_some() {
                    unsafe_string = true;
                }
                if !joined.contains(&w.origin) {
                    joined.push(w.origin);
                }
            }
            cands.push(Candidate {
                m: *m,
                color: o,
                joined,
                unsafe_string,
            });
        }
    }
    if mode == Evaluate::Needed {
        // Stable: matching order within each kind.
        cands.sort_by_key(|c| reads_connections(&conn.db().patterns[c.m.pattern.index()]));
    }
    let mut sets = Union::new(board.cells().len());
    for cand in &cands {
        let p = &conn.db().patterns[cand.m.pattern.index()];
        if mode == Evaluate::Needed && all_joined(&mut sets, &cand.joined) {
            out.skipped += 1;
            continue;
        }
        if let Some(e) = &p.constraint {
            let b = match_bindings(p, &board, cand.m.transform, cand.m.origin);
            let mut ev = PatternEval::with_context(reader, cand.color, ctx);
            match eval(e, &b, &mut ev).and_then(|v| v.truthy()) {
                Ok(true) => {}
                Ok(false) => {
                    out.rejected += 1;
                    continue;
                }
                Err(EvalError::Unavailable { .. }) => {
                    out.unavailable += 1;
                    continue;
                }
                Err(_) => {
                    out.unsupported += 1;
                    continue;
                }
            }
        }
        if cand.joined.len() > 1 {
            for p in &cand.joined[1..] {
                sets.join(cand.joined[0].index(), p.index());
            }
            out.unsafe_strings += usize::from(cand.unsafe_string);
            out.links.push(Link {
                pattern: p.name.clone(),
                color: cand.color,
                worms: cand.joined.clone(),
            });
        }
    }
    out
}

/// Whether the pattern's constraint asks connection reading (the
/// costliest constraints of the connection database).
fn reads_connections(p: &Pattern) -> bool {
    use katachi_patterns::expr::registry::Function as F;
    p.constraint.as_ref().is_some_and(|e| {
        e.calls().iter().any(|f| {
            matches!(
                f.function(),
                F::XplayConnect
                    | F::OplayConnect
                    | F::XplayDisconnect
                    | F::OplayDisconnect
                    | F::DisconnectHelper
            )
        })
    })
}

/// Whether the points are in one set of `u` (true for none or one point).
fn all_joined(u: &mut Union, ps: &[Point]) -> bool {
    let Some((first, rest)) = ps.split_first() else {
        return true;
    };
    let r = u.find(first.index());
    rest.iter().all(|p| u.find(p.index()) == r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_board::Board;
    use katachi_patterns::syntax::parse_db;
    use katachi_tactics::reading::ReadConfig;

    #[test]
    fn a_diagonal_link_joins_unless_a_b_pattern_cuts_it() {
        let text = "Pattern T1\n\nO.\n.O\n\n:8,C\n\nOa\nbO\n\n;!xcut(a) && !xcut(b)\n";
        let (db, diags) = parse_db(text, "t.db");
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        let conn = ConnectionDb::new(db);
        let b = Board::from_ascii(
            ".....
             .O...
             ..O..
             .....
             .....",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("vertex");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let worms = Worms::compute(&b, &mut r);
        let none = CutPoints::none(&b);
        let c = find_connections(&conn, &mut r, &worms, &none, None);
        assert!(!c.links.is_empty());
        assert!(c
            .of(Color::White)
            .all(|l| l.worms.contains(&v("B4")) && l.worms.contains(&v("C3"))));
        let mut cut = CutPoints::none(&b);
        cut.mark(Color::Black, v("C4"));
        let c = find_connections(&conn, &mut r, &worms, &cut, None);
        assert!(c.links.is_empty(), "{c:?}");
        assert!(c.rejected > 0);
    }
}
