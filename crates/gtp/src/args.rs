//! Typed access to a command's arguments: colours, vertices, moves and
//! numbers as GTP writes them. Every accessor returns `None` for a missing
//! or malformed argument, and the handler chooses the failure message (GNU
//! Go's messages differ from command to command).

use std::str::FromStr;

use katachi_board::{Board, Color, Move, Point};

/// The arguments of one command (the words after its name).
#[derive(Clone, Copy, Debug)]
pub struct Args<'a> {
    words: &'a [String],
}

impl<'a> Args<'a> {
    /// Wrap the words of a request.
    pub fn new(words: &'a [String]) -> Args<'a> {
        Args { words }
    }

    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there are no arguments.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// All arguments.
    pub fn words(&self) -> &'a [String] {
        self.words
    }

    /// The `i`-th argument as text.
    pub fn get(&self, i: usize) -> Option<&'a str> {
        self.words.get(i).map(String::as_str)
    }

    /// The `i`-th argument as a colour (`black`, `b`, `white`, `w`, any case).
    pub fn color(&self, i: usize) -> Option<Color> {
        self.get(i).and_then(parse_color)
    }

    /// The `i`-th argument as an integer (or any type parsed with `FromStr`).
    pub fn number<T: FromStr>(&self, i: usize) -> Option<T> {
        self.get(i).and_then(|w| w.parse().ok())
    }

    /// The `i`-th argument as a finite float (`nan` and `inf` are refused).
    pub fn float(&self, i: usize) -> Option<f32> {
        self.number::<f32>(i).filter(|f| f.is_finite())
    }

    /// The `i`-th argument as a vertex of `board` (`pass` is not a vertex).
    pub fn vertex(&self, i: usize, board: &Board) -> Option<Point> {
        self.get(i).and_then(|w| board.parse_vertex(w).ok())
    }

    /// The `i`-th argument as a move on `board`: a vertex or `pass`.
    pub fn game_move(&self, i: usize, board: &Board) -> Option<Move> {
        self.get(i).and_then(|w| board.parse_move(w).ok())
    }
}

/// Parse a GTP colour: `black`/`b`/`white`/`w`, case-insensitive.
pub fn parse_color(word: &str) -> Option<Color> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// The GTP word for a colour, as answers write it (`black`, `white`).
pub fn color_word(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A move as `genmove` answers it: a vertex, or `PASS` as GNU Go writes it.
pub fn move_answer(board: &Board, m: Move) -> String {
    match m {
        Move::Play(p) => board.vertex(p),
        Move::Pass => "PASS".to_string(),
    }
}

/// Vertices in board order (top row first, left to right), space separated,
/// as GNU Go's lists are.
pub fn vertex_list(board: &Board, points: impl IntoIterator<Item = Point>) -> String {
    let mut points: Vec<Point> = points.into_iter().collect();
    points.sort();
    points.dedup();
    points
        .iter()
        .map(|&p| board.vertex(p))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn colours_in_every_spelling() {
        for w in ["b", "B", "black", "BLACK", "Black"] {
            assert_eq!(parse_color(w), Some(Color::Black), "{w}");
        }
        for w in ["w", "W", "white", "WhItE"] {
            assert_eq!(parse_color(w), Some(Color::White), "{w}");
        }
        for w in ["", "blue", "bl", "x", "blackk"] {
            assert_eq!(parse_color(w), None, "{w}");
        }
    }

    #[test]
    fn numbers_and_floats() {
        let w = words("19 x 6.5 nan inf -3 1e1");
        let a = Args::new(&w);
        assert_eq!(a.len(), 7);
        assert_eq!(a.number::<usize>(0), Some(19));
        assert_eq!(a.number::<usize>(1), None);
        assert_eq!(a.number::<usize>(2), None);
        assert_eq!(a.float(2), Some(6.5));
        assert_eq!(a.float(3), None);
        assert_eq!(a.float(4), None);
        assert_eq!(a.float(5), Some(-3.0));
        assert_eq!(a.float(6), Some(10.0));
        assert_eq!(a.get(7), None);
        assert_eq!(a.number::<usize>(7), None);
    }

    #[test]
    fn vertices_and_moves() {
        let board = Board::new(9).unwrap();
        let w = words("D4 pass Z9 e10 j9 i3");
        let a = Args::new(&w);
        let d4 = a.vertex(0, &board).unwrap();
        assert_eq!(board.vertex(d4), "D4");
        assert_eq!(a.vertex(1, &board), None);
        assert_eq!(a.game_move(1, &board), Some(Move::Pass));
        assert_eq!(a.vertex(2, &board), None);
        assert_eq!(a.vertex(3, &board), None);
        assert_eq!(board.vertex(a.vertex(4, &board).unwrap()), "J9");
        assert_eq!(a.vertex(5, &board), None);
        assert_eq!(move_answer(&board, Move::Pass), "PASS");
        assert_eq!(move_answer(&board, Move::Play(d4)), "D4");
    }

    #[test]
    fn vertex_lists_are_in_board_order() {
        let board = Board::new(5).unwrap();
        let p = |s: &str| board.parse_vertex(s).unwrap();
        let list = vertex_list(&board, [p("A1"), p("B3"), p("E5"), p("A1")]);
        assert_eq!(list, "E5 B3 A1");
        assert_eq!(vertex_list(&board, []), "");
    }
}
