//! Locating the shared corpus for tests, through `katachi-testkit`:
//! `KATACHI_SHARED`, else `shared/` beside the workspace. Absent corpus:
//! tests skip with a printed reason, unless `KATACHI_REQUIRE_SHARED=1`,
//! which makes them fail.

#![allow(dead_code)]

use std::path::PathBuf;

/// The shared directory when `what` (a path inside it) exists, or `None`
/// (after printing why) when the test should skip.
pub fn shared_dir(what: &str) -> Option<PathBuf> {
    katachi_testkit::shared::shared_dir_with(&[what])
}

/// Whether a test that needs something external must fail instead of skipping.
pub fn required() -> bool {
    katachi_testkit::shared::required()
}
