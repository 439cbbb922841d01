//! `katachi regress` (not yet implemented).

use std::process::ExitCode;

/// Arguments of `katachi regress`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`katachi regress` is not implemented yet")
}
