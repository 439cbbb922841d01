//! Runs the `katachi` binary as a user does from a shell, for the
//! command-line tests: one invocation, its output, and temporary input
//! files of the test's own.

#![allow(dead_code)] // each test file uses a different part

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Run `katachi ARGS...` to completion.
pub fn katachi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(args)
        .output()
        .expect("katachi runs")
}

/// (exit code, stdout, stderr) of `katachi ARGS...` with `input` on
/// standard input (a GTP session, or nothing). A refused start may close
/// its input before reading it, so a failed write is not an error.
pub fn katachi_fed(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("katachi runs");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().expect("katachi ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
