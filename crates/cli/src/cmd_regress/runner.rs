//! Running one suite against one engine.
//!
//! The engine is started with the suite's folder as working directory (the
//! suites name their SGF files relative to it). Unnumbered commands set up
//! positions; a refusal is recorded as a warning with its line. Numbered
//! commands are sent with their number as GTP id and judged.
//!
//! When the engine stops answering within the time limit, or answers
//! garbage, that test fails, the engine is restarted and the commands that
//! built the current position are replayed (settings such as
//! `increase_depths` first, then everything since the latest `loadsgf`,
//! `boardsize` or `clear_board`), and the suite goes on. When the engine
//! dies, that test and every later test of the suite fail with a message
//! saying where it died; the next suite starts a fresh engine.
//!
//! When the engine knows `reset_reading_node_counter` and
//! `get_reading_node_counter` (GNU Go and katachi do), the counter is reset
//! before each test and read after it, giving the reading nodes per test.
//! The owl node counter (`reset_owl_node_counter`, `get_owl_node_counter`,
//! GNU Go and katachi again) is used the same way: owl nodes per test.
//! Times are the engine's answer times for the suite's own commands; the
//! counter queries are not included.

use std::path::Path;
use std::time::Duration;

use katachi_gtp::client::{ClientError, CommandLine, Engine, SpawnOptions, StderrMode};
use serde::Serialize;

use katachi_gtp::regress::{normalize, Item, Judge, Suite, Test};

/// How to run suites.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The engine command line (program anchored to an absolute path if relative).
    pub engine: CommandLine,
    /// Time limit for each command.
    pub timeout: Option<Duration>,
    /// What to do with the engine's standard error.
    pub stderr: StderrMode,
}

/// The result of one numbered command.
#[derive(Clone, Debug, Serialize)]
pub struct TestOutcome {
    /// The test number (and GTP id).
    pub number: u32,
    /// 1-based line of the command in the suite.
    pub line: usize,
    /// The command as sent, without the number.
    pub command: String,
    /// Expected answer as written (with `!` if negated); `None` if unjudged.
    pub expected: Option<String>,
    /// The answer text (`? message` for an error answer), if any came.
    pub got: Option<String>,
    /// The judge accepted the answer.
    pub passed: bool,
    /// Marked `*` in the suite.
    pub known_failure: bool,
    /// Not counted: marked `&`, or no `#?` line.
    pub ignored: bool,
    /// The engine's answer time.
    pub seconds: f64,
    /// Tactical reading nodes spent on this test, if the engine counts them.
    pub nodes: Option<u64>,
    /// Owl nodes spent on this test, if the engine counts them.
    pub owl_nodes: Option<u64>,
    /// Why there is no proper answer (time-out, death, error answer).
    pub error: Option<String>,
}

impl TestOutcome {
    /// Counted, passed, and marked as a known failure.
    pub fn unexpected_pass(&self) -> bool {
        !self.ignored && self.passed && self.known_failure
    }
    /// Counted, failed, and not marked as a known failure.
    pub fn unexpected_failure(&self) -> bool {
        !self.ignored && !self.passed && !self.known_failure
    }
}

/// The result of one suite.
#[derive(Clone, Debug, Serialize)]
pub struct SuiteOutcome {
    /// The suite file as given.
    pub file: String,
    /// Every numbered command in order.
    pub results: Vec<TestOutcome>,
    /// Refused setup commands, restarts, the death of the engine.
    pub warnings: Vec<String>,
    /// Sum of the answer times of the suite's commands.
    pub seconds: f64,
}

/// The position-building commands, replayed after a restart.
#[derive(Default)]
struct Context {
    settings: Vec<String>,
    position: Vec<String>,
}

impl Context {
    fn record(&mut self, command: &str) {
        let name = command.split_whitespace().next().unwrap_or("");
        match name {
            "loadsgf" | "boardsize" | "clear_board" => {
                self.position.clear();
                self.position.push(command.to_string());
            }
            "play"
            | "undo"
            | "trymove"
            | "trymovex"
            | "tryko"
            | "popgo"
            | "fixed_handicap"
            | "place_free_handicap"
            | "set_free_handicap"
            | "black"
            | "white" => self.position.push(command.to_string()),
            _ => self.settings.push(command.to_string()),
        }
    }
    fn replay(&self) -> impl Iterator<Item = &String> {
        self.settings.iter().chain(&self.position)
    }
}

/// A suite in progress.
struct Run<'a> {
    config: &'a RunConfig,
    options: SpawnOptions,
    file: String,
    engine: Option<Engine>,
    context: Context,
    /// Set once the engine died: why, for every later test.
    dead: Option<String>,
    warnings: Vec<String>,
    /// Whether the engine has the reading node counter commands.
    counts_nodes: bool,
    /// Whether the engine has the owl node counter commands.
    counts_owl: bool,
    /// Sum of answer times.
    busy: Duration,
}

/// Run `suite` (whose expectations are compiled into `judges`, one per
/// numbered command with an expectation, in order). `tick` is called after
/// each numbered command. Fails only if the engine cannot be started.
pub fn run_suite(
    suite: &Suite,
    judges: &[Judge],
    config: &RunConfig,
    tick: &mut dyn FnMut(),
) -> Result<SuiteOutcome, ClientError> {
    let cwd = suite
        .path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let options = SpawnOptions {
        cwd: Some(cwd),
        stderr: config.stderr,
        default_timeout: config.timeout,
    };
    let mut engine = Engine::spawn(&config.engine, &options)?;
    let counts_nodes = has_node_counter(&mut engine, config.timeout, "reading");
    let counts_owl = has_node_counter(&mut engine, config.timeout, "owl");
    let mut run = Run {
        config,
        options,
        file: suite.path.display().to_string(),
        engine: Some(engine),
        context: Context::default(),
        dead: None,
        warnings: Vec::new(),
        counts_nodes,
        counts_owl,
        busy: Duration::ZERO,
    };
    let mut judges = judges.iter();
    let mut results = Vec::new();
    for item in &suite.items {
        match item {
            Item::Setup { line, command } => run.setup(*line, command),
            Item::Test(test) => {
                let judge = test.expected.as_ref().and_then(|_| judges.next());
                results.push(run.test(test, judge));
                tick();
            }
        }
    }
    let seconds = run.busy.as_secs_f64();
    if let Some(engine) = run.engine.take() {
        engine.quit();
    }
    Ok(SuiteOutcome {
        file: run.file,
        results,
        warnings: run.warnings,
        seconds,
    })
}

impl Run<'_> {
    fn setup(&mut self, line: usize, command: &str) {
        if self.dead.is_some() {
            return;
        }
        let result = match self.engine.as_mut() {
            Some(engine) => engine.send(None, command, self.config.timeout),
            None => return,
        };
        if let Ok(r) = &result {
            self.busy += r.elapsed;
        }
        match result {
            Ok(r) if r.success => self.context.record(command),
            Ok(r) => {
                let text = format!("{}:{line}: `{command}` was refused: {}", self.file, r.text);
                self.warnings.push(text);
            }
            Err(err) => self.trouble(line, None, err),
        }
    }

    fn test(&mut self, test: &Test, judge: Option<&Judge>) -> TestOutcome {
        let expected = test.expected.as_ref();
        let mut outcome = TestOutcome {
            number: test.number,
            line: test.line,
            command: test.command.clone(),
            expected: expected.map(|e| e.display()),
            got: None,
            passed: false,
            known_failure: expected.is_some_and(|e| e.known_failure),
            ignored: !matches!(expected, Some(e) if !e.ignored),
            seconds: 0.0,
            nodes: None,
            owl_nodes: None,
            error: None,
        };
        if let Some(why) = &self.dead {
            outcome.error = Some(why.clone());
            return outcome;
        }
        let Some(engine) = self.engine.as_mut() else {
            outcome.error = Some("no engine".to_string());
            return outcome;
        };
        if self.counts_nodes {
            if let Err(err) = engine.ok("reset_reading_node_counter") {
                outcome.error = Some(err.to_string());
                self.trouble(test.line, Some(test.number), err);
                return outcome;
            }
        }
        if self.counts_owl {
            if let Err(err) = engine.ok("reset_owl_node_counter") {
                outcome.error = Some(err.to_string());
                self.trouble(test.line, Some(test.number), err);
                return outcome;
            }
        }
        match engine.send(Some(test.number), &test.command, self.config.timeout) {
            Ok(r) => {
                self.busy += r.elapsed;
                outcome.seconds = r.elapsed.as_secs_f64();
                if r.success {
                    outcome.passed = judge.is_some_and(|j| j.passes(&r.text));
                    outcome.got = Some(normalize(&r.text));
                } else {
                    outcome.got = Some(format!("? {}", r.text));
                    outcome.error = Some(format!("error answer: {}", r.text));
                }
                if self.counts_nodes {
                    match engine.ok("get_reading_node_counter") {
                        Ok(text) => outcome.nodes = text.trim().parse().ok(),
                        Err(err) => self.trouble(test.line, Some(test.number), err),
                    }
                }
                if self.counts_owl {
                    if let Some(engine) = self.engine.as_mut() {
                        match engine.ok("get_owl_node_counter") {
                            Ok(text) => outcome.owl_nodes = text.trim().parse().ok(),
                            Err(err) => self.trouble(test.line, Some(test.number), err),
                        }
                    }
                }
            }
            Err(err) => {
                outcome.error = Some(err.to_string());
                self.trouble(test.line, Some(test.number), err);
            }
        }
        outcome
    }

    /// Deal with a client error at `line`: restart after a time-out or
    /// garbage, give up on the suite after a death.
    fn trouble(&mut self, line: usize, number: Option<u32>, err: ClientError) {
        let at = match number {
            Some(n) => format!("{}:{line} (test {n})", self.file),
            None => format!("{}:{line}", self.file),
        };
        if let ClientError::Died { .. } = err {
            self.engine = None;
            let why = format!("not run: the engine died at {at}");
            self.warnings.push(format!("{at}: {err}"));
            self.dead = Some(why);
            return;
        }
        self.warnings
            .push(format!("{at}: {err}; restarting the engine"));
        if let Some(mut engine) = self.engine.take() {
            engine.kill();
        }
        match self.restart() {
            Ok(engine) => self.engine = Some(engine),
            Err(err) => {
                self.warnings
                    .push(format!("{at}: the restarted engine failed: {err}"));
                self.dead = Some(format!(
                    "not run: the engine could not be restarted after {at}"
                ));
            }
        }
    }

    fn restart(&mut self) -> Result<Engine, ClientError> {
        let mut engine = Engine::spawn(&self.config.engine, &self.options)?;
        self.counts_nodes = has_node_counter(&mut engine, self.config.timeout, "reading");
        self.counts_owl = has_node_counter(&mut engine, self.config.timeout, "owl");
        for command in self.context.replay() {
            engine.send(None, command, self.config.timeout)?;
        }
        Ok(engine)
    }
}

/// Whether `engine` knows both node counter commands of `kind`
/// (`reading` or `owl`).
fn has_node_counter(engine: &mut Engine, limit: Option<Duration>, kind: &str) -> bool {
    [
        format!("reset_{kind}_node_counter"),
        format!("get_{kind}_node_counter"),
    ]
    .iter()
    .all(|name| {
        engine
            .send(None, &format!("known_command {name}"), limit)
            .is_ok_and(|r| r.success && r.text.trim() == "true")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn context_keeps_settings_and_the_latest_position() {
        let mut c = Context::default();
        for cmd in [
            "loadsgf a.sgf 3",
            "increase_depths",
            "trymove black A1",
            "loadsgf b.sgf",
            "play white B2",
            "komi 5.5",
        ] {
            c.record(cmd);
        }
        let replay: Vec<&String> = c.replay().collect();
        assert_eq!(
            replay,
            [
                "increase_depths",
                "komi 5.5",
                "loadsgf b.sgf",
                "play white B2"
            ]
        );
    }
}
