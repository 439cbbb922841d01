//! `katachi bench ...`: benchmarks that print the figures the issues ask for.

use std::process::ExitCode;

mod influence_gnugo;
mod matching;
mod playouts;
mod startup;

/// Benchmark subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Random playouts on katachi's board (and go_game_board's, side by side).
    Playouts(playouts::Args),
    /// Pattern matching speed per matcher over the reference positions.
    Match(matching::Args),
    /// Launch-to-first-answer time of `katachi gtp`, and the databases' load cost.
    Startup(startup::Args),
    /// GNU Go-style influence: time per full computation on 19x19 beside
    /// GNU Go's `initial_influence` after `loadsgf`.
    InfluenceGnugo(influence_gnugo::Args),
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Playouts(args) => playouts::run(args),
        Command::Match(args) => matching::run(args),
        Command::Startup(args) => startup::run(args),
        Command::InfluenceGnugo(args) => influence_gnugo::run(args),
    }
}
