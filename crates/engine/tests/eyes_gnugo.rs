//! The eyes stage against GNU Go 3.8 itself: on 20 reference positions
//! (every tenth line of `reference/positions.tsv`, GNU Go's game records
//! at a move), katachi's eye spaces and GNU Go's `eye_data` (both colours,
//! every point) and `half_eye_data` (every point) are compared field by
//! field, the agreement printed and held above floors at what was
//! measured; so are the eye values (`eye_data`'s `value` row) and GNU Go's
//! `eval_eye` on every point. The rules the manual leaves open were decided by these
//! figures (see `eyes/domains.rs` and `eyes/topology.rs`).
//!
//! Needs `/usr/games/gnugo` and the shared corpus; skipped with a printed
//! reason when either is missing, unless `KATACHI_REQUIRE_SHARED=1`.
//! `EYES_VERBOSE=1` prints every point whose `half_eye_data` differs,
//! `EYES_VERBOSE_MARGINAL=1` every point whose membership or margin does
//! (`marginal FILE:MOVE COLOUR VERTEX: gnugo 1|0|- mine 1|0|-`).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use katachi_board::{Board, Color, Point};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_engine::eye_values::{EyeValues, Fallback};
use katachi_engine::eyes::EyeKind;
use katachi_patterns::eyegraph::{parse_eyegraphs, EyeGraphDb};
use katachi_sgf::{load_bytes, Target};
use std::sync::Arc;

/// The shared corpus and GNU Go, or `None` (skipped with a printed
/// reason; a failure under `KATACHI_REQUIRE_SHARED=1`).
fn setup() -> Option<(PathBuf, PathBuf)> {
    let shared = katachi_testkit::shared::shared_dir_with(&["gnugo/regression", "reference"])?;
    let gnugo = katachi_testkit::shared::gnugo()?;
    Some((shared, gnugo))
}

/// One answer block: field -> value.
type Block = BTreeMap<String, String>;

fn ask_gnugo(gnugo: &Path, regression: &Path, commands: &[String]) -> Vec<Block> {
    let mut child = Command::new(gnugo)
        .args(["--mode", "gtp"])
        .current_dir(regression)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gnugo starts");
    let mut input = commands.join("\n");
    input.push_str("\nquit\n");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("gnugo answers");
    let text = String::from_utf8(out.stdout).expect("utf8");
    text.split_terminator("\n\n")
        .map(|answer| {
            let body = answer.trim_start_matches('=').trim_start();
            let mut block: Block = body
                .lines()
                .filter_map(|l| {
                    let (k, v) = l.split_once(' ')?;
                    Some((k.to_string(), v.trim().to_string()))
                })
                .collect();
            block.insert("_raw".to_string(), body.trim().to_string());
            block
        })
        .collect()
}

#[derive(Default)]
struct Tally {
    counts: BTreeMap<&'static str, (usize, usize)>,
}

impl Tally {
    fn add(&mut self, field: &'static str, ok: bool) {
        let e = self.counts.entry(field).or_default();
        e.0 += usize::from(ok);
        e.1 += 1;
    }
    fn rate(&self, field: &str) -> f64 {
        let (ok, n) = self.counts.get(field).copied().unwrap_or((0, 0));
        if n == 0 {
            1.0
        } else {
            ok as f64 / n as f64
        }
    }
}

/// Other ways to value the eye spaces, measured beside the analysis's
/// (katachi's graphs, then the solver): (tally label, graphs, fallback).
type Variant = (&'static str, Arc<EyeGraphDb>, Fallback);

fn compare(
    board: &Board,
    analysis: &Analysis,
    variants: &[Variant],
    gnugo: &[Block],
    tally: &mut Tally,
    label: &str,
) {
    let eyes = analysis.eyes();
    let values = analysis.eye_values();
    let others: Vec<(&'static str, EyeValues)> = variants
        .iter()
        .map(|(label, db, fallback)| {
            (
                *label,
                EyeValues::with_fallback(eyes, db.clone(), *fallback),
            )
        })
        .collect();
    let points: Vec<Point> = board.points().collect();
    let k = points.len();
    for (ci, color) in [Color::Black, Color::White].into_iter().enumerate() {
        let word = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        let ce = eyes.of(color);
        for (i, &p) in points.iter().enumerate() {
            let g = &gnugo[ci * k + i];
            let theirs = g.get("color").map(String::as_str) == Some(word);
            let mine = ce.point(p);
            tally.add("membership", theirs == mine.is_some());
            if std::env::var_os("EYES_VERBOSE_MARGINAL").is_some() {
                let gm = g.get("marginal").map(String::as_str);
                let mm = mine.map(|e| if e.marginal { "1" } else { "0" });
                if (theirs != mine.is_some()) || (theirs && gm != mm) {
                    println!(
                        "marginal {label} {word} {}: gnugo {} mine {}",
                        board.vertex(p),
                        if theirs { gm.unwrap_or("?") } else { "-" },
                        mm.unwrap_or("-")
                    );
                }
            }
            if let (true, Some(e)) = (theirs, mine) {
                let space = &ce.spaces[e.space];
                tally.add(
                    "marginal",
                    g["marginal"] == u8::from(e.marginal).to_string(),
                );
                tally.add("esize", g["esize"] == space.esize().to_string());
                tally.add("msize", g["msize"] == space.msize.to_string());
                tally.add("origin", g["origin"] == board.vertex(space.origin));
                tally.add("neighbors", g["neighbors"] == e.neighbors.to_string());
                let mine_value = values
                    .of_space(board, eyes, space)
                    .map(|v| v.value.digits());
                let ok = mine_value.as_deref() == Some(g["value"].as_str());
                tally.add("value", ok);
                let same_space = g["esize"] == space.esize().to_string()
                    && g["msize"] == space.msize.to_string()
                    && g["origin"] == board.vertex(space.origin);
                if same_space {
                    tally.add("value (same space)", ok);
                    for (label, other) in &others {
                        let v = other.of_space(board, eyes, space).map(|v| v.value.digits());
                        let agree = v.as_deref() == Some(g["value"].as_str());
                        tally.add(label, agree);
                        if !agree && std::env::var_os("EYES_VERBOSE").is_some() {
                            println!(
                                "{label}: {} {word} space {}: gnugo {} mine {:?}",
                                board.vertex(p),
                                board.vertex(space.origin),
                                g["value"],
                                other
                                    .of_space(board, eyes, space)
                                    .map(|v| (v.value.digits(), &v.source))
                            );
                            let sg = katachi_engine::eye_values::space_graph(board, eyes, space);
                            let half: Vec<String> = space
                                .points
                                .iter()
                                .filter_map(|&q| {
                                    eyes.of(color).half_eye(q).map(|h| {
                                        format!(
                                            "{}:{:?}{:?}",
                                            board.vertex(q),
                                            h.kind,
                                            h.attack_points
                                                .iter()
                                                .map(|&a| board.vertex(a))
                                                .collect::<Vec<_>>()
                                        )
                                    })
                                })
                                .collect();
                            println!("  graph {:?} half {half:?}", sg.graph);
                        }
                    }
                    if !ok && std::env::var_os("EYES_VERBOSE").is_some() {
                        let v = values.of_space(board, eyes, space);
                        println!(
                            "value {} {word} space {} esize {} msize {}: gnugo {} mine {:?}",
                            board.vertex(p),
                            board.vertex(space.origin),
                            space.esize(),
                            space.msize,
                            g["value"],
                            v.map(|v| (v.value.digits(), &v.source)),
                        );
                        let ce = eyes.of(color);
                        let shape: Vec<String> = space
                            .points
                            .iter()
                            .map(|&q| {
                                let m = ce.point(q).is_some_and(|e| e.marginal);
                                let x = board.cell(q) != katachi_board::Cell::Empty;
                                format!(
                                    "{}{}{}",
                                    board.vertex(q),
                                    if m { "!" } else { "" },
                                    if x { "X" } else { "" }
                                )
                            })
                            .collect();
                        println!("  shape {}", shape.join(" "));
                    }
                }
            }
        }
    }
    for (i, &p) in points.iter().enumerate() {
        let g = &gnugo[2 * k + i];
        let theirs_examined = g["value"] != "10.00";
        let mine = eyes.half_eye(p);
        if theirs_examined || mine.is_some() {
            tally.add("half_eye examined", theirs_examined == mine.is_some());
            let kind = |t: &str| match t {
                "HALF_EYE" => Some(EyeKind::Half),
                "FALSE_EYE" => Some(EyeKind::False),
                _ => None,
            };
            let my_kind = mine.map(|h| h.kind).filter(|k| *k != EyeKind::Proper);
            tally.add("half/false type", kind(&g["type"]) == my_kind);
            if let (true, Some(h)) = (theirs_examined, mine) {
                tally.add("half_eye value", g["value"] == format!("{:.2}", h.value));
            }
            if std::env::var_os("EYES_VERBOSE_HALF").is_some() {
                let mine_text = eyes.format_half_eye_data(board, p).replace('\n', " ");
                let theirs_text: Vec<String> = g.iter().map(|(k, v)| format!("{k}={v}")).collect();
                if !mine_text.contains(&format!("value                {}", g["value"])) {
                    println!(
                        "{}: gnugo {:?}\n      mine  {mine_text}",
                        board.vertex(p),
                        theirs_text
                    );
                }
            }
        }
    }
    for (i, &p) in points.iter().enumerate() {
        let g = &gnugo[3 * k + i];
        let theirs = &g["_raw"];
        let mine = values.format_eval_eye(board, eyes, p);
        if theirs != "-1" || mine != "-1" {
            tally.add("eval_eye", theirs.trim() == mine);
            let mm = |s: &str| s.split(' ').take(2).collect::<Vec<_>>().join(" ");
            if theirs.trim() != mine
                && mm(theirs.trim()) == mm(&mine)
                && std::env::var_os("EYES_VERBOSE").is_some()
            {
                println!("eval_eye {}: gnugo {theirs} mine {mine}", board.vertex(p));
            }
            let min_max = |s: &str| s.split(' ').take(2).collect::<Vec<_>>().join(" ");
            tally.add("eval_eye min max", min_max(theirs.trim()) == min_max(&mine));
        }
    }
}

#[test]
fn eye_spaces_agree_with_gnugo() {
    let Some((shared, gnugo)) = setup() else {
        return;
    };
    let regression = shared.join("gnugo/regression");
    let tsv = std::fs::read_to_string(shared.join("reference/positions.tsv")).expect("positions");
    let rows: Vec<Vec<String>> = tsv
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    let katachi_graphs = AnalysisConfig::default().knowledge.eyes().db.clone();
    let mut variants: Vec<Variant> = vec![(
        "value, size guess (same space)",
        katachi_graphs,
        Fallback::Guess,
    )];
    let gnugo_eyes = shared.join("gnugo/patterns/eyes.db");
    if let Ok(text) = std::fs::read_to_string(&gnugo_eyes) {
        let (db, diags) = parse_eyegraphs(&text, &gnugo_eyes.display().to_string());
        assert!(
            diags.iter().all(|d| !d.is_error()),
            "GNU Go's eyes.db reads"
        );
        let db = Arc::new(db);
        variants.push((
            "value, gnugo graphs + solver (same space)",
            db.clone(),
            Fallback::Solver,
        ));
        variants.push((
            "value, gnugo graphs + guess (same space)",
            db,
            Fallback::Guess,
        ));
    }
    // The positions are shared by two workers (the machine's two cores:
    // cargo runs test binaries one after another), alternating; each
    // fills its own tally and the tallies are added.
    let chosen: Vec<&Vec<String>> = rows.iter().step_by(10).take(20).collect();
    let one = |row: &Vec<String>, tally: &mut Tally| {
        let (sgf, mv) = (&row[1], row[2].parse::<usize>().expect("move"));
        let bytes = std::fs::read(regression.join(sgf)).expect("sgf");
        let board = load_bytes(&bytes, Target::BeforeMove(mv))
            .expect("loads")
            .board;
        let to_move = if row[3] == "B" {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(board.to_move(), to_move, "{sgf} {mv}: player to move");
        let a = Analysis::new(board.clone(), AnalysisConfig::default());
        let mut cmds = vec![format!("loadsgf {sgf} {mv}")];
        for word in ["black", "white"] {
            cmds.extend(
                board
                    .points()
                    .map(|p| format!("eye_data {word} {}", board.vertex(p))),
            );
        }
        cmds.extend(
            board
                .points()
                .map(|p| format!("half_eye_data {}", board.vertex(p))),
        );
        cmds.extend(
            board
                .points()
                .map(|p| format!("eval_eye {}", board.vertex(p))),
        );
        let answers = ask_gnugo(&gnugo, &regression, &cmds);
        assert_eq!(
            answers.len(),
            cmds.len() + 1,
            "{sgf} {mv}: one answer per command"
        );
        compare(
            &board,
            &a,
            &variants,
            &answers[1..],
            tally,
            &format!("{sgf}:{mv}"),
        );
    };
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|w| {
                let (chosen, one) = (&chosen, &one);
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for row in chosen.iter().skip(w).step_by(2) {
                        one(row, &mut tally);
                    }
                    tally
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    let mut tally = Tally::default();
    for t in tallies {
        for (field, (ok, n)) in t.counts {
            let e = tally.counts.entry(field).or_default();
            e.0 += ok;
            e.1 += n;
        }
    }
    let positions = chosen.len();
    println!("eye data against GNU Go 3.8 on {positions} positions:");
    for (field, (ok, n)) in &tally.counts {
        println!(
            "  {field:<20} {ok:>6} / {n:<6} {:.1}%",
            100.0 * *ok as f64 / *n as f64
        );
    }
    // Floors at the measured agreement, rounded down (measured since a
    // string with an attack and a defence is lively whoever is to move
    // (eval18): membership 98.4%, marginal 93.9%, esize 59.9%, msize
    // 72.5%, origin 82.7%, neighbors 88.2%, half/false type 89.2%,
    // half-eye value 75.7% (28 of 37); before, with the player to move
    // deciding: 97.5%, 93.2%, 58.1%, 70.3%, 81.9%, 87.5%, 89.5%, 79.4%
    // (27 of 34)). Sizes and origins of whole eye spaces suffer from any
    // point that differs in a large open space.
    //
    // Eye values (measured: value 87.5% of the common eye points, 95.5%
    // (1540 of 1612) of those whose space GNU Go partitions as katachi
    // does, from 96.1% (1486 of 1546) before: more spaces are partitioned
    // alike, and more of them are valued by the solver alone; there
    // katachi's graphs with the size guess instead of the solver give
    // 98.7%, GNU Go's own eyes.db with the solver 95.5% and with the size
    // guess 99.8%: the graphs are built as GNU Go builds them, and the
    // differences are the solver's values on spaces neither database
    // holds). eval_eye 83.6% exactly, 84.0% on min and max, of the points
    // either side answers (80.2% and 80.6% before): most differences are
    // points whose eye space differs.
    for (field, floor) in [
        ("value", 0.87),
        ("value (same space)", 0.955),
        ("value, size guess (same space)", 0.98),
        ("value, gnugo graphs + guess (same space)", 0.99),
        ("eval_eye", 0.83),
        ("eval_eye min max", 0.83),
        ("membership", 0.98),
        ("marginal", 0.935),
        ("esize", 0.59),
        ("origin", 0.82),
        ("neighbors", 0.88),
        ("half/false type", 0.89),
        ("half_eye value", 0.75),
    ] {
        assert!(
            tally.rate(field) >= floor,
            "{field}: {:.3} below the floor {floor}",
            tally.rate(field)
        );
    }
}
