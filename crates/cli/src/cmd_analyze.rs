//! `katachi analyze FILE.sgf [--move N] [--color auto|always|never]`: the
//! engine's view of one position of a game record, as GNU Go's `-T`
//! (dragons) and `-E` (eye spaces) coloured displays show it, followed by
//! a table of the dragons and one of the eye spaces; with `--influence`
//! the influence maps (`analyze_influence`), with `--svg FILE` their heat
//! map.
//!
//! Layout (GNU Go 3.8's, checked with `gnugo -l FILE -L N -T` and `-E`):
//! - the position, as `katachi show` prints it;
//! - `dragon_status display`: every stone drawn with its dragon's letter,
//!   Black's dragons `A`, `B`, ... and White's `z`, `y`, ... each in the
//!   order of their origins (top row first), the colour being the
//!   dragon's status (green alive, cyan dead, red critical, yellow
//!   unknown); empty points as `showboard` draws them;
//! - `eye display`: each point coloured by the domains of the eyes stage
//!   (red Black's, green White's, yellow both, magenta neither), drawn as
//!   katachi's eye maps draw an eye point (`x`/`o` a proper eye point of
//!   Black/White, `!` marginal, `h`/`f` a half/false eye, `*` an opponent
//!   stone inside the eye space; `!` for a point in both colours' eye
//!   spaces), otherwise the stone or `.`;
//! - the tables: dragons (letter, colour, origin, size, genus, status) and
//!   eye spaces (colour, origin, esize, msize, value, vital points, and
//!   which answered: a graph of the eye database, the solver or the size
//!   guess).
//!
//! Colour is ANSI escape codes, the ones GNU Go writes; `--color auto`
//! (the default) colours only when standard output is a terminal, and
//! without colour the statuses are read from the table.
//!
//! With `--sgf OUT.sgf`, the position is also written as an SGF file (the
//! stones as setup, as `printsgf` writes them) with each move the classic
//! engine values positively labelled with its value (`LB`, one decimal,
//! as GNU Go's `-o` output labels its candidates) and a comment naming the
//! engine's choice and its top moves; `--patterns` and `--level` are the
//! engine's options (see `katachi explain`).
//!
//! What is printed is chosen by [`Options`], the extension point for the
//! displays of later stages (an `influence` flag and section join there
//! when the influence stage exists).

use std::io::IsTerminal;

use anyhow::Context as _;
use std::process::ExitCode;

use katachi_board::{is_hoshi, Board, Cell, Color, COLUMN_LETTERS};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_engine::autohelper::{DragonStatus, HandicapStones};
use katachi_engine::eye_values::ValueSource;
use katachi_engine::eyes::EyeKind;
use katachi_engine::knowledge::Knowledge;

use crate::cmd_show::{self, Position};

/// When to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// When standard output is a terminal.
    Auto,
    /// Always (ANSI escape codes).
    Always,
    /// Never.
    Never,
}

/// Arguments of `katachi analyze`.
#[derive(clap::Args)]
pub struct Args {
    /// The position to analyse.
    #[command(flatten)]
    pub position: cmd_show::PositionArgs,
    /// Colour the boards with ANSI escape codes.
    #[arg(long, value_enum, default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,
    /// Also draw the influence regions of the player to move and the path
    /// model's territory (see `analyze_influence`).
    #[arg(long)]
    pub influence: bool,
    /// Write an SVG heat map of influence and territory to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Also write the position with the classic engine's move values as
    /// labels to this SGF file.
    #[arg(long, value_name = "OUT.sgf")]
    pub sgf: Option<std::path::PathBuf>,
    /// The databases of the analysis shown (`--patterns NAME=FILE`) and
    /// the classic engine's options (for --sgf).
    #[command(flatten)]
    pub engine: crate::cmd_explain::EngineArgs,
}

/// What `katachi analyze` prints. Each later stage with a display of its
/// own (influence, owl) adds a flag here and a section in [`render`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// ANSI colours.
    pub color: bool,
    /// The dragon board and table.
    pub dragons: bool,
    /// The eye board and table.
    pub eyes: bool,
    /// The influence maps (`--influence`).
    pub influence: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            color: false,
            dragons: true,
            eyes: true,
            influence: false,
        }
    }
}

/// Run `katachi analyze`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let color = match args.color {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => std::io::stdout().is_terminal(),
    };
    let position = cmd_show::load_position(&args.position)?;
    let options = Options {
        color,
        influence: args.influence,
        ..Options::default()
    };
    let knowledge = crate::cmd_gtp::load_knowledge(&args.engine.patterns)?;
    let analysis = analysis_with(&position, knowledge);
    out!("{}", render_analysis(&position, &analysis, &options))?;
    if let Some(path) = &args.svg {
        let svg = crate::analyze_influence::svg(&analysis, position.loaded.to_move);
        std::fs::write(path, svg)
            .with_context(|| format!("cannot write the SVG heat map to {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if let Some(path) = &args.sgf {
        let text = valued_sgf(&position, &args.engine)?;
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The position as SGF with the classic engine's values as `LB` labels
/// and its choice in a comment.
pub fn valued_sgf(
    position: &Position,
    engine: &crate::cmd_explain::EngineArgs,
) -> anyhow::Result<String> {
    use crate::cmd_explain::{classic_session, command};
    let mut session = classic_session(position, engine)?;
    let board = session.board().clone();
    let color = if board.to_move() == Color::Black {
        "black"
    } else {
        "white"
    };
    let choice = command(&mut session, "reg_genmove", &[color])?;
    let top = command(&mut session, "top_moves", &[])?;
    let all = command(&mut session, "all_move_values", &[])?;
    let sgf = command(&mut session, "printsgf", &[])?;
    let mut labels = String::new();
    for line in all.lines() {
        let mut words = line.split_whitespace();
        let (Some(v), Some(value)) = (words.next(), words.next()) else {
            continue;
        };
        let p = board
            .parse_vertex(v)
            .map_err(|e| anyhow::anyhow!("all_move_values answered {line:?}: {e}"))?;
        let value: f64 = value
            .parse()
            .map_err(|e| anyhow::anyhow!("all_move_values answered {line:?}: {e}"))?;
        let (row, col) = board.row_col(p);
        labels.push_str(&format!(
            "[{}:{value:.1}]",
            katachi_sgf::point::point_to_sgf(row, col)
        ));
    }
    let comment =
        format!("katachi classic engine, {color} to move: chooses {choice}; top moves: {top}");
    let escaped = comment.replace('\\', "\\\\").replace(']', "\\]");
    let mut props = String::new();
    if !labels.is_empty() {
        props.push_str("LB");
        props.push_str(&labels);
    }
    props.push_str(&format!("C[{escaped}]"));
    let trimmed = sgf.trim_end();
    let Some(body) = trimmed.strip_suffix(')') else {
        anyhow::bail!("printsgf answered no SGF game: {trimmed:?}");
    };
    Ok(format!("{body}{props})\n"))
}

/// The whole text of `katachi analyze` for a loaded position, with the
/// embedded databases.
#[cfg(test)]
pub fn render(position: &Position, options: &Options) -> String {
    let knowledge = katachi_engine::knowledge::Knowledge::embedded();
    render_analysis(position, &analysis_with(position, knowledge), options)
}

/// The analysis of a loaded position (its handicap known to the
/// autohelpers) with `knowledge`: the embedded databases with the
/// `--patterns` files in their slots, so that the dragons, eyes and
/// influence shown are those of the databases the user chose.
fn analysis_with(position: &Position, knowledge: std::sync::Arc<Knowledge>) -> Analysis {
    let board = position.loaded.board.clone();
    let config = AnalysisConfig {
        knowledge,
        handicap: position.loaded.handicap.map(|h| HandicapStones {
            total: h as u32,
            remaining: 0,
        }),
        ..AnalysisConfig::default()
    };
    Analysis::new(board, config)
}

/// The text of `katachi analyze` for an analysis of `position`.
fn render_analysis(position: &Position, analysis: &Analysis, options: &Options) -> String {
    let mut out = cmd_show::describe(position);
    if options.dragons {
        out.push_str(&dragon_board(analysis, options.color));
        out.push_str(&dragon_table(analysis));
    }
    if options.eyes {
        out.push_str(&eye_board(analysis, options.color));
        out.push_str(&eye_table(analysis));
    }
    if options.influence {
        out.push_str(&crate::analyze_influence::section(
            analysis,
            position.loaded.to_move,
        ));
    }
    // A later stage's display joins here behind a flag of `Options` (and
    // an argument of `Args`).
    out
}

/// ANSI colour numbers GNU Go uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ansi {
    Red = 1,
    Green = 2,
    Yellow = 3,
    Magenta = 5,
    Cyan = 6,
}

/// `ch` in colour `c` when colouring, as GNU Go writes it.
fn paint(ch: char, c: Option<Ansi>, color: bool) -> String {
    match c {
        Some(c) if color => format!("\x1b[3{}m{ch}\x1b[39;49m", c as u8),
        _ => ch.to_string(),
    }
}

fn status_colour(s: DragonStatus) -> Ansi {
    match s {
        DragonStatus::Alive => Ansi::Green,
        DragonStatus::Dead => Ansi::Cyan,
        DragonStatus::Critical => Ansi::Red,
        DragonStatus::Unknown => Ansi::Yellow,
    }
}

/// A board diagram: `title` centred as GNU Go does, column letters, and
/// `cell(row, col)` for each point (already painted), with `legend[k]`
/// beside row `k` from the bottom when given.
fn diagram(
    board: &Board,
    title: &str,
    legend: &[String],
    mut cell: impl FnMut(usize, usize) -> String,
) -> String {
    let n = board.size();
    let letters: String = COLUMN_LETTERS[..n]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let mut out = format!("\n{:>width$}\n\n", title, width = 10 + title.len());
    out.push_str(&format!("  {letters}\n"));
    for row in 0..n {
        out.push_str(&format!("{:>2}", n - row));
        for col in 0..n {
            out.push(' ');
            out.push_str(&cell(row, col));
        }
        out.push_str(&format!(" {}", n - row));
        let from_bottom = n - 1 - row;
        if let Some(l) = legend.get(legend.len().wrapping_sub(1 + from_bottom)) {
            out.push_str(l);
        }
        out.push('\n');
    }
    out.push_str(&format!("  {letters}\n"));
    out
}

/// The letter of each dragon (by index): Black's `A`, `B`, ..., White's
/// `z`, `y`, ..., each colour in the order of the origins.
fn dragon_letters(analysis: &Analysis) -> Vec<char> {
    let (mut black, mut white) = (0u8, 0u8);
    analysis
        .dragons()
        .iter()
        .map(|d| match d.color {
            Color::Black => {
                black += 1;
                (b'A' + (black - 1) % 26) as char
            }
            Color::White => {
                white += 1;
                (b'z' - (white - 1) % 26) as char
            }
        })
        .collect()
}

/// GNU Go's `-T` diagram of the dragons, coloured by status.
fn dragon_board(analysis: &Analysis, color: bool) -> String {
    let board = analysis.board();
    let dragons = analysis.dragons();
    let letters = dragon_letters(analysis);
    let legend: Vec<String> = if color {
        [
            ("green=alive", Ansi::Green),
            ("cyan=dead", Ansi::Cyan),
            ("red=critical", Ansi::Red),
            ("yellow=unknown", Ansi::Yellow),
        ]
        .iter()
        .map(|(text, c)| format!("    {}", paint_str(text, *c)))
        .collect()
    } else {
        Vec::new()
    };
    let n = board.size();
    diagram(board, "dragon_status display:", &legend, |row, col| {
        let p = board.point(row, col).expect("on the board");
        match (dragons.index(p), dragons.get(p)) {
            (Some(k), Some(d)) => paint(letters[k], Some(status_colour(d.crude_status)), color),
            _ if is_hoshi(n, row, col) => "+".to_string(),
            _ => ".".to_string(),
        }
    })
}

fn paint_str(text: &str, c: Ansi) -> String {
    format!("\x1b[3{}m{text}\x1b[39;49m", c as u8)
}

/// GNU Go's `-E` diagram of both colours' eye spaces.
fn eye_board(analysis: &Analysis, color: bool) -> String {
    let board = analysis.board();
    let eyes = analysis.eyes();
    let (black, white) = (eyes.of(Color::Black), eyes.of(Color::White));
    diagram(board, "eye display:", &[], |row, col| {
        let p = board.point(row, col).expect("on the board");
        let cell = board.cell(p);
        let tint = match (black.in_domain(p), white.in_domain(p)) {
            (true, false) => Ansi::Red,
            (false, true) => Ansi::Green,
            (true, true) => Ansi::Yellow,
            (false, false) => Ansi::Magenta,
        };
        let eye_char = |c: Color| {
            let ce = eyes.of(c);
            let e = ce.point(p)?;
            Some(match ce.half_eye(p).map(|h| h.kind) {
                Some(EyeKind::Half) => 'h',
                Some(EyeKind::False) => 'f',
                _ if e.marginal => '!',
                _ if cell != Cell::Empty => '*',
                _ => match c {
                    Color::Black => 'x',
                    Color::White => 'o',
                },
            })
        };
        let ch = match (eye_char(Color::Black), eye_char(Color::White)) {
            (Some(_), Some(_)) => '!',
            (Some(ch), None) | (None, Some(ch)) => ch,
            (None, None) => match cell {
                Cell::Black => 'X',
                Cell::White => 'O',
                _ => '.',
            },
        };
        paint(ch, Some(tint), color)
    })
}

/// The table of dragons.
fn dragon_table(analysis: &Analysis) -> String {
    let board = analysis.board();
    let dragons = analysis.dragons();
    let letters = dragon_letters(analysis);
    let mut out = format!(
        "\ndragons: {}\n{:<6} {:<6} {:<7} {:>5} {:>6}  {}\n",
        dragons.len(),
        "dragon",
        "color",
        "origin",
        "size",
        "genus",
        "status"
    );
    let eyes = analysis.dragon_eyes();
    for (k, d) in dragons.iter().enumerate() {
        // GNU Go's four-digit eye value: attacker twice, attacker first,
        // defender first, defender twice.
        let genus = eyes
            .get(k)
            .map_or_else(|| "-".to_string(), |e| e.genus.digits());
        out.push_str(&format!(
            "{:<6} {:<6} {:<7} {:>5} {:>6}  {}\n",
            letters[k],
            color_word(d.color),
            board.vertex(d.origin),
            d.size,
            genus,
            d.crude_status.word()
        ));
    }
    out
}

/// The table of eye spaces, Black's then White's.
fn eye_table(analysis: &Analysis) -> String {
    let board = analysis.board();
    let eyes = analysis.eyes();
    let values = analysis.eye_values();
    let mut out = String::new();
    let total: usize = [Color::Black, Color::White]
        .iter()
        .map(|&c| eyes.of(c).spaces.len())
        .sum();
    out.push_str(&format!(
        "\neye spaces: {total}\n{:<6} {:<7} {:>5} {:>5}  {:<5}  {:<8} {:<8} {}\n",
        "color", "origin", "esize", "msize", "value", "attack", "defense", "from"
    ));
    let list = |ps: &[katachi_board::Point]| {
        if ps.is_empty() {
            "-".to_string()
        } else {
            ps.iter()
                .map(|&p| board.vertex(p))
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    for c in [Color::Black, Color::White] {
        for space in &eyes.of(c).spaces {
            let v = values.of_space(board, eyes, space);
            let (value, attack, defense, from) = match v {
                Some(v) => (
                    v.value.digits(),
                    list(&v.attack_points),
                    list(&v.defense_points),
                    match &v.source {
                        ValueSource::Graph(name) => format!("graph {name}"),
                        ValueSource::Solver => "solver".to_string(),
                        ValueSource::Guessed => "size guess".to_string(),
                    },
                ),
                None => ("????".into(), "-".into(), "-".into(), "-".into()),
            };
            out.push_str(&format!(
                "{:<6} {:<7} {:>5} {:>5}  {:<5}  {:<8} {:<8} {}\n",
                color_word(c),
                board.vertex(space.origin),
                space.esize(),
                space.msize,
                value,
                attack,
                defense,
                from
            ));
        }
    }
    out
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(sgf: &str) -> Position {
        let collection = katachi_sgf::parse_bytes(sgf.as_bytes()).expect("sgf");
        let game = collection.games.first().expect("a game");
        let loaded =
            katachi_sgf::load(game, katachi_sgf::Target::End, &[]).expect("the game loads");
        Position {
            loaded,
            target: katachi_sgf::Target::End,
        }
    }

    /// A 7x7 position: a black group with two eyes in the lower left, a
    /// white group in the upper right, a lone white stone inside black's
    /// area.
    const GAME: &str = "(;SZ[7]KM[0.5]AB[ae][be][ce][de][dg][df][cf][ag]\
                        AW[ec][fc][gc][eb][ea][gb][ad];B[ff])";

    #[test]
    fn colours_are_gnu_go_escape_codes_and_only_when_asked() {
        let pos = position(GAME);
        let plain = render(&pos, &Options::default());
        assert!(!plain.contains('\x1b'), "{plain}");
        let coloured = render(
            &pos,
            &Options {
                color: true,
                ..Options::default()
            },
        );
        // A black dragon in green (alive) or yellow (unknown) is drawn
        // with GNU Go's escape sequence around its letter.
        assert!(
            coloured.contains("\x1b[32mA\x1b[39;49m") || coloured.contains("\x1b[33mA\x1b[39;49m"),
            "{coloured}"
        );
        assert!(coloured.contains("green=alive"), "{coloured}");
        // The same text once the escape codes are taken out, but the legend.
        let stripped: String = {
            let mut s = String::new();
            let mut chars = coloured.chars();
            while let Some(ch) = chars.next() {
                if ch == '\x1b' {
                    for c in chars.by_ref() {
                        if c == 'm' {
                            break;
                        }
                    }
                } else {
                    s.push(ch);
                }
            }
            s
        };
        let mut no_legend = stripped;
        for word in ["green=alive", "cyan=dead", "red=critical", "yellow=unknown"] {
            no_legend = no_legend.replace(&format!("    {word}"), "");
        }
        let no_legend: String = no_legend.lines().collect::<Vec<_>>().join("\n");
        let plain_lines: String = plain.lines().collect::<Vec<_>>().join("\n");
        assert_eq!(no_legend, plain_lines);
    }

    #[test]
    fn options_select_the_sections() {
        let pos = position(GAME);
        let only_dragons = render(
            &pos,
            &Options {
                eyes: false,
                ..Options::default()
            },
        );
        assert!(only_dragons.contains("dragon_status display:"));
        assert!(!only_dragons.contains("eye display:"));
    }
}
