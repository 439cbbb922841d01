//! Checks an eye-graph file: parses it, solves every graph (each `x`
//! expanded both ways) and lists the graphs whose stated value differs from
//! the solver's. `cargo run --release -p katachi-patterns --example
//! eyegraph_check -- FILE`
use katachi_patterns::eyegraph::{parse_eyegraphs, solve};

fn main() {
    let path = std::env::args().nth(1).expect("usage: eyegraph_check FILE");
    let text = std::fs::read_to_string(&path).expect("read");
    let (db, diags) = parse_eyegraphs(&text, &path);
    for d in &diags {
        eprintln!("{d}\n");
    }
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let (mut agree, mut differ, mut unsolved) = (0, 0, 0);
    for g in &db.graphs {
        let mut got = Vec::new();
        let mut none = false;
        for space in g.expansions() {
            if db.lookup(&space).map(|m| m.graph.name.as_str()) != Some(g.name.as_str()) {
                continue;
            }
            match solve(&space) {
                Some(s) => got.push(s.value.to_string()),
                None => none = true,
            }
        }
        if none {
            unsolved += 1;
            println!("unsolved {}", g.name);
            continue;
        }
        if got.iter().all(|v| *v == g.value.to_string()) {
            agree += 1;
        } else {
            differ += 1;
            let rows: Vec<String> = {
                let h = g.vertices.iter().map(|v| v.row).max().unwrap_or(0) + 1;
                let mut r = vec![String::new(); h];
                for v in &g.vertices {
                    while r[v.row].len() < v.col {
                        r[v.row].push(' ');
                    }
                    r[v.row].push(v.symbol);
                }
                r
            };
            println!(
                "differ {} stated {} solved {:?}  {}",
                g.name,
                g.value,
                got,
                rows.join(" / ")
            );
        }
    }
    println!(
        "graphs {} errors {} agree {} differ {} unsolved {}",
        db.graphs.len(),
        errors,
        agree,
        differ,
        unsolved
    );
}
