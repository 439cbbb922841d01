//! Helpers shared by the integration tests: GNU Go's pattern corpus, found
//! at run time through `katachi-testkit`'s shared-corpus lookup.

#![allow(dead_code)]

use std::path::PathBuf;

/// The shared directory, or `None` (after printing why) if it is absent and
/// `KATACHI_REQUIRE_SHARED=1` is not set; panics if it is required but absent.
pub fn shared_dir() -> Option<PathBuf> {
    katachi_testkit::shared::shared_dir_with(&["gnugo/patterns"])
}

/// The corpus databases the parser must read: every `.db` of GNU Go's
/// patterns directory except `eyes.db` and `mc_*.db` (other formats).
pub fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = shared_dir()?.join("gnugo/patterns");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".db") && name != "eyes.db" && !name.starts_with("mc_")
        })
        .collect();
    files.sort();
    Some(files)
}

/// Reads a file as text (lossy: the corpus is ASCII, but be safe).
pub fn read(path: &std::path::Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).expect("read file")).into_owned()
}
