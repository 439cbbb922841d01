//! Standard output for every subcommand, and what happens when the reader
//! goes away (`katachi bench playouts | head`).
//!
//! Rust ignores SIGPIPE, so a write to a closed pipe is an `io::Error` of
//! kind `BrokenPipe`, and `println!` turns that error into a panic (exit
//! 101 with a backtrace). The cli therefore never uses `println!`/`print!`
//! (the crate denies `clippy::print_stdout`); it writes with [`outln!`] and
//! [`out!`], which return `io::Result<()>` for `?`. A broken pipe travels up
//! as an error like any other, and `main` ends quietly with
//! [`BROKEN_PIPE_EXIT`] when it finds one in the error chain
//! ([`is_broken_pipe`]). [`install_panic_hook`] is the safety net for writes
//! the cli does not make itself (`eprintln!` on a closed standard error, a
//! library's print): the same quiet exit instead of a panic message.

use std::io::{self, Write};
use std::process::ExitCode;

/// The exit status of a command whose standard output (or error) was
/// closed by the reader: 128 + SIGPIPE, what a shell reports for a C
/// program killed by the signal (`cat big | head`).
pub const BROKEN_PIPE_EXIT: u8 = 141;

/// Write formatted text to standard output (no line feed added).
pub fn write_fmt(args: std::fmt::Arguments<'_>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_fmt(args)?;
    out.flush()
}

/// Write `text` to standard output as it is.
pub fn write_str(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// `println!` that returns `io::Result<()>` instead of panicking.
macro_rules! outln {
    () => {
        $crate::output::write_str("\n")
    };
    ($($arg:tt)*) => {
        $crate::output::write_fmt(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` that returns `io::Result<()>` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write_fmt(format_args!($($arg)*))
    };
}

/// Whether `err` is, or was caused by, a write to a closed pipe (also
/// through `serde_json`'s writer, whose error hides the `io::Error`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let io_kind = cause.downcast_ref::<io::Error>().map(io::Error::kind);
        let json_kind = cause
            .downcast_ref::<serde_json::Error>()
            .and_then(serde_json::Error::io_error_kind);
        io_kind.or(json_kind) == Some(io::ErrorKind::BrokenPipe)
    })
}

/// The exit code for a broken pipe.
pub fn broken_pipe_exit() -> ExitCode {
    ExitCode::from(BROKEN_PIPE_EXIT)
}

/// Install a panic hook that ends the process quietly with
/// [`BROKEN_PIPE_EXIT`] when the panic is the standard library's
/// "failed printing to stdout/stderr: Broken pipe", and otherwise behaves
/// as the default hook.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            std::process::exit(i32::from(BROKEN_PIPE_EXIT));
        }
        default(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_pipes_are_found_anywhere_in_the_chain() {
        let pipe = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        let err = anyhow::Error::new(pipe).context("writing the table");
        assert!(is_broken_pipe(&err));
        let other = anyhow::Error::new(io::Error::other("disk full")).context("x");
        assert!(!is_broken_pipe(&other));
        assert!(!is_broken_pipe(&anyhow::anyhow!("Broken pipe")));
        let json = serde_json::Error::io(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
        assert!(is_broken_pipe(&anyhow::Error::new(json)));
    }
}
