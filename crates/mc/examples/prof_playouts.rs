//! A fixed number of pattern playouts from the empty board, for profiling
//! and for instruction counts that do not depend on the machine's load:
//! `cargo build --release -p katachi-mc --example prof_playouts`, then
//! `valgrind --tool=callgrind --callgrind-out-file=/dev/null
//! '--toggle-collect=katachi_mc::playout::<impl katachi_mc::context::McBoard>::playout'
//! target/release/examples/prof_playouts 9 2000` counts the instructions
//! inside `McBoard::playout` only (the table compilation excluded).
//! Arguments: SIZE (default 9), PLAYOUTS (default 2000), then optionally
//! the self-atari limit (default 0, the search's default is 3) and the
//! heavy `race` rule's probability in percent (default 0), and the
//! learned gammas' temperature in percent for the playout weights
//! (`--mc-param gamma_playout`; default 0, the pattern weights). Prints the
//! rate (wall clock), moves per playout, the share of playouts stopped
//! by the move cap and Black's share at komi 7.5, which
//! stay the same for the same seed as long as the playouts do.

use katachi_board::playout::Rng;
use katachi_board::{Board, Color};
use katachi_mc::{Heavy, McBoard, Policy};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |i: usize, default: usize| -> Option<usize> {
        args.get(i).map_or(Some(default), |s| s.parse().ok())
    };
    let (Some(size), Some(playouts), Some(limit), Some(race), Some(gamma)) = (
        parse(0, 9),
        parse(1, 2000),
        parse(2, 0),
        parse(3, 0),
        parse(4, 0),
    ) else {
        eprintln!(
            "usage: prof_playouts [SIZE] [PLAYOUTS] [SELF_ATARI_LIMIT] [RACE_PERCENT] [GAMMA_PERCENT]"
        );
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
    let gamma_table = (gamma > 0).then(|| {
        katachi_mc::gammas::playout_table(
            katachi_mc::Gammas::embedded(),
            policy.table(),
            gamma as f32 / 100.0,
        )
    });
    let table = gamma_table.as_ref().unwrap_or(policy.table());
    let mut start = McBoard::new(table, board, None);
    start.set_self_atari_limit(limit);
    start.set_heavy(Heavy {
        race: race.min(100) as f32 / 100.0,
        ..Heavy::default()
    });
    let mut work = start.clone();
    let mut rng = Rng::new(1);
    let t0 = Instant::now();
    let (mut moves, mut black_wins, mut capped) = (0u64, 0u64, 0u64);
    for _ in 0..playouts {
        work.clone_from(&start);
        let r = work.playout(Color::Black, &mut rng, 3 * size * size);
        moves += r.moves as u64;
        capped += r.capped as u64;
        black_wins += (r.score > 7.5) as u64;
    }
    let s = t0.elapsed().as_secs_f64();
    let n = playouts.max(1) as f64;
    println!(
        "{size}x{size}: {playouts} playouts, {:.0} playouts/s (wall), {:.1} moves/playout, {:.1}% capped, Black wins {:.1}%",
        playouts as f64 / s,
        moves as f64 / n,
        100.0 * capped as f64 / n,
        100.0 * black_wins as f64 / n
    );
    ExitCode::SUCCESS
}
