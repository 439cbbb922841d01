//! `katachi bench ...`: benchmarks that print the figures the issues ask for.

use std::process::ExitCode;

mod analysis;
mod matching;
mod playouts;
mod startup;

/// Benchmark subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Time per analysis stage over the reference positions, beside GNU Go's
    /// examination of the same positions.
    Analysis(analysis::Args),
    /// Random playouts on katachi's board (and go_game_board's, side by side).
    Playouts(playouts::Args),
    /// Pattern matching speed per matcher over the reference positions.
    Match(matching::Args),
    /// Launch-to-first-answer time of `katachi gtp`, and the databases' load cost.
    Startup(startup::Args),
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Analysis(args) => analysis::run(args),
        Command::Playouts(args) => playouts::run(args),
        Command::Match(args) => matching::run(args),
        Command::Startup(args) => startup::run(args),
    }
}
