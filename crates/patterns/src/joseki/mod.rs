//! The joseki compiler: SGF joseki trees to pattern database text.
//!
//! Follows the "Joseki Compiler" and "Ladders in Joseki" sections of GNU
//! Go's pattern documentation, and matches byte for byte what GNU Go's own
//! compiler produced from its seven joseki trees (checked by the test
//! `joseki_reference`). For every node, in depth-first order (a node, then
//! its first variation completely, then the next):
//!
//! - A node yields a pattern when it has a square mark (`SQ` or `MA`) and a
//!   move (`B` or `W`) that is not a pass. Other nodes yield nothing but
//!   still change the position.
//! - The diagram shows the position *before* the move, with `O` for the
//!   colour that moves, `X` for the other, `*` for the move and `.` for
//!   empty points. The joseki sits in the upper right corner: the diagram
//!   runs from the top edge and the right edge to the mark, and has the
//!   top and right board edges drawn.
//! - Single-letter `LB` labels give a constraint diagram: the main diagram
//!   with each labelled point replaced by its letter.
//! - The first character of the comment (`C`) gives the class: `U` urgent
//!   (`U`), `S`/`J` standard (`J`), `s`/`j` lesser joseki (`j`), `T` trick
//!   (`T`), `t` minor, tenuki fine (`t`), `0`/`A` antisuji (`N`); anything
//!   else is standard. Comment lines starting with `#` are written above the
//!   diagram, lines starting with `;` or `>` below the constraint diagram,
//!   and the text after `:` of colon lines is appended to the colon line.
//! - The colon line is `:8,sF` + class letter + the comment's colon part.
//!
//! Decisions where the documentation is silent or differs from what GNU Go
//! does (the reference output decides where it shows the answer):
//! - **`F` on the colon line.** The documentation says the colon line
//!   starts `:8,s`; GNU Go's compiler writes `:8,sF` (fuseki class: GNU Go
//!   varies its choice among these moves) on every pattern, and so does
//!   katachi.
//! - **Symmetry.** When the diagram is square and unchanged by the mirror
//!   about its diagonal through the corner (and so is the constraint
//!   diagram, if any), the symmetry is `/` instead of `8`, as GNU Go writes
//!   it: the mirror image would match the same stones. No other symmetry is
//!   looked for: only this one keeps a corner pattern in its corner.
//! - **A label on the move** replaces the `*` in the constraint diagram, as
//!   GNU Go's output has it (hoshi_keima.sgf labels a move `B` for
//!   `;!xplay_attack(A,B)`).
//! - **Constraint diagram without labels.** A node with `;` or `>` lines
//!   but no labels also gets a constraint diagram (equal to the main one),
//!   as GNU Go does for its `;safe_omove(*)` node.
//! - **Class letters.** Antisuji (`0`/`A`) is written `N`, GNU Go's class
//!   for moves not to play; standard `J`, lesser `j`. Case matters, as the
//!   documentation's own list (`S`/`s`, `J`/`j`, `T`/`t`) and GNU Go's output
//!   show, so `u` or `a` are no class characters and give `J`. The
//!   documentation's example (comment `F` ... giving `:8,sjC,shape(3)`)
//!   agrees neither with its list nor with GNU Go's output and is not
//!   followed: that comment gives `:8,sFJC,shape(3)`.
//! - **Several marks.** The rectangle spans the upper right corner and
//!   every marked point (compressed `ab:cd` lists included), so a single
//!   mark is its far corner. A rectangle reaching the bottom or left edge of
//!   the board gets that edge drawn too (`+` at every drawn corner).
//! - **Always the upper right corner.** A mark in another quarter of the
//!   board still spans to the upper right corner; no "nearest corner" rule
//!   is tried, since GNU Go's own trees mark points left of the middle
//!   (`MA[gj]` in takamoku.sgf) for upper right patterns.
//! - **Errors rather than silent output.** A move outside the rectangle, a
//!   label outside it, two labels on one point, a label that is not a single
//!   letter (or is `O`, `o`, `X`, `x`, `Q`, `Y`, which read as stones), a
//!   node with both `B` and `W`, a move on an occupied point or a suicide,
//!   `SZ` outside the root, a size outside 2..=25, and bad point values are
//!   errors naming line and column.
//! - **Replay.** Moves capture; ko is not checked. `AB`, `AW` and `AE` are
//!   applied before the node's move. Passes (`[]`, or `[tt]` up to 19x19)
//!   change nothing. The colour of a move is its own (`PL` is ignored), so
//!   two moves of one colour in a row are fine.
//! - **Comments.** Carried lines are copied byte for byte (trailing spaces
//!   included, as GNU Go does); a line counts only if its very first
//!   character is `#`, `;`, `>` or `:`, the first line included (a comment
//!   `#...` gives a comment line and the default class). Several colon lines
//!   are appended in order. `;` and `>` lines keep their relative order.
//! - **Files.** Every game tree of the file is compiled, numbering running
//!   on. Patterns are named prefix + running number from 1; the default
//!   prefix is `J`. The header comment names the source and the file starts
//!   with `attribute_map general`, as GNU Go's joseki databases do.

mod comment;
mod error;
mod node;
mod pattern;
mod position;

pub use comment::{CommentParts, JosekiClass};
pub use error::{JosekiError, JosekiErrorKind};
pub use pattern::{Diagram, JosekiPattern, Rect};
pub use position::{Coord, Position};

use std::rc::Rc;

use katachi_board::{MAX_SIZE, MIN_SIZE};
use katachi_sgf::{Collection, Node};

use node::{labels, place, NodeInfo};
use pattern::{BuildError, NodeSpec};
use position::PlayError;

/// Options of the compiler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JosekiOptions {
    /// Pattern names are this prefix and a running number.
    pub prefix: String,
}

impl Default for JosekiOptions {
    fn default() -> Self {
        JosekiOptions {
            prefix: "J".to_string(),
        }
    }
}

/// The patterns compiled from one SGF file, in tree order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JosekiDb {
    /// The patterns.
    pub patterns: Vec<JosekiPattern>,
}

impl JosekiDb {
    /// The database as `.db` text; `source` is named in the header comment.
    pub fn to_db_text(&self, source: &str) -> String {
        let source: String = source
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let mut out = format!(
            "# Joseki patterns compiled by `katachi joseki` from {source}.\n\
             # Generated file: edit the SGF tree instead and compile again.\n\n\n\
             attribute_map general\n\n"
        );
        for p in &self.patterns {
            p.write(&mut out);
        }
        out
    }
}

/// Compile SGF bytes (UTF-8, or Latin-1 when not valid UTF-8).
pub fn compile_sgf(bytes: &[u8], options: &JosekiOptions) -> Result<JosekiDb, JosekiError> {
    let collection = katachi_sgf::parse_bytes(bytes)?;
    compile_collection(&collection, options)
}

/// Compile every game tree of a parsed collection.
pub fn compile_collection(
    collection: &Collection,
    options: &JosekiOptions,
) -> Result<JosekiDb, JosekiError> {
    let mut db = JosekiDb::default();
    for game in &collection.games {
        compile_game(game, options, &mut db)?;
    }
    Ok(db)
}

fn board_size(root: &Node) -> Result<usize, JosekiError> {
    let Some(text) = root.simple_text("SZ") else {
        return Ok(19);
    };
    match text.trim().parse::<usize>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(JosekiError {
            pos: place(root, "SZ"),
            kind: JosekiErrorKind::BadSize(text),
        }),
    }
}

fn compile_game(
    root: &Node,
    options: &JosekiOptions,
    db: &mut JosekiDb,
) -> Result<(), JosekiError> {
    let size = board_size(root)?;
    // Depth first with an explicit stack: no tree is too deep. Siblings
    // share their parent's position until they are visited, so memory grows
    // with the depth of the tree, not with the number of variations.
    let mut stack: Vec<(&Node, Rc<Position>)> = vec![(root, Rc::new(Position::new(size)))];
    while let Some((node, shared)) = stack.pop() {
        let mut pos = Rc::try_unwrap(shared).unwrap_or_else(|rc| (*rc).clone());
        if !std::ptr::eq(node, root) && node.has("SZ") {
            return Err(JosekiError {
                pos: place(node, "SZ"),
                kind: JosekiErrorKind::SizeNotInRoot,
            });
        }
        compile_node(node, &mut pos, options, db)?;
        let pos = Rc::new(pos);
        for child in node.children.iter().rev() {
            stack.push((child, Rc::clone(&pos)));
        }
    }
    Ok(())
}

/// Apply the node to `pos`, adding its pattern to `db` if it has one.
fn compile_node(
    node: &Node,
    pos: &mut Position,
    options: &JosekiOptions,
    db: &mut JosekiDb,
) -> Result<(), JosekiError> {
    let size = pos.size();
    let info = NodeInfo::read(node, size)?;
    for &(p, stone) in &info.setup {
        pos.set(p, stone);
    }
    let Some((color, Some(mv), mv_pos)) = info.mv else {
        return Ok(());
    };
    if !info.marks.is_empty() {
        let comment = CommentParts::parse(&node.text("C").unwrap_or_default());
        let labels = labels(node, size)?;
        let spec = NodeSpec {
            mover: color,
            mv,
            marks: &info.marks,
            labels: &labels,
            comment: &comment,
        };
        let name = format!("{}{}", options.prefix, db.patterns.len() + 1);
        let pattern = JosekiPattern::build(name, pos, &spec).map_err(|e| {
            let (at, kind) = match e {
                BuildError::MoveOutside => {
                    let rect = Rect::from_marks(size, &info.marks);
                    let letter = |i: usize| (b'a' + i as u8) as char;
                    let kind = JosekiErrorKind::MoveOutside {
                        mv: sgf_name(mv),
                        left: letter(rect.left),
                        right: letter(rect.right),
                        top: letter(rect.top),
                        bottom: letter(rect.bottom),
                    };
                    (mv_pos, kind)
                }
                BuildError::LabelOutside(c) => {
                    (place(node, "LB"), JosekiErrorKind::LabelOutside(c))
                }
                BuildError::TwoLabels(a, b) => {
                    (place(node, "LB"), JosekiErrorKind::TwoLabels(a, b))
                }
            };
            JosekiError { pos: at, kind }
        })?;
        db.patterns.push(pattern);
    }
    pos.play(color, mv).map_err(|e| JosekiError {
        pos: mv_pos,
        kind: JosekiErrorKind::IllegalMove {
            mv: sgf_name(mv),
            reason: match e {
                PlayError::Occupied => "point is occupied",
                PlayError::Suicide => "suicide",
            },
        },
    })?;
    Ok(())
}

/// The SGF name of a point, e.g. `qd`.
fn sgf_name((r, c): Coord) -> String {
    let letter = |i: usize| (b'a' + i as u8) as char;
    format!("{}{}", letter(c), letter(r))
}
