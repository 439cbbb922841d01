//! The UCT search: it finds the one move that decides a small position
//! (capturing, or saving, a large string in atari), never plays an illegal
//! move or fills its own proper eye over whole games, repeats itself for a
//! seed and a playout count, and runs as two searches on two threads.

use katachi_board::{Board, Cell, Color, Move, Point};
use katachi_mc::{decide, search, Decision, Policy, SearchConfig};

/// A board from rows (top first): `X` Black, `O` White, `.` empty.
fn position(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len()).unwrap();
    let mut edits = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.split_whitespace().enumerate() {
            let p = b.point(r, c).unwrap();
            edits.push((
                p,
                match ch {
                    "X" => Some(Color::Black),
                    "O" => Some(Color::White),
                    _ => None,
                },
            ));
        }
    }
    b.set_stones(edits);
    b
}

/// Four black stones in atari at F5 in the middle of a 7x7 board, cutting
/// White's stones apart: whoever plays F5 first wins the game (White by
/// capturing them, Black by saving them and keeping White's two strings
/// weak against the black wall).
const ATARI: [&str; 7] = [
    ". . . . . . .",
    ". O O O O . .",
    "O X X X X . .",
    ". O O O O . .",
    ". . . . . . .",
    "X X X X X X X",
    ". . . . . . .",
];

fn config(playouts: u64, seed: u64) -> SearchConfig {
    SearchConfig {
        playouts: Some(playouts),
        seed,
        komi: 0.5,
        ..SearchConfig::default()
    }
}

#[test]
fn white_captures_the_string_in_atari() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let r = search(&b, Color::White, &policy, &config(3000, 1));
    eprintln!("{}", r.table(&b, 5));
    let best = r.best().unwrap();
    assert_eq!(b.move_text(best.mv), "F5", "{}", r.table(&b, 5));
    assert!(best.win_rate() > 0.5, "{}", r.table(&b, 5));
}

#[test]
fn black_saves_the_string_in_atari() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let r = search(&b, Color::Black, &policy, &config(3000, 2));
    eprintln!("{}", r.table(&b, 5));
    let best = r.best().unwrap();
    assert_eq!(b.move_text(best.mv), "F5", "{}", r.table(&b, 5));
}

/// Whether empty `p` is a proper eye of `c`: its four neighbours are `c`'s
/// stones or the edge, and the opponent holds at most one diagonal (none
/// on the edge).
fn proper_eye(b: &Board, p: Point, c: Color) -> bool {
    if !b.neighbors(p).iter().all(|&n| {
        let x = b.cell(n);
        x == c.cell() || x == Cell::Edge
    }) {
        return false;
    }
    let diag = b.diagonals(p);
    let edge = diag.iter().any(|&d| b.cell(d) == Cell::Edge);
    let enemy = diag
        .iter()
        .filter(|&&d| b.cell(d) == c.opponent().cell())
        .count();
    enemy < if edge { 1 } else { 2 }
}

#[test]
fn whole_games_are_legal_and_never_fill_an_own_eye() {
    let policy = Policy::katachi();
    for seed in 0..2 {
        let mut b = Board::new(7).unwrap();
        let mut c = Color::Black;
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < 120 {
            let cfg = config(300, seed * 1000 + moves);
            let r = search(&b, c, &policy, &cfg);
            let m = match decide(&b, &r, cfg.komi, false, &cfg) {
                Decision::Play(m) => m,
                Decision::Resign => break,
            };
            if let Move::Play(p) = m {
                assert!(
                    !proper_eye(&b, p, c),
                    "{c:?} fills its eye {} in\n{}",
                    b.vertex(p),
                    b.to_ascii()
                );
                passes = 0;
            } else {
                passes += 1;
            }
            b.play(c, m).expect("the search plays legal moves");
            c = c.opponent();
            moves += 1;
        }
        assert!(moves > 10, "a game of {moves} moves");
    }
}

#[test]
fn a_seed_and_a_playout_count_repeat_the_search() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let a = search(&b, Color::Black, &policy, &config(500, 7));
    let again = search(&b, Color::Black, &policy, &config(500, 7));
    assert_eq!(a.moves, again.moves);
    assert_eq!(a.ownership, again.ownership);
    assert_eq!(a.playouts, 500);
    let other = search(&b, Color::Black, &policy, &config(500, 8));
    assert_ne!(a.moves, other.moves, "another seed, other playouts");
}

#[test]
fn two_searches_on_two_threads_and_root_parallel_threads() {
    let b = position(&ATARI);
    let policy = Policy::katachi();
    let alone = search(&b, Color::White, &policy, &config(400, 3));
    let (x, y) = std::thread::scope(|s| {
        let h1 = s.spawn(|| search(&b, Color::White, &policy, &config(400, 3)));
        let h2 = s.spawn(|| search(&b, Color::White, &policy, &config(400, 3)));
        (h1.join().unwrap(), h2.join().unwrap())
    });
    assert_eq!(x.moves, alone.moves);
    assert_eq!(y.moves, alone.moves);
    let two = SearchConfig {
        threads: 2,
        ..config(400, 3)
    };
    let p = search(&b, Color::White, &policy, &two);
    let q = search(&b, Color::White, &policy, &two);
    assert_eq!(p.playouts, 400);
    assert_eq!(p.moves, q.moves, "root parallel, deterministic per thread");
}

#[test]
fn after_the_opponents_pass_it_passes_only_when_passing_wins() {
    let policy = Policy::katachi();
    // Black's wall on the C column: 15 points against 10, all settled.
    let mut b = position(&[
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
        ". . X O .",
    ]);
    b.play(Color::White, Move::Pass).unwrap();
    let cfg = config(500, 4);
    let r = search(&b, Color::Black, &policy, &cfg);
    assert_eq!(
        decide(&b, &r, cfg.komi, false, &cfg),
        Decision::Play(Move::Pass),
        "4.5 points ahead: {}",
        r.table(&b, 3)
    );
    // With komi 7.5 the same count loses: no pass, and no move gains
    // anything, so Black resigns.
    let cfg = SearchConfig {
        komi: 7.5,
        ..config(3000, 4)
    };
    let r = search(&b, Color::Black, &policy, &cfg);
    assert_eq!(decide(&b, &r, cfg.komi, false, &cfg), Decision::Resign);
    // One black and one white stone on an empty board: the count with
    // every stone alive is 1 to 1, so Black plays on after White's pass
    // (and the playouts say it wins the board).
    let mut b = position(&[
        ". . . . .",
        ". . . . .",
        ". . X . .",
        ". . . . .",
        "O . . . .",
    ]);
    b.play(Color::White, Move::Pass).unwrap();
    let r = search(&b, Color::Black, &policy, &config(2000, 5));
    match decide(&b, &r, 0.5, false, &config(2000, 5)) {
        Decision::Play(Move::Play(_)) => {}
        d => panic!("{d:?}: {}", r.table(&b, 3)),
    }
}
