//! `katachi bench` matching (not yet implemented).

use std::process::ExitCode;

/// Arguments.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("this benchmark is not implemented yet")
}
