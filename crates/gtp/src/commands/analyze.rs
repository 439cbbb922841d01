//! GUI analysis: the commands players' GUIs send to watch an engine think,
//! in the formats they parse.
//!
//! - `lz-analyze [COLOR] [INTERVAL] [KEY VALUE]...` (Leela Zero's format,
//!   read by Sabaki and Lizzie; `analyze` is the same): the answer `=`
//!   and then, every INTERVAL centiseconds until the next command, one
//!   line of `info move M visits N winrate W prior P lcb L order K pv ...`
//!   entries, win rates and priors in ten-thousandths. The answer ends
//!   with an empty line when the next command arrives (that command is
//!   then answered as usual).
//! - `kata-analyze` (KataGo's format, read by Lizzie, Sabaki and KaTrain):
//!   the same with win rates and priors as fractions and the score fields
//!   (`scoreMean`, `scoreStdev`, `scoreLead`, `scoreSelfplay`, `utility`,
//!   `utilityLcb`); `ownership true` appends `ownership` and one value per
//!   point, top row first, from -1 to 1 for the player analysed.
//! - `genmove_analyze`, `lz-genmove_analyze`, `kata-genmove_analyze`
//!   `[COLOR] [INTERVAL] ...`: genmove (same budget, tree reuse and
//!   decision) streaming the same lines, ending with `play MOVE`
//!   (`play resign` when it resigns); the move is played.
//! - `katachi-mcts_gfx [COLOR]`: GoGui graphics of a genmove-budget
//!   search: visits as labels, the principal variation, ownership as
//!   influence. `--live-gfx` sends the same to standard error during
//!   genmove (`gogui-gfx:` blocks, GoGui's live graphics).
//!
//! Keys: `interval N`, `minmoves N` (at least N moves, with unvisited ones
//! if needed), `maxmoves N`, `ownership true|false` (KataGo's format).
//! Others (`avoid`, `allow`, ...) are refused with their name.
//!
//! What the fields mean here: `visits` are playouts through the move,
//! `winrate` the share of them the player won, `prior` the move's share
//! of the 3x3 pattern weights at the root (the playout policy), `lcb` the
//! win rate less one binomial standard error, the score fields the mean
//! and spread of the final area margin of the playouts through the move
//! (komi included), from the player's side; `utility` is `2 winrate - 1`.

use std::io;
use std::time::{Duration, Instant};

use katachi_board::{Board, Color, Move, Point};
use katachi_mc::{Decision, MoveStat, SearchResult, Searcher};

use crate::args::{move_answer, Args};
use crate::config::Engine;
use crate::error::fail;
use crate::registry::Registry;
use crate::session::{Session, Stream, StreamOut};

use super::{mcts, moves};

/// The report formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flavor {
    /// Leela Zero's: integers in ten-thousandths.
    Lz,
    /// KataGo's: fractions and score fields.
    Kata,
}

/// The arguments of an analysis command.
#[derive(Clone, Debug, PartialEq)]
struct Request {
    color: Color,
    /// Centiseconds between reports (0: none until the end).
    interval: u64,
    minmoves: usize,
    maxmoves: usize,
    ownership: bool,
}

/// Playouts after which an analysis stops searching (its trees are full
/// long before) and only waits for the next command.
const MAX_ANALYSIS_PLAYOUTS: u64 = 50_000_000;

/// Longest search slice between two looks at the input.
const SLICE: Duration = Duration::from_millis(20);

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    for (name, flavor) in [
        ("lz-analyze", Flavor::Lz),
        ("analyze", Flavor::Lz),
        ("kata-analyze", Flavor::Kata),
    ] {
        r.add(name, move |s, args| {
            let request = parse(s, args, flavor)?;
            s.start_stream(Box::new(Analyze { request, flavor }));
            Ok(String::new())
        });
    }
    for (name, flavor) in [
        ("genmove_analyze", Flavor::Lz),
        ("lz-genmove_analyze", Flavor::Lz),
        ("kata-genmove_analyze", Flavor::Kata),
    ] {
        r.add(name, move |s, args| {
            let request = parse(s, args, flavor)?;
            s.start_stream(Box::new(GenmoveAnalyze { request, flavor }));
            Ok(String::new())
        });
    }
    r.add("katachi-mcts_gfx", |s, args| {
        let color = match args.get(0) {
            None => s.board().to_move(),
            Some(_) => match args.color(0) {
                Some(c) => c,
                None => return fail("invalid color"),
            },
        };
        let policy = mcts::policy(s);
        let config = mcts::search_config(s, color);
        let result = katachi_mc::search(s.board(), color, &policy, &config);
        Ok(gfx(s.board(), &result))
    })
    .gogui("gfx/MCTS search/katachi-mcts_gfx");
}

/// Parses `[COLOR] [INTERVAL] [KEY VALUE]...`.
fn parse(s: &Session, args: &Args<'_>, flavor: Flavor) -> Result<Request, crate::CommandError> {
    let mut request = Request {
        color: s.board().to_move(),
        interval: 0,
        minmoves: 0,
        maxmoves: usize::MAX,
        ownership: false,
    };
    let words = args.words();
    let mut i = 0;
    if let Some(c) = args.color(0) {
        request.color = c;
        i = 1;
    }
    if let Some(n) = words.get(i).and_then(|w| w.parse::<u64>().ok()) {
        request.interval = n;
        i += 1;
    }
    while i < words.len() {
        let key = words[i].as_str();
        let Some(value) = words.get(i + 1) else {
            return Err(crate::CommandError::new(format!("{key} needs a value")));
        };
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| crate::CommandError::new(format!("{key}: not a number: {value}")))
        };
        match key {
            "interval" => request.interval = number()?,
            "minmoves" => request.minmoves = number()? as usize,
            "maxmoves" => request.maxmoves = number()? as usize,
            "ownership" if flavor == Flavor::Kata => {
                request.ownership = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(crate::CommandError::new(format!(
                            "ownership: not true or false: {value}"
                        )))
                    }
                }
            }
            _ => {
                return Err(crate::CommandError::new(format!(
                    "unsupported analysis key: {key}"
                )))
            }
        }
        i += 2;
    }
    Ok(request)
}

/// One report line: an `info` entry per move, most visited first.
fn info_line(board: &Board, r: &SearchResult, request: &Request, flavor: Flavor) -> String {
    let mut shown: Vec<&MoveStat> = r.moves.iter().filter(|m| m.visits > 0).collect();
    if shown.len() < request.minmoves {
        shown.extend(
            r.moves
                .iter()
                .filter(|m| m.visits == 0)
                .take(request.minmoves - shown.len()),
        );
    }
    shown.truncate(request.maxmoves);
    let mut line = String::new();
    for (order, m) in shown.iter().enumerate() {
        if order > 0 {
            line.push(' ');
        }
        let pv: Vec<String> = m.pv.iter().map(|&mv| board.move_text(mv)).collect();
        let pv = if pv.is_empty() {
            board.move_text(m.mv)
        } else {
            pv.join(" ")
        };
        let mv = board.move_text(m.mv);
        match flavor {
            Flavor::Lz => line.push_str(&format!(
                "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                m.visits,
                ten_thousandths(m.win_rate()),
                ten_thousandths(m.policy),
                ten_thousandths(m.lcb()),
            )),
            Flavor::Kata => {
                let score = m.score_mean(r.to_move);
                line.push_str(&format!(
                    "info move {mv} visits {} utility {:.6} winrate {:.6} scoreMean {score:.3} \
                     scoreStdev {:.3} scoreLead {score:.3} scoreSelfplay {score:.3} prior {:.6} \
                     lcb {:.6} utilityLcb {:.6} order {order} pv {pv}",
                    m.visits,
                    2.0 * m.win_rate() - 1.0,
                    m.win_rate(),
                    m.score_stdev(),
                    m.policy,
                    m.lcb(),
                    2.0 * m.lcb() - 1.0,
                ))
            }
        }
    }
    if request.ownership {
        line.push_str(" ownership");
        let sign = match r.to_move {
            Color::Black => 1.0,
            Color::White => -1.0,
        };
        for p in points_top_first(board) {
            let o = r.ownership.get(p.index()).copied().unwrap_or(0.0);
            line.push_str(&format!(" {:.4}", sign * o));
        }
    }
    line.push('\n');
    line
}

fn ten_thousandths(x: f32) -> i64 {
    (f64::from(x) * 10_000.0).round() as i64
}

/// The board's points row by row from the top, left to right.
fn points_top_first(board: &Board) -> Vec<Point> {
    let n = board.size();
    (0..n)
        .flat_map(|r| (0..n).filter_map(move |c| board.point(r, c)))
        .collect()
}

/// `lz-analyze`/`kata-analyze`: search until the next command, reporting
/// at the interval.
struct Analyze {
    request: Request,
    flavor: Flavor,
}

impl Stream for Analyze {
    fn run(self: Box<Self>, s: &mut Session, out: &mut dyn StreamOut) -> io::Result<()> {
        let color = self.request.color;
        let policy = mcts::policy(s);
        let mut config = mcts::search_config(s, color);
        config.playouts = None;
        config.seconds = None;
        let board = s.board().clone();
        let mut searcher = Searcher::new(&board, color, &policy, &config);
        let interval = Duration::from_millis(self.request.interval * 10);
        let mut next_report = (self.request.interval > 0).then(|| Instant::now() + interval);
        let mut reported = false;
        loop {
            let now = Instant::now();
            let end = next_report.map_or(now + SLICE, |t| t.min(now + SLICE));
            if searcher.playouts() < MAX_ANALYSIS_PLAYOUTS {
                searcher.run(u64::MAX, Some(end));
            } else {
                std::thread::sleep(end.saturating_duration_since(now));
            }
            if let Some(t) = next_report {
                let now = Instant::now();
                if now >= t {
                    out.emit(&info_line(
                        &board,
                        &searcher.result(),
                        &self.request,
                        self.flavor,
                    ))?;
                    reported = true;
                    next_report = Some((t + interval).max(now));
                }
            }
            if out.interrupted() && searcher.playouts() > 0 {
                break;
            }
        }
        if !reported {
            out.emit(&info_line(
                &board,
                &searcher.result(),
                &self.request,
                self.flavor,
            ))?;
        }
        Ok(())
    }
}

/// `genmove_analyze`: genmove with reports, ending with `play MOVE`.
struct GenmoveAnalyze {
    request: Request,
    flavor: Flavor,
}

impl Stream for GenmoveAnalyze {
    fn run(self: Box<Self>, s: &mut Session, out: &mut dyn StreamOut) -> io::Result<()> {
        let color = self.request.color;
        if s.config().engine != Engine::Mcts {
            let answer = moves::generate(s, color, false, true)
                .unwrap_or_else(|e| format!("error {}", e.message()));
            return out.emit(&format!("play {answer}\n"));
        }
        let slice =
            (self.request.interval > 0).then(|| Duration::from_millis(self.request.interval * 10));
        let (request, flavor) = (&self.request, self.flavor);
        let (result, config, reused) =
            mcts::genmove_search(s, color, true, slice, &mut |board, r| {
                out.emit(&info_line(board, r, request, flavor))
            })?;
        if slice.is_none() {
            out.emit(&info_line(s.board(), &result, request, flavor))?;
        }
        let answer = match mcts::decision(s, false, &result, &config, reused) {
            Decision::Resign => "resign".to_string(),
            Decision::Play(m) => {
                let text = move_answer(s.board(), m);
                match s.board_mut().play(color, m) {
                    Ok(_) => text,
                    Err(e) => format!("error generated illegal move {text}: {e}"),
                }
            }
        };
        out.emit(&format!("play {answer}\n"))
    }
}

/// GoGui graphics of a search: labels with the visits of the ten most
/// visited moves, the best move's principal variation, and ownership.
pub(crate) fn gfx(board: &Board, r: &SearchResult) -> String {
    let mut lines = Vec::new();
    let labels: Vec<String> = r
        .moves
        .iter()
        .filter(|m| m.visits > 0 && m.mv != Move::Pass)
        .take(10)
        .map(|m| format!("{} {}", board.move_text(m.mv), m.visits))
        .collect();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    if let Some(best) = r.best() {
        let mut c = r.to_move;
        let var: Vec<String> = best
            .pv
            .iter()
            .map(|&m| {
                let w = format!(
                    "{} {}",
                    if c == Color::Black { "b" } else { "w" },
                    board.move_text(m)
                );
                c = c.opponent();
                w
            })
            .collect();
        if !var.is_empty() {
            lines.push(format!("VAR {}", var.join(" ")));
        }
    }
    let influence: Vec<String> = points_top_first(board)
        .into_iter()
        .filter_map(|p| {
            let o = r.ownership.get(p.index()).copied().unwrap_or(0.0);
            (o.abs() >= 0.2).then(|| format!("{} {:.2}", board.vertex(p), o))
        })
        .collect();
    if !influence.is_empty() {
        lines.push(format!("INFLUENCE {}", influence.join(" ")));
    }
    lines.push(format!(
        "TEXT {} playouts, win rate {:.3}",
        r.playouts,
        r.win_rate()
    ));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn bad_arguments_are_refused_by_name() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        assert_eq!(
            run(&mut s, "lz-analyze B 10 avoid B D4 1"),
            Err("unsupported analysis key: avoid".into())
        );
        assert_eq!(
            run(&mut s, "kata-analyze 10 ownership maybe"),
            Err("ownership: not true or false: maybe".into())
        );
        assert_eq!(
            run(&mut s, "lz-analyze 10 ownership true"),
            Err("unsupported analysis key: ownership".into())
        );
        assert_eq!(
            run(&mut s, "lz-analyze B interval"),
            Err("interval needs a value".into())
        );
        assert_eq!(
            run(&mut s, "lz-analyze B minmoves x"),
            Err("minmoves: not a number: x".into())
        );
        // A refused command starts no stream.
        assert!(s.take_stream().is_none());
    }

    #[test]
    fn mcts_gfx_draws_the_search() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        ok(&mut s, "play b E5");
        let g = ok(&mut s, "katachi-mcts_gfx");
        assert!(g.contains("LABEL "), "{g}");
        assert!(g.contains("VAR w "), "{g}");
        assert!(g.contains("TEXT "), "{g}");
        assert_eq!(
            run(&mut s, "katachi-mcts_gfx blue"),
            Err("invalid color".into())
        );
    }

    #[test]
    fn explain_move_tells_what_the_search_saw() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        let m = ok(&mut s, "genmove b");
        let e = ok(&mut s, &format!("explain_move {m}"));
        assert!(e.starts_with(&format!("{m} for black")), "{e}");
        assert!(e.contains("genmove's search before it was played"), "{e}");
        assert!(
            e.contains("rank ") && e.contains("principal variation: "),
            "{e}"
        );
        // Any other move: a search of the current position, White to move.
        let e = ok(&mut s, "explain_move A1");
        assert!(e.starts_with("A1 for white"), "{e}");
        assert!(e.contains("a search of the current position"), "{e}");
        assert_eq!(run(&mut s, "explain_move"), Err("missing move".into()));
        assert_eq!(
            run(&mut s, "explain_move Z99"),
            Err("invalid coordinate: Z99".into())
        );
    }

    #[test]
    fn the_reader_gives_priors_to_captures_and_rescues() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        // White E5 in atari (liberty E6) beside Black D4 in atari (D3).
        for m in [
            "b D5", "w E5", "b F5", "w C4", "b E4", "w D3", "b D4", "w E3", "b F4",
        ] {
            ok(&mut s, &format!("play {m}"));
        }
        let board = s.board().clone();
        let priors = super::mcts::tactical_priors(&mut s, katachi_board::Color::Black);
        let at = |v: &str| {
            let p = board.parse_vertex(v).unwrap();
            priors.iter().find(|x| x.point == p).copied()
        };
        let capture = at("E6").expect("capturing E5 at E6");
        assert_eq!(capture.win_rate, 0.9);
        assert!(at("A1").is_none());
        // White to move: saving E5 (E6) is the rescue.
        let priors = super::mcts::tactical_priors(&mut s, katachi_board::Color::White);
        let p = board.parse_vertex("E6").unwrap();
        assert!(priors.iter().any(|x| x.point == p), "{priors:?}");
    }

    #[test]
    fn a_saved_tree_is_not_reused_after_setup_stones() {
        // genmove saves its tree for the empty board; undo brings the same
        // (empty) history back, and the handicap stones are not moves: the
        // tree's moves would be played on occupied points.
        let mut s = session();
        ok(&mut s, "boardsize 9");
        ok(&mut s, "genmove b");
        ok(&mut s, "undo");
        ok(&mut s, "fixed_handicap 2");
        let m = ok(&mut s, "genmove b");
        assert!(!["G7", "C3"].contains(&m.as_str()), "{m}");
        assert_eq!(ok(&mut s, &format!("color {m}")), "black");
    }
}
