//! The expression language end to end: parse a pattern's constraint and
//! action, bind labels to points, evaluate against a scripted engine.

use katachi_patterns::expr::registry::{lookup, FUNCTIONS};
use katachi_patterns::expr::{eval, Arg, Autohelper, Bindings, EvalError, FunctionId, Value};
use katachi_patterns::syntax::parse_db;

/// A fake engine: liberties per point, records every call.
struct Script {
    libs: Vec<(u16, i64)>,
    calls: Vec<String>,
}

impl Autohelper for Script {
    type Point = u16;

    fn call(&mut self, f: FunctionId, args: &[Arg<u16>]) -> Result<Value, EvalError> {
        let shown: Vec<String> = args
            .iter()
            .map(|a| match a {
                Arg::Point(p) => p.to_string(),
                Arg::Tenuki => "pass".to_string(),
            })
            .collect();
        self.calls
            .push(format!("{}({})", f.name(), shown.join(",")));
        match f.name() {
            "lib" => {
                let Some(Arg::Point(p)) = args.first() else {
                    return Err(EvalError::Engine("lib needs a point".into()));
                };
                let n = self.libs.iter().find(|(q, _)| q == p).map_or(0, |x| x.1);
                Ok(Value::Int(n))
            }
            "attack" => Ok(Value::Int(5)),
            "safe_omove" => Ok(Value::Bool(true)),
            "antisuji" | "replace" => Ok(Value::Unit),
            _ => Err(EvalError::Unsupported(f.spec().name)),
        }
    }
}

fn pattern(text: &str) -> katachi_patterns::model::Pattern {
    let (db, diags) = parse_db(text, "test.db");
    assert!(diags.iter().all(|d| !d.is_error()), "{}", diags[0]);
    db.patterns.into_iter().next().expect("one pattern")
}

const TEXT: &str = "Pattern T1

XO.
.*.

:8,-

Ab.
.*.

;lib(A) == 1 || lib(b) > 2 && attack(A) == WIN

>if (lib(b) > 1) antisuji(b); else replace(b,*);
>return lib(A) + 1
";

#[test]
fn constraint_short_circuits_and_binds_labels() {
    let p = pattern(TEXT);
    let a = p.label('A').expect("label A");
    assert_eq!(a.cells, vec![(0, 0)]);
    assert_eq!(p.label('b').expect("label b").cells, vec![(0, 1)]);
    let constraint = p.constraint.as_ref().expect("constraint");
    let bindings = Bindings::new(Some(50))
        .with_label('A', 10)
        .with_label('b', 11);

    let mut e = Script {
        libs: vec![(10, 1)],
        calls: Vec::new(),
    };
    assert_eq!(
        eval(constraint, &bindings, &mut e).unwrap().truthy(),
        Ok(true)
    );
    assert_eq!(
        e.calls,
        vec!["lib(10)"],
        "|| must not evaluate its right side"
    );

    let mut e = Script {
        libs: vec![(10, 2), (11, 3)],
        calls: Vec::new(),
    };
    assert_eq!(
        eval(constraint, &bindings, &mut e).unwrap().truthy(),
        Ok(true)
    );
    assert_eq!(e.calls, vec!["lib(10)", "lib(11)", "attack(10)"]);

    let mut e = Script {
        libs: vec![(10, 2), (11, 2)],
        calls: Vec::new(),
    };
    assert_eq!(
        eval(constraint, &bindings, &mut e).unwrap().truthy(),
        Ok(false)
    );
    assert_eq!(e.calls, vec!["lib(10)", "lib(11)"], "&& stops at false");
}

#[test]
fn action_runs_statements_and_returns() {
    let p = pattern(TEXT);
    let action = p.action.as_ref().expect("action");
    let bindings = Bindings::new(Some(50))
        .with_label('A', 10)
        .with_label('b', 11);
    let mut e = Script {
        libs: vec![(10, 4), (11, 1)],
        calls: Vec::new(),
    };
    assert_eq!(eval(action, &bindings, &mut e), Ok(Value::Int(5)));
    assert_eq!(e.calls, vec!["lib(11)", "replace(11,50)", "lib(10)"]);
}

#[test]
fn unbound_label_is_an_error_not_a_panic() {
    let p = pattern(TEXT);
    let mut e = Script {
        libs: vec![],
        calls: Vec::new(),
    };
    let r = eval(
        p.constraint.as_ref().unwrap(),
        &Bindings::new(Some(1)),
        &mut e,
    );
    assert_eq!(r, Err(EvalError::Unbound('A')));
}

#[test]
fn arithmetic_and_conditional_follow_c() {
    let text = "Pattern T2\n\nXO.\n.*.\n\n:8,-\n\nA..\n.*.\n\n;(lib(A) * 3 - 1) / 2 == 4 ? lib(A) >= 3 : -lib(A) < 0 && !0\n";
    let p = pattern(text);
    let b = Bindings::new(Some(0)).with_label('A', 7);
    let mut e = Script {
        libs: vec![(7, 3)],
        calls: Vec::new(),
    };
    // (3*3-1)/2 == 4 -> lib(A) >= 3 -> true
    assert_eq!(
        eval(p.constraint.as_ref().unwrap(), &b, &mut e),
        Ok(Value::Int(1))
    );
    let mut e = Script {
        libs: vec![(7, 2)],
        calls: Vec::new(),
    };
    // (2*3-1)/2 == 2 (integer division) -> -2 < 0 && !0 -> true
    assert_eq!(
        eval(p.constraint.as_ref().unwrap(), &b, &mut e),
        Ok(Value::Int(1))
    );
}

#[test]
fn play_sequences_pass_tenuki() {
    let text = "Pattern T3\n\nXO.\n.*.\n\n:8,-\n\nAb.\n.*.\n\n;oplay_attack(*,?,b,A)\n";
    let p = pattern(text);
    let b = Bindings::new(Some(3)).with_label('A', 1).with_label('b', 2);
    let mut e = Script {
        libs: vec![],
        calls: Vec::new(),
    };
    let r = eval(p.constraint.as_ref().unwrap(), &b, &mut e);
    assert_eq!(r, Err(EvalError::Unsupported("oplay_attack")));
    assert_eq!(e.calls, vec!["oplay_attack(3,pass,2,1)"]);
}

#[test]
fn registry_is_sorted_unique_and_resolves_every_entry() {
    for w in FUNCTIONS.windows(2) {
        assert!(
            w[0].name < w[1].name,
            "{} / {} out of order",
            w[0].name,
            w[1].name
        );
    }
    for (i, f) in FUNCTIONS.iter().enumerate() {
        assert_eq!(lookup(f.name), Some(FunctionId(i as u16)));
        assert!(!f.doc.is_empty());
    }
    assert_eq!(lookup("no_such_function"), None);
}
