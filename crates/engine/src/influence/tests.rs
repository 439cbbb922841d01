use super::*;
use katachi_tactics::reading::ReadConfig;

fn compute(b: &Board, to_move: Color, dbs: InfluenceDbs<'_>) -> Influence {
    let mut r = Reader::new(b.clone(), ReadConfig::default());
    let worms = Worms::compute(b, &mut r);
    let dragons = Dragons::compute(b, &worms, None);
    let inputs = Inputs {
        dead: None,
        strength: None,
        memo: None,
        worms: &worms,
        dragons: &dragons,
        context: Context::default(),
        dbs,
    };
    Influence::compute(&mut r, to_move, inputs)
}

#[test]
fn a_lone_stone_radiates_as_gnugo_measures() {
    // GNU Go 3.8, 19x19, white K10, `initial_influence black
    // white_influence`: 98.05 at the stone (its strength), then 40.85,
    // 24.03, 17.02, 10.01 at (0,1), (1,1), (0,2), (1,2). With strength 100
    // the same field scaled: 100/2.4, 100/(2.4*1.7), ...
    let mut b = Board::new(19).expect("board");
    let k10 = b.parse_vertex("K10").expect("vertex");
    b.set_stone(k10, Some(Color::White));
    let inf = compute(&b, Color::Black, InfluenceDbs::default());
    let at = |v: &str| inf.influence(&b, Color::White, b.parse_vertex(v).expect("vertex"));
    let scale = 100.0 / 98.05;
    for (v, gnugo) in [
        ("K10", 98.05),
        ("K11", 40.85),
        ("L11", 24.03),
        ("K12", 17.02),
        ("L12", 10.01),
    ] {
        let want = gnugo * scale;
        assert!(
            (at(v) - want).abs() < 0.05 * want,
            "{v}: {} vs {want}",
            at(v)
        );
    }
    // GNU Go shows 0.00 at A1 and B1 and 0.02 at C1: a contribution under
    // CONTRIBUTION_CUTOFF is dropped.
    assert_eq!(at("A1"), 0.0, "the cutoff stops the far corner");
    assert_eq!(at("B1"), 0.0);
    assert!(at("C1") > 0.0 && at("C1") < 0.05, "C1: {}", at("C1"));
    assert_eq!(inf.region(&b, k10), 4);
    assert_eq!(inf.region(&b, b.parse_vertex("K11").expect("v")), 2);
    assert_eq!(inf.region(&b, b.parse_vertex("A1").expect("v")), 0);
}

#[test]
fn a_barrier_stops_the_influence_it_names() {
    // Black's diagonal pair C5-D4 with White to move: KA1 (White cannot
    // cut a diagonal link) closes both points between them, C4 and D5,
    // to White's influence; Black's own influence passes.
    let b = Board::from_ascii(
        ".......
         .......
         ..X....
         ...X...
         .......
         .......
         .......",
    )
    .expect("board");
    let k = crate::knowledge::Knowledge::embedded();
    let dbs = InfluenceDbs {
        barriers: k.db("barriers"),
        influence: None,
    };
    let inf = compute(&b, Color::White, dbs);
    let c4 = b.parse_vertex("C4").expect("v");
    let d5 = b.parse_vertex("D5").expect("v");
    let k = inf.index(&b, d5);
    assert_eq!(inf.permeability[Color::White.index()][k], 0.0);
    let k = inf.index(&b, c4);
    assert_eq!(inf.permeability[Color::White.index()][k], 0.0);
    assert_eq!(inf.permeability[Color::Black.index()][k], 1.0);
    assert!(inf.counts().applied > 0);
}

#[test]
fn gnugo_layouts() {
    let mut b = Board::new(3).expect("board");
    b.set_stone(b.parse_vertex("B2").expect("v"), Some(Color::Black));
    let inf = compute(&b, Color::White, InfluenceDbs::default());
    let s = inf.format_gnugo(Key::Strength(Color::Black));
    assert_eq!(
        s,
        "  0.00   0.00   0.00 \n  0.00 100.00   0.00 \n  0.00   0.00   0.00 "
    );
    let r = inf.format_gnugo(Key::Regions);
    assert_eq!(r.lines().nth(1).map(|l| &l[3..6]), Some("-4 "), "{r}");
    for name in Key::NAMES {
        assert!(Key::parse(name).is_some(), "{name}");
    }
    assert_eq!(Key::parse("grey_influence"), None);
}
