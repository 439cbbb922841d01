//! `katachi patterns ...` (not yet implemented).

use std::process::ExitCode;

/// Pattern database subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Parse and check pattern databases, reporting every diagnostic.
    Check {},
}

pub fn run(_cmd: Command) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`katachi patterns` is not implemented yet")
}
