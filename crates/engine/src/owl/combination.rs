//! Combination attacks (owl.texi, "Combinations"; GNU Go's
//! `atari_atari`): a move after which no single opponent string can be
//! saved alone is harmless, but one that threatens two strings at once
//! (a double atari, an atari that also sets up a ladder) captures one of
//! them whatever the opponent answers, and a sequence of such threats
//! (ataris the opponent must answer) may end in one. PARTIAL (issue
//! 13): targets are opponent strings of at most three liberties that
//! tactical reading finds safe before the sequence and capturable
//! (without ko) after a move of it; candidate moves are liberties of
//! such strings and net moves beside those liberties (which threaten
//! without an atari, like owl.texi's example); the defender's answers
//! are a target's liberties and tactical defence and captures of the
//! attacking strings; see [`combination_attack`]; [`combination_defend`] and
//! [`confirm_safety`] are built on that search. Not yet: GNU Go's
//! `aa_attackpats.db` as a pattern source of candidates (the net moves
//! stand in for it), the minimum size GNU Go weighs, excluding strings
//! of dead dragons.

use katachi_board::{Board, Color, Point};
use katachi_tactics::reading::{Code, Reader};

/// Moves of the attacker in one sequence: the last must threaten so that
/// every answer loses a string; the ones before are threats the defender
/// must answer.
pub const AA_DEPTH: usize = 4;

/// How far (Manhattan distance, to its nearest stone) from the first
/// move of a combination a threatened string may lie, unless it shares
/// a liberty with an opponent string that near: beyond that, a string
/// reading finds capturable after the move but not before is an
/// artefact of reading limits, not a threat the move makes.
pub const TARGET_REACH: usize = 4;

/// Approach moves (beside the liberties of two two-liberty strings)
/// tried at the first move, besides the liberties.
pub const AA_APPROACHES: usize = 8;

/// Attacker moves tried at one node of the sequence, in board order.
pub const AA_MOVES: usize = 24;

/// Net moves (empty points beside a threatened string's liberties)
/// tried at one node below the first move, nearest the last move first.
pub const AA_NETS: usize = 8;

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
/// forbidden (for the attacker anywhere in the sequence, so that a
/// sequence which needs it later does not count) and the search run
/// again: when a combination against one of the same strings, at least
/// as large (smallest threatened string along the sequence, in stones),
/// turns up without it, the first move was irrelevant and the new one
/// is kept.
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
    let safe = safe_strings(reader, board, opp);
    let mut search = Search {
        reader,
        color,
        safe,
        forbidden: Vec::new(),
        played: Vec::new(),
    };
    let mut best = search.attack(AA_DEPTH)?;
    loop {
        search.forbidden.push(best.0);
        let Some(next) = search.attack(AA_DEPTH) else {
            break;
        };
        let same = next
            .1
            .iter()
            .any(|&a| best.1.iter().any(|&b| board.same_string(a, b)));
        if same && next.2 >= best.2 {
            best = next;
        } else {
            break;
        }
    }
    Some((best.0, best.1))
}

/// Does `color` have any combination on `board` (the search of
/// [`combination_attack`] without its search for a better first move)?
/// `reader` is set to `board` and read on.
pub fn has_combination(reader: &mut Reader, board: &Board, color: Color) -> bool {
    reader.set_board(board);
    let safe = safe_strings(reader, board, color.opponent());
    let mut search = Search {
        reader,
        color,
        safe,
        forbidden: Vec::new(),
        played: Vec::new(),
    };
    search.attack(AA_DEPTH).is_some()
}

/// GNU Go's `combination_defend COLOR`: when `color` has a combination
/// on `board`, the moves of its opponent after which `color` has none
/// (in board order, top row first; possibly none), else `None`.
///
/// Candidates are the points a defence must touch: the combination's
/// first move and its empty neighbours (occupy the key point, or take
/// a liberty from it so that the attacking stone is itself short of
/// liberties), the liberties of the threatened strings (extend one so
/// that the threat is only single), and the liberties of attacking
/// strings of at most two liberties touching them (capture or atari the
/// attacker). Each is played and the whole search run again: a move
/// that leaves any combination (this one or another the move creates)
/// is not a defence. `reader` is set to `board` and read on.
pub fn combination_defend(reader: &mut Reader, board: &Board, color: Color) -> Option<Vec<Point>> {
    let (mv, targets) = combination_attack(reader, board, color)?;
    let opp = color.opponent();
    let mut cands: Vec<Point> = Vec::new();
    let add = |q: Point, cands: &mut Vec<Point>| {
        if board.on_board(q) && board.cell(q).color().is_none() && !cands.contains(&q) {
            cands.push(q);
        }
    };
    add(mv, &mut cands);
    for n in board.neighbors(mv) {
        add(n, &mut cands);
    }
    for &t in &targets {
        if board.cell(t).color() != Some(opp) {
            continue;
        }
        for l in board.liberties(t) {
            add(l, &mut cands);
        }
        for s in board.stones(t).collect::<Vec<_>>() {
            for n in board.neighbors(s) {
                if board.on_board(n)
                    && board.cell(n).color() == Some(color)
                    && board.liberty_count(n) <= 2
                {
                    for l in board.liberties(n) {
                        add(l, &mut cands);
                    }
                }
            }
        }
    }
    cands.sort_by_key(|p| p.index());
    let mut defences = Vec::new();
    for d in cands {
        let mut after = board.clone();
        if after.play(opp, katachi_board::Move::Play(d)).is_err() {
            continue;
        }
        if !has_combination(reader, &after, color) {
            defences.push(d);
        }
    }
    reader.set_board(board);
    Some(defences)
}

/// GNU Go's `aa_confirm_safety` (owl.texi: does a combination attack
/// of the opponent appear after `color`'s move `mv`?): `None` when the
/// move is safe, `Some(p)` with the opponent's combination move when it
/// is a blunder. (GNU Go 3.8's GTP command answers `1` without MINSIZE
/// and `0 A9`, a defence at its null point, with any MINSIZE >= 1 on
/// the positions tried, even where no combination exists: its answers
/// are not a reference here.) A combination counts when its smallest threatened
/// string has at least `minsize` stones and it is new: the opponent had
/// none before the move, or it threatens the string `mv` joins.
/// An error for an illegal move. `reader` is set to `board` and read
/// on.
pub fn confirm_safety(
    reader: &mut Reader,
    board: &Board,
    color: Color,
    mv: Point,
    minsize: usize,
) -> Result<Option<Point>, katachi_board::IllegalMove> {
    let mut after = board.clone();
    after.play(color, katachi_board::Move::Play(mv))?;
    let Some((m, targets)) = combination_attack(reader, &after, color.opponent()) else {
        return Ok(None);
    };
    let mut b2 = after.clone();
    let smallest = if b2
        .play(color.opponent(), katachi_board::Move::Play(m))
        .is_ok()
    {
        targets
            .iter()
            .filter(|&&t| b2.cell(t).color() == Some(color))
            .map(|&t| b2.string_size(t))
            .min()
            .unwrap_or(0)
    } else {
        0
    };
    if smallest < minsize {
        return Ok(None);
    }
    let touches_move = targets.iter().any(|&t| after.same_string(t, mv));
    if touches_move || !has_combination(reader, board, color.opponent()) {
        Ok(Some(m))
    } else {
        Ok(None)
    }
}

/// By point index: stones of `owner`'s strings that tactical reading
/// cannot capture on `board` (the reader is on `board`).
fn safe_strings(reader: &mut Reader, board: &Board, owner: Color) -> Vec<bool> {
    let mut safe = vec![false; board.cells().len()];
    let mut seen = vec![false; board.cells().len()];
    for p in board.points() {
        if board.cell(p).color() != Some(owner) || seen[p.index()] {
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
    safe
}

/// The sequence search of [`combination_attack`] on its reader.
struct Search<'a> {
    reader: &'a mut Reader,
    color: Color,
    /// By point index: an opponent stone whose string was safe at the
    /// root.
    safe: Vec<bool>,
    /// First moves already found (not played by the attacker again).
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
    /// threatens, and the combination's size: the smallest string
    /// threatened along the sequence, the first move's targets and those
    /// of the continuations the answers call for (owl.texi: a first move
    /// is irrelevant when a combination "of the same size or larger"
    /// turns up without it; the string finally at stake is often one
    /// the continuation threatens, not the first move's). Below the
    /// root the first found; at the root the one whose size is largest.
    fn attack(&mut self, depth: usize) -> Option<(Point, Vec<Point>, usize)> {
        let root = depth == AA_DEPTH;
        let opp = self.color.opponent();
        // At the root, the combination whose smallest threatened string
        // is largest (ties: the first in board order).
        let mut best: Option<(usize, Point, Vec<Point>)> = None;
        for m in self.candidates(depth) {
            if self.forbidden.contains(&m) {
                continue;
            }
            if !self.reader.push_move(self.color, m) {
                continue;
            }
            self.played.push(m);
            let targets = self.targets(m, depth);
            let here = targets
                .iter()
                .map(|&t| self.reader.board().string_size(t))
                .min()
                .unwrap_or(0);
            let wins = if targets.is_empty() {
                None
            } else {
                self.every_answer_loses(m, &targets, opp, depth)
            };
            self.played.pop();
            self.reader.pop_move();
            let Some(deeper) = wins else {
                continue;
            };
            let size = here.min(deeper);
            if !root {
                return Some((m, targets, size));
            }
            if best.as_ref().is_none_or(|b| size > b.0) {
                best = Some((size, m, targets));
            }
        }
        best.map(|(size, m, t)| (m, t, size))
    }

    /// Attacker moves worth trying: liberties of root-safe opponent
    /// strings of at most three liberties (a threat may be a ladder or
    /// a net, not only an atari; later in the sequence only strings
    /// touching its stones: a sequence of ataris often ends with a
    /// move that takes a shared liberty from a string the ataris made
    /// longer and shorter of liberties). At the first move also up to [`AA_APPROACHES`] approach
    /// moves: empty points beside two liberties of two-liberty strings
    /// (counting the strings, at least two of them), which threaten to
    /// fill a liberty two such strings share next, a double atari the
    /// defender must answer at once (owl.texi's first move "not an
    /// atari"). Last, net moves: empty points beside those liberties,
    /// which take no liberty yet close the string's way out (owl.texi's
    /// combination example begins with such a move; GNU Go draws them
    /// from `aa_attackpats.db`). At the first move only those within two
    /// steps of every liberty of a string of two or three (a net over
    /// the whole string, as a geta is); later in the sequence up to
    /// [`AA_NETS`] beside the strings it touches, nearest its last move
    /// (a continuation often nets the string an earlier answer
    /// lengthened).
    fn candidates(&self, depth: usize) -> Vec<Point> {
        let b = self.reader.board();
        let max_libs = 3;
        let mut out: Vec<Point> = Vec::new();
        let mut nets: Vec<Point> = Vec::new();
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
            let libs: Vec<Point> = b.liberties(p).collect();
            for &l in &libs {
                if !out.contains(&l) {
                    out.push(l);
                }
                for n in b.neighbors(l) {
                    let closes = depth < AA_DEPTH
                        || (libs.len() >= 2 && libs.iter().all(|&m| steps(b, n, m) <= 2));
                    if b.on_board(n) && b.cell(n).color().is_none() && closes && !nets.contains(&n)
                    {
                        nets.push(n);
                    }
                }
            }
        }
        out.sort_by_key(|p| p.index());
        out.truncate(AA_MOVES);
        if depth == AA_DEPTH {
            let approaches = self.approaches(&out);
            out.extend(approaches);
        }
        nets.retain(|n| !out.contains(n));
        if depth < AA_DEPTH {
            if let Some(&last) = self.played.last() {
                nets.sort_by_key(|&n| (steps(b, n, last), n.index()));
            }
            nets.truncate(AA_NETS);
        }
        out.extend(nets);
        out
    }

    /// Empty points, not in `taken`, beside liberties of at least two
    /// distinct root-safe opponent strings of two liberties; at most
    /// [`AA_APPROACHES`], in board order.
    fn approaches(&self, taken: &[Point]) -> Vec<Point> {
        let b = self.reader.board();
        let opp = self.color.opponent();
        // By point index: the heads of the two-liberty strings whose
        // liberty the point is (at most two kept: enough to count two).
        let mut owners: Vec<Vec<Point>> = vec![Vec::new(); b.cells().len()];
        for p in b.points() {
            if b.cell(p).color() != Some(opp)
                || !self.safe[p.index()]
                || b.string_head(p) != Some(p)
                || b.liberty_count(p) != 2
            {
                continue;
            }
            for l in b.liberties(p) {
                owners[l.index()].push(p);
            }
        }
        let mut out = Vec::new();
        for p in b.points() {
            if b.cell(p).color().is_some() || taken.contains(&p) {
                continue;
            }
            let mut strings: Vec<Point> = Vec::new();
            for n in b.neighbors(p) {
                if !b.on_board(n) {
                    continue;
                }
                for &o in &owners[n.index()] {
                    if !strings.contains(&o) {
                        strings.push(o);
                    }
                }
            }
            if strings.len() >= 2 {
                out.push(p);
                if out.len() == AA_APPROACHES {
                    break;
                }
            }
        }
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
    /// without ko. Not only strings beside `m` (a move may threaten by
    /// spoiling an escape or a defence's connection): at the first move
    /// those within [`TARGET_REACH`] of it or sharing a liberty with an
    /// opponent string that near. Later in a sequence only strings touching its
    /// stones: reading deep in the sequence is shallower, and a string
    /// far away that it then finds capturable is not threatened by it.
    fn targets(&mut self, m: Point, depth: usize) -> Vec<Point> {
        let in_play = self.in_play();
        let b = self.reader.board();
        let near_m = |q: Point| b.stones(q).any(|s| steps(b, s, m) <= TARGET_REACH);
        let opp = self.color.opponent();
        // By point index: liberties of opponent strings near `m`.
        let mut near_libs = vec![false; b.cells().len()];
        let mut candidates: Vec<Point> = Vec::new();
        let mut seen = vec![false; b.cells().len()];
        for q in b.points() {
            if seen[q.index()] || b.cell(q).color() != Some(opp) {
                continue;
            }
            for s in b.stones(q) {
                seen[s.index()] = true;
            }
            let near = near_m(q);
            if near {
                for l in b.liberties(q) {
                    near_libs[l.index()] = true;
                }
            }
            // A string counts when any stone of it was safe at the root
            // (its first stone in board order may be one the sequence
            // added).
            if !b.stones(q).any(|s| self.safe[s.index()]) || b.liberty_count(q) > 3 {
                continue;
            }
            if depth == AA_DEPTH || touches(b, &in_play, q) {
                candidates.push(q);
            }
        }
        let related = |q: Point| {
            depth < AA_DEPTH || near_m(q) || b.liberties(q).any(|l| near_libs[l.index()])
        };
        let candidates: Vec<Point> = candidates.into_iter().filter(|&q| related(q)).collect();
        candidates
            .into_iter()
            .filter(|&s| self.reader.attack(s).code == Code::Win)
            .collect()
    }

    /// With the attacker's move `mv` played and `opp` to answer: does
    /// every answer leave one of `targets` capturable (outright, or by a
    /// ko the attacker takes first), or let
    /// the attacker go on to such a position within `depth - 1` more
    /// moves? When it does, the smallest string the continuations
    /// threaten (`usize::MAX` when none is needed).
    fn every_answer_loses(
        &mut self,
        mv: Point,
        targets: &[Point],
        opp: Color,
        depth: usize,
    ) -> Option<usize> {
        let answers = self.answers(mv, targets);
        let mut size = usize::MAX;
        for a in answers {
            if !self.reader.push_move(opp, a) {
                continue;
            }
            // An answer that leaves a target to a ko the attacker takes
            // first is no defence: the defender gave up the sure life
            // the target had before the sequence.
            let still = targets.iter().any(|&t| {
                self.reader.board().cell(t).color() == Some(opp)
                    && matches!(self.reader.attack(t).code, Code::Win | Code::KoA)
            });
            self.played.push(a);
            let lost = if still {
                Some(usize::MAX)
            } else if depth > 1 {
                self.attack(depth - 1).map(|f| f.2)
            } else {
                None
            };
            self.played.pop();
            self.reader.pop_move();
            size = size.min(lost?);
        }
        Some(size)
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

/// Manhattan distance between two points.
fn steps(b: &Board, a: Point, q: Point) -> usize {
    let ((ar, ac), (qr, qc)) = (b.row_col(a), b.row_col(q));
    ar.abs_diff(qr) + ac.abs_diff(qc)
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

    /// Two white stones with two liberties each that share D5.
    fn double_atari_board() -> Board {
        Board::from_ascii(
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
        .expect("board")
    }

    /// Two white stones with two liberties each share D5 (each safe
    /// alone: White's D7 and D3 make the connection at D5 strong): Black
    /// there ataris both, and White can save only one.
    #[test]
    fn double_atari_is_a_combination() {
        let b = double_atari_board();
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

    /// The double-atari position of `double_atari_is_a_combination`:
    /// White defends by taking the key point D5, by D6 (then Black's D5
    /// is a self-atari White captures at D4), by D4 for the same reason,
    /// or by giving either stone a third liberty (C4, E4); a far move
    /// such as H2 does not, and Black has nothing to defend against.
    #[test]
    fn defences_against_a_double_atari() {
        let b = double_atari_board();
        let v = |s: &str| b.parse_vertex(s).expect("v");
        let defences = combination_defend(&mut reader(&b), &b, Color::Black).expect("an attack");
        for d in ["D5", "D6", "C4", "D4", "E4"] {
            assert!(defences.contains(&v(d)), "{d} defends: {defences:?}");
        }
        assert!(!defences.contains(&v("H2")));
        assert!(combination_defend(&mut reader(&b), &b, Color::White).is_none());
        // tac29: with `centre_ties` (tac28) White's D4 stopped being a
        // defence (a false combination at D6, from an edge crawl misread
        // by the tactical reader); with `superstring_extension` as well
        // the reader reads the crawl as GNU Go does.
        let cfg = ReadConfig {
            centre_ties: true,
            superstring_extension: true,
            ..ReadConfig::default()
        };
        let mut r = Reader::new(b.clone(), cfg);
        let defences = combination_defend(&mut r, &b, Color::Black).expect("an attack");
        for d in ["D5", "D6", "C4", "D4", "E4"] {
            assert!(defences.contains(&v(d)), "{d} defends: {defences:?}");
        }
    }

    /// White's E5 beside Black's E6/F5 gives Black the double atari at D5
    /// that did not exist before: a blunder, whose danger point is D5;
    /// a move far away is safe, and counting only threats to strings of
    /// two stones or more makes E5 safe too.
    #[test]
    fn confirm_safety_finds_a_new_double_atari() {
        let b = Board::from_ascii(
            ".........
             .........
             ...O.....
             ..X.X....
             .XO..X...
             .........
             ...O.....
             .........
             .......X.",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("v");
        let unsafe_move = confirm_safety(&mut reader(&b), &b, Color::White, v("E5"), 0);
        assert_eq!(unsafe_move, Ok(Some(v("D5"))));
        assert_eq!(
            confirm_safety(&mut reader(&b), &b, Color::White, v("J8"), 0),
            Ok(None)
        );
        assert_eq!(
            confirm_safety(&mut reader(&b), &b, Color::White, v("E5"), 2),
            Ok(None)
        );
        assert!(confirm_safety(&mut reader(&b), &b, Color::White, v("C5"), 0).is_err());
    }

    /// White's D3 (liberties E3, D2) and G2 (F2, G1) each have two
    /// liberties; E2 touches liberties of both without being one: an
    /// approach move. A far point is not one, and neither is a point
    /// beside the liberties of one string only (C2 touches D2 alone).
    #[test]
    fn approach_moves_touch_liberties_of_two_strings() {
        let b = Board::from_ascii(
            ".........
             .........
             .........
             .........
             .........
             ...X.....
             ..XO..X..
             ......OX.
             .........",
        )
        .expect("board");
        let v = |s: &str| b.parse_vertex(s).expect("v");
        let mut r = reader(&b);
        let safe = b.points().map(|p| b.cell(p).color() == Some(Color::White));
        let mut safe_by_index = vec![false; b.cells().len()];
        for (p, s) in b.points().zip(safe) {
            safe_by_index[p.index()] = s;
        }
        let search = Search {
            reader: &mut r,
            color: Color::Black,
            safe: safe_by_index,
            forbidden: Vec::new(),
            played: Vec::new(),
        };
        let found = search.approaches(&[]);
        assert!(found.contains(&v("E2")), "{found:?}");
        assert!(!found.contains(&v("A9")));
        assert!(!found.contains(&v("C2")));
    }
}
