//! katachi's constraint evaluation against what GNU Go's constraints
//! evaluated to on the reference positions (`reference/constraints/` of the
//! shared corpus, read at run time; skipped with a message when absent,
//! failing under `KATACHI_REQUIRE_SHARED=1`).
//!
//! For attack.db, defense.db, conn.db, patterns.db + patterns2.db and
//! endgame.db (GNU Go's files, loaded at run time as any `.db`), every
//! recorded match with a constraint is looked up among katachi's own
//! geometric matches (it must be there), its constraint evaluated with
//! [`PatternEval`](katachi_engine::autohelper::PatternEval) on the same
//! board and orientation, and the truth value compared with GNU Go's `c`.
//! Printed per database: records evaluated, skipped (by function, the
//! first one the engine does not answer), agreeing, disagreeing, the
//! agreement split as issues 11 and 12 ask (records whose constraint asks
//! no influence function, and those that ask one, by function), and a few
//! disagreements to look at. Each part has its own floor too, checked
//! over at least [`PART_MIN_RECORDS`] records.
//!
//! Agreement is a measure, not a target: GNU Go's values rest on its own
//! reading and dragon analysis. The floors asserted below are regression
//! floors, set a little under what was measured, so that a change that
//! breaks evaluation (bindings, orientation, semantics) fails here.
//!
//! Positions: the full run (all 200 positions, both colours, about 290,000
//! records) takes several minutes, so by default every 20th position (by
//! id) is used (ids 1, 41, 61, ...: 10 positions, about 33 s of CPU;
//! every 10th, 20 positions, the default before and what CI reads with
//! `KATACHI_CONSTRAINTS_STEP=10`, cost 42 s; every 5th twice that). The
//! floors, a little under what was measured on every 5th position, hold
//! on every 10th (measured: attpat 2/2, defpat 99.8%, conn 96.4%, pat
//! 98.4%, endpat 95.3%) and every 20th (attpat 1/1, defpat 100%, conn
//! 96.5%, pat 98.4%, endpat 95.3%) and apply whatever the step:
//! `KATACHI_CONSTRAINTS_STEP=5` reads the sample of the floors, `=1` all
//! 200.
//! All 200 (`=1`) took 587-980 s of wall time at load 5-7 (cons29).
//! `KATACHI_CONSTRAINTS_EXAMPLES=N` prints N disagreements per database,
//! `KATACHI_CONSTRAINTS_PATTERNS=N` names N patterns (default 8),
//! `KATACHI_CONSTRAINTS_TRACE=1` each with the value of every
//! sub-expression of its constraint (`katachi patterns match --trace`'s
//! tree); each database's line also names the patterns with the most
//! disagreements.
//!
//! The positions are analysed with the recorded player to move, as GNU Go
//! analysed them (eval17 measured a small gain from it; since eval18 the
//! eye spaces no longer depend on it: a string that can be attacked and
//! defended is lively whoever is to move, as in GNU Go).

mod support;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use katachi_board::{Board, Color, Point};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_engine::constraint_trace::{cell_point, match_bindings, Verdict};
use katachi_engine::knowledge::{Knowledge, Source};
use katachi_patterns::compile::{CompiledDb, Transform};
use katachi_patterns::database::load_file;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Match, Matcher, Position, Scratch};
use katachi_patterns::model::{Pattern, PatternDb};
use serde_json::Value as Json;

use katachi_testkit::shared::shared_dir_with;

/// One reference database: its recorded name, GNU Go's source files, and
/// the agreement floor (share of evaluated records whose truth value agrees
/// with GNU Go's). Measured on every 5th position (full run in brackets):
/// attpat 2/2 (21/21), defpat 99.9% (99.7%), conn 97.0% over 4422 of 4575
/// records (cut points from conn.db's B patterns and connection reading;
/// 75.6% over 2690 before, when `xcut` was a safe-move test), pat 98.8%
/// over 28638 records now that the dragon and eye functions are answered
/// (99.2% over 24755 before), endpat 95.6% over 2687 records with the eye
/// functions (100% over the 232 that needed no eyes before). attpat has
/// only two sampled records, so its floor is loose. With `max_eye_value`
/// and `obvious_false_xeye` answered, endpat's sample of every 10th
/// position evaluates 1916 of 1922 records, 95.0% agree (the default
/// sample: 955 of 956 instead of 834, 908 agree instead of 795).
struct Spec {
    name: &'static str,
    files: &'static [&'static str],
    floor: f64,
    /// Floors of the two parts issues 11 and 12 ask for: the records
    /// whose constraint asks no influence function, and those whose
    /// constraint asks one; each checked only over at least
    /// [`PART_MIN_RECORDS`] evaluated records (a smaller sample says
    /// little). Set under what every sample measured (cons29: every
    /// position, every 4th, every 10th; see the database's entry).
    plain_floor: f64,
    influence_floor: f64,
}

/// The fewest evaluated records of a part (with or without influence
/// functions) whose agreement is held to the part's floor.
const PART_MIN_RECORDS: usize = 100;

const SPECS: [Spec; 5] = [
    Spec {
        name: "attpat",
        files: &["attack.db"],
        floor: 0.5,
        plain_floor: 0.5,
        influence_floor: 0.0,
    },
    Spec {
        name: "defpat",
        files: &["defense.db"],
        floor: 0.99,
        plain_floor: 0.99,
        influence_floor: 0.0,
    },
    Spec {
        name: "conn",
        files: &["conn.db"],
        // Measured 96.1% (985 of 1025) every 20th position, 96.2% (1903
        // of 1978) every 10th (eval17); 96.3% (1905 of 1978) every 10th
        // since conn20 reads the connector's joining captures from the
        // query's position; 96.8% (1914 of 1978; 1865 of 1924 without
        // the influence functions, from 1856) every 10th since conn30's
        // connector atari on a two-liberty separating string, but 95.9%
        // (983 of 1025, from 982) on the default sample, every 20th: the floor
        // stays.
        floor: 0.955,
        // cons29, without / with influence functions: every position
        // 96.7% / 89.7% (21889 of 22644 / 532 of 593), every 4th 96.6% /
        // 89.8%, every 10th 96.5% / 90.7% (54 records: not checked).
        plain_floor: 0.96,
        influence_floor: 0.88,
    },
    Spec {
        name: "pat",
        files: &["patterns.db", "patterns2.db"],
        // 0.98 before the influence functions were evaluated (their
        // records were skipped); with the influence stage's regions,
        // 32137 records evaluated, 97.5% agree. Since `weak` and
        // `is_surrounded` are answered (katachi's weakness before owl,
        // its surround status): every 20th position 8137 evaluated (from
        // 7860), 98.2% agree (from 98.4%; the new records 258 of 277);
        // every 10th 15489 (from 14977), 98.1% (from 98.4%; 464 of 512).
        // With the recorded player to move and the dragon functions
        // reading the status after owl (eval17): every 20th 8004 of 8137
        // agree (98.4%, from 7995), every 10th 15237 of 15489 (98.4%,
        // from 15207).
        floor: 0.98,
        // cons29: every position 99.0% / 94.4% (150798 of 152306 /
        // 21356 of 22612), every 4th 99.0% / 95.0%, every 10th 99.0% /
        // 94.5%.
        plain_floor: 0.985,
        influence_floor: 0.935,
    },
    Spec {
        name: "endpat",
        files: &["endgame.db"],
        // Lowered from 0.95 (eval17): with the recorded player to move
        // every 20th position gives 908 of 956 (94.98%, from 909 with
        // Black always to move), every 10th 1827 of 1922 (95.06%, from
        // 1826). The positions with White to move lose records where
        // katachi's reading attacks a string GNU Go finds safe, so that
        // its stones stop being lively for the eye spaces (egc2001
        // gg-dr.sgf move 122: `attack S13` answers T14, GNU Go 0).
        // Raised to 0.955 (eval18): with a string that can be attacked
        // and defended lively for the eye spaces whoever is to move, as
        // GNU Go's are, every 20th position gives 915 of 956 (95.7%),
        // every 10th 1849 of 1922 (96.2%).
        floor: 0.955,
        // cons29, with `max_eye_value` the eye value's `c`: every
        // position 95.8% overall, 95.4% / 96.6% (13069 of 13700 / 6584
        // of 6814; 94.3% without influence before), every 4th 95.3%,
        // 94.9% / 96.2%, every 10th 96.5%, 96.7% / 96.0%, every 20th
        // 96.0%, 96.3% / 95.3%. The overall floor holds on every
        // position and every 10th and 20th, not on every 4th.
        plain_floor: 0.945,
        influence_floor: 0.95,
    },
];

/// Every how many positions (by id) the test reads without
/// `KATACHI_CONSTRAINTS_STEP`: every 20th (10 positions); CI reads every
/// 10th (`.ci/run` exports `KATACHI_CONSTRAINTS_STEP=10`).
const DEFAULT_STEP: u64 = 20;

/// How many disagreements to print per database
/// (`KATACHI_CONSTRAINTS_EXAMPLES`, default 5).
fn examples_shown() -> usize {
    std::env::var("KATACHI_CONSTRAINTS_EXAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
}

/// How many of the most disagreeing patterns to name per database
/// (`KATACHI_CONSTRAINTS_PATTERNS`, default 8).
fn patterns_shown() -> usize {
    std::env::var("KATACHI_CONSTRAINTS_PATTERNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8)
}

fn gunzip_lines(path: &Path) -> Vec<Json> {
    let mut text = String::new();
    flate2::read::GzDecoder::new(
        std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
    .read_to_string(&mut text)
    .expect("gunzip");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

fn load_db(shared: &Path, spec: &Spec) -> PatternDb {
    let mut db = PatternDb {
        name: spec.name.to_string(),
        ..PatternDb::default()
    };
    for f in spec.files {
        let (part, _warnings) = load_file(&shared.join("gnugo/patterns").join(f))
            .unwrap_or_else(|e| panic!("{f} does not load: {e}"));
        db.patterns.extend(part.patterns);
    }
    db
}

/// Every cell of the placed diagram, `?` included, with its symbol: two
/// placements related by the pattern's symmetry give the same key.
fn placement(
    p: &Pattern,
    board: &Board,
    t: Transform,
    origin: Point,
) -> Option<Vec<(Point, char)>> {
    let mut cells = Vec::with_capacity(p.height * p.width);
    for r in 0..p.height {
        for c in 0..p.width {
            cells.push((cell_point(board, origin, t, r, c)?, p.cell(r, c).symbol));
        }
    }
    cells.sort_unstable();
    Some(cells)
}

#[derive(Default)]
struct Tally {
    records: usize,
    evaluated: usize,
    agree: usize,
    disagree: usize,
    same_value: usize,
    gnu_true_we_false: usize,
    gnu_false_we_true: usize,
    skipped: usize,
    /// Of the skipped, those whose function exists but whose stage was
    /// not computed for this evaluation.
    unavailable: usize,
    failed: usize,
    skipped_by: BTreeMap<&'static str, usize>,
    examples: Vec<String>,
    /// Matches of patterns with no dragon-status class that GNU Go's class
    /// filter rejected (expected none).
    kept_contradictions: usize,
    /// Records whose constraint calls an influence function (GNU Go's
    /// territory, moyo and area questions): evaluated and agreeing.
    influence_evaluated: usize,
    influence_agree: usize,
    /// The same by influence function: (evaluated, agree).
    influence_by_function: BTreeMap<&'static str, (usize, usize)>,
    /// Disagreements by pattern: (GNU Go true and katachi false, the
    /// reverse).
    by_pattern: BTreeMap<String, (usize, usize)>,
}

impl Tally {
    /// Adds another worker's counts (its examples after this one's, up to
    /// the number shown).
    fn merge(&mut self, o: Tally) {
        self.records += o.records;
        self.evaluated += o.evaluated;
        self.agree += o.agree;
        self.disagree += o.disagree;
        self.same_value += o.same_value;
        self.gnu_true_we_false += o.gnu_true_we_false;
        self.gnu_false_we_true += o.gnu_false_we_true;
        self.skipped += o.skipped;
        self.unavailable += o.unavailable;
        self.failed += o.failed;
        for (f, n) in o.skipped_by {
            *self.skipped_by.entry(f).or_default() += n;
        }
        self.examples.extend(o.examples);
        self.examples.truncate(examples_shown());
        self.kept_contradictions += o.kept_contradictions;
        self.influence_evaluated += o.influence_evaluated;
        self.influence_agree += o.influence_agree;
        for (f, (e, a)) in o.influence_by_function {
            let t = self.influence_by_function.entry(f).or_default();
            t.0 += e;
            t.1 += a;
        }
        for (name, (g, k)) in o.by_pattern {
            let t = self.by_pattern.entry(name).or_default();
            t.0 += g;
            t.1 += k;
        }
    }
}

/// The autohelper functions answered by the influence stage.
const INFLUENCE_FUNCTIONS: [&str; 11] = [
    "xmoyo",
    "omoyo",
    "xarea",
    "oarea",
    "xterri",
    "oterri",
    "non_oterritory",
    "non_xterritory",
    "omoyo_opposite",
    "area_space",
    "area_stone",
];

/// The influence functions `p`'s constraint calls.
fn influence_calls(p: &Pattern) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = p
        .constraint
        .as_ref()
        .map(|c| {
            c.calls()
                .iter()
                .filter_map(|f| {
                    INFLUENCE_FUNCTIONS
                        .iter()
                        .find(|&&n| n == f.name())
                        .copied()
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort_unstable();
    names.dedup();
    names
}

const DRAGON_CLASSES: [char; 4] = ['O', 'o', 'X', 'x'];

/// One reference database loaded for the run: its patterns, a matcher,
/// and its recorded lines by position id.
struct DbRun {
    spec: &'static Spec,
    db: PatternDb,
    by_name: HashMap<String, usize>,
    matcher: StandardMatcher,
    lines: BTreeMap<u64, Vec<Json>>,
}

impl DbRun {
    fn load(shared: &Path, spec: &'static Spec) -> DbRun {
        let db = load_db(shared, spec);
        let by_name = db
            .patterns
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.clone(), i))
            .collect();
        let matcher = StandardMatcher::new(&CompiledDb::compile(&db));
        let mut lines: BTreeMap<u64, Vec<Json>> = BTreeMap::new();
        for line in
            gunzip_lines(&shared.join(format!("reference/constraints/{}.jsonl.gz", spec.name)))
        {
            let id = line["id"].as_u64().expect("id");
            lines.entry(id).or_default().push(line);
        }
        DbRun {
            spec,
            db,
            by_name,
            matcher,
            lines,
        }
    }
}

/// Every database's records on every `step`-th position, one analysis per
/// position shared by the five databases (its stages, the costly part,
/// computed once), the positions read on two threads; a tally per
/// database, in `SPECS` order.
fn run_all(shared: &Path, boards: &BTreeMap<u64, Board>, step: u64) -> Vec<Tally> {
    let runs: Vec<DbRun> = SPECS.iter().map(|spec| DbRun::load(shared, spec)).collect();
    // Cutting points (`xcut`, `ocut`) come, as in GNU Go, from the `B`
    // patterns of the connection database, GNU Go's conn.db here, in the
    // knowledge's `conn` slot.
    let knowledge = Knowledge::embedded()
        .with_db("conn", load_db(shared, &SPECS[2]), Source::Embedded)
        .expect("the conn slot");
    let config = AnalysisConfig {
        knowledge: Arc::new(knowledge),
        ..AnalysisConfig::default()
    };
    let ids: Vec<u64> = boards
        .keys()
        .copied()
        .filter(|id| (id - 1) % step == 0)
        .collect();
    let workers = 2;
    let parts: Vec<Vec<Tally>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (runs, ids, config) = (&runs, &ids, &config);
                scope.spawn(move || {
                    let mut tallies: Vec<Tally> = runs.iter().map(|_| Tally::default()).collect();
                    let mut scratch = Scratch::default();
                    for &id in ids.iter().skip(w).step_by(workers) {
                        let board = &boards[&id];
                        let analysis = Analysis::new(board.clone(), config.clone());
                        for (run, tally) in runs.iter().zip(tallies.iter_mut()) {
                            for line in run.lines.get(&id).into_iter().flatten() {
                                record_line(run, line, board, &analysis, &mut scratch, tally);
                            }
                        }
                    }
                    tallies
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    let mut total: Vec<Tally> = runs.iter().map(|_| Tally::default()).collect();
    for part in parts {
        for (t, p) in total.iter_mut().zip(part) {
            t.merge(p);
        }
    }
    total
}

/// One recorded line (a position, a colour, GNU Go's matches of one
/// database) against katachi's matches and constraint values.
fn record_line(
    run: &DbRun,
    line: &Json,
    board: &Board,
    analysis: &Analysis,
    scratch: &mut Scratch,
    tally: &mut Tally,
) {
    let (spec, db) = (run.spec, &run.db);
    let id = line["id"].as_u64().expect("id");
    let color = match line["color"].as_str() {
        Some("B") => Color::Black,
        Some("W") => Color::White,
        other => panic!("colour {other:?}"),
    };
    let mut found: Vec<Match> = Vec::new();
    run.matcher
        .find_all(Position::of_board(board), color, scratch, &mut found);
    let ours: HashSet<(usize, Vec<(Point, char)>)> = found
        .iter()
        .map(|m| {
            let i = m.pattern.index();
            let key = placement(&db.patterns[i], board, m.transform, m.origin)
                .expect("katachi's match lies on the board");
            (i, key)
        })
        .collect();
    for m in line["matches"].as_array().expect("matches") {
        tally.records += 1;
        let name = m["p"].as_str().expect("p");
        let &i = run
            .by_name
            .get(name)
            .unwrap_or_else(|| panic!("{}: no pattern {name}", spec.name));
        let p = &db.patterns[i];
        let t = Transform::new(m["o"].as_u64().expect("o") as u8).expect("o in 0..8");
        let d = board
            .parse_vertex(m["d"].as_str().expect("d"))
            .expect("d on the board");
        let key = placement(p, board, t, d).expect("recorded match lies on the board");
        assert!(
            ours.contains(&(i, key)),
            "{} id {id} {color:?}: GNU Go's match {name} o={} d={} is not among katachi's",
            spec.name,
            t.index(),
            m["d"]
        );
        if !p.classes.chars().any(|c| DRAGON_CLASSES.contains(&c)) && m["k"] == 0 {
            tally.kept_contradictions += 1;
        }
        let Some(gnu) = m["c"].as_f64() else {
            // A helper only: nothing to compare.
            continue;
        };
        let b = match_bindings(p, board, t, d);
        let verdict = analysis.evaluate(p, &b, color);
        match verdict {
            Verdict::Skipped(f) => {
                tally.skipped += 1;
                *tally.skipped_by.entry(f).or_default() += 1;
            }
            Verdict::Unavailable { function, .. } => {
                // Implemented, but its stage was not given: counted
                // with the skips, under a name that says so.
                tally.skipped += 1;
                tally.unavailable += 1;
                *tally.skipped_by.entry(function).or_default() += 1;
            }
            Verdict::Failed(e) => {
                tally.failed += 1;
                if tally.examples.len() < examples_shown() {
                    tally
                        .examples
                        .push(format!("id {id} {color:?} {name}: error {e}"));
                }
            }
            Verdict::NoConstraint => panic!("{name} has a recorded value but no constraint"),
            v @ Verdict::Value(_) => {
                tally.evaluated += 1;
                let ours = v.number().expect("a number");
                let calls = influence_calls(p);
                if !calls.is_empty() {
                    let agrees = usize::from((ours != 0.0) == (gnu != 0.0));
                    tally.influence_evaluated += 1;
                    tally.influence_agree += agrees;
                    for f in calls {
                        let e = tally.influence_by_function.entry(f).or_default();
                        e.0 += 1;
                        e.1 += agrees;
                    }
                }
                if ours == gnu {
                    tally.same_value += 1;
                }
                if (ours != 0.0) == (gnu != 0.0) {
                    tally.agree += 1;
                } else {
                    tally.disagree += 1;
                    let by = tally.by_pattern.entry(name.to_string()).or_default();
                    if gnu != 0.0 {
                        tally.gnu_true_we_false += 1;
                        by.0 += 1;
                    } else {
                        tally.gnu_false_we_true += 1;
                        by.1 += 1;
                    }
                    if tally.examples.len() < examples_shown() {
                        let mut text = format!(
                            "id {id} {color:?} {name} m={} o={} d={}: GNU Go {gnu}, katachi {ours}",
                            m["m"].as_str().unwrap_or("-"),
                            t.index(),
                            m["d"].as_str().unwrap_or("-"),
                        );
                        if std::env::var_os("KATACHI_CONSTRAINTS_TRACE").is_some() {
                            let tr = analysis.trace(p, &b, color);
                            text.push('\n');
                            text.push_str(tr.render(board, "          | ").trim_end());
                        }
                        tally.examples.push(text);
                    }
                }
            }
        }
    }
}

/// Every database against GNU Go's recorded values: prints each one's line
/// (records, evaluated, skipped, agreement, examples of disagreement) and
/// fails on evaluation errors, class-filter contradictions, nothing
/// evaluated, or agreement under a database's floor. One test for the
/// five databases, so that each position is analysed once (the positions
/// are shared by two threads instead).
#[test]
fn constraints_agree_with_gnugo_reference() {
    let Some(shared) = shared_dir_with(&["reference/constraints", "gnugo/patterns"]) else {
        return;
    };
    let step: u64 = std::env::var("KATACHI_CONSTRAINTS_STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_STEP)
        .max(1);
    // With the recorded player to move: GNU Go analysed each position
    // with it, and some stages read it.
    let boards = support::reference::boards(&shared, true);
    assert_eq!(boards.len(), 200, "reference boards");
    let start = Instant::now();
    let tallies = run_all(&shared, &boards, step);
    println!(
        "{} positions (every {step}th) in {:.1} s",
        boards.keys().filter(|id| (*id - 1) % step == 0).count(),
        start.elapsed().as_secs_f64()
    );
    let mut failures = Vec::new();
    for (spec, t) in SPECS.iter().zip(&tallies) {
        report(spec, t, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Prints one database's figures and adds its failures to `failures`.
fn report(spec: &Spec, t: &Tally, failures: &mut Vec<String>) {
    let share = |n: usize| {
        if t.evaluated == 0 {
            0.0
        } else {
            n as f64 / t.evaluated as f64
        }
    };
    println!(
        "{:<7} records {:>6}  evaluated {:>6}  skipped {:>6} (of which stage not computed {})  errors {}  agree {:>6} ({:.1}%)  disagree {:>5} (GNU Go true/katachi false {}, the reverse {})  same raw value {:.1}%",
        spec.name,
        t.records,
        t.evaluated,
        t.skipped,
        t.unavailable,
        t.failed,
        t.agree,
        100.0 * share(t.agree),
        t.disagree,
        t.gnu_true_we_false,
        t.gnu_false_we_true,
        100.0 * share(t.same_value),
    );
    let (plain_evaluated, plain_agree) = (
        t.evaluated - t.influence_evaluated,
        t.agree - t.influence_agree,
    );
    println!(
        "        without the influence functions (issue 11): evaluated {}, agree {} ({:.1}%)",
        plain_evaluated,
        plain_agree,
        if plain_evaluated == 0 {
            0.0
        } else {
            100.0 * plain_agree as f64 / plain_evaluated as f64
        }
    );
    if t.influence_evaluated > 0 {
        println!(
            "        asking the influence stage (issue 12: {}): evaluated {}, agree {} ({:.1}%)",
            INFLUENCE_FUNCTIONS.join(", "),
            t.influence_evaluated,
            t.influence_agree,
            100.0 * t.influence_agree as f64 / t.influence_evaluated as f64
        );
        let by: Vec<String> = t
            .influence_by_function
            .iter()
            .map(|(f, (e, a))| format!("{f} {a}/{e} ({:.1}%)", 100.0 * *a as f64 / *e as f64))
            .collect();
        println!("        by function: {}", by.join(", "));
    }
    {
        let mut by: Vec<_> = t.skipped_by.iter().collect();
        by.sort_by(|a, b| b.1.cmp(a.1));
        let list: Vec<String> = by.iter().map(|(f, n)| format!("{f} {n}")).collect();
        println!(
            "        skipped by function (the first one not answered): {}",
            if list.is_empty() {
                "none".to_string()
            } else {
                list.join(", ")
            }
        );
    }
    if !t.by_pattern.is_empty() {
        let mut by: Vec<_> = t.by_pattern.iter().collect();
        by.sort_by(|a, b| (b.1 .0 + b.1 .1).cmp(&(a.1 .0 + a.1 .1)).then(a.0.cmp(b.0)));
        let list: Vec<String> = by
            .iter()
            .take(patterns_shown())
            .map(|(p, (g, k))| format!("{p} {}+{}", g, k))
            .collect();
        println!(
            "        most disagreeing patterns (GNU Go true + katachi true): {}",
            list.join(", ")
        );
    }
    for e in &t.examples {
        println!("        {e}");
    }
    if t.failed > 0 {
        failures.push(format!("{}: {} evaluation errors", spec.name, t.failed));
    }
    if t.kept_contradictions > 0 {
        failures.push(format!(
            "{}: {} matches without a dragon class rejected by GNU Go's class filter",
            spec.name, t.kept_contradictions
        ));
    }
    if t.evaluated == 0 {
        failures.push(format!("{}: nothing evaluated", spec.name));
    }
    let parts = [
        (
            "without influence functions",
            plain_evaluated,
            plain_agree,
            spec.plain_floor,
        ),
        (
            "asking influence functions",
            t.influence_evaluated,
            t.influence_agree,
            spec.influence_floor,
        ),
    ];
    for (part, evaluated, agree, floor) in parts {
        if evaluated >= PART_MIN_RECORDS && (agree as f64) < floor * evaluated as f64 {
            failures.push(format!(
                "{}, {part}: agreement {:.3} under the regression floor {floor}",
                spec.name,
                agree as f64 / evaluated as f64
            ));
        }
    }
    if share(t.agree) < spec.floor {
        failures.push(format!(
            "{}: agreement {:.3} under the regression floor {}",
            spec.name,
            share(t.agree),
            spec.floor
        ));
    }
}
