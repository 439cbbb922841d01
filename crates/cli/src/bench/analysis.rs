//! `katachi bench analysis [--positions N] [--runs R] [--no-peer]`: the
//! time of each stage of the engine's analysis over the reference
//! positions, beside GNU Go 3.8's time for its whole examination of the
//! same positions.
//!
//! katachi: for each position of `positions.tsv` (its board taken by id
//! from `boards.jsonl` beside it, the player to move set), a fresh
//! [`Analysis`] has its lazy stages forced one at a time in pipeline
//! order, each timed alone: the reader and unconditional status (building
//! the reader with its pattern databases, then Benson-style life), worms
//! (with their tactical reading), cutting points, eye spaces, eye values
//! (every eye space of both colours valued), connections, dragons. Since
//! a stage asks for the stages before it, which are already computed,
//! each figure is that stage's own work.
//!
//! GNU Go: driven live over GTP (`gnugo --mode gtp`, working directory
//! the regression folder that `positions.tsv` paths are relative to):
//! `loadsgf FILE MOVE` then `dragon_data`, whose first call on a new
//! position runs GNU Go's whole examination (worms, owl, dragons, eyes,
//! influence). Both are timed separately from sending the command to the
//! end of the answer, so each includes a GTP round trip, whose cost is
//! shown by timing `name` as well.
//!
//! Per position, each figure is the median over `--runs` runs (the machine
//! is shared: a preempted run spoils one sample, not the figure); the
//! report gives the total and mean over positions per stage. Wall time on
//! a loaded machine overstates both programs, so CPU time is reported
//! beside it: GNU Go's own `cputime` command before and after each
//! command, and katachi's process CPU time (`/proc/self/stat`, in Linux's
//! 10 ms ticks, hence only for the whole of katachi's stages, which the
//! bench runs on one thread).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use katachi_board::{Board, Color};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_gtp::client::{CommandLine, Engine, SpawnOptions, StderrMode};

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Time only the first N positions of `positions.tsv` (default all).
    #[arg(long, value_name = "N")]
    positions: Option<usize>,
    /// Folder of `positions.tsv` and `boards.jsonl` (default
    /// `$KATACHI_SHARED/reference`, else `../shared/reference`).
    #[arg(long, value_name = "DIR")]
    reference: Option<PathBuf>,
    /// Folder the SGF paths of `positions.tsv` are relative to, GNU Go's
    /// working directory (default `../gnugo/regression` from the
    /// reference folder).
    #[arg(long, value_name = "DIR")]
    regression: Option<PathBuf>,
    /// Runs per position; each figure is the median of the runs.
    #[arg(long, default_value_t = 1)]
    runs: usize,
    /// GNU Go's command line.
    #[arg(long, default_value = "/usr/games/gnugo --mode gtp")]
    gnugo: String,
    /// Do not run GNU Go.
    #[arg(long)]
    no_peer: bool,
}

/// One reference position.
struct RefPosition {
    id: u64,
    sgf: String,
    move_number: usize,
    board: Board,
}

/// The stages timed, in pipeline order.
const STAGES: [&str; 7] = [
    "reader+unconditional",
    "worms",
    "cuts",
    "eyes",
    "eye values",
    "connections",
    "dragons",
];

fn default_reference() -> PathBuf {
    match std::env::var_os("KATACHI_SHARED") {
        Some(dir) => PathBuf::from(dir).join("reference"),
        None => PathBuf::from("../shared/reference"),
    }
}

/// The positions of `dir/positions.tsv` with their boards from
/// `dir/boards.jsonl`; errors name the file and line.
fn load_positions(dir: &Path, limit: Option<usize>) -> anyhow::Result<Vec<RefPosition>> {
    let boards_file = dir.join("boards.jsonl");
    let text = std::fs::read_to_string(&boards_file)
        .with_context(|| format!("cannot read {}", boards_file.display()))?;
    let mut boards = BTreeMap::new();
    for (k, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = || format!("{}:{}", boards_file.display(), k + 1);
        let v: serde_json::Value = serde_json::from_str(line).with_context(at)?;
        let size = v["size"].as_u64().context("no size").with_context(at)? as usize;
        let mut b = Board::new(size).with_context(at)?;
        let rows = v["rows"].as_array().context("no rows").with_context(at)?;
        // One setup edit list, one recomputation of the strings
        // (`set_stone` per point recomputed them 361 times per board).
        let mut edits = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_str().context("a row is not text").with_context(at)?;
            for (c, ch) in row.chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    '.' => None,
                    _ => bail!("{}: unknown point {ch:?}", at()),
                };
                let p = b.point(r, c).context("row too long").with_context(at)?;
                edits.push((p, stone));
            }
        }
        b.set_stones(edits);
        b.set_to_move(match v["to_move"].as_str() {
            Some("W") => Color::White,
            _ => Color::Black,
        });
        boards.insert(v["id"].as_u64().context("no id").with_context(at)?, b);
    }
    let list_file = dir.join("positions.tsv");
    let list = std::fs::read_to_string(&list_file)
        .with_context(|| format!("cannot read {}", list_file.display()))?;
    let mut out = Vec::new();
    for (k, line) in list.lines().enumerate().skip(1) {
        if line.trim().is_empty() || limit.is_some_and(|n| out.len() >= n) {
            continue;
        }
        let at = || format!("{}:{}", list_file.display(), k + 1);
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 3 {
            bail!("{}: expected id, sgf and move columns", at());
        }
        let id: u64 = cols[0].parse().context("bad id").with_context(at)?;
        let move_number = cols[2].parse().context("bad move").with_context(at)?;
        let Some(board) = boards.get(&id) else {
            bail!("{}: position {id} has no board in boards.jsonl", at());
        };
        out.push(RefPosition {
            id,
            sgf: cols[1].to_string(),
            move_number,
            board: board.clone(),
        });
    }
    Ok(out)
}

/// The time of each stage on a fresh analysis of `board`.
fn time_stages(board: &Board) -> [Duration; 7] {
    let mut t = [Duration::ZERO; 7];
    let mut clock = Instant::now();
    let mut lap = |k: usize| {
        t[k] = clock.elapsed();
        clock = Instant::now();
    };
    let a = Analysis::new(board.clone(), AnalysisConfig::default());
    std::hint::black_box(a.unconditional());
    lap(0);
    std::hint::black_box(a.worms());
    lap(1);
    std::hint::black_box(a.cuts());
    lap(2);
    let eyes = a.eyes();
    lap(3);
    let values = a.eye_values();
    for c in [Color::Black, Color::White] {
        for space in &eyes.of(c).spaces {
            std::hint::black_box(values.of_space(a.board(), eyes, space));
        }
    }
    lap(4);
    std::hint::black_box(a.connections());
    lap(5);
    std::hint::black_box(a.dragons());
    lap(6);
    t
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// This process's CPU time (user + system) from `/proc/self/stat`, whose
/// clock ticks are Linux's `USER_HZ`, 100 a second; `None` elsewhere.
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (in parentheses) start with the
    // state, field 3; utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

/// GNU Go's `cputime` answer (seconds of CPU it has used).
fn gnugo_cpu(engine: &mut Engine) -> anyhow::Result<Duration> {
    let text = engine.ok("cputime")?;
    let secs: f64 = text
        .trim()
        .parse()
        .with_context(|| format!("GNU Go's cputime answered {text:?}"))?;
    Ok(Duration::from_secs_f64(secs.max(0.0)))
}

/// GNU Go's times for one position: wall time of `loadsgf`,
/// `dragon_data` and `name`, then GNU Go's CPU time of `loadsgf` and of
/// `dragon_data`.
fn time_gnugo(engine: &mut Engine, pos: &RefPosition) -> anyhow::Result<[Duration; 5]> {
    let cpu0 = gnugo_cpu(engine)?;
    let load = engine.command(&format!("loadsgf {} {}", pos.sgf, pos.move_number))?;
    if !load.success {
        bail!(
            "GNU Go refused loadsgf {} {}: {}",
            pos.sgf,
            pos.move_number,
            load.text
        );
    }
    let cpu1 = gnugo_cpu(engine)?;
    let data = engine.command("dragon_data")?;
    if !data.success {
        bail!("GNU Go refused dragon_data on position {}", pos.id);
    }
    let cpu2 = gnugo_cpu(engine)?;
    let name = engine.command("name")?;
    Ok([
        load.elapsed,
        data.elapsed,
        name.elapsed,
        cpu1.saturating_sub(cpu0),
        cpu2.saturating_sub(cpu1),
    ])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let reference = args.reference.clone().unwrap_or_else(default_reference);
    let positions = load_positions(&reference, args.positions)?;
    if positions.is_empty() {
        bail!(
            "no positions in {}",
            reference.join("positions.tsv").display()
        );
    }
    let runs = args.runs.max(1);
    let mut mix: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &positions {
        *mix.entry(p.board.size()).or_default() += 1;
    }
    let mix_text: Vec<String> = mix
        .iter()
        .rev()
        .map(|(s, n)| format!("{n} at {s}x{s}"))
        .collect();
    outln!(
        "{} reference positions of {} ({}), median of {runs} run{} per position",
        positions.len(),
        reference.display(),
        mix_text.join(", "),
        if runs == 1 { "" } else { "s" }
    )?;

    // katachi, one stage at a time.
    let mut totals = [Duration::ZERO; 7];
    let cpu_start = process_cpu();
    for pos in &positions {
        let samples: Vec<[Duration; 7]> = (0..runs).map(|_| time_stages(&pos.board)).collect();
        for (k, total) in totals.iter_mut().enumerate() {
            *total += median(samples.iter().map(|s| s[k]).collect());
        }
    }
    let n = positions.len() as f64;
    outln!(
        "\n{:<26} {:>10} {:>10}",
        "katachi stage",
        "total ms",
        "mean ms"
    )?;
    for (name, total) in STAGES.iter().zip(totals) {
        outln!("  {name:<24} {:>10.1} {:>10.3}", ms(total), ms(total) / n)?;
    }
    // The CPU of every run, per run.
    let katachi_cpu = match (cpu_start, process_cpu()) {
        (Some(a), Some(b)) => Some(b.saturating_sub(a) / runs as u32),
        _ => None,
    };
    let katachi: Duration = totals.iter().sum();
    outln!(
        "  {:<24} {:>10.1} {:>10.3}",
        "all stages",
        ms(katachi),
        ms(katachi) / n
    )?;
    if let Some(cpu) = katachi_cpu {
        outln!(
            "  {:<24} {:>10.1} {:>10.3}   (process CPU time, 10 ms ticks)",
            "all stages, CPU",
            ms(cpu),
            ms(cpu) / n
        )?;
    }

    if args.no_peer {
        return Ok(ExitCode::SUCCESS);
    }
    let regression = args
        .regression
        .clone()
        .unwrap_or_else(|| reference.join("../gnugo/regression"));
    let cmd = CommandLine::parse(&args.gnugo)?;
    let options = SpawnOptions {
        cwd: Some(regression.clone()),
        stderr: StderrMode::Tail,
        default_timeout: Some(Duration::from_secs(300)),
    };
    let mut engine = Engine::spawn(&cmd, &options)?;
    let version = engine.ok("version").unwrap_or_default();
    let mut gnu = [Duration::ZERO; 5];
    for pos in &positions {
        let samples = (0..runs)
            .map(|_| time_gnugo(&mut engine, pos))
            .collect::<anyhow::Result<Vec<_>>>()?;
        for (k, total) in gnu.iter_mut().enumerate() {
            *total += median(samples.iter().map(|s| s[k]).collect());
        }
    }
    let _ = engine.command("quit");
    outln!(
        "\nGNU Go {version} ({}, in {}), each command timed from sending it to the end of its answer",
        cmd,
        regression.display()
    )?;
    outln!(
        "{:<26} {:>10} {:>10} {:>12} {:>10}",
        "GNU Go command",
        "total ms",
        "mean ms",
        "CPU total ms",
        "CPU mean"
    )?;
    let rows = [
        ("loadsgf FILE MOVE", gnu[0], Some(gnu[3])),
        ("dragon_data (examine)", gnu[1], Some(gnu[4])),
        ("name (round trip)", gnu[2], None),
    ];
    for (name, total, cpu) in rows {
        let cpu_text = cpu.map_or_else(String::new, |c| {
            format!(" {:>12.1} {:>10.3}", ms(c), ms(c) / n)
        });
        outln!(
            "  {name:<24} {:>10.1} {:>10.3}{cpu_text}",
            ms(total),
            ms(total) / n
        )?;
    }
    let cpu_text = katachi_cpu.map_or_else(String::new, |c| {
        format!(
            "; CPU {:.1} ms against {:.1} ms ({:.2}x)",
            ms(c),
            ms(gnu[4]),
            ms(c) / ms(gnu[4]).max(1e-9)
        )
    });
    outln!(
        "\nkatachi's stages against GNU Go's dragon_data: wall {:.1} ms against {:.1} ms ({:.2}x){cpu_text}. GNU Go's examination holds owl and influence, which katachi does not compute yet, and its wall time a GTP round trip per position.",
        ms(katachi),
        ms(gnu[1]),
        ms(katachi) / ms(gnu[1]).max(1e-9)
    )?;
    Ok(ExitCode::SUCCESS)
}
