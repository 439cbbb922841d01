//! Precompiled databases are plain values: compile, serialise, deserialise
//! gives back the same model and compilation, on katachi's own databases
//! and on GNU Go's corpus; and what the build embedded is exactly the
//! compilation of the embedded text.

mod common;

use katachi_patterns::compile::CompiledDb;
use katachi_patterns::database::{
    embedded, embedded_bytes, embedded_compiled, embedded_names, embedded_precompiled,
    embedded_text, Precompiled,
};

/// Serialise and read back, checking equality including the spans of
/// constraints and actions (which `PartialEq` ignores, `Debug` shows).
fn round_trip(pre: &Precompiled, what: &str) -> usize {
    let bytes = pre.to_bytes();
    let back = Precompiled::from_bytes(&bytes)
        .unwrap_or_else(|e| panic!("{what}: serialised value does not decode: {e}"));
    assert_eq!(&back, pre, "{what}: round trip changed the value");
    assert_eq!(
        format!("{back:?}"),
        format!("{pre:?}"),
        "{what}: round trip changed a span"
    );
    assert_eq!(
        back.compiled,
        CompiledDb::compile(&back.db),
        "{what}: the decoded model compiles differently"
    );
    bytes.len()
}

#[test]
fn embedded_databases_are_their_text_precompiled() {
    let names: Vec<&str> = embedded_names().collect();
    for expected in ["attack", "defense", "shapes"] {
        assert!(
            names.contains(&expected),
            "{expected} not embedded: {names:?}"
        );
    }
    for name in names {
        let shown = format!("patterns/{name}.db");
        let (fresh, diags) = Precompiled::from_text(embedded_text(name).unwrap(), &shown);
        let fresh = fresh.unwrap_or_else(|| panic!("{shown}: errors {diags:?}"));
        let pre = embedded_precompiled(name).expect("listed names are embedded");
        assert_eq!(pre, &fresh, "{shown}: embedded value differs from its text");
        assert_eq!(format!("{pre:?}"), format!("{fresh:?}"));
        assert_eq!(embedded_compiled(name), Some(&fresh.compiled));
        assert_eq!(embedded(name).as_ref(), Some(&fresh.db));
        assert_eq!(embedded_bytes(name), Some(fresh.to_bytes().as_slice()));
        // Decoded once, then shared.
        assert!(std::ptr::eq(pre, embedded_precompiled(name).unwrap()));
        round_trip(pre, &shown);
    }
    assert!(embedded_precompiled("no such database").is_none());
}

#[test]
fn corpus_databases_round_trip() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let mut total = 0;
    for path in &files {
        let what = path.display().to_string();
        let (pre, diags) = Precompiled::from_text(&common::read(path), &what);
        let errors = diags.iter().filter(|d| d.is_error()).count();
        let pre = pre.unwrap_or_else(|| panic!("{what}: {errors} errors"));
        assert!(
            !pre.compiled.variants.is_empty(),
            "{what}: nothing compiled"
        );
        total += round_trip(&pre, &what);
    }
    eprintln!(
        "{} corpus databases, {total} bytes precompiled",
        files.len()
    );
}

#[test]
fn truncated_bytes_are_an_error() {
    let bytes = embedded_bytes("attack").expect("attack is embedded");
    for len in [0, 1, bytes.len() / 2, bytes.len() - 1] {
        assert!(
            Precompiled::from_bytes(&bytes[..len]).is_err(),
            "{len} bytes"
        );
    }
}
