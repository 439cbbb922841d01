//! Build script: checks katachi's own pattern databases, precompiles them
//! and embeds them.
//!
//! Every `.db` file of the workspace's `patterns/` directory is parsed and
//! checked with this crate's own front end, and the build fails with the
//! full diagnostics if any file has an error. Each file is then compiled
//! (`CompiledDb`) and its model and compilation are written to `OUT_DIR` as
//! one serialised [`Precompiled`] value (postcard). The generated
//! `embedded.rs` (see `src/database.rs`) embeds the text with
//! `include_str!` and those bytes with `include_bytes!`; at run time the
//! bytes are only decoded, so start-up neither parses nor compiles.
//!
//! Why `#[path]` includes rather than a build-dependency crate: a crate
//! cannot be its own build dependency, and a separate crate would mean
//! moving `syntax`, `model`, `expr` and `compile` out of katachi-patterns,
//! which every matcher and user of the crate names. Compiling the very same
//! source files here also guarantees that the bytes are written by the code
//! that reads them back: a change to any of them rebuilds and reruns this
//! script. The cost is compiling those modules a second time (unoptimised)
//! for the script.
//!
//! Eye graphs (`patterns/*.eyedb`, the format of GNU Go's `eyes.db`) are
//! checked with the `eyegraph` parser (the build fails on an error) and
//! embedded as text; they are parsed on first use (a few dozen graphs).

/// The front end, the compiler and the precompiled format, compiled from
/// `src/` (see above). Re-exported at the root so that their `crate::...`
/// paths resolve as in the library.
#[allow(dead_code, unused_imports)]
#[path = "src"]
mod front {
    pub mod compile;
    pub mod expr;
    /// Only the Monte Carlo parser and table (`mod.rs` embeds the very
    /// files checked here and has the run-time loader).
    pub mod mcpat {
        pub mod parse;
        pub mod table;
    }
    pub mod eyegraph;
    pub mod fasthash;
    pub mod model;
    #[path = "database/precompiled.rs"]
    pub mod precompiled;
    pub mod syntax;
}

use front::precompiled::Precompiled;
#[allow(unused_imports)]
use front::{compile, expr, fasthash, model, syntax};

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let dir = manifest.join("../../patterns");
    println!("cargo:rerun-if-changed={}", dir.display());
    let files = files_with_extension(&dir, "db");
    let mut entries = String::new();
    let mut failed = Vec::new();
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        // The same name `database::embedded` used to parse with at run time.
        let shown = format!(
            "patterns/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let (precompiled, diags) = Precompiled::from_text(&text, &shown);
        let clean = report(&shown, &diags, &mut failed);
        let Some(precompiled) = precompiled else {
            assert!(!clean, "{shown}: no database and no error");
            continue;
        };
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let bytes = precompiled.to_bytes();
        assert_eq!(
            Precompiled::from_bytes(&bytes).as_ref(),
            Ok(&precompiled),
            "{shown}: the precompiled value does not read back"
        );
        let bin = out_dir.join(format!("{name}.postcard"));
        std::fs::write(&bin, &bytes)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", bin.display()));
        let _ = writeln!(
            entries,
            "    ({name:?}, include_str!({:?}), include_bytes!({:?})),",
            path.display().to_string(),
            bin.display().to_string()
        );
    }
    check_mc_databases(&dir, &mut failed);
    // Eye graphs (`patterns/*.eyedb`, a format of their own): checked with
    // the eye-graph parser and embedded as text.
    let eye_files = files_with_extension(&dir, "eyedb");
    let mut eye_entries = String::new();
    for path in &eye_files {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let shown = format!(
            "patterns/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let (_, diags) = front::eyegraph::parse_eyegraphs(&text, &shown);
        if !report(&shown, &diags, &mut failed) {
            continue;
        }
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let _ = writeln!(
            eye_entries,
            "    ({name:?}, {shown:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    if !failed.is_empty() {
        eprintln!("{}", failed.join("\n"));
        panic!("katachi's own pattern databases have errors (see above)");
    }
    let generated = format!(
        "/// Number of databases embedded from `patterns/`.\n\
         const COUNT: usize = {};\n\
         /// `(name, text, precompiled bytes)` of every database embedded from\n\
         /// `patterns/`, in file-name order.\n\
         static EMBEDDED: [(&str, &str, &[u8]); COUNT] = [\n{entries}];\n\
         /// `(name, file name, text)` of every eye-graph file embedded from\n\
         /// `patterns/*.eyedb`, in file-name order.\n\
         static EMBEDDED_EYES: &[(&str, &str, &str)] = &[\n{eye_entries}];\n",
        files.len()
    );
    std::fs::write(out_dir.join("embedded.rs"), generated).expect("write embedded.rs");
}

/// Checks katachi's Monte Carlo databases (`patterns/*.mcdb`, GNU Go's
/// `mc_*.db` format) with `mcpat::parse`; errors are added to `failed`.
/// They are embedded by `src/mcpat` itself (`include_str!`), so nothing is
/// generated for them here.
fn check_mc_databases(dir: &std::path::Path, failed: &mut Vec<String>) {
    let files = files_with_extension(dir, "mcdb");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let shown = format!(
            "patterns/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let (_, diags) = front::mcpat::parse::parse_mc_db(&text, &shown);
        report(&shown, &diags, failed);
    }
}

/// Prints `diags` as cargo warnings and, if any is an error, adds the
/// file's errors to `failed`; returns whether the file is free of errors.
fn report(shown: &str, diags: &[front::syntax::Diagnostic], failed: &mut Vec<String>) -> bool {
    for d in diags {
        println!("cargo:warning={}: {}", d.location(), d.message);
    }
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    if errors.is_empty() {
        return true;
    }
    let mut msg = String::new();
    for d in &errors {
        let _ = writeln!(msg, "{d}\n");
    }
    failed.push(format!("{shown}: {} errors\n{msg}", errors.len()));
    false
}

/// The files of `dir` with extension `ext`, sorted (none if `dir` cannot
/// be read).
fn files_with_extension(dir: &std::path::Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == ext))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}
