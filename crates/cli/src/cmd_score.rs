//! `katachi score FILE.sgf [--move N] [--rules R] [--komi K]`: the dead
//! stones, seki, territories and result of a game record's position, as
//! `final_status_list` and `final_score` find them (Monte Carlo ownership
//! with unconditional life; PARTIAL until owl and semeai exist).
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
