//! `katachi explain FILE.sgf --move N`: the classic move generator's
//! account of one move of a game record, as the GTP command
//! `explain_move` gives it (every reason with its source, each value
//! part, and why the move beat the next best or lost to the best).
//!
//! The position is the one before move N (GNU Go's `loadsgf FILE N`
//! convention, `--at VERTEX` as `katachi show`); the move explained is
//! the one the record plays there, or, with `--vertex`, the one named, or,
//! when the record has no move there (or with `--engine-choice`), the
//! classic engine's own choice. The engine's choice and its top moves are
//! printed first, so that the explanation can be compared with them.
//!
//! Also the home of [`classic_session`], the GTP session on a loaded
//! position that `katachi analyze --sgf` uses too: the CLI answers with
//! the very commands a GTP controller would send, so both give the same
//! figures.

use std::process::ExitCode;

use anyhow::Context;
use katachi_board::Move;
use katachi_engine::analysis::AnalysisConfig;
use katachi_engine::autohelper::HandicapStones;
use katachi_engine::reading::ReadConfig;
use katachi_gtp::{Config, Engine, Session};

use crate::cmd_show::{self, Position, PositionArgs};

/// Arguments of `katachi explain`.
#[derive(clap::Args)]
pub struct Args {
    /// The position (before move N).
    #[command(flatten)]
    pub position: PositionArgs,
    /// Explain this move instead of the record's (a vertex such as `D4`).
    #[arg(long, value_name = "VERTEX", conflicts_with = "engine_choice")]
    pub vertex: Option<String>,
    /// Explain the classic engine's own choice, not the record's move.
    #[arg(long)]
    pub engine_choice: bool,
    /// The engine's options, as `katachi gtp` takes them.
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// The classic engine's options shared by `explain` and `analyze --sgf`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct EngineArgs {
    /// Replace one of the engine's pattern databases by a `.db` file, as
    /// `katachi gtp --patterns` (repeatable; `shapes` twice loads GNU Go's
    /// patterns.db and patterns2.db together).
    #[arg(long = "patterns", value_name = "NAME=FILE")]
    pub patterns: Vec<String>,
    /// Reading depth as GNU Go's --level (1-10).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub level: u32,
}

/// A GTP session of the classic engine on `position` (its komi, handicap
/// and player to move).
pub fn classic_session(position: &Position, engine: &EngineArgs) -> anyhow::Result<Session> {
    let knowledge = crate::cmd_gtp::load_knowledge(&engine.patterns)?;
    let loaded = &position.loaded;
    let config = Config {
        analysis: AnalysisConfig {
            knowledge,
            reading: ReadConfig::at_level(engine.level),
            handicap: loaded.handicap.map(|h| HandicapStones {
                total: h as u32,
                remaining: 0,
            }),
            ..AnalysisConfig::default()
        },
        engine: Engine::Classic,
        ..Config::default()
    };
    let mut session = Session::new(config);
    let mut board = loaded.board.clone();
    board.set_to_move(loaded.to_move);
    session.set_board(board);
    if let Some(k) = loaded.komi {
        session.set_komi(k);
    }
    if let Some(h) = loaded.handicap {
        session.set_handicap(h);
    }
    Ok(session)
}

/// Run GTP command `name` on `session`; its failure is an error.
pub fn command(session: &mut Session, name: &str, words: &[&str]) -> anyhow::Result<String> {
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    session
        .run_command(name, &words)
        .map_err(|e| anyhow::anyhow!("{name} {}: {e}", words.join(" ")))
}

/// The move the record plays at the loaded position, if any.
fn move_played(args: &PositionArgs, position: &Position) -> anyhow::Result<Option<Move>> {
    let next = PositionArgs {
        file: args.file.clone(),
        // Before move m + 2: the first m + 1 moves are played.
        move_number: Some(position.loaded.moves_played + 2),
        at: None,
        variation: args.variation.clone(),
    };
    let after = cmd_show::load_position(&next)?;
    if after.loaded.moves_played != position.loaded.moves_played + 1 {
        return Ok(None);
    }
    Ok(after.loaded.board.history().last().map(|&(_, m)| m))
}

/// Run `katachi explain`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let position = cmd_show::load_position(&args.position)?;
    let name = args.position.file.display().to_string();
    let mut session = classic_session(&position, &args.engine)?;
    let board = session.board().clone();
    // A vertex off the board is an error at once, before the engine's
    // generation and top moves (seconds of reading) are computed.
    if let Some(v) = args
        .vertex
        .as_deref()
        .filter(|v| !v.eq_ignore_ascii_case("pass"))
    {
        board
            .parse_vertex(v)
            .with_context(|| format!("{name}: cannot explain {v}"))?;
    }
    let color = if board.to_move() == katachi_board::Color::Black {
        "black"
    } else {
        "white"
    };
    let choice = command(&mut session, "reg_genmove", &[color])?;
    let top = command(&mut session, "top_moves", &[])?;
    let played = if args.engine_choice || args.vertex.is_some() {
        None
    } else {
        move_played(&args.position, &position)?
    };
    let (vertex, why) = match (&args.vertex, played) {
        (Some(v), _) => (v.clone(), "the move asked for"),
        (None, Some(Move::Play(p))) => (board.vertex(p), "the move played in the record"),
        (None, Some(Move::Pass)) => {
            out!("{}", cmd_show::describe(&position))?;
            outln!("{color} to move; the record passes here; engine's choice {choice}")?;
            outln!("top moves: {top}")?;
            return Ok(ExitCode::SUCCESS);
        }
        (None, None) => (choice.clone(), "the engine's choice"),
    };
    if vertex.eq_ignore_ascii_case("pass") {
        out!("{}", cmd_show::describe(&position))?;
        outln!("{color} to move; engine's choice PASS: no move is worth a hundredth of a point")?;
        outln!("top moves: {top}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = command(&mut session, "explain_move", &[&vertex])
        .with_context(|| format!("{name}: cannot explain {vertex}"))?;
    out!("{}", cmd_show::describe(&position))?;
    outln!("{color} to move; explaining {vertex} ({why}); engine's choice {choice}")?;
    outln!("top moves: {top}")?;
    outln!("{text}")?;
    Ok(ExitCode::SUCCESS)
}
