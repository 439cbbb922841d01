//! The reference positions (`reference/boards.jsonl` of the shared corpus)
//! as boards, by id: what the tests that compare katachi's analysis with
//! GNU Go's recorded one read.

use std::collections::BTreeMap;
use std::path::Path;

use katachi_board::{Board, Color};
use serde_json::Value as Json;

/// Every reference position by id. With `to_move`, each board's player to
/// move is the recorded one (Black otherwise).
pub fn boards(shared: &Path, to_move: bool) -> BTreeMap<u64, Board> {
    let text = std::fs::read_to_string(shared.join("reference/boards.jsonl")).expect("boards");
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Json = serde_json::from_str(line).expect("json");
        let size = v["size"].as_u64().expect("size") as usize;
        let mut b = Board::new(size).expect("board size");
        if to_move && v["to_move"].as_str() == Some("W") {
            b.set_to_move(Color::White);
        }
        for (r, row) in v["rows"].as_array().expect("rows").iter().enumerate() {
            for (c, ch) in row.as_str().expect("row").chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                if stone.is_some() {
                    b.set_stone(b.point(r, c).expect("on board"), stone);
                }
            }
        }
        out.insert(v["id"].as_u64().expect("id"), b);
    }
    out
}
