//! Fuzz target `patterns`: any text must parse and check without panicking,
//! every diagnostic must render, and whatever parses without errors must
//! format to text that parses to the same model (and formats identically).
#![no_main]

use libfuzzer_sys::fuzz_target;

use katachi_patterns::syntax::{format_file, parse_db, parse_file};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (file, syntax_diags) = parse_file(&text, "fuzz.db");
    let (db, diags) = parse_db(&text, "fuzz.db");
    for d in &diags {
        let _ = d.to_string();
    }
    if syntax_diags.iter().any(|d| d.is_error()) || diags.iter().any(|d| d.is_error()) {
        return;
    }
    let formatted = format_file(&file);
    let (db2, diags2) = parse_db(&formatted, "fuzz.db");
    assert!(
        !diags2.iter().any(|d| d.is_error()),
        "formatted text has errors: {}\n---\n{formatted}",
        diags2.iter().find(|d| d.is_error()).unwrap()
    );
    let strip = |mut db: katachi_patterns::model::PatternDb| {
        for p in &mut db.patterns {
            p.line = 0;
        }
        db
    };
    assert!(
        strip(db) == strip(db2),
        "fmt changed the model\n---\n{formatted}"
    );
    let (file2, _) = parse_file(&formatted, "fuzz.db");
    assert_eq!(format_file(&file2), formatted, "fmt is not idempotent");
});
