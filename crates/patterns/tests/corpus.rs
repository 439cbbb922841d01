//! GNU Go's databases: every pattern is read with zero errors, and the
//! number read equals the number of `Pattern` headers in the file.

mod common;

use katachi_patterns::syntax::{parse_db, Severity};

#[test]
fn corpus_reads_every_pattern_without_errors() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    assert!(
        files.len() >= 14,
        "expected the corpus databases, found {files:?}"
    );
    let mut failures = Vec::new();
    let mut total = 0;
    for path in &files {
        let text = common::read(path);
        let name = path.display().to_string();
        let headers = text
            .lines()
            .filter(|l| l.split_whitespace().next() == Some("Pattern"))
            .count();
        let (db, diags) = parse_db(&text, &name);
        let errors: Vec<_> = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        let warnings = diags.len() - errors.len();
        println!(
            "{:<22} {:>5} headers {:>5} read {:>4} warnings",
            path.file_name().unwrap().to_string_lossy(),
            headers,
            db.patterns.len(),
            warnings
        );
        for e in errors.iter().take(5).chain(
            if std::env::var("SHOW_WARNINGS").is_ok() {
                diags
                    .iter()
                    .filter(|d| d.severity == Severity::Warning)
                    .collect::<Vec<_>>()
            } else {
                Vec::new()
            }
            .iter(),
        ) {
            println!("{e}");
        }
        if !errors.is_empty() || db.patterns.len() != headers {
            failures.push(format!(
                "{name}: {} errors, {} of {headers} patterns read",
                errors.len(),
                db.patterns.len()
            ));
        }
        total += db.patterns.len();
    }
    println!("total {total} patterns");
    assert!(failures.is_empty(), "{failures:#?}");
}
