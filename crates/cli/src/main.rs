//! The `katachi` command: glue over the library crates. Each subcommand
//! lives in its own module with an `Args` struct and a `run` function.
//! Standard output is written only through [`output`]'s `outln!`/`out!`,
//! so a closed pipe ends any subcommand quietly instead of panicking.

#![deny(clippy::print_stdout)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

// First, so that its `outln!`/`out!` macros are in scope in every module.
#[macro_use]
mod output;

mod analyze_influence;
mod bench;
mod cmd_analyze;
mod cmd_explain;
mod cmd_gtp;
mod cmd_joseki;
mod cmd_match;
mod cmd_patterns;
mod cmd_regress;
mod cmd_score;
mod cmd_show;
mod cmd_train_gammas;
mod dbfile;

/// katachi: a Go engine and toolkit whose knowledge lives in pattern databases.
#[derive(Parser)]
#[command(name = "katachi", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the engine over GTP version 2 on standard input and output.
    Gtp(cmd_gtp::Args),
    /// Print the position of an SGF file (at a given move).
    Show(cmd_show::Args),
    /// Dead stones, territories and result of an SGF file's position.
    Score(cmd_score::Args),
    /// Pattern database tools: check, format, match, dump.
    #[command(subcommand)]
    Patterns(cmd_patterns::Command),
    /// Compile an SGF joseki tree into pattern database text.
    Joseki(cmd_joseki::Args),
    /// Play games between two GTP engines and tabulate the results.
    Match(cmd_match::Args),
    /// Run GNU Go-format regression suites (.tst) against a GTP engine.
    Regress(cmd_regress::Args),
    /// Print the dragons and eye spaces of a position of an SGF file, as
    /// GNU Go's -T and -E displays do.
    Analyze(cmd_analyze::Args),
    /// The classic engine's explanation of a move of an SGF file (the
    /// record's move before --move N, or the engine's choice).
    Explain(cmd_explain::Args),
    /// Fit the Monte Carlo search's move-prediction gammas to SGF game
    /// records and print their held-out prediction rates.
    TrainGammas(cmd_train_gammas::Args),
    /// Benchmarks: board playouts, pattern matching.
    #[command(subcommand)]
    Bench(bench::Command),
}

fn main() -> ExitCode {
    output::install_panic_hook();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gtp(args) => cmd_gtp::run(args),
        Command::Show(args) => cmd_show::run(args),
        Command::Score(args) => cmd_score::run(args),
        Command::Patterns(cmd) => cmd_patterns::run(cmd),
        Command::Joseki(args) => cmd_joseki::run(args),
        Command::Match(args) => cmd_match::run(args),
        Command::Regress(args) => cmd_regress::run(args),
        Command::Analyze(args) => cmd_analyze::run(args),
        Command::Explain(args) => cmd_explain::run(args),
        Command::TrainGammas(args) => cmd_train_gammas::run(args),
        Command::Bench(cmd) => bench::run(cmd),
    };
    match result {
        Ok(code) => code,
        // The reader closed the pipe (`| head`): stop quietly, as `cat` does.
        Err(err) if output::is_broken_pipe(&err) => output::broken_pipe_exit(),
        Err(err) => {
            eprintln!("katachi: error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
