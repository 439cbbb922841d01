//! The eye-value stage (eyes.texi, "Graphs", "Eye shape analysis", "Eye
//! Local Game Values"): each eye space of the [`crate::eyes`] stage is
//! turned into an [`EyeSpaceGraph`], looked up in the knowledge's eye-graph
//! database (the `eyes` slot), and, where no graph matches, read by the
//! local-game solver; the answer is GNU Go's four-value `eyevalue` with a
//! vital attack and defence point mapped back to the board.
//!
//! The graph of an eye space, as the manual describes it:
//! - a vertex per eye point: marginal or not as the eyes stage decided
//!   (false eyes are already marginal there), holding a stone when a dead
//!   opponent stone sits on it, with its number of off-board neighbours
//!   (edge-specific graphs compare them);
//! - a half eye's key point (its first attack point, where either side
//!   settles the diagonal) is added as a marginal vertex adjacent to the
//!   half eye ("the vertex at b is added to the eyespace as a marginal
//!   vertex"); two eye points are adjacent when they are board neighbours,
//!   a key point only to its half eye(s), and a key point that is already
//!   an eye point of the space adds nothing. (Joining the key point to its
//!   board neighbours in the space too, or adding a key edge to an eye
//!   point, turned graphs GNU Go's `eyes.db` matches into graphs it does
//!   not: with GNU Go's graphs and the size guess, the values of the
//!   spaces GNU Go partitions as katachi does went from 99.2% to 100%
//!   agreement, `tests/eyes_gnugo.rs`.)
//!
//! Where neither the database nor the solver answers (a space larger than
//! [`SOLVER_MAX_VERTICES`]), the value is guessed from the sizes as GNU Go
//! 3.8 guesses for a space its database lacks ([`guess`]; the manual says
//! {2|2}, but its `eye_data` answers follow `esize - 2 * msize`: above 3
//! `2222`, above 0 `1111`, else `0000`, on every such space of the 20
//! positions of `tests/eyes_gnugo.rs`), with no vital points.
//! [`Fallback::Guess`] uses the guess instead of the solver too, to
//! measure how far the solver moves the values from GNU Go's. [`EyeValues`] keeps the answers per eye space,
//! computed on first use; [`EyeValues::hook`] is the eyes stage's
//! [`EyeValueFn`](crate::eyes::EyeValueFn).

use std::cell::OnceCell;
use std::sync::Arc;

use katachi_board::{Board, Color, Point};
use katachi_patterns::eyegraph::{EvaluationSource, EyeGraphDb, EyeSpaceGraph, SpaceVertex};

use crate::eyes::{EyeKind, EyeSpace, EyeValue, Eyes};

/// Spaces larger than this are not read by the solver: GNU Go's {2|2}
/// assumption holds for them (the solver's own limit is 14 vertices, but
/// its node budget makes spaces near that limit take seconds).
pub const SOLVER_MAX_VERTICES: usize = 10;

/// Where an eye value comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueSource {
    /// The named graph of the eye-graph database matched.
    Graph(String),
    /// No graph matched; the local-game solver read the space.
    Solver,
    /// Neither answered: guessed from the sizes ([`guess`]).
    Guessed,
}

/// What values a space that no database graph matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fallback {
    /// The local-game solver, up to [`SOLVER_MAX_VERTICES`]; the size
    /// guess beyond.
    #[default]
    Solver,
    /// The size guess always (GNU Go 3.8's behaviour).
    Guess,
}

/// GNU Go 3.8's value for an eye space its database lacks, as measured
/// black-box: by `esize - 2 * msize` (the inner points left once each
/// marginal point is paired with one the opponent can take), more than 3
/// is two eyes, more than 0 one eye, else none.
pub fn guess(esize: usize, msize: usize) -> EyeValue {
    let inner = esize as i64 - 2 * msize as i64;
    let n = if inner > 3 {
        2
    } else if inner > 0 {
        1
    } else {
        0
    };
    EyeValue {
        a: n,
        b: n,
        c: n,
        d: n,
    }
}

/// The value of one eye space with its vital points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeVerdict {
    /// The four-value eye value.
    pub value: EyeValue,
    /// The vital points for the attacker, on the board.
    pub attack_points: Vec<Point>,
    /// The vital points for the defender, on the board.
    pub defense_points: Vec<Point>,
    /// Who answered.
    pub source: ValueSource,
}

impl EyeVerdict {
    /// GNU Go's `eval_eye` attack point: the first vital attack point,
    /// when the minimum and maximum number of eyes differ.
    pub fn attack_point(&self) -> Option<Point> {
        (self.value.b != self.value.c)
            .then(|| self.attack_points.first().copied())
            .flatten()
    }

    /// The first vital defence point, when min and max differ.
    pub fn defense_point(&self) -> Option<Point> {
        (self.value.b != self.value.c)
            .then(|| self.defense_points.first().copied())
            .flatten()
    }
}

/// The graph of an eye space and the board point of each vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceGraph {
    /// The graph looked up and solved.
    pub graph: EyeSpaceGraph,
    /// `points[v]`: the board point of vertex `v`.
    pub points: Vec<Point>,
}

/// The graph of `space` (see the module doc).
pub fn space_graph(board: &Board, eyes: &Eyes, space: &EyeSpace) -> SpaceGraph {
    let ce = eyes.of(space.color);
    let opponent = space.color.opponent().cell();
    let edges = |p: Point| {
        board
            .neighbors(p)
            .iter()
            .filter(|&&q| !board.on_board(q))
            .count() as u8
    };
    let mut graph = EyeSpaceGraph::new();
    let mut points = Vec::new();
    for &p in &space.points {
        let marginal = ce.point(p).is_some_and(|e| e.marginal);
        graph.add_vertex(SpaceVertex {
            marginal,
            stone: board.cell(p) == opponent,
            edges: edges(p),
        });
        points.push(p);
    }
    // Half eyes' key points, as marginal vertices.
    let mut key_edges = Vec::new();
    for (v, &p) in space.points.iter().enumerate() {
        let Some(h) = ce.half_eye(p) else { continue };
        if h.kind != EyeKind::Half {
            continue;
        }
        let Some(&key) = h.attack_points.first() else {
            continue;
        };
        if space.points.contains(&key) {
            continue;
        }
        let k = match points.iter().position(|&q| q == key) {
            Some(k) => k,
            None => {
                points.push(key);
                graph.add_vertex(SpaceVertex {
                    marginal: true,
                    stone: board.cell(key) == opponent,
                    edges: edges(key),
                })
            }
        };
        key_edges.push((v, k));
    }
    let n = space.points.len();
    for a in 0..n {
        for b in a + 1..n {
            if board.neighbors(points[a]).contains(&points[b]) {
                graph.add_edge(a, b);
            }
        }
    }
    for (v, k) in key_edges {
        graph.add_edge(v, k);
    }
    SpaceGraph { graph, points }
}

/// The value and vital points of `space` from `db`, else the solver, else
/// the size guess.
pub fn evaluate(db: &EyeGraphDb, board: &Board, eyes: &Eyes, space: &EyeSpace) -> EyeVerdict {
    evaluate_with(db, board, eyes, space, Fallback::Solver)
}

/// [`evaluate`] with the given fallback for spaces no graph matches.
pub fn evaluate_with(
    db: &EyeGraphDb,
    board: &Board,
    eyes: &Eyes,
    space: &EyeSpace,
    fallback: Fallback,
) -> EyeVerdict {
    let sg = space_graph(board, eyes, space);
    let found = lookup_or_solve(db, &sg, fallback);
    let to_points = |vs: Vec<usize>| -> Vec<Point> {
        vs.into_iter()
            .filter_map(|v| sg.points.get(v).copied())
            .collect()
    };
    verdict(found, space, to_points)
}

/// A graph's key in the memo: whether the solver may be used, the
/// vertices and the adjacency.
type MemoKey = (bool, Vec<SpaceVertex>, Vec<Vec<usize>>);

/// What the database or the solver says of a graph (vertex indices).
type Found = Option<(
    katachi_patterns::eyegraph::EyeValue,
    Vec<usize>,
    Vec<usize>,
    EvaluationSource,
)>;

/// Graphs remembered per thread before the memo is emptied.
const MEMO_MAX: usize = 20_000;

/// The memo of one database (held, so that its address cannot be reused
/// by another while the memo lives).
type Memo = Option<(Arc<EyeGraphDb>, std::collections::HashMap<MemoKey, Found>)>;

thread_local! {
    static MEMO: std::cell::RefCell<Memo> = const { std::cell::RefCell::new(None) };
}

/// [`evaluate_with`] through a per-thread memo of graphs: owl examines
/// many positions whose eye spaces repeat, and the answer for a graph is
/// kept instead of being looked up or solved again. The memo belongs to
/// one database and is emptied when another is used or it grows large.
pub fn evaluate_memo(
    db: &Arc<EyeGraphDb>,
    board: &Board,
    eyes: &Eyes,
    space: &EyeSpace,
    fallback: Fallback,
) -> EyeVerdict {
    let sg = space_graph(board, eyes, space);
    let key: MemoKey = (
        fallback == Fallback::Solver,
        sg.graph.vertices.clone(),
        sg.graph.adjacency.clone(),
    );
    let known = MEMO.with(|m| match &*m.borrow() {
        Some((d, map)) if Arc::ptr_eq(d, db) => map.get(&key).cloned(),
        _ => None,
    });
    let found = known.unwrap_or_else(|| {
        let found = lookup_or_solve(db, &sg, fallback);
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            let fresh = match &*m {
                Some((d, map)) => !Arc::ptr_eq(d, db) || map.len() >= MEMO_MAX,
                None => true,
            };
            if fresh {
                *m = Some((db.clone(), std::collections::HashMap::new()));
            }
            if let Some((_, map)) = m.as_mut() {
                map.insert(key, found.clone());
            }
        });
        found
    });
    let to_points = |vs: Vec<usize>| -> Vec<Point> {
        vs.into_iter()
            .filter_map(|v| sg.points.get(v).copied())
            .collect()
    };
    verdict(found, space, to_points)
}

fn lookup_or_solve(db: &EyeGraphDb, sg: &SpaceGraph, fallback: Fallback) -> Found {
    match db.lookup(&sg.graph) {
        Some(m) => Some((
            m.value(),
            m.attack_points(),
            m.defense_points(),
            EvaluationSource::Graph(m.graph.name.clone()),
        )),
        None if fallback == Fallback::Solver && sg.graph.len() <= SOLVER_MAX_VERTICES => {
            katachi_patterns::eyegraph::solve(&sg.graph).map(|s| {
                (
                    s.value,
                    s.attack_points,
                    s.defense_points,
                    EvaluationSource::Solver,
                )
            })
        }
        None => None,
    }
}

fn verdict(
    found: Found,
    space: &EyeSpace,
    to_points: impl Fn(Vec<usize>) -> Vec<Point>,
) -> EyeVerdict {
    match found {
        Some((v, attack, defense, source)) => EyeVerdict {
            value: EyeValue {
                a: v.a,
                b: v.b,
                c: v.c,
                d: v.d,
            },
            attack_points: to_points(attack),
            defense_points: to_points(defense),
            source: match source {
                EvaluationSource::Graph(name) => ValueSource::Graph(name),
                EvaluationSource::Solver => ValueSource::Solver,
            },
        },
        None => EyeVerdict {
            value: guess(space.esize(), space.msize),
            attack_points: Vec::new(),
            defense_points: Vec::new(),
            source: ValueSource::Guessed,
        },
    }
}

/// The eye values of one position, per eye space, each computed on first
/// use.
#[derive(Debug)]
pub struct EyeValues {
    db: Arc<EyeGraphDb>,
    fallback: Fallback,
    black: Vec<OnceCell<EyeVerdict>>,
    white: Vec<OnceCell<EyeVerdict>>,
}

impl EyeValues {
    /// Room for the values of `eyes`' spaces, valued with `db` and the
    /// solver.
    pub fn new(eyes: &Eyes, db: Arc<EyeGraphDb>) -> EyeValues {
        EyeValues::with_fallback(eyes, db, Fallback::Solver)
    }

    /// [`EyeValues::new`] with the given fallback.
    pub fn with_fallback(eyes: &Eyes, db: Arc<EyeGraphDb>, fallback: Fallback) -> EyeValues {
        let cells = |c: Color| {
            (0..eyes.of(c).spaces.len())
                .map(|_| OnceCell::new())
                .collect()
        };
        EyeValues {
            db,
            fallback,
            black: cells(Color::Black),
            white: cells(Color::White),
        }
    }

    /// The verdict on `space` (one of `eyes`' spaces, the eyes this value
    /// was made for).
    pub fn of_space(&self, board: &Board, eyes: &Eyes, space: &EyeSpace) -> Option<&EyeVerdict> {
        let k = eyes.of(space.color).point(space.origin).map(|e| e.space)?;
        let cells = match space.color {
            Color::Black => &self.black,
            Color::White => &self.white,
        };
        let cell = cells.get(k)?;
        Some(cell.get_or_init(|| evaluate_memo(&self.db, board, eyes, space, self.fallback)))
    }

    /// The verdict on the eye space of `color` at `p`, if `p` is one of its
    /// eye points.
    pub fn at(&self, board: &Board, eyes: &Eyes, color: Color, p: Point) -> Option<&EyeVerdict> {
        let space = eyes.of(color).space_of(p)?;
        self.of_space(board, eyes, space)
    }

    /// The eyes stage's value hook answered by these values.
    pub fn hook(&self) -> impl Fn(&Board, &Eyes, &EyeSpace) -> Option<EyeValue> + '_ {
        move |board: &Board, eyes: &Eyes, space: &EyeSpace| {
            self.of_space(board, eyes, space).map(|v| v.value)
        }
    }

    /// GNU Go's `eval_eye` answer for `p`: `-1` when `p` is in no eye
    /// space; else the minimum and maximum number of eyes, with an attack
    /// and a defence point when they differ. A point in both colours' eye
    /// spaces is valued as black's: GNU Go 3.8 does so (9handicap.sgf move
    /// 80, B2, in black's space B2 and white's A8, answers black's
    /// `0 1 B2 B2`), although its manual says `-1` for "not of unique
    /// color".
    pub fn format_eval_eye(&self, board: &Board, eyes: &Eyes, p: Point) -> String {
        let color = if eyes.of(Color::Black).point(p).is_some() {
            Color::Black
        } else if eyes.of(Color::White).point(p).is_some() {
            Color::White
        } else {
            return "-1".to_string();
        };
        let Some(v) = self.at(board, eyes, color, p) else {
            return "-1".to_string();
        };
        let mut out = format!("{} {}", v.value.b, v.value.c);
        if let (Some(a), Some(d)) = (v.attack_point(), v.defense_point()) {
            out.push_str(&format!(" {} {}", board.vertex(a), board.vertex(d)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_tactics::reading::{ReadConfig, Reader};
    use katachi_tactics::worms::Worms;

    fn eyes_of(rows: &str, to_move: Color) -> (Board, Eyes) {
        let mut b = Board::from_ascii(rows).expect("board");
        b.set_to_move(to_move);
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let w = Worms::compute(&b, &mut r);
        let e = Eyes::compute(&b, &w, &mut r);
        (b, e)
    }

    fn db() -> Arc<EyeGraphDb> {
        let (_, db) = katachi_patterns::database::embedded_eyegraphs()
            .iter()
            .find(|(n, _)| *n == "eyes")
            .expect("embedded");
        Arc::new(db.clone())
    }

    /// eyes.texi's half-eye example ("Graphs"): White's space `a...` in
    /// the top row with its key point below a.
    const MANUAL_HALF_EYE: &str = "XXOOOOOX.
             XO....OX.
             X.OOOOOX.
             XXXXXXXX.
             .........
             .........
             .........
             .........
             .........";

    #[test]
    fn the_manuals_half_eye_gets_its_key_point_as_a_marginal_vertex() {
        // eyes.texi, "Graphs": a is a half eye whose key point is b; the
        // space `a...` becomes `!....`-like with b joined to a only.
        let (b, eyes) = eyes_of(MANUAL_HALF_EYE, Color::White);
        let a = b.parse_vertex("C8").expect("C8");
        let key = b.parse_vertex("B7").expect("B7");
        let h = eyes.of(Color::White).half_eye(a).expect("examined");
        assert_eq!(
            (h.kind, h.attack_points.clone()),
            (EyeKind::Half, vec![key])
        );
        let space = eyes.of(Color::White).space_of(a).expect("an eye space");
        let sg = space_graph(&b, &eyes, space);
        let names: Vec<String> = sg.points.iter().map(|&p| b.vertex(p)).collect();
        assert_eq!(names, ["C8", "D8", "E8", "F8", "B7"]);
        assert!(sg.graph.vertices[4].marginal && !sg.graph.vertices[0].marginal);
        assert_eq!(
            sg.graph.adjacency[4],
            vec![0],
            "the key point joins its half eye only"
        );
        // The manual's {2|1}; GNU Go 3.8 prints 1122 and `1 2 E8 B7`.
        let values = EyeValues::new(&eyes, db());
        let v = values.at(&b, &eyes, Color::White, a).expect("valued");
        assert_eq!(v.value.digits(), "1122");
        let e8 = b.parse_vertex("E8").expect("E8");
        assert_eq!(v.attack_point(), Some(e8));
        assert!(v.defense_points.contains(&key) && v.defense_points.contains(&e8));
        assert!(values.format_eval_eye(&b, &eyes, a).starts_with("1 2 E8 "));
        let hook = values.hook();
        let text = eyes.format_eye_data(&b, Color::White, a, Some(&hook));
        assert!(text.contains("value                1122"), "{text}");
        // A black stone is in no eye space: -1, as GNU Go.
        let x = b.parse_vertex("A9").expect("A9");
        assert_eq!(values.format_eval_eye(&b, &eyes, x), "-1");
    }

    #[test]
    fn the_size_guess_follows_inner_points() {
        assert_eq!(guess(12, 6).digits(), "0000");
        assert_eq!(guess(7, 3).digits(), "1111");
        assert_eq!(guess(10, 2).digits(), "2222");
    }

    #[test]
    fn a_replaced_eye_database_answers() {
        let (b, eyes) = eyes_of(MANUAL_HALF_EYE, Color::White);
        // A graph for exactly this shape with a made-up value: the
        // database, not the solver, answers.
        let text = "Pattern odd\n\n!.*..\n\n:0002\n";
        let (db, diags) = katachi_patterns::eyegraph::parse_eyegraphs(text, "odd.eyedb");
        assert!(diags.is_empty(), "{diags:?}");
        let values = EyeValues::new(&eyes, Arc::new(db));
        let a = b.parse_vertex("C8").expect("C8");
        let v = values.at(&b, &eyes, Color::White, a).expect("valued");
        assert_eq!(v.source, ValueSource::Graph("odd".into()));
        assert_eq!(v.value.digits(), "0002");
        let d8 = b.parse_vertex("D8").expect("D8");
        assert_eq!(v.attack_points, vec![d8]);
    }

    #[test]
    fn the_memo_answers_as_the_database_and_follows_a_new_database() {
        let (b, eyes) = eyes_of(MANUAL_HALF_EYE, Color::White);
        let a = b.parse_vertex("C8").expect("C8");
        let space = eyes.of(Color::White).space_of(a).expect("space");
        let embedded = db();
        let direct = evaluate_with(&embedded, &b, &eyes, space, Fallback::Solver);
        for _ in 0..2 {
            let memo = evaluate_memo(&embedded, &b, &eyes, space, Fallback::Solver);
            assert_eq!(memo, direct);
        }
        // Another database for the same graph: its own answer, not the
        // remembered one.
        let text = "Pattern odd\n\n!.*..\n\n:0002\n";
        let (odd, diags) = katachi_patterns::eyegraph::parse_eyegraphs(text, "odd.eyedb");
        assert!(diags.is_empty(), "{diags:?}");
        let odd = Arc::new(odd);
        let memo = evaluate_memo(&odd, &b, &eyes, space, Fallback::Solver);
        assert_eq!(memo.value.digits(), "0002");
        assert_ne!(memo, direct);
    }
}
