//! `katachi bench score`: scoring finished games, katachi beside GNU Go.
//!
//! Method: every SGF under `--dir` (recursively) whose `RE` is a number of
//! points (`B+3.5`, `W+12`; resignations, time losses and unknown results
//! are skipped) is loaded whole with `loadsgf FILE` in both engines, which
//! then answer `final_score` by the record's rules: territory counting
//! for `RU[Japanese]` (and records without `RU`), area counting for every
//! other rule set (Chinese, AGA, New Zealand, Tromp-Taylor). katachi is
//! told with `kgs-rules`; GNU Go 3.8 has no GTP command for rules, so two
//! GNU Go processes run, one with `--chinese-rules`. Each answer is
//! compared with the record: the same winner, and the same margin.
//! Figures: games, right winner, exact margin, seconds per game.
//!
//! The records' results are what the players agreed (or a server counted)
//! and include komi; a record whose game was not played out to the end
//! is scored as it stands by both engines, which is the test.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use katachi_gtp::client::{CommandLine, Engine, SpawnOptions, StderrMode};

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Folder of game records (default: ../shared/gnugo/regression/games).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Score only the first N games (in file name order).
    #[arg(long)]
    games: Option<usize>,
    /// Score only every K-th game (a sample spread over the folder).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// GNU Go's command line (run twice: as given and with --chinese-rules).
    /// Each answer may take up to --timeout seconds; an engine that fails
    /// is restarted for the next game.
    #[arg(long, default_value = "/usr/games/gnugo --mode gtp")]
    peer: String,
    /// Seconds allowed for one game's loadsgf and final_score.
    #[arg(long, default_value_t = 120.0)]
    timeout: f64,
    /// Do not run GNU Go.
    #[arg(long)]
    no_peer: bool,
}

/// A record to score.
struct Game {
    path: PathBuf,
    area: bool,
    margin: f32,
}

/// Tally of one engine.
#[derive(Default)]
struct Tally {
    games: usize,
    winner: usize,
    exact: usize,
    failed: usize,
    seconds: f64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("../shared/gnugo/regression/games"));
    let dir = dir
        .canonicalize()
        .with_context(|| format!("cannot open {}", dir.display()))?;
    let mut files = Vec::new();
    collect(&dir, &mut files)?;
    files.sort();
    let mut games: Vec<Game> = files.iter().filter_map(|f| record(f)).collect();
    let every = args.every.max(1);
    games = games.into_iter().step_by(every).collect();
    if let Some(n) = args.games {
        games.truncate(n);
    }
    outln!(
        "{} game records with a points result under {} (every {every})",
        games.len(),
        dir.display()
    )?;
    let exe = std::env::current_exe().context("cannot locate the katachi executable")?;
    let options = SpawnOptions {
        stderr: StderrMode::Null,
        default_timeout: Some(Duration::from_secs_f64(args.timeout.max(1.0))),
        ..SpawnOptions::default()
    };
    let ours_cmd = CommandLine::from_parts(exe.to_string_lossy(), &["gtp"]);
    let mut ours = Engine::spawn(&ours_cmd, &options)?;
    let peer_cmds = if args.no_peer {
        None
    } else {
        Some((
            CommandLine::parse(&args.peer)?,
            CommandLine::parse(&format!("{} --chinese-rules", args.peer))?,
        ))
    };
    let mut peers = match &peer_cmds {
        None => None,
        Some((japanese, chinese)) => Some((
            Engine::spawn(japanese, &options)?,
            Engine::spawn(chinese, &options)?,
        )),
    };
    let (mut t_ours, mut t_peer) = (Tally::default(), Tally::default());
    for g in &games {
        let file = g.path.to_string_lossy();
        let rules = if g.area { "chinese" } else { "japanese" };
        let start = Instant::now();
        let answer = ours
            .ok(&format!("kgs-rules {rules}"))
            .and_then(|_| ours.ok(&format!("loadsgf {file}")))
            .and_then(|_| ours.ok("final_score"));
        report("katachi", g, &answer);
        if answer.is_err() {
            // A time-out leaves the engine unusable: a fresh one for the
            // next game, so that one failure stays one.
            ours = Engine::spawn(&ours_cmd, &options)?;
        }
        tally(&mut t_ours, g, answer.ok().as_deref(), start);
        if let (Some((japanese, chinese)), Some((jcmd, ccmd))) = (peers.as_mut(), &peer_cmds) {
            let (peer, cmd) = if g.area {
                (chinese, ccmd)
            } else {
                (japanese, jcmd)
            };
            let start = Instant::now();
            let answer = peer
                .ok(&format!("loadsgf {file}"))
                .and_then(|_| peer.ok("final_score"));
            report("gnugo", g, &answer);
            if answer.is_err() {
                *peer = Engine::spawn(cmd, &options)?;
            }
            tally(&mut t_peer, g, answer.ok().as_deref(), start);
        }
    }
    outln!(
        "{:<10} {:>6} {:>14} {:>14} {:>7} {:>8}",
        "engine",
        "games",
        "right winner",
        "exact margin",
        "failed",
        "s/game"
    )?;
    let line = |name: &str, t: &Tally| {
        let pct = |n: usize| 100.0 * n as f64 / t.games.max(1) as f64;
        outln!(
            "{name:<10} {:>6} {:>6} {:>6.1}% {:>6} {:>6.1}% {:>7} {:>8.3}",
            t.games,
            t.winner,
            pct(t.winner),
            t.exact,
            pct(t.exact),
            t.failed,
            t.seconds / t.games.max(1) as f64
        )
    };
    line("katachi", &t_ours)?;
    if peers.is_some() {
        line("gnugo 3.8", &t_peer)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A wrong or failed answer, on standard error.
fn report(who: &str, g: &Game, answer: &Result<String, katachi_gtp::client::ClientError>) {
    match answer {
        Ok(a) if parse_result(a).is_some_and(|m| (m - g.margin).abs() < 0.01) => {}
        Ok(a) => eprintln!("{who}: {}: {a} (record {:+})", g.path.display(), g.margin),
        Err(e) => eprintln!("{who}: {}: failed: {e}", g.path.display()),
    }
}

fn tally(t: &mut Tally, g: &Game, answer: Option<&str>, start: Instant) {
    t.games += 1;
    t.seconds += start.elapsed().as_secs_f64();
    match answer.and_then(parse_result) {
        Some(m) => {
            if m.signum() == g.margin.signum() {
                t.winner += 1;
            }
            if (m - g.margin).abs() < 0.01 {
                t.exact += 1;
            }
        }
        None => t.failed += 1,
    }
}

/// Black's margin from `B+3.5`, `W+12`, `0`.
fn parse_result(text: &str) -> Option<f32> {
    let text = text.trim();
    if text == "0" || text.eq_ignore_ascii_case("draw") || text == "Jigo" {
        return Some(0.0);
    }
    let (sign, rest) = if let Some(r) = text.strip_prefix("B+") {
        (1.0, r)
    } else if let Some(r) = text.strip_prefix("W+") {
        (-1.0, r)
    } else {
        return None;
    };
    let number: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    number.parse::<f32>().ok().map(|m| sign * m)
}

/// A record with a points result, and its rules.
fn record(path: &Path) -> Option<Game> {
    let bytes = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let property = |name: &str| -> Option<String> {
        let at = text.find(&format!("{name}["))?;
        let rest = &text[at + name.len() + 1..];
        Some(rest[..rest.find(']')?].to_string())
    };
    let result = property("RE")?;
    let margin = parse_result(&result)?;
    let rules = property("RU").unwrap_or_default().to_ascii_lowercase();
    let area = !(rules.is_empty() || rules.starts_with("japan"));
    Some(Game {
        path: path.to_path_buf(),
        area,
        margin,
    })
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_result;

    #[test]
    fn results_parse() {
        assert_eq!(parse_result("B+3.5"), Some(3.5));
        assert_eq!(parse_result("W+12"), Some(-12.0));
        assert_eq!(parse_result("0"), Some(0.0));
        assert_eq!(parse_result("W+R"), None);
        assert_eq!(parse_result("B+Resign"), None);
        assert_eq!(parse_result("?"), None);
    }
}
