//! katachi's own databases (`patterns/`): embedded at build time, loadable
//! at run time, and read into the model exactly as written.

use std::path::PathBuf;

use katachi_patterns::database::{embedded, embedded_names, embedded_text, load_file, LoadError};
use katachi_patterns::model::{Edges, Elem, Symmetry, ValueArg, ValueKind};
use katachi_patterns::syntax::{format_file, parse_db, parse_file};

fn shapes() -> katachi_patterns::model::PatternDb {
    embedded("shapes").expect("patterns/shapes.db is embedded")
}

#[test]
fn shapes_is_embedded_and_clean() {
    assert!(embedded_names().any(|n| n == "shapes"));
    let (db, diags) = parse_db(embedded_text("shapes").unwrap(), "shapes.db");
    assert!(diags.is_empty(), "{}", diags[0]);
    let names: Vec<&str> = db.patterns.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["KS1", "KS2", "KC1", "KE1", "KE2", "KA1", "KN1"]);
    assert_eq!(db.attribute_map.as_deref(), Some("general"));
    assert_eq!(db.goal_elements.as_deref(), Some(""));
}

#[test]
fn endgame_is_embedded_and_clean() {
    // katachi's own endgame patterns (the engine's `endgame` slot): the
    // first-line hane, descent, block and the push along the first line,
    // every one on the bottom edge with its move on the first line.
    let (db, diags) = parse_db(embedded_text("endgame").unwrap(), "endgame.db");
    assert!(diags.is_empty(), "{}", diags[0]);
    let names: Vec<&str> = db.patterns.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["KG1", "KG2", "KG3", "KG4"]);
    for p in &db.patterns {
        assert!(p.edges.bottom && !p.edges.top, "{}", p.name);
        let (row, _) = p.move_point.expect("a move");
        assert_eq!(
            row + 1,
            p.height,
            "{}: the move is on the first line",
            p.name
        );
        assert!(p.has_class('e'), "{}", p.name);
    }
    assert_eq!(embedded("endgame").unwrap().patterns.len(), 4);
}

#[test]
fn corner_pattern_geometry() {
    let db = shapes();
    let p = db.patterns.iter().find(|p| p.name == "KE2").unwrap();
    assert_eq!((p.height, p.width), (5, 5));
    let edges = Edges {
        top: false,
        bottom: true,
        left: true,
        right: false,
    };
    assert_eq!(p.edges, edges);
    assert_eq!(
        p.move_point,
        Some((2, 2)),
        "the 3-3 point from the lower left corner"
    );
    assert_eq!(p.symmetry, Symmetry::AntiDiagonal);
    assert!(p.cells.iter().all(|c| c.elem == Elem::Empty));
    assert_eq!(p.values.len(), 1);
    assert_eq!(p.values[0].kind, ValueKind::Value);
    assert_eq!(p.values[0].arg, ValueArg::Number(12.0));
}

#[test]
fn edge_pattern_and_values() {
    let db = shapes();
    let p = db.patterns.iter().find(|p| p.name == "KE1").unwrap();
    assert_eq!((p.height, p.width), (2, 3));
    assert_eq!(
        p.edges,
        Edges {
            bottom: true,
            ..Edges::default()
        }
    );
    assert_eq!(p.move_point, Some((1, 1)));
    assert_eq!(p.cell(0, 1).elem, Elem::Own);
    // Not beside an X stone on the second line (then it is a block).
    assert_eq!(p.cell(0, 0).elem, Elem::NotOpp);
    assert_eq!(p.cell(0, 2).elem, Elem::NotOpp);
    let kinds: Vec<ValueKind> = p.values.iter().map(|v| v.kind).collect();
    assert_eq!(kinds, [ValueKind::Shape, ValueKind::Followup]);
    assert_eq!(p.classes, "e");
}

#[test]
fn labels_constraints_actions_and_anchors() {
    let db = shapes();
    let p = db.patterns.iter().find(|p| p.name == "KN1").unwrap();
    assert_eq!(p.move_point, None);
    let labels: Vec<(char, Vec<(usize, usize)>)> =
        p.labels.iter().map(|l| (l.name, l.cells.clone())).collect();
    assert_eq!(
        labels,
        [
            ('B', vec![(0, 1)]),
            ('C', vec![(1, 0)]),
            ('a', vec![(1, 1)]),
            ('D', vec![(1, 2)])
        ]
    );
    assert!(p.constraint.is_some() && p.action.is_some());
    assert_eq!(
        p.anchor_candidates,
        vec![(0, 1), (1, 0), (1, 2)],
        "the X stones"
    );
    let kc = db.patterns.iter().find(|p| p.name == "KC1").unwrap();
    assert_eq!(kc.symmetry, Symmetry::BothAxes);
    assert_eq!(
        kc.constraint_diagram
            .as_ref()
            .unwrap()
            .iter()
            .collect::<String>(),
        "aO..cO"
    );
}

#[test]
fn runtime_loading_reads_files_and_reports_errors() {
    let own = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../patterns/shapes.db");
    let (db, warnings) = load_file(&own).expect("shapes.db loads");
    assert_eq!(db.patterns.len(), 7);
    assert!(warnings.is_empty());
    assert_eq!(db, shapes().clone_with_name(&db.name));

    let dir = std::env::temp_dir().join(format!("katachi-patlang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.db");
    std::fs::write(
        &bad,
        "Pattern B1\n\nO*\n\n:8,Z\n\nPattern B2\n\n.*\n\n:8,-,value(x)\n",
    )
    .unwrap();
    match load_file(&bad) {
        Err(LoadError::Invalid { diagnostics, .. }) => {
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            assert_eq!(errors, 2, "both patterns' errors are reported");
        }
        other => panic!("expected Invalid, got {other:?}"),
    }
    assert!(matches!(
        load_file(&dir.join("missing.db")),
        Err(LoadError::Io { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn own_database_is_already_canonical_modulo_layout() {
    let text = embedded_text("shapes").unwrap();
    let (file, _) = parse_file(text, "shapes.db");
    let formatted = format_file(&file);
    let (a, _) = parse_db(text, "shapes.db");
    let (b, _) = parse_db(&formatted, "shapes.db");
    let strip = |mut db: katachi_patterns::model::PatternDb| {
        db.patterns.iter_mut().for_each(|p| p.line = 0);
        db
    };
    assert_eq!(strip(a), strip(b));
}

trait WithName {
    fn clone_with_name(&self, name: &str) -> Self;
}

impl WithName for katachi_patterns::model::PatternDb {
    fn clone_with_name(&self, name: &str) -> Self {
        let mut db = self.clone();
        db.name = name.to_string();
        db
    }
}

#[test]
fn fuseki_is_embedded_and_clean() {
    // katachi's own opening patterns (the engine's `fuseki` slot): empty
    // corners, enclosures and approaches, each a corner pattern with a
    // minimum value.
    let (db, diags) = parse_db(embedded_text("fuseki").unwrap(), "fuseki.db");
    assert!(diags.is_empty(), "{}", diags[0]);
    let names: Vec<&str> = db.patterns.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["KF1", "KF2", "KF3", "KF4", "KF5", "KF6"]);
    for p in &db.patterns {
        assert!(p.edges.top && p.edges.left, "{}: a corner pattern", p.name);
        assert!(
            p.values
                .iter()
                .any(|v| v.kind == ValueKind::Value
                    && matches!(v.arg, ValueArg::Number(x) if x >= 20.0)),
            "{}: a minimum value",
            p.name
        );
    }
}

/// `patterns/joseki.db` is what the joseki compiler makes of
/// `patterns/joseki.sgf` (the tree is the source; the `.db` is embedded):
/// an edit of one without the other fails here.
#[test]
fn joseki_db_is_the_compiled_tree() {
    use katachi_patterns::joseki::{compile_sgf, JosekiOptions};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../patterns");
    let sgf = std::fs::read(dir.join("joseki.sgf")).unwrap();
    let options = JosekiOptions {
        prefix: "KJ".to_string(),
    };
    let compiled = compile_sgf(&sgf, &options).expect("katachi's joseki tree compiles");
    assert_eq!(
        compiled.to_db_text("joseki.sgf"),
        embedded_text("joseki").unwrap(),
        "run `katachi joseki patterns/joseki.sgf --prefix KJ -o patterns/joseki.db`"
    );
    let (db, diags) = parse_db(embedded_text("joseki").unwrap(), "joseki.db");
    assert!(diags.is_empty(), "{}", diags[0]);
    assert!(db.patterns.len() >= 7);
    assert!(db.patterns.iter().all(|p| p.edges.top && p.edges.right));
}
