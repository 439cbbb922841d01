//! Checks an eye-graph file: parses it, solves every graph (each `x`
//! expanded both ways) and lists the graphs whose stated value differs from
//! the solver's, and how the vital points compare.
//! `cargo run --release -p katachi-patterns --example eyegraph_check -- FILE`
//! (`EYE_POINTS=1` also prints the solver's value and vital points of each
//! graph, as diagram (row, column) pairs).
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
    let (mut vital_same, mut vital_differ, mut vital_subset) = (0, 0, 0);
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
        if std::env::var("EYE_POINTS").is_ok() {
            if let Some(s) = solve(&g.expansions()[0]) {
                let at = |v: &[usize]| -> Vec<(usize, usize)> {
                    v.iter()
                        .map(|&k| (g.vertices[k].row, g.vertices[k].col))
                        .collect()
                };
                println!(
                    "points {} value {} attack {:?} defense {:?}",
                    g.name,
                    s.value,
                    at(&s.attack_points),
                    at(&s.defense_points)
                );
            }
        }
        if none {
            unsolved += 1;
            println!("unsolved {}", g.name);
            continue;
        }
        if got.iter().all(|v| *v == g.value.to_string()) {
            agree += 1;
            if g.vertices.iter().all(|v| v.symbol != 'x') {
                let s = solve(&g.expansions()[0]).expect("solved above");
                if s.attack_points == g.attack_points() && s.defense_points == g.defense_points() {
                    vital_same += 1;
                } else {
                    vital_differ += 1;
                    let sub = |a: &[usize], b: &[usize]| a.iter().all(|x| b.contains(x));
                    if sub(&g.attack_points(), &s.attack_points)
                        && sub(&g.defense_points(), &s.defense_points)
                    {
                        vital_subset += 1;
                    }
                }
            }
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
    println!("vital points (agreeing graphs without x): same {vital_same} differ {vital_differ} (of which the stated marks are a subset of the solver's: {vital_subset})");
    println!(
        "graphs {} errors {} agree {} differ {} unsolved {}",
        db.graphs.len(),
        errors,
        agree,
        differ,
        unsolved
    );
}
