//! Fuzz target `sgf`: any bytes must parse or fail with an error, never
//! panic; whatever parses must write and read back to the same tree; the
//! first game must load onto a board or fail with an error.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(collection) = katachi_sgf::parse_bytes(data) else {
        return;
    };
    let written = katachi_sgf::write(&collection);
    let back = katachi_sgf::parse(&written).expect("written SGF must parse");
    assert!(back == collection, "round trip changed the tree");
    if let Some(game) = collection.games.first() {
        if game.node_count() < 2000 {
            let _ = katachi_sgf::load(game, katachi_sgf::Target::End, &[]);
            let _ = katachi_sgf::load(game, katachi_sgf::Target::BeforeMove(3), &[1, 1]);
        }
    }
});
