//! Unit tests of the eyes stage on small hand-made positions.

use super::*;
use katachi_tactics::reading::ReadConfig;

fn eyes_of(rows: &str) -> (Board, Eyes) {
    let b = Board::from_ascii(rows).expect("board");
    let mut r = Reader::new(b.clone(), ReadConfig::default());
    let w = Worms::compute(&b, &mut r);
    let e = Eyes::compute(&b, &w, &mut r);
    (b, e)
}
