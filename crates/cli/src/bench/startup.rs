//! `katachi bench startup`: how long `katachi gtp` takes from its launch to
//! the answer of its first command, and what the pattern databases cost in
//! process.
//!
//! Each scenario launches the engine (`katachi gtp`, this executable unless
//! `--engine` names another) with every command already written to its
//! standard input, and stops the clock when the answer the scenario waits
//! for has been read in full (its closing blank line): `name` (the bare
//! start), `genmove black` on the empty board, three `play`s, and
//! `attack C3` after the same three `play`s, whose first reading builds the
//! reader and its tactical pattern databases (the difference of the last two
//! is that first reading). Figures are wall-clock milliseconds over `--runs` launches.
//! The in-process part times, per embedded database, decoding its
//! precompiled bytes against parsing and compiling its text (what loading
//! it cost before it was precompiled), compiling alone, and building the
//! standard matcher from the compilation; then the engine's
//! `TacticalPatterns::embedded()`, which every new reader calls.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use katachi_engine::reading::TacticalPatterns;
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::database::{embedded_bytes, embedded_names, embedded_text, Precompiled};
use katachi_patterns::matchers::standard::StandardMatcher;

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Launches per scenario.
    #[arg(long, default_value_t = 20)]
    runs: usize,
    /// The engine to launch with `gtp` (default: this executable), e.g. an
    /// older build to compare with.
    #[arg(long, value_name = "PATH")]
    engine: Option<PathBuf>,
    /// Arguments passed after `gtp` (repeatable).
    #[arg(long = "engine-arg", value_name = "ARG", allow_hyphen_values = true)]
    engine_args: Vec<String>,
}

/// One scenario: the commands sent, the answer waited for is the last one's.
struct Scenario {
    name: &'static str,
    commands: &'static [&'static str],
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "name",
        commands: &["name"],
    },
    Scenario {
        name: "genmove",
        commands: &["genmove black"],
    },
    Scenario {
        name: "3 plays",
        commands: &["play black C3", "play white C4", "play white D3"],
    },
    Scenario {
        name: "attack",
        commands: &[
            "play black C3",
            "play white C4",
            "play white D3",
            "attack C3",
        ],
    },
];

/// Launch the engine once and time the answer to the scenario's last command.
fn launch(engine: &PathBuf, extra: &[String], s: &Scenario) -> anyhow::Result<Duration> {
    let start = Instant::now();
    let mut child = Command::new(engine)
        .arg("gtp")
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot launch {}", engine.display()))?;
    let mut input = child.stdin.take().context("engine stdin")?;
    let mut text = s.commands.join("\n");
    text.push_str("\nquit\n");
    input.write_all(text.as_bytes())?;
    drop(input);
    let mut out = BufReader::new(child.stdout.take().context("engine stdout")?);
    let (mut answers, mut line, mut first) = (0, String::new(), None);
    let elapsed = loop {
        line.clear();
        if out.read_line(&mut line)? == 0 {
            bail!("{}: the engine stopped before answering", s.name);
        }
        let l = line.trim_end();
        if first.is_none() && !l.is_empty() {
            first = Some(l.to_string());
        }
        if l.is_empty() && first.is_some() {
            answers += 1;
            let answer = first.take().unwrap_or_default();
            if !answer.starts_with('=') {
                bail!("{}: answer {answers} is an error: {answer}", s.name);
            }
            if answers == s.commands.len() {
                break start.elapsed();
            }
        }
    };
    std::io::copy(&mut out, &mut std::io::sink())?;
    child.wait()?;
    Ok(elapsed)
}

/// `min median max` in milliseconds.
fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!(
        "{:>8.2} {:>8.2} {:>8.2}",
        ms(times[0]),
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1])
    )
}

/// The median time of `f` over `reps` calls.
fn median_of(reps: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[reps / 2]
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let engine = match args.engine {
        Some(p) => p,
        None => std::env::current_exe().context("path of this executable")?,
    };
    let runs = args.runs.max(1);
    outln!(
        "{} gtp{}: milliseconds from launch to the answer, {runs} launches",
        engine.display(),
        args.engine_args
            .iter()
            .fold(String::new(), |acc, a| acc + " " + a)
    )?;
    outln!("{:<10} {:>8} {:>8} {:>8}", "first", "min", "median", "max")?;
    for s in SCENARIOS {
        // One launch to warm the file cache, not counted.
        launch(&engine, &args.engine_args, s)?;
        let times = (0..runs)
            .map(|_| launch(&engine, &args.engine_args, s))
            .collect::<anyhow::Result<Vec<_>>>()?;
        outln!("{:<10} {}", s.name, summary(times))?;
    }

    outln!("\nin process (this executable), median of 50, microseconds")?;
    outln!(
        "{:<10} {:>8} {:>8} {:>14} {:>8} {:>8}",
        "database",
        "bytes",
        "decode",
        "parse+compile",
        "compile",
        "matcher"
    )?;
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    for name in embedded_names() {
        let bytes = embedded_bytes(name).unwrap_or_default();
        let text = embedded_text(name).unwrap_or_default();
        let shown = format!("patterns/{name}.db");
        let decode = median_of(50, || {
            std::hint::black_box(Precompiled::from_bytes(bytes).ok());
        });
        let parse = median_of(50, || {
            std::hint::black_box(Precompiled::from_text(text, &shown));
        });
        let pre = Precompiled::from_bytes(bytes).context("embedded bytes decode")?;
        let compile = median_of(50, || {
            std::hint::black_box(CompiledDb::compile(&pre.db));
        });
        let matcher = median_of(50, || {
            std::hint::black_box(StandardMatcher::new(&pre.compiled));
        });
        outln!(
            "{name:<10} {:>8} {:>8.1} {:>14.1} {:>8.1} {:>8.1}",
            bytes.len(),
            us(decode),
            us(parse),
            us(compile),
            us(matcher)
        )?;
    }
    let first = Instant::now();
    std::hint::black_box(TacticalPatterns::embedded());
    let first = first.elapsed();
    let again = median_of(50, || {
        std::hint::black_box(TacticalPatterns::embedded());
    });
    outln!(
        "TacticalPatterns::embedded(): first {:.1}, then {:.1}",
        us(first),
        us(again)
    )?;
    Ok(ExitCode::SUCCESS)
}
