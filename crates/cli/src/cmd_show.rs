//! `katachi show` (not yet implemented).

use std::process::ExitCode;

/// Arguments of `katachi show`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`katachi show` is not implemented yet")
}
