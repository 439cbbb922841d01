//! GTP client: start a GTP engine as a child process and talk to it.
//!
//! The match runner and the regression runner drive other engines (GNU Go,
//! katachi itself, anything that speaks GTP version 2) through this module.
//! An [`Engine`] owns the child process; a reader thread turns its standard
//! output into lines so that every command can have a time limit. Answers
//! are parsed as the GTP specification gives them (`=` or `?`, an optional
//! numeric id, text lines, an empty line), and everything that can go wrong
//! with another program is a [`ClientError`] naming the engine and the
//! command: it could not start, it died (with its exit status and the last
//! lines it wrote to standard error), it said nothing in time, or it wrote
//! something that is not a GTP answer. After a time-out or garbage the
//! conversation is out of step, so the engine refuses further commands; the
//! caller restarts it.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

/// How many lines of an engine's standard error are kept for error messages.
const STDERR_TAIL_LINES: usize = 12;
/// How long to wait for a child to exit after its output closed or after `quit`.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// Everything that can go wrong while driving an engine. In every variant
/// `engine` is the engine's command line and `command` the GTP command
/// concerned.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The engine command line could not be split into words.
    #[error("bad engine command line {text:?}: {reason}")]
    BadCommandLine {
        /// The command line as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The program could not be started.
    #[error("cannot start engine `{engine}`: {error}")]
    Spawn {
        engine: String,
        /// The operating system's reason.
        error: io::Error,
    },
    /// A command to send was empty or held a line break or control character.
    #[error("cannot send {command:?} to engine `{engine}`: a GTP command is one non-empty line")]
    BadCommand { engine: String, command: String },
    /// No complete answer arrived within the time limit.
    #[error("engine `{engine}` gave no answer to `{command}` within {:.1} s", limit.as_secs_f64())]
    Timeout {
        engine: String,
        command: String,
        /// The time limit that passed.
        limit: Duration,
    },
    /// The engine closed its output or exited.
    #[error(
        "engine `{engine}` died while answering `{command}` ({status}){}",
        tail_suffix(stderr_tail)
    )]
    Died {
        engine: String,
        command: String,
        /// Exit status as text, e.g. `exit status: 1` or `signal: 11`.
        status: String,
        /// The last lines the engine wrote to standard error, if kept.
        stderr_tail: String,
    },
    /// The engine wrote something that is not a GTP answer.
    #[error("engine `{engine}` answered `{command}` with something that is not GTP: {line:?}")]
    Garbage {
        engine: String,
        command: String,
        /// The offending line.
        line: String,
    },
    /// The answer carried another id than the command.
    #[error("engine `{engine}` answered `{command}` with id {got}, expected {expected}")]
    IdMismatch {
        engine: String,
        command: String,
        /// The id sent.
        expected: u32,
        /// The id received.
        got: u32,
    },
    /// The engine answered with `?` where success was required.
    #[error("engine `{engine}` refused `{command}`: {message}")]
    Refused {
        engine: String,
        command: String,
        /// The error text of the answer.
        message: String,
    },
    /// An earlier time-out, garbage or death left the engine unusable.
    #[error("engine `{engine}` is unusable after an earlier error ({reason}); restart it")]
    Unusable {
        engine: String,
        /// What happened earlier.
        reason: String,
    },
}

fn tail_suffix(tail: &str) -> String {
    if tail.is_empty() {
        String::new()
    } else {
        format!("; its last words on stderr:\n{tail}")
    }
}

/// An engine command line: a program and its arguments, split as a POSIX
/// shell would (quotes and backslashes), without running a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    text: String,
    program: String,
    args: Vec<String>,
}

impl CommandLine {
    /// Split `text` into program and arguments.
    pub fn parse(text: &str) -> Result<CommandLine, ClientError> {
        let words = shell_words::split(text).map_err(|e| ClientError::BadCommandLine {
            text: text.to_string(),
            reason: e.to_string(),
        })?;
        let mut words = words.into_iter();
        let program = words.next().ok_or_else(|| ClientError::BadCommandLine {
            text: text.to_string(),
            reason: "it is empty".to_string(),
        })?;
        Ok(CommandLine {
            text: text.trim().to_string(),
            program,
            args: words.collect(),
        })
    }

    /// A command line from a program path and arguments (no splitting).
    pub fn from_parts(program: impl Into<String>, args: &[&str]) -> CommandLine {
        let program = program.into();
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let mut words = vec![program.clone()];
        words.extend(args.iter().cloned());
        CommandLine {
            text: shell_words::join(&words),
            program,
            args,
        }
    }

    /// The text the command line was made from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The program to run.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// Its arguments.
    pub fn args(&self) -> &[String] {
        &self.args
    }

    /// Make a relative program path that names a file (`./engine`,
    /// `bin/engine`) absolute against `base`, so that the engine can be
    /// started in another working directory. Bare names (`gnugo`) are left
    /// for the `PATH` search.
    pub fn anchor_program(&mut self, base: &Path) {
        let path = Path::new(&self.program);
        if path.is_relative() && path.components().count() > 1 {
            self.program = base.join(path).to_string_lossy().into_owned();
        }
    }
}

impl FromStr for CommandLine {
    type Err = ClientError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CommandLine::parse(s)
    }
}

impl fmt::Display for CommandLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// What happens to the engine's standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StderrMode {
    /// Keep the last lines for error messages, show nothing.
    #[default]
    Tail,
    /// Pass it through to our own standard error.
    Inherit,
    /// Throw it away.
    Null,
}

/// How to start an engine.
#[derive(Clone, Debug, Default)]
pub struct SpawnOptions {
    /// Working directory of the engine (default: ours).
    pub cwd: Option<PathBuf>,
    /// What to do with its standard error.
    pub stderr: StderrMode,
    /// Time limit for commands sent with [`Engine::command`] (default: none).
    pub default_timeout: Option<Duration>,
}

/// One GTP answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Response {
    /// The id the answer carried, if any.
    pub id: Option<u32>,
    /// `true` for `=`, `false` for `?`.
    pub success: bool,
    /// The answer text without the `=`/`?` and id; lines joined by `\n`.
    pub text: String,
    /// Wall time from sending the command to the end of the answer.
    pub elapsed: Duration,
}

/// What the reader thread passes on.
enum Line {
    Text(String),
    End,
}

/// A running GTP engine.
pub struct Engine {
    cmd: CommandLine,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    default_timeout: Option<Duration>,
    next_id: u32,
    broken: Option<String>,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("cmd", &self.cmd.text)
            .field("pid", &self.child.id())
            .field("broken", &self.broken)
            .finish()
    }
}

impl Engine {
    /// Start the engine of `cmd` with `options`.
    pub fn spawn(cmd: &CommandLine, options: &SpawnOptions) -> Result<Engine, ClientError> {
        let mut command = Command::new(&cmd.program);
        command
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped());
        command.stderr(match options.stderr {
            StderrMode::Tail => Stdio::piped(),
            StderrMode::Inherit => Stdio::inherit(),
            StderrMode::Null => Stdio::null(),
        });
        if let Some(dir) = &options.cwd {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|error| ClientError::Spawn {
            engine: cmd.text.clone(),
            error: match &options.cwd {
                Some(dir) => io::Error::new(
                    error.kind(),
                    format!("{error} (working directory {})", dir.display()),
                ),
                None => error,
            },
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || read_lines(stdout, tx));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(stderr) = child.stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            thread::spawn(move || keep_tail(stderr, tail));
        }
        Ok(Engine {
            cmd: cmd.clone(),
            child,
            stdin,
            lines,
            stderr_tail,
            default_timeout: options.default_timeout,
            next_id: 1,
            broken: None,
        })
    }

    /// The command line the engine was started from.
    pub fn command_line(&self) -> &CommandLine {
        &self.cmd
    }

    /// Why the engine can take no more commands, if it can't.
    pub fn broken(&self) -> Option<&str> {
        self.broken.as_deref()
    }

    /// Change the time limit used by [`Engine::command`] and [`Engine::ok`].
    pub fn set_default_timeout(&mut self, limit: Option<Duration>) {
        self.default_timeout = limit;
    }

    /// Send `command` with a fresh id and the default time limit.
    pub fn command(&mut self, command: &str) -> Result<Response, ClientError> {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        self.send(Some(id), command, self.default_timeout)
    }

    /// Like [`Engine::command`], but a `?` answer is an error; returns the text.
    pub fn ok(&mut self, command: &str) -> Result<String, ClientError> {
        let response = self.command(command)?;
        if response.success {
            Ok(response.text)
        } else {
            Err(ClientError::Refused {
                engine: self.cmd.text.clone(),
                command: command.to_string(),
                message: response.text,
            })
        }
    }

    /// Send `command`, prefixed by `id` if given, and wait at most `limit`
    /// for the answer. The answer must carry the same id (or none).
    pub fn send(
        &mut self,
        id: Option<u32>,
        command: &str,
        limit: Option<Duration>,
    ) -> Result<Response, ClientError> {
        if let Some(reason) = &self.broken {
            return Err(ClientError::Unusable {
                engine: self.cmd.text.clone(),
                reason: reason.clone(),
            });
        }
        let command = command.trim();
        if command.is_empty() || command.chars().any(|c| c.is_control() && c != '\t') {
            return Err(ClientError::BadCommand {
                engine: self.cmd.text.clone(),
                command: command.to_string(),
            });
        }
        let line = match id {
            Some(id) => format!("{id} {command}\n"),
            None => format!("{command}\n"),
        };
        let start = Instant::now();
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(line.as_bytes())
                .and_then(|()| stdin.flush())
                .is_ok(),
            None => false,
        };
        if !written {
            return Err(self.died(command));
        }
        let deadline = limit.map(|l| start + l);
        let (got_id, success, text) = self.read_answer(command, deadline, limit)?;
        if let (Some(expected), Some(got)) = (id, got_id) {
            if expected != got {
                self.broken = Some(format!("answer id {got} to command id {expected}"));
                return Err(ClientError::IdMismatch {
                    engine: self.cmd.text.clone(),
                    command: command.to_string(),
                    expected,
                    got,
                });
            }
        }
        Ok(Response {
            id: got_id,
            success,
            text,
            elapsed: start.elapsed(),
        })
    }

    /// Read one answer: skip empty lines, a `=`/`?` line, more lines up to an
    /// empty one.
    fn read_answer(
        &mut self,
        command: &str,
        deadline: Option<Instant>,
        limit: Option<Duration>,
    ) -> Result<(Option<u32>, bool, String), ClientError> {
        let mut head: Option<(Option<u32>, bool)> = None;
        let mut text: Vec<String> = Vec::new();
        loop {
            let next = match deadline {
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    self.lines.recv_timeout(left)
                }
                None => self
                    .lines
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            let line = match next {
                Ok(Line::Text(line)) => line,
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.died(command));
                }
                Err(RecvTimeoutError::Timeout) => {
                    let limit = limit.unwrap_or_default();
                    self.broken = Some(format!(
                        "no answer to `{command}` within {:.1} s",
                        limit.as_secs_f64()
                    ));
                    return Err(ClientError::Timeout {
                        engine: self.cmd.text.clone(),
                        command: command.to_string(),
                        limit,
                    });
                }
            };
            match head {
                None if line.trim().is_empty() => {}
                None => match parse_head(&line) {
                    Some((id, success, rest)) => {
                        head = Some((id, success));
                        text.push(rest.to_string());
                    }
                    None => {
                        self.broken = Some(format!("it wrote {line:?}"));
                        return Err(ClientError::Garbage {
                            engine: self.cmd.text.clone(),
                            command: command.to_string(),
                            line,
                        });
                    }
                },
                Some((id, success)) => {
                    if line.trim().is_empty() {
                        return Ok((id, success, text.join("\n").trim().to_string()));
                    }
                    text.push(line);
                }
            }
        }
    }

    /// The engine's output closed or writing failed: collect the exit status
    /// and build the error.
    fn died(&mut self, command: &str) -> ClientError {
        self.stdin = None;
        let status = wait_with_grace(&mut self.child, EXIT_GRACE);
        let status = match status {
            Some(s) => describe_status(s),
            None => "it closed its output but did not exit; killed".to_string(),
        };
        self.broken = Some(format!("it died ({status})"));
        // Give the stderr thread a moment to collect the last words.
        thread::sleep(Duration::from_millis(20));
        ClientError::Died {
            engine: self.cmd.text.clone(),
            command: command.to_string(),
            status,
            stderr_tail: self.stderr_tail(),
        }
    }

    /// The last lines the engine wrote to standard error (with [`StderrMode::Tail`]).
    pub fn stderr_tail(&self) -> String {
        match self.stderr_tail.lock() {
            Ok(tail) => tail.iter().cloned().collect::<Vec<_>>().join("\n"),
            Err(_) => String::new(),
        }
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Say `quit`, wait briefly for the process to end, kill it otherwise.
    pub fn quit(mut self) {
        if self.broken.is_none() {
            let _ = self.send(None, "quit", Some(EXIT_GRACE));
        }
        self.stdin = None;
        let _ = wait_with_grace(&mut self.child, EXIT_GRACE);
    }

    /// Kill the process now.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
        if self.broken.is_none() {
            self.broken = Some("it was killed".to_string());
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Parse the first line of an answer: `=` or `?`, optional id digits, text.
fn parse_head(line: &str) -> Option<(Option<u32>, bool, &str)> {
    let success = match line.as_bytes().first()? {
        b'=' => true,
        b'?' => false,
        _ => return None,
    };
    let rest = &line[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let id = if digits > 0 {
        Some(rest[..digits].parse().ok()?)
    } else {
        None
    };
    let rest = &rest[digits..];
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return None;
    }
    Some((id, success, rest.trim()))
}

/// Reader thread: standard output to lines (CR and control characters
/// other than tabs removed, as GTP asks), then `End`.
fn read_lines(stdout: impl Read, tx: mpsc::Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let text: String = String::from_utf8_lossy(&buf)
                    .chars()
                    .filter(|c| !c.is_control() || *c == '\t')
                    .map(|c| if c == '\t' { ' ' } else { c })
                    .collect();
                if tx.send(Line::Text(text)).is_err() {
                    return;
                }
            }
        }
    }
    let _ = tx.send(Line::End);
}

/// Stderr thread: keep the last lines.
fn keep_tail(stderr: impl Read, tail: Arc<Mutex<VecDeque<String>>>) {
    let reader = BufReader::new(stderr);
    for line in reader.split(b'\n') {
        let Ok(line) = line else { break };
        let line = String::from_utf8_lossy(&line).trim_end().to_string();
        let Ok(mut tail) = tail.lock() else { break };
        if tail.len() == STDERR_TAIL_LINES {
            tail.pop_front();
        }
        tail.push_back(line);
    }
}

/// Wait up to `grace` for the child to exit; kill it after that.
fn wait_with_grace(child: &mut Child, grace: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if start.elapsed() < grace => thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

fn describe_status(status: ExitStatus) -> String {
    status.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted fake engine run by `sh -c`.
    fn fake(script: &str) -> Engine {
        let cmd = CommandLine::from_parts("sh", &["-c", script]);
        Engine::spawn(&cmd, &SpawnOptions::default()).expect("sh starts")
    }

    #[test]
    fn command_lines_split_like_a_shell() {
        let c = CommandLine::parse("/usr/games/gnugo --mode gtp --level 1").unwrap();
        assert_eq!(c.program(), "/usr/games/gnugo");
        assert_eq!(c.args(), ["--mode", "gtp", "--level", "1"]);
        let c = CommandLine::parse(r#"'my engine' -c "a b""#).unwrap();
        assert_eq!(c.program(), "my engine");
        assert_eq!(c.args(), ["-c", "a b"]);
        assert!(matches!(
            CommandLine::parse("  "),
            Err(ClientError::BadCommandLine { .. })
        ));
        assert!(matches!(
            CommandLine::parse("engine 'unclosed"),
            Err(ClientError::BadCommandLine { .. })
        ));
    }

    #[test]
    fn relative_programs_are_anchored_but_bare_names_are_not() {
        let mut c = CommandLine::parse("./bin/engine x").unwrap();
        c.anchor_program(Path::new("/tmp/base"));
        assert_eq!(c.program(), "/tmp/base/./bin/engine");
        let mut c = CommandLine::parse("gnugo").unwrap();
        c.anchor_program(Path::new("/tmp/base"));
        assert_eq!(c.program(), "gnugo");
    }

    #[test]
    fn answer_heads() {
        assert_eq!(parse_head("= D4"), Some((None, true, "D4")));
        assert_eq!(parse_head("=12 1 G1"), Some((Some(12), true, "1 G1")));
        assert_eq!(
            parse_head("?3 unknown command"),
            Some((Some(3), false, "unknown command"))
        );
        assert_eq!(parse_head("="), Some((None, true, "")));
        assert_eq!(parse_head("=x"), None);
        assert_eq!(parse_head("hello"), None);
    }

    #[test]
    fn ids_errors_and_multi_line_answers() {
        let mut e = fake(
            r#"read a; echo "=1 first"; echo;
               read b; printf '?2 unknown command\r\n\r\n';
               read c; printf '=7 line one\nline two\n\n';
               read d; echo "= no id"; echo"#,
        );
        let r = e.command("name").unwrap();
        assert_eq!((r.id, r.success, r.text.as_str()), (Some(1), true, "first"));
        let err = e.ok("frobnicate").unwrap_err();
        assert!(err
            .to_string()
            .contains("refused `frobnicate`: unknown command"));
        let r = e.send(Some(7), "list_commands", None).unwrap();
        assert_eq!(r.text, "line one\nline two");
        let r = e.send(Some(8), "version", None).unwrap();
        assert_eq!((r.id, r.text.as_str()), (None, "no id"));
    }

    #[test]
    fn a_wrong_id_is_an_error() {
        let mut e = fake(r#"read a; echo "=5 x"; echo; sleep 5"#);
        let err = e.send(Some(4), "name", None).unwrap_err();
        assert!(matches!(
            err,
            ClientError::IdMismatch {
                expected: 4,
                got: 5,
                ..
            }
        ));
        assert!(matches!(
            e.command("name"),
            Err(ClientError::Unusable { .. })
        ));
    }

    #[test]
    fn death_is_detected_with_status_and_stderr() {
        let mut e = fake(r#"read a; echo "= ok"; echo; read b; echo "out of memory" >&2; exit 3"#);
        e.ok("name").unwrap();
        let err = e.command("genmove b").unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, ClientError::Died { .. }), "{text}");
        assert!(text.contains("genmove b"), "{text}");
        assert!(text.contains("exit status: 3"), "{text}");
        assert!(text.contains("out of memory"), "{text}");
        assert!(matches!(e.command("x"), Err(ClientError::Unusable { .. })));
    }

    #[test]
    fn time_limits_are_enforced() {
        let mut e = fake("read a; sleep 10");
        let start = Instant::now();
        let err = e
            .send(None, "genmove b", Some(Duration::from_millis(200)))
            .unwrap_err();
        assert!(matches!(err, ClientError::Timeout { .. }), "{err}");
        assert!(start.elapsed() < Duration::from_secs(5));
        e.kill();
    }

    #[test]
    fn garbage_is_an_error() {
        let mut e = fake(r#"read a; echo "Welcome to my engine!"; echo"#);
        let err = e.command("name").unwrap_err();
        assert!(matches!(err, ClientError::Garbage { .. }), "{err}");
        assert!(err.to_string().contains("Welcome"));
    }

    #[test]
    fn missing_programs_and_bad_commands_are_errors() {
        let cmd = CommandLine::parse("/nonexistent/engine --gtp").unwrap();
        let err = Engine::spawn(&cmd, &SpawnOptions::default()).unwrap_err();
        assert!(err.to_string().contains("/nonexistent/engine"), "{err}");
        let mut e = fake("sleep 5");
        assert!(matches!(
            e.command("play b D4\ngenmove w"),
            Err(ClientError::BadCommand { .. })
        ));
        e.kill();
    }

    #[test]
    fn working_directory_is_set() {
        let dir = std::env::temp_dir();
        let cmd = CommandLine::from_parts("sh", &["-c", r#"read a; echo "= $(pwd)"; echo"#]);
        let options = SpawnOptions {
            cwd: Some(dir.clone()),
            ..SpawnOptions::default()
        };
        let mut e = Engine::spawn(&cmd, &options).unwrap();
        let got = PathBuf::from(e.ok("pwd").unwrap());
        assert_eq!(got.canonicalize().unwrap(), dir.canonicalize().unwrap());
    }
}
