//! The orientations katachi tries for each pattern agree with the ones GNU
//! Go kept (`kept_o` of `reference/catalogs/<db>.tsv`): the same set, or —
//! where GNU Go's choice differs — a set that covers the same classes of
//! orientations under the pattern's real symmetry, once each.

mod matcher_support;

use katachi_patterns::compile::symmetry::real_symmetries;
use katachi_patterns::compile::transform::kept_orientations;
use katachi_patterns::compile::Transform;
use matcher_support::*;

/// How often each class of orientations (under `syms`) is hit by `set`.
fn class_counts(set: &[Transform], syms: &[Transform]) -> Vec<usize> {
    let mut counts = vec![0; 8];
    for &t in set {
        let rep = syms.iter().map(|&s| t.compose(s)).min().expect("identity");
        counts[rep.index()] += 1;
    }
    counts
}

#[test]
fn kept_orientations_match_gnugo_catalogs() {
    let Some(shared) = shared_dir() else { return };
    let mut checked = 0;
    let mut exact = 0;
    let mut problems = Vec::new();
    for db_name in DBS {
        let db = load_db(&shared, db_name);
        let text =
            std::fs::read_to_string(shared.join(format!("reference/catalogs/{db_name}.tsv")))
                .expect("catalog");
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let col = |name: &str| header.iter().position(|h| *h == name).expect("column");
        let (name_col, kept_col) = (col("name"), col("kept_o"));
        for line in lines {
            let f: Vec<&str> = line.split('\t').collect();
            let Some(p) = db.patterns.iter().find(|p| p.name == f[name_col]) else {
                problems.push(format!("{db_name}: {} not parsed", f[name_col]));
                continue;
            };
            let theirs: Vec<Transform> = f[kept_col]
                .split(',')
                .map(|x| Transform::new(x.parse().expect("o")).expect("0..8"))
                .collect();
            let ours = kept_orientations(p.symmetry);
            checked += 1;
            if ours == theirs.as_slice() {
                exact += 1;
                continue;
            }
            let syms = real_symmetries(p);
            if class_counts(ours, &syms) != class_counts(&theirs, &syms) {
                problems.push(format!(
                    "{db_name} {}: ours {ours:?}, GNU Go {theirs:?}",
                    p.name
                ));
            }
        }
    }
    println!("{checked} patterns checked, {exact} with the same kept set");
    for p in &problems {
        println!("  {p}");
    }
    assert!(problems.is_empty(), "{} problems", problems.len());
}
