//! The Monte Carlo pattern format: GNU Go's three `mc_*.db` read with no
//! error at run time, katachi's own database reads with no diagnostic,
//! malformed input gets the right diagnostic at the right place, and the
//! compiled table gives the value of the definition (first matching line
//! in file order over the 8 symmetries) for every database.

mod common;

use katachi_patterns::mcpat::table::{reference_value, relative_code, swap_colours, CODES};
use katachi_patterns::mcpat::{
    katachi_db, load_file, parse_mc_db, uniform_db, Context, McDb, McTable,
};
use katachi_patterns::syntax::DiagnosticKind;

/// xorshift, enough for sampling codes.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The table agrees with the definition on every code for a handful of
/// contexts and on random (code, context) pairs, for both colours.
fn check_table(db: &McDb) {
    let table = McTable::compile(db);
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let contexts: Vec<usize> = (0..6).map(|_| (rng.next() % 256) as usize).collect();
    for code in 0..CODES as u16 {
        for &ctx in &contexts {
            let want = reference_value(db, code, Context::from_index(ctx));
            // White's relative code is the absolute code; Black's swaps.
            assert_eq!(
                table.value(1, code, ctx),
                want,
                "{}: code {code:#x}",
                db.name
            );
            assert_eq!(
                table.value(0, swap_colours(code), ctx),
                want,
                "{}: code {code:#x} (black)",
                db.name
            );
        }
    }
    for _ in 0..20000 {
        let code = (rng.next() & 0xffff) as u16;
        let ctx = (rng.next() % 256) as usize;
        for colour in 0..2 {
            let want = reference_value(db, relative_code(colour, code), Context::from_index(ctx));
            assert_eq!(table.value(colour, code, ctx), want, "{}", db.name);
            // The two halves (row, then value in the row) agree too.
            let row = table.row(colour, code);
            assert_eq!(table.row_value(row, ctx), want, "{} (row)", db.name);
        }
    }
}

#[test]
fn gnugo_mc_databases_read_without_errors() {
    let Some(dir) = common::shared_dir() else {
        return;
    };
    let dir = dir.join("gnugo/patterns");
    for name in [
        "mc_mogo_classic.db",
        "mc_montegnu_classic.db",
        "mc_uniform.db",
    ] {
        let path = dir.join(name);
        let (db, diags) = load_file(&path).unwrap_or_else(|e| {
            if let katachi_patterns::mcpat::McLoadError::Invalid { diagnostics, .. } = &e {
                for d in diagnostics {
                    eprintln!("{d}");
                }
            }
            panic!("{e}")
        });
        let errors = diags.iter().filter(|d| d.is_error()).count();
        assert_eq!(errors, 0, "{name}");
        assert!(!db.patterns.is_empty(), "{name}: no patterns");
        // Every colon line of the file is in the model (none dropped).
        let text = common::read(&path);
        let colon_lines = text.lines().filter(|l| l.starts_with(':')).count();
        let kept: usize = db.patterns.iter().map(|p| p.lines.len()).sum();
        assert_eq!(kept, colon_lines, "{name}");
        check_table(&db);
        if name == "mc_uniform.db" {
            // katachi's uniform policy (its own eye patterns) is GNU Go's.
            let (ours, theirs) = (McTable::compile(&uniform_db()), McTable::compile(&db));
            for code in 0..CODES as u16 {
                for colour in 0..2 {
                    assert_eq!(ours.value(colour, code, 0), theirs.value(colour, code, 0));
                }
            }
        }
    }
}

#[test]
fn katachi_database_is_clean_and_compiles() {
    let (db, diags) = parse_mc_db(
        katachi_patterns::mcpat::KATACHI_TEXT,
        katachi_patterns::mcpat::KATACHI_NAME,
    );
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(db, katachi_db());
    check_table(&db);
    check_table(&uniform_db());
}

/// The uniform database: 0 exactly on proper eyes of the player to move.
#[test]
fn uniform_values_eyes_only() {
    let table = McTable::compile(&uniform_db());
    // Relative codes: 0 empty, 1 own, 2 opponent, 3 edge; order NW N NE W E SW S SE.
    let code = |cells: [u16; 8]| {
        cells
            .iter()
            .enumerate()
            .fold(0u16, |a, (k, &s)| a | s << (2 * k))
    };
    let ctx = Context::default().index();
    // Centre eye with one opponent diagonal: an eye.
    assert_eq!(table.value(1, code([2, 1, 0, 1, 1, 0, 1, 1]), ctx), 0);
    // Two opponent diagonals: false eye, playable.
    assert_eq!(table.value(1, code([2, 1, 0, 1, 1, 0, 1, 2]), ctx), 1);
    // Edge eye (bottom row off the board), both diagonals own or empty.
    assert_eq!(table.value(1, code([1, 1, 0, 1, 1, 3, 3, 3]), ctx), 0);
    // Edge with one opponent diagonal: false eye.
    assert_eq!(table.value(1, code([2, 1, 0, 1, 1, 3, 3, 3]), ctx), 1);
    // The same eye for Black: the absolute code swaps colours.
    let w = code([2, 1, 0, 1, 1, 0, 1, 1]);
    assert_eq!(table.value(0, swap_colours(w), ctx), 0);
    assert_eq!(table.value(0, w, ctx), 1);
}

/// (text, kind, line, column) of the first error.
fn first_error(text: &str) -> (DiagnosticKind, usize, usize) {
    let (_, diags) = parse_mc_db(text, "t.db");
    let d = diags
        .iter()
        .find(|d| d.is_error())
        .unwrap_or_else(|| panic!("no error for {text:?}"));
    // Every diagnostic renders with a caret excerpt.
    assert!(d.to_string().contains('^'), "{d}");
    (d.kind, d.span.start.line, d.span.start.column)
}

#[test]
fn malformed_input_diagnostics() {
    use DiagnosticKind::*;
    assert_eq!(first_error("?X?\n?*Z\n???\n:1\n"), (UnknownSymbol, 2, 3));
    assert_eq!(first_error("?X?\n?*??\n???\n:1\n"), (BadMcDiagram, 2, 1));
    assert_eq!(first_error("?X?\n?*?\n:1\n"), (BadMcDiagram, 1, 1));
    assert_eq!(first_error("?X?\n??*\n???\n:1\n"), (BadMcDiagram, 2, 2));
    assert_eq!(first_error("?X?\n?*?\n???\n:x1\n"), (BadValue, 4, 2));
    assert_eq!(
        first_error("?X?\n?*?\n???\n:5,near,sideways\n"),
        (BadProperty, 4, 9)
    );
    assert_eq!(
        first_error("?X?\n?*?\n???\n:4294967296\n"),
        (BadValue, 4, 2)
    );
    assert_eq!(first_error(":1\n"), (MissingDiagram, 1, 1));
    assert_eq!(
        first_error("?X?\n?*?\n???\n\n???\n?*?\n???\n:1\n"),
        (MissingColonLine, 1, 1)
    );
    assert_eq!(first_error("?X?\n\n?*?\n???\n:1\n"), (SplitDiagram, 3, 1));
    // Edge marks that describe no edge.
    assert_eq!(first_error("?X?\n-*-\n???\n:1\n"), (BadEdge, 2, 1));
    assert_eq!(first_error("|X?\n?*?\n|??\n:1\n"), (BadEdge, 2, 1));
    assert_eq!(first_error("???\n?*?\n-+-\n:1\n"), (BadEdge, 3, 2));
    assert_eq!(first_error("---\n?*?\n---\n:1\n"), (BadEdge, 1, 1));
    // A well-formed corner and a '%' on the edge are fine.
    let (db, diags) = parse_mc_db("|Oo\n|*O\n+--\n:0\n%%%\n%*%\n%%-\n:3\n", "t.db");
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(db.patterns.len(), 2);
    // Contradictory properties: a warning, the line is kept but never applies.
    let (db, diags) = parse_mc_db("???\n?*?\n???\n:7,near,far\n", "t.db");
    assert_eq!(diags.len(), 1);
    assert!(!diags[0].is_error());
    assert_eq!(diags[0].kind, BadProperty);
    assert_eq!(McTable::compile(&db).value(1, 0, 0), 1);
}

/// First match wins: an earlier pattern hides a later one where both
/// match, properties included; a line whose properties fail falls through.
#[test]
fn first_match_wins() {
    let text = "???\n?*?\n???\n:5,near\n???\n?*?\n???\n:9\n:8\n";
    let (db, diags) = parse_mc_db(text, "t.db");
    assert!(diags.is_empty(), "{diags:?}");
    let t = McTable::compile(&db);
    let near = Context {
        near: true,
        ..Context::default()
    };
    assert_eq!(t.value(0, 0, near.index()), 5);
    assert_eq!(t.value(0, 0, Context::default().index()), 9);
    // Off-board neighbours: '?' does not match the edge, the default 1 holds.
    assert_eq!(t.value(0, 0xffff, near.index()), 1);
}

mod no_panic {
    //! Bad Monte Carlo input never panics: random text from the format's
    //! own pieces is parsed and its diagnostics rendered; error-free input
    //! compiles to a table that agrees with the definition.
    use super::*;
    use proptest::prelude::*;

    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            "#[ -~]{0,10}",
            "[.*?%OXox|+-]{1,4}[ \t]?",
            "[?%.OXo]{3}",
            ":[0-9]{0,11}(,(near|far|osafe|ounsafe|xsafe|xsuicide|ocap[0-3][+-]?|xcap[0-4][+-]?|[a-z]{0,3})){0,3}",
            "[\\x00-\\x7f\u{e9}\u{4e00}]{0,8}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn mc_parser_never_panics(lines in prop::collection::vec(line(), 0..16), codes in prop::collection::vec(any::<u16>(), 8)) {
            let text = lines.join("\n");
            let (db, diags) = parse_mc_db(&text, "p.db");
            for d in &diags {
                prop_assert!(!d.to_string().is_empty());
            }
            if !db.patterns.is_empty() {
                let table = McTable::compile(&db);
                for (k, &code) in codes.iter().enumerate() {
                    let ctx = (code as usize * 7 + k * 31) % 256;
                    prop_assert_eq!(
                        table.value(1, code, ctx),
                        reference_value(&db, code, Context::from_index(ctx))
                    );
                }
            }
        }
    }
}

/// A table from a function reads, for either colour, the function's value
/// at the colour's relative code, and shares equal rows.
#[test]
fn a_table_from_a_function_reads_the_relative_code() {
    let f = |code: u16, ctx: usize| (code as u32 % 7) * 256 + ctx as u32 % 5;
    let t = McTable::from_fn(f);
    for code in (0..=u16::MAX).step_by(97) {
        for ctx in [0, 1, 77, 255] {
            for colour in 0..2 {
                assert_eq!(
                    t.value(colour, code, ctx),
                    f(relative_code(colour, code), ctx)
                );
            }
        }
    }
    assert_eq!(t.row_count(), 7, "one row per value of code % 7");
}
