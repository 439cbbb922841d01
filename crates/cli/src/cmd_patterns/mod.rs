//! `katachi patterns ...`: check, format and dump pattern databases.
//!
//! `check FILES...` reads each file with the parser of its format (told
//! from the content: the pattern language, eyes.db's eye graphs, mc_*.db's
//! Monte Carlo values), prints the number of patterns (eye graphs, Monte
//! Carlo patterns) read and every diagnostic with its excerpt, and exits 1
//! if any file has errors.
//! `fmt FILE` prints the canonical text. `dump ast|model FILE` shows a stage.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use katachi_patterns::syntax::{
    format_file, parse_db, parse_file, sniff_format, DbFormat, Severity,
};

mod match_cmd;

/// Pattern database subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Parse and check pattern databases, reporting every diagnostic.
    Check(CheckArgs),
    /// Print a database in canonical form.
    Fmt(FmtArgs),
    /// Show the syntax tree or the checked model of a database.
    Dump(DumpArgs),
    /// List the geometric matches of a database on a position of an SGF file.
    Match(match_cmd::Args),
}

/// Arguments of `patterns check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The `.db` files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print errors only, not warnings.
    #[arg(long)]
    pub no_warnings: bool,
}

/// Arguments of `patterns fmt`.
#[derive(clap::Args)]
pub struct FmtArgs {
    /// The `.db` file to format.
    pub file: PathBuf,
    /// Exit non-zero if the file is not already canonical (print nothing).
    #[arg(long)]
    pub check: bool,
}

/// Which stage `patterns dump` shows.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Stage {
    /// The syntax tree, with spans.
    Ast,
    /// The checked model.
    Model,
}

/// Arguments of `patterns dump`.
#[derive(clap::Args)]
pub struct DumpArgs {
    /// What to show.
    #[arg(value_enum)]
    pub stage: Stage,
    /// The `.db` file.
    pub file: PathBuf,
}

/// Writes `text` to standard output (a closed pipe ends the command
/// quietly through `main`).
fn emit(text: &str) -> anyhow::Result<()> {
    Ok(crate::output::write_str(text)?)
}

fn read(path: &Path) -> anyhow::Result<String> {
    let bytes = std::fs::read(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The sentence for a file in another of GNU Go's `.db` formats, or `None`
/// for the pattern language (told from the content: [`sniff_format`]);
/// `fmt` and `dump` read the pattern language only (`check` reads all
/// three).
fn other_format(name: &str, text: &str) -> Option<String> {
    match sniff_format(text) {
        DbFormat::Patterns => None,
        format => Some(format!(
            "{name}: this is {}, not a pattern database; `katachi patterns check` reads it",
            format.description()
        )),
    }
}

/// [`read`], refusing the other `.db` formats.
fn read_patterns(path: &Path) -> anyhow::Result<String> {
    let text = read(path)?;
    if let Some(msg) = other_format(&path.display().to_string(), &text) {
        anyhow::bail!(msg);
    }
    Ok(text)
}

/// Runs a `patterns` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Check(args) => check(&args),
        Command::Fmt(args) => fmt(&args),
        Command::Dump(args) => dump(&args),
        Command::Match(args) => match_cmd::run(args),
    }
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let mut failed = false;
    let (mut total_errors, mut total_warnings) = (0, 0);
    // Entries read, by format: patterns, eye graphs, Monte Carlo patterns.
    let mut totals = [0usize; 3];
    for path in &args.files {
        let name = path.display().to_string();
        let text = read(path)?;
        let (kind, count, diags) = match sniff_format(&text) {
            DbFormat::Patterns => {
                let (db, diags) = parse_db(&text, &name);
                (0, db.patterns.len(), diags)
            }
            DbFormat::EyeGraph => {
                let (db, diags) = katachi_patterns::eyegraph::parse_eyegraphs(&text, &name);
                (1, db.graphs.len(), diags)
            }
            DbFormat::MonteCarlo => {
                let (db, diags) = katachi_patterns::mcpat::parse_mc_db(&text, &name);
                (2, db.patterns.len(), diags)
            }
        };
        let errors = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        let warnings = diags.len() - errors;
        for d in &diags {
            if d.severity == Severity::Error || !args.no_warnings {
                emit(&format!("{d}\n\n"))?;
            }
        }
        emit(&format!(
            "{name}: {count} {} read, {errors} error{}, {warnings} warning{}\n",
            ENTRY_NAMES[kind],
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        ))?;
        totals[kind] += count;
        total_errors += errors;
        total_warnings += warnings;
        failed |= errors > 0;
    }
    if args.files.len() > 1 {
        let mut read_parts = vec![format!("{} patterns", totals[0])];
        for k in 1..3 {
            if totals[k] > 0 {
                read_parts.push(format!("{} {}", totals[k], ENTRY_NAMES[k]));
            }
        }
        emit(&format!(
            "total: {} read in {} files, {total_errors} errors, {total_warnings} warnings\n",
            read_parts.join(", "),
            args.files.len()
        ))?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// What `check` counts in a file of each format.
const ENTRY_NAMES: [&str; 3] = ["patterns", "eye graphs", "Monte Carlo patterns"];

fn fmt(args: &FmtArgs) -> anyhow::Result<ExitCode> {
    let name = args.file.display().to_string();
    let text = read_patterns(&args.file)?;
    let (file, diags) = parse_file(&text, &name);
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() {
        for d in &errors {
            eprintln!("{d}\n");
        }
        anyhow::bail!("{name}: {} syntax errors, not formatted", errors.len());
    }
    let out = format_file(&file);
    if args.check {
        return Ok(if out == text {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn dump(args: &DumpArgs) -> anyhow::Result<ExitCode> {
    let name = args.file.display().to_string();
    let text = read_patterns(&args.file)?;
    let diags = match args.stage {
        Stage::Ast => {
            let (file, diags) = parse_file(&text, &name);
            emit(&format!("{file:#?}\n"))?;
            diags
        }
        Stage::Model => {
            let (db, diags) = parse_db(&text, &name);
            emit(&format!("{db:#?}\n"))?;
            diags
        }
    };
    for d in &diags {
        eprintln!("{d}\n");
    }
    Ok(if diags.iter().any(|d| d.is_error()) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
