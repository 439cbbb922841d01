//! No subcommand panics when its reader goes away (`katachi ... | head`):
//! each is started with standard output a pipe whose reading end is closed
//! before the command writes anything, so its first write fails with a
//! broken pipe. It must end quietly (exit 141, as a C program killed by
//! SIGPIPE, or 0), never with Rust's panic exit 101 and message.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("closed-pipe-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run `katachi ARGS` (with `input` on standard input) with its standard
/// output closed at once; also close standard error when `close_stderr`.
/// Returns the exit code and what it wrote on standard error.
fn run_closed(args: &[&str], input: &str, close_stderr: bool, dir: &Path) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("katachi starts");
    // Close the reading end before the child can write.
    drop(child.stdout.take());
    if close_stderr {
        drop(child.stderr.take());
    }
    if let Some(mut stdin) = child.stdin.take() {
        // The child may exit before reading everything.
        let _ = stdin.write_all(input.as_bytes());
    }
    let mut stderr = String::new();
    if let Some(mut err) = child.stderr.take() {
        use std::io::Read;
        err.read_to_string(&mut stderr).unwrap();
    }
    let status = child.wait().unwrap();
    let code = status.code().unwrap_or(-1);
    (code, stderr)
}

fn assert_quiet(args: &[&str], input: &str, dir: &Path) {
    for close_stderr in [false, true] {
        let (code, stderr) = run_closed(args, input, close_stderr, dir);
        assert!(
            code == 141 || code == 0,
            "katachi {args:?} (stderr closed: {close_stderr}) exited {code}:\n{stderr}"
        );
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "katachi {args:?}:\n{stderr}"
        );
    }
}

#[test]
fn no_subcommand_panics_on_a_closed_stdout() {
    let dir = scratch("all");
    let sgf = dir.join("game.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[9];B[ee];W[cc];B[gg])").unwrap();
    let sgf = sgf.to_str().unwrap();
    let shapes = repo().join("patterns/shapes.db");
    let shapes = shapes.to_str().unwrap();
    let joseki = dir.join("j.sgf");
    std::fs::write(&joseki, "(;SZ[19];B[pd];W[qf])").unwrap();
    let joseki = joseki.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["bench", "startup", "--runs", "1"], ""),
        (&["bench", "playouts", "--seconds", "0.05"], ""),
        (&["show", sgf], ""),
        (&["patterns", "check", shapes], ""),
        (&["patterns", "fmt", shapes], ""),
        (&["patterns", "dump", "model", shapes], ""),
        (&["patterns", "match", sgf, "--db", shapes], ""),
        (&["joseki", joseki], ""),
        (&["gtp"], "name\nshowboard\nquit\n"),
        (&["--help"], ""),
    ];
    for (args, input) in cases {
        assert_quiet(args, input, &dir);
    }
}

#[test]
fn a_closed_stdout_is_exit_141_not_101() {
    let dir = scratch("bench");
    let (code, stderr) = run_closed(&["bench", "startup", "--runs", "1"], "", false, &dir);
    assert_eq!(code, 141, "{stderr}");
    assert_eq!(stderr, "");
}
