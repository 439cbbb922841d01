//! The connector's threats to connect in one move, and the moves that
//! answer them (after Cazenave and Helmstetter's generalised threats, at
//! order one).
//!
//! Go reasons: when the connector can join the strings with one move, the
//! disconnector must spend its move on that threat; a move elsewhere lets
//! the connection happen. A threat is
//! - a shared liberty where the connector's stone would not be in atari;
//! - an opponent string in atari touching both strings (capturing it
//!   joins them, or leaves a shared liberty the opponent cannot retake);
//!   a capture that is a ko is no sure threat (the opponent takes back)
//!   and is left to the search.
//!
//! A threat is answered by occupying its point, by playing next to it (so
//! that the connection would be short of liberties or the point a
//! self-atari), by saving the string in atari (the reader's defence, its
//! liberty, or capturing a connector string in atari next to it), or by an
//! atari on one of
//! the two strings (which the connector must answer first). Every answer
//! must answer all threats: the disconnector's candidates are the common
//! part of the answers; when there is none, two threats are miai and the
//! strings are connected.

use katachi_board::{Cell, Point};

use super::rules::capture_is_ko;
use super::search::Search;
use crate::predicates::is_self_atari;

impl Search<'_> {
    /// The answers to each of the connector's one-move threats (empty when
    /// there is no threat).
    pub(crate) fn threat_answers(&mut self) -> Vec<Vec<Point>> {
        let c = self.color;
        let d = c.opponent();
        let board = self.reader.board();
        let (a, b) = (self.a, self.b);
        // Ataris on either string answer every threat.
        let mut ataris: Vec<Point> = Vec::new();
        for s in [a, b] {
            if board.liberty_count(s) <= 2 {
                ataris.extend(board.liberties(s));
            }
        }
        let mut out: Vec<Vec<Point>> = Vec::new();
        for p in board.liberties(a).collect::<Vec<_>>() {
            if !board.is_liberty_of(p, b) || is_self_atari(board, c, p) {
                continue;
            }
            let mut ans = ataris.clone();
            ans.push(p);
            ans.extend(
                board
                    .neighbors(p)
                    .into_iter()
                    .filter(|&n| board.cell(n) == Cell::Empty),
            );
            out.push(ans);
        }
        let mut in_atari: Vec<Point> = Vec::new();
        for st in board.stones(a) {
            for n in board.neighbors(st) {
                if board.cell(n) == d.cell() && board.liberty_count(n) == 1 {
                    let h = board.string_head(n).unwrap_or(n);
                    if !in_atari.contains(&h) && touches(board, h, b) && !ko_capture(board, c, h) {
                        in_atari.push(h);
                    }
                }
            }
        }
        for h in in_atari {
            let mut ans = ataris.clone();
            let board = self.reader.board();
            ans.extend(board.liberties(h));
            // Capturing a connector string in atari next to it gives it
            // liberties.
            for st in board.stones(h) {
                for n in board.neighbors(st) {
                    if board.cell(n) == c.cell() && board.liberty_count(n) == 1 {
                        ans.extend(board.liberties(n));
                    }
                }
            }
            if let Some(m) = self.defend(h).mv {
                ans.push(m);
            }
            out.push(ans);
        }
        out
    }
}

/// Whether capturing the string in atari at `h` is a ko capture (a lone
/// stone taken by a stone left with one liberty): the opponent may take
/// back, so the capture is a ko to win, not a sure connection.
fn ko_capture(board: &katachi_board::Board, c: katachi_board::Color, h: Point) -> bool {
    if board.stones(h).count() != 1 {
        return false;
    }
    board
        .liberties(h)
        .next()
        .is_some_and(|l| capture_is_ko(board, c, l, h))
}

/// Whether the string at `h` touches the string at `s`.
fn touches(board: &katachi_board::Board, h: Point, s: Point) -> bool {
    board.stones(h).any(|st| {
        board
            .neighbors(st)
            .into_iter()
            .any(|n| board.same_string(n, s))
    })
}

/// The points every list holds.
pub(crate) fn common_answers(threats: &[Vec<Point>]) -> Vec<Point> {
    let Some((first, rest)) = threats.split_first() else {
        return Vec::new();
    };
    let mut out: Vec<Point> = Vec::new();
    for &p in first {
        if !out.contains(&p) && rest.iter().all(|t| t.contains(&p)) {
            out.push(p);
        }
    }
    out
}
