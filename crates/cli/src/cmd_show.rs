//! `katachi show FILE.sgf [--move N] [--at VERTEX] [--variation PATH]`:
//! print the position of a game record as GNU Go's `showboard` does, and
//! who is to move.
//!
//! `--move N` follows GNU Go's `loadsgf FILE N`: the position before move
//! N (N - 1 moves played). `--at VERTEX` stops before the first move at that
//! point (`loadsgf FILE VERTEX`). Without either, the whole main line is
//! played. Errors (unreadable file, malformed SGF with line and column,
//! illegal move) go to stderr with a non-zero exit code.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use katachi_board::{Board, Color};
use katachi_sgf::{load, parse_bytes, LoadError, Loaded, Target};

/// Which position of which SGF file: the arguments `katachi show` and
/// `katachi analyze` share.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// The SGF file.
    pub file: PathBuf,
    /// The position before this move (GNU Go's `loadsgf FILE N`).
    #[arg(long = "move", value_name = "N", conflicts_with = "at")]
    pub move_number: Option<usize>,
    /// The position before the first move at this vertex (e.g. `D4`).
    #[arg(long, value_name = "VERTEX")]
    pub at: Option<String>,
    /// Variation to follow: child indices at successive branch points,
    /// comma-separated (default: the main line).
    #[arg(long, value_name = "PATH", value_delimiter = ',')]
    pub variation: Vec<usize>,
}

/// Arguments of `katachi show`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
}

/// A position loaded from a game record, and what was asked for.
pub struct Position {
    /// The position and the game's facts.
    pub loaded: Loaded,
    /// The target the arguments named.
    pub target: Target,
}

/// Run `katachi show`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    out!("{}", render(&args)?)?;
    Ok(ExitCode::SUCCESS)
}

/// Load the position `args` names; errors name the file (and the line and
/// column of a malformed or illegal SGF).
pub fn load_position(args: &PositionArgs) -> anyhow::Result<Position> {
    let name = args.file.display();
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {name}"))?;
    let collection = parse_bytes(&bytes).with_context(|| format!("{name}"))?;
    let game = collection
        .games
        .first()
        .ok_or(LoadError::NoGame)
        .with_context(|| format!("{name}"))?;
    let target = match (&args.move_number, &args.at) {
        (Some(n), _) => Target::BeforeMove(*n),
        (None, Some(vertex)) => {
            let size = load(game, Target::BeforeMove(0), &[])
                .with_context(|| format!("{name}"))?
                .board
                .size();
            let probe = Board::new(size)?;
            let p = probe
                .parse_vertex(vertex)
                .with_context(|| format!("--at {vertex} on a {size}x{size} board"))?;
            let (r, c) = probe.row_col(p);
            Target::FirstMoveAt(r, c)
        }
        (None, None) => Target::End,
    };
    let loaded = load(game, target, &args.variation).with_context(|| format!("{name}"))?;
    Ok(Position { loaded, target })
}

/// The board as `showboard` draws it and a line saying who is to move.
pub fn describe(position: &Position) -> String {
    let (loaded, target) = (&position.loaded, position.target);
    let shown = loaded.board.showboard();
    let mut out = format!("{}\n", shown.strip_prefix('\n').unwrap_or(&shown));
    let player = match loaded.to_move {
        Color::Black => "Black",
        Color::White => "White",
    };
    let plural = if loaded.moves_played == 1 { "" } else { "s" };
    let mut note = format!(
        "{player} to move after {} move{plural}",
        loaded.moves_played
    );
    if let Some(k) = loaded.komi {
        note.push_str(&format!(", komi {k}"));
    }
    if let (Target::BeforeMove(n), None) = (target, loaded.stopped_before) {
        if n > loaded.moves_played + 1 {
            note.push_str(&format!(
                " (the game has only {} moves)",
                loaded.moves_played
            ));
        }
    }
    if let (Target::FirstMoveAt(..), None) = (target, loaded.stopped_before) {
        note.push_str(" (no move at that point: whole game shown)");
    }
    out.push_str(&note);
    out.push('\n');
    out
}

/// The text `katachi show` prints.
fn render(args: &Args) -> anyhow::Result<String> {
    Ok(describe(&load_position(&args.position)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(sgf: &str, extra: &[&str]) -> anyhow::Result<String> {
        use clap::Parser;
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            args: Args,
        }
        let dir = std::env::temp_dir().join(format!("katachi-show-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        // Tests run in parallel: the thread id keeps their files apart.
        let thread = format!("{:?}", std::thread::current().id());
        let stem = extra.join("_").replace(['-', ','], "");
        let file = dir.join(format!(
            "{}-{stem}.sgf",
            thread.replace(|c: char| !c.is_ascii_alphanumeric(), "")
        ));
        std::fs::write(&file, sgf)?;
        let mut argv = vec!["show".to_string(), file.display().to_string()];
        argv.extend(extra.iter().map(|s| s.to_string()));
        let cli = Cli::try_parse_from(argv)?;
        let out = render(&cli.args);
        std::fs::remove_file(&file)?;
        out
    }

    const GAME: &str = "(;SZ[5]KM[0.5];B[cc];W[bc];B[cb](;W[dc])(;W[bb]))";

    #[test]
    fn shows_the_position_before_move_n() {
        let out = show(GAME, &["--move", "3"]).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "   A B C D E");
        assert_eq!(lines[3], " 3 . O X . . 3");
        assert_eq!(
            lines.last().unwrap(),
            &"Black to move after 2 moves, komi 0.5"
        );
    }

    #[test]
    fn whole_game_variation_and_vertex() {
        let all = show(GAME, &[]).unwrap();
        assert!(all.contains(" 3 . O X O . 3"), "{all}");
        assert!(all.ends_with("Black to move after 4 moves, komi 0.5\n"));
        let var = show(GAME, &["--variation", "1"]).unwrap();
        assert!(var.contains(" 4 . O X + . 4"), "{var}");
        let at = show(GAME, &["--at", "C4"]).unwrap();
        assert!(
            at.ends_with("Black to move after 2 moves, komi 0.5\n"),
            "{at}"
        );
        let long = show(GAME, &["--move", "50"]).unwrap();
        assert!(long.ends_with("(the game has only 4 moves)\n"), "{long}");
    }

    #[test]
    fn errors_name_the_file_line_and_column() {
        let e = show("(;SZ[5]\n;B[cc]\n;W[cc])", &[]).unwrap_err();
        let msg = format!("{e:#}");
        assert!(
            msg.contains("line 3, column 2: move 2 (W[cc]) is illegal"),
            "{msg}"
        );
        let e = show("(;SZ[5];B[cc", &[]).unwrap_err();
        assert!(
            format!("{e:#}").contains("line 1, column 13: unterminated value"),
            "{e:#}"
        );
        let e = show(GAME, &["--at", "Z1"]).unwrap_err();
        assert!(format!("{e:#}").contains("invalid vertex"), "{e:#}");
    }
}
