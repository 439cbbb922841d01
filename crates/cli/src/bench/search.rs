//! `katachi bench search`: playouts per second of the Monte Carlo search
//! (`katachi_mc::search`, what genmove runs) for each thread count, on 9x9
//! and 19x19.
//!
//! The position searched is the board after `--moves` moves drawn by the
//! playout policy from the empty board (seeded), so that the figure
//! includes tree descents, expansions and the RAVE updates, not only
//! playouts. Each thread count searches the same position for the same
//! wall-clock time; the figure is playouts over wall-clock seconds.
//! The machine's load average (`/proc/loadavg`) is printed beside it: on a
//! shared machine a second thread only helps if a core is free. So is
//! the process's CPU time over the run (`/proc/self/stat`, user plus
//! system, 10 ms ticks) and playouts per CPU second: on a loaded machine
//! the wall-clock rate says how much CPU the others left, the CPU rate
//! what the code costs.

use std::process::ExitCode;

use katachi_mc::{search, Policy, SearchConfig};

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Board sizes (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "9,19")]
    sizes: Vec<usize>,
    /// Thread counts (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "1,2")]
    threads: Vec<usize>,
    /// Seconds of search per size and thread count.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Moves drawn by the playout policy before the search.
    #[arg(long, default_value_t = 10)]
    moves: usize,
    /// Seed of those moves and of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A search parameter, as `katachi gtp --mc-param` (repeatable).
    #[arg(long = "mc-param", value_name = "NAME=VALUE")]
    mc_params: Vec<String>,
}

/// The load averages over 1, 5 and 15 minutes, if the system says.
pub fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(
        text.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// CPU seconds (user plus system) this process has used so far, from
/// `/proc/self/stat` (Linux; `None` elsewhere). Clock ticks are taken as
/// 100 per second, the value Linux reports to user space on every
/// architecture.
pub fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces: count from its `)`.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After `)`: state is field 3, so utime (14) and stime (15) are at 11, 12.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Run `katachi bench search`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.seconds.is_finite() && args.seconds > 0.0,
        "--seconds must be a positive number"
    );
    let mut base = SearchConfig::default();
    for spec in &args.mc_params {
        let (name, value) = spec
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("--mc-param {spec}: give NAME=VALUE"))?;
        let value: f64 = value
            .parse()
            .map_err(|_| anyhow::anyhow!("--mc-param {spec}: `{value}` is not a number"))?;
        base.set_param(name, value)?;
    }
    let policy = Policy::katachi();
    outln!(
        "bench search: UCT with RAVE over {} playouts, {:.1} s per run, position after {} policy moves (seed {})",
        policy.name(),
        args.seconds,
        args.moves,
        args.seed
    )?;
    outln!(
        "{:>5} {:>7} {:>10} {:>12} {:>8} {:>12} {:>10}  load average (1 5 15 min) after",
        "size",
        "threads",
        "playouts",
        "playouts/s",
        "cpu s",
        "playouts/cpu",
        "nodes"
    )?;
    for &size in &args.sizes {
        let board = katachi_mc::playout::opening(&policy, size, args.moves, args.seed)?;
        let to_move = board.to_move();
        for &threads in &args.threads {
            let config = SearchConfig {
                seconds: Some(args.seconds),
                threads: threads.max(1),
                seed: args.seed,
                ..base.clone()
            };
            let cpu_before = cpu_seconds();
            let r = search(&board, to_move, &policy, &config);
            let cpu = cpu_seconds().zip(cpu_before).map(|(a, b)| a - b);
            outln!(
                "{:>5} {:>7} {:>10} {:>12.0} {:>8} {:>12} {:>10}  {}",
                size,
                threads,
                r.playouts,
                r.playouts as f64 / r.seconds.max(1e-9),
                cpu.map_or("?".into(), |c| format!("{c:.2}")),
                cpu.filter(|&c| c > 0.0)
                    .map_or("?".into(), |c| format!("{:.0}", r.playouts as f64 / c)),
                r.nodes,
                load_average().unwrap_or_else(|| "?".into())
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
