//! Reader tests on hand-written SGF: structure, leniency, escapes, and the
//! exact line and column of every kind of error.

use katachi_sgf::{
    parse, parse_bytes, sgf_point_list, sgf_point_to, write, Collection, Pos, SgfErrorKind,
};

fn err_at(text: &str) -> (usize, usize, SgfErrorKind) {
    let e = parse(text).expect_err("input should be rejected");
    (e.pos.line, e.pos.column, e.kind)
}

#[test]
fn sequence_and_variations_make_a_tree() {
    let c = parse("(;GM[1]SZ[9];B[ee];W[cc](;B[gg];W[gc])(;B[cg]))").unwrap();
    assert_eq!(c.games.len(), 1);
    let root = &c.games[0];
    assert_eq!(root.get("SZ"), Some("9"));
    let main: Vec<_> = root
        .main_line()
        .filter_map(|n| n.get("B").or(n.get("W")))
        .collect();
    assert_eq!(main, ["ee", "cc", "gg", "gc"]);
    let w = &root.children[0].children[0];
    assert_eq!(w.children.len(), 2);
    assert_eq!(w.children[1].get("B"), Some("cg"));
    assert_eq!(root.node_count(), 6);
    let mut depths = Vec::new();
    root.walk(|_, d| depths.push(d));
    assert_eq!(depths, [0, 1, 2, 3, 4, 3]);
}

#[test]
fn ff3_long_names_and_lowercase_identifiers() {
    let c = parse("(;FF[3]AddBlack[aa][bb]AddWhite[cc]Comment[x];black[dd])").unwrap();
    let root = &c.games[0];
    assert_eq!(root.get_all("AB"), ["aa", "bb"]);
    assert_eq!(root.get("AW"), Some("cc"));
    assert_eq!(root.get("C"), Some("x"));
    assert_eq!(root.children[0].get("BLACK"), Some("dd"));
}

#[test]
fn escapes_and_whitespace_in_text() {
    let c = parse("(;C[a\\]b\\\\c\\:d\tend]GC[soft\\\nbreak\nhard])").unwrap();
    let root = &c.games[0];
    assert_eq!(root.get("C"), Some("a\\]b\\\\c\\:d\tend"));
    assert_eq!(root.text("C").unwrap(), "a]b\\c:d end");
    assert_eq!(root.text("GC").unwrap(), "softbreak\nhard");
    assert_eq!(root.simple_text("GC").unwrap(), "softbreak hard");
    let crlf = parse("(;C[one\r\ntwo\\\r\nthree])").unwrap();
    assert_eq!(crlf.games[0].text("C").unwrap(), "one\ntwothree");
}

#[test]
fn labels_split_at_the_first_unescaped_colon() {
    let c = parse("(;LB[dd:A][ee:x\\:y:z][ff])").unwrap();
    assert_eq!(
        c.games[0].labels(),
        [
            ("dd".to_string(), "A".to_string()),
            ("ee".to_string(), "x:y:z".to_string()),
            ("ff".to_string(), String::new())
        ]
    );
}

#[test]
fn junk_outside_trees_and_several_games() {
    let text = "From: someone (me)\nSubject: games\n\u{feff}(;GN[one]) junk ;[ ( \n ;GN[two]\n)\ntrailer (x)";
    let c = parse(text).unwrap();
    let names: Vec<_> = c.games.iter().map(|g| g.get("GN").unwrap()).collect();
    assert_eq!(names, ["one", "two"]);
}

#[test]
fn whitespace_between_tokens_and_repeated_properties() {
    let c = parse("( ; B [aa] \n [bb] ; C[x] C[y] )").unwrap();
    let root = &c.games[0];
    assert_eq!(root.get_all("B"), ["aa", "bb"]);
    assert_eq!(root.children[0].get_all("C"), ["x", "y"]);
    assert_eq!(root.children[0].props.len(), 1);
}

#[test]
fn property_positions_are_recorded() {
    let c = parse("(;GM[1]\n  ;B[aa]W[bb])").unwrap();
    let node = &c.games[0].children[0];
    assert_eq!(node.pos, Some(Pos { line: 2, column: 3 }));
    assert_eq!(
        node.property("W").unwrap().pos,
        Some(Pos { line: 2, column: 9 })
    );
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(err_at(""), (1, 1, SgfErrorKind::NoGameTree));
    assert_eq!(err_at("just text\n"), (2, 1, SgfErrorKind::NoGameTree));
    assert_eq!(
        err_at("(;B[aa]\n;W[bb"),
        (
            2,
            6,
            SgfErrorKind::UnterminatedValue(Pos { line: 2, column: 3 })
        )
    );
    assert_eq!(
        err_at("(;B[aa]\n;W[bb\\"),
        (
            2,
            7,
            SgfErrorKind::UnterminatedValue(Pos { line: 2, column: 3 })
        )
    );
    let (l, c, k) = err_at("(;B[aa]\n  ;W bb)");
    assert_eq!((l, c), (2, 6));
    assert!(
        matches!(k, SgfErrorKind::MissingValue(ref m) if m.starts_with("W ")),
        "{k:?}"
    );
    assert_eq!(
        err_at("(B[aa])"),
        (1, 2, SgfErrorKind::ExpectedNode("'B'".into()))
    );
    assert_eq!(
        err_at("()"),
        (1, 2, SgfErrorKind::ExpectedNode("')'".into()))
    );
    let (l, c, _) = err_at("(;B[aa]\n(;W[bb])\n;B[cc])");
    assert_eq!((l, c), (3, 1));
    let (l, c, _) = err_at("(;B[aa](;W[bb])C[x])");
    assert_eq!((l, c), (1, 16));
    assert_eq!(
        err_at("(;B[aa]"),
        (1, 8, SgfErrorKind::UnclosedTree(Pos { line: 1, column: 1 }))
    );
    assert_eq!(
        err_at("(;A[1](;B[2]"),
        (
            1,
            13,
            SgfErrorKind::UnclosedTree(Pos { line: 1, column: 7 })
        )
    );
    assert_eq!(
        err_at("(;B[aa]%)"),
        (1, 8, SgfErrorKind::Unexpected("'%'".into()))
    );
    // CR LF counts as one line break; columns count characters, not bytes.
    assert_eq!(err_at("(;GM[1]\r\n;B[aa]\r\n;W x").0, 3);
    assert_eq!(err_at("(;GM[1]\r\n;B[aa]\r\n;W x").1, 4);
    assert_eq!(err_at("(;C[é]é)").1, 7);
    // Old Mac line ends (CR alone) count too.
    assert_eq!(err_at("(;GM[1]\r;B[aa]\r%").0, 3);
}

#[test]
fn error_messages_read_well() {
    let e = parse("(;B[aa]\n;W[bb").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 6: unterminated value: '[' at line 2, column 3 is never closed"
    );
    let e = parse("(;B[aa]\n  ;W bb)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 6: property W (found 'b') has no value (expected '[')"
    );
}

#[test]
fn latin1_bytes_are_read() {
    let bytes = b"(;PW[\xe9l\xe8ve]C[x])";
    let c = parse_bytes(bytes).unwrap();
    assert_eq!(c.games[0].get("PW"), Some("élève"));
}

#[test]
fn points_and_passes() {
    assert_eq!(sgf_point_to("aa", 19), Ok(Some((0, 0))));
    assert_eq!(sgf_point_to("sa", 19), Ok(Some((0, 18))));
    assert_eq!(sgf_point_to("cd", 9), Ok(Some((3, 2))));
    assert_eq!(sgf_point_to("", 19), Ok(None));
    assert_eq!(sgf_point_to("tt", 19), Ok(None));
    assert_eq!(sgf_point_to("tt", 9), Ok(None));
    assert_eq!(sgf_point_to("tt", 21), Ok(Some((19, 19))));
    assert!(sgf_point_to("jj", 9).is_err());
    assert!(sgf_point_to("a", 9).is_err());
    assert!(sgf_point_to("AB", 9).is_err());
    assert!(sgf_point_to("aé", 9).is_err());
    assert_eq!(
        sgf_point_list("ab:bc", 9).unwrap(),
        [(1, 0), (1, 1), (2, 0), (2, 1)]
    );
    assert_eq!(sgf_point_list("ba:ab", 9).unwrap().len(), 4);
    assert!(sgf_point_list("ab:", 9).is_err());
}

#[test]
fn written_trees_read_back_identically() {
    let text = "(;GM[1]FF[4]SZ[9]C[a \\] b\\\\\nsecond line]LB[cc:x\\:1];B[ee]\
                (;W[cc]TR[dd][de];B[]CR[aa])(;W[gg]MA[ff]SQ[ab]))(;GN[second])";
    let c = parse(text).unwrap();
    let out = write(&c);
    let back = parse(&out).unwrap();
    assert_eq!(back, c);
    assert_eq!(write(&back), out);
    assert!(out.starts_with("(;GM[1]FF[4]SZ[9]"), "{out}");
}

#[test]
fn deep_nesting_and_long_games_do_not_overflow() {
    let depth = 200_000;
    let mut text = String::new();
    for _ in 0..depth {
        text.push_str("(;B[aa]");
    }
    for _ in 0..depth {
        text.push(')');
    }
    let c = parse(&text).unwrap();
    assert_eq!(c.games[0].node_count(), depth);
    let again = parse(&write(&c)).unwrap();
    assert!(again == c);
    let chain = format!("({})", ";W[bb]".repeat(depth));
    let c2: Collection = parse(&chain).unwrap();
    assert_eq!(c2.games[0].main_line().count(), depth);
    let open = "(;B[aa]".repeat(depth);
    assert!(matches!(
        parse(&open).unwrap_err().kind,
        SgfErrorKind::UnclosedTree(_)
    ));
}
