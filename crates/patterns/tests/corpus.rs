//! GNU Go's databases: every pattern is read with zero errors, and the
//! number read equals the number of `Pattern` headers in the file.

mod common;

use std::collections::BTreeMap;

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
    assert!(total >= 2800, "only {total} patterns read");
}

/// The autohelper functions GNU Go's databases call, with use counts: every
/// one resolves in the registry (else the corpus would not parse).
#[test]
fn corpus_function_usage() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let mut used: BTreeMap<&'static str, usize> = BTreeMap::new();
    for path in &files {
        let (db, _) = parse_db(&common::read(path), &path.display().to_string());
        for p in &db.patterns {
            for e in p.constraint.iter().chain(p.action.iter()) {
                for f in e.calls() {
                    *used.entry(f.name()).or_default() += 1;
                }
            }
        }
    }
    println!("{} functions used by the corpus:", used.len());
    for (name, n) in &used {
        println!("  {name} {n}");
    }
    for name in [
        "oplay_attack",
        "lib",
        "owl_escape_value",
        "doing_scoring",
        "amalgamate",
    ] {
        assert!(
            used.contains_key(name),
            "{name} should be used by the corpus"
        );
    }
    assert!(used.len() >= 100, "only {} functions used", used.len());
}

/// GNU Go's joseki compiler output (the joseki helper's reference) reads
/// with zero errors too.
#[test]
fn reference_joseki_databases_read_without_errors() {
    let Some(dir) = common::shared_dir() else {
        return;
    };
    let dir = dir.join("reference/joseki");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("skipped: no {}", dir.display());
        return;
    };
    let mut total = 0;
    for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        let text = common::read(&path);
        let headers = text.lines().filter(|l| l.starts_with("Pattern ")).count();
        let (db, diags) = parse_db(&text, &path.display().to_string());
        let errors: Vec<_> = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{}", errors[0]);
        assert_eq!(db.patterns.len(), headers, "{}", path.display());
        total += headers;
    }
    println!("reference joseki: {total} patterns");
}
