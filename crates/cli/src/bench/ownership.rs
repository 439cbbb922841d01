//! `katachi bench ownership`: which model predicts the end of a game best
//! (issue 12, "Measured accuracy"). The method is [`METHOD`], printed by
//! `katachi bench ownership --help`.
//!
//! The models are one list ([`MODELS`]): a name and a function from a
//! position to one value per point. Adding a model (katachi's GNU Go-style
//! influence once `Analysis::influence()` exists) is one entry and one
//! function.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use katachi_board::{Board, Cell, Color};
use katachi_gtp::client::{CommandLine, Engine, SpawnOptions, StderrMode};
use katachi_pathinf::{territory, PathConfig, PathInfluence, PathSet, PathTables, TerritoryConfig};
use katachi_sgf::{load, Target};

/// The method, as `--help` prints it.
pub const METHOD: &str = "\
METHOD

Games: every .sgf under --dir (default $KATACHI_SHARED/gnugo/regression/games,
else ../shared/gnugo/regression/games), in path order, whose RE is a points
result (B+12.5, W+3), with at least --min-moves moves; the main line is
followed. --games N stops after N kept games.

Final owner of every point, from live GNU Go (--gnugo): loadsgf of the whole
game and final_score, which must equal the recorded result (same winner, same
margin) or the game is dropped; then final_status_list black_territory,
white_territory and dead. A point in a territory list is that player's, a
stone its colour's unless dead (then the opponent's), any other point (dame,
seki liberties) nobody's.

Checkpoints: after round(50%) and round(75%) of the game's moves (katachi loads
the record up to there, GNU Go gets `loadsgf FILE k+1`; both must agree on the
player to move).

Models, each giving every point a value in [-1, 1], positive for Black:
  gnugo           GNU Go's `initial_influence <to move> territory_value`, live
                  (White positive there, negated here; dead stones count 2
                  there, clipped to 1).
  gnugo-regions   the same where |value| >= 0.05; elsewhere GNU Go's
                  `initial_influence <to move> influence_regions` (White's
                  area 1, moyo 2, territory 3 as -0.25, -0.5, -0.75; Black's
                  likewise positive; stones left to the stone rule).
  path            katachi's path influence (katachi-pathinf, default range 5,
                  greedy paths) with both territory layers: territory and live
                  stones +-1, contested points 0, elsewhere half the influence
                  in units of f(1), clipped to +-0.5.
  path-proto      the same without the dead-group layer (proto-territory only).
  path-influence  the influence alone: its sign as +-0.5, stones +-1.
  path-range7, path-monotone, path-dead<-4, path-dead<4
                  exploratory variants of `path` with one parameter changed:
                  range 7, every shortest path, a group dead below safety -4
                  or below 4 (default 0). Not tuned: the defaults stay the
                  seed's whatever these show.
  katachi-territory  katachi's GNU Go-style influence stage (Analysis::influence,
                  embedded databases) for the player to move: its territory
                  value, as `gnugo` reads GNU Go's.
  katachi-regions the same with its region codes where the value is about 0,
                  as `gnugo-regions`.
  mc-ownership    Monte Carlo ownership: the mean final owner over 500
                  playouts of katachi's 3x3 pattern policy (half with each
                  colour first), what final_status and kata-analyze use.

Prediction: the sign of the value; a 0 on a stone predicts the stone's colour,
a 0 elsewhere predicts nobody. Figure: per model and checkpoint, the share of
all points of all kept games whose predicted owner is the final owner.
Calibration: per model, both checkpoints pooled, the points by value bin and
the share of them finally Black's, White's and nobody's.";

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Folder of game records (searched recursively).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Use at most this many games (those kept after the score check).
    #[arg(long)]
    games: Option<usize>,
    /// GNU Go's command line.
    #[arg(long, default_value = "/usr/games/gnugo --mode gtp")]
    gnugo: String,
    /// Time limit per GTP command, in seconds.
    #[arg(long, default_value_t = 300.0)]
    timeout: f64,
    /// Games with fewer moves are skipped.
    #[arg(long, default_value_t = 20)]
    min_moves: usize,
}

/// The fractions of a game where the models predict.
const CHECKPOINTS: [f64; 2] = [0.5, 0.75];

/// What a model sees: the position at a checkpoint.
struct Position<'a> {
    board: &'a Board,
    to_move: Color,
    /// The record (absolute path) and GNU Go's `loadsgf` move argument.
    sgf: &'a Path,
    load_arg: usize,
}

/// What the models share: GNU Go and katachi's path tables.
struct Tools {
    gnugo: Engine,
    /// The position GNU Go holds (record, `loadsgf` argument), so that
    /// two models of one position load it once (GNU Go then reuses its
    /// analysis).
    gnugo_at: Option<(PathBuf, usize)>,
    /// By (size, range, monotone?).
    tables: BTreeMap<(usize, u8, bool), Arc<PathTables>>,
}

impl Tools {
    fn tables(&mut self, size: usize, config: PathConfig) -> anyhow::Result<Arc<PathTables>> {
        let key = (size, config.range, config.path_set == PathSet::Monotone);
        if let Some(t) = self.tables.get(&key) {
            return Ok(t.clone());
        }
        let t = Arc::new(PathTables::new(size, config)?);
        self.tables.insert(key, t.clone());
        Ok(t)
    }
}

/// A model: per point (row-major, row 0 at the top) a value in [-1, 1],
/// positive for Black.
type Predict = fn(&mut Tools, &Position) -> anyhow::Result<Vec<f64>>;

/// The models, in the order printed.
const MODELS: &[(&str, Predict)] = &[
    ("gnugo", gnugo_territory_value),
    ("gnugo-regions", gnugo_with_regions),
    ("path", path_full),
    ("path-proto", path_proto),
    ("path-influence", path_influence),
    ("path-range7", path_range7),
    ("path-monotone", path_monotone),
    ("path-dead<-4", path_dead_below_m4),
    ("path-dead<4", path_dead_below_p4),
    ("katachi-territory", katachi_territory),
    ("katachi-regions", katachi_regions),
    ("mc-ownership", mc_ownership),
];

/// katachi's GNU Go-style influence stage (`Analysis::influence`, the
/// embedded databases) for the player to move: its territory value
/// (White positive there, negated here, clipped to 1), and with
/// `regions` its region codes where the value is about 0 (as
/// `gnugo-regions` does with GNU Go's).
fn katachi_influence(pos: &Position, regions: bool) -> Vec<f64> {
    let analysis = katachi_engine::analysis::Analysis::new(
        pos.board.clone(),
        katachi_engine::analysis::AnalysisConfig::default(),
    );
    let inf = analysis.influence(pos.to_move);
    let n = pos.board.size();
    (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .map(|(r, c)| {
            let p = pos.board.point(r, c).expect("on the board");
            let v = -f64::from(inf.territory_value(pos.board, p));
            if regions && v.abs() < 0.05 {
                -f64::from(inf.region(pos.board, p)) / 4.0
            } else {
                v.clamp(-1.0, 1.0)
            }
        })
        .collect()
}

fn katachi_territory(_: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    Ok(katachi_influence(pos, false))
}

fn katachi_regions(_: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    Ok(katachi_influence(pos, true))
}

/// Monte Carlo ownership: the mean final owner over 500 playouts of
/// katachi's pattern policy from the position (half with each colour
/// first), what `final_status` and `kata-analyze ownership` use.
fn mc_ownership(_: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    let config = katachi_mc::StatusConfig {
        playouts: 500,
        ..katachi_mc::StatusConfig::default()
    };
    let status =
        katachi_mc::final_status(pos.board, &katachi_mc::Policy::katachi(), &config, &|_| {
            false
        });
    let n = pos.board.size();
    Ok((0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .map(|(r, c)| {
            let p = pos.board.point(r, c).expect("on the board");
            f64::from(status.ownership[p.index()])
        })
        .collect())
}

/// GNU Go's `initial_influence <to move> KEY` at the position, as numbers
/// row-major (row 0 at the top).
fn gnugo_grid(tools: &mut Tools, pos: &Position, key: &str) -> anyhow::Result<Vec<f64>> {
    let size = pos.board.size();
    let at = (pos.sgf.to_path_buf(), pos.load_arg);
    if tools.gnugo_at.as_ref() != Some(&at) {
        tools
            .gnugo
            .ok(&format!("loadsgf {} {}", pos.sgf.display(), pos.load_arg))?;
        tools.gnugo_at = Some(at);
    }
    let color = match pos.to_move {
        Color::Black => "black",
        Color::White => "white",
    };
    let text = tools
        .gnugo
        .ok(&format!("initial_influence {color} {key}"))?;
    let v: Vec<f64> = text
        .split_whitespace()
        .map(|w| w.parse::<f64>())
        .collect::<Result<_, _>>()
        .with_context(|| format!("GNU Go's {key} is not numbers: {text:?}"))?;
    anyhow::ensure!(
        v.len() == size * size,
        "GNU Go's {key} has {} values for a {size}x{size} board",
        v.len()
    );
    Ok(v)
}

fn gnugo_territory_value(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    let v = gnugo_grid(tools, pos, "territory_value")?;
    Ok(v.into_iter().map(|x| (-x).clamp(-1.0, 1.0)).collect())
}

/// territory_value where it is not about 0, else GNU Go's influence
/// regions (area 1, moyo 2, territory 3 as 0.25 a step; stones left to
/// the stone rule).
fn gnugo_with_regions(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    let tv = gnugo_territory_value(tools, pos)?;
    let regions = gnugo_grid(tools, pos, "influence_regions")?;
    Ok(tv
        .into_iter()
        .zip(regions)
        .map(|(t, r)| {
            if t.abs() >= 0.05 || r.abs() > 3.5 {
                t
            } else {
                -0.25 * r
            }
        })
        .collect())
}

/// katachi's path model (paths `paths`) with the territory layers `cfg`,
/// or the influence alone when `cfg` is `None`.
fn path_model(
    tools: &mut Tools,
    pos: &Position,
    paths: PathConfig,
    cfg: Option<TerritoryConfig>,
) -> anyhow::Result<Vec<f64>> {
    let b = pos.board;
    let size = b.size();
    let tables = tools.tables(size, paths)?;
    let scale = f64::from(tables.config().scale);
    let inf = PathInfluence::from_board(tables, b);
    let map = cfg.map(|c| territory(b, inf.values(), &c));
    let mut out = Vec::with_capacity(size * size);
    for r in 0..size {
        for c in 0..size {
            let p = b.point(r, c).expect("on the board");
            let i = p.index();
            let signed = |col: Color| if col == Color::Black { 1.0 } else { -1.0 };
            let v = match &map {
                Some(m) if m.contested[i] => 0.0,
                Some(m) => match m.owner(b, i) {
                    Some(col) => signed(col),
                    None => (0.5 * f64::from(inf.values()[i]) / scale).clamp(-0.5, 0.5),
                },
                None => match b.cell(p) {
                    Cell::Black => 1.0,
                    Cell::White => -1.0,
                    _ => 0.5 * f64::from(inf.values()[i].signum()),
                },
            };
            out.push(v);
        }
    }
    Ok(out)
}

fn path_full(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    path_model(
        tools,
        pos,
        PathConfig::default(),
        Some(TerritoryConfig::default()),
    )
}

fn path_proto(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    let cfg = TerritoryConfig {
        dead_groups: false,
        ..TerritoryConfig::default()
    };
    path_model(tools, pos, PathConfig::default(), Some(cfg))
}

fn path_influence(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    path_model(tools, pos, PathConfig::default(), None)
}

// Exploratory variants of `path` (one parameter changed each), to show how
// much the defaults matter; the defaults stay the seed's.

fn path_range7(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    let paths = PathConfig {
        range: 7,
        ..PathConfig::default()
    };
    path_model(tools, pos, paths, Some(TerritoryConfig::default()))
}

fn path_monotone(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    let paths = PathConfig {
        path_set: PathSet::Monotone,
        ..PathConfig::default()
    };
    path_model(tools, pos, paths, Some(TerritoryConfig::default()))
}

fn path_dead_below(tools: &mut Tools, pos: &Position, dead_below: i32) -> anyhow::Result<Vec<f64>> {
    let cfg = TerritoryConfig {
        dead_below,
        ..TerritoryConfig::default()
    };
    path_model(tools, pos, PathConfig::default(), Some(cfg))
}

fn path_dead_below_m4(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    path_dead_below(tools, pos, -4)
}

fn path_dead_below_p4(tools: &mut Tools, pos: &Position) -> anyhow::Result<Vec<f64>> {
    path_dead_below(tools, pos, 4)
}

/// A points result `B+12.5` as (winner, margin).
fn points_result(re: &str) -> Option<(char, f64)> {
    let re = re.trim();
    let (who, rest) = re.split_once('+')?;
    let who = match who.trim() {
        "B" | "b" => 'B',
        "W" | "w" => 'W',
        _ => return None,
    };
    let margin: f64 = rest.trim().parse().ok()?;
    (margin > 0.0).then_some((who, margin))
}

/// The SGF files under `dir`, recursively (the extension in any case).
pub(super) fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let rd = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for e in rd {
        let p = e?.path();
        if p.is_dir() {
            sgf_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
    Ok(())
}

/// Final owner per point (row-major): +1 Black, -1 White, 0 nobody.
fn final_owner(gnugo: &mut Engine, board: &Board) -> anyhow::Result<Vec<i8>> {
    let size = board.size();
    let mut owner = vec![0i8; size * size];
    let at = |p: katachi_board::Point| {
        let (r, c) = board.row_col(p);
        r * size + c
    };
    for p in board.points() {
        owner[at(p)] = match board.cell(p) {
            Cell::Black => 1,
            Cell::White => -1,
            _ => 0,
        };
    }
    for (list, value) in [
        ("dead", 0i8),
        ("black_territory", 1),
        ("white_territory", -1),
    ] {
        let text = gnugo.ok(&format!("final_status_list {list}"))?;
        for v in text.split_whitespace() {
            let p = board
                .parse_vertex(v)
                .map_err(|e| anyhow::anyhow!("GNU Go's final_status_list {list}: {e}"))?;
            owner[at(p)] = if list == "dead" { -owner[at(p)] } else { value };
        }
    }
    Ok(owner)
}

/// Value bins of the calibration table (upper bounds, inclusive at 1).
const BINS: [(f64, &str); 7] = [
    (-0.9, "[-1, -0.9]"),
    (-0.5, "(-0.9, -0.5]"),
    (-0.05, "(-0.5, -0.05]"),
    (0.05, "(-0.05, 0.05)"),
    (0.5, "[0.05, 0.5)"),
    (0.9, "[0.5, 0.9)"),
    (1.0, "[0.9, 1]"),
];

fn bin(v: f64) -> usize {
    match v {
        v if v <= -0.9 => 0,
        v if v <= -0.5 => 1,
        v if v <= -0.05 => 2,
        v if v < 0.05 => 3,
        v if v < 0.5 => 4,
        v if v < 0.9 => 5,
        _ => 6,
    }
}

#[derive(Default, Clone)]
struct Tally {
    /// Per checkpoint: (points, correct).
    score: [(u64, u64); 2],
    /// Per bin: points finally [Black, White, nobody's].
    calib: [[u64; 3]; 7],
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let dir = args.dir.clone().unwrap_or_else(|| {
        std::env::var_os("KATACHI_SHARED")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("../shared"))
            .join("gnugo/regression/games")
    });
    let mut files = Vec::new();
    sgf_files(&dir, &mut files)?;
    files.sort();
    let cmd = CommandLine::parse(&args.gnugo)?;
    let options = SpawnOptions {
        cwd: None,
        stderr: StderrMode::Tail,
        default_timeout: Some(Duration::from_secs_f64(args.timeout)),
    };
    let mut tools = Tools {
        gnugo: Engine::spawn(&cmd, &options)?,
        gnugo_at: None,
        tables: BTreeMap::new(),
    };
    let mut tallies = vec![Tally::default(); MODELS.len()];
    let (mut with_points, mut kept, mut score_differs, mut unreadable, mut short) = (0, 0, 0, 0, 0);
    let mut first_error: Option<String> = None;
    let mut read = 0;
    for file in &files {
        if args.games.is_some_and(|n| kept >= n) {
            break;
        }
        read += 1;
        let text = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
        let Ok(coll) = katachi_sgf::parse_bytes(&text) else {
            unreadable += 1;
            continue;
        };
        let Some(root) = coll.games.first() else {
            continue;
        };
        let Some((winner, margin)) = root.get("RE").and_then(points_result) else {
            continue;
        };
        with_points += 1;
        let moves = root
            .main_line()
            .filter(|n| n.property("B").is_some() || n.property("W").is_some())
            .count();
        if moves < args.min_moves {
            short += 1;
            continue;
        }
        let abs = file.canonicalize().unwrap_or_else(|_| file.clone());
        let end = match load(root, Target::End, &[]) {
            Ok(l) => l,
            Err(e) => {
                unreadable += 1;
                first_error.get_or_insert_with(|| format!("{}: {e}", file.display()));
                continue;
            }
        };
        tools.gnugo_at = None;
        tools.gnugo.ok(&format!("loadsgf {}", abs.display()))?;
        let score = tools.gnugo.ok("final_score")?;
        match points_result(&score) {
            Some((w, m)) if w == winner && (m - margin).abs() < 1e-6 => {}
            _ => {
                score_differs += 1;
                continue;
            }
        }
        let owner = final_owner(&mut tools.gnugo, &end.board)?;
        // The positions at the checkpoints, and every model's values there.
        let mut ok = true;
        let mut per_model: Vec<[Vec<f64>; 2]> = vec![[Vec::new(), Vec::new()]; MODELS.len()];
        let mut boards = Vec::new();
        for (ci, frac) in CHECKPOINTS.iter().enumerate() {
            let k = ((moves as f64) * frac).round() as usize;
            let loaded = load(root, Target::BeforeMove(k + 1), &[])
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            let gg_to_move = tools
                .gnugo
                .ok(&format!("loadsgf {} {}", abs.display(), k + 1))?;
            tools.gnugo_at = Some((abs.clone(), k + 1));
            let ours = match loaded.to_move {
                Color::Black => "black",
                Color::White => "white",
            };
            if gg_to_move.trim() != ours {
                ok = false;
                first_error.get_or_insert_with(|| {
                    format!(
                        "{}: move {}: GNU Go has {gg_to_move} to move, katachi {ours}",
                        file.display(),
                        k + 1
                    )
                });
                break;
            }
            let pos = Position {
                board: &loaded.board,
                to_move: loaded.to_move,
                sgf: &abs,
                load_arg: k + 1,
            };
            for (m, (_, predict)) in MODELS.iter().enumerate() {
                per_model[m][ci] = predict(&mut tools, &pos)?;
            }
            boards.push(loaded.board);
        }
        if !ok {
            unreadable += 1;
            continue;
        }
        kept += 1;
        eprintln!("bench ownership: game {kept}: {}", file.display());
        for (m, values) in per_model.iter().enumerate() {
            for (ci, vals) in values.iter().enumerate() {
                let b = &boards[ci];
                let size = b.size();
                for (j, &v) in vals.iter().enumerate() {
                    let p = b.point(j / size, j % size).expect("on the board");
                    let predicted: i8 = if v > 0.0 {
                        1
                    } else if v < 0.0 {
                        -1
                    } else {
                        match b.cell(p) {
                            Cell::Black => 1,
                            Cell::White => -1,
                            _ => 0,
                        }
                    };
                    let t = &mut tallies[m];
                    t.score[ci].0 += 1;
                    if predicted == owner[j] {
                        t.score[ci].1 += 1;
                    }
                    let fin = match owner[j] {
                        1 => 0,
                        -1 => 1,
                        _ => 2,
                    };
                    t.calib[bin(v)][fin] += 1;
                }
            }
        }
    }
    tools.gnugo.quit();
    outln!(
        "bench ownership: {} records under {}; {read} read (--games stops early), {with_points} with a points result; {kept} games kept ({score_differs} dropped: GNU Go's final_score differs from RE; {short} shorter than {} moves; {unreadable} unreadable or out of step)",
        files.len(),
        dir.display(),
        args.min_moves
    )?;
    if let Some(e) = first_error {
        outln!("first load problem: {e}")?;
    }
    let points: u64 = tallies.first().map_or(0, |t| t.score[0].0);
    outln!(
        "points per checkpoint: {points}; share whose predicted owner is GNU Go's final owner:"
    )?;
    outln!("{:<16} {:>8} {:>8}", "model", "50%", "75%")?;
    for ((name, _), t) in MODELS.iter().zip(&tallies) {
        let share = |(n, ok): (u64, u64)| 100.0 * ok as f64 / n.max(1) as f64;
        outln!(
            "{name:<16} {:>7.2}% {:>7.2}%",
            share(t.score[0]),
            share(t.score[1])
        )?;
    }
    for ((name, _), t) in MODELS.iter().zip(&tallies) {
        outln!()?;
        outln!("calibration of {name} (value positive for Black; both checkpoints):")?;
        outln!(
            "{:<14} {:>9} {:>9} {:>9} {:>9}",
            "value",
            "points",
            "final B",
            "final W",
            "nobody"
        )?;
        for (b, (_, label)) in BINS.iter().enumerate() {
            let row = t.calib[b];
            let n: u64 = row.iter().sum();
            if n == 0 {
                continue;
            }
            let pct = |x: u64| 100.0 * x as f64 / n as f64;
            outln!(
                "{label:<14} {n:>9} {:>8.1}% {:>8.1}% {:>8.1}%",
                pct(row[0]),
                pct(row[1]),
                pct(row[2])
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
