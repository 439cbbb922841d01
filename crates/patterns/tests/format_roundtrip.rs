//! `fmt` is faithful: for every corpus file, parsing the formatted text
//! gives the same model (and the same syntax tree, spans aside) as parsing
//! the original, and formatting is idempotent.

mod common;

use katachi_patterns::model::PatternDb;
use katachi_patterns::syntax::{format_file, parse_db, parse_file};

/// The model with source lines cleared (they move when text is reformatted).
fn normalised(mut db: PatternDb) -> PatternDb {
    for p in &mut db.patterns {
        p.line = 0;
    }
    db
}

#[test]
fn corpus_round_trips_through_fmt() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    for path in &files {
        let name = path.display().to_string();
        let text = common::read(path);
        let (file, diags) = parse_file(&text, &name);
        assert!(diags.iter().all(|d| !d.is_error()), "{name} has errors");
        let formatted = format_file(&file);
        let (db1, d1) = parse_db(&text, &name);
        let (db2, d2) = parse_db(&formatted, &name);
        let errors: Vec<_> = d2.iter().filter(|d| d.is_error()).collect();
        assert!(
            errors.is_empty(),
            "{name}: formatted text has errors: {}",
            errors[0]
        );
        assert_eq!(
            d1.iter().filter(|d| !d.is_error()).count(),
            d2.len(),
            "{name}: warnings differ after fmt"
        );
        assert_eq!(db1.patterns.len(), db2.patterns.len(), "{name}");
        let (n1, n2) = (normalised(db1), normalised(db2));
        for (a, b) in n1.patterns.iter().zip(&n2.patterns) {
            assert_eq!(a, b, "{name}: pattern {} differs after fmt", a.name);
        }
        assert_eq!(n1, n2, "{name}");
        let (file2, _) = parse_file(&formatted, &name);
        assert_eq!(
            format_file(&file2),
            formatted,
            "{name}: fmt is not idempotent"
        );
    }
}
