//! `katachi gtp`: the engine over GTP version 2 on standard input and output.
//!
//! Glue only: the options become a [`katachi_gtp::Config`], and
//! [`katachi_gtp::serve`] runs the conversation. Start-up does no heavy work
//! (an empty board, the command table, and checking the `--patterns` files),
//! so the first answer is immediate.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use katachi_board::KoRule;
use katachi_gtp::{serve, Config, Session};
use katachi_patterns::model::PatternDb;

/// Arguments of `katachi gtp`.
#[derive(clap::Args)]
#[command(after_help = "\
For GUIs (Sabaki, GoGui, ...) and other programs; `list_commands` lists the \
commands, GoGui finds its analyze commands with gogui-analyze_commands.

genmove plays a baseline policy for now: legal moves, never filling its own \
true eyes or playing self-atari, capturing and escaping atari when it can, \
otherwise a seeded random choice; pattern-driven move generation replaces it \
later.

final_score counts area (Chinese) with EVERY STONE ON THE BOARD ALIVE, since \
dead-stone analysis does not exist yet: the result is only right when the dead \
stones have been captured (play on with kgs-genmove_cleanup).

--patterns FILE (repeatable) loads a pattern database (.db, in GNU Go's \
pattern language) at start-up, with no rebuild: every file is parsed and \
checked first, warnings go to standard error, and any error ends the \
program with the diagnostics and a non-zero exit code before GTP starts. \
The loaded databases are kept in the session's configuration for move \
generation; the baseline genmove does not consult them yet.")]
pub struct Args {
    /// Forbid any move that repeats an earlier whole-board position
    /// (positional superko) instead of only the immediate ko recapture.
    #[arg(long)]
    superko: bool,

    /// Seed of genmove's random choices (the same seed, position and colour
    /// give the same move).
    #[arg(long, default_value_t = 0)]
    seed: u64,

    /// Load and check this pattern database at start-up (repeatable).
    #[arg(long = "patterns", value_name = "FILE")]
    patterns: Vec<PathBuf>,
}

/// Loads and checks every `--patterns` file (through [`crate::dbfile`]:
/// any error stops the start, after every diagnostic); warnings are shown.
fn load_patterns(files: &[PathBuf]) -> anyhow::Result<Vec<Arc<PatternDb>>> {
    let mut out = Vec::new();
    for f in files {
        let (db, warnings) = crate::dbfile::load(f).context("katachi gtp not started")?;
        for w in &warnings {
            eprintln!("{w}");
        }
        out.push(Arc::new(db));
    }
    Ok(out)
}

/// Serve GTP until `quit` or the end of standard input.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let patterns = load_patterns(&args.patterns)?;
    let config = Config {
        patterns,
        ko_rule: if args.superko {
            KoRule::PositionalSuperko
        } else {
            KoRule::Simple
        },
        seed: args.seed,
        ..Config::default()
    };
    let mut session = Session::new(config);
    let stdin = io::stdin();
    let stdout = io::stdout();
    match serve(&mut session, stdin.lock(), stdout.lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The controller went away: nothing left to answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e).context("GTP input/output failed"),
    }
}
