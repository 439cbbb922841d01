//! The joseki compiler on small trees written for these tests: how marks
//! bound the pattern, labels, classes, carried comment lines, passes,
//! captures, variations, edges in every corner, symmetry, and errors with
//! their places.

use katachi_patterns::joseki::{
    compile_sgf, JosekiDb, JosekiError, JosekiErrorKind, JosekiOptions,
};

fn compile(sgf: &str) -> JosekiDb {
    match compile_sgf(sgf.as_bytes(), &JosekiOptions::default()) {
        Ok(db) => db,
        Err(e) => panic!("{sgf}: {e}"),
    }
}

/// The patterns as text, without the file header.
fn patterns(sgf: &str) -> Vec<String> {
    compile(sgf)
        .patterns
        .iter()
        .map(|p| {
            let mut s = String::new();
            p.write(&mut s);
            s
        })
        .collect()
}

fn error(sgf: &str) -> JosekiError {
    match compile_sgf(sgf.as_bytes(), &JosekiOptions::default()) {
        Ok(db) => panic!(
            "{sgf}: compiled to {} patterns, expected an error",
            db.patterns.len()
        ),
        Err(e) => e,
    }
}

fn at(e: &JosekiError) -> (usize, usize) {
    let pos = e.pos.unwrap_or_else(|| panic!("error without place: {e}"));
    (pos.line, pos.column)
}

#[test]
fn a_single_mark_bounds_the_pattern_from_the_upper_right_corner() {
    let p = patterns("(;SZ[7];B[dc];W[fb]MA[dd])");
    assert_eq!(
        p,
        vec!["Pattern J1\n\n----+\n....|\n..*.|\nX...|\n....|\n\n:8,sFJ\n\n\n"]
    );
}

#[test]
fn sq_works_like_ma_and_several_marks_span_their_union() {
    let one = patterns("(;SZ[7];B[dc];W[fb]SQ[dd])");
    assert_eq!(one, patterns("(;SZ[7];B[dc];W[fb]MA[dd])"));
    let two = patterns("(;SZ[7];B[dc];W[fb]MA[fe][dc])");
    assert_eq!(two, patterns("(;SZ[7];B[dc];W[fb]MA[de])"));
    assert_eq!(two, patterns("(;SZ[7];B[dc];W[fb]SQ[dd:ee]MA[fa])"));
    assert_eq!(two[0].lines().filter(|l| l.ends_with('|')).count(), 5);
}

#[test]
fn nodes_without_mark_or_with_a_pass_give_no_pattern_but_keep_the_position() {
    // B[qc] has no mark; W passes ([] and [tt] on 19x19) with marks; the
    // colour of a move is its own, so B moves twice in a row here.
    let p = patterns("(;SZ[19];B[qc]C[U];W[]MA[nd];B[pd]MA[nd];W[tt]MA[nd];B[od]MA[nd]C[t])");
    assert_eq!(
        p,
        vec![
            "Pattern J1\n\n------+\n......|\n......|\n...O..|\n..*...|\n\n:8,sFJ\n\n\n",
            "Pattern J2\n\n------+\n......|\n......|\n...O..|\n.*O...|\n\n:8,sFt\n\n\n",
        ]
    );
}

#[test]
fn labels_make_a_constraint_diagram_over_stones_and_empty_points() {
    let p =
        patterns("(;SZ[7];B[dc];W[fb]MA[dd]LB[dc:b][dd:A]C[S\n;xplay_attack(A,b)\n>antisuji(A)])");
    assert_eq!(
        p[0],
        "Pattern J1\n\n----+\n....|\n..*.|\nX...|\n....|\n\n:8,sFJ\n\n\
         ----+\n....|\n..*.|\nb...|\nA...|\n\n;xplay_attack(A,b)\n>antisuji(A)\n\n\n"
    );
}

#[test]
fn a_label_on_the_move_replaces_the_star_in_the_constraint_diagram() {
    let p = patterns("(;SZ[7];B[dc];W[fb]MA[dd]LB[fb:B]C[;!xplay_attack(B)])");
    assert!(
        p[0].contains(":8,sFJ\n\n----+\n....|\n..B.|\nX...|\n....|\n\n;!xplay_attack(B)\n"),
        "{}",
        p[0]
    );
}

#[test]
fn constraint_lines_without_labels_still_get_a_constraint_diagram() {
    let p = patterns("(;SZ[7];B[dc];W[fb]MA[dd]C[;safe_omove(*)])");
    assert_eq!(
        p[0],
        "Pattern J1\n\n----+\n....|\n..*.|\nX...|\n....|\n\n:8,sFJ\n\n\
         ----+\n....|\n..*.|\nX...|\n....|\n\n;safe_omove(*)\n\n\n"
    );
}

#[test]
fn the_first_comment_character_gives_the_class() {
    let cases = [
        ("U", "U"),
        ("S", "J"),
        ("J", "J"),
        ("s", "j"),
        ("j", "j"),
        ("T", "T"),
        ("t", "t"),
        ("0", "N"),
        ("A", "N"),
        ("x anything", "J"),
        ("", "J"),
    ];
    for (comment, class) in cases {
        let p = patterns(&format!("(;SZ[7];B[dc];W[fb]MA[dd]C[{comment}])"));
        assert!(
            p[0].contains(&format!("\n:8,sF{class}\n")),
            "comment {comment:?}: {}",
            p[0]
        );
    }
    let p = patterns("(;SZ[7];B[dc];W[fb]MA[dd])");
    assert!(p[0].contains("\n:8,sFJ\n"));
}

#[test]
fn comment_lines_are_carried_to_their_places() {
    let p = patterns(
        "(;SZ[7];B[dc];W[fb]MA[dd]C[j rest of line ignored\n# why this move  \n not carried\n:-,shape(3)\n#second])",
    );
    assert_eq!(
        p[0],
        "Pattern J1\n# why this move  \n#second\n\n----+\n....|\n..*.|\nX...|\n....|\n\n:8,sFj-,shape(3)\n\n\n"
    );
    // A comment on a node without a pattern is not carried anywhere.
    let p = patterns("(;SZ[7];B[dc]C[#lost];W[fb]MA[dd])");
    assert!(!p[0].contains("#lost"));
}

#[test]
fn variations_are_depth_first_and_do_not_leak_stones() {
    let p = patterns("(;SZ[7];B[ec]MA[cd](;W[fb]MA[cd])(;W[fc]MA[cd];B[fb]MA[cd]))");
    assert_eq!(p.len(), 4);
    let rows = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.ends_with('|'))
            .map(String::from)
            .collect()
    };
    assert_eq!(rows(&p[0])[2], "..*..|");
    assert_eq!(rows(&p[1])[1], "...*.|");
    assert_eq!(rows(&p[2])[2], "..X*.|");
    // Fourth pattern: W[fb] of the first variation is not on the board.
    assert_eq!(rows(&p[3])[1], "...*.|");
    assert_eq!(rows(&p[3])[2], "..OX.|");
    assert!(p[3].starts_with("Pattern J4\n"));
}

#[test]
fn captured_stones_leave_the_diagram() {
    // White ga is captured by B[gb] (with B[fa] already there).
    let p = patterns("(;SZ[7];W[ga];B[fa];W[dd];B[gb];W[ee];B[ec]MA[ce])");
    let rows: Vec<&str> = p[0].lines().filter(|l| l.ends_with('|')).collect();
    assert_eq!(rows[0], "...O.|");
    assert_eq!(rows[1], "....O|");
}

#[test]
fn setup_stones_are_placed() {
    let p = patterns("(;SZ[7]AB[fc]AW[eb][gd];B[ec]MA[dd])");
    let rows: Vec<&str> = p[0].lines().filter(|l| l.ends_with('|')).collect();
    assert_eq!(rows, vec!["....|", ".X..|", ".*O.|", "...X|"]);
}

#[test]
fn edges_are_drawn_in_every_corner_the_rectangle_reaches() {
    let body = |mark: &str| patterns(&format!("(;SZ[5];B[ec]MA[{mark}])"))[0].clone();
    // Only the upper right corner.
    assert!(
        body("dc").contains("\n--+\n..|\n..|\n.*|\n\n"),
        "{}",
        body("dc")
    );
    // Upper left and upper right: one row across the board.
    let top = patterns("(;SZ[5];B[ea]MA[aa])")[0].clone();
    assert!(top.contains("\n+-----+\n|....*|\n\n"), "{top}");
    // Lower right and upper right: one column down the board.
    let right = body("ee");
    assert!(
        right.contains("\n-+\n.|\n.|\n*|\n.|\n.|\n-+\n\n"),
        "{right}"
    );
    // All four corners: the whole board.
    let all = body("ae");
    assert!(
        all.contains("\n+-----+\n|.....|\n|.....|\n|....*|\n|.....|\n|.....|\n+-----+\n\n"),
        "{all}"
    );
    // Lower edge without the left one.
    let low = body("ce");
    assert!(
        low.contains("\n---+\n...|\n...|\n..*|\n...|\n...|\n---+\n\n"),
        "{low}"
    );
    // Left edge without the lower one.
    let left = body("ad");
    assert!(left.contains("\n+-----+\n|.....|\n"), "{left}");
    assert!(!left.contains("|\n+-----+\n\n:"), "{left}");
}

#[test]
fn a_square_diagram_symmetric_about_the_corner_diagonal_claims_slash() {
    // X on the diagonal through the corner, * on it too: symmetric.
    let sym = patterns("(;SZ[7];B[ec];W[fb]MA[ce])");
    assert!(sym[0].contains("\n:/,sFJ\n"), "{}", sym[0]);
    // The same stones in a rectangle that is not square.
    let tall = patterns("(;SZ[7];B[ec];W[fb]MA[cf])");
    assert!(tall[0].contains("\n:8,sFJ\n"), "{}", tall[0]);
    // A stone off the diagonal.
    let off = patterns("(;SZ[7];B[dc];W[fb]MA[ce])");
    assert!(off[0].contains("\n:8,sFJ\n"), "{}", off[0]);
    // A label off the diagonal breaks the symmetry of the constraint diagram.
    let lab = patterns("(;SZ[7];B[ec];W[fb]MA[ce]LB[ca:A]C[;f(A)])");
    assert!(lab[0].contains("\n:8,sFJ\n"), "{}", lab[0]);
    // The whole board is square too.
    let whole = patterns("(;SZ[5];B[cc]MA[ae])");
    assert!(whole[0].contains("\n:/,sFJ\n"), "{}", whole[0]);
}

#[test]
fn prefix_and_header() {
    let options = JosekiOptions {
        prefix: "JX".to_string(),
    };
    let db = compile_sgf(b"(;SZ[7];B[ec]MA[dd];W[fb]MA[dd])", &options).unwrap();
    let text = db.to_db_text("mine.sgf");
    assert!(text.starts_with("# "));
    assert!(text.contains("mine.sgf"));
    assert!(text.contains("\nattribute_map general\n"));
    let names: Vec<&str> = text.lines().filter(|l| l.starts_with("Pattern ")).collect();
    assert_eq!(names, vec!["Pattern JX1", "Pattern JX2"]);
}

#[test]
fn every_game_of_a_collection_is_compiled() {
    let p = patterns("(;SZ[7];B[ec]MA[dd])(;SZ[9];W[gc]MA[fd])");
    assert_eq!(p.len(), 2);
    assert!(p[1].starts_with("Pattern J2\n\n----+\n"), "{}", p[1]);
}

#[test]
fn errors_name_their_place() {
    let e = error("(;SZ[7];B[ac]MA[dd])");
    assert!(matches!(e.kind, JosekiErrorKind::MoveOutside { .. }), "{e}");
    assert_eq!(at(&e), (1, 9));
    assert!(
        e.to_string()
            .starts_with("line 1, column 9: move ac lies outside"),
        "{e}"
    );

    let e = error("(;SZ[7];B[ec]\n;W[ec]MA[dd])");
    assert!(matches!(e.kind, JosekiErrorKind::IllegalMove { .. }), "{e}");
    assert_eq!(at(&e), (2, 2));

    let e = error("(;SZ[7];B[ec]W[fb]MA[dd])");
    assert_eq!(e.kind, JosekiErrorKind::TwoMoves);
    assert_eq!(at(&e), (1, 14));

    let e = error("(;SZ[7];B[ec]MA[dd]LB[fb:AB])");
    assert_eq!(e.kind, JosekiErrorKind::BadLabel("AB".into()));
    assert_eq!(at(&e), (1, 20));
    for bad in ["O", "x", "Q", "Y", "1", ""] {
        let e = error(&format!("(;SZ[7];B[ec]MA[dd]LB[fb:{bad}])"));
        assert_eq!(e.kind, JosekiErrorKind::BadLabel(bad.into()), "{bad:?}");
    }
    let e = error("(;SZ[7];B[ec]MA[dd]LB[ag:A])");
    assert_eq!(e.kind, JosekiErrorKind::LabelOutside('A'));
    let e = error("(;SZ[7];B[ec]MA[dd]LB[fb:A][fb:B])");
    assert_eq!(e.kind, JosekiErrorKind::TwoLabels('A', 'B'));

    let e = error("(;SZ[30];B[ec]MA[dd])");
    assert_eq!(e.kind, JosekiErrorKind::BadSize("30".into()));
    assert_eq!(at(&e), (1, 3));
    let e = error("(;SZ[7];SZ[9]B[ec]MA[dd])");
    assert_eq!(e.kind, JosekiErrorKind::SizeNotInRoot);

    let e = error("(;SZ[7];B[ec]MA[hh])");
    assert!(
        matches!(e.kind, JosekiErrorKind::BadPoint { ref prop, .. } if prop == "MA"),
        "{e}"
    );
    assert_eq!(at(&e), (1, 14));

    let e = error("(;SZ[7];B[ec]MA[dd]");
    assert!(matches!(e.kind, JosekiErrorKind::Sgf(_)), "{e}");
}

#[test]
fn no_input_panics() {
    // Every prefix of a rich tree, and deterministic byte mutations of it,
    // compile or fail with an error: never a panic.
    let tree = "(;GM[1]SZ[7]AB[aa:bb];B[ec]C[U\n#c\n;f(A)]MA[dd]LB[dc:A]\
                (;W[fb]MA[ce];B[]MA[aa];W[tt])(;W[gg]SQ[ag:bb]C[:-,shape(1)]))";
    for end in 0..=tree.len() {
        let _ = compile_sgf(&tree.as_bytes()[..end], &JosekiOptions::default());
    }
    let alphabet = b"()[];:\\ABCMQSWLaegtz019\n";
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..3000 {
        let mut bytes = tree.as_bytes().to_vec();
        for _ in 0..(next() % 4 + 1) {
            let i = (next() % bytes.len() as u64) as usize;
            bytes[i] = alphabet[(next() % alphabet.len() as u64) as usize];
        }
        let _ = compile_sgf(&bytes, &JosekiOptions::default());
    }
}

#[test]
fn deep_and_wide_trees_compile() {
    // A long main line of passes, then a pattern.
    let deep = format!("(;SZ[7]{};B[ec]MA[dd])", ";W[]".repeat(50_000));
    assert_eq!(compile(&deep).patterns.len(), 1);
    // Variations nested thousands deep.
    let nested = format!(
        "(;SZ[7]{};B[ec]MA[dd]{})",
        "(;W[]".repeat(5_000),
        ")".repeat(5_000)
    );
    assert_eq!(compile(&nested).patterns.len(), 1);
    // Many sibling variations, each with its own pattern.
    let wide = format!("(;SZ[7]{})", "(;B[ec]MA[dd])".repeat(10_000));
    let db = compile(&wide);
    assert_eq!(db.patterns.len(), 10_000);
    assert_eq!(db.patterns[9_999].name, "J10000");
}
