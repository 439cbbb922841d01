//! Runs the `katachi` binary as a user does from a shell, for the
//! command-line tests: one invocation, its output, and temporary input
//! files of the test's own.

#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;
use std::process::{Command, Output};

/// Run `katachi ARGS...` to completion.
pub fn katachi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(args)
        .output()
        .expect("katachi runs")
}

/// The standard output of a run that must have succeeded.
pub fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "katachi failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).expect("utf8")
}

/// A file `name` holding `text` in a temporary folder of the test
/// (`katachi-TEST-PID`), so that tests running at once do not meet.
pub fn temp_file(test: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("katachi-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(name);
    std::fs::write(&file, text).expect("write");
    file
}
