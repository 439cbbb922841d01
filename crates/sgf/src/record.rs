//! Building annotated games in code: [`GameRecord`] for a main line of
//! moves with comments, labels, marks and a result, and [`position_record`]
//! for a static position (GTP `printsgf`).
//!
//! Points are `(row, col)` with row 0 at the top, as everywhere in katachi.

use katachi_board::{Board, Color};

use crate::point::point_to_sgf;
use crate::tree::Node;

/// A board mark (SQ, TR, CR, MA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `SQ`
    Square,
    /// `TR`
    Triangle,
    /// `CR`
    Circle,
    /// `MA` (a cross)
    Cross,
}

impl Mark {
    /// The SGF property identifier.
    pub fn id(self) -> &'static str {
        match self {
            Mark::Square => "SQ",
            Mark::Triangle => "TR",
            Mark::Circle => "CR",
            Mark::Cross => "MA",
        }
    }
}

/// SGF letter for a colour (`B` or `W`).
pub fn color_id(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// Annotation helpers on nodes, with katachi coordinates.
impl Node {
    /// Set the comment `C` (plain text, escaped here).
    pub fn set_comment(&mut self, text: &str) {
        self.set_text("C", text);
    }
    /// Add a label at `(row, col)`.
    pub fn label_at(&mut self, row: usize, col: usize, label: &str) {
        self.add_label(&point_to_sgf(row, col), label);
    }
    /// Add a mark at `(row, col)`.
    pub fn mark_at(&mut self, mark: Mark, row: usize, col: usize) {
        self.add_raw(mark.id(), point_to_sgf(row, col));
    }
}

/// A game under construction: root properties and a main line of moves.
#[derive(Clone, Debug)]
pub struct GameRecord {
    root: Node,
    moves: Vec<Node>,
}

impl GameRecord {
    /// A new game record: `GM[1]FF[4]CA[UTF-8]AP[katachi:version]SZ[size]`.
    pub fn new(size: usize) -> GameRecord {
        let mut root = Node::new();
        root.set_raw("GM", vec!["1".into()]);
        root.set_raw("FF", vec!["4".into()]);
        root.set_raw("CA", vec!["UTF-8".into()]);
        root.set_text("AP", &format!("katachi:{}", env!("CARGO_PKG_VERSION")));
        root.set_raw("SZ", vec![size.to_string()]);
        GameRecord {
            root,
            moves: Vec::new(),
        }
    }
    /// The root node, for any other property (PB, PW, DT, RU, ...).
    pub fn root_mut(&mut self) -> &mut Node {
        &mut self.root
    }
    /// Set `KM`.
    pub fn komi(&mut self, komi: f32) -> &mut Self {
        self.root.set_raw("KM", vec![komi.to_string()]);
        self
    }
    /// Set `HA` and place the handicap stones with `AB`.
    pub fn handicap(&mut self, stones: &[(usize, usize)]) -> &mut Self {
        self.root.set_raw("HA", vec![stones.len().to_string()]);
        self.setup(Color::Black, stones)
    }
    /// Add setup stones of `color` to the root (`AB`/`AW`).
    pub fn setup(&mut self, color: Color, stones: &[(usize, usize)]) -> &mut Self {
        let id = if color == Color::Black { "AB" } else { "AW" };
        for &(r, c) in stones {
            self.root.add_raw(id, point_to_sgf(r, c));
        }
        self
    }
    /// Set the result `RE` (e.g. `B+R`, `W+3.5`, `0`, `Void`).
    pub fn result(&mut self, result: &str) -> &mut Self {
        self.root.set_text("RE", result);
        self
    }
    /// Append a move (`None` = pass, written `[]`) and return its node for
    /// comments, labels and marks.
    pub fn play(&mut self, color: Color, at: Option<(usize, usize)>) -> &mut Node {
        let mut node = Node::new();
        let value = at.map(|(r, c)| point_to_sgf(r, c)).unwrap_or_default();
        node.set_raw(color_id(color), vec![value]);
        self.moves.push(node);
        self.moves.last_mut().expect("just pushed")
    }
    /// The last move node, or the root before any move.
    pub fn current_mut(&mut self) -> &mut Node {
        self.moves.last_mut().unwrap_or(&mut self.root)
    }
    /// Number of moves so far.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }
    /// The finished game as a root node with the moves chained below it.
    pub fn into_game(self) -> Node {
        let mut tail: Option<Node> = None;
        for mut node in self.moves.into_iter().rev() {
            node.children.extend(tail.take());
            tail = Some(node);
        }
        let mut root = self.root;
        root.children.extend(tail);
        root
    }
}

/// A static position as a one-node game: `SZ`, `KM`, `AB`, `AW` and `PL`.
pub fn position_record(board: &Board, komi: f32) -> Node {
    let mut record = GameRecord::new(board.size());
    record.komi(komi);
    let mut black = Vec::new();
    let mut white = Vec::new();
    for p in board.points() {
        match board.cell(p).color() {
            Some(Color::Black) => black.push(board.row_col(p)),
            Some(Color::White) => white.push(board.row_col(p)),
            None => {}
        }
    }
    record.setup(Color::Black, &black);
    record.setup(Color::White, &white);
    record
        .root_mut()
        .set_raw("PL", vec![color_id(board.to_move()).to_string()]);
    record.into_game()
}
