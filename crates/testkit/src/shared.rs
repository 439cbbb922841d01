//! Finding what tests read at run time but the tree does not hold: GNU Go's
//! material in the shared corpus (patterns, regression suites, reference
//! records) and the `gnugo` binary.
//!
//! The corpus is `KATACHI_SHARED` when set, else `shared/` beside the
//! workspace (`../shared` from the workspace root). Every lookup returns
//! `None` after printing `skipped: REASON` when something is missing, and
//! panics instead when `KATACHI_REQUIRE_SHARED=1` (as CI sets it), so a
//! missing corpus can never turn a CI run green. A test starts with
//!
//! ```
//! let Some(dir) = katachi_testkit::shared::regression_dir() else { return };
//! # let _ = dir;
//! ```

use std::path::{Path, PathBuf};

/// The environment variable that names the corpus folder.
pub const SHARED_ENV: &str = "KATACHI_SHARED";
/// The environment variable that turns a skip into a failure when `1`.
pub const REQUIRE_ENV: &str = "KATACHI_REQUIRE_SHARED";
/// The environment variable that names the `gnugo` binary.
pub const GNUGO_ENV: &str = "GNUGO";
/// Where GNU Go 3.8 is installed when `GNUGO` is not set.
pub const GNUGO_DEFAULT: &str = "/usr/games/gnugo";

/// Whether missing material must fail the test (`KATACHI_REQUIRE_SHARED=1`).
pub fn required() -> bool {
    std::env::var(REQUIRE_ENV).as_deref() == Ok("1")
}

/// Report that a test cannot run: print `skipped: REASON`, or panic with the
/// reason when [`required`].
pub fn skip_or_fail(reason: &str) {
    if required() {
        panic!("{REQUIRE_ENV}=1 but {reason}");
    }
    println!("skipped: {reason}");
}

/// The corpus folder, whether or not it exists: `KATACHI_SHARED`, else
/// `../shared` from the workspace root.
pub fn shared_root() -> PathBuf {
    std::env::var_os(SHARED_ENV)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"))
}

/// The corpus folder when each of `parts` (paths relative to it, files or
/// folders) exists; otherwise [`skip_or_fail`] naming the first missing one.
pub fn shared_dir_with(parts: &[&str]) -> Option<PathBuf> {
    let root = shared_root();
    if !root.is_dir() {
        skip_or_fail(&format!(
            "shared corpus not found at {} (set {SHARED_ENV})",
            root.display()
        ));
        return None;
    }
    if let Some(missing) = parts.iter().find(|p| !root.join(p).exists()) {
        skip_or_fail(&format!(
            "{} not found in the shared corpus (set {SHARED_ENV})",
            root.join(missing).display()
        ));
        return None;
    }
    Some(root)
}

/// The corpus folder, if it exists (see [`shared_dir_with`]).
pub fn shared_dir() -> Option<PathBuf> {
    shared_dir_with(&[])
}

/// `gnugo/regression`: GNU Go's `.tst` suites and their games.
pub fn regression_dir() -> Option<PathBuf> {
    sub("gnugo/regression")
}

/// `gnugo/patterns`: GNU Go's pattern databases.
pub fn patterns_dir() -> Option<PathBuf> {
    sub("gnugo/patterns")
}

/// `reference`: what GNU Go computed on reference positions (boards,
/// matches, constraint values, joseki output).
pub fn reference_dir() -> Option<PathBuf> {
    sub("reference")
}

fn sub(part: &str) -> Option<PathBuf> {
    shared_dir_with(&[part]).map(|root| root.join(part))
}

/// The `gnugo` binary (`GNUGO`, default `/usr/games/gnugo`) if it exists;
/// otherwise [`skip_or_fail`].
pub fn gnugo() -> Option<PathBuf> {
    let path = std::env::var_os(GNUGO_ENV)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(GNUGO_DEFAULT));
    if path.exists() {
        Some(path)
    } else {
        skip_or_fail(&format!("{} not found (set {GNUGO_ENV})", path.display()));
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_part_skips_or_fails() {
        let part = "no/such/folder/in/the/corpus";
        if required() {
            let r = std::panic::catch_unwind(|| shared_dir_with(&[part]));
            assert!(r.is_err(), "a missing part must fail under {REQUIRE_ENV}=1");
        } else {
            assert_eq!(shared_dir_with(&[part]), None);
        }
    }
}
