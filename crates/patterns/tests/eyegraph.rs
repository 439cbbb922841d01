//! Eye graphs: the parser's diagnostics, GNU Go's `eyes.db` read with no
//! error, the solver against the stated values of katachi's own graphs and
//! GNU Go's, lookup of hand-built eye spaces, and no panic on random text.

mod common;

use proptest::prelude::*;

use katachi_patterns::database::embedded_eyegraphs;
use katachi_patterns::eyegraph::{
    parse_eyegraphs, solve, EvaluationSource, EyeGraphDb, EyeSpaceGraph, EyeValue,
};

fn own() -> &'static EyeGraphDb {
    &embedded_eyegraphs()
        .iter()
        .find(|(n, _)| *n == "eyes")
        .expect("patterns/eyes.eyedb is embedded")
        .1
}

/// The solver's values for the expansions of graph `k` that look up to the
/// graph itself (an earlier, more specific graph takes the others).
fn solved_values(db: &EyeGraphDb, k: usize) -> Vec<EyeValue> {
    let g = &db.graphs[k];
    g.expansions()
        .into_iter()
        .filter(|s| db.lookup(s).map(|m| m.graph.name.as_str()) == Some(g.name.as_str()))
        .map(|s| solve(&s).expect("small graph solves").value)
        .collect()
}

fn error_at(text: &str, line: usize, column: usize, words: &str) {
    let (_, diags) = parse_eyegraphs(text, "t.eyedb");
    let d = diags
        .iter()
        .find(|d| d.is_error())
        .unwrap_or_else(|| panic!("no error for {text:?}"));
    assert_eq!(
        (d.span.start.line, d.span.start.column),
        (line, column),
        "{d}"
    );
    assert!(d.message.contains(words), "{d}");
    let shown = d.to_string();
    assert!(
        shown.contains(&format!("t.eyedb:{line}:{column}")),
        "{shown}"
    );
    assert!(shown.contains('^'), "{shown}");
}

#[test]
fn diagnostics_name_the_place() {
    error_at(
        "Pattern A\n\n.Z.\n\n:1122\n",
        3,
        2,
        "unknown eye-graph symbol",
    );
    error_at("Pattern A\n\n.*.\n\n:1132\n", 5, 4, "not an eye count");
    error_at("Pattern A\n\n.*.\n\n:112\n", 5, 5, "not four digits");
    error_at("Pattern A\n\n.*.\n\n:2111\n", 5, 3, "not ordered");
    error_at("Pattern A\n\n.*.\n", 1, 9, "no colon line");
    error_at("Pattern A\n\n. .\n\n:1111\n", 3, 3, "not connected");
    error_at("Pattern A\n\n.|.\n\n:1111\n", 3, 2, "between vertices");
    error_at(
        "Pattern A\n\n..\n--\n..\n\n:1111\n",
        4,
        1,
        "middle of the diagram",
    );
    error_at(
        "stray\nPattern A\n\n.\n\n:1111\n",
        1,
        1,
        "outside any pattern",
    );
    error_at("Pattern A\n\n.\n\n.\n:1111\n", 5, 1, "blank line splits");
    error_at("Pattern A\n\n.\n\n:1111\n.\n", 6, 1, "after the colon line");
    error_at("Pattern\n\n.\n\n:1111\n", 1, 1, "without a name");
    // A graph with an error is left out; the others load.
    let (db, diags) = parse_eyegraphs(
        "Pattern A\n\n.Z\n\n:1111\n\nPattern B\n\n.\n\n:1111\n",
        "t.eyedb",
    );
    assert_eq!(diags.iter().filter(|d| d.is_error()).count(), 1);
    assert_eq!(db.graphs.len(), 1);
    assert_eq!(db.graphs[0].name, "B");
}

#[test]
fn own_graphs_parse_and_the_solver_agrees() {
    let db = own();
    assert!(db.graphs.len() >= 16, "{} graphs", db.graphs.len());
    for (k, g) in db.graphs.iter().enumerate() {
        assert!(!g.comments.is_empty(), "{}: no Go reason", g.name);
        let got = solved_values(db, k);
        assert!(!got.is_empty(), "{}: shadowed by an earlier graph", g.name);
        assert!(
            got.iter().all(|v| *v == g.value),
            "{}: stated {} solved {:?}",
            g.name,
            g.value,
            got
        );
        // Vital points, for graphs without wildcards: the marks are the
        // solver's.
        if g.vertices.iter().all(|v| v.symbol != 'x') {
            let s = solve(&g.expansions()[0]).unwrap();
            assert_eq!(s.attack_points, g.attack_points(), "{} attack", g.name);
            assert_eq!(s.defense_points, g.defense_points(), "{} defence", g.name);
        }
    }
}

#[test]
fn lookup_of_hand_built_spaces() {
    let db = own();
    // Bent three on the board: the graph of straight three, vital point in
    // the bend.
    let bent = EyeSpaceGraph::from_diagram(&["..", " ."]).unwrap();
    let m = db.lookup(&bent).expect("bent three matches");
    assert_eq!(m.graph.name, "K3");
    assert_eq!(m.value(), EyeValue::new(1, 1, 2, 2));
    assert_eq!(m.attack_points(), vec![1]);
    // Bulky five, rotated and mirrored.
    let bulky = EyeSpaceGraph::from_diagram(&[".", "..", ".."]).unwrap();
    let m = db.lookup(&bulky).expect("bulky five matches");
    assert_eq!(m.graph.name, "K7");
    assert_eq!(m.attack_points(), vec![1]);
    // Square four on the edge, not in the corner: the corner graph needs
    // the corner; the centre graph matches.
    let edge = EyeSpaceGraph::from_diagram(&["..", "..", "--"]).unwrap();
    assert_eq!(db.lookup(&edge).unwrap().graph.name, "K5");
    let corner = EyeSpaceGraph::from_diagram(&["|..", "|..", "+--"]).unwrap();
    assert_eq!(db.lookup(&corner).unwrap().graph.name, "K15");
    // A marginal vertex does not match an inner one.
    let half = EyeSpaceGraph::from_diagram(&["!.."]).unwrap();
    assert_ne!(
        db.lookup(&half).map(|m| m.graph.name.clone()).as_deref(),
        Some("K3")
    );
    // The 2x3 block stood on end is the same graph.
    let six = EyeSpaceGraph::from_diagram(&["..", "..", ".."]).unwrap();
    assert_eq!(db.lookup(&six).unwrap().graph.name, "K18");
    // Not in the database: a 2x4 block. The solver reads it: two eyes
    // even after two attacker moves in a row.
    let eight = EyeSpaceGraph::from_diagram(&["....", "...."]).unwrap();
    assert!(db.lookup(&eight).is_none());
    let s = solve(&eight).unwrap();
    assert_eq!(s.value, EyeValue::new(2, 2, 2, 2));
    let e = db.evaluate(&eight).unwrap();
    assert_eq!(e.source, EvaluationSource::Solver);
    assert_eq!(e.value, s.value);
    let e = db.evaluate(&bent).unwrap();
    assert_eq!(e.source, EvaluationSource::Graph("K3".into()));
    assert_eq!(e.defense_points, vec![1]);
}

#[test]
fn gnugo_eyes_db_reads_with_no_error() {
    let Some(dir) = common::shared_dir() else {
        return;
    };
    let path = dir.join("gnugo/patterns/eyes.db");
    let text = common::read(&path);
    let (db, diags) = parse_eyegraphs(&text, "eyes.db");
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{}", errors[0]);
    let headers = text.lines().filter(|l| l.starts_with("Pattern ")).count();
    assert_eq!(db.graphs.len(), headers);
    println!("eyes.db: {} graphs, 0 errors", db.graphs.len());
}

/// The solver against every stated value of GNU Go's `eyes.db`. PARTIAL:
/// the local-game model does not reproduce all of them (see the report in
/// `crates/patterns/EYES.md`, "Solver and GNU Go's values"); this test
/// prints every difference and fails if the agreement falls below the
/// figure measured when the model was fixed, so that a change to the
/// solver that loses agreement is caught. Slow in a debug build: run with
/// `--release`.
#[test]
fn solver_against_gnugo_eyes_db() {
    let Some(dir) = common::shared_dir() else {
        return;
    };
    let text = common::read(&dir.join("gnugo/patterns/eyes.db"));
    let (db, _) = parse_eyegraphs(&text, "eyes.db");
    // The graphs are solved on two threads (this loop was the binary's
    // whole time), alternating so that both get a share of the large
    // graphs; the answers are read in the database's order.
    let solved = katachi_testkit::parallel::map_on_two_threads(
        db.graphs.len(),
        || (),
        |(), k| solved_values(&db, k),
    );
    let mut agree = 0;
    let mut differ = Vec::new();
    for (g, got) in db.graphs.iter().zip(solved) {
        if got.iter().all(|v| *v == g.value) {
            agree += 1;
        } else {
            differ.push(format!("{} stated {} solved {:?}", g.name, g.value, got));
        }
    }
    for d in &differ {
        println!("differ {d}");
    }
    println!(
        "eyes.db: {} graphs, solver agrees on {agree}, differs on {}",
        db.graphs.len(),
        differ.len()
    );
    assert!(agree >= 1295, "agreement fell to {agree}");
}

/// `space` with its vertices renumbered by `perm` (new index of old `v` is
/// `perm[v]`).
fn permuted(space: &EyeSpaceGraph, perm: &[usize]) -> EyeSpaceGraph {
    let n = space.len();
    let mut out = EyeSpaceGraph::new();
    let mut inverse = vec![0; n];
    for (v, &p) in perm.iter().enumerate() {
        inverse[p] = v;
    }
    for &old in &inverse {
        out.add_vertex(space.vertices[old]);
    }
    for (v, list) in space.adjacency.iter().enumerate() {
        for &w in list {
            out.add_edge(perm[v], perm[w]);
        }
    }
    out
}

/// Lookup does not depend on vertex numbering, and its mapping is an
/// isomorphism onto compatible vertices: checked on every graph of GNU
/// Go's database (its first expansion), renumbered by a fixed shuffle.
#[test]
fn lookup_is_independent_of_numbering() {
    let Some(dir) = common::shared_dir() else {
        return;
    };
    let text = common::read(&dir.join("gnugo/patterns/eyes.db"));
    let (db, _) = parse_eyegraphs(&text, "eyes.db");
    let mut seed = 12345u64;
    for g in &db.graphs {
        let space = &g.expansions()[0];
        let n = space.len();
        let mut perm: Vec<usize> = (0..n).collect();
        for k in (1..n).rev() {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            perm.swap(k, (seed >> 33) as usize % (k + 1));
        }
        let shuffled = permuted(space, &perm);
        let a = db.lookup(space).expect("a graph matches its own expansion");
        let b = db.lookup(&shuffled).expect("and the renumbered one");
        assert_eq!(a.graph.name, b.graph.name, "{}", g.name);
        for (gv, &sv) in b.mapping.iter().enumerate() {
            for gw in 0..n {
                let adj_g = b.graph.adjacency[gv].contains(&gw);
                let adj_s = shuffled.adjacency[sv].contains(&b.mapping[gw]);
                assert_eq!(adj_g, adj_s, "{}: mapping breaks an edge", g.name);
            }
            assert_eq!(
                b.graph.vertices[gv].kind == katachi_patterns::eyegraph::VertexKind::Marginal,
                shuffled.vertices[sv].marginal,
                "{}",
                g.name
            );
        }
    }
}

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Pattern P".to_string()),
        Just(String::new()),
        "#[ -~]{0,10}",
        "[.*<>!@$()Xx |+-]{1,6}",
        ":[0-9a]{0,5}",
        "[\\x00-\\x7f\u{e9}\u{4e00}]{0,8}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parser_and_solver_never_panic(lines in prop::collection::vec(line(), 0..16)) {
        let text = lines.join("\n");
        let (db, diags) = parse_eyegraphs(&text, "p.eyedb");
        for d in &diags {
            prop_assert!(!d.to_string().is_empty());
        }
        for g in db.graphs.iter().take(3) {
            if g.vertices.len() <= 8 {
                for s in g.expansions().iter().take(4) {
                    let _ = solve(s);
                    let _ = db.lookup(s);
                }
            }
        }
    }
}
