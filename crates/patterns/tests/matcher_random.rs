//! Differential test (a) of issue 4: on random positions of sizes 5, 9, 13
//! and 19, for both colours, with stones crowded near edges and corners,
//! every matcher finds exactly the reference matcher's matches, for every
//! pattern database of the corpus.

mod matcher_support;

use std::sync::OnceLock;

use katachi_board::Color;
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::matchers::reference::ReferenceMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Matcher, OwnedPosition, Scratch};
use katachi_patterns::model::PatternDb;
use katachi_patterns::syntax::parse_db;
use matcher_support::*;
use proptest::prelude::*;

struct Engines {
    name: String,
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
        reference: ReferenceMatcher::new(db),
        others: vec![Box::new(StandardMatcher::new(&compiled))],
    }
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
    #[test]
    fn every_matcher_equals_reference(pos in position()) {
        let mut scratch = Scratch::default();
        for e in engines() {
            for color in [Color::Black, Color::White] {
                let mut want = Vec::new();
                e.reference.find_all(pos.view(), color, &mut scratch, &mut want);
                want.sort();
                for m in &e.others {
                    let mut got = Vec::new();
                    m.find_all(pos.view(), color, &mut scratch, &mut got);
                    got.sort();
                    prop_assert_eq!(&got, &want, "{} {} {:?}", e.name, m.name(), color);
                }
            }
        }
    }
}
