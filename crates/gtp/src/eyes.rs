//! GNU Go's eye commands (gtp-commands.texi): `eye_data COLOR VERTEX`
//! (the eye space of COLOR at VERTEX: origin, colour, esize, msize, value,
//! marginal, neighbours, marginal neighbours) and `half_eye_data VERTEX`
//! (the topological value, type and the attack and defence points of the
//! diagonals) and `eval_eye VERTEX` (the minimum and maximum number of
//! eyes of the eye space at VERTEX, with an attack and a defence point when
//! they differ; `-1` for a point in no eye space or in both colours'), in
//! GNU Go 3.8's formats, read from the eyes and eye-value stages of the
//! position's [`katachi_engine::analysis::Analysis`]. The `value` row of
//! `eye_data` is the eye-value stage's four-digit value (`0000` for a
//! point outside every eye space, as GNU Go).//!
//! Two commands examine eye shapes rather than the position:
//! - `analyze_eyegraph GRAPH`: the eye value and vital points of an eye
//!   graph written in the `eyes.db` notation, encoded for one GTP line as
//!   GNU Go encodes it (`%` for a new row, `O` for a blank): the answer is
//!   the four digits, then the graph with its vital points marked (`*`
//!   attack and defence, `<` attack, `>` defence; `@`, `(`, `)` on a
//!   marginal vertex), rows padded to one width, as GNU Go 3.8 prints
//!   them. katachi reads the graph with its local-game solver
//!   (`katachi_patterns::eyegraph::solve`), where GNU Go builds the shape
//!   on a board and reads it; the values may differ where the two models
//!   do (see `crates/patterns/EYES.md`). `|`, `-` and `+` mark the board
//!   edge, as in the database (GNU Go's command ignores them). A symbol
//!   outside the notation is refused with its column (GNU Go reads it as
//!   a blank), and so is a graph too large for the solver.
//! - `test_eyeshape VERTEX...`: builds the shape on an empty board of the
//!   current size (the vertices empty, every other point next to them,
//!   diagonals included, a White stone; the session's position is left
//!   alone), and checks the engine's evaluation of White's eye spaces
//!   there for consistency: the value the eye-value stage gives (the eye
//!   database, else the solver) against the solver's reading of the same
//!   graph, and each vital point against the position after it is played
//!   (after Black's attack point, White to move must get the attacked
//!   value; after White's defence point, Black to move the defended one;
//!   checked when the spaces left are at most one unsettled). Failures go
//!   to standard error, one report each with the board, and the answer is
//!   empty, as GNU Go's (whose check compares with its owl reading).

use katachi_board::{Board, Color, Move, Point};
use katachi_engine::analysis::Analysis;
use katachi_engine::eye_values::space_graph;
use katachi_engine::eyes::Eyes;
use katachi_patterns::eyegraph::{solve, EyeSpaceGraph};

use crate::analysis::current_analysis;
use crate::args::Args;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Register `eye_data`, `half_eye_data` and `eval_eye`.
pub fn register(r: &mut Registry) {
    r.add("eye_data", eye_data)
        .gogui("string/Eye data (black)/eye_data black %p")
        .gogui("string/Eye data (white)/eye_data white %p");
    r.add("half_eye_data", half_eye_data)
        .gogui("string/Half eye data/half_eye_data %p");
    r.add("eval_eye", eval_eye)
        .gogui("string/Evaluate eye/eval_eye %p");
    r.add("analyze_eyegraph", analyze_eyegraph);
    r.add("test_eyeshape", test_eyeshape);
}

/// `analyze_eyegraph GRAPH` (see the module doc).
fn analyze_eyegraph(_: &mut Session, a: &Args<'_>) -> Reply {
    let coded = a.words().join(" ");
    match eyegraph_answer(&coded) {
        Ok(text) => Ok(text),
        Err(message) => fail(&message),
    }
}

/// The answer of `analyze_eyegraph` to `coded`, or the failure message.
pub fn eyegraph_answer(coded: &str) -> Result<String, String> {
    if coded.trim().is_empty() {
        return Err("bad eyeshape: empty eye graph".to_string());
    }
    let mut rows: Vec<Vec<char>> = vec![Vec::new()];
    for (k, ch) in coded.chars().enumerate() {
        match ch {
            '%' => rows.push(Vec::new()),
            'O' | ' ' => rows.last_mut().expect("a row").push(' '),
            '.' | '!' | 'X' | '$' | '*' | '<' | '>' | '@' | '(' | ')' | '|' | '-' | '+' => {
                rows.last_mut().expect("a row").push(ch)
            }
            _ => {
                return Err(format!(
                    "bad eyeshape: {ch:?} at column {} is not an eye-graph symbol \
                     (. ! X $ * < > @ ( ) | - +, O for a blank, % for a new row)",
                    k + 1
                ))
            }
        }
    }
    let text: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    let refs: Vec<&str> = text.iter().map(String::as_str).collect();
    let graph = EyeSpaceGraph::from_diagram(&refs)
        .ok_or_else(|| "bad eyeshape: not a diagram of the eyes.db notation".to_string())?;
    if graph.is_empty() {
        return Err("bad eyeshape: no vertex".to_string());
    }
    let solution = solve(&graph).ok_or_else(|| {
        format!(
            "analysis failed: the solver reads at most {} vertices within its node budget ({} given)",
            katachi_patterns::eyegraph::solve::MAX_VERTICES,
            graph.len()
        )
    })?;
    // Vertices are numbered as `from_diagram` numbers them: row by row,
    // each symbol other than a blank or an edge mark.
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut v = 0;
    let mut out = solution.value.to_string();
    for row in &rows {
        out.push('\n');
        for k in 0..width {
            let ch = row.get(k).copied().unwrap_or(' ');
            if matches!(ch, ' ' | '|' | '-' | '+') {
                out.push(ch);
                continue;
            }
            let attack = solution.attack_points.contains(&v);
            let defense = solution.defense_points.contains(&v);
            let marginal = matches!(ch, '!' | '@' | '(' | ')' | '$');
            let stone = matches!(ch, 'X' | '$');
            out.push(match (stone, marginal, attack, defense) {
                (true, _, _, _) => ch,
                (false, false, true, true) => '*',
                (false, false, true, false) => '<',
                (false, false, false, true) => '>',
                (false, false, false, false) => '.',
                (false, true, true, true) => '@',
                (false, true, true, false) => '(',
                (false, true, false, true) => ')',
                (false, true, false, false) => '!',
            });
            v += 1;
        }
    }
    Ok(out)
}

/// `test_eyeshape VERTEX...` (see the module doc).
fn test_eyeshape(s: &mut Session, a: &Args<'_>) -> Reply {
    let size = s.board().size();
    let mut shape = Vec::new();
    for i in 0..a.len() {
        let Some(p) = a.vertex(i, s.board()) else {
            return fail("invalid coordinate");
        };
        shape.push(s.board().row_col(p));
    }
    let config = s.config().analysis.clone();
    for report in eyeshape_reports(size, &shape, &config) {
        eprintln!("{report}");
    }
    Ok(String::new())
}

/// The consistency failures of the eye shape `shape` (rows and columns
/// from the top left) on an empty `size` board walled in by White (see the
/// module doc); empty when every check holds.
pub fn eyeshape_reports(
    size: usize,
    shape: &[(usize, usize)],
    config: &katachi_engine::analysis::AnalysisConfig,
) -> Vec<String> {
    let Ok(mut board) = Board::new(size) else {
        return vec![format!("no {size}x{size} board")];
    };
    let points: Vec<Point> = shape
        .iter()
        .filter_map(|&(r, c)| board.point(r, c))
        .collect();
    let near = |p: Point, board: &Board| {
        board
            .neighbors(p)
            .into_iter()
            .chain(board.diagonals(p))
            .filter(|&q| board.on_board(q))
            .collect::<Vec<_>>()
    };
    for &p in &points {
        for q in near(p, &board) {
            if !points.contains(&q) {
                board.set_stone(q, Some(Color::White));
            }
        }
    }
    board.set_to_move(Color::White);
    let mut reports = Vec::new();
    let analysis = Analysis::new(board.clone(), config.clone());
    let outside: Vec<String> = points
        .iter()
        .filter(|&&p| analysis.eyes().of(Color::White).point(p).is_none())
        .map(|&p| board.vertex(p))
        .collect();
    if !outside.is_empty() {
        reports.push(format!(
            "{} not in White's eye space:{}",
            outside.join(" "),
            board.showboard()
        ));
    }
    let eyes = analysis.eyes();
    let values = analysis.eye_values();
    let spaces: Vec<_> = eyes
        .of(Color::White)
        .spaces
        .iter()
        .filter(|sp| sp.points.iter().any(|p| points.contains(p)))
        .collect();
    for space in spaces {
        let Some(verdict) = values.of_space(&board, eyes, space) else {
            continue;
        };
        let at = board.vertex(space.origin);
        let value = verdict.value;
        let graph = space_graph(&board, eyes, space);
        if let Some(solved) = solve(&graph.graph) {
            let v = solved.value;
            if (v.a, v.b, v.c, v.d) != (value.a, value.b, value.c, value.d) {
                reports.push(format!(
                    "eye space at {at}: evaluated {} ({:?}), read {v} by the solver:{}",
                    value.digits(),
                    verdict.source,
                    board.showboard()
                ));
            }
        }
        // The vital points as the database and the solver mark them: when
        // `b < c`, Black's attack leaves White to move `b` eyes and White's
        // defence leaves Black to move `c`; otherwise they are the moves
        // that matter when one side plays twice: after Black's attack,
        // Black to move again gets `a`; after White's defence, White to
        // move again gets `d`.
        let (after_attack, after_defense) = if value.b < value.c {
            ((value.b, Color::White), (value.c, Color::Black))
        } else {
            ((value.a, Color::Black), (value.d, Color::White))
        };
        let tries = verdict
            .attack_points
            .iter()
            .map(|&p| (Color::Black, p, after_attack.0, after_attack.1))
            .chain(
                verdict
                    .defense_points
                    .iter()
                    .map(|&p| (Color::White, p, after_defense.0, after_defense.1)),
            );
        for (mover, p, expected, next) in tries {
            let mut after = board.clone();
            if after.play(mover, Move::Play(p)).is_err() {
                reports.push(format!(
                    "eye space at {at}: vital point {} is not a legal {mover:?} move",
                    board.vertex(p)
                ));
                continue;
            }
            after.set_to_move(next);
            if let Some(eyes_after) = eyes_in_shape(&after, &points, next, config) {
                if eyes_after != expected {
                    let role = if mover == Color::Black {
                        "attacks"
                    } else {
                        "defends"
                    };
                    reports.push(format!(
                        "eye space at {at} ({}): {} {role}, but then {next:?} to move gets {eyes_after} eye(s), not {expected}:{}",
                        value.digits(),
                        board.vertex(p),
                        after.showboard()
                    ));
                }
            }
        }
    }
    reports
}

/// The eyes White gets from its eye spaces inside `shape` on `board`
/// with `to_move` to play, when at most one of them is unsettled (its
/// value then decides; the settled ones add their eyes), capped at two;
/// `None` when several are unsettled (not combined here).
fn eyes_in_shape(
    board: &Board,
    shape: &[Point],
    to_move: Color,
    config: &katachi_engine::analysis::AnalysisConfig,
) -> Option<u8> {
    let analysis = Analysis::new(board.clone(), config.clone());
    let eyes = analysis.eyes();
    let values = analysis.eye_values();
    let mut settled = 0u8;
    let mut open = None;
    for space in &eyes.of(Color::White).spaces {
        if !space.points.iter().any(|p| shape.contains(p)) {
            continue;
        }
        let v = values.of_space(board, eyes, space)?.value;
        if v.b == v.c {
            settled += v.b;
        } else if open.replace(v).is_some() {
            return None;
        }
    }
    let unsettled = open.map_or(0, |v| if to_move == Color::Black { v.b } else { v.c });
    Some((settled + unsettled).min(2))
}

fn eye_data(s: &mut Session, a: &Args<'_>) -> Reply {
    // GNU Go's one message for both arguments; `PASS` is in no eye space.
    let Some(color) = a.color(0) else {
        return fail("invalid color or coordinate");
    };
    if a.get(1).is_some_and(|w| w.eq_ignore_ascii_case("pass")) {
        return Ok(Eyes::format_no_eye_data());
    }
    let Some(p) = a.vertex(1, s.board()) else {
        return fail("invalid color or coordinate");
    };
    let board = s.board().clone();
    let analysis = current_analysis(s);
    let hook = analysis.eye_values().hook();
    Ok(analysis
        .eyes()
        .format_eye_data(&board, color, p, Some(&hook)))
}

fn eval_eye(s: &mut Session, a: &Args<'_>) -> Reply {
    let Some(p) = a.vertex(0, s.board()) else {
        return fail("invalid coordinate");
    };
    let board = s.board().clone();
    let analysis = current_analysis(s);
    Ok(analysis
        .eye_values()
        .format_eval_eye(&board, analysis.eyes(), p))
}

fn half_eye_data(s: &mut Session, a: &Args<'_>) -> Reply {
    let Some(p) = a.vertex(0, s.board()) else {
        return fail("invalid coordinate");
    };
    let board = s.board().clone();
    let eyes = current_analysis(s).eyes();
    Ok(eyes.format_half_eye_data(&board, p))
}

#[cfg(test)]
mod tests {
    use super::{eyegraph_answer, eyeshape_reports};
    use crate::commands::testing::serve_script as run;

    #[test]
    fn analyze_eyegraph_prints_the_value_and_the_vital_points() {
        // GNU Go 3.8's answers to these graphs, value and marks alike:
        // straight three (vital point in the middle), straight four, a
        // 2x3 rectangle, a cross missing an arm, a dead stone beside a
        // point, the square of four.
        let out = run("1 analyze_eyegraph ...\n\
                       2 analyze_eyegraph ....\n\
                       3 analyze_eyegraph ...%...\n\
                       4 analyze_eyegraph .%...%.\n\
                       5 analyze_eyegraph .X\n\
                       6 analyze_eyegraph ..%..\n");
        assert!(out.contains("=1 1122\n.*.\n\n"), "{out}");
        assert!(out.contains("=2 1222\n.<<.\n\n"), "{out}");
        // The 2x3 rectangle: GNU Go's value, but GNU Go marks only the
        // two middle points where the solver finds every point an attack
        // when the attacker moves twice (EYES.md: the database's marks are
        // often a subset of the solver's).
        assert!(out.contains("=3 1222\n<<<\n<<<\n\n"), "{out}");
        assert!(out.contains("=4 1222\n.  \n<<.\n.  \n\n"), "{out}");
        assert!(out.contains("=5 1111\n.X\n\n"), "{out}");
        // The square of four: one eye, two if the defender plays twice.
        assert!(out.contains("=6 1112\n>>\n>>\n\n"), "{out}");
    }

    #[test]
    fn analyze_eyegraph_refuses_bad_graphs_with_the_place() {
        let out = run("1 analyze_eyegraph .q.\n2 analyze_eyegraph\n\
                       3 analyze_eyegraph ...............%...\n");
        assert!(
            out.contains("?1 bad eyeshape: 'q' at column 2 is not an eye-graph symbol"),
            "{out}"
        );
        assert!(out.contains("?2 bad eyeshape: empty eye graph"), "{out}");
        assert!(
            out.contains("?3 analysis failed: the solver reads at most"),
            "{out}"
        );
        let answer = eyegraph_answer("OO!%O.X%!...").expect("the manual's example");
        assert!(answer.starts_with("0112\n"), "{answer}");
        assert_eq!(answer.lines().count(), 4, "{answer}");
        assert!(answer.lines().skip(1).all(|l| l.len() == 4), "{answer}");
    }

    #[test]
    fn test_eyeshape_answers_empty_and_refuses_bad_vertices() {
        let out = run(
            "boardsize 9\n1 test_eyeshape E5 E6 E4\n2 test_eyeshape Z1\n\
                       3 test_eyeshape A1 A2\n4 showboard\n",
        );
        assert!(out.contains("=1 \n\n"), "{out}");
        assert!(out.contains("?2 invalid coordinate\n"), "{out}");
        assert!(out.contains("=3 \n\n"), "{out}");
        // The session's board is left empty.
        assert!(!out.contains(" O "), "{out}");
    }

    #[test]
    fn test_eyeshape_reports_nothing_on_straight_three_and_finds_a_wrong_database() {
        let config = katachi_engine::analysis::AnalysisConfig::default();
        // Straight three in the centre of a 9x9 board: 1122, vital point
        // in the middle; playing it gives what the value says.
        let three = [(4, 3), (4, 4), (4, 5)];
        let reports = eyeshape_reports(9, &three, &config);
        assert!(reports.is_empty(), "{reports:#?}");
        // A database claiming straight three is two eyes outright
        // disagrees with the solver, and is reported.
        let wrong = with_eyedb("Pattern Wrong3\n\n...\n\n:2222\n");
        let reports = eyeshape_reports(9, &three, &wrong);
        assert!(
            reports.iter().any(|r| r.contains("evaluated 2222")),
            "{reports:#?}"
        );
        // A database with the right value but the vital point on an end
        // of the three: after Black plays there, White still makes two
        // eyes in the middle, which the check finds.
        let wrong = with_eyedb("Pattern WrongPoint\n\n<..\n\n:1122\n");
        let reports = eyeshape_reports(9, &three, &wrong);
        assert!(
            reports
                .iter()
                .any(|r| r
                    .contains("(1122): D5 attacks, but then White to move gets 2 eye(s), not 1")),
            "{reports:#?}"
        );
        // More shapes the embedded database and the solver value alike,
        // vital points included: bent three in the corner, the square,
        // the pyramid, the cross, straight four on the edge, straight five.
        let shapes: [&[(usize, usize)]; 6] = [
            &[(8, 0), (8, 1), (8, 2)],
            &[(8, 0), (8, 1), (7, 0), (7, 1)],
            &[(4, 3), (4, 4), (4, 5), (3, 4)],
            &[(4, 3), (4, 4), (4, 5), (3, 4), (5, 4)],
            &[(8, 0), (8, 1), (8, 2), (8, 3)],
            &[(4, 2), (4, 3), (4, 4), (4, 5), (4, 6)],
        ];
        for shape in shapes {
            let reports = eyeshape_reports(9, shape, &config);
            assert!(reports.is_empty(), "{shape:?}: {reports:#?}");
        }
    }

    fn with_eyedb(text: &str) -> katachi_engine::analysis::AnalysisConfig {
        let (db, diags) = katachi_patterns::eyegraph::parse_eyegraphs(text, "test.eyedb");
        assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
        let knowledge = katachi_engine::knowledge::Knowledge::embedded().with_eye_db(
            db,
            katachi_engine::knowledge::Source::File("test.eyedb".into()),
        );
        katachi_engine::analysis::AnalysisConfig {
            knowledge: std::sync::Arc::new(knowledge),
            ..katachi_engine::analysis::AnalysisConfig::default()
        }
    }

    #[test]
    fn eye_data_and_half_eye_data_answer_in_gnugo_format() {
        // A white corner eye at A9 with a marginal B9/A8 pair: GNU Go 3.8
        // prints the same rows (its value row reads 0111 there).
        let out = run("boardsize 9\nplay w B8\nplay b J1\nplay w C9\nplay b J2\n\
             play w A7\nplay b J3\n1 eye_data white A9\n2 half_eye_data A9\n\
             3 eye_data black A9\n4 eye_data white Z9\n5 half_eye_data E5\n\
             6 eye_data black pass\n7 half_eye_data Z9\n8 eye_data purple A9\n\
             9 eval_eye A9\n10 eval_eye B8\n11 eval_eye Z9\n");
        // GNU Go 3.8's eval_eye answers: the corner eye is one eye unless
        // the attacker moves twice; a stone is in no eye space here.
        assert!(out.contains("=9 1 1\n"), "{out}");
        assert!(out.contains("=10 -1\n"), "{out}");
        assert!(out.contains("?11 invalid coordinate\n"), "{out}");
        // GNU Go 3.8's answers to the last three.
        assert!(
            out.contains("=6 origin               PASS\ncolor                empty\n"),
            "{out}"
        );
        assert!(out.contains("?7 invalid coordinate\n"), "{out}");
        assert!(out.contains("?8 invalid color or coordinate\n"), "{out}");
        assert!(
            out.contains("=1 origin               A9\ncolor                white\n"),
            "{out}"
        );
        assert!(out.contains("esize                3\nmsize                0\nvalue                0111\nmarginal             0\nneighbors            2\nmarginal_neighbors   0\n"), "{out}");
        assert!(out.contains("=3 origin               PASS\ncolor                empty\nesize                0\nmsize                0\nvalue                0000\n"), "{out}");
        assert!(out.contains("?4 invalid color or coordinate\n"), "{out}");
        assert!(out.contains("=5 value                10.00\ntype                 0\nnum_attacks          0\nnum_defenses         0\n"), "{out}");
        // A9 has two neighbours in its eye space: not examined, as GNU Go.
        assert!(out.contains("=2 value                10.00\n"), "{out}");
    }
}
