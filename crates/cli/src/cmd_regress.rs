//! `katachi regress`: run GNU Go-format regression suites (`.tst`) against a
//! GTP engine (katachi itself by default) and report passes, failures,
//! unexpected results and time per test.
//!
//! Suites are read and answers judged by [`katachi_gtp::regress`] (shared
//! with the engine's floor tests). Submodules: [`runner`] drives the engine through one suite,
//! [`report`] prints the table and the JSON, [`select`] picks tests by number.

mod report;
mod runner;
mod select;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Context as _;
use indicatif::{ProgressBar, ProgressStyle};
use katachi_gtp::client::{CommandLine, StderrMode};

use katachi_gtp::regress::{Item, Judge, Suite};
use report::{JsonReport, JsonSuite, Summary};
use runner::{run_suite, RunConfig, SuiteOutcome};

/// Arguments of `katachi regress`.
#[derive(clap::Args)]
pub struct Args {
    /// Regression suites in GNU Go's format; each runs with its own folder
    /// as the engine's working directory. `FILE.tst:6,13-15` runs only those
    /// tests (and every unnumbered command).
    #[arg(required = true, value_name = "FILE.tst")]
    files: Vec<PathBuf>,
    /// Engine command line (default: this katachi's `gtp --rules japanese --threads 1`:
    /// GNU Go's rules, and one search thread so that runs repeat).
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Time limit per command in seconds; on expiry the test fails and the
    /// engine is restarted.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    timeout: f64,
    /// Print every result as JSON on standard output instead of the table.
    #[arg(long)]
    json: bool,
    /// Pass the engine's standard error through (default: keep its last
    /// lines for error messages).
    #[arg(long)]
    engine_stderr: bool,
    /// Suites to run at the same time, each with its own engine. Times per
    /// test are only comparable between runs with the same setting.
    #[arg(short, long, default_value_t = 1)]
    jobs: usize,
}

/// Run `katachi regress`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let here = std::env::current_dir().context("cannot read the current directory")?;
    let mut engine = match &args.engine {
        Some(text) => CommandLine::parse(text)?,
        None => {
            let exe = std::env::current_exe().context("cannot locate the katachi executable")?;
            // GNU Go's suites expect its default rules: territory counting.
            // One search thread: `katachi gtp` alone defaults to the
            // machine's cores, whose searches differ from run to run, and
            // a suite's figures must repeat for the same binary.
            CommandLine::from_parts(
                exe.to_string_lossy(),
                &["gtp", "--rules", "japanese", "--threads", "1"],
            )
        }
    };
    engine.anchor_program(&here);
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        anyhow::bail!("--timeout must be a positive number of seconds");
    }
    let config = RunConfig {
        engine,
        timeout: Some(Duration::from_secs_f64(args.timeout)),
        stderr: if args.engine_stderr {
            StderrMode::Inherit
        } else {
            StderrMode::Tail
        },
    };

    // Read every suite and compile every expectation before running any.
    let mut suites = Vec::new();
    for arg in &args.files {
        let (path, selection) = select::split_argument(arg);
        let path = &path;
        let mut suite = Suite::load(path)?;
        if let Some(selection) = selection {
            suite.items.retain(|item| match item {
                Item::Test(t) => selection.contains(t.number),
                Item::Setup { .. } => true,
            });
            if suite.tests().next().is_none() {
                anyhow::bail!(
                    "{}: no test of {} is selected",
                    arg.display(),
                    path.display()
                );
            }
        }
        let mut judges = Vec::new();
        for test in suite.tests() {
            if let Some(expected) = &test.expected {
                let judge = Judge::new(expected).with_context(|| {
                    format!(
                        "{}:{}: the expected answer [{}] is not a valid regular expression",
                        path.display(),
                        expected.line,
                        expected.display()
                    )
                })?;
                judges.push(judge);
            }
        }
        suites.push((suite, judges));
    }

    let total: usize = suites.iter().map(|(s, _)| s.tests().count()).sum();
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg:20} [{bar:40}] {pos}/{len} tests ({elapsed})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    // Workers take the next suite in turn; results keep the given order.
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<anyhow::Result<SuiteOutcome>>>> =
        Mutex::new(suites.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.clamp(1, suites.len().max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some((suite, judges)) = suites.get(index) else {
                    break;
                };
                bar.set_message(suite.path.display().to_string());
                let outcome = run_suite(suite, judges, &config, &mut || bar.inc(1))
                    .with_context(|| format!("cannot run {}", suite.path.display()));
                if let Ok(outcome) = &outcome {
                    bar.suspend(|| {
                        for warning in &outcome.warnings {
                            eprintln!("katachi regress: {warning}");
                        }
                    });
                }
                if let Ok(mut slots) = slots.lock() {
                    slots[index] = Some(outcome);
                }
            });
        }
    });
    bar.finish_and_clear();
    let slots = slots
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a suite runner panicked"))?;
    let mut outcomes = Vec::new();
    for slot in slots {
        outcomes.push(slot.ok_or_else(|| anyhow::anyhow!("a suite was not run"))??);
    }

    let summaries: Vec<Summary> = outcomes.iter().map(Summary::of).collect();
    let mut out = std::io::stdout().lock();
    if args.json {
        let doc = JsonReport {
            engine: config.engine.text(),
            suites: outcomes
                .iter()
                .zip(&summaries)
                .map(|(o, s)| JsonSuite {
                    summary: s.clone(),
                    warnings: &o.warnings,
                    results: &o.results,
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
    } else {
        for outcome in &outcomes {
            for line in report::unexpected_lines(outcome) {
                writeln!(out, "{line}")?;
            }
        }
        write!(out, "{}", report::table(&summaries))?;
    }
    Ok(ExitCode::SUCCESS)
}
