//! `katachi score FILE.sgf [--move N] [--rules R] [--komi K]`: the dead
//! stones, seki, territories and result of a game record's position, as
//! `final_status_list` and `final_score` find them
//! ([`final_status_of`]: Monte Carlo ownership, unconditional life, owl
//! and the semeai stage on the strings in doubt). `--strings` lists every
//! string with its mean ownership, status and dragon status.
//!
//! The board marks living stones `X`/`O`, dead ones `x`/`o`, seki stones
//! `S` (Black) and `s` (White), Black's territory `+`, White's `-` and
//! dame `.`. Rules: `--rules chinese|japanese`, else the record's `RU`
//! (Japanese, or none, counts territory; every other rule set area).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use katachi_board::{Board, Cell, Color};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_gtp::commands::score::{final_status_of, result_text};
use katachi_mc::{FinalStatus, PointStatus, Policy};
use katachi_sgf::{load_bytes, Target};

/// Arguments of `katachi score`.
#[derive(clap::Args)]
pub struct Args {
    /// The SGF file.
    pub file: PathBuf,
    /// Score the position before this move (default: the end of the game).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    /// chinese (area) or japanese (territory); default: the record's RU.
    #[arg(long)]
    pub rules: Option<String>,
    /// Komi (default: the record's KM, else 0).
    #[arg(long)]
    pub komi: Option<f32>,
    /// Seed of the playouts.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Also list every string: its stones' mean final owner over the
    /// playouts from its own side (-1 captured in every playout, +1 never),
    /// its status, and owl's status of its dragon after the semeai stage.
    #[arg(long)]
    pub strings: bool,
}

/// Run `katachi score`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = args.file.display();
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {name}"))?;
    let target = args.move_number.map_or(Target::End, Target::BeforeMove);
    // The reader's error already names line and column (its source is the
    // same error, which anyhow would print twice).
    let loaded = load_bytes(&bytes, target).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let property = |key: &str| -> Option<String> {
        let at = text.find(&format!("{key}["))?;
        let rest = &text[at + key.len() + 1..];
        Some(rest[..rest.find(']')?].to_string())
    };
    let area = match args.rules.as_deref() {
        Some("chinese") => true,
        Some("japanese") => false,
        Some(other) => anyhow::bail!("--rules: expected chinese or japanese, not {other:?}"),
        None => {
            let ru = property("RU").unwrap_or_default().to_ascii_lowercase();
            !(ru.is_empty() || ru.starts_with("japan"))
        }
    };
    let komi = args.komi.or(loaded.komi).unwrap_or(0.0);
    let board = &loaded.board;
    let analysis = Analysis::new(board.clone(), AnalysisConfig::default());
    let status = final_status_of(&analysis, &Policy::katachi(), args.seed);
    outln!("{}", render(board, &status))?;
    if args.strings {
        outln!("{}", strings(&analysis, &status))?;
    }
    let dead = status.dead(board);
    let list = |s: PointStatus| {
        let v: Vec<String> = status.points(board, s).map(|p| board.vertex(p)).collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    outln!("dead stones: {}", list(PointStatus::Dead))?;
    outln!("seki stones: {}", list(PointStatus::Seki))?;
    let count = |s: PointStatus| status.points(board, s).count();
    outln!(
        "territory: black {}, white {}; dame {}; dead stones {} ({} black, {} white)",
        count(PointStatus::Territory(Color::Black)),
        count(PointStatus::Territory(Color::White)),
        count(PointStatus::Dame),
        dead.len(),
        dead.iter()
            .filter(|&&p| board.cell(p) == Cell::Black)
            .count(),
        dead.iter()
            .filter(|&&p| board.cell(p) == Cell::White)
            .count(),
    )?;
    let by_area = result_text(status.area_margin(board, komi));
    let by_territory = result_text(status.territory_margin(board, komi));
    outln!("komi {komi}: by area {by_area}, by territory {by_territory}")?;
    let result = if area { &by_area } else { &by_territory };
    let record = property("RE").map_or(String::new(), |re| format!(" (record: {re})"));
    outln!(
        "result ({} rules): {result}{record}",
        if area { "area" } else { "territory" }
    )?;
    Ok(ExitCode::SUCCESS)
}

/// One line a string: its first stone, colour, size, mean ownership from
/// its side, status and dragon status (`--strings`).
fn strings(analysis: &Analysis, status: &FinalStatus) -> String {
    let board = analysis.board();
    let mut seen = vec![false; board.cells().len()];
    let mut lines = Vec::new();
    for p in board.points() {
        let Some(c) = board.cell(p).color() else {
            continue;
        };
        if seen[p.index()] {
            continue;
        }
        let stones: Vec<_> = board.stones(p).collect();
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let own = stones
            .iter()
            .map(|s| sign * status.ownership[s.index()])
            .sum::<f32>()
            / stones.len() as f32;
        for s in &stones {
            seen[s.index()] = true;
        }
        let word = match status.at(p) {
            Some(PointStatus::Dead) => "dead",
            Some(PointStatus::Seki) => "seki",
            _ => "alive",
        };
        let dragon = analysis
            .dragon_status(p)
            .map_or_else(|| "-".to_string(), |d| d.format(board));
        lines.push(format!(
            "{:<4} {} {:>3} stones  own {:+.2}  {word:<5}  dragon {dragon}",
            board.vertex(p),
            if c == Color::Black { "black" } else { "white" },
            stones.len(),
            own
        ));
    }
    lines.join("\n")
}

/// The board with the statuses marked (see the module doc).
fn render(board: &Board, status: &FinalStatus) -> String {
    let n = board.size();
    let letters: String = katachi_board::COLUMN_LETTERS
        .iter()
        .take(n)
        .flat_map(|&c| [char::from(c), ' '])
        .collect();
    let mut s = format!("   {}\n", letters.trim_end());
    for r in 0..n {
        let row = n - r;
        s.push_str(&format!("{row:>2} "));
        for c in 0..n {
            let Some(p) = board.point(r, c) else { continue };
            let ch = match (board.cell(p), status.at(p)) {
                (Cell::Black, Some(PointStatus::Dead)) => 'x',
                (Cell::White, Some(PointStatus::Dead)) => 'o',
                (Cell::Black, Some(PointStatus::Seki)) => 'S',
                (Cell::White, Some(PointStatus::Seki)) => 's',
                (Cell::Black, _) => 'X',
                (Cell::White, _) => 'O',
                (_, Some(PointStatus::Territory(Color::Black))) => '+',
                (_, Some(PointStatus::Territory(Color::White))) => '-',
                _ => '.',
            };
            s.push(ch);
            if c + 1 < n {
                s.push(' ');
            }
        }
        s.push_str(&format!(" {row}\n"));
    }
    s.push_str(&format!("   {}", letters.trim_end()));
    s
}
