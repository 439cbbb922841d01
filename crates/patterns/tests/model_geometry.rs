//! Edges and corners in every orientation, and the symmetry checks, on
//! small diagrams written for this test.

use katachi_patterns::model::{Edges, Symmetry};
use katachi_patterns::syntax::{parse_db, DiagnosticKind};

fn one(text: &str) -> (katachi_patterns::model::Pattern, Vec<DiagnosticKind>) {
    let (db, diags) = parse_db(text, "g.db");
    let kinds = diags.iter().map(|d| d.kind).collect();
    (
        db.patterns.into_iter().next().expect("pattern loads"),
        kinds,
    )
}

#[test]
fn corners_in_all_four_orientations() {
    let cases = [
        (
            "+---\n|O*.\n|...\n",
            Edges {
                top: true,
                left: true,
                ..Edges::default()
            },
            (0, 1),
        ),
        (
            "---+\nO*.|\n...|\n",
            Edges {
                top: true,
                right: true,
                ..Edges::default()
            },
            (0, 1),
        ),
        (
            "|O*.\n|...\n+---\n",
            Edges {
                bottom: true,
                left: true,
                ..Edges::default()
            },
            (0, 1),
        ),
        (
            "O*.|\n...|\n---+\n",
            Edges {
                bottom: true,
                right: true,
                ..Edges::default()
            },
            (0, 1),
        ),
    ];
    for (diagram, edges, mv) in cases {
        let (p, _) = one(&format!("Pattern C\n\n{diagram}\n:8,-\n"));
        assert_eq!(p.edges, edges, "{diagram}");
        assert_eq!((p.height, p.width), (2, 3), "{diagram}");
        assert_eq!(p.move_point, Some(mv), "{diagram}");
    }
}

#[test]
fn single_edges() {
    let (p, _) = one("Pattern T\n\n---\nO*X\n\n:8,-\n");
    assert_eq!(
        p.edges,
        Edges {
            top: true,
            ..Edges::default()
        }
    );
    let (p, _) = one("Pattern R\n\nO|\n*|\nX|\n\n:8,-\n");
    assert_eq!(
        p.edges,
        Edges {
            right: true,
            ..Edges::default()
        }
    );
    assert_eq!((p.height, p.width), (3, 1));
}

#[test]
fn every_symmetry_is_recognised() {
    // (diagram, claim that holds, claim that does not)
    let cases = [
        ("O*O\nX.X\n", '|', '-'),
        ("O.X\n.*.\nO.X\n", '-', '|'),
        ("O.\n.X\n", '\\', '|'),
        (".O\nX.\n", '/', '\\'),
        ("O.X\nX.O\n", 'O', '|'),
        ("O.O\n.*.\nO.O\n", '+', '8'),
        ("X.O\n.*.\nO.X\n", 'X', '+'),
    ];
    for (diagram, good, bad) in cases {
        let (p, kinds) = one(&format!("Pattern S\n\n{diagram}\n:{good},-\n"));
        assert!(
            !kinds.contains(&DiagnosticKind::SymmetryNotHeld),
            "{good} on\n{diagram}"
        );
        assert_ne!(p.symmetry, Symmetry::None8, "{good}");
        if bad != '8' {
            let (_, kinds) = one(&format!("Pattern S\n\n{diagram}\n:{bad},-\n"));
            assert!(
                kinds.contains(&DiagnosticKind::SymmetryNotHeld),
                "{bad} on\n{diagram}"
            );
        } else {
            let (_, kinds) = one(&format!("Pattern S\n\n{diagram}\n:8,-\n"));
            assert!(
                kinds.contains(&DiagnosticKind::SymmetryUnclaimed),
                "unclaimed on\n{diagram}"
            );
        }
    }
}

#[test]
fn edges_take_part_in_symmetry() {
    // Symmetric symbols, but only one side is an edge: `|` does not hold.
    let (_, kinds) = one("Pattern E\n\n|.*.\n|...\n\n:|,-\n");
    assert!(kinds.contains(&DiagnosticKind::SymmetryNotHeld));
    // Lower left corner: the anti-diagonal maps the left edge onto the bottom.
    let (p, kinds) = one("Pattern E\n\n|..\n|*.\n+--\n\n:/,-\n");
    assert!(kinds.is_empty(), "{kinds:?}");
    assert_eq!(p.symmetry, Symmetry::AntiDiagonal);
}
