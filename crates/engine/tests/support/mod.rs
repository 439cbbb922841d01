//! What the engine's GNU Go suite tests share: finding the shared corpus,
//! and judging an answer against a suite's expected text.

#![allow(dead_code)] // each test file uses a different part

use std::path::{Path, PathBuf};

/// The shared corpus with GNU Go's regression suites; see
/// [`shared_dir_with`].
pub fn shared_dir() -> Option<PathBuf> {
    shared_dir_with(&["gnugo/regression"])
}

/// The shared corpus (`KATACHI_SHARED`, default `../../../shared` from this
/// crate) holding the folders `parts`: `None` with a printed reason when
/// one is absent, a panic then if `KATACHI_REQUIRE_SHARED=1`.
pub fn shared_dir_with(parts: &[&str]) -> Option<PathBuf> {
    let dir = std::env::var_os("KATACHI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    if parts.iter().all(|p| dir.join(p).is_dir()) {
        Some(dir)
    } else if std::env::var("KATACHI_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!("shared corpus not found at {}", dir.display());
    } else {
        println!("skipped: shared corpus not found at {}", dir.display());
        None
    }
}

/// GNU Go's expected answers use a small part of regex syntax: literal
/// text, `(a|b)` groups and top-level `|`. Anchored at both ends.
pub fn matches(pattern: &str, text: &str) -> bool {
    split_top(pattern).iter().any(|alt| matches_seq(alt, text))
}

fn split_top(p: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in p.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            '|' if depth == 0 => {
                out.push(&p[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&p[start..]);
    out
}

fn matches_seq(p: &str, text: &str) -> bool {
    match p.find('(') {
        None => p == text,
        Some(open) => {
            let Some(len) = p[open..].find(')') else {
                return false;
            };
            let close = open + len;
            let (head, tail) = (&p[..open], &p[close + 1..]);
            let Some(rest) = text.strip_prefix(head) else {
                return false;
            };
            split_top(&p[open + 1..close])
                .iter()
                .any(|alt| rest.strip_prefix(alt).is_some_and(|r| matches_seq(tail, r)))
        }
    }
}
