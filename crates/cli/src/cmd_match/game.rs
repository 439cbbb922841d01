//! Playing one game between two players, with katachi's own board as the
//! judge of legality and the runner's clock as the judge of time.
//!
//! The game ends on two passes in a row or at the move cap (both scored
//! later: by the `--referee` engine if there is one, else by both players,
//! a disagreement making the game disputed), on a resignation, or by adjudication: a move that
//! is illegal or not a move at all, a `?` answer to `genmove`, an engine that
//! dies or exceeds its time loses. When an engine refuses a move that
//! katachi's board found legal (a rules disagreement), the game is void.

use std::time::Duration;

use katachi_board::{Board, Color, KoRule, Move};
use katachi_gtp::client::ClientError;
use serde::Serialize;

use super::player::{whole_seconds, Player, TimeControl};

/// The rules and limits of every game of a match.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Board size.
    pub size: usize,
    /// Komi, sent to the engines and the referee.
    pub komi: f32,
    /// Repetition rule of the legality check.
    pub ko_rule: KoRule,
    /// Clock, if any.
    pub time: Option<TimeControl>,
    /// Allowance over the time limit for process and pipe overhead.
    pub margin: Duration,
    /// Longest wait for a move without a time control.
    pub move_timeout: Duration,
    /// Moves (passes included) after which the game stops and is scored.
    pub max_moves: usize,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Two passes; the referee counts.
    Score,
    /// The move cap was reached; the referee counts.
    MoveCap,
    /// A player resigned.
    Resign,
    /// A player exceeded its time.
    Time,
    /// A player gave an illegal move or something that is not a move.
    Illegal,
    /// A player's engine died or refused to move.
    Forfeit,
    /// No result: the engines disagreed about the rules, or scoring failed.
    Void,
    /// Scored without a referee, and the two players' `final_score` name
    /// different winners: no result is credited (SGF `RE[?]`).
    Disputed,
}

/// A finished (or stopped) game.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// The legal moves played, in order.
    pub moves: Vec<(Color, Move)>,
    /// How the game ended.
    pub ending: Ending,
    /// The winner, once known (`None` for jigo, void, or before scoring).
    pub winner: Option<Color>,
    /// SGF `RE` text, once known.
    pub result: String,
    /// What happened, in words (adjudications, errors).
    pub notes: Vec<String>,
    /// Time spent in `genmove` by Black and White.
    pub thinking: [Duration; 2],
    /// Number of `genmove` answers by Black and White.
    pub genmoves: [usize; 2],
}

/// Index of a colour in per-colour arrays.
pub fn slot(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// `B` or `W`.
pub fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Play a game; `players` are Black then White, already set up with
/// [`Player::new_game`].
pub fn play(players: [&mut Player; 2], settings: &Settings) -> anyhow::Result<GameOutcome> {
    let mut board = Board::new(settings.size)?;
    board.set_ko_rule(settings.ko_rule);
    let mut game = GameOutcome {
        moves: Vec::new(),
        ending: Ending::Score,
        winner: None,
        result: String::new(),
        notes: Vec::new(),
        thinking: [Duration::ZERO; 2],
        genmoves: [0; 2],
    };
    let mut clock = [Duration::ZERO; 2];
    let mut passes = 0;
    let mut color = Color::Black;
    let lose = |game: &mut GameOutcome, loser: Color, ending: Ending, code: &str, note: String| {
        game.ending = ending;
        game.winner = Some(loser.opponent());
        game.result = format!("{}+{code}", letter(loser.opponent()));
        game.notes.push(note);
    };
    loop {
        if game.moves.len() >= settings.max_moves {
            game.ending = Ending::MoveCap;
            game.notes
                .push(format!("stopped at the move cap of {}", settings.max_moves));
            return Ok(game);
        }
        let me = slot(color);
        let who = format!("{} ({})", name(color), players[me].label);
        let limit = match settings.time {
            Some(TimeControl::PerMove(t)) => t,
            Some(TimeControl::PerGame(t)) => t.saturating_sub(clock[me]),
            None => settings.move_timeout,
        };
        let engine = match players[me].engine() {
            Ok(e) => e,
            Err(err) => {
                lose(
                    &mut game,
                    color,
                    Ending::Forfeit,
                    "F",
                    format!("{who}: {err}"),
                );
                return Ok(game);
            }
        };
        if let Some(time) = settings.time {
            let stones = match time {
                TimeControl::PerMove(_) => 1,
                TimeControl::PerGame(_) => 0,
            };
            let command = format!(
                "time_left {} {} {stones}",
                letter(color),
                whole_seconds(limit)
            );
            // Engines without clocks may refuse time_left; only its failure matters.
            if let Err(err) = engine.command(&command) {
                players[me].discard();
                lose(
                    &mut game,
                    color,
                    Ending::Forfeit,
                    "F",
                    format!("{who}: {err}"),
                );
                return Ok(game);
            }
        }
        let answer = engine.send(
            None,
            &format!("genmove {}", name(color)),
            Some(limit + settings.margin),
        );
        let answer = match answer {
            Ok(a) => a,
            Err(err @ ClientError::Timeout { .. }) => {
                players[me].discard();
                game.thinking[me] += limit + settings.margin;
                lose(
                    &mut game,
                    color,
                    Ending::Time,
                    "T",
                    format!("{who} lost on time: {err}"),
                );
                return Ok(game);
            }
            Err(err) => {
                players[me].discard();
                lose(
                    &mut game,
                    color,
                    Ending::Forfeit,
                    "F",
                    format!("{who}: {err}"),
                );
                return Ok(game);
            }
        };
        game.thinking[me] += answer.elapsed;
        game.genmoves[me] += 1;
        clock[me] += answer.elapsed;
        if !answer.success {
            let note = format!(
                "{who} refused to move: `genmove` answered `? {}`",
                answer.text
            );
            lose(&mut game, color, Ending::Forfeit, "F", note);
            return Ok(game);
        }
        if answer.elapsed > limit + settings.margin {
            let note = format!(
                "{who} lost on time: {:.2} s for a move with {:.2} s left",
                answer.elapsed.as_secs_f64(),
                limit.as_secs_f64()
            );
            lose(&mut game, color, Ending::Time, "T", note);
            return Ok(game);
        }
        let text = answer.text.trim();
        if text.eq_ignore_ascii_case("resign") {
            lose(
                &mut game,
                color,
                Ending::Resign,
                "R",
                format!("{who} resigned"),
            );
            return Ok(game);
        }
        let mv = match board.parse_move(text) {
            Ok(mv) => mv,
            Err(err) => {
                let note = format!("{who} answered genmove with {text:?}, not a move: {err}");
                lose(&mut game, color, Ending::Illegal, "F", note);
                return Ok(game);
            }
        };
        if let Err(why) = board.play(color, mv) {
            let note = format!("{who} played the illegal move {text}: {why}");
            lose(&mut game, color, Ending::Illegal, "F", note);
            return Ok(game);
        }
        game.moves.push((color, mv));
        let vertex = board.move_text(mv);
        let other = slot(color.opponent());
        let them = format!("{} ({})", name(color.opponent()), players[other].label);
        let told = players[other]
            .engine()
            .and_then(|e| e.command(&format!("play {} {vertex}", name(color))));
        match told {
            Ok(r) if r.success => {}
            Ok(r) => {
                game.ending = Ending::Void;
                game.result = "Void".to_string();
                game.notes.push(format!(
                    "{them} refused {}'s move {vertex}, which katachi's board allows: {}",
                    name(color),
                    r.text
                ));
                return Ok(game);
            }
            Err(err) => {
                players[other].discard();
                let note = format!("{them}: {err}");
                lose(&mut game, color.opponent(), Ending::Forfeit, "F", note);
                return Ok(game);
            }
        }
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        if passes == 2 {
            return Ok(game);
        }
        color = color.opponent();
    }
}

/// Parse a `final_score` answer: `B+3.5`, `W+12`, or `0` for jigo.
pub fn parse_score(text: &str) -> Option<(Option<Color>, String)> {
    let text = text.trim();
    if text == "0" {
        return Some((None, "0".to_string()));
    }
    let (color, margin) = match text.split_once('+')? {
        (c, m) if c.eq_ignore_ascii_case("B") => (Color::Black, m),
        (c, m) if c.eq_ignore_ascii_case("W") => (Color::White, m),
        _ => return None,
    };
    let value: f64 = margin.parse().ok()?;
    if !(value.is_finite() && value >= 0.0) {
        return None;
    }
    if value == 0.0 {
        return Some((None, "0".to_string()));
    }
    Some((Some(color), format!("{}+{margin}", letter(color))))
}

/// Have `counter` count the final position of `game`: a fresh board with
/// the moves replayed, then `final_score`; the answer as given.
fn count(counter: &mut Player, settings: &Settings, game: &GameOutcome) -> anyhow::Result<String> {
    let counted = (|| -> anyhow::Result<String> {
        counter.new_game(settings.size, settings.komi, None, None)?;
        let engine = counter.engine()?;
        let board = Board::new(settings.size)?;
        for &(color, mv) in &game.moves {
            engine.ok(&format!("play {} {}", name(color), board.move_text(mv)))?;
        }
        Ok(engine.ok("final_score")?)
    })();
    if counted.is_err() {
        counter.discard();
    }
    counted
}

/// Make `game` void with `note`.
fn void(game: &mut GameOutcome, note: String) {
    game.ending = Ending::Void;
    game.winner = None;
    game.result = "Void".to_string();
    game.notes.push(note);
}

/// Have the referee (`--referee CMD`, an engine that does not play) count
/// the final position of `game`. Fills in winner and result, or makes the
/// game void with a note when the referee cannot say.
pub fn score(referee: &mut Player, settings: &Settings, game: &mut GameOutcome) {
    match count(referee, settings, game) {
        Ok(text) => match parse_score(&text) {
            Some((winner, result)) => {
                game.winner = winner;
                game.result = result;
            }
            None => void(
                game,
                format!("the referee's final_score {text:?} is not a score"),
            ),
        },
        Err(err) => void(game, format!("the referee could not score: {err:#}")),
    }
}

/// With a referee, the players' own counts of the same final position,
/// beside the referee's result, as a note (`final_score: referee B+3.5,
/// black (A) B+3.5, white (B) W+0.5`): how each engine's scoring agrees
/// with the referee's. A player that cannot count is noted as such.
pub fn note_player_counts(players: [&mut Player; 2], settings: &Settings, game: &mut GameOutcome) {
    let mut parts = vec![format!("referee {}", game.result)];
    for (player, color) in players.into_iter().zip([Color::Black, Color::White]) {
        let who = format!("{} ({})", name(color), player.label);
        match count(player, settings, game) {
            Ok(text) => parts.push(format!("{who} {}", text.trim())),
            Err(_) => parts.push(format!("{who} could not count")),
        }
    }
    game.notes
        .push(format!("final_score: {}", parts.join(", ")));
}

/// Without a referee, ask both players (`players` are Black then White)
/// for `final_score`, as other match runners do: no player decides its
/// own game alone. When they name the same winner (or both jigo) that is
/// the result, with the margin if they agree on it too (`B+` otherwise,
/// SGF's win without a score); when they name different winners the game
/// is [`Ending::Disputed`] with result `?` (SGF's unknown result) and both
/// counts in the notes; when one cannot count, the game is void.
pub fn score_by_players(players: [&mut Player; 2], settings: &Settings, game: &mut GameOutcome) {
    let mut said = Vec::new();
    for (player, color) in players.into_iter().zip([Color::Black, Color::White]) {
        let who = format!("{} ({})", name(color), player.label);
        match count(player, settings, game) {
            Ok(text) => match parse_score(&text) {
                Some(score) => said.push((who, score)),
                None => return void(game, format!("{who}'s final_score {text:?} is not a score")),
            },
            Err(err) => return void(game, format!("{who} could not score: {err:#}")),
        }
    }
    let [(who_b, (winner_b, result_b)), (who_w, (winner_w, result_w))] =
        <[_; 2]>::try_from(said).expect("two players");
    if winner_b != winner_w {
        game.ending = Ending::Disputed;
        game.winner = None;
        game.result = "?".to_string();
        game.notes.push(format!(
            "disputed: {who_b} counts {result_b}, {who_w} counts {result_w}"
        ));
        return;
    }
    game.winner = winner_b;
    if result_b == result_w {
        game.result = result_b;
    } else {
        // Same winner, different margins: the win without a score.
        game.result = winner_b.map_or_else(|| "0".to_string(), |c| format!("{}+", letter(c)));
        game.notes.push(format!(
            "margins differ: {who_b} counts {result_b}, {who_w} counts {result_w}"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores() {
        assert_eq!(
            parse_score("B+3.5"),
            Some((Some(Color::Black), "B+3.5".into()))
        );
        assert_eq!(
            parse_score("w+12"),
            Some((Some(Color::White), "W+12".into()))
        );
        assert_eq!(parse_score("0"), Some((None, "0".into())));
        assert_eq!(parse_score("B+0"), Some((None, "0".into())));
        assert_eq!(parse_score("X+3"), None);
        assert_eq!(parse_score("B+"), None);
        assert_eq!(parse_score("B+-1"), None);
        assert_eq!(parse_score("B+R"), None);
        assert_eq!(parse_score("black wins"), None);
    }
}
