//! Bad `.db` input never panics: random text built from the language's own
//! pieces (headers, diagram symbols, colon lines, expressions, garbage) is
//! parsed, checked, rendered and, when error-free, formatted and re-parsed
//! to the same model. (The cargo-fuzz target `patterns` does the same with
//! coverage guidance; this keeps a quick version in every test run.)

use proptest::prelude::*;

use katachi_patterns::model::PatternDb;
use katachi_patterns::syntax::{format_file, parse_db, parse_file};

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Pattern P".to_string()),
        Just(String::new()),
        "#[ -~]{0,10}",
        "[.,!*?OXoxQY|+a-z-]{1,6}( [a-z]{1,5})?",
        ":[8|/\\\\+XO-]?(,[sOXxnCeEdajJtUFB-]{0,4})?(,(value|shape|terri|worth)\\([-0-9.a-z]{0,4}\\))?(,[a-z_]{1,6})?",
        "[;>][ a-z*?(),!&|=<>+0-9-]{0,24}",
        ";(lib|attack|oplay_attack|o_somewhere|xplay_defend_both)\\(([a-e*?],){0,4}[a-e*?]?\\)( (&&|\\|\\||==|<) [0-9])?",
        "(attribute_map|goal_elements|callback_data) [a-zX!,.]{0,6}",
        "[\\x00-\\x7f\u{e9}\u{4e00}]{0,8}",
    ]
}

fn strip(mut db: PatternDb) -> PatternDb {
    db.patterns.iter_mut().for_each(|p| p.line = 0);
    db
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parser_never_panics(lines in prop::collection::vec(line(), 0..24)) {
        let text = lines.join("\n");
        let (file, syntax) = parse_file(&text, "p.db");
        let (db, diags) = parse_db(&text, "p.db");
        for d in &diags {
            prop_assert!(!d.to_string().is_empty());
        }
        if !syntax.iter().chain(&diags).any(|d| d.is_error()) {
            let formatted = format_file(&file);
            let (db2, diags2) = parse_db(&formatted, "p.db");
            prop_assert!(!diags2.iter().any(|d| d.is_error()), "{}", formatted);
            prop_assert_eq!(strip(db), strip(db2));
        }
    }
}
