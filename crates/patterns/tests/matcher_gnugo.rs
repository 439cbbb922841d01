//! Differential test (b) of issue 4: on the 200 reference positions, for
//! both colours, the reference matcher finds exactly the geometric matches
//! GNU Go's own matchers recorded (compared on pattern, orientation, diagram
//! origin and move point after canonicalising symmetric patterns), and every
//! other matcher (standard, incremental, corner tree, DFA) finds exactly
//! what the reference matcher finds. (The DFA's check was in
//! `matcher_dfa`, which ran the reference matcher and read GNU Go's
//! records over the 200 boards a second time.)

mod matcher_support;

use katachi_board::Color;
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::matchers::corner_tree::CornerTreeMatcher;
use katachi_patterns::matchers::dfa::DfaMatcher;
use katachi_patterns::matchers::incremental::IncrementalMatcher;
use katachi_patterns::matchers::reference::ReferenceMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Matcher, Scratch};
use matcher_support::*;

fn check_db(db_name: &str) {
    let Some(shared) = shared_dir() else { return };
    let db = load_db(&shared, db_name);
    let canon = Canon::new(&db);
    let boards = load_boards(&shared);
    let recorded = load_recorded(&shared, &db, &canon, &boards);
    let compiled = CompiledDb::compile(&db);
    let reference = ReferenceMatcher::new(&db);
    let engines: Vec<Box<dyn Matcher + Sync>> = vec![
        Box::new(StandardMatcher::new(&compiled)),
        Box::new(IncrementalMatcher::new(&compiled)),
        Box::new(CornerTreeMatcher::new(&compiled)),
        Box::new(DfaMatcher::new(&compiled)),
    ];
    // One board's problems and counts (position-colours compared,
    // reference matches).
    let one_board = |b: &RefBoard, scratch: &mut Scratch| -> (Vec<String>, usize, usize) {
        let mut problems = Vec::new();
        let (mut total, mut compared) = (0usize, 0usize);
        for color in [Color::Black, Color::White] {
            let Some(expected) = recorded.get(&(b.id, color)) else {
                problems.push(format!("id {} {color:?}: no recorded line", b.id));
                continue;
            };
            compared += 1;
            let mut found = Vec::new();
            reference.find_all(b.position(), color, scratch, &mut found);
            total += found.len();
            let mut keys: Vec<Key> = found
                .iter()
                .map(|m| canon.key_of(&db, m, b.position()))
                .collect();
            keys.sort();
            let (ours, theirs) = diff(&keys, expected);
            for k in ours {
                problems.push(format!("id {} {color:?}: only katachi: {k:?}", b.id));
            }
            for k in theirs {
                problems.push(format!("id {} {color:?}: only GNU Go: {k:?}", b.id));
            }
            found.sort();
            for engine in &engines {
                let mut got = Vec::new();
                engine.find_all(b.position(), color, scratch, &mut got);
                got.sort();
                if got != found {
                    problems.push(format!(
                        "id {} {color:?}: {} found {} matches, reference {}",
                        b.id,
                        engine.name(),
                        got.len(),
                        found.len()
                    ));
                }
            }
        }
        (problems, total, compared)
    };
    // The boards on two threads (the reference matcher on pat.db is the
    // longest test of the workspace's run; alone at the end of this
    // binary it used one core), joined in board order.
    let results = katachi_testkit::parallel::map_on_two_threads(
        boards.len(),
        Scratch::default,
        |scratch, i| one_board(&boards[i], scratch),
    );
    let mut problems = Vec::new();
    let (mut total, mut compared) = (0usize, 0usize);
    for (p, t, c) in results {
        problems.extend(p);
        total += t;
        compared += c;
    }
    println!(
        "{db_name}: {} patterns, {compared} position-colours, {total} matches, {} differences",
        db.patterns.len(),
        problems.len()
    );
    for p in problems.iter().take(40) {
        println!("  {p}");
    }
    assert!(
        problems.is_empty(),
        "{db_name}: {} differences",
        problems.len()
    );
}

macro_rules! db_tests {
    ($($name:ident),*) => {
        $(
            #[test]
            fn $name() {
                check_db(stringify!($name));
            }
        )*
    };
}

db_tests!(
    pat,
    attpat,
    defpat,
    conn,
    endpat,
    influencepat,
    barrierspat,
    owl_attackpat,
    owl_defendpat,
    owl_vital_apat,
    aa_attackpat,
    handipat,
    fusekipat,
    joseki
);
