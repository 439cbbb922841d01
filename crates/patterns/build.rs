//! Build script: checks katachi's own pattern databases and embeds them.
//!
//! Every `.db` file of the workspace's `patterns/` directory is parsed and
//! checked with this crate's own front end (compiled into the script by
//! path), and the build fails with the full diagnostics if any file has an
//! error. The files are then embedded with `include_str!` through the
//! generated `embedded.rs` (see `src/database.rs`); they are parsed again
//! at run time, which takes milliseconds.

/// The front end's modules, compiled from `src/` (the crate itself cannot
/// be a dependency of its own build script). Re-exported at the root so
/// that their `crate::...` paths resolve as in the library.
#[allow(dead_code, unused_imports)]
#[path = "src"]
mod front {
    pub mod expr;
    pub mod model;
    pub mod syntax;
}

use front::{expr, model, syntax};

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let dir = manifest.join("../../patterns");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "db"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut generated = String::from(
        "/// `(name, text)` of every database embedded from `patterns/`.\npub static EMBEDDED: &[(&str, &str)] = &[\n",
    );
    let mut failed = Vec::new();
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let shown = format!(
            "patterns/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let (_, diags) = syntax::parse_db(&text, &shown);
        let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
        for d in &diags {
            // Warnings are shown by cargo; errors are printed below as well.
            println!("cargo:warning={}: {}", d.location(), d.message);
        }
        if !errors.is_empty() {
            let mut msg = String::new();
            for d in &errors {
                let _ = writeln!(msg, "{d}\n");
            }
            failed.push(format!("{shown}: {} errors\n{msg}", errors.len()));
        }
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let _ = writeln!(
            generated,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    generated.push_str("];\n");
    if !failed.is_empty() {
        eprintln!("{}", failed.join("\n"));
        panic!("katachi's own pattern databases have errors (see above)");
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("embedded.rs");
    std::fs::write(&out, generated).expect("write embedded.rs");
}
