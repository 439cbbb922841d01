//! Unit tests of the eyes stage on small hand-made positions.

use super::*;
use katachi_tactics::reading::ReadConfig;

fn eyes_of(rows: &str) -> (Board, Eyes) {
    let b = Board::from_ascii(rows).expect("board");
    let mut r = Reader::new(b.clone(), ReadConfig::default());
    let w = Worms::compute(&b, &mut r);
    let e = Eyes::compute(&b, &w, &mut r);
    (b, e)
}

/// A 9x9 position with eyes of both colours: black's top-left group with
/// three one-point eyes, a black stone dead inside white's lower-left eye
/// space, white's open right side, black's lower-right group.
const GOLDEN: &str = ".X.XO.OX.
XXXXOOOX.
..X.XOXX.
XXXXXO.OX
OOOOOXOOX
.O.OX.XO.
.XOOX.XOO
.OO.OX.XX
O.OOO.XX.";

/// The golden maps: katachi's eye spaces of both colours on [`GOLDEN`].
/// GNU Go 3.8's `eye_data` and `half_eye_data` on the same position (set
/// up with `play`, black to move) agree on every point and every half-eye
/// value except one: GNU Go also counts J4 as a marginal point of black
/// (katachi leaves it to white alone). Its topological values there: false
/// eyes J7 and F4 (4.00), half eye G2 (3.00, attack and defence F1), a
/// ko-contingent diagonal at D2 (1.25).
#[test]
fn golden_eye_maps() {
    let (b, e) = eyes_of(GOLDEN);
    assert_eq!(
        eye_map(&b, &e, Color::Black),
        "   A B C D E F G H J
 9 x X x X O . O X x
 8 X X X X O O O X x
 7 x x X x X O X X f
 6 X X X X X O ! O X
 5 O O O O O X O O X
 4 . O . O X f X O .
 3 . X O O X x X O O
 2 . O O . O X h X X
 1 O . O O O ! X X x
"
    );
    assert_eq!(
        eye_map(&b, &e, Color::White),
        "   A B C D E F G H J
 9 . X . X O o O X .
 8 X X X X O O O X .
 7 . . X . X O X X .
 6 X X X X X O ! O X
 5 O O O O O X O O X
 4 o O o O X . X O !
 3 o * O O X . X O O
 2 o O O o O X . X X
 1 O o O O O ! X X .
"
    );
    let value = |v: &str| {
        let p = b.parse_vertex(v).expect("vertex");
        e.half_eye(p).map(|h| format!("{:.2}", h.value))
    };
    for (v, expected) in [
        ("J7", "4.00"),
        ("F4", "4.00"),
        ("G2", "3.00"),
        ("D2", "1.25"),
        ("B7", "0.00"),
    ] {
        assert_eq!(value(v).as_deref(), Some(expected), "{v}");
    }
    let g2 = e
        .half_eye(b.parse_vertex("G2").expect("G2"))
        .expect("examined");
    assert_eq!(g2.kind, EyeKind::Half);
    assert_eq!(g2.attack_points, vec![b.parse_vertex("F1").expect("F1")]);
    assert_eq!(
        e.format_half_eye_data(&b, b.parse_vertex("G2").expect("G2")),
        "value                3.00\ntype                 HALF_EYE\nnum_attacks          1\n\
         attack_point[0]      F1\nnum_defenses         1\ndefense_point[0]     F1"
    );
}

#[test]
fn eye_data_rows_of_a_corner_eye() {
    let (b, e) = eyes_of(GOLDEN);
    let a9 = b.parse_vertex("A9").expect("A9");
    assert_eq!(
        e.format_eye_data(&b, Color::Black, a9, None),
        "origin               A9\ncolor                black\nesize                1\n\
         msize                0\nvalue                ????\nmarginal             0\n\
         neighbors            0\nmarginal_neighbors   0"
    );
    // The hook's value is printed when it has one.
    let hook: Box<EyeValueFn> = Box::new(|_, _, s| {
        Some(EyeValue {
            a: 0,
            b: u8::from(s.esize() > 0),
            c: 1,
            d: 1,
        })
    });
    assert!(e
        .format_eye_data(&b, Color::Black, a9, Some(hook.as_ref()))
        .contains("value                0111"));
    let outside = e.format_eye_data(&b, Color::White, a9, None);
    assert!(outside.starts_with("origin               PASS\ncolor                empty\n"));
    assert!(outside.contains("value                0000"));
}

/// eyes.texi, "False Margins": white's eye space on the edge holds the
/// dead black stone but not the point beside it where a black move would
/// have one liberty (GNU Go 3.8 agrees: C1 is not in white's eye space).
#[test]
fn a_false_margin_leaves_the_eye_space() {
    let (b, e) = eyes_of(
        ".........\n.........\n.........\n.........\n.........\n.........\n\
         .........\nOOOOXX...\nOX.X.....",
    );
    let white = e.of(Color::White);
    let c1 = b.parse_vertex("C1").expect("C1");
    let b1 = b.parse_vertex("B1").expect("B1");
    assert!(white.point(c1).is_none(), "C1 is a false margin");
    assert_eq!(white.false_margins(), &[c1]);
    let dead = white.point(b1).expect("the dead stone is an eye point");
    assert!(!dead.marginal);
}

#[test]
fn obvious_false_eye_counts_only_safe_opponent_strings() {
    // White's eye at B1: the edge gives 2, the uncapturable black C2 wall
    // 2 more: false. At F1, only the edge: not obviously false.
    let (b, _) = eyes_of(
        ".........\n.........\n.........\n.........\n.........\nXXX......\n\
         OOXX.....\nOXXO.OO..\nO.OOO.O..",
    );
    let mut r = Reader::new(b.clone(), ReadConfig::default());
    let w = Worms::compute(&b, &mut r);
    assert!(obvious_false_eye(
        &b,
        &w,
        b.parse_vertex("B1").expect("B1"),
        Color::White
    ));
    assert!(!obvious_false_eye(
        &b,
        &w,
        b.parse_vertex("F1").expect("F1"),
        Color::White
    ));
}

/// `Eyes::compute_for` gives an examined space exactly what
/// `Eyes::compute` gives it (points, marginal marks, half eyes), and
/// reads no topology elsewhere: on GOLDEN, examining only black's
/// spaces that touch the top-left group.
#[test]
fn compute_for_matches_compute_on_the_examined_spaces() {
    let (b, full) = eyes_of(GOLDEN);
    let mut r = Reader::new(b.clone(), ReadConfig::default());
    let w = Worms::compute(&b, &mut r);
    let a9 = b.parse_vertex("A9").expect("A9");
    let examined = |c: Color, points: &[Point]| c == Color::Black && points.contains(&a9);
    let part = Eyes::compute_for(&b, &w, &mut r, examined);
    let mut seen = 0;
    for c in [Color::Black, Color::White] {
        let (f, p) = (full.of(c), part.of(c));
        let points = |e: &ColorEyes| {
            e.spaces
                .iter()
                .map(|s| s.points.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            points(f),
            points(p),
            "the spaces do not depend on the topology"
        );
        for (s, t) in f.spaces.iter().zip(&p.spaces) {
            if examined(c, &s.points) {
                assert_eq!(s, t);
            }
            for &q in &s.points {
                if examined(c, &s.points) {
                    seen += 1;
                    assert_eq!(f.point(q), p.point(q), "{}", b.vertex(q));
                    assert_eq!(f.half_eye(q), p.half_eye(q), "{}", b.vertex(q));
                } else {
                    assert_eq!(p.half_eye(q), None, "{}", b.vertex(q));
                }
            }
        }
    }
    assert!(seen > 0, "A9 is in a black eye space");
    // The full computation is the filter that holds everywhere.
    let all = Eyes::compute_for(&b, &w, &mut r, |_, _| true);
    for c in [Color::Black, Color::White] {
        for p in b.points() {
            assert_eq!(full.of(c).point(p), all.of(c).point(p));
            assert_eq!(full.of(c).half_eye(p), all.of(c).half_eye(p));
        }
    }
}

#[test]
fn a_string_with_attack_and_defence_is_lively_whoever_moves() {
    // The black stone E2 between two white stones can be attacked and
    // defended (both at E3). GNU Go 3.8 keeps E1 and E3 in Black's eye
    // space, and out of White's, with either colour to move (`eye_data`).
    let rows = ".........\n.......O.\n.X.......\n.........\n.........\n\
                .........\n.........\n...OXO...\n.........";
    for to_move in [Color::Black, Color::White] {
        let mut b = Board::from_ascii(rows).expect("board");
        b.set_to_move(to_move);
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let w = Worms::compute(&b, &mut r);
        let e2 = b.parse_vertex("E2").expect("E2");
        let worm = w.get(e2).expect("a worm");
        assert!(worm.attack.is_some() && worm.defense.is_some());
        let e = Eyes::compute_position(&b, &w, &mut r);
        assert!(e.is_lively(e2), "{to_move:?} to move");
        // The owl's view lets the player to move decide.
        let owl = Eyes::compute(&b, &w, &mut r);
        assert_eq!(owl.is_lively(e2), to_move == Color::Black);
        for v in ["E1", "E3"] {
            let p = b.parse_vertex(v).expect("vertex");
            assert!(e.of(Color::Black).point(p).is_some(), "{v} {to_move:?}");
            assert!(e.of(Color::White).point(p).is_none(), "{v} {to_move:?}");
        }
    }
}
