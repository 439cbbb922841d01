//! Differential test (a) of issue 4: on random positions of sizes 5, 9, 13
//! and 19, for both colours, with stones crowded near edges and corners,
//! every matcher finds exactly the reference matcher's matches, for every
//! pattern database of the corpus; and the same on boards where a random
//! pattern was planted, so that positive matches (joseki corners included)
//! are exercised too.

mod matcher_support;

use std::sync::OnceLock;

use katachi_board::Color;
use katachi_patterns::compile::transform::kept_orientations;
use katachi_patterns::compile::{CompiledDb, Transform};
use katachi_patterns::matchers::corner_tree::CornerTreeMatcher;
use katachi_patterns::matchers::incremental::IncrementalMatcher;
use katachi_patterns::matchers::reference::ReferenceMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Matcher, OwnedPosition, Scratch};
use katachi_patterns::model::{Elem, Pattern, PatternDb};
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

/// A random pattern of a random database planted on a random board in a
/// random kept orientation at a random legal origin (edges honoured), with
/// random filling elsewhere: a position where matches certainly exist.
/// The planted placement: database index, pattern id, orientation, origin.
type Plant = Option<(usize, u32, Transform, (usize, usize))>;

fn planted() -> impl Strategy<Value = (OwnedPosition, Color, Plant)> {
    (
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        prop_oneof![Just(9usize), Just(13), Just(19)],
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn planted_patterns_are_found_alike((pos, color, plant) in planted()) {
        let mut scratch = Scratch::default();
        for (k, e) in engines().iter().enumerate() {
            let mut want = Vec::new();
            e.reference.find_all(pos.view(), color, &mut scratch, &mut want);
            want.sort();
            if let Some((_, pat, t, (i, j))) = plant.filter(|p| p.0 == k) {
                let origin = pos.view().point(i, j);
                prop_assert!(
                    want.iter().any(|m| m.pattern.0 == pat && m.transform == t && m.origin == origin),
                    "{}: planted pattern {} not found", e.name, e.db.patterns[pat as usize].name
                );
            }
            for m in &e.others {
                let mut got = Vec::new();
                m.find_all(pos.view(), color, &mut scratch, &mut got);
                got.sort();
                prop_assert_eq!(&got, &want, "{} {} {:?}", e.name, m.name(), color);
            }
        }
    }
}
