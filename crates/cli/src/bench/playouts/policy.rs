//! The pattern-policy part of `katachi bench playouts`: Monte Carlo
//! playouts whose moves are drawn in proportion to a Monte Carlo pattern
//! database's values (`katachi-mc`), on 9x9 and 19x19, with katachi's
//! embedded database, a `--policy FILE` in GNU Go's `mc_*.db` format, or
//! `--policy uniform`. Kept apart from the plain random playouts beside it.

use std::path::Path;
use std::time::{Duration, Instant};

use katachi_board::playout::Rng;
use katachi_board::{Board, Color};
use katachi_mc::{LocalBoard, McBoard, PlayoutOutcome, Policy, SearchConfig};
use katachi_patterns::mcpat::McLoadError;

use crate::bench::search::cpu_seconds;

/// The policy named by `--policy` (`None`: katachi's own database);
/// warnings go to standard error, errors come back with every diagnostic.
pub fn load(arg: Option<&str>) -> anyhow::Result<Policy> {
    match arg {
        None => Ok(Policy::katachi()),
        Some("uniform") => Ok(Policy::uniform()),
        Some(file) => match Policy::load(Path::new(file)) {
            Ok((policy, warnings)) => {
                for w in &warnings {
                    eprintln!("{w}");
                }
                Ok(policy)
            }
            Err(McLoadError::Invalid { path, diagnostics }) => {
                for d in &diagnostics {
                    eprintln!("{d}\n");
                }
                let errors = diagnostics.iter().filter(|d| d.is_error()).count();
                anyhow::bail!("{path}: {errors} errors in the Monte Carlo pattern database")
            }
            Err(e) => anyhow::bail!("{e}"),
        },
    }
}

/// Runs pattern playouts for `seconds` per size on 9x9 and 19x19 and prints
/// one line per size.
pub fn run(policy: &Policy, seconds: f64, seed: u64) -> std::io::Result<()> {
    outln!(
        "pattern policy: {} ({} patterns, {} distinct table rows); moves drawn in proportion to the values; two passes end",
        policy.name(),
        policy.pattern_count(),
        policy.table().row_count()
    )?;
    outln!(
        "{:<15} {:>12} {:>12} {:>10} {:>10} {:>8} {:>8} {:>12}",
        "pattern",
        "playouts/s",
        "moves/s",
        "moves/po",
        "B wins",
        "capped",
        "cpu s",
        "playouts/cpu"
    )?;
    // The search's default self-atari limit.
    let sa = SearchConfig::default().self_atari_limit;
    for size in [9, 19] {
        let empty = Board::new(size).expect("9 and 19 are valid sizes");
        let start = McBoard::new(policy.table(), empty.clone(), None);
        let mut start_sa = start.clone();
        start_sa.set_self_atari_limit(sa);
        let mut local = LocalBoard::new(policy.table(), empty.clone(), None);
        local.set_self_atari_limit(sa);
        let max_moves = 3 * size * size;
        let mut work = start.clone();
        let name = format!("katachi-mc {size}x{size}");
        time_playouts(&name, seconds, seed, |rng| {
            work.clone_from(&start);
            work.playout(Color::Black, rng, max_moves)
        })?;
        let name = format!("mc sa{sa} {size}x{size}");
        time_playouts(&name, seconds, seed, |rng| {
            work.clone_from(&start_sa);
            work.playout(Color::Black, rng, max_moves)
        })?;
        let mut work = local.clone();
        let name = format!("local sa{sa} {size}x{size}");
        time_playouts(&name, seconds, seed, |rng| {
            work.reset_from(&empty, None);
            work.playout(Color::Black, rng, max_moves)
        })?;
    }
    outln!(
        "(katachi-mc: the pattern playouts (McBoard) without a self-atari limit; mc sa{sa}: with the search's limit {sa}; local sa{sa}: the MoGo-style local playouts (LocalBoard, --mc-param local_playout=1) with that limit)"
    )?;
    duel(policy, seconds / 2.0, seed)
}

/// Runs `one` (a playout from the empty board) for `seconds` and prints
/// one line named `name`.
fn time_playouts(
    name: &str,
    seconds: f64,
    seed: u64,
    mut one: impl FnMut(&mut Rng) -> PlayoutOutcome,
) -> std::io::Result<()> {
    let mut rng = Rng::new(seed);
    let budget = Duration::from_secs_f64(seconds);
    let (mut playouts, mut moves, mut black_wins, mut capped) = (0u64, 0u64, 0u64, 0u64);
    let cpu0 = cpu_seconds();
    let t0 = Instant::now();
    while t0.elapsed() < budget {
        for _ in 0..16 {
            let r = one(&mut rng);
            playouts += 1;
            moves += r.moves as u64;
            capped += r.capped as u64;
            // Komi 7.5.
            black_wins += (r.score > 7.5) as u64;
        }
    }
    let s = t0.elapsed().as_secs_f64();
    // On a shared machine the wall-clock rate says how much CPU the
    // others left; the rate per CPU second what the code costs.
    let cpu = cpu_seconds().zip(cpu0).map(|(a, b)| a - b);
    outln!(
        "{:<15} {:>12.0} {:>12.0} {:>10.1} {:>9.1}% {:>8} {:>8} {:>12}",
        name,
        playouts as f64 / s,
        moves as f64 / s,
        moves as f64 / playouts.max(1) as f64,
        100.0 * black_wins as f64 / playouts.max(1) as f64,
        capped,
        cpu.map_or("?".into(), |c| format!("{c:.2}")),
        cpu.filter(|&c| c > 0.0)
            .map_or("?".into(), |c| format!("{:.0}", playouts as f64 / c)),
    )
}

/// For a sense of the policy's strength: 9x9 playouts between the policy
/// and uniform (light) playouts, the policy taking Black in even-numbered
/// games and White in the others, komi 7.5 (a playout-level comparison,
/// not a measure of engine strength).
fn duel(policy: &Policy, seconds: f64, seed: u64) -> std::io::Result<()> {
    let uniform = Policy::uniform();
    let starts = [
        McBoard::with_tables(
            [policy.table(), uniform.table()],
            Board::new(9).expect("valid size"),
            None,
        ),
        McBoard::with_tables(
            [uniform.table(), policy.table()],
            Board::new(9).expect("valid size"),
            None,
        ),
    ];
    let mut work = starts[0].clone();
    let mut rng = Rng::new(seed ^ 0xd0e1);
    let (mut games, mut wins) = (0u64, 0u64);
    let budget = Duration::from_secs_f64(seconds);
    let t0 = Instant::now();
    while t0.elapsed() < budget {
        for k in 0..16 {
            work.clone_from(&starts[k % 2]);
            let r = work.playout(Color::Black, &mut rng, 3 * 81);
            let black_won = r.score > 7.5;
            games += 1;
            wins += (black_won == (k % 2 == 0)) as u64;
        }
    }
    outln!(
        "pattern policy vs uniform, 9x9, komi 7.5, colours alternating: the policy wins {:.1}% of {games} playouts",
        100.0 * wins as f64 / games.max(1) as f64
    )
}
