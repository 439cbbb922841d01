//! Candidate moves of both sides of a connection fight, each with a score
//! for ordering. The Go reasons:
//!
//! Connector:
//! - save a string the opponent can capture (a captured string connects to
//!   nothing): the tactical defence, and the attacker's own key point;
//! - a double atari on two separating strings with two liberties each,
//!   and an atari on one touching either string;
//! - capture a separating string: an opponent string touching either
//!   string or the shortest paths with one liberty, or two (three when it touches
//!   both strings, four when it is all that separates them) if the tactical reader finds a capture;
//! - occupy the points of the shortest paths: common liberties first (they
//!   connect at once), then bamboo joints, hanes, diagonals and jumps;
//! - approach the other string on a liberty of a three-liberty string
//!   between, which then becomes a capture on the way.
//!
//! Disconnector:
//! - capture one of the strings (tried before any other move by the
//!   search), or put it in atari when it has two liberties;
//! - save its own cutting stones when the connector can capture them;
//! - occupy the points of the shortest paths: cutting points first.
//!
//! Moves that would leave the mover's new string with a single liberty
//! without capturing (self-ataris) are ordered last: they are sometimes a
//! throw-in, mostly a gift.

use katachi_board::{Board, Cell, Color, Point};

use super::distance::{PathMap, FAR};
use super::search::{Paths, Search};
use super::threats::common_answers;
use crate::predicates::is_self_atari;
use crate::search::Code;

/// Paths at most this many points longer than the shortest one are read.
const SLACK: u8 = 1;

/// At most this many candidates per node (10 before conn16: the seventh
/// and later candidates, the longer paths and self-ataris, decided none
/// of connection.tst's 90 connect/disconnect answers; 6 with the node
/// limit 1,500 kept them all and cut the nodes per test from 14,706 to
/// 14,114; 5 lost two).
const MAX_MOVES: usize = 6;

/// Scored candidates without duplicates.
#[derive(Default)]
struct Candidates {
    list: Vec<(i32, Point)>,
}

impl Candidates {
    fn add(&mut self, p: Point, score: i32) {
        if let Some(e) = self.list.iter_mut().find(|e| e.1 == p) {
            e.0 = e.0.max(score);
        } else {
            self.list.push((score, p));
        }
    }

    /// Best first; ties in board order so that the search is deterministic.
    fn sorted(mut self, board: &Board, mover: Color) -> Vec<Point> {
        for e in self.list.iter_mut() {
            if is_self_atari(board, mover, e.1) {
                e.0 -= 1000;
            }
        }
        self.list.sort_by_key(|e| (-e.0, e.1 .0));
        self.list
            .into_iter()
            .filter(|e| board.cell(e.1) == Cell::Empty)
            .take(MAX_MOVES)
            .map(|e| e.1)
            .collect()
    }
}

/// Heads of the strings of colour `c` next to any stone of the string at `s`.
fn neighbour_strings(board: &Board, s: Point, c: Color, out: &mut Vec<Point>) {
    for st in board.stones(s) {
        for n in board.neighbors(st) {
            if board.cell(n) == c.cell() {
                let h = board.string_head(n).unwrap_or(n);
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
    }
}

impl Search<'_> {
    /// Points on paths at most `SLACK` longer than the shortest, with a
    /// score that prefers shorter paths and points next to both strings.
    fn path_points(&self, pm: &PathMap, cands: &mut Candidates, base: i32) {
        let Some(short) = pm.shortest else { return };
        let board = self.reader.board();
        for p in board.points() {
            if board.cell(p) != Cell::Empty {
                continue;
            }
            let Some(len) = pm.through(p) else { continue };
            if len > short.saturating_add(SLACK) {
                continue;
            }
            let mut score = base - 20 * len as i32;
            let (x, y) = (pm.da.at(p), pm.db.at(p));
            if x == 1 && y == 1 {
                score += 30;
            }
            // Prefer points in the middle of a path (they touch both sides).
            score -= 3 * (x as i32 - y as i32).abs();
            cands.add(p, score);
        }
    }

    /// Opponent strings next to either string or to a point of a shortest
    /// path, with how many of the two strings they touch (computed once
    /// per position with its path map: see [`Paths`]).
    pub(crate) fn separating_strings(&self, pm: &PathMap) -> Vec<(Point, u8)> {
        let board = self.reader.board();
        let opp = self.color.opponent();
        let mut near_a = Vec::new();
        let mut near_b = Vec::new();
        neighbour_strings(board, self.a, opp, &mut near_a);
        neighbour_strings(board, self.b, opp, &mut near_b);
        let mut out: Vec<(Point, u8)> = Vec::new();
        for &h in near_a.iter().chain(near_b.iter()) {
            if out.iter().any(|e| e.0 == h) {
                continue;
            }
            let touches = near_a.contains(&h) as u8 + near_b.contains(&h) as u8;
            out.push((h, touches));
        }
        if let Some(short) = pm.shortest {
            for p in board.points() {
                if board.cell(p) != Cell::Empty {
                    continue;
                }
                if pm.through(p).is_none_or(|l| l > short) {
                    continue;
                }
                for n in board.neighbors(p) {
                    if board.cell(n) == opp.cell() {
                        let h = board.string_head(n).unwrap_or(n);
                        if !out.iter().any(|e| e.0 == h) {
                            out.push((h, 0));
                        }
                    }
                }
            }
        }
        out
    }

    /// A capture that joins the strings: an opponent string touching both
    /// that the tactical reader captures outright (no ko). Its capture
    /// leaves both strings next to the emptied points, which the
    /// opponent cannot fill again without being captured at once. The
    /// capture ends the variation as a win, so it is read with the
    /// tactical depths counted from the query's position, not from the
    /// reader's (`Search::attack_from_here`): the moves of the connection
    /// search above it would otherwise shorten the read, and a cutting
    /// stone that escapes by a long ladder-like run counts as captured.
    pub(crate) fn capture_between(&mut self, paths: &Paths) -> Option<Point> {
        let max_libs = if self.near_root() { 3 } else { 2 };
        for &(h, touches) in &paths.separating {
            if touches < 2 || self.reader.board().liberty_count(h) > max_libs {
                continue;
            }
            let att = self.attack_from_here(h);
            if att.code == Code::Win {
                return att.mv;
            }
        }
        None
    }

    /// Liberties shared by two separating strings with two liberties: a
    /// double atari, which the opponent cannot answer twice (each string
    /// alone may escape, so the tactical reader does not propose it).
    fn double_ataris(&self, paths: &Paths, cands: &mut Candidates) {
        let board = self.reader.board();
        let twos: Vec<Point> = paths
            .separating
            .iter()
            .map(|e| e.0)
            .filter(|&h| board.liberty_count(h) == 2)
            .collect();
        for (i, &h) in twos.iter().enumerate() {
            for l in board.liberties(h) {
                if twos[i + 1..].iter().any(|&g| board.is_liberty_of(l, g)) {
                    cands.add(l, 300);
                }
            }
        }
    }

    /// Both liberties of a separating string with two liberties that
    /// touches either string: the connector's atari, even where the
    /// tactical reader finds that the string escapes. The opponent must
    /// answer it, and the stone that gives it often links the connector's
    /// stones on the far side (reference position 97 after White M8,
    /// Black M7, White L7: Black's N8 ataris M8, which escapes at L8, but
    /// N8 then joins M9 by N9 and M7 by N7, and GNU Go's connection
    /// reader, like katachi's once N8 is played, finds no cut; the reader
    /// lists only its own attack's move, L8). Scored below the captures
    /// and a shared liberty, above the path points more than one move
    /// long. conn30, against the same binary without it: connection.tst
    /// 96 (test 79 won, the unexpected pass 128 lost, both now GNU Go's
    /// results), `dragons_reference` every 4th 23/50 -> 24/50 and 516 ->
    /// 521 of 592 dragons, GNU Go's conn.db constraints (every 10th)
    /// 1856 -> 1865 of 1924, owl.tst 175 unchanged.
    fn ataris(&self, paths: &Paths, cands: &mut Candidates) {
        let board = self.reader.board();
        for &(h, touches) in &paths.separating {
            if touches >= 1 && board.liberty_count(h) == 2 {
                for l in board.liberties(h) {
                    cands.add(l, 190);
                }
            }
        }
    }

    /// Liberties of a separating string with three liberties that touches
    /// one of the two strings, where the connector's stone also comes near
    /// the other string: the move approaches while it shortens the
    /// string's liberties to two, so that the string between becomes a
    /// capture on the way (the distance maps pass only through strings
    /// with one or two liberties, and so do not see such a point). The
    /// path through the point counts its distance from the other string
    /// and the two moves left to capture the string. Such a path is read
    /// also when no short path joins the strings (then up to the longest
    /// path the search reads): a three-liberty string is what keeps them
    /// apart, and the approach is the connector's only way through
    /// (reference position 229 after White B14, Black C14, White C15:
    /// Black's B15 next to B16 takes a liberty of White's B14, which
    /// touches C14, and GNU Go's connection reader joins B16 and C13
    /// there; katachi's had no candidate and failed at once. conn30:
    /// connection.tst 95 -> 96, test 103 won).
    fn approach_ataris(&self, paths: &Paths, cands: &mut Candidates, base: i32) {
        let pm = &paths.pm;
        let limit = match pm.shortest {
            Some(short) => short.saturating_add(SLACK),
            None => self.max_distance(),
        };
        let board = self.reader.board();
        for &(h, touches) in &paths.separating {
            if touches != 1 || board.liberty_count(h) != 3 {
                continue;
            }
            let near_a = board.stones(h).any(|st| {
                board
                    .neighbors(st)
                    .into_iter()
                    .any(|n| board.same_string(n, self.a))
            });
            let other = if near_a { &pm.db } else { &pm.da };
            for l in board.liberties(h) {
                let d = other.at(l);
                if d == FAR || d == 0 {
                    continue;
                }
                let len = d.saturating_add(2);
                if len <= limit {
                    cands.add(l, base - 20 * len as i32);
                }
            }
        }
    }

    /// The connector's candidates, best first.
    pub(crate) fn connector_moves(&mut self, paths: &Paths) -> Vec<Point> {
        let pm = &paths.pm;
        let mut cands = Candidates::default();
        let c = self.color;
        let max_libs = if self.near_root() { 3 } else { 2 };
        for s in [self.a, self.b] {
            if self.reader.board().liberty_count(s) <= max_libs {
                let att = self.attack(s);
                if att.code.is_success() {
                    if let Some(m) = self.defend(s).mv {
                        cands.add(m, 400);
                    }
                    if let Some(m) = att.mv {
                        cands.add(m, 350);
                    }
                }
            }
        }
        let no_path = pm.shortest.is_none();
        let near_root = self.near_root();
        for &(h, touches) in &paths.separating {
            if no_path && touches < 2 {
                // Without a short path only a string between the two opens one.
                continue;
            }
            let libs = self.reader.board().liberty_count(h);
            let worth = libs <= 2
                || (touches == 2 && (libs == 3 || (libs == 4 && no_path)))
                || (touches == 1 && libs == 3 && near_root);
            if !worth {
                continue;
            }
            let att = self.attack(h);
            if att.code.is_success() {
                if let Some(m) = att.mv {
                    cands.add(m, 250 + 40 * touches as i32 - 30 * libs as i32);
                }
            }
        }
        self.double_ataris(paths, &mut cands);
        self.ataris(paths, &mut cands);
        self.path_points(pm, &mut cands, 200);
        self.approach_ataris(paths, &mut cands, 200);
        cands.sorted(self.reader.board(), c)
    }

    /// The disconnector's candidates, best first (captures of the strings
    /// themselves are tried by the search before these).
    /// `None` when the connector has two threats no move answers.
    pub(crate) fn disconnector_moves(&mut self, paths: &Paths) -> Option<Vec<Point>> {
        let pm = &paths.pm;
        let mut cands = Candidates::default();
        let d = self.color.opponent();
        let threats = self.threat_answers();
        let answers = common_answers(&threats);
        if !threats.is_empty() && answers.is_empty() {
            return None;
        }
        for s in [self.a, self.b] {
            let board = self.reader.board();
            if board.liberty_count(s) <= 2 && pm.shortest.is_some() {
                let libs: Vec<Point> = board.liberties(s).collect();
                for l in libs {
                    cands.add(l, 220);
                }
            }
        }
        let no_path = pm.shortest.is_none();
        for &(h, touches) in &paths.separating {
            let libs = self.reader.board().liberty_count(h);
            if libs > 4
                || (libs >= 3 && touches < 2)
                || (libs == 4 && !no_path)
                || (no_path && touches < 2)
            {
                continue;
            }
            let att = self.attack(h);
            if att.code.is_success() {
                if let Some(m) = self.defend(h).mv {
                    cands.add(m, 240 + 20 * touches as i32);
                }
            }
        }
        self.path_points(pm, &mut cands, 200);
        if no_path {
            // The connector's only way through is an approach to a
            // three-liberty string between (see `approach_ataris`): the
            // disconnector takes the point first.
            self.approach_ataris(paths, &mut cands, 200);
        }
        if !threats.is_empty() {
            // Only answers to the threats can stop the connection.
            cands.list.retain(|e| answers.contains(&e.1));
            for &p in &answers {
                cands.add(p, 100);
            }
        }
        Some(cands.sorted(self.reader.board(), d))
    }
}
