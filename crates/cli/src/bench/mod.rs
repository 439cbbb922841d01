//! `katachi bench ...`: benchmarks that print the figures the issues ask for.

use std::process::ExitCode;

mod analysis;
mod influence;
mod influence_gnugo;
mod matching;
mod ownership;
mod playouts;
mod quality;
mod score;
mod search;
mod startup;

/// Benchmark subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Time per analysis stage over the reference positions, beside GNU Go's
    /// examination of the same positions.
    Analysis(analysis::Args),
    /// Random playouts on katachi's board (and go_game_board's, side by side).
    Playouts(playouts::Args),
    /// How well plain playouts (no tree) of each policy predict the winner
    /// and the final owners of finished games' positions.
    #[command(after_long_help = quality::METHOD)]
    PlayoutQuality(quality::Args),
    /// Playouts per second of the Monte Carlo search for 1 and 2 threads.
    Search(search::Args),
    /// Pattern matching speed per matcher over the reference positions.
    Match(matching::Args),
    /// Scoring finished games (records with a points result) beside GNU Go.
    Score(score::Args),
    /// Path influence (katachi-pathinf) per move on random games, and its memory.
    Influence(influence::Args),
    /// Which model predicts the final owner of each point best (GNU Go's
    /// territory_value, katachi's path influence and proto-territory).
    #[command(after_long_help = ownership::METHOD)]
    Ownership(ownership::Args),
    /// Launch-to-first-answer time of `katachi gtp`, and the databases' load cost.
    Startup(startup::Args),
    /// GNU Go-style influence: time per full computation on 19x19 beside
    /// GNU Go's `initial_influence` after `loadsgf`.
    InfluenceGnugo(influence_gnugo::Args),
}

pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Analysis(args) => analysis::run(args),
        Command::Playouts(args) => playouts::run(args),
        Command::PlayoutQuality(args) => quality::run(args),
        Command::Search(args) => search::run(args),
        Command::Match(args) => matching::run(args),
        Command::Startup(args) => startup::run(args),
        Command::Score(args) => score::run(args),
        Command::Influence(args) => influence::run(args),
        Command::Ownership(args) => ownership::run(args),
        Command::InfluenceGnugo(args) => influence_gnugo::run(args),
    }
}
