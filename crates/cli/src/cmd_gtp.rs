//! `katachi gtp` (not yet implemented).

use std::process::ExitCode;

/// Arguments of `katachi gtp`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`katachi gtp` is not implemented yet")
}
