//! Locating the shared corpus for tests: `KATACHI_SHARED`, else
//! `<CARGO_MANIFEST_DIR>/../../../shared`. Absent corpus: tests skip with a
//! printed reason, unless `KATACHI_REQUIRE_SHARED=1`, which makes them fail.

#![allow(dead_code)]

use std::path::PathBuf;

/// The shared directory, or `None` (after printing why) when the test should skip.
pub fn shared_dir(what: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("KATACHI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let probe = dir.join(what);
    if probe.exists() {
        return Some(dir);
    }
    let reason = format!("{} not found", probe.display());
    if std::env::var("KATACHI_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!("KATACHI_REQUIRE_SHARED=1 but {reason}");
    }
    eprintln!("SKIPPED: {reason} (set KATACHI_SHARED)");
    None
}

/// Whether a test that needs something external must fail instead of skipping.
pub fn required() -> bool {
    std::env::var("KATACHI_REQUIRE_SHARED").as_deref() == Ok("1")
}
