//! Break-ins and blocks (influence.texi, "Break Ins"; GNU Go's GTP
//! `break_in` and `block_off`): can a string, its owner moving first,
//! get a stone into an area (the opponent's territory to be) that stays
//! on the board and joined to the string, and can the opponent, moving
//! first, prevent every such entry? Kept with owl because it is a
//! reading of one goal against an area, on the tactical and connection
//! readers. PARTIAL (issue 13): the string breaks in when an own stone
//! in the area stands that tactical reading cannot capture and
//! connection reading cannot cut from the string, after an entry move
//! near the string (an empty point of the area, or a liberty that joins
//! a stone already inside), or after an entry the opponent can stop
//! when every stopping answer lets another entry through
//! ([`BREAK_IN_DEPTH`] more owner moves); GNU Go's recursive
//! break-in reading with its own move generation, its break-in
//! patterns and its weighing of what the entry destroys are not used.

use katachi_board::{Board, Point};
use katachi_tactics::connection::disconnect;
use katachi_tactics::reading::{Code, Reader};

/// How far (in steps over empty points of the area or the string's
/// liberties) from the string an entry point may lie.
pub const ENTRY_DISTANCE: usize = 2;

/// Entry points tried per question, nearest first.
pub const MAX_ENTRIES: usize = 12;

/// Can the owner of the string at `s`, moving first, break into `area`?
/// The entry move, or `None`. `reader` is set to `board` and read on.
pub fn break_in(reader: &mut Reader, board: &Board, s: Point, area: &[Point]) -> Option<Point> {
    reader.set_board(board);
    find_entry(reader, s, area)
}

/// Can the opponent of the string at `s`, moving first, keep it out of
/// `area`? `Some(None)` when no entry exists already (no move needed),
/// `Some(Some(m))` for the blocking move, `None` when every block tried
/// fails.
pub fn block_off(
    reader: &mut Reader,
    board: &Board,
    s: Point,
    area: &[Point],
) -> Option<Option<Point>> {
    reader.set_board(board);
    let Some(first) = find_entry(reader, s, area) else {
        return Some(None);
    };
    let c = board.cell(s).color()?;
    let mut blocks = vec![first];
    for p in entries(reader.board(), s, area) {
        if !blocks.contains(&p) {
            blocks.push(p);
        }
    }
    for l in board.liberties(s) {
        if !blocks.contains(&l) {
            blocks.push(l);
        }
    }
    for b in blocks.into_iter().take(MAX_ENTRIES * 2) {
        if !reader.push_move(c.opponent(), b) {
            continue;
        }
        let entry = find_entry(reader, s, area);
        reader.pop_move();
        if entry.is_none() {
            return Some(Some(b));
        }
    }
    None
}

/// Owner moves a break-in reads after the first entry: an entry the
/// opponent can capture or cut off still breaks in when every answer
/// that stops it lets another entry through (a threat on two sides: to
/// join up, and to make a new entry where the answer left a gap).
pub const BREAK_IN_DEPTH: usize = 2;

/// An entry on the reader's current board, if any.
fn find_entry(reader: &mut Reader, s: Point, area: &[Point]) -> Option<Point> {
    read_entry(reader, s, area, BREAK_IN_DEPTH)
}

/// An entry of the owner of `s` (to move) that holds, or that every
/// answer of the opponent among those that stop it (capturing it,
/// cutting it off, or taking one of its liberties) lets the owner
/// follow with another entry, `depth` more owner moves at most. Besides
/// the empty points of the area near the string, the moves include the
/// string's liberties that join it to own stones already in the area
/// (beside the stone, or beside one of its liberties): a stone that got
/// in and was cut off breaks in once it is joined up.
fn read_entry(reader: &mut Reader, s: Point, area: &[Point], depth: usize) -> Option<Point> {
    let c = reader.board().cell(s).color()?;
    let b = reader.board();
    let mut moves = entries(b, s, area);
    for q in carriers(b, s, area) {
        // The points that join the stone in to the string: a liberty
        // of both, or a liberty of one beside a liberty of the other.
        for l in b.liberties(s) {
            let joins = b.neighbors(l).into_iter().any(|n| {
                b.same_string(n, q)
                    || (b.cell(n).color().is_none() && b.liberties(q).any(|m| m == n))
            });
            if joins && !moves.contains(&l) {
                moves.push(l);
            }
        }
    }
    for p in moves {
        if !reader.push_move(c, p) {
            continue;
        }
        let ok = reader.board().cell(s).color() == Some(c) && breaks_in(reader, s, p, area, depth);
        reader.pop_move();
        if ok {
            return Some(p);
        }
    }
    None
}

/// The owner's strings (one stone each) with a stone in `area`.
fn carriers(board: &Board, s: Point, area: &[Point]) -> Vec<Point> {
    let Some(c) = board.cell(s).color() else {
        return Vec::new();
    };
    let mut out: Vec<Point> = Vec::new();
    for &q in area {
        if board.cell(q).color() == Some(c) && !out.iter().any(|&o| board.same_string(o, q)) {
            out.push(q);
        }
    }
    out
}

/// With the owner's move `p` just played: does an own string in the
/// area stand joined to the string at `s` and safe, or does every
/// answer that stops them (capturing one, cutting it off, or taking a
/// liberty of the move) let another entry through?
fn breaks_in(reader: &mut Reader, s: Point, p: Point, area: &[Point], depth: usize) -> bool {
    let mut answers: Vec<Point> = Vec::new();
    for q in carriers(reader.board(), s, area) {
        let attack = reader.attack(q);
        let cut = disconnect(reader, s, q);
        if !attack.code.is_success() && cut.0 == Code::Fail {
            return true;
        }
        for a in [attack.mv, cut.1].into_iter().flatten() {
            if !answers.contains(&a) {
                answers.push(a);
            }
        }
    }
    if depth == 0 || answers.is_empty() {
        return false;
    }
    let Some(opp) = reader.board().cell(p).color().map(|c| c.opponent()) else {
        return false;
    };
    let libs: Vec<Point> = reader.board().liberties(p).collect();
    if libs.len() <= 3 {
        for l in libs {
            if !answers.contains(&l) {
                answers.push(l);
            }
        }
    }
    answers.into_iter().all(|a| {
        if !reader.push_move(opp, a) {
            return true;
        }
        let again = read_entry(reader, s, area, depth - 1).is_some();
        reader.pop_move();
        again
    })
}

/// Empty points of `area` at most [`ENTRY_DISTANCE`] steps from the
/// string at `s` (steps over empty points), nearest first, at most
/// [`MAX_ENTRIES`].
fn entries(board: &Board, s: Point, area: &[Point]) -> Vec<Point> {
    let mut seen = vec![false; board.cells().len()];
    let mut frontier: Vec<Point> = board.liberties(s).collect();
    for &p in &frontier {
        seen[p.index()] = true;
    }
    let mut out: Vec<Point> = Vec::new();
    for _ in 0..ENTRY_DISTANCE {
        let mut next = Vec::new();
        for &p in &frontier {
            if area.contains(&p) {
                out.push(p);
            }
            for q in board.neighbors(p) {
                if board.on_board(q) && board.cell(q).color().is_none() && !seen[q.index()] {
                    seen[q.index()] = true;
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    out.extend(frontier.into_iter().filter(|p| area.contains(p)));
    out.truncate(MAX_ENTRIES);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_tactics::reading::ReadConfig;

    /// Black's stone at C3 faces an open area on the right (D3, E3): it
    /// breaks in at the nearest point; behind a wall of White stones on
    /// the D column, E3 is out of its reach.
    #[test]
    fn open_area_is_broken_into_and_a_wall_blocks() {
        let b = Board::from_ascii(
            ".......
             .......
             .......
             .......
             ..X....
             .......
             .......",
        )
        .expect("board");
        let s = b.parse_vertex("C3").expect("v");
        let mut r = Reader::new(b.clone(), ReadConfig::default());
        let near: Vec<Point> = ["D3", "E3"]
            .iter()
            .map(|v| b.parse_vertex(v).expect("v"))
            .collect();
        assert_eq!(break_in(&mut r, &b, s, &near), b.parse_vertex("D3").ok());
        let walled = Board::from_ascii(
            ".......
             ...O...
             ...O...
             ...O...
             ..XO...
             ...O...
             ...O...",
        )
        .expect("board");
        let mut r = Reader::new(walled.clone(), ReadConfig::default());
        assert!(break_in(&mut r, &walled, s, &near[1..]).is_none());
    }
}
