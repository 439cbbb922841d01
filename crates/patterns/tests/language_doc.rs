//! LANGUAGE.md documents everything the front end accepts: every diagram
//! symbol, class letter, value, function and constant appears in it.

use katachi_patterns::expr::{CONSTANTS, FUNCTIONS};
use katachi_patterns::model::{ValueKind, CLASSES, SYMBOLS};

fn doc() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/LANGUAGE.md"))
        .expect("LANGUAGE.md")
}

#[test]
fn every_construct_is_documented() {
    let doc = doc();
    let mut missing = Vec::new();
    for s in SYMBOLS.iter() {
        if !doc.contains(&format!("| `{}` |", s.ch)) {
            missing.push(format!("symbol {}", s.ch));
        }
    }
    for c in CLASSES.iter() {
        if !doc.contains(&format!("| `{}` | {} |", c.letter, c.meaning)) {
            missing.push(format!("class {}", c.letter));
        }
    }
    for (_, name) in ValueKind::ALL {
        if !doc.contains(&format!("| `{name}` |")) {
            missing.push(format!("value {name}"));
        }
    }
    for f in FUNCTIONS {
        if !doc.contains(&format!("| `{}` |", f.name)) {
            missing.push(format!("function {}", f.name));
        }
    }
    for c in CONSTANTS {
        if !doc.contains(&format!("`{}`", c.name)) {
            missing.push(format!("constant {}", c.name));
        }
    }
    assert!(missing.is_empty(), "LANGUAGE.md lacks: {missing:?}");
}
