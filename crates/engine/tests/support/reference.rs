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
        // One setup edit list, one recomputation of the strings (a
        // `set_stone` per stone recomputed them once per stone).
        let mut edits = Vec::new();
        for (r, row) in v["rows"].as_array().expect("rows").iter().enumerate() {
            for (c, ch) in row.as_str().expect("row").chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                if stone.is_some() {
                    edits.push((b.point(r, c).expect("on board"), stone));
                }
            }
        }
        b.set_stones(edits);
        out.insert(v["id"].as_u64().expect("id"), b);
    }
    out
}

/// The sample of the reference positions that the reference tests read by
/// default: every `DEFAULT_STEP`-th line of `gnugo-analysis.jsonl` (ids 1,
/// 5, 9, ...: 50 positions spread over the file). Their floors are
/// measured on this sample, so that `cargo test --workspace --release`
/// stays within its few minutes on two cores; all 200 positions (the
/// figures the notes report) with `KATACHI_REFERENCE_STEP=1`, when the
/// floors are not asserted.
pub const DEFAULT_STEP: usize = 4;

/// Every how many reference positions a reference test reads:
/// `KATACHI_REFERENCE_STEP`, else [`DEFAULT_STEP`].
pub fn step() -> usize {
    std::env::var("KATACHI_REFERENCE_STEP")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(DEFAULT_STEP)
        .max(1)
}

/// Whether the floors apply: the default sample is read.
pub fn default_sample() -> bool {
    step() == DEFAULT_STEP
}

/// The lines of a reference file that the sample reads (every
/// [`step`]-th non-empty line, from the first) and how many the whole file
/// has.
pub fn sample(text: &str) -> (Vec<&str>, usize) {
    let all: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let n = all.len();
    (all.into_iter().step_by(step()).collect(), n)
}

/// How many of `total` lines the sample reads.
pub fn expected(total: usize) -> usize {
    total.div_ceil(step())
}
