//! `katachi joseki FILE.sgf [--prefix NAME] [-o FILE]`: compile an SGF
//! joseki tree into pattern database text (see `katachi_patterns::joseki`
//! for the rules and the decisions taken where GNU Go's documentation is
//! silent).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use katachi_patterns::joseki::{compile_sgf, JosekiOptions};

/// Arguments of `katachi joseki`.
#[derive(clap::Args)]
pub struct Args {
    /// The SGF joseki tree (joseki in the upper right corner, square marks
    /// bounding each pattern).
    pub file: PathBuf,
    /// Pattern names are this prefix and a running number.
    #[arg(long, default_value = "J")]
    pub prefix: String,
    /// Write the patterns to this file instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Compile `args.file` and print or write the `.db` text.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let bytes =
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let options = JosekiOptions {
        prefix: args.prefix,
    };
    let db = compile_sgf(&bytes, &options)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    let source = args.file.file_name().map_or_else(
        || args.file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let text = db.to_db_text(&source);
    match &args.output {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?
        }
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .context("writing standard output")?;
        }
    }
    eprintln!(
        "{}: {} joseki patterns",
        args.file.display(),
        db.patterns.len()
    );
    Ok(ExitCode::SUCCESS)
}
