//! `katachi bench match --db FILE.db [--db FILE2.db] --positions positions.tsv`:
//! the speed of every pattern matcher over the reference positions.
//!
//! For each position of `positions.tsv` (its board taken by id from
//! `boards.jsonl` beside it), for each colour, every matcher is called
//! repeatedly (warm caches, one thread) until a minimum time has passed;
//! the figure per call is the median of those calls. The report gives, per
//! matcher, the median over positions of µs per call for Black and for
//! White (the figures of GNU Go's table), the median and 90th percentile of
//! a full-board match for both colours, the matches per position, and the
//! board-size mix. Medians, because the machine is shared and a preempted
//! run inflates a mean. The incremental matcher's per-move figure plays the
//! same random games several times and takes each update's median over the
//! runs before the mean over updates.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use katachi_board::{Board, Color, Move};
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::matchers::corner_tree::CornerTreeMatcher;
use katachi_patterns::matchers::dfa::DfaMatcher;
use katachi_patterns::matchers::incremental::IncrementalMatcher;
use katachi_patterns::matchers::reference::ReferenceMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Match, Matcher, OwnedPosition, Position, Scratch};

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Pattern database file(s); several are matched as one database
    /// (e.g. patterns.db and patterns2.db for GNU Go's `pat`).
    #[arg(long, required = true)]
    db: Vec<PathBuf>,
    /// `positions.tsv` of the reference data.
    #[arg(long)]
    positions: PathBuf,
    /// Boards file (default: `boards.jsonl` beside the positions file).
    #[arg(long)]
    boards: Option<PathBuf>,
    /// Also time the reference matcher (slow; one call per position).
    #[arg(long)]
    reference: bool,
    /// Minimum time spent per position, colour and matcher, in ms.
    #[arg(long, default_value_t = 2.0)]
    min_ms: f64,
    /// Random 19x19 games for the incremental matcher's per-move figure.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Moves per random game.
    #[arg(long, default_value_t = 250)]
    moves: usize,
    /// Runs of the random games; each update counts with its median time
    /// over the runs.
    #[arg(long, default_value_t = 5)]
    repeat: usize,
    /// Time only these matchers (`standard`, `dfa`, `corner`; repeatable;
    /// default all), e.g. to skip the DFA's build while measuring another.
    #[arg(long = "matcher")]
    matchers: Vec<String>,
}

/// The boards of the positions file, by id, from the boards file.
fn load_positions(positions: &Path, boards: &Path) -> anyhow::Result<Vec<OwnedPosition>> {
    let text =
        std::fs::read_to_string(boards).with_context(|| format!("reading {}", boards.display()))?;
    let mut by_id = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).context("boards file")?;
        let rows: Vec<String> = v["rows"]
            .as_array()
            .context("rows")?
            .iter()
            .filter_map(|r| r.as_str().map(str::to_string))
            .collect();
        let pos = OwnedPosition::from_rows(&rows).context("bad rows")?;
        by_id.insert(v["id"].as_u64().context("id")?, pos);
    }
    let list = std::fs::read_to_string(positions)
        .with_context(|| format!("reading {}", positions.display()))?;
    let mut out = Vec::new();
    for line in list.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let id: u64 = line
            .split('\t')
            .next()
            .unwrap_or("")
            .parse()
            .context("position id")?;
        match by_id.get(&id) {
            Some(p) => out.push(p.clone()),
            None => bail!("position {id} has no board in {}", boards.display()),
        }
    }
    Ok(out)
}

/// Per position and colour: µs per call and matches found.
struct Timing {
    us: [Vec<f64>; 2],
    matches: [usize; 2],
}

fn time_matcher(m: &dyn Matcher, positions: &[OwnedPosition], min: Duration, once: bool) -> Timing {
    let mut scratch = Scratch::default();
    let mut out: Vec<Match> = Vec::with_capacity(4096);
    let mut t = Timing {
        us: [Vec::new(), Vec::new()],
        matches: [0, 0],
    };
    for pos in positions {
        for (k, color) in [Color::Black, Color::White].into_iter().enumerate() {
            out.clear();
            m.find_all(pos.view(), color, &mut scratch, &mut out);
            t.matches[k] += out.len();
            // Each call is timed alone and the median call kept, so that a
            // preemption on this shared machine spoils one sample, not the figure.
            let start = Instant::now();
            let mut samples = Vec::new();
            loop {
                out.clear();
                let call = Instant::now();
                m.find_all(pos.view(), color, &mut scratch, &mut out);
                samples.push(call.elapsed().as_secs_f64() * 1e6);
                if once || start.elapsed() >= min {
                    break;
                }
            }
            t.us[k].push(median(&samples));
        }
    }
    t
}

fn median(v: &[f64]) -> f64 {
    quantile(v, 0.5)
}

fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        0.0
    } else {
        v[((v.len() - 1) as f64 * q).round() as usize]
    }
}

/// Median and mean µs of one incremental update (one colour) over random
/// 19x19 games: each move is a uniformly random legal move (pass when none).
/// The same games are played `repeat` times (fixed seed) and each update's
/// figure is its median over the runs, so that a preemption on this shared
/// machine spoils one run of an update, not the mean. Also the plain mean
/// of every timed update, and the matches kept on average.
fn time_incremental(
    m: &IncrementalMatcher,
    games: usize,
    moves: usize,
    repeat: usize,
) -> (f64, f64, f64, usize) {
    let runs: Vec<(Vec<f64>, usize)> = (0..repeat.max(1))
        .map(|_| play_incremental(m, games, moves))
        .collect();
    let per_update: Vec<f64> = (0..runs[0].0.len())
        .map(|k| median(&runs.iter().map(|r| r.0[k]).collect::<Vec<_>>()))
        .collect();
    let mean = per_update.iter().sum::<f64>() / per_update.len().max(1) as f64;
    let all: Vec<f64> = runs.iter().flat_map(|r| r.0.iter().copied()).collect();
    let raw = all.iter().sum::<f64>() / all.len().max(1) as f64;
    (median(&per_update), mean, raw, runs[0].1)
}

/// One run of [`time_incremental`]'s games: µs per update, in order, and
/// the matches kept on average.
fn play_incremental(m: &IncrementalMatcher, games: usize, moves: usize) -> (Vec<f64>, usize) {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut samples = Vec::new();
    let mut matches = 0;
    for _ in 0..games {
        let mut board = Board::new(19).expect("19x19");
        let mut trackers: Vec<_> = [Color::Black, Color::White]
            .into_iter()
            .map(|c| m.start(Position::of_board(&board), c))
            .collect();
        for _ in 0..moves {
            let color = board.to_move();
            let points: Vec<_> = board.points().collect();
            let start = next(points.len());
            let played = (0..points.len())
                .map(|k| points[(start + k) % points.len()])
                .any(|p| board.play(color, Move::Play(p)).is_ok());
            if !played {
                let _ = board.play(color, Move::Pass);
            }
            for t in trackers.iter_mut() {
                let at = Instant::now();
                m.update(t, Position::of_board(&board));
                samples.push(at.elapsed().as_secs_f64() * 1e6);
                matches += t.matches().count();
            }
        }
    }
    let per = matches / samples.len().max(1);
    (samples, per)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut db = crate::dbfile::load_merged(&args.db)?;
    // The header shows file names, not paths.
    db.name = args
        .db
        .iter()
        .map(|f| {
            f.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        })
        .collect::<Vec<_>>()
        .join("+");
    let boards = args
        .boards
        .clone()
        .unwrap_or_else(|| args.positions.with_file_name("boards.jsonl"));
    let positions = load_positions(&args.positions, &boards)?;
    let mut mix: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &positions {
        *mix.entry(p.size).or_default() += 1;
    }
    let start = Instant::now();
    let compiled = CompiledDb::compile(&db);
    let compile_ms = start.elapsed().as_secs_f64() * 1e3;
    let start = Instant::now();
    let standard = StandardMatcher::new(&compiled);
    let index_ms = start.elapsed().as_secs_f64() * 1e3;
    outln!(
        "db {}: {} patterns, {} oriented variants; compile {compile_ms:.1} ms, standard index {index_ms:.1} ms ({} entries)",
        db.name,
        db.patterns.len(),
        compiled.variants.len(),
        standard.index_len()
    )?;
    let wanted = |name: &str| args.matchers.is_empty() || args.matchers.iter().any(|m| m == name);
    let dfa = if wanted("dfa") {
        let start = Instant::now();
        let dfa = DfaMatcher::new(&compiled);
        let s = dfa.stats();
        outln!(
            "dfa: {} states ({} product states, {} verify leaves, reads {} of {} path steps), built in {:.1} ms, {:.0} KiB",
            s.states,
            s.product_states,
            s.leaves,
            s.depth,
            s.path_len,
            start.elapsed().as_secs_f64() * 1e3,
            s.bytes as f64 / 1024.0
        )?;
        Some(dfa)
    } else {
        None
    };
    let mix_text: Vec<String> = mix
        .iter()
        .rev()
        .map(|(s, n)| format!("{n} at {s}x{s}"))
        .collect();
    outln!("positions: {} ({})", positions.len(), mix_text.join(", "))?;
    outln!(
        "{:<10} {:>10} {:>10} {:>12} {:>12} {:>18}",
        "matcher",
        "med µs B",
        "med µs W",
        "med µs B+W",
        "p90 µs B+W",
        "matches/pos B / W"
    )?;
    let reference = ReferenceMatcher::new(&db);
    let corner = CornerTreeMatcher::new(&compiled);
    let mut engines: Vec<(&dyn Matcher, bool)> = vec![(&standard, false)];
    if let Some(dfa) = &dfa {
        engines.push((dfa, false));
    }
    engines.push((&corner, false));
    engines.retain(|(m, _)| wanted(m.name()));
    if args.reference {
        engines.push((&reference, true));
    }
    let min = Duration::from_secs_f64(args.min_ms / 1e3);
    for (m, once) in engines {
        let t = time_matcher(m, &positions, min, once);
        let n = positions.len().max(1) as f64;
        let both: Vec<f64> = t.us[0].iter().zip(&t.us[1]).map(|(a, b)| a + b).collect();
        outln!(
            "{:<10} {:>10.1} {:>10.1} {:>12.1} {:>12.1} {:>10.1} / {:.1}",
            m.name(),
            median(&t.us[0]),
            median(&t.us[1]),
            median(&both),
            quantile(&both, 0.9),
            t.matches[0] as f64 / n,
            t.matches[1] as f64 / n
        )?;
    }
    let incremental = IncrementalMatcher::new(&compiled);
    if args.games > 0 {
        let (med, mean, raw, per) =
            time_incremental(&incremental, args.games, args.moves, args.repeat);
        outln!(
            "incremental: {} random 19x19 games of {} moves, one colour per update, each update's median of {} runs: median {med:.2} µs, mean {mean:.2} µs per move (plain mean of every timed update {raw:.2} µs; {per} matches kept on average)",
            args.games, args.moves, args.repeat.max(1)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
