//! A played game as SGF (through katachi-sgf's writer): players, size,
//! komi, time, result, every move, and the adjudication notes as a comment
//! on the last node.

use katachi_board::{Board, Move};
use katachi_sgf::{write_game, GameRecord};

use super::game::{GameOutcome, Settings};
use super::player::TimeControl;

/// The SGF text of `game`, number `number` of the match.
pub fn sgf(game: &GameOutcome, settings: &Settings, number: usize, names: [&str; 2]) -> String {
    let mut record = GameRecord::new(settings.size);
    record.komi(settings.komi);
    if !game.result.is_empty() {
        record.result(&game.result);
    }
    let root = record.root_mut();
    root.set_text("PB", names[0]);
    root.set_text("PW", names[1]);
    root.set_text("GN", &format!("katachi match, game {number}"));
    root.set_text("RU", "Chinese");
    match settings.time {
        Some(TimeControl::PerGame(t)) => root.set_text("TM", &format!("{}", t.as_secs_f64())),
        Some(TimeControl::PerMove(t)) => {
            root.set_text("OT", &format!("{} s per move", t.as_secs_f64()))
        }
        None => {}
    }
    // Only used for point geometry.
    let geometry = Board::new(settings.size).ok();
    for &(color, mv) in &game.moves {
        let at = match (mv, &geometry) {
            (Move::Play(p), Some(board)) => Some(board.row_col(p)),
            _ => None,
        };
        record.play(color, at);
    }
    let mut comment = vec![format!("Result: {} ({:?})", game.result, game.ending)];
    comment.extend(game.notes.iter().cloned());
    record.current_mut().set_comment(&comment.join("\n"));
    write_game(&record.into_game())
}

#[cfg(test)]
mod tests {
    use super::super::game::Ending;
    use super::*;
    use katachi_board::Color;
    use std::time::Duration;

    #[test]
    fn games_round_trip_through_the_reader() {
        let board = Board::new(9).unwrap();
        let p = board.parse_vertex("E5").unwrap();
        let game = GameOutcome {
            moves: vec![(Color::Black, Move::Play(p)), (Color::White, Move::Pass)],
            ending: Ending::Resign,
            winner: Some(Color::White),
            result: "W+R".into(),
            notes: vec!["black (A) resigned".into()],
            thinking: [Duration::ZERO; 2],
            genmoves: [1, 1],
        };
        let settings = Settings {
            size: 9,
            komi: 7.5,
            ko_rule: Default::default(),
            time: Some(TimeControl::PerMove(Duration::from_secs(2))),
            margin: Duration::ZERO,
            move_timeout: Duration::from_secs(1),
            max_moves: 10,
        };
        let text = sgf(&game, &settings, 3, ["A [x]", "B"]);
        let games = katachi_sgf::parse(&text).unwrap();
        let root = &games.games[0];
        assert_eq!(root.get("SZ"), Some("9"));
        assert_eq!(root.get("KM"), Some("7.5"));
        assert_eq!(root.text("PB").as_deref(), Some("A [x]"));
        assert_eq!(root.text("RE").as_deref(), Some("W+R"));
        let loaded = katachi_sgf::load(root, katachi_sgf::Target::End, &[]).unwrap();
        assert_eq!(loaded.moves_played, 2);
        let last = root.main_line().last().unwrap();
        assert!(last.text("C").unwrap().contains("resigned"));
    }
}
