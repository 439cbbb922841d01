//! The incremental matcher equals a full rematch after every move and every
//! undo of random games (captures included), for both colours, on several
//! board sizes and databases (joseki corners included), and when an update
//! meets several moves and undos at once.

mod matcher_support;

use katachi_board::{Board, Color, Move};
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::matchers::incremental::IncrementalMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Match, Matcher, Position, Scratch};
use matcher_support::*;

/// A small fixed-seed generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

fn sorted(mut v: Vec<Match>) -> Vec<Match> {
    v.sort();
    v
}

fn check(db_name: &str, games: usize, steps: usize) {
    check_every(db_name, games, steps, 1);
}

/// As [`check`], but the trackers see the board only after every
/// `1..=most` steps (random), so that one update meets several moves: a
/// point can go from one colour to the other, and stones appear and vanish
/// at once.
fn check_every(db_name: &str, games: usize, steps: usize, most: usize) {
    let Some(shared) = shared_dir() else { return };
    let db = load_db(&shared, db_name);
    let compiled = CompiledDb::compile(&db);
    let full = StandardMatcher::new(&compiled);
    let inc = IncrementalMatcher::new(&compiled);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ db.patterns.len() as u64);
    let mut scratch = Scratch::default();
    let mut updates = 0;
    for game in 0..games {
        let size = [9, 13, 19][game % 3];
        let mut board = Board::new(size).expect("size");
        let mut trackers: Vec<_> = [Color::Black, Color::White]
            .into_iter()
            .map(|c| (c, inc.start(Position::of_board(&board), c)))
            .collect();
        for step in 0..steps {
            let undo = board.undo_depth() > 0 && rng.below(5) == 0;
            if undo {
                board.undo().expect("undo");
            } else {
                let color = board.to_move();
                let points: Vec<_> = board.points().collect();
                let start = rng.below(points.len());
                let legal = (0..points.len())
                    .map(|k| points[(start + k) % points.len()])
                    .find(|&p| board.play(color, Move::Play(p)).is_ok());
                if legal.is_none() {
                    board.play(color, Move::Pass).expect("pass");
                }
            }
            if most > 1 && rng.below(most) != 0 {
                continue;
            }
            let pos = Position::of_board(&board);
            for (color, tracker) in trackers.iter_mut() {
                inc.update(tracker, pos);
                updates += 1;
                let mut want = Vec::new();
                full.find_all(pos, *color, &mut scratch, &mut want);
                let got = sorted(tracker.matches().copied().collect());
                assert_eq!(
                    got,
                    sorted(want),
                    "{db_name}: game {game} step {step} ({}) {color:?}",
                    if undo { "undo" } else { "move" }
                );
            }
        }
    }
    println!("{db_name}: {updates} incremental updates equal full rematches");
}

#[test]
fn pat_incremental_equals_full() {
    check("pat", 6, 120);
}

#[test]
fn pat_incremental_equals_full_over_several_moves() {
    check_every("pat", 6, 200, 4);
}

#[test]
fn owl_defendpat_incremental_equals_full() {
    check("owl_defendpat", 6, 120);
}

#[test]
fn barrierspat_incremental_equals_full() {
    check("barrierspat", 3, 120);
}

#[test]
fn joseki_incremental_equals_full() {
    check("joseki", 6, 60);
}
