//! `cargo run --release -p katachi-patterns --example corner_bench [SHARED]`:
//! µs per call of the corner tree matcher beside the standard matcher on
//! the joseki databases, over the reference positions, timed as
//! `katachi bench match` times them: per position and colour, calls timed
//! one by one for at least 2 ms and the median call kept; the figure is
//! the median over positions; the `(timer)` row is the cost of timing
//! a call that does nothing (GNU Go's corner tree: 3.2 µs per call, one
//! colour). The joseki database is compiled from GNU Go's seven SGF trees
//! by katachi's joseki compiler; `SHARED` defaults to `$KATACHI_SHARED`,
//! else `../shared` of the workspace.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use katachi_board::Color;
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::joseki::{compile_sgf, JosekiOptions};
use katachi_patterns::matchers::corner_tree::CornerTreeMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Match, Matcher, OwnedPosition, Position, Scratch};
use katachi_patterns::model::PatternDb;
use katachi_patterns::syntax::parse_db;

const SGFS: [(&str, &str); 7] = [
    ("gogo", "JG"),
    ("hoshi_keima", "JHK"),
    ("hoshi_other", "JHO"),
    ("komoku", "JK"),
    ("mokuhazushi", "JM"),
    ("sansan", "JS"),
    ("takamoku", "JT"),
];

/// A matcher that does nothing: its row is the cost of timing a call.
struct Nothing;

impl Matcher for Nothing {
    fn name(&self) -> &'static str {
        "(timer)"
    }

    fn find_all(&self, _: Position<'_>, _: Color, _: &mut Scratch, _: &mut Vec<Match>) {}
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let shared = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("KATACHI_SHARED").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let mut db = PatternDb {
        name: "joseki".to_string(),
        ..PatternDb::default()
    };
    for (file, prefix) in SGFS {
        let bytes = std::fs::read(shared.join(format!("gnugo/patterns/{file}.sgf")))
            .expect("joseki SGF (pass the shared directory)");
        let options = JosekiOptions {
            prefix: prefix.to_string(),
        };
        let text = compile_sgf(&bytes, &options)
            .expect("joseki compiles")
            .to_db_text(file);
        db.patterns.extend(parse_db(&text, file).0.patterns);
    }
    let boards = std::fs::read_to_string(shared.join("reference/boards.jsonl")).expect("boards");
    let mut by_id = BTreeMap::new();
    for line in boards.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        let rows: Vec<String> = v["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r.as_str().expect("row").to_string())
            .collect();
        let pos = OwnedPosition::from_rows(&rows).expect("rows");
        by_id.insert(v["id"].as_u64().expect("id"), pos);
    }
    let list = std::fs::read_to_string(shared.join("reference/positions.tsv")).expect("positions");
    let positions: Vec<OwnedPosition> = list
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let id: u64 = l.split('\t').next().unwrap_or("").parse().expect("id");
            by_id[&id].clone()
        })
        .collect();
    let mut mix: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &positions {
        *mix.entry(p.size).or_default() += 1;
    }
    let compiled = CompiledDb::compile(&db);
    let start = Instant::now();
    let corner = CornerTreeMatcher::new(&compiled);
    let build_ms = start.elapsed().as_secs_f64() * 1e3;
    let s = corner.stats();
    println!(
        "joseki (from SGF): {} patterns, {} variants; corner tree: {} variations, {} forms, depth {}, built in {build_ms:.1} ms",
        db.patterns.len(),
        compiled.variants.len(),
        s.variations,
        s.forms,
        s.depth
    );
    let mix: Vec<String> = mix
        .iter()
        .rev()
        .map(|(s, n)| format!("{n} at {s}x{s}"))
        .collect();
    println!("positions: {} ({})", positions.len(), mix.join(", "));
    let standard = StandardMatcher::new(&compiled);
    println!(
        "{:<10} {:>10} {:>10} {:>12} {:>12} {:>18}",
        "matcher", "med µs B", "med µs W", "med µs B+W", "p90 µs B+W", "matches/pos B / W"
    );
    let min = Duration::from_millis(2);
    for m in [&corner as &dyn Matcher, &standard, &Nothing] {
        let mut scratch = Scratch::default();
        let mut out: Vec<Match> = Vec::with_capacity(64);
        let mut us = [Vec::new(), Vec::new()];
        let mut matches = [0usize; 2];
        for pos in &positions {
            for (k, color) in [Color::Black, Color::White].into_iter().enumerate() {
                out.clear();
                m.find_all(pos.view(), color, &mut scratch, &mut out);
                matches[k] += out.len();
                let start = Instant::now();
                let mut samples = Vec::new();
                loop {
                    out.clear();
                    let call = Instant::now();
                    m.find_all(pos.view(), color, &mut scratch, &mut out);
                    samples.push(call.elapsed().as_secs_f64() * 1e6);
                    if start.elapsed() >= min {
                        break;
                    }
                }
                us[k].push(median(&samples));
            }
        }
        let both: Vec<f64> = us[0].iter().zip(&us[1]).map(|(a, b)| a + b).collect();
        let n = positions.len() as f64;
        println!(
            "{:<10} {:>10.2} {:>10.2} {:>12.2} {:>12.2} {:>10.2} / {:.2}",
            m.name(),
            median(&us[0]),
            median(&us[1]),
            median(&both),
            quantile(&both, 0.9),
            matches[0] as f64 / n,
            matches[1] as f64 / n
        );
    }
}
