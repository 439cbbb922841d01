//! A compiled database is a plain value: it survives serialisation
//! unchanged, and so does the matcher built from it.

mod matcher_support;

use katachi_board::Color;
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Matcher, Scratch};
use matcher_support::*;

#[test]
fn compiled_db_round_trips_through_serde() {
    let Some(shared) = shared_dir() else { return };
    let db = load_db(&shared, "pat");
    let compiled = CompiledDb::compile(&db);
    let text = serde_json::to_string(&compiled).expect("serialise");
    let back: CompiledDb = serde_json::from_str(&text).expect("deserialise");
    assert_eq!(back, compiled);
    assert!(compiled.variants.len() >= db.patterns.len());

    let boards = load_boards(&shared);
    let (a, b) = (StandardMatcher::new(&compiled), StandardMatcher::new(&back));
    let mut scratch = Scratch::default();
    for board in boards.iter().take(20) {
        let (mut x, mut y) = (Vec::new(), Vec::new());
        a.find_all(board.position(), Color::Black, &mut scratch, &mut x);
        b.find_all(board.position(), Color::Black, &mut scratch, &mut y);
        assert_eq!(x, y);
    }
}
