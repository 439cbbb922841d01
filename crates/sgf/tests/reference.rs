//! GNU Go's own `loadsgf FILE N` results on 200 real positions
//! (`reference/positions.tsv` + `reference/boards.jsonl`): katachi's loader
//! must reach every board exactly, with the same player to move and ko point.

mod common;

use std::collections::HashMap;

use katachi_board::{Board, Color};
use katachi_sgf::{load_bytes, Target};

fn rows(board: &Board) -> Vec<String> {
    let n = board.size();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match board.cell(board.point(r, c).unwrap()).color() {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

/// Minimal extraction of the fields of one boards.jsonl line (flat object
/// of strings, numbers, null and one array of strings).
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let tag = format!("\"{key}\":");
    let start = line
        .find(&tag)
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        + tag.len();
    let rest = &line[start..];
    let end = if rest.starts_with('[') {
        rest.find(']').unwrap() + 1
    } else {
        rest.find([',', '}']).unwrap()
    };
    rest[..end].trim()
}

fn unquote(s: &str) -> &str {
    s.trim_matches('"')
}

#[test]
fn all_reference_positions_load_exactly() {
    let Some(shared) = common::shared_dir("reference/positions.tsv") else {
        return;
    };
    let reference = shared.join("reference");
    let tsv = std::fs::read_to_string(reference.join("positions.tsv")).unwrap();
    let boards = std::fs::read_to_string(reference.join("boards.jsonl")).unwrap();
    let mut expected: HashMap<String, &str> = HashMap::new();
    for line in boards.lines().filter(|l| !l.trim().is_empty()) {
        expected.insert(unquote(field(line, "id")).to_string(), line);
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in tsv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (id, sgf, mv, color, size) = (cols[0], cols[1], cols[2], cols[3], cols[4]);
        let path = shared.join("gnugo/regression").join(sgf);
        let bytes = std::fs::read(&path).unwrap();
        let n: usize = mv.parse().unwrap();
        let loaded = match load_bytes(&bytes, Target::BeforeMove(n)) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("id {id} ({sgf} move {n}): {e}"));
                continue;
            }
        };
        let want = expected
            .get(id)
            .unwrap_or_else(|| panic!("id {id} not in boards.jsonl"));
        let want_rows: Vec<String> = field(want, "rows")
            .trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .map(|s| unquote(s.trim()).to_string())
            .collect();
        let want_to_move = unquote(field(want, "to_move"));
        let want_ko = unquote(field(want, "ko"));
        let got_to_move = if loaded.to_move == Color::Black {
            "B"
        } else {
            "W"
        };
        let got_ko = loaded
            .board
            .ko_point()
            .map(|p| loaded.board.vertex(p))
            .unwrap_or_else(|| "null".to_string());
        let mut problems = Vec::new();
        if loaded.board.size().to_string() != size {
            problems.push(format!("size {} != {size}", loaded.board.size()));
        }
        let got_rows = rows(&loaded.board);
        if got_rows != want_rows {
            let diff: Vec<String> = got_rows
                .iter()
                .zip(&want_rows)
                .enumerate()
                .filter(|(_, (g, w))| g != w)
                .map(|(r, (g, w))| format!("row {r}: got {g} want {w}"))
                .collect();
            problems.push(diff.join("; "));
        }
        if got_to_move != want_to_move || got_to_move != color {
            problems.push(format!(
                "to move {got_to_move}, want {want_to_move} (tsv {color})"
            ));
        }
        if !got_ko.eq_ignore_ascii_case(want_ko) {
            problems.push(format!("ko {got_ko}, want {want_ko}"));
        }
        if problems.is_empty() {
            checked += 1;
        } else {
            failures.push(format!(
                "id {id} ({sgf} move {n}): {}",
                problems.join(" | ")
            ));
        }
    }
    println!(
        "reference positions: {checked} exact, {} wrong",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 200, "expected 200 reference positions");
}
