//! Differential test (a) of issue 4: on random positions of sizes 5, 9, 13
//! and 19, for both colours, with stones crowded near edges and corners,
//! every matcher finds exactly the reference matcher's matches, for every
//! pattern database of the corpus; and the same on boards where a random
//! pattern was planted, so that positive matches (joseki corners included)
//! are exercised too.

mod matcher_support;

use std::sync::OnceLock;

use katachi_board::Color;
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::matchers::corner_tree::CornerTreeMatcher;
use katachi_patterns::matchers::incremental::IncrementalMatcher;
use katachi_patterns::matchers::reference::ReferenceMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Matcher, OwnedPosition, Scratch};
use katachi_patterns::model::PatternDb;
use katachi_patterns::syntax::parse_db;
use matcher_support::*;
use proptest::prelude::*;

struct Engines {
    name: String,
    db: PatternDb,
    reference: ReferenceMatcher,
    others: Vec<Box<dyn Matcher + Send + Sync>>,
}

/// Every database file of the corpus that yields patterns, plus the recorded
/// joseki databases; built once for all cases.
fn engines() -> &'static Vec<Engines> {
    static ENGINES: OnceLock<Vec<Engines>> = OnceLock::new();
    ENGINES.get_or_init(|| {
        let Some(shared) = shared_dir() else {
            return Vec::new();
        };
        let mut files = corpus_files(&shared);
        files.extend(db_sources("joseki").into_iter().map(|f| shared.join(f)));
        let mut out = Vec::new();
        for path in files {
            let text =
                String::from_utf8_lossy(&std::fs::read(&path).expect("db file")).into_owned();
            let name = path
                .file_name()
                .expect("name")
                .to_string_lossy()
                .to_string();
            let (db, _diags) = parse_db(&text, &name);
            if db.patterns.is_empty() {
                println!("{name}: no patterns, skipped");
                continue;
            }
            out.push(build(name, &db));
        }
        out
    })
}

fn build(name: String, db: &PatternDb) -> Engines {
    let compiled = CompiledDb::compile(db);
    Engines {
        name,
        db: db.clone(),
        reference: ReferenceMatcher::new(db),
        others: vec![
            Box::new(StandardMatcher::new(&compiled)),
            Box::new(IncrementalMatcher::new(&compiled)),
            Box::new(CornerTreeMatcher::new(&compiled)),
        ],
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn every_matcher_equals_reference(pos in position()) {
        let mut scratch = Scratch::default();
        for e in engines() {
            for color in [Color::Black, Color::White] {
                let want = sorted_matches(&e.reference, pos.view(), color, &mut scratch);
                for m in &e.others {
                    let got = sorted_matches(m.as_ref(), pos.view(), color, &mut scratch);
                    prop_assert_eq!(&got, &want, "{} {} {:?}", e.name, m.name(), color);
                }
            }
        }
    }
}

/// A random pattern of a random database planted on a random board of
/// size 9, 13 or 19 in a random kept orientation at a random legal origin
/// (edges honoured), with random filling elsewhere: a position where
/// matches certainly exist.
fn planted_boards() -> impl Strategy<Value = (OwnedPosition, Color, Plant)> {
    planted(prop_oneof![Just(9usize), Just(13), Just(19)], || {
        engines().iter().map(|e| &e.db).collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn planted_patterns_are_found_alike((pos, color, plant) in planted_boards()) {
        let mut scratch = Scratch::default();
        for (k, e) in engines().iter().enumerate() {
            let want = sorted_matches(&e.reference, pos.view(), color, &mut scratch);
            if let Some((_, pat, t, at)) = plant.filter(|p| p.0 == k) {
                prop_assert!(
                    has_placement(&want, pos.view(), pat, t, at),
                    "{}: planted pattern {} not found", e.name, e.db.patterns[pat as usize].name
                );
            }
            for m in &e.others {
                let got = sorted_matches(m.as_ref(), pos.view(), color, &mut scratch);
                prop_assert_eq!(&got, &want, "{} {} {:?}", e.name, m.name(), color);
            }
        }
    }
}
