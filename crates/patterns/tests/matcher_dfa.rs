//! The DFA matcher (issue 4, matcher 3): its automaton's size and build
//! time per database (printed, not asserted), and differential tests — on
//! random positions of sizes 5, 9, 13 and 19 (both colours, stones crowded
//! near edges, and planted patterns) and on the 200 reference boards — that
//! it finds exactly the reference matcher's matches, and that those are
//! GNU Go's recorded ones, for every database of the corpus and katachi's
//! own `patterns/*.db`.

mod matcher_support;

use std::sync::OnceLock;
use std::time::Instant;

use katachi_board::Color;
use katachi_patterns::compile::dfa::{build, DfaConfig};
use katachi_patterns::compile::transform::kept_orientations;
use katachi_patterns::compile::{CompiledDb, Transform};
use katachi_patterns::database::{embedded, embedded_names};
use katachi_patterns::matchers::dfa::DfaMatcher;
use katachi_patterns::matchers::reference::ReferenceMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Matcher, OwnedPosition, Scratch};
use katachi_patterns::model::{Elem, Pattern, PatternDb};
use matcher_support::*;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

struct Engines {
    name: String,
    db: PatternDb,
    reference: ReferenceMatcher,
    dfa: DfaMatcher,
    build_ms: f64,
}

fn build_engines(name: &str, db: PatternDb) -> Engines {
    let compiled = CompiledDb::compile(&db);
    let t = Instant::now();
    let dfa = DfaMatcher::new(&compiled);
    let build_ms = t.elapsed().as_secs_f64() * 1e3;
    Engines {
        name: name.to_string(),
        reference: ReferenceMatcher::new(&db),
        db,
        dfa,
        build_ms,
    }
}

/// Every recorded database of the corpus (GNU Go's sources, `pat` being
/// patterns.db + patterns2.db) and katachi's own embedded databases; built
/// once for all tests of this binary.
fn engines() -> &'static Vec<Engines> {
    static ENGINES: OnceLock<Vec<Engines>> = OnceLock::new();
    ENGINES.get_or_init(|| {
        let mut out = Vec::new();
        for name in embedded_names() {
            let db = embedded(name).expect("embedded db parses");
            out.push(build_engines(&format!("own:{name}"), db));
        }
        let Some(shared) = shared_dir() else {
            return out;
        };
        for name in DBS {
            out.push(build_engines(name, load_db(&shared, name)));
        }
        out
    })
}

#[test]
fn print_sizes_and_build_times() {
    println!(
        "{:<20} {:>8} {:>9} {:>11} {:>10} {:>6} {:>7} {:>5} {:>10} {:>9}",
        "db",
        "patterns",
        "variants",
        "product st.",
        "min. st.",
        "depth",
        "leaves",
        "path",
        "build ms",
        "KiB"
    );
    for e in engines() {
        let s = e.dfa.stats();
        println!(
            "{:<20} {:>8} {:>9} {:>11} {:>10} {:>6} {:>7} {:>5} {:>10.1} {:>9.0}",
            e.name,
            e.db.patterns.len(),
            CompiledDb::compile(&e.db).variants.len(),
            s.product_states,
            s.states,
            s.depth,
            s.leaves,
            s.path_len,
            e.build_ms,
            s.bytes as f64 / 1024.0
        );
        assert!(
            s.states <= s.product_states + 1,
            "minimisation grew {}",
            e.name
        );
    }
}

/// Time per full-board match, both colours, DFA vs the standard matcher,
/// over the 200 reference boards: medians printed for the report, never
/// asserted.
#[test]
fn print_speed_against_standard() {
    let Some(shared) = shared_dir() else { return };
    let boards = load_boards(&shared);
    let mut scratch = Scratch::default();
    println!(
        "{:<20} {:>12} {:>12} {:>10}",
        "db", "dfa µs B+W", "std µs B+W", "matches"
    );
    for e in engines() {
        let standard = StandardMatcher::new(&CompiledDb::compile(&e.db));
        let mut times = [Vec::new(), Vec::new()];
        let mut matches = 0;
        let mut out = Vec::new();
        for b in &boards {
            for (k, m) in [&e.dfa as &dyn Matcher, &standard].into_iter().enumerate() {
                let reps = 5;
                let t = Instant::now();
                for _ in 0..reps {
                    for color in [Color::Black, Color::White] {
                        out.clear();
                        m.find_all(b.position(), color, &mut scratch, &mut out);
                        if k == 0 {
                            matches += out.len();
                        }
                    }
                }
                times[k].push(t.elapsed().as_secs_f64() * 1e6 / reps as f64);
            }
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(|a, b| a.total_cmp(b));
            v[v.len() / 2]
        };
        println!(
            "{:<20} {:>12.1} {:>12.1} {:>10.1}",
            e.name,
            median(&mut times[0]),
            median(&mut times[1]),
            matches as f64 / (5.0 * boards.len() as f64)
        );
    }
}

/// Test (b): on the 200 reference boards, for both colours, the reference
/// matcher agrees with GNU Go's recorded matches (canonicalised) and the DFA
/// matcher finds exactly the reference matcher's matches.
#[test]
fn reference_boards_agree() {
    let Some(shared) = shared_dir() else { return };
    let boards = load_boards(&shared);
    let mut scratch = Scratch::default();
    let mut failures = Vec::new();
    for e in engines().iter().filter(|e| !e.name.starts_with("own:")) {
        let canon = Canon::new(&e.db);
        let recorded = load_recorded(&shared, &e.db, &canon, &boards);
        let mut problems = Vec::new();
        let mut total = 0usize;
        for b in &boards {
            for color in [Color::Black, Color::White] {
                let mut want = Vec::new();
                e.reference
                    .find_all(b.position(), color, &mut scratch, &mut want);
                want.sort();
                let mut got = Vec::new();
                e.dfa.find_all(b.position(), color, &mut scratch, &mut got);
                got.sort();
                total += got.len();
                if got != want {
                    problems.push(format!(
                        "id {} {color:?}: dfa {} matches, reference {}",
                        b.id,
                        got.len(),
                        want.len()
                    ));
                }
                let mut keys: Vec<Key> = got
                    .iter()
                    .map(|m| canon.key_of(&e.db, m, b.position()))
                    .collect();
                keys.sort();
                match recorded.get(&(b.id, color)) {
                    None => problems.push(format!("id {} {color:?}: no recorded line", b.id)),
                    Some(expected) => {
                        let (ours, theirs) = diff(&keys, expected);
                        for k in ours {
                            problems.push(format!("id {} {color:?}: only dfa: {k:?}", b.id));
                        }
                        for k in theirs {
                            problems.push(format!("id {} {color:?}: only GNU Go: {k:?}", b.id));
                        }
                    }
                }
            }
        }
        println!(
            "{}: {} boards x 2 colours, {total} matches, {} differences",
            e.name,
            boards.len(),
            problems.len()
        );
        for p in problems.iter().take(10) {
            println!("  {p}");
        }
        if !problems.is_empty() {
            failures.push(e.name.clone());
        }
    }
    assert!(failures.is_empty(), "differences in {failures:?}");
}

/// A position: size, and per point a stone or not; stones are likelier
/// within two lines of the edge.
fn position() -> impl Strategy<Value = OwnedPosition> {
    prop_oneof![Just(5usize), Just(9), Just(13), Just(19)].prop_flat_map(|size| {
        proptest::collection::vec((0u8..100, 0u8..100), size * size).prop_map(move |cells| {
            let mut pos = OwnedPosition::empty(size);
            for (k, (roll, colour)) in cells.into_iter().enumerate() {
                let (r, c) = (k / size, k % size);
                let edge_dist = r.min(c).min(size - 1 - r).min(size - 1 - c);
                let density = if edge_dist <= 1 { 55 } else { 30 };
                if roll < density {
                    let stone = if colour < 50 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    pos.set(r, c, Some(stone));
                }
            }
            pos
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    /// Test (a): random positions, every database, both colours.
    #[test]
    fn random_positions_equal_reference(pos in position()) {
        let mut scratch = Scratch::default();
        for e in engines() {
            for color in [Color::Black, Color::White] {
                let mut want = Vec::new();
                e.reference.find_all(pos.view(), color, &mut scratch, &mut want);
                want.sort();
                let mut got = Vec::new();
                e.dfa.find_all(pos.view(), color, &mut scratch, &mut got);
                got.sort();
                prop_assert_eq!(&got, &want, "{} {:?}", e.name, color);
            }
        }
    }
}

/// The planted placement: database index, pattern id, orientation, origin.
type Plant = Option<(usize, u32, Transform, (usize, usize))>;

/// Whether the rectangle lands on the board and every drawn edge lies on
/// the board's edge.
fn fits_geometry(p: &Pattern, t: Transform, di: i32, dj: i32, n: i32) -> bool {
    let on = |(a, b): (i32, i32)| {
        let (i, j) = (di + a, dj + b);
        i >= 0 && j >= 0 && i < n && j < n
    };
    let (h, w) = (p.height as i32, p.width as i32);
    let corners = [(0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)];
    let beyond = [
        (p.edges.top, (-1, 0)),
        (p.edges.bottom, (h, 0)),
        (p.edges.left, (0, -1)),
        (p.edges.right, (0, w)),
    ];
    corners.iter().all(|&(r, c)| on(t.apply(r, c)))
        && beyond
            .iter()
            .all(|&(drawn, (r, c))| !drawn || !on(t.apply(r, c)))
}

/// A random pattern of a random database planted in a random kept
/// orientation at a random legal origin of a random board (sizes 5 to 19),
/// random stones elsewhere: positive matches, edges and corners included.
fn planted() -> impl Strategy<Value = (OwnedPosition, Color, Plant)> {
    (
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        prop_oneof![Just(5usize), Just(9), Just(13), Just(19)],
        any::<bool>(),
        proptest::collection::vec(0u8..100, 19 * 19 * 2),
    )
        .prop_map(|(db_i, pat_i, o_i, at_i, size, black, noise)| {
            let color = if black { Color::Black } else { Color::White };
            let mut pos = OwnedPosition::empty(size);
            for (k, roll) in noise.iter().take(size * size).enumerate() {
                let stone = match roll {
                    0..=19 => Some(Color::Black),
                    20..=39 => Some(Color::White),
                    _ => None,
                };
                pos.set(k / size, k % size, stone);
            }
            let all = engines();
            if all.is_empty() {
                return (pos, color, None);
            }
            let which = db_i.index(all.len());
            let db = &all[which].db;
            let pat = pat_i.index(db.patterns.len());
            let p = &db.patterns[pat];
            let kept = kept_orientations(p.symmetry);
            let t = kept[o_i.index(kept.len())];
            let n = size as i32;
            let origins: Vec<(i32, i32)> = (0..n)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .filter(|&(i, j)| fits_geometry(p, t, i, j, n))
                .collect();
            if origins.is_empty() {
                return (pos, color, None);
            }
            let (di, dj) = origins[at_i.index(origins.len())];
            for r in 0..p.height {
                for c in 0..p.width {
                    let (a, b) = t.apply(r as i32, c as i32);
                    let (i, j) = ((di + a) as usize, (dj + b) as usize);
                    let coin = noise[size * size + i * size + j] % 2 == 0;
                    let stone = match p.cell(r, c).elem {
                        Elem::Empty => None,
                        Elem::Own => Some(color),
                        Elem::Opp => Some(color.opponent()),
                        Elem::NotOpp => coin.then_some(color),
                        Elem::NotOwn => coin.then_some(color.opponent()),
                        Elem::Any => continue,
                    };
                    pos.set(i, j, stone);
                }
            }
            let plant = Some((which, pat as u32, t, (di as usize, dj as usize)));
            (pos, color, plant)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// Test (a'): planted patterns are found, and found alike.
    #[test]
    fn planted_patterns_equal_reference((pos, color, plant) in planted()) {
        let mut scratch = Scratch::default();
        for (k, e) in engines().iter().enumerate() {
            let mut want = Vec::new();
            e.reference.find_all(pos.view(), color, &mut scratch, &mut want);
            want.sort();
            let mut got = Vec::new();
            e.dfa.find_all(pos.view(), color, &mut scratch, &mut got);
            got.sort();
            if let Some((_, pat, t, (i, j))) = plant.filter(|p| p.0 == k) {
                let origin = pos.view().point(i, j);
                prop_assert!(
                    got.iter().any(|m| m.pattern.0 == pat && m.transform == t && m.origin == origin),
                    "{}: planted pattern {} not found", e.name, e.db.patterns[pat as usize].name
                );
            }
            prop_assert_eq!(&got, &want, "{} {:?}", e.name, color);
        }
    }
}

/// The size controls change the automaton, never the matches: tiny budgets
/// (everything decided at verify leaves), small leaf sizes and depth limits
/// give the reference matcher's matches on random positions too.
#[test]
fn size_controls_keep_the_matches() {
    let configs = [
        DfaConfig {
            max_product_states: 2,
            ..DfaConfig::default()
        },
        DfaConfig {
            max_product_states: 500,
            ..DfaConfig::default()
        },
        DfaConfig {
            leaf_size: 3,
            ..DfaConfig::default()
        },
        DfaConfig {
            max_depth: 5,
            ..DfaConfig::default()
        },
    ];
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let positions: Vec<OwnedPosition> = (0..12)
        .map(|_| position().new_tree(&mut runner).expect("tree").current())
        .collect();
    let mut scratch = Scratch::default();
    for e in engines().iter().filter(|e| e.db.patterns.len() <= 100) {
        let compiled = CompiledDb::compile(&e.db);
        for config in configs {
            let dfa = build(&compiled, config).expect("budget holds the start");
            let s = dfa.stats;
            let m = DfaMatcher::from_dfa(&compiled, dfa);
            for pos in &positions {
                for color in [Color::Black, Color::White] {
                    let mut want = Vec::new();
                    e.reference
                        .find_all(pos.view(), color, &mut scratch, &mut want);
                    want.sort();
                    let mut got = Vec::new();
                    m.find_all(pos.view(), color, &mut scratch, &mut got);
                    got.sort();
                    assert_eq!(got, want, "{} {config:?} ({} states)", e.name, s.states);
                }
            }
        }
    }
}
