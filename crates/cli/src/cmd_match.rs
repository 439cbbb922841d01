//! `katachi match` (not yet implemented).

use std::process::ExitCode;

/// Arguments of `katachi match`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`katachi match` is not implemented yet")
}
