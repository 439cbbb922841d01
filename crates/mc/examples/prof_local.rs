//! A fixed number of local (MoGo-style) playouts from the empty board,
//! for profiling and instruction counts that do not depend on the
//! machine's load: `cargo build --release -p katachi-mc --example
//! prof_local`, then `valgrind --tool=callgrind
//! --callgrind-out-file=/dev/null
//! '--toggle-collect=katachi_mc::local::LocalBoard::playout'
//! target/release/examples/prof_local 9 2000` counts the instructions
//! inside `LocalBoard::playout` only. Arguments: SIZE (default 9),
//! PLAYOUTS (default 2000), the self-atari limit (default 3, the
//! search's). Prints the rate (wall clock), moves per playout, the share
//! of playouts stopped by the move cap, Black's share at komi 7.5 and
//! how many moves each rule gave.

use katachi_board::playout::Rng;
use katachi_board::{Board, Color, Move};
use katachi_mc::local::Rule;
use katachi_mc::{LocalBoard, Policy};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |i: usize, default: usize| -> Option<usize> {
        args.get(i).map_or(Some(default), |s| s.parse().ok())
    };
    let (Some(size), Some(playouts), Some(limit)) = (parse(0, 9), parse(1, 2000), parse(2, 3))
    else {
        eprintln!("usage: prof_local [SIZE] [PLAYOUTS] [SELF_ATARI_LIMIT]");
        return ExitCode::FAILURE;
    };
    let board = match Board::new(size) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let policy = Policy::katachi();
    let mut work = LocalBoard::new(policy.table(), board.clone(), None);
    work.set_self_atari_limit(limit);
    let mut rng = Rng::new(1);
    let t0 = Instant::now();
    let (mut moves, mut black_wins, mut capped) = (0u64, 0u64, 0u64);
    for _ in 0..playouts {
        work.reset_from(&board, None);
        let r = work.playout(Color::Black, &mut rng, 3 * size * size);
        moves += r.moves as u64;
        capped += r.capped as u64;
        black_wins += (r.score > 7.5) as u64;
    }
    let s = t0.elapsed().as_secs_f64();
    let n = playouts.max(1) as f64;
    println!(
        "{size}x{size}: {playouts} playouts, {:.0} playouts/s (wall), {:.1} moves/playout, {:.1}% capped, Black wins {:.1}%",
        n / s,
        moves as f64 / n,
        100.0 * capped as f64 / n,
        100.0 * black_wins as f64 / n
    );
    // The rules' shares, from 100 more playouts move by move.
    let mut counts = [0u64; 5];
    for _ in 0..100 {
        work.reset_from(&board, None);
        let (mut c, mut passes, mut k) = (Color::Black, 0, 0);
        while passes < 2 && k < 3 * size * size {
            match work.choose_move_rule(c, &mut rng) {
                Some((p, rule)) => {
                    counts[rule as usize] += 1;
                    work.play_legal(c, Move::Play(p));
                    passes = 0;
                }
                None => {
                    counts[4] += 1;
                    work.play_legal(c, Move::Pass);
                    passes += 1;
                }
            }
            k += 1;
            c = c.opponent();
        }
    }
    let total = counts.iter().sum::<u64>().max(1) as f64;
    let names = [Rule::Save, Rule::Pattern, Rule::Capture, Rule::Random];
    let mut line = String::new();
    for (k, rule) in names.iter().enumerate() {
        line += &format!("{rule:?} {:.1}%, ", 100.0 * counts[k] as f64 / total);
    }
    println!(
        "moves by rule: {line}pass {:.1}%",
        100.0 * counts[4] as f64 / total
    );
    ExitCode::SUCCESS
}
