//! Combination attacks (owl.texi, "Combinations"; GNU Go's
//! `atari_atari`): a move after which no single opponent string can be
//! saved alone is harmless, but one that threatens two strings at once
//! (a double atari, an atari that also sets up a ladder) captures one of
//! them whatever the opponent answers, and a sequence of such threats
//! (ataris the opponent must answer) may end in one. PARTIAL (issue
//! 13): targets are opponent strings of at most three liberties that
//! tactical reading finds safe before the sequence and capturable
//! (without ko) after a move of it; candidate moves are liberties of
//! such strings; the defender's answers are a target's liberties and
//! tactical defence and captures of the attacking strings; see
//! [`combination_attack`]. Not yet: `aa_attackpats.db` candidates (non-
//! atari first moves such as the example in owl.texi), the minimum size
//! GNU Go weighs, excluding strings of dead dragons, `combination_defend`
//! and `aa_confirm_safety`.

use katachi_board::{Board, Color, Point};
use katachi_tactics::reading::{Code, Reader};

/// Moves of the attacker in one sequence: the last must threaten so that
/// every answer loses a string; the ones before are threats the defender
/// must answer.
pub const AA_DEPTH: usize = 3;

/// Attacker moves tried at one node of the sequence, in board order.
pub const AA_MOVES: usize = 24;

/// A combination for `color` on `board`: its first move, and the origins
/// (on the board after that move) of the opponent strings its sequence
/// threatens (one of them falls). `None` when none is found. `reader`
/// is set to `board` and read on.
///
/// A sequence (owl.texi, "Combinations"): the attacker plays a move
/// after which some opponent string that tactical reading found safe on
/// `board` can be captured; if every answer the defender has (the
/// string's liberties and tactical defence, captures of the attacking
/// stones) leaves some threatened string capturable without ko, the
/// move is a combination; if some answer saves everything, the attacker
/// must go on from each such answer, at most [`AA_DEPTH`] moves in all.
/// As GNU Go does, once a combination is found its first move is
/// forbidden and the search run again: when a combination against one
/// of the same strings, at least as large (smallest threatened string,
/// in stones), turns up without it, the first move was irrelevant and
/// the new one is kept.
pub fn combination_attack(
    reader: &mut Reader,
    board: &Board,
    color: Color,
) -> Option<(Point, Vec<Point>)> {
    reader.set_board(board);
    let opp = color.opponent();
    // Opponent stones whose string reading finds safe now: only those
    // count as targets (a string already capturable needs no
    // combination).
    let mut safe = vec![false; board.cells().len()];
    let mut seen = vec![false; board.cells().len()];
    for p in board.points() {
        if board.cell(p).color() != Some(opp) || seen[p.index()] {
            continue;
        }
        let stones: Vec<Point> = board.stones(p).collect();
        for s in &stones {
            seen[s.index()] = true;
        }
        if !reader.attack(p).code.is_success() {
            for s in stones {
                safe[s.index()] = true;
            }
        }
    }
    let mut search = Search {
        reader,
        color,
        safe,
        forbidden: Vec::new(),
        played: Vec::new(),
    };
    let mut best = search.attack(AA_DEPTH)?;
    let size = |b: &Board, t: &[Point]| t.iter().map(|&s| b.stones(s).count()).min();
    loop {
        search.forbidden.push(best.0);
        let Some(next) = search.attack(AA_DEPTH) else {
            break;
        };
        let after = |m: Point, t: &[Point]| {
            let mut b = board.clone();
            b.play(color, katachi_board::Move::Play(m)).ok()?;
            size(&b, t)
        };
        let same = next
            .1
            .iter()
            .any(|&a| best.1.iter().any(|&b| board.same_string(a, b)));
        if same && after(next.0, &next.1) >= after(best.0, &best.1) {
            best = next;
        } else {
            break;
        }
    }
    Some(best)
}

/// The sequence search of [`combination_attack`] on its reader.
struct Search<'a> {
    reader: &'a mut Reader,
    color: Color,
    /// By point index: an opponent stone whose string was safe at the
    /// root.
    safe: Vec<bool>,
    /// First moves already found (not tried again at the root).
    forbidden: Vec<Point>,
    /// Moves of the sequence so far, both sides: later attacker moves
    /// must threaten strings touching their strings, so that the
    /// sequence is one combination rather than a threat followed by an
    /// unrelated weakness elsewhere.
    played: Vec<Point>,
}

impl Search<'_> {
    /// A move of the attacker, to move on the reader's board, that wins
    /// a string within `depth` attacker moves, and the strings it
    /// threatens. Below the root the first found; at the root the one
    /// whose smallest threatened string is largest.
    fn attack(&mut self, depth: usize) -> Option<(Point, Vec<Point>)> {
        let root = depth == AA_DEPTH;
        let opp = self.color.opponent();
        // At the root, the combination whose smallest threatened string
        // is largest (ties: the first in board order).
        let mut best: Option<(usize, Point, Vec<Point>)> = None;
        for m in self.candidates(depth) {
            if root && self.forbidden.contains(&m) {
                continue;
            }
            if !self.reader.push_move(self.color, m) {
                continue;
            }
            self.played.push(m);
            let targets = self.targets(m, depth);
            let wins = !targets.is_empty() && self.every_answer_loses(m, &targets, opp, depth);
            let size = targets
                .iter()
                .map(|&t| self.reader.board().string_size(t))
                .min()
                .unwrap_or(0);
            self.played.pop();
            self.reader.pop_move();
            if wins && !root {
                return Some((m, targets));
            }
            if wins && best.as_ref().is_none_or(|b| size > b.0) {
                best = Some((size, m, targets));
            }
        }
        best.map(|(_, m, t)| (m, t))
    }

    /// Attacker moves worth trying: liberties of root-safe opponent
    /// strings with few liberties (three at the first move, where a
    /// threat may be a ladder or a net; two later, where the sequence
    /// goes on by ataris, against strings touching the sequence's
    /// stones).
    fn candidates(&self, depth: usize) -> Vec<Point> {
        let b = self.reader.board();
        let max_libs = if depth == AA_DEPTH { 3 } else { 2 };
        let mut out: Vec<Point> = Vec::new();
        let mut seen = vec![false; b.cells().len()];
        let in_play = self.in_play();
        let touches = |p: Point| touches(b, &in_play, p);
        for p in b.points() {
            if !self.safe[p.index()] || b.cell(p).color() != Some(self.color.opponent()) {
                continue;
            }
            if seen[p.index()] {
                continue;
            }
            for s in b.stones(p) {
                seen[s.index()] = true;
            }
            if b.liberty_count(p) > max_libs || (depth < AA_DEPTH && !touches(p)) {
                continue;
            }
            for l in b.liberties(p) {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out.sort_by_key(|p| p.index());
        out.truncate(AA_MOVES);
        out
    }

    /// By point index: stones of the strings the sequence has played.
    fn in_play(&self) -> Vec<bool> {
        let b = self.reader.board();
        let mut in_play = vec![false; b.cells().len()];
        for &q in &self.played {
            if b.cell(q).color().is_some() {
                for s in b.stones(q) {
                    in_play[s.index()] = true;
                }
            }
        }
        in_play
    }

    /// With the attacker's move `m` just played: the root-safe opponent
    /// strings with at most three liberties that reading now captures
    /// without ko. Any string, not only those beside `m`: a move may
    /// threaten from afar by spoiling a ladder's escape or a defence's
    /// connection. Later in a sequence only strings touching its
    /// stones: reading deep in the sequence is shallower, and a string
    /// far away that it then finds capturable is not threatened by it.
    fn targets(&mut self, _m: Point, depth: usize) -> Vec<Point> {
        let in_play = self.in_play();
        let b = self.reader.board();
        let opp = self.color.opponent();
        let mut near: Vec<Point> = Vec::new();
        let mut seen = vec![false; b.cells().len()];
        for q in b.points() {
            if seen[q.index()] || b.cell(q).color() != Some(opp) || !self.safe[q.index()] {
                continue;
            }
            for s in b.stones(q) {
                seen[s.index()] = true;
            }
            if b.liberty_count(q) <= 3 && (depth == AA_DEPTH || touches(b, &in_play, q)) {
                near.push(q);
            }
        }
        near.into_iter()
            .filter(|&s| self.reader.attack(s).code == Code::Win)
            .collect()
    }

    /// With the attacker's move `mv` played and `opp` to answer: does
    /// every answer leave one of `targets` capturable without ko, or let
    /// the attacker go on to such a position within `depth - 1` more
    /// moves?
    fn every_answer_loses(
        &mut self,
        mv: Point,
        targets: &[Point],
        opp: Color,
        depth: usize,
    ) -> bool {
        let answers = self.answers(mv, targets);
        for a in answers {
            if !self.reader.push_move(opp, a) {
                continue;
            }
            let still = targets.iter().any(|&t| {
                self.reader.board().cell(t).color() == Some(opp)
                    && self.reader.attack(t).code == Code::Win
            });
            self.played.push(a);
            let lost = still || (depth > 1 && self.attack(depth - 1).is_some());
            self.played.pop();
            self.reader.pop_move();
            if !lost {
                return false;
            }
        }
        true
    }

    /// The defender's answers to `mv`: liberties and tactical defences
    /// of the targets, and captures of attacking strings beside them or
    /// of the attacking stone itself.
    fn answers(&mut self, mv: Point, targets: &[Point]) -> Vec<Point> {
        let mut answers: Vec<Point> = Vec::new();
        let add = |q: Point, answers: &mut Vec<Point>| {
            if !answers.contains(&q) {
                answers.push(q);
            }
        };
        let mut attackers: Vec<Point> = vec![self.reader.board().string_head(mv).unwrap_or(mv)];
        for &t in targets {
            let b = self.reader.board();
            let libs: Vec<Point> = b.liberties(t).collect();
            for s in b.stones(t).collect::<Vec<_>>() {
                for n in b.neighbors(s) {
                    if b.on_board(n) && b.cell(n).color() == Some(self.color) {
                        let o = b.string_head(n).unwrap_or(n);
                        if !attackers.contains(&o) && b.liberty_count(o) <= 2 {
                            attackers.push(o);
                        }
                    }
                }
            }
            for l in libs {
                add(l, &mut answers);
            }
            if let Some(d) = self.reader.find_defense(t).mv {
                add(d, &mut answers);
            }
        }
        for a in attackers {
            let libs: Vec<Point> = self.reader.board().liberties(a).collect();
            if libs.len() <= 2 {
                for l in libs {
                    add(l, &mut answers);
                }
            }
            if let Some(c) = self.reader.attack(a).mv {
                add(c, &mut answers);
            }
        }
        answers
    }
}

/// Does the string at `p` hold or touch a stone marked in `in_play`?
fn touches(b: &Board, in_play: &[bool], p: Point) -> bool {
    b.stones(p).any(|s| {
        in_play[s.index()]
            || b.neighbors(s)
                .into_iter()
                .any(|n| b.on_board(n) && in_play[n.index()])
    })
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
