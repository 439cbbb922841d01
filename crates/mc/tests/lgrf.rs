//! Last good reply with forgetting (`katachi_mc::lgrf`): the tables store
//! a winner's replies and forget a loser's, a reply the playouts play is
//! never illegal and never fills an own proper eye even when the tables
//! hold garbage, and a search with the tables on repeats itself for a
//! seed, plays replies, and differs from the search without them.

mod common;

use common::proper_eye;
use katachi_board::playout::Rng;
use katachi_board::{Board, Color, Move, Point};
use katachi_mc::context::check_legal;
use katachi_mc::{search, McBoard, Policy, ReplyTable, SearchConfig};

#[test]
fn the_tables_store_the_winners_replies_and_forget_the_losers() {
    let b = Board::new(9).unwrap();
    let t = ReplyTable::new(&b);
    let pt = |v: &str| b.parse_vertex(v).unwrap();
    let code = |v: &str| t.code(Move::Play(pt(v)));
    let pass = t.pass_code();
    // Before the root: pass, C3. Then Black D4, White pass, Black E5,
    // White F6.
    let seq = [pass, code("C3"), code("D4"), pass, code("E5"), code("F6")];
    t.learn(&seq, Color::Black, Some(Color::Black));
    // Black's moves are replies now: D4 to (pass, C3), E5 to (D4, pass).
    assert_eq!(
        t.replies(Color::Black, pass, code("C3")),
        [Some(pt("D4")); 2]
    );
    assert_eq!(
        t.replies(Color::Black, code("D4"), pass),
        [Some(pt("E5")); 2]
    );
    // White's F6 (the loser's) is not stored, nor is a pass.
    assert_eq!(t.replies(Color::White, pass, code("E5")), [None, None]);
    assert_eq!(
        t.replies(Color::White, code("C3"), code("D4")),
        [None, None]
    );
    // LGR-1 reads the previous move alone: after another move before C3
    // only the one-move reply is there.
    assert_eq!(
        t.replies(Color::Black, code("A1"), code("C3")),
        [None, Some(pt("D4"))]
    );
    // Black loses the same sequence: its replies are forgotten.
    t.learn(&seq, Color::Black, Some(Color::White));
    assert_eq!(t.replies(Color::Black, pass, code("C3")), [None, None]);
    assert_eq!(t.replies(Color::Black, code("D4"), pass), [None, None]);
    // White's F6 won this time.
    assert_eq!(
        t.replies(Color::White, pass, code("E5")),
        [Some(pt("F6")); 2]
    );
    // A loser's move forgets only a reply that is that move.
    let other = [pass, code("C3"), code("G7")];
    t.learn(&seq[..3], Color::Black, Some(Color::Black));
    t.learn(&other, Color::Black, Some(Color::White));
    assert_eq!(
        t.replies(Color::Black, pass, code("C3")),
        [Some(pt("D4")); 2]
    );
    // A draw teaches nothing.
    t.learn(&seq[..3], Color::Black, None);
    t.learn(&other, Color::Black, None);
    assert_eq!(
        t.replies(Color::Black, pass, code("C3")),
        [Some(pt("D4")); 2]
    );
    // `reply` prefers LGR-2 and skips what the filter refuses.
    t.store(Color::White, code("A1"), code("B2"), pt("J9"));
    t.store(Color::White, code("A2"), code("B2"), pt("H8"));
    assert_eq!(
        t.reply(Color::White, code("A2"), code("B2"), |_| true),
        Some((pt("H8"), true))
    );
    assert_eq!(
        t.reply(Color::White, code("A1"), code("B2"), |_| true),
        Some((pt("J9"), true))
    );
    assert_eq!(
        t.reply(Color::White, code("A1"), code("B2"), |p| p != pt("J9")),
        Some((pt("H8"), false))
    );
    assert_eq!(
        t.reply(Color::White, code("A1"), code("B2"), |_| false),
        None
    );
}

#[test]
fn replies_from_garbage_tables_are_legal_and_never_fill_an_own_eye() {
    let policy = Policy::katachi();
    let mut rng = Rng::new(19);
    let mut replies = 0;
    for size in [7, 9] {
        let empty = Board::new(size).unwrap();
        let t = ReplyTable::new(&empty);
        let n = empty.cells().len() as u64;
        // Every entry a random index: stones, edges, eyes, ko points.
        let codes = n + 1;
        for c in [Color::Black, Color::White] {
            for prev2 in 0..codes {
                for prev in 0..codes {
                    let p = Point(1 + rng.below(n as usize - 1) as u16);
                    t.store(c, prev2 as u16, prev as u16, p);
                }
            }
        }
        for _ in 0..30 {
            let mut mc = McBoard::new(policy.table(), empty.clone(), None);
            mc.set_self_atari_limit(3);
            let mut seq = vec![t.pass_code(); 2];
            let mut c = Color::Black;
            let mut passes = 0;
            let mut moves = 0;
            while passes < 2 && moves < 3 * size * size {
                let (prev2, prev) = (seq[seq.len() - 2], seq[seq.len() - 1]);
                let (p, reply) = mc.choose_move_or(c, &mut rng, |mc| {
                    t.reply(c, prev2, prev, |p| mc.weight(c, p) > 0)
                        .map(|(p, _)| p)
                });
                let m = p.map_or(Move::Pass, Move::Play);
                if let (Some(p), true) = (p, reply) {
                    replies += 1;
                    let b = mc.board();
                    assert!(
                        check_legal(b, c, m).is_ok(),
                        "{c:?} reply {} illegal in\n{}",
                        b.vertex(p),
                        b.to_ascii()
                    );
                    assert!(
                        !proper_eye(b, p, c),
                        "{c:?} reply {} fills its eye in\n{}",
                        b.vertex(p),
                        b.to_ascii()
                    );
                }
                mc.play(c, m).expect("a playout move is legal");
                passes = if m == Move::Pass { passes + 1 } else { 0 };
                seq.push(t.code(m));
                c = c.opponent();
                moves += 1;
            }
        }
    }
    assert!(replies > 1000, "only {replies} replies played");
}

fn config(playouts: u64, seed: u64, lgrf: bool) -> SearchConfig {
    let mut cfg = SearchConfig {
        playouts: Some(playouts),
        seed,
        threads: 1,
        ..SearchConfig::default()
    };
    cfg.set_param("lgrf", if lgrf { 1.0 } else { 0.0 }).unwrap();
    cfg
}

#[test]
fn a_search_with_replies_repeats_itself_for_a_seed() {
    let policy = Policy::katachi();
    let mut b = Board::new(9).unwrap();
    for v in ["E5", "C3", "G3", "C6"] {
        let c = if b.history().len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        b.play(c, Move::Play(b.parse_vertex(v).unwrap())).unwrap();
    }
    let a = search(&b, Color::Black, &policy, &config(600, 5, true));
    let again = search(&b, Color::Black, &policy, &config(600, 5, true));
    assert_eq!(a.moves, again.moves);
    assert_eq!(a.replies, again.replies);
    assert!(
        a.replies[0] > 0 && a.replies[1] > 0,
        "replies {:?} of {} playout moves",
        a.replies,
        a.playout_moves
    );
    assert!(a.replies[0] + a.replies[1] < a.playout_moves);
    let off = search(&b, Color::Black, &policy, &config(600, 5, false));
    assert_eq!(off.replies, [0, 0]);
    assert_ne!(a.moves, off.moves, "the replies change the playouts");
}
