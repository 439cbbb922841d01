//! The results of a match: one row per game, totals per engine and per
//! colour, the printed table, and the `--json` document. Every count is
//! derived from the list of games, so that the table adds up by
//! construction and a test can check it.

use std::fmt::Write as _;

use katachi_board::Color;
use serde::Serialize;

use super::game::{slot, Ending, GameOutcome};

/// One game in the summary.
#[derive(Clone, Debug, Serialize)]
pub struct GameRow {
    /// Game number, from 1.
    pub number: usize,
    /// Label (`A`/`B`) of the engine with Black.
    pub black: String,
    /// Label of the engine with White.
    pub white: String,
    /// SGF result (`B+3.5`, `W+R`, `B+T`, `W+F`, `0`, `Void`).
    pub result: String,
    /// Label of the winner; `None` for jigo and void games.
    pub winner: Option<String>,
    /// How the game ended.
    pub ending: Ending,
    /// Moves played (passes included).
    pub moves: usize,
    /// Seconds spent in `genmove` by Black and White, and their move counts.
    pub seconds: [f64; 2],
    /// `genmove` answers of Black and White.
    pub genmoves: [usize; 2],
    /// Adjudications and errors in words.
    pub notes: Vec<String>,
    /// Where the SGF was written.
    pub sgf: Option<String>,
    /// Hash of the game's move sequence: equal games have equal hashes
    /// (for the count of distinct games).
    pub line: u64,
}

impl GameRow {
    /// Summarise `game`, played by the engines labelled `labels` (Black, White).
    pub fn new(number: usize, labels: [&str; 2], game: &GameOutcome) -> GameRow {
        GameRow {
            number,
            black: labels[0].to_string(),
            white: labels[1].to_string(),
            result: game.result.clone(),
            winner: game.winner.map(|c| labels[slot(c)].to_string()),
            ending: game.ending,
            moves: game.moves.len(),
            seconds: game.thinking.map(|d| d.as_secs_f64()),
            genmoves: game.genmoves,
            notes: game.notes.clone(),
            sgf: None,
            line: line_hash(&game.moves),
        }
    }
}

/// Hash of a move sequence (FNV-1a over colours and moves' text).
fn line_hash(moves: &[(Color, katachi_board::Move)]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for (c, m) in moves {
        let text = format!("{c:?}{m:?};");
        for b in text.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The 95% Wilson score interval of `wins` successes in `games` trials,
/// as fractions (0 to 1); `(0, 1)` with no game.
pub fn wilson(wins: usize, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Totals for one engine.
#[derive(Clone, Debug, Default, Serialize)]
pub struct EngineTotals {
    /// `A` or `B`.
    pub label: String,
    /// `name version` as the engine reports them.
    pub name: String,
    /// The command line.
    pub command: String,
    /// Games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Games played with Black.
    pub games_as_black: usize,
    /// Games won with Black.
    pub wins_as_black: usize,
    /// Games played with White.
    pub games_as_white: usize,
    /// Games won with White.
    pub wins_as_white: usize,
    /// `genmove` answers (moves, passes, resignations).
    pub moves: usize,
    /// Seconds spent in `genmove`.
    pub seconds: f64,
    /// `seconds` per `genmove` answer.
    pub seconds_per_move: f64,
}

/// The whole match.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Games played in the match.
    pub games: usize,
    /// Totals of engine A, then B.
    pub engines: Vec<EngineTotals>,
    /// Games won by Black.
    pub black_wins: usize,
    /// Games won by White.
    pub white_wins: usize,
    /// Drawn games.
    pub jigo: usize,
    /// Games without a result.
    pub void: usize,
    /// Games whose players' counts named different winners (no referee).
    pub disputed: usize,
    /// Average game length in moves.
    pub average_moves: f64,
    /// Distinct games (move sequences) among them.
    pub distinct: usize,
    /// Count of games per ending (`score`, `resign`, `time`, ...).
    pub endings: Vec<(Ending, usize)>,
    /// Every game in order.
    pub results: Vec<GameRow>,
}

/// Build the summary of `rows` for engines `(label, name, command)`.
pub fn summarise(engines: &[(String, String, String)], rows: &[GameRow]) -> Summary {
    let mut totals: Vec<EngineTotals> = engines
        .iter()
        .map(|(label, name, command)| EngineTotals {
            label: label.clone(),
            name: name.clone(),
            command: command.clone(),
            ..EngineTotals::default()
        })
        .collect();
    let mut summary = Summary {
        games: rows.len(),
        engines: Vec::new(),
        black_wins: 0,
        white_wins: 0,
        jigo: 0,
        void: 0,
        disputed: 0,
        average_moves: 0.0,
        distinct: {
            let mut lines: Vec<u64> = rows.iter().map(|r| r.line).collect();
            lines.sort_unstable();
            lines.dedup();
            lines.len()
        },
        endings: Vec::new(),
        results: rows.to_vec(),
    };
    for row in rows {
        for t in totals.iter_mut() {
            for (color, label) in [(Color::Black, &row.black), (Color::White, &row.white)] {
                if *label != t.label {
                    continue;
                }
                let won = row.winner.as_ref() == Some(&t.label);
                t.games += 1;
                t.wins += usize::from(won);
                t.moves += row.genmoves[slot(color)];
                t.seconds += row.seconds[slot(color)];
                match color {
                    Color::Black => {
                        t.games_as_black += 1;
                        t.wins_as_black += usize::from(won);
                    }
                    Color::White => {
                        t.games_as_white += 1;
                        t.wins_as_white += usize::from(won);
                    }
                }
            }
        }
        match &row.winner {
            Some(w) if *w == row.black => summary.black_wins += 1,
            Some(_) => summary.white_wins += 1,
            None if row.ending == Ending::Void => summary.void += 1,
            None if row.ending == Ending::Disputed => summary.disputed += 1,
            None => summary.jigo += 1,
        }
        match summary.endings.iter_mut().find(|(e, _)| *e == row.ending) {
            Some((_, n)) => *n += 1,
            None => summary.endings.push((row.ending, 1)),
        }
    }
    for t in totals.iter_mut() {
        if t.moves > 0 {
            t.seconds_per_move = t.seconds / t.moves as f64;
        }
    }
    if !rows.is_empty() {
        summary.average_moves =
            rows.iter().map(|r| r.moves).sum::<usize>() as f64 / rows.len() as f64;
    }
    summary.engines = totals;
    summary
}

/// The table printed at the end of a match.
pub fn table(summary: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<6} {:<6} {:>8}  {:>6}  {:<6}  notes",
        "game", "black", "white", "result", "moves", "winner"
    );
    for r in &summary.results {
        let _ = writeln!(
            out,
            "{:>4}  {:<6} {:<6} {:>8}  {:>6}  {:<6}  {}",
            r.number,
            r.black,
            r.white,
            r.result,
            r.moves,
            r.winner.as_deref().unwrap_or("-"),
            r.notes.join("; ")
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:<6} {:>5} {:>5} {:>13} {:>9} {:>9} {:>10}  name (command)",
        "engine", "games", "wins", "95% interval", "as black", "as white", "s/move"
    );
    for t in &summary.engines {
        let (lo, hi) = wilson(t.wins, t.games);
        let _ = writeln!(
            out,
            "{:<6} {:>5} {:>5} {:>13} {:>9} {:>9} {:>10.3}  {} ({})",
            t.label,
            t.games,
            t.wins,
            format!("{:.0}%-{:.0}%", 100.0 * lo, 100.0 * hi),
            format!("{}/{}", t.wins_as_black, t.games_as_black),
            format!("{}/{}", t.wins_as_white, t.games_as_white),
            t.seconds_per_move,
            t.name,
            t.command
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "games {} ({} distinct): black won {}, white won {}, jigo {}, void {}, disputed {}; {:.1} moves per game",
        summary.games,
        summary.distinct,
        summary.black_wins,
        summary.white_wins,
        summary.jigo,
        summary.void,
        summary.disputed,
        summary.average_moves
    );
    let endings: Vec<String> = summary
        .endings
        .iter()
        .map(|(e, n)| {
            format!(
                "{} {n}",
                serde_json::to_value(e)
                    .unwrap_or_default()
                    .as_str()
                    .unwrap_or("?")
            )
        })
        .collect();
    let _ = writeln!(out, "endings: {}", endings.join(", "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval() {
        // 4 of 10: the textbook interval is 16.8% to 68.7%.
        let (lo, hi) = wilson(4, 10);
        assert!(
            (lo - 0.1682).abs() < 1e-3 && (hi - 0.6873).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(20, 20);
        assert!((lo - 0.8389).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    fn row(number: usize, black: &str, winner: Option<&str>, ending: Ending) -> GameRow {
        GameRow {
            number,
            black: black.into(),
            white: if black == "A" { "B" } else { "A" }.into(),
            result: String::new(),
            winner: winner.map(String::from),
            ending,
            moves: 10 * number,
            seconds: [1.0, 2.0],
            genmoves: [5, 5],
            notes: vec![],
            sgf: None,
            line: number as u64 % 4,
        }
    }

    #[test]
    fn totals_add_up() {
        let engines = [
            ("A".to_string(), "a".to_string(), "a-cmd".to_string()),
            ("B".to_string(), "b".to_string(), "b-cmd".to_string()),
        ];
        let rows = [
            row(1, "A", Some("A"), Ending::Score),
            row(2, "B", Some("A"), Ending::Resign),
            row(3, "A", None, Ending::Score),
            row(4, "B", None, Ending::Void),
            row(5, "A", None, Ending::Disputed),
        ];
        let s = summarise(&engines, &rows);
        assert_eq!(
            (s.black_wins, s.white_wins, s.jigo, s.void, s.disputed),
            (1, 1, 1, 1, 1)
        );
        let a = &s.engines[0];
        assert_eq!(
            (a.games, a.wins, a.wins_as_black, a.wins_as_white),
            (5, 2, 1, 1)
        );
        assert_eq!((a.games_as_black, a.games_as_white), (3, 2));
        assert_eq!(s.engines[1].wins, 0);
        // A had Black in games 1, 3 and 5 (1 s each) and White in 2 and 4 (2 s each).
        assert_eq!(a.seconds, 7.0);
        assert_eq!(a.moves, 25);
        assert_eq!(a.seconds_per_move, 0.28);
        assert_eq!(s.average_moves, 30.0);
        assert_eq!(
            s.endings,
            [
                (Ending::Score, 2),
                (Ending::Resign, 1),
                (Ending::Void, 1),
                (Ending::Disputed, 1)
            ]
        );
        // Games 1 and 5 have the same line.
        assert_eq!(s.distinct, 4);
        let t = table(&s);
        assert!(t.contains("games 5 (4 distinct)"), "{t}");
        assert!(
            t.contains("black won 1, white won 1, jigo 1, void 1, disputed 1"),
            "{t}"
        );
        assert!(
            t.contains("endings: score 2, resign 1, void 1, disputed 1"),
            "{t}"
        );
    }
}
