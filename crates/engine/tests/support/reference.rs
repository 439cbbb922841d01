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
/// 17, 33, ...: 13 positions spread over the file, the sample
/// `owl_status_reference` asserts its floors on). Their floors are
/// measured on this sample, so that `cargo test --workspace --release`
/// stays under its 5 minutes on two cores (every 8th position, the
/// default before, cost dragons_reference and influence_reference about
/// 118 s of CPU). Two wider samples keep the floors measured on them:
/// every 8th with `KATACHI_REFERENCE_STEP=8` ([`CI_STEP`], what CI
/// asserts, `.ci/run`), every 4th with `KATACHI_REFERENCE_STEP=4`
/// ([`WIDE_STEP`]); all 200 positions (the figures the notes report) with
/// `KATACHI_REFERENCE_STEP=1`, when the floors are not asserted.
pub const DEFAULT_STEP: usize = 16;

/// The sample CI reads (`.ci/run` exports `KATACHI_REFERENCE_STEP=8`),
/// with floors of its own: every 8th position (ids 1, 9, 17, ...: 25
/// positions), the default until the test run had to fit its 5 minutes
/// again.
pub const CI_STEP: usize = 8;

/// The wider sample with floors of its own: every 4th position (ids 1, 5,
/// 9, ...: 50 positions), the default until the test time was halved.
pub const WIDE_STEP: usize = 4;

/// Every how many reference positions a reference test reads:
/// `KATACHI_REFERENCE_STEP`, else [`DEFAULT_STEP`].
pub fn step() -> usize {
    std::env::var("KATACHI_REFERENCE_STEP")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(DEFAULT_STEP)
        .max(1)
}

/// The samples whose floors the tests assert.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Floors {
    /// The default sample, every [`DEFAULT_STEP`]-th position.
    Default,
    /// CI's sample, every [`CI_STEP`]-th position.
    Ci,
    /// The wide sample, every [`WIDE_STEP`]-th position.
    Wide,
}

impl Floors {
    /// `default` on the default sample, `ci` on CI's, `wide` on the wide
    /// one.
    pub fn pick<T>(self, default: T, ci: T, wide: T) -> T {
        match self {
            Floors::Default => default,
            Floors::Ci => ci,
            Floors::Wide => wide,
        }
    }
}

/// Which floors apply: those of the sample read, when it has floors
/// (`None` for any other step, when the figures only print).
pub fn floors() -> Option<Floors> {
    match step() {
        DEFAULT_STEP => Some(Floors::Default),
        CI_STEP => Some(Floors::Ci),
        WIDE_STEP => Some(Floors::Wide),
        _ => None,
    }
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
