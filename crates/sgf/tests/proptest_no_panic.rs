//! Property tests (run in CI, alongside the `sgf` fuzz target): arbitrary
//! input never panics the reader or the loader, and any tree survives a
//! write/read round trip unchanged.

use katachi_sgf::{load, parse, parse_bytes, write, Collection, Node, Property, Target};
use proptest::prelude::*;

fn exercise(collection: &Collection) {
    let written = write(collection);
    let back = parse(&written).expect("written SGF must parse");
    assert!(
        back == *collection,
        "round trip changed the tree:\n{written}"
    );
    for game in &collection.games {
        let _ = load(game, Target::End, &[]);
        let _ = load(game, Target::BeforeMove(2), &[1, 0, 1]);
        let _ = load(game, Target::FirstMoveAt(2, 2), &[]);
    }
}

/// SGF-shaped text: mostly the characters that matter to the grammar.
fn sgfish() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("(".to_string()),
            Just(")".to_string()),
            Just(";".to_string()),
            Just("[".to_string()),
            Just("]".to_string()),
            Just("\\".to_string()),
            Just(":".to_string()),
            Just("\n".to_string()),
            Just("\r".to_string()),
            Just(" ".to_string()),
            "(B|W|AB|AW|AE|PL|SZ|KM|HA|LB|C|AddBlack)".prop_map(String::from),
            "[a-u]{0,3}",
            "[0-9.:]{1,3}",
            any::<char>().prop_map(String::from),
        ],
        0..80,
    )
    .prop_map(|parts| parts.concat())
}

/// A random valid tree built in code, with arbitrary (escaped) text values.
fn tree() -> impl Strategy<Value = Node> {
    let prop = (
        "(B|W|AB|AW|C|LB|SZ|XX)",
        proptest::collection::vec(".{0,6}", 1..3),
    )
        .prop_map(|(id, texts)| {
            Property::new_raw(
                &id,
                texts.iter().map(|t| katachi_sgf::text::escape(t)).collect(),
            )
        });
    let node = proptest::collection::vec(prop, 0..4).prop_map(|props| {
        let mut n = Node::new();
        for p in props {
            for v in p.values {
                n.add_raw(&p.id, v);
            }
        }
        n
    });
    node.prop_recursive(4, 24, 3, |inner| {
        (inner.clone(), proptest::collection::vec(inner, 0..3)).prop_map(|(mut n, kids)| {
            n.children = kids;
            n
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(c) = parse_bytes(&bytes) {
            exercise(&c);
        }
    }

    #[test]
    fn sgf_shaped_text_never_panics(text in sgfish()) {
        if let Ok(c) = parse(&text) {
            exercise(&c);
        }
    }

    #[test]
    fn built_trees_round_trip(game in tree()) {
        let c = Collection { games: vec![game] };
        exercise(&c);
    }
}
