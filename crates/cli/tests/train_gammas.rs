//! `katachi train-gammas`: on a few synthetic records (written here, not
//! taken from any corpus) it writes a table that `--mc-gammas` reads, and
//! prints the held-out figures; bad paths are a clear error.

use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("train-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A 9x9 game of `n` moves walking over the board in a fixed pattern
/// (legal: the stones never capture in the first 40 moves).
fn record(seed: usize, n: usize) -> String {
    let mut s = String::from("(;GM[1]FF[4]SZ[9]KM[7]");
    let mut used = std::collections::HashSet::new();
    let mut k = seed;
    let mut played = 0;
    while played < n {
        k = (k * 7 + 3) % 81;
        if !used.insert(k) {
            k = (k + 1) % 81;
            continue;
        }
        let (r, c) = (k / 9, k % 9);
        let col = if played % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(
            ";{col}[{}{}]",
            (b'a' + c as u8) as char,
            (b'a' + r as u8) as char
        ));
        played += 1;
    }
    s.push(')');
    s
}

#[test]
fn training_writes_a_table_the_engine_reads() {
    let dir = scratch("ok");
    for i in 0..30 {
        std::fs::write(dir.join(format!("g{i}.sgf")), record(i, 30)).unwrap();
    }
    // A problem file (setup only): skipped.
    std::fs::write(dir.join("problem.sgf"), "(;SZ[9]AB[aa][bb]AW[cc])").unwrap();
    let out_file = dir.join("table.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(["train-gammas", "--iterations", "3", "--out"])
        .arg(&out_file)
        .arg(&dir)
        .output()
        .unwrap();
    let (so, se) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{so}\n{se}");
    assert!(se.contains("1 skipped"), "{se}");
    assert!(
        so.contains("mc_katachi weights") && so.contains("uniform"),
        "{so}"
    );
    let text = std::fs::read_to_string(&out_file).unwrap();
    assert!(text.contains("Trained by: katachi train-gammas"), "{text}");
    let g = out_file.display().to_string();
    let gtp = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args([
            "gtp",
            "--mc-gammas",
            &g,
            "--mc-param",
            "gamma_prior=10",
            "--playouts",
            "50",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(
        gtp.status.success(),
        "{}",
        String::from_utf8_lossy(&gtp.stderr)
    );
}

#[test]
fn a_missing_path_is_an_error() {
    let dir = scratch("missing");
    let out = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(["train-gammas", "--out"])
        .arg(dir.join("t.txt"))
        .arg(dir.join("nothing-here"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_ne!(out.status.code(), Some(101));
    let se = String::from_utf8_lossy(&out.stderr);
    assert!(
        se.contains("nothing-here") && se.contains("no such file"),
        "{se}"
    );
}
