//! Combination attacks (owl.texi, "Combinations"; GNU Go's
//! `atari_atari`): a move after which no single opponent string can be
//! saved alone is harmless, but one that threatens two strings at once
//! (a double atari, an atari that also sets up a ladder) captures one of
//! them whatever the opponent answers. PARTIAL (first version, issue 13):
//! targets are opponent strings with a liberty at or beside the move
//! that tactical reading finds safe before it and capturable after it; the combination holds
//! when every answer the opponent has (a liberty of a target, a target's
//! tactical defence, the capture of the attacking string) leaves some
//! target capturable without ko. Not yet: `aa_attackpats.db` candidates,
//! combinations of more than one move, the minimum size GNU Go weighs,
//! `combination_defend` and `aa_confirm_safety`.

use katachi_board::{Board, Color, Point};
use katachi_tactics::reading::{Code, Reader};

/// A combination for `color` on `board`: its move, and the origins of the
/// opponent strings it threatens (one of them falls). `None` when no move
/// of `color` threatens two safe strings so that one is lost whatever
/// the opponent answers. `reader` is set to `board` and read on; moves
/// are tried in board order and the one threatening the most stones wins
/// (ties: the first).
pub fn combination_attack(
    reader: &mut Reader,
    board: &Board,
    color: Color,
) -> Option<(Point, Vec<Point>)> {
    reader.set_board(board);
    let opp = color.opponent();
    // Opponent strings with two to four liberties that reading finds
    // safe now: only those can become targets (a string already
    // capturable needs no combination).
    let mut safe: Vec<Point> = Vec::new();
    let mut seen = vec![false; board.cells().len()];
    for p in board.points() {
        if board.cell(p).color() != Some(opp) || seen[p.index()] {
            continue;
        }
        for s in board.stones(p) {
            seen[s.index()] = true;
        }
        let libs = board.liberty_count(p);
        if (2..=4).contains(&libs) && !reader.attack(p).code.is_success() {
            safe.push(p);
        }
    }
    // A string the move at `p` may threaten: one with a liberty at `p`
    // or next to it (a ladder or a net through the new stone).
    let near = |s: Point, p: Point| {
        board
            .liberties(s)
            .any(|l| l == p || board.neighbors(p).contains(&l))
    };
    // Candidate moves: liberties of safe strings near two of them.
    let mut candidates: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.cell(p).color().is_some() {
            continue;
        }
        let touches = safe.iter().any(|&s| board.liberties(s).any(|l| l == p));
        if touches && safe.iter().filter(|&&s| near(s, p)).count() >= 2 {
            candidates.push(p);
        }
    }
    let mut best: Option<(usize, Point, Vec<Point>)> = None;
    for p in candidates {
        let before: Vec<Point> = safe.iter().copied().filter(|&s| near(s, p)).collect();
        if !reader.push_move(color, p) {
            continue;
        }
        let targets: Vec<Point> = before
            .into_iter()
            .filter(|&s| reader.attack(s).code == Code::Win)
            .collect();
        let holds = targets.len() >= 2 && every_answer_loses_one(reader, p, &targets, opp);
        reader.pop_move();
        if holds {
            let size: usize = targets.iter().map(|&s| board.stones(s).count()).sum();
            if best.as_ref().is_none_or(|b| size > b.0) {
                best = Some((size, p, targets));
            }
        }
    }
    best.map(|(_, p, t)| (p, t))
}

/// With the attacking move `mv` played on `reader`'s board and `opp` to
/// answer: does every answer leave one of `targets` capturable without
/// ko?
fn every_answer_loses_one(reader: &mut Reader, mv: Point, targets: &[Point], opp: Color) -> bool {
    let mut answers: Vec<Point> = Vec::new();
    let add = |q: Point, answers: &mut Vec<Point>| {
        if !answers.contains(&q) {
            answers.push(q);
        }
    };
    for &t in targets {
        let libs: Vec<Point> = reader.board().liberties(t).collect();
        for l in libs {
            add(l, &mut answers);
        }
        if let Some(d) = reader.find_defense(t).mv {
            add(d, &mut answers);
        }
    }
    // Capturing (or threatening) the attacking stone.
    let own: Vec<Point> = reader.board().liberties(mv).collect();
    if own.len() <= 2 {
        for l in own {
            add(l, &mut answers);
        }
    }
    if let Some(a) = reader.attack(mv).mv {
        add(a, &mut answers);
    }
    for a in answers {
        if !reader.push_move(opp, a) {
            continue;
        }
        let still = targets.iter().any(|&t| {
            reader.board().cell(t).color() == Some(opp) && reader.attack(t).code == Code::Win
        });
        reader.pop_move();
        if !still {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_tactics::reading::ReadConfig;

    fn reader(b: &Board) -> Reader {
        Reader::new(b.clone(), ReadConfig::default())
    }

    /// Two white stones with two liberties each share D5 (each safe
    /// alone: White's D7 and D3 make the connection at D5 strong): Black
    /// there ataris both, and White can save only one.
    #[test]
    fn double_atari_is_a_combination() {
        let b = Board::from_ascii(
            ".........
             .........
             ...O.....
             ..X.X....
             .XO.OX...
             .........
             ...O.....
             .........
             .........",
        )
        .expect("board");
        let d5 = b.parse_vertex("D5").expect("v");
        let found = combination_attack(&mut reader(&b), &b, Color::Black);
        let (mv, targets) = found.expect("a combination");
        assert_eq!(mv, d5);
        assert_eq!(targets.len(), 2);
        // White has no such move against Black's stones.
        assert!(combination_attack(&mut reader(&b), &b, Color::White).is_none());
    }

    /// With a third liberty for one of the stones, the move at D5 is one
    /// atari only: no combination.
    #[test]
    fn one_atari_is_not_a_combination() {
        let b = Board::from_ascii(
            ".........
             .........
             ...O.....
             ....X....
             .XO.OX...
             .........
             ...O.....
             .........
             .........",
        )
        .expect("board");
        assert!(combination_attack(&mut reader(&b), &b, Color::Black).is_none());
    }
}
