//! `katachi patterns match FILE.sgf --move N --db FILE.db [--db ...]
//! [--color B|W] [--matcher reference|standard|dfa] [--json]`: the geometric
//! matches of a database on a position (the position before move N, as GNU
//! Go's `loadsgf`), for the player to move or the given colour.
//!
//! With `--json`, one object a line with the fields of the reference data:
//! `p` pattern name, `o` orientation relative to the diagram as written,
//! `d` where diagram cell (0, 0) lands, `m` the `*` point (or the anchor),
//! in GTP coordinates. Otherwise a readable list and the board with every
//! match's move point marked `*`.
//!
//! With `--eval`, each match's class checks and constraint result instead
//! (JSON adds `c`, `k`, `constraint`, ...), and with `--trace` the value of
//! every sub-expression and the reading behind it: see `eval.rs`. `--conn
//! FILE.db` names the connection database whose B patterns give the cutting
//! points `xcut` and `ocut` read.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use katachi_board::Color;
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_engine::knowledge::{Knowledge, Source};
use katachi_patterns::compile::CompiledDb;
use katachi_patterns::matchers::corner_tree::CornerTreeMatcher;
use katachi_patterns::matchers::dfa::DfaMatcher;
use katachi_patterns::matchers::reference::ReferenceMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::{Match, Matcher, Position, Scratch};
use katachi_sgf::Target;

/// Which engine finds the matches.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Engine {
    /// The definition as obvious code (slow).
    Reference,
    /// The compiled, indexed matcher.
    Standard,
    /// One automaton over the whole database.
    Dfa,
    /// The corner tree for corner-only patterns (joseki); other patterns
    /// go through a standard matcher of their own.
    Corner,
}

/// Arguments of `patterns match`.
#[derive(clap::Args)]
pub struct Args {
    /// The game record.
    pub sgf: PathBuf,
    /// Match the position before this move (1-based); default: the end.
    #[arg(long = "move")]
    pub move_number: Option<usize>,
    /// Pattern database file(s), matched as one database.
    #[arg(long, required = true)]
    pub db: Vec<PathBuf>,
    /// The colour whose stones are `O` (default: the player to move).
    #[arg(long)]
    pub color: Option<String>,
    /// The matching engine.
    #[arg(long, value_enum, default_value = "standard")]
    pub matcher: Engine,
    /// One JSON object per match.
    #[arg(long)]
    pub json: bool,
    /// Also evaluate each match: class checks and constraint result.
    #[arg(long)]
    pub eval: bool,
    /// With --eval: the value of every sub-expression and the reading behind it.
    #[arg(long, requires = "eval")]
    pub trace: bool,
    /// With --eval: a connection database whose B patterns give the cutting
    /// points read by `xcut`/`ocut` (without it those report "skipped").
    #[arg(long, requires = "eval")]
    pub conn: Vec<PathBuf>,
}

// The evaluation report (`--eval`, `--trace`) lives next to this file.
#[path = "eval.rs"]
mod eval;

/// Runs `patterns match`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let bytes =
        std::fs::read(&args.sgf).with_context(|| format!("reading {}", args.sgf.display()))?;
    let target = args.move_number.map_or(Target::End, Target::BeforeMove);
    let loaded = katachi_sgf::load_bytes(&bytes, target)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.sgf.display()))?;
    let color = match args
        .color
        .as_deref()
        .map(str::to_ascii_uppercase)
        .as_deref()
    {
        None => loaded.to_move,
        Some("B" | "BLACK") => Color::Black,
        Some("W" | "WHITE") => Color::White,
        Some(other) => bail!("--color must be B or W, not {other}"),
    };
    let db = crate::dbfile::load_merged(&args.db)?;
    let engine: Box<dyn Matcher> = match args.matcher {
        Engine::Reference => Box::new(ReferenceMatcher::new(&db)),
        Engine::Standard => Box::new(StandardMatcher::new(&CompiledDb::compile(&db))),
        Engine::Dfa => Box::new(DfaMatcher::new(&CompiledDb::compile(&db))),
        Engine::Corner => Box::new(CornerTreeMatcher::new(&CompiledDb::compile(&db))),
    };
    let pos = Position::of_board(&loaded.board);
    let mut found: Vec<Match> = Vec::new();
    engine.find_all(pos, color, &mut Scratch::default(), &mut found);
    found.sort_by_key(|m| {
        (
            db.patterns[m.pattern.index()].name.clone(),
            m.transform,
            m.origin,
        )
    });

    if args.eval {
        let mut knowledge = Knowledge::embedded();
        if !args.conn.is_empty() {
            let conn = crate::dbfile::load_merged(&args.conn)?;
            let source = Source::File(args.conn[0].clone());
            knowledge = Arc::new(knowledge.with_db("conn", conn, source)?);
        }
        let config = AnalysisConfig {
            knowledge,
            ..AnalysisConfig::default()
        };
        let analysis = Analysis::new(loaded.board.clone(), config);
        let opts = eval::Options {
            json: args.json,
            trace: args.trace,
        };
        let text = eval::report(&db, &analysis, color, &found, opts);
        out!("{text}")?;
        return Ok(ExitCode::SUCCESS);
    }

    let vertex = |p| {
        let (r, c) = pos.row_col(p);
        pos.vertex(r, c)
    };
    let mut text = String::new();
    for m in &found {
        let name = &db.patterns[m.pattern.index()].name;
        if args.json {
            let obj = serde_json::json!({
                "p": name,
                "o": m.transform.index(),
                "d": vertex(m.origin),
                "m": vertex(m.mark),
            });
            text.push_str(&format!("{obj}\n"));
        } else {
            text.push_str(&format!(
                "{name:<12} o={} d={:<4} m={}\n",
                m.transform,
                vertex(m.origin),
                vertex(m.mark)
            ));
        }
    }
    if !args.json {
        let who = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        text.push_str(&format!(
            "{} matches for {who} (O = {who})\n\n",
            found.len()
        ));
        text.push_str(&board_text(pos, &found));
    }
    out!("{text}")?;
    Ok(ExitCode::SUCCESS)
}

/// The board with `X`/`O` stones, `.` empty points, and `*` on every empty
/// point that is some match's move point.
fn board_text(pos: Position<'_>, found: &[Match]) -> String {
    let n = pos.size();
    let marked: std::collections::HashSet<_> = found.iter().map(|m| m.mark).collect();
    let letters: String = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
        .chars()
        .take(n)
        .flat_map(|c| [c, ' '])
        .collect();
    let mut out = format!("    {}\n", letters.trim_end());
    for r in 0..n {
        out.push_str(&format!("{:>3} ", n - r));
        for c in 0..n {
            let ch = match pos.cell_at(r as i32, c as i32) {
                katachi_board::Cell::Black => 'X',
                katachi_board::Cell::White => 'O',
                _ if marked.contains(&pos.point(r, c)) => '*',
                _ => '.',
            };
            out.push(ch);
            out.push(' ');
        }
        out.push_str(&format!("{}\n", n - r));
    }
    out
}
