//! `katachi joseki` (not yet implemented).

use std::process::ExitCode;

/// Arguments of `katachi joseki`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`katachi joseki` is not implemented yet")
}
