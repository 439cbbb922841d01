//! A fixed number of search playouts (UCT with RAVE, what genmove runs)
//! from a position after a few policy moves, for profiling and for
//! instruction counts that do not depend on the machine's load:
//! `cargo build --release -p katachi-mc --example prof_search`, then
//! `valgrind --tool=callgrind target/release/examples/prof_search 9 2000`
//! and `callgrind_annotate` on its output shows where a search playout's
//! instructions go beyond the bare playout (descent, expansion, update,
//! ownership, the decided-game check). Arguments: SIZE (default 9),
//! PLAYOUTS (default 2000), MOVES drawn by the policy before the search
//! (default 10), THREADS (default 1), LOCAL (1: the local playouts of
//! `--mc-param local_playout=1`; default 0). Prints the root's best move, its
//! visits and win rate and the tree's node count, which stay the same
//! for the same arguments on one thread as long as the search does (a
//! check that a speed change kept the search's meaning), and the
//! playouts per second (wall clock).

use katachi_mc::{search, Policy, SearchConfig};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |i: usize, default: usize| -> Option<usize> {
        args.get(i).map_or(Some(default), |s| s.parse().ok())
    };
    let (Some(size), Some(playouts), Some(moves), Some(threads), Some(local)) = (
        parse(0, 9),
        parse(1, 2000),
        parse(2, 10),
        parse(3, 1),
        parse(4, 0),
    ) else {
        eprintln!("usage: prof_search [SIZE] [PLAYOUTS] [MOVES] [THREADS] [LOCAL]");
        return ExitCode::FAILURE;
    };
    let policy = Policy::katachi();
    let board = match katachi_mc::playout::opening(&policy, size, moves, 1) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let c = board.to_move();
    let config = SearchConfig {
        playouts: Some(playouts as u64),
        threads: threads.max(1),
        seed: 1,
        local_playout: local == 1,
        ..SearchConfig::default()
    };
    let r = search(&board, c, &policy, &config);
    let best = r.best().map_or("none".to_string(), |m| {
        format!(
            "{} visits {} win rate {:.4}",
            board.move_text(m.mv),
            m.visits,
            m.win_rate()
        )
    });
    println!(
        "{size}x{size}: {} playouts, {:.0} playouts/s (wall), {} nodes, best {best}",
        r.playouts,
        r.playouts as f64 / r.seconds.max(1e-9),
        r.nodes
    );
    ExitCode::SUCCESS
}
