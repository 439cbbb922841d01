//! The stages run in one direction: a module may use the modules listed
//! before it in the numbered stage list of its crate's doc (`//! 3.
//! [`worms`]: ...` in `lib.rs`), never one listed after it; every module
//! the crate declares must be in that list; the tactical layer never
//! depends on the engine; the engine never on the GTP or cli crates.
//!
//! The check reads the sources: every `crate::NAME` path in the files of a
//! top-level module (`src/NAME.rs` or `src/NAME/**.rs`, tests included)
//! must name a module of an earlier stage (or the module itself).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The stages of a crate in the order of its doc's numbered list
/// (`//! N. [`name`]...` lines of `lib.rs`).
fn stage_order(lib_rs: &str) -> Vec<String> {
    lib_rs
        .lines()
        .filter_map(|l| {
            let l = l.trim().strip_prefix("//!")?.trim_start();
            let (n, rest) = l.split_once(". [`")?;
            n.parse::<u32>().ok()?;
            rest.split_once('`').map(|(name, _)| name.to_string())
        })
        .collect()
}

/// The top-level modules `lib.rs` declares (`mod x;`, `pub mod x;`).
fn declared_modules(lib_rs: &str) -> Vec<String> {
    lib_rs
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))?;
            rest.strip_suffix(';').map(str::to_string)
        })
        .collect()
}

/// Every module name that `src` reaches with a `crate::NAME` path.
fn crate_paths(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = src;
    while let Some(i) = rest.find("crate::") {
        let after = &rest[i + "crate::".len()..];
        // `katachi_crate::x` or `some_crate::x` are other crates' paths.
        let before = rest[..i].chars().last();
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty() {
            out.push(name);
        }
        rest = after;
    }
    // `crate::{a, b}` groups.
    let mut rest = src;
    while let Some(i) = rest.find("crate::{") {
        let after = &rest[i + "crate::{".len()..];
        let end = after.find('}').unwrap_or(after.len());
        for part in after[..end].split(',') {
            let name: String = part
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
        rest = after;
    }
    out
}

/// The files of each top-level module: (path under `src/`, text).
type Sources = BTreeMap<String, Vec<(String, String)>>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The violations of the stage order in the crate whose sources are
/// `files` (module name -> the texts of its files) with `order`.
fn violations(order: &[String], files: &Sources) -> Vec<String> {
    let rank = |m: &str| order.iter().position(|o| o == m);
    let mut bad = Vec::new();
    for (module, texts) in files {
        let Some(mine) = rank(module) else { continue };
        for (file, text) in texts {
            for used in crate_paths(text) {
                if let Some(theirs) = rank(&used) {
                    if theirs > mine {
                        bad.push(format!(
                            "{file}: module `{module}` (stage {}) uses `crate::{used}` (stage {}), a later stage",
                            mine + 1,
                            theirs + 1
                        ));
                    }
                }
            }
        }
    }
    bad.sort();
    bad.dedup();
    bad
}

/// The sources of the crate at `dir`, by top-level module.
fn crate_sources(dir: &Path) -> (Vec<String>, Sources) {
    let src = dir.join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let order = stage_order(&lib);
    for m in declared_modules(&lib) {
        assert!(
            order.contains(&m),
            "{}: module `{m}` is not in the crate doc's numbered stage list {order:?}",
            dir.display()
        );
    }
    let mut files: Vec<PathBuf> = Vec::new();
    rust_files(&src, &mut files);
    let mut by_module = Sources::new();
    for f in files {
        let rel = f.strip_prefix(&src).expect("under src");
        let first = rel
            .components()
            .next()
            .expect("a path")
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        let text = std::fs::read_to_string(&f).expect("source");
        by_module
            .entry(first)
            .or_default()
            .push((rel.display().to_string(), text));
    }
    (order, by_module)
}

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("crates/")
        .to_path_buf()
}

#[test]
fn tactics_modules_use_only_earlier_stages() {
    let (order, files) = crate_sources(&crates_dir().join("tactics"));
    assert!(
        order.len() >= 6,
        "tactics stages read from lib.rs: {order:?}"
    );
    let bad = violations(&order, &files);
    assert!(bad.is_empty(), "backward imports:\n{}", bad.join("\n"));
}

#[test]
fn pathinf_modules_use_only_earlier_stages() {
    let (order, files) = crate_sources(&crates_dir().join("pathinf"));
    assert!(
        order.len() >= 5,
        "pathinf stages read from lib.rs: {order:?}"
    );
    let bad = violations(&order, &files);
    assert!(bad.is_empty(), "backward imports:\n{}", bad.join("\n"));
}

#[test]
fn engine_modules_use_only_earlier_stages() {
    let (order, files) = crate_sources(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(!order.is_empty(), "engine stages read from lib.rs");
    let bad = violations(&order, &files);
    assert!(bad.is_empty(), "backward imports:\n{}", bad.join("\n"));
}

#[test]
fn lower_crates_do_not_depend_on_higher_ones() {
    let deps = |krate: &str| {
        let toml = std::fs::read_to_string(crates_dir().join(krate).join("Cargo.toml"))
            .expect("Cargo.toml");
        // Only the normal dependencies: a test may use a later crate.
        let normal = toml
            .split("[dependencies]")
            .nth(1)
            .unwrap_or("")
            .split("\n[")
            .next()
            .unwrap_or("")
            .to_string();
        normal
    };
    // Crates from the bottom up; the cli binary is last and nothing
    // depends on it.
    let order = [
        "board", "pathinf", "sgf", "patterns", "tactics", "engine", "gtp",
    ];
    for (i, krate) in order.iter().enumerate() {
        let d = deps(krate);
        for later in &order[i + 1..] {
            let name = format!("katachi-{later}");
            assert!(
                !d.contains(&format!("{name}.")) && !d.contains(&format!("{name} =")),
                "crate {krate} depends on the later {name}"
            );
        }
    }
}

#[test]
fn the_check_catches_a_backward_import() {
    let order: Vec<String> = ["predicates", "reading", "eval"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut files = BTreeMap::new();
    files.insert(
        "reading".to_string(),
        vec![(
            "reading/patterns.rs".to_string(),
            "use crate::predicates::x;\nuse crate::{eval, predicates};\n".to_string(),
        )],
    );
    files.insert(
        "eval".to_string(),
        vec![(
            "eval/mod.rs".to_string(),
            "use crate::reading::Reader; use katachi_crate::eval::X;".to_string(),
        )],
    );
    let bad = violations(&order, &files);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(bad[0].contains("uses `crate::eval`"), "{bad:?}");
}
