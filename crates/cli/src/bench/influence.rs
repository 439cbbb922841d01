//! `katachi bench influence`: the speed of katachi's path influence
//! (`katachi-pathinf`, the blog seed's incremental evaluator) on the seed's
//! workload, with the memory its tables take.
//!
//! Workload (the seed's): `--games` random games (100) of `--moves`
//! random moves (250) on a `--size` board (19). Moves are uniformly random
//! among the legal moves that do not fill an own single-point eye (the
//! policy of `katachi bench playouts`); a game with no such move passes.
//! The games are recorded first (each move with the stones it captures),
//! then replayed on the influence alone, so the figure is the map's own
//! update (the stone placed, the captured stones lifted), not the board's.
//! Each of `--repeat` runs replays every game from the empty map; the
//! figure is the median run's total divided by the number of moves, by
//! the wall clock and (on Linux) by the thread's on-CPU time, which leaves
//! out the waits for a core on a shared machine.
//! The from-scratch computation (every path checked) is timed on every
//! position of the first `--scratch-games` games, for comparison, and the
//! territory layers (`katachi_pathinf::territory`) on the same positions. One
//! thread. Medians, because the machine may be shared.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use katachi_board::playout::{choose, Rng};
use katachi_board::{Board, Color, Move, Point};
use katachi_pathinf::{
    from_scratch, territory, PathConfig, PathInfluence, PathSet, PathTables, TerritoryConfig,
};

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Board size.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Random games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Moves per game.
    #[arg(long, default_value_t = 250)]
    moves: usize,
    /// Runs over all games; the median run counts.
    #[arg(long, default_value_t = 5)]
    repeat: usize,
    /// Games whose positions time the from-scratch computation.
    #[arg(long, default_value_t = 10)]
    scratch_games: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Path range (largest Manhattan distance of a path).
    #[arg(long, default_value_t = 5)]
    range: u8,
    /// Path set: `greedy` (the seed's) or `monotone` (every shortest path).
    #[arg(long, default_value = "greedy")]
    paths: String,
}

/// One recorded move: who, where, and what it captured.
struct Step {
    color: Color,
    mv: Move,
    captured: Vec<Point>,
}

/// Random games recorded as steps.
fn record(size: usize, games: usize, moves: usize, seed: u64) -> anyhow::Result<Vec<Vec<Step>>> {
    let mut rng = Rng::new(seed);
    let mut scratch = Vec::new();
    let mut out = Vec::with_capacity(games);
    for _ in 0..games {
        let mut b = Board::new(size).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut game = Vec::with_capacity(moves);
        for _ in 0..moves {
            let c = b.to_move();
            let mv = match choose(&b, c, &mut rng, &mut scratch) {
                Some(p) => Move::Play(p),
                None => Move::Pass,
            };
            // The stones the move captures: opponent strings beside it in atari.
            let mut captured: Vec<Point> = Vec::new();
            if let Move::Play(p) = mv {
                for n in b.neighbors(p) {
                    if b.cell(n) == c.opponent().cell()
                        && b.liberty_count(n) == 1
                        && !captured.iter().any(|&q| b.same_string(q, n))
                    {
                        captured.extend(b.stones(n));
                    }
                }
            }
            let n = b
                .play(c, mv)
                .map_err(|e| anyhow::anyhow!("recording a random game: {e}"))?;
            anyhow::ensure!(
                n == captured.len(),
                "capture count differs from the board's"
            );
            game.push(Step {
                color: c,
                mv,
                captured,
            });
        }
        out.push(game);
    }
    Ok(out)
}

/// The calling thread's time on a CPU so far, in seconds (Linux's
/// `/proc/thread-self/schedstat`, first field in ns); `None` elsewhere.
/// On a shared machine the wall clock also counts the time the thread
/// waits for a core; this does not.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    (ns > 0).then_some(ns as f64 * 1e-9)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.repeat > 0, "--repeat must be at least 1");
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    let path_set = match args.paths.as_str() {
        "greedy" => PathSet::Greedy,
        "monotone" => PathSet::Monotone,
        other => anyhow::bail!("--paths {other:?}: expected greedy or monotone"),
    };
    let config = PathConfig {
        range: args.range,
        path_set,
        ..PathConfig::default()
    };
    let size = args.size;
    let t0 = Instant::now();
    let tables = Arc::new(PathTables::new(size, config)?);
    let build = t0.elapsed();
    let games = record(size, args.games, args.moves, args.seed)?;
    let total_moves: usize = games.iter().map(Vec::len).sum();
    let captures: usize = games.iter().flatten().map(|s| s.captured.len()).sum();
    outln!(
        "bench influence: path influence (katachi-pathinf), {size}x{size}, {} games of {} random moves, seed {}, one thread",
        args.games,
        args.moves,
        args.seed
    )?;
    outln!(
        "paths: {:?}, range {}, decay {}, fixed-point scale {}",
        config.path_set,
        config.range,
        config.decay,
        config.scale
    )?;
    outln!(
        "tables: {} paths, at most {} from a point, at most {} through or ending at a point, built in {:.1} ms",
        tables.path_count(),
        tables.max_paths_from(),
        tables.max_paths_covering(),
        build.as_secs_f64() * 1e3
    )?;
    let empty = PathInfluence::new(tables.clone());
    outln!(
        "memory: {:.2} MiB of tables the update reads + {:.2} MiB of path point lists (from-scratch only) + {:.2} MiB of state per map",
        tables.update_bytes() as f64 / 1048576.0,
        tables.point_list_bytes() as f64 / 1048576.0,
        empty.state_bytes() as f64 / 1048576.0
    )?;
    // Incremental: replay every game from the empty map.
    let mut runs = Vec::with_capacity(args.repeat);
    let mut cpu_runs = Vec::with_capacity(args.repeat);
    let mut map = empty.clone();
    let mut check = 0i64;
    for _ in 0..args.repeat {
        let (mut spent, mut cpu) = (0.0, Some(0.0));
        for game in &games {
            map.clone_from(&empty);
            let c0 = thread_cpu_seconds();
            let t = Instant::now();
            for s in game {
                map.apply_with_captures(s.color, s.mv, &s.captured);
            }
            spent += t.elapsed().as_secs_f64();
            cpu = match (cpu, c0, thread_cpu_seconds()) {
                (Some(acc), Some(a), Some(b)) => Some(acc + (b - a)),
                _ => None,
            };
            check += i64::from(map.values().iter().sum::<i32>());
            map.clear_journal();
        }
        runs.push(spent);
        if let Some(c) = cpu {
            cpu_runs.push(c);
        }
    }
    std::hint::black_box(check);
    let inc_us = median(runs) * 1e6 / total_moves as f64;
    outln!(
        "incremental: {inc_us:.3} µs per move, wall clock (median of {} runs over {total_moves} moves, {captures} stones captured; goal <= 3 µs)",
        args.repeat
    )?;
    if cpu_runs.len() == args.repeat {
        outln!(
            "incremental: {:.3} µs per move, on-CPU time of the thread (median run; /proc/thread-self/schedstat, which leaves out the time spent waiting for a core)",
            median(cpu_runs) * 1e6 / total_moves as f64
        )?;
    }
    // From scratch on the positions of the first games.
    let mut board = Board::new(size).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (mut spent, mut positions, mut spent_terr) = (0.0, 0usize, 0.0);
    let terr_cfg = TerritoryConfig::default();
    for game in games.iter().take(args.scratch_games) {
        board.clear();
        for s in game {
            board
                .play(s.color, s.mv)
                .map_err(|e| anyhow::anyhow!("replaying a random game: {e}"))?;
            let t = Instant::now();
            let v = from_scratch(&tables, &board);
            spent += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let map = territory(&board, &v, &terr_cfg);
            spent_terr += t.elapsed().as_secs_f64();
            std::hint::black_box((v, map));
            positions += 1;
        }
    }
    if positions > 0 {
        let scratch_us = spent * 1e6 / positions as f64;
        outln!(
            "from scratch: {scratch_us:.1} µs per position (mean over {positions} positions of {} games); {:.0}x the incremental update",
            args.scratch_games.min(args.games),
            scratch_us / inc_us
        )?;
        outln!(
            "territory layers (proto-territory, groups, safety, dead groups): {:.1} µs per position (same positions)",
            spent_terr * 1e6 / positions as f64
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
