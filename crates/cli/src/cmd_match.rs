//! `katachi match`: play games between two GTP engines and tabulate them.
//!
//! Submodules: [`player`] starts and prepares engines, [`game`] plays and
//! adjudicates one game (legality on katachi's board, time on the runner's
//! clock) and has it counted (by `--referee`, or by both players, a
//! disagreement being reported as disputed), [`record`] writes the SGF,
//! [`tally`] sums up and prints.

mod game;
mod player;
mod record;
mod tally;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context as _};
use indicatif::{ProgressBar, ProgressStyle};
use katachi_board::{KoRule, MAX_SIZE, MIN_SIZE};
use katachi_gtp::client::{CommandLine, SpawnOptions, StderrMode};

use game::{Ending, Settings};
use player::{Player, TimeControl};
use tally::GameRow;

/// Arguments of `katachi match`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("who").required(true).args(["black", "engines"])))]
pub struct Args {
    /// Engine that plays Black in every game (with --white).
    #[arg(long, value_name = "CMD", requires = "white")]
    black: Option<String>,
    /// Engine that plays White in every game (with --black).
    #[arg(long, value_name = "CMD", requires = "black")]
    white: Option<String>,
    /// Two engines, A and B, alternating colours (A has Black in game 1).
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with_all = ["black", "white"])]
    engines: Option<Vec<String>>,
    /// Number of games.
    #[arg(short = 'n', long, default_value_t = 2)]
    games: usize,
    /// Board size.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Komi.
    #[arg(long, default_value_t = 7.5)]
    komi: f32,
    /// Seconds per move (time_settings 0 T 1); exceeding it loses.
    #[arg(long, value_name = "SECONDS", conflicts_with = "time_per_game")]
    time_per_move: Option<f64>,
    /// Seconds per game and player (time_settings T 0 0); exceeding it loses.
    #[arg(long, value_name = "SECONDS")]
    time_per_game: Option<f64>,
    /// Allowance over the time limit for process overhead, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    time_margin: f64,
    /// Without a time control: longest wait for one move before it is a
    /// time loss, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 600.0)]
    move_timeout: f64,
    /// Stop and score a game after this many moves (default: 3 x size x size).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Engine whose `final_score` decides games that end on passes or at
    /// the move cap. Without it both players are asked, and a game whose
    /// counts name different winners is reported as disputed (result `?`);
    /// a player is never the referee of its own game.
    #[arg(long, value_name = "CMD")]
    referee: Option<String>,
    /// Folder for the SGF of each game (game-001.sgf, ...).
    #[arg(long, value_name = "DIR")]
    sgf_dir: Option<PathBuf>,
    /// Check moves with positional superko instead of simple ko.
    #[arg(long)]
    superko: bool,
    /// Also write the results as JSON to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Pass the engines' standard error through.
    #[arg(long)]
    engine_stderr: bool,
    /// Random seed of game 1; game N gets SEED + N - 1, sent with
    /// `set_random_seed` to every engine that lists the command (katachi,
    /// GNU Go), so that games differ.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Send no seed: each engine plays with its own (deterministic engines
    /// then repeat their games).
    #[arg(long, conflicts_with = "seed")]
    no_seed: bool,
}

fn seconds(name: &str, value: f64) -> anyhow::Result<Duration> {
    if !(value.is_finite() && value >= 0.0) {
        bail!("{name} must be a non-negative number of seconds, not {value}");
    }
    Ok(Duration::from_secs_f64(value))
}

/// Run `katachi match`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&args.size) {
        bail!("--size must be between {MIN_SIZE} and {MAX_SIZE}");
    }
    let time = match (args.time_per_move, args.time_per_game) {
        (Some(t), _) => Some(TimeControl::PerMove(seconds("--time-per-move", t)?)),
        (_, Some(t)) => Some(TimeControl::PerGame(seconds("--time-per-game", t)?)),
        _ => None,
    };
    let settings = Settings {
        size: args.size,
        komi: args.komi,
        ko_rule: if args.superko {
            KoRule::PositionalSuperko
        } else {
            KoRule::Simple
        },
        time,
        margin: seconds("--time-margin", args.time_margin)?,
        move_timeout: seconds("--move-timeout", args.move_timeout)?,
        max_moves: args.max_moves.unwrap_or(3 * args.size * args.size),
    };
    let here = std::env::current_dir().context("cannot read the current directory")?;
    let command = |text: &str| -> anyhow::Result<CommandLine> {
        let mut cmd = CommandLine::parse(text)?;
        cmd.anchor_program(&here);
        Ok(cmd)
    };
    let (a, b, alternate) = match (&args.engines, &args.black, &args.white) {
        (Some(pair), _, _) => (command(&pair[0])?, command(&pair[1])?, true),
        (None, Some(black), Some(white)) => (command(black)?, command(white)?, false),
        _ => bail!("give --black CMD --white CMD, or --engines A B"),
    };
    let options = SpawnOptions {
        cwd: None,
        stderr: if args.engine_stderr {
            StderrMode::Inherit
        } else {
            StderrMode::Tail
        },
        default_timeout: Some(Duration::from_secs(60).max(settings.move_timeout)),
    };
    let mut referee = match &args.referee {
        Some(text) => {
            let mut referee = Player::new("referee", command(text)?, options.clone());
            // A referee that cannot start is a mistake in the command line
            // (a program not on PATH, say): an error now, not every
            // counted game void later.
            referee
                .engine()
                .with_context(|| format!("cannot start the referee ({text})"))?;
            Some(referee)
        }
        None => None,
    };
    let mut players = [
        Player::new("A", a, options.clone()),
        Player::new("B", b, options.clone()),
    ];
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the SGF folder {}", dir.display()))?;
    }

    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template("game {pos}/{len} [{bar:40}] {msg} ({elapsed})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let mut rows: Vec<GameRow> = Vec::new();
    for number in 1..=args.games {
        let swap = alternate && number % 2 == 0;
        let (black_index, white_index) = if swap { (1, 0) } else { (0, 1) };
        let [pa, pb] = &mut players;
        let (black, white) = if swap { (pb, pa) } else { (pa, pb) };
        let seed = (!args.no_seed).then(|| args.seed.wrapping_add(number as u64 - 1));
        black.new_game(settings.size, settings.komi, seed, settings.time)?;
        white.new_game(settings.size, settings.komi, seed, settings.time)?;
        let mut outcome = game::play([&mut *black, &mut *white], &settings)?;
        if matches!(outcome.ending, Ending::Score | Ending::MoveCap) {
            match &mut referee {
                Some(referee) => {
                    game::score(referee, &settings, &mut outcome);
                    game::note_player_counts([black, white], &settings, &mut outcome);
                }
                None => game::score_by_players([black, white], &settings, &mut outcome),
            }
        }
        let labels = [
            players[black_index].label.as_str(),
            players[white_index].label.as_str(),
        ];
        let mut row = GameRow::new(number, labels, &outcome);
        if let Some(dir) = &args.sgf_dir {
            let names = [
                players[black_index].name.as_str(),
                players[white_index].name.as_str(),
            ];
            let text = record::sgf(&outcome, &settings, number, names);
            let path = dir.join(format!("game-{number:03}.sgf"));
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            row.sgf = Some(path.display().to_string());
        }
        for note in &row.notes {
            bar.suspend(|| eprintln!("katachi match: game {number}: {note}"));
        }
        rows.push(row);
        let wins = |label: &str| {
            rows.iter()
                .filter(|r| r.winner.as_deref() == Some(label))
                .count()
        };
        bar.set_message(format!("A {} - B {}", wins("A"), wins("B")));
        bar.inc(1);
    }
    bar.finish_and_clear();
    for p in players.iter_mut() {
        p.quit();
    }
    if let Some(referee) = &mut referee {
        referee.quit();
    }

    let engines: Vec<(String, String, String)> = players
        .iter()
        .map(|p| (p.label.clone(), p.name.clone(), p.cmd.text().to_string()))
        .collect();
    let summary = tally::summarise(&engines, &rows);
    out!("{}", tally::table(&summary))?;
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&summary)?;
        std::fs::write(path, text + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
