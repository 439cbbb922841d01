//! `katachi bench influence-gnugo`: the time of one full computation of
//! katachi's GNU Go-style influence (the `influence` stage) on the 19x19
//! reference positions, beside GNU Go 3.8's own time for
//! `initial_influence` after `loadsgf`.
//!
//! Method. Positions: the 19x19 ones of
//! `SHARED/reference/analysis/gnugo-analysis.jsonl` (their boards from
//! `SHARED/reference/boards.jsonl`), the player to move as recorded.
//! katachi, in process: `full` is a new `Analysis` and its influence with
//! that player to move (worms, tactical reading, connections, dragons,
//! eyes and the influence stage); `stage` is the influence stage alone,
//! timed after the stages it reads were computed. GNU Go (`gnugo --mode
//! gtp`, one process): after `loadsgf FILE MOVE` is answered, `first` is
//! the wall time of the first `initial_influence COLOR territory_value`
//! (GNU Go examines the position, dragons and owl included, to answer it)
//! and `again` of the same command once more. Wall-clock means per
//! position, milliseconds. Kept in its own file so that the path-influence
//! bench (`bench influence`) can print this line beside its own.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use katachi_board::{Board, Color};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use serde_json::Value as Json;

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The shared corpus (reference positions and GNU Go's games).
    #[arg(long, default_value = "../shared")]
    shared: PathBuf,
    /// Positions to time (the first N 19x19 ones).
    #[arg(long, default_value_t = 20)]
    positions: usize,
    /// GNU Go's executable (skipped when it cannot be started).
    #[arg(long, default_value = "/usr/games/gnugo")]
    gnugo: PathBuf,
}

struct Position {
    sgf: String,
    mv: u64,
    to_move: Color,
    board: Board,
}

fn load(args: &Args) -> anyhow::Result<Vec<Position>> {
    let boards_path = args.shared.join("reference/boards.jsonl");
    let boards = std::fs::read_to_string(&boards_path)
        .with_context(|| format!("reading {}", boards_path.display()))?;
    let mut by_id = std::collections::HashMap::new();
    for (k, line) in boards.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Json = serde_json::from_str(line)
            .with_context(|| format!("{}:{}", boards_path.display(), k + 1))?;
        let size = v["size"].as_u64().unwrap_or(0) as usize;
        if size != 19 {
            continue;
        }
        let mut b = Board::new(size)?;
        for (r, row) in v["rows"].as_array().into_iter().flatten().enumerate() {
            for (c, ch) in row.as_str().unwrap_or("").chars().enumerate() {
                let stone = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                if let (Some(s), Some(p)) = (stone, b.point(r, c)) {
                    b.set_stone(p, Some(s));
                }
            }
        }
        by_id.insert(v["id"].as_u64().unwrap_or(0), b);
    }
    let path = args.shared.join("reference/analysis/gnugo-analysis.jsonl");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if out.len() == args.positions {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        let v: Json =
            serde_json::from_str(line).with_context(|| format!("{}:{}", path.display(), k + 1))?;
        let Some(board) = by_id.remove(&v["id"].as_u64().unwrap_or(0)) else {
            continue;
        };
        let mut board = board;
        let to_move = if v["to_move"].as_str() == Some("white") {
            Color::White
        } else {
            Color::Black
        };
        board.set_to_move(to_move);
        out.push(Position {
            sgf: v["sgf"].as_str().unwrap_or("").to_string(),
            mv: v["move"].as_u64().unwrap_or(0),
            to_move,
            board,
        });
    }
    if out.is_empty() {
        bail!(
            "no 19x19 reference positions under {}",
            args.shared.display()
        );
    }
    Ok(out)
}

/// Send one GTP command and read its answer up to the blank line.
fn ask(stdin: &mut impl Write, stdout: &mut impl BufRead, command: &str) -> anyhow::Result<String> {
    writeln!(stdin, "{command}")?;
    stdin.flush()?;
    let mut answer = String::new();
    loop {
        let mut line = String::new();
        if stdout.read_line(&mut line)? == 0 {
            bail!("gnugo closed its output after `{command}`");
        }
        if line.trim().is_empty() && !answer.is_empty() {
            return Ok(answer);
        }
        answer.push_str(&line);
    }
}

fn gnugo_times(args: &Args, positions: &[Position]) -> anyhow::Result<(Duration, Duration)> {
    let dir = args.shared.join("gnugo/regression");
    let mut child = Command::new(&args.gnugo)
        .args(["--mode", "gtp"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("starting {}", args.gnugo.display()))?;
    let mut stdin = child.stdin.take().context("gnugo's input")?;
    let mut stdout = BufReader::new(child.stdout.take().context("gnugo's output")?);
    let (mut first, mut again) = (Duration::ZERO, Duration::ZERO);
    for p in positions {
        let color = if p.to_move == Color::White {
            "white"
        } else {
            "black"
        };
        let a = ask(
            &mut stdin,
            &mut stdout,
            &format!("loadsgf {} {}", p.sgf, p.mv),
        )?;
        if !a.starts_with('=') {
            bail!("gnugo refused loadsgf {} {}: {a}", p.sgf, p.mv);
        }
        let cmd = format!("initial_influence {color} territory_value");
        let t = Instant::now();
        ask(&mut stdin, &mut stdout, &cmd)?;
        first += t.elapsed();
        let t = Instant::now();
        ask(&mut stdin, &mut stdout, &cmd)?;
        again += t.elapsed();
    }
    let _ = ask(&mut stdin, &mut stdout, "quit");
    let _ = child.wait();
    Ok((first, again))
}

fn ms(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1000.0 / n as f64
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let positions = load(&args)?;
    let n = positions.len();
    let (mut full, mut stage, mut first_pass) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for p in &positions {
        let t = Instant::now();
        let a = Analysis::new(p.board.clone(), AnalysisConfig::default());
        let _ = a.influence(p.to_move);
        full += t.elapsed();
        let b = Analysis::new(p.board.clone(), AnalysisConfig::default());
        let _ = (b.worms(), b.cuts(), b.dragons(), b.eyes());
        let t = Instant::now();
        let _ = b.influence(p.to_move);
        stage += t.elapsed();
        // One pass alone: the first (full strength) of a fresh analysis
        // whose earlier stages are done.
        let c = Analysis::new(p.board.clone(), AnalysisConfig::default());
        let _ = (c.worms(), c.cuts(), c.dragons(), c.eyes());
        let t = Instant::now();
        let _ = c.first_influence(p.to_move);
        first_pass += t.elapsed();
    }
    // The stage is two passes: the first for both colours (escape routes
    // and moyo read it, and the weakness the second radiates by), then
    // the second.
    outln!(
        "influence (GNU Go style), 19x19, {n} positions: katachi full {:.2} ms, \
         stage {:.2} ms (one pass {:.2} ms)",
        ms(full, n),
        ms(stage, n),
        ms(first_pass, n)
    )?;
    match gnugo_times(&args, &positions) {
        Ok((first, again)) => outln!(
            "  gnugo 3.8 initial_influence after loadsgf: first {:.2} ms, again {:.2} ms",
            ms(first, n),
            ms(again, n)
        )?,
        Err(e) => outln!("  gnugo not timed: {e:#}")?,
    }
    Ok(ExitCode::SUCCESS)
}
