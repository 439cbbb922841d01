//! Drives `katachi gtp` as a GUI does: one command at a time over pipes,
//! reading each answer up to its empty line, with a time limit so that a
//! hung engine fails the test instead of hanging it.

#![allow(dead_code)] // each test file uses a different part

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single answer may take.
pub const ANSWER_LIMIT: Duration = Duration::from_secs(30);

/// A running `katachi gtp`.
pub struct Gtp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Gtp {
    /// Start `katachi gtp ARGS` in the current directory.
    pub fn start(args: &[&str]) -> Gtp {
        Gtp::start_in(args, None)
    }

    /// Start `katachi gtp ARGS` with `dir` as working directory.
    pub fn start_in(args: &[&str], dir: Option<&Path>) -> Gtp {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_katachi"));
        cmd.arg("gtp").args(args);
        if let Some(dir) = dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("katachi starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Gtp {
            child,
            stdin,
            lines,
        }
    }

    /// Write raw bytes to the engine's input.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("flush");
    }

    /// Read one answer: its lines (line feeds removed) up to, not including,
    /// the empty line that ends it, joined with `\n`.
    pub fn read_answer(&mut self) -> String {
        let deadline = Instant::now() + ANSWER_LIMIT;
        let mut lines: Vec<String> = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|e| panic!("no complete answer ({e}); got so far: {lines:?}"));
            let line = line.strip_suffix('\n').expect("whole lines").to_string();
            if line.is_empty() {
                return lines.join("\n");
            }
            lines.push(line);
        }
    }

    /// Send one command line and return its answer.
    pub fn ask(&mut self, line: &str) -> String {
        self.send_raw(format!("{line}\n").as_bytes());
        self.read_answer()
    }

    /// Send a command that must succeed without an id; return the text
    /// after `= `.
    pub fn ok(&mut self, line: &str) -> String {
        let answer = self.ask(line);
        match answer.strip_prefix("= ") {
            Some(text) => text.to_string(),
            None => panic!("{line:?} failed: {answer:?}"),
        }
    }

    /// Whether anything more was written (waits briefly).
    pub fn silent_for(&self, wait: Duration) -> bool {
        self.lines.recv_timeout(wait).is_err()
    }

    /// Close the input and wait for the engine to exit.
    pub fn finish(mut self) -> ExitStatus {
        drop(self.stdin.take());
        let deadline = Instant::now() + ANSWER_LIMIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("katachi did not exit after its input closed");
            }
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Whether the process has already exited (without waiting).
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().expect("wait")
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A fresh, empty directory for one test.
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("katachi-gtp-it-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Send a whole GTP script to `program` in the folder `dir` (where the
/// script's relative paths resolve) and return everything it printed on
/// standard output: the batch mode used to compare katachi with GNU Go.
pub fn converse(program: &str, args: &[&str], dir: &Path, input: &str) -> String {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write the script");
    let out = child.wait_with_output().expect("engine output");
    String::from_utf8_lossy(&out.stdout).into_owned()
}
