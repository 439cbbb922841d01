//! Acceptance test of the joseki compiler: each of GNU Go's seven joseki
//! trees (read from the shared corpus at run time, never copied into the
//! repository) is compiled and compared, pattern by pattern, with what GNU
//! Go's own compiler produced from it (`reference/joseki/NAME.db`).
//!
//! The comparison is structural: both texts are split into pattern blocks
//! and each block into its `#` comment lines, main diagram, colon line,
//! constraint diagram and `;`/`>` lines. Pattern names and the header
//! before the first pattern are ignored; whitespace inside lines is
//! normalised (runs collapse in comments, vanish elsewhere) and blank lines
//! do not count. Every difference is counted; the first few are printed.
//!
//! The corpus is looked for in `$KATACHI_SHARED`, else `../../../shared`
//! from this crate. Without it the test prints why and passes, unless
//! `KATACHI_REQUIRE_SHARED=1`, when it fails.

use std::path::PathBuf;

use katachi_patterns::joseki::{compile_sgf, JosekiOptions};

const FILES: [(&str, &str); 7] = [
    ("gogo", "JG"),
    ("hoshi_keima", "JHK"),
    ("hoshi_other", "JHO"),
    ("komoku", "JK"),
    ("mokuhazushi", "JM"),
    ("sansan", "JS"),
    ("takamoku", "JT"),
];

fn shared_dir() -> Option<PathBuf> {
    katachi_testkit::shared::shared_dir_with(&["reference/joseki", "gnugo/patterns"])
}

/// One pattern block, split into the parts that are compared.
#[derive(Debug, Default, PartialEq, Eq)]
struct Block {
    name: String,
    comments: Vec<String>,
    diagram: Vec<String>,
    colon: String,
    constraint_diagram: Vec<String>,
    constraints: Vec<String>,
}

fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn strip(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Split `.db` text into pattern blocks (the header is dropped).
fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("Pattern ") {
            out.push(Block {
                name: name.trim().to_string(),
                ..Block::default()
            });
            continue;
        }
        let Some(b) = out.last_mut() else { continue };
        let line = line.trim_end();
        match line.chars().next() {
            None => {}
            Some('#') => b.comments.push(squeeze(line)),
            Some(':') => b.colon = strip(line),
            Some(';') | Some('>') => b.constraints.push(strip(line)),
            Some(_) if b.colon.is_empty() => b.diagram.push(strip(line)),
            Some(_) => b.constraint_diagram.push(strip(line)),
        }
    }
    out
}

/// Differences between two blocks, as (part, expected, got).
fn compare(want: &Block, got: &Block) -> Vec<(&'static str, String, String)> {
    let mut diffs = Vec::new();
    let mut part = |name, w: String, g: String| {
        if w != g {
            diffs.push((name, w, g));
        }
    };
    let star = |d: &[String]| {
        d.iter()
            .enumerate()
            .flat_map(|(r, row)| row.char_indices().map(move |(c, ch)| (r, c, ch)))
            .filter(|&(_, _, ch)| ch == '*')
            .map(|(r, c, _)| format!("({r},{c})"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    part(
        "comments",
        want.comments.join("\n"),
        got.comments.join("\n"),
    );
    part("* point", star(&want.diagram), star(&got.diagram));
    part("diagram", want.diagram.join("\n"), got.diagram.join("\n"));
    part("colon line", want.colon.clone(), got.colon.clone());
    part(
        "constraint diagram",
        want.constraint_diagram.join("\n"),
        got.constraint_diagram.join("\n"),
    );
    part(
        "constraints/actions",
        want.constraints.join("\n"),
        got.constraints.join("\n"),
    );
    diffs
}

#[test]
fn joseki_trees_compile_like_gnu_go() {
    let Some(shared) = shared_dir() else { return };
    let mut report = Vec::new();
    let mut total_diffs = 0;
    let mut total_patterns = 0;
    for (name, prefix) in FILES {
        let sgf_path = shared.join(format!("gnugo/patterns/{name}.sgf"));
        let ref_path = shared.join(format!("reference/joseki/{name}.db"));
        let sgf = std::fs::read(&sgf_path).expect("read joseki SGF");
        let reference = std::fs::read_to_string(&ref_path).expect("read reference .db");
        let options = JosekiOptions {
            prefix: prefix.to_string(),
        };
        let db = match compile_sgf(&sgf, &options) {
            Ok(db) => db,
            Err(e) => panic!("{}: {e}", sgf_path.display()),
        };
        let text = db.to_db_text(&format!("{name}.sgf"));
        let want = blocks(&reference);
        let got = blocks(&text);
        let mut diffs = 0;
        if want.len() != got.len() {
            diffs += 1;
            report.push(format!(
                "{name}: {} patterns, reference has {}",
                got.len(),
                want.len()
            ));
        }
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            for (part, wv, gv) in compare(w, g) {
                diffs += 1;
                report.push(format!(
                    "{name} pattern #{} ({} / ours {}): {part} differs\n  reference: {wv:?}\n  ours:      {gv:?}",
                    i + 1,
                    w.name,
                    g.name
                ));
            }
        }
        println!(
            "{name}: {} patterns compiled, reference {}, {diffs} differences",
            got.len(),
            want.len()
        );
        total_diffs += diffs;
        total_patterns += got.len();
    }
    println!("total: {total_patterns} patterns, {total_diffs} differences");
    for line in report.iter().take(10) {
        println!("{line}");
    }
    assert_eq!(total_diffs, 0, "differences from GNU Go's joseki compiler");
}

#[test]
fn the_structural_comparison_sees_differences() {
    // The comparison itself must be able to fail: a changed cell, class or
    // constraint is reported, names and blank lines are not.
    let a = "Pattern A1\n# c\n\n---+\n.*.|\n\n:8,sFJ\n\n---+\n.*A|\n\n;f(A)\n";
    let same = "Pattern Z9\n#   c\n---+\n.*.|\n:8,sFJ\n---+\n.*A|\n; f(A)\n";
    let b = blocks(a);
    assert_eq!(b.len(), 1);
    assert!(compare(&b[0], &blocks(same)[0]).is_empty());
    for changed in [
        a.replace(".*.|", "X*.|"),
        a.replace(":8,sFJ", ":8,sFj"),
        a.replace(";f(A)", ";g(A)"),
        a.replace(".*A|", ".*B|"),
        a.replace("# c", "# d"),
    ] {
        assert!(
            !compare(&b[0], &blocks(&changed)[0]).is_empty(),
            "{changed}"
        );
    }
}
