//! `sniff_format` on GNU Go's own `.db` files: `eyes.db` is eye graphs,
//! `mc_*.db` Monte Carlo values, every other file the pattern language,
//! and `load_file` refuses the first two by name instead of parsing them.

mod common;

use katachi_patterns::database::{load_file, LoadError};
use katachi_patterns::syntax::{sniff_format, DbFormat};

#[test]
fn gnugo_databases_are_told_apart_by_content() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let dir = shared.join("gnugo/patterns");
    let mut seen = [0; 3];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".db") {
            continue;
        }
        let want = if name == "eyes.db" {
            DbFormat::EyeGraph
        } else if name.starts_with("mc_") {
            DbFormat::MonteCarlo
        } else {
            DbFormat::Patterns
        };
        let text = common::read(&path);
        assert_eq!(sniff_format(&text), want, "{name}");
        seen[want as usize] += 1;
        if want != DbFormat::Patterns {
            match load_file(&path) {
                Err(e @ LoadError::OtherFormat { .. }) => {
                    let msg = e.to_string();
                    assert!(msg.contains("not a pattern database"), "{msg}");
                    let manual = if want == DbFormat::EyeGraph {
                        "eyes.texi"
                    } else {
                        "montecarlo.texi"
                    };
                    assert!(msg.contains(manual), "{msg}");
                }
                other => panic!("{name}: {:?}", other.map(|(db, _)| db.patterns.len())),
            }
        }
    }
    assert_eq!(seen, [15, 1, 3], "pattern, eye-graph and MC files");
}
