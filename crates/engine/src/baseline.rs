//! The baseline move policy: what `genmove` plays until pattern-driven move
//! generation exists (a later issue replaces it; nothing else depends on it).
//!
//! It knows nothing beyond strings and liberties. For the player to move it
//! considers every legal move and
//!
//! 1. never fills one of its own *true eyes* (an empty point whose four
//!    neighbours are its own stones or the edge, with at most one opponent
//!    stone on the diagonals in the middle of the board and none on the edge
//!    or in a corner);
//! 2. never plays a *self-atari* (a move that leaves its string with one
//!    liberty and captures nothing);
//! 3. plays the move with the largest *tactical gain* if any move has one:
//!    stones captured plus own stones rescued, where a string that was in
//!    atari counts as rescued when the move (an extension or a capture)
//!    leaves it with two or more liberties;
//! 4. otherwise picks a quiet move at random, weighted towards the third
//!    line and above (weight 4) over the second (2) and the first (1);
//! 5. otherwise fills one of its own false eyes;
//! 6. otherwise passes.
//!
//! Before all that, in normal play (not [`Options::cleanup`]) it passes
//! when the opponent has just passed and it leads on the area count with
//! every stone alive, since playing on could not improve a won result.
//! Cleanup mode (KGS's `kgs-genmove_cleanup`) never takes this shortcut, so
//! play goes on until only eyes and self-ataris remain.
//!
//! "Random" is deterministic: the choice is a function of
//! [`Options::seed`], the position, the player to move and the colour, so
//! games replay exactly. The policy is weak by design; it is a legal,
//! non-suicidal opponent for testing the protocol and the match runner.

use katachi_board::{Board, Cell, Color, Move, Point};

/// Settings of one call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Seed of the random choices.
    pub seed: u64,
    /// Komi, for the decision to pass after the opponent passed.
    pub komi: f32,
    /// Cleanup mode: never pass while a sensible move is left.
    pub cleanup: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0,
            komi: 7.5,
            cleanup: false,
        }
    }
}

/// Weight of a quiet move on the first line, second line, third and above.
const LINE_WEIGHTS: [u64; 3] = [1, 2, 4];

/// Choose a move for `color` on `board` (which is not changed).
pub fn choose_move(board: &Board, color: Color, options: &Options) -> Move {
    let salt = match color {
        Color::Black => 0x9e37_79b9_7f4a_7c15,
        Color::White => 0x6a09_e667_f3bc_c909,
    };
    let mut rng = SplitMix64::new(options.seed ^ board.hash_with_player().rotate_left(17) ^ salt);

    if !options.cleanup && opponent_just_passed(board, color) && leads(board, color, options.komi) {
        return Move::Pass;
    }

    let own = color.cell();
    let in_atari: Vec<(Point, usize)> = own_strings_in_atari(board, color);
    let mut work = board.clone();
    let mut best: Option<(usize, u64, Point)> = None;
    let mut quiet: Vec<(u64, Point)> = Vec::new();
    let mut false_eyes: Vec<Point> = Vec::new();

    for p in board.points() {
        if board.cell(p) != Cell::Empty || is_true_eye(board, p, color) {
            continue;
        }
        let Ok(captured) = work.try_move(color, Move::Play(p)) else {
            continue;
        };
        let liberties = work.liberty_count(p);
        let rescued: usize = in_atari
            .iter()
            .filter(|&&(stone, _)| work.cell(stone) == own && work.liberty_count(stone) >= 2)
            .map(|&(_, size)| size)
            .sum();
        let undone = work.undo();
        debug_assert!(undone.is_ok());
        if liberties <= 1 && captured == 0 {
            continue; // self-atari
        }
        let gain = captured + rescued;
        if gain > 0 {
            let key = (gain, rng.next(), p);
            let better = match best {
                None => true,
                Some(b) => (key.0, key.1) > (b.0, b.1),
            };
            if better {
                best = Some(key);
            }
        } else if is_eyelike(board, p, color) {
            false_eyes.push(p);
        } else {
            quiet.push((LINE_WEIGHTS[line(board, p).min(2)], p));
        }
    }

    if let Some((_, _, p)) = best {
        return Move::Play(p);
    }
    let total: u64 = quiet.iter().map(|&(w, _)| w).sum();
    if total > 0 {
        let mut pick = rng.next() % total;
        for &(w, p) in &quiet {
            if pick < w {
                return Move::Play(p);
            }
            pick -= w;
        }
    }
    if !false_eyes.is_empty() {
        let k = (rng.next() % false_eyes.len() as u64) as usize;
        return Move::Play(false_eyes[k]);
    }
    Move::Pass
}

/// Whether `p` is a true eye of `color` (see the module documentation).
pub fn is_true_eye(board: &Board, p: Point, color: Color) -> bool {
    if !is_eyelike(board, p, color) {
        return false;
    }
    let enemy = color.opponent().cell();
    let mut at_edge = false;
    let mut enemy_diagonals = 0;
    for d in board.diagonals(p) {
        match board.cell(d) {
            Cell::Edge => at_edge = true,
            c if c == enemy => enemy_diagonals += 1,
            _ => {}
        }
    }
    if at_edge {
        enemy_diagonals == 0
    } else {
        enemy_diagonals < 2
    }
}

/// Whether every orthogonal neighbour of the empty point `p` is a stone of
/// `color` or the edge (a true or false eye).
fn is_eyelike(board: &Board, p: Point, color: Color) -> bool {
    board.cell(p) == Cell::Empty
        && board
            .neighbors(p)
            .iter()
            .all(|&n| matches!(board.cell(n), Cell::Edge) || board.cell(n) == color.cell())
}

/// One stone and the size of each of `color`'s strings with one liberty.
fn own_strings_in_atari(board: &Board, color: Color) -> Vec<(Point, usize)> {
    let mut seen: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    for p in board.points() {
        if board.cell(p) != color.cell() {
            continue;
        }
        let Some(head) = board.string_head(p) else {
            continue;
        };
        if seen.contains(&head) {
            continue;
        }
        seen.push(head);
        if board.liberty_count(p) == 1 {
            out.push((p, board.string_size(p)));
        }
    }
    out
}

/// Line of `p` counted from the nearest edge, 0 for the first line.
fn line(board: &Board, p: Point) -> usize {
    let (row, col) = board.row_col(p);
    let n = board.size();
    row.min(col).min(n - 1 - row).min(n - 1 - col)
}

fn opponent_just_passed(board: &Board, color: Color) -> bool {
    matches!(board.history().last(), Some(&(c, Move::Pass)) if c == color.opponent())
}

/// Whether `color` is ahead on the area count with every stone alive.
fn leads(board: &Board, color: Color, komi: f32) -> bool {
    let score = board.area_score(&[]);
    let black_margin = score.black - score.white - komi;
    match color {
        Color::Black => black_margin > 0.0,
        Color::White => black_margin < 0.0,
    }
}

/// A tiny deterministic generator (SplitMix64); the policy needs no more.
struct SplitMix64(u64);

impl SplitMix64 {
    fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Options {
        Options::default()
    }

    fn board(rows: &str) -> Board {
        Board::from_ascii(rows).unwrap()
    }

    fn vertex(b: &Board, m: Move) -> String {
        match m {
            Move::Play(p) => b.vertex(p),
            Move::Pass => "pass".into(),
        }
    }

    #[test]
    fn captures_the_biggest_group_in_atari() {
        // The white pair D4-D3 has one liberty, D5; the white stone A1 has
        // one, B1. Capturing the pair gains more.
        let b = board(
            "
            . . . . . . .
            . . . . . . .
            . . X . X . .
            . . X O X . .
            . . X O X . .
            X . . X . . .
            O . . . . . .",
        );
        let m = choose_move(&b, Color::Black, &opts());
        assert_eq!(vertex(&b, m), "D5");
    }

    #[test]
    fn escapes_atari_by_extending() {
        // Black C3 has one liberty, C4; extending there gives three.
        let b = board(
            "
            . . . . .
            . . . . .
            . O X O .
            . . O . .
            . . . . .",
        );
        let m = choose_move(&b, Color::Black, &opts());
        assert_eq!(vertex(&b, m), "C4");
    }

    #[test]
    fn prefers_escaping_by_a_capture_to_extending() {
        // Black C4 is in atari (liberty C5); white C3 is in atari too
        // (liberty C2). Capturing at C2 takes one stone and rescues C4;
        // extending to C5 only rescues.
        let b = board(
            "
            . . . . .
            . O X O .
            . X O X .
            . . . . .
            . . . . .",
        );
        let m = choose_move(&b, Color::Black, &opts());
        assert_eq!(vertex(&b, m), "C2");
    }

    #[test]
    fn never_fills_its_own_true_eyes_and_passes_when_only_eyes_remain() {
        let b = board(
            "
            . X . X .
            X X X X X
            X X . X X
            X X X X X
            . X X X .",
        );
        assert_eq!(choose_move(&b, Color::Black, &opts()), Move::Pass);
    }

    #[test]
    fn true_and_false_eyes() {
        let b = board(
            "
            . X O . .
            X X . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        let a5 = b.parse_vertex("A5").unwrap();
        assert!(is_true_eye(&b, a5, Color::Black));
        let b2 = board(
            "
            . X . . .
            X O . . .
            . . . . .
            . . . . .
            . . . . .",
        );
        assert!(
            !is_true_eye(&b2, a5, Color::Black),
            "corner eye with an enemy diagonal is false"
        );
        assert!(!is_true_eye(&b2, a5, Color::White));
    }

    #[test]
    fn avoids_self_atari() {
        // For White, B4 and A5 are suicide; A3 and C5 are self-ataris.
        let b = board(
            "
            . X . . .
            X . X . .
            . X . . .
            . . . . .
            . . . . .",
        );
        let bad: Vec<Move> = ["B4", "A5", "A3", "C5"]
            .iter()
            .map(|v| Move::Play(b.parse_vertex(v).unwrap()))
            .collect();
        for seed in 0..60 {
            let m = choose_move(&b, Color::White, &Options { seed, ..opts() });
            assert!(!bad.contains(&m), "seed {seed}: played {}", vertex(&b, m));
        }
    }

    #[test]
    fn deterministic_for_a_seed_and_varied_across_seeds() {
        let b = Board::new(9).unwrap();
        let first = choose_move(&b, Color::Black, &opts());
        assert_eq!(first, choose_move(&b, Color::Black, &opts()));
        let distinct: std::collections::HashSet<_> = (0..40)
            .map(|seed| choose_move(&b, Color::Black, &Options { seed, ..opts() }))
            .collect();
        assert!(distinct.len() > 5, "only {} distinct moves", distinct.len());
    }

    #[test]
    fn passes_after_opponent_pass_only_when_ahead_and_not_in_cleanup() {
        let mut b = Board::new(5).unwrap();
        let c3 = b.parse_vertex("C3").unwrap();
        b.play(Color::Black, Move::Play(c3)).unwrap();
        b.play(Color::White, Move::Pass).unwrap();
        // Black owns the whole board: 25 - 7.5 > 0.
        assert_eq!(choose_move(&b, Color::Black, &opts()), Move::Pass);
        let cleanup = Options {
            cleanup: true,
            ..opts()
        };
        assert_ne!(choose_move(&b, Color::Black, &cleanup), Move::Pass);
        // With a komi of 30 Black is behind and plays on.
        let big_komi = Options {
            komi: 30.0,
            ..opts()
        };
        assert_ne!(choose_move(&b, Color::Black, &big_komi), Move::Pass);
    }

    #[test]
    fn self_play_is_legal_and_ends() {
        for seed in 0..3 {
            let mut b = Board::new(9).unwrap();
            let mut color = Color::Black;
            let mut passes = 0;
            let mut moves = 0;
            while passes < 2 && moves < 1000 {
                let m = choose_move(&b, color, &Options { seed, ..opts() });
                if let Move::Play(p) = m {
                    assert!(!is_true_eye(&b, p, color));
                }
                b.play(color, m).expect("baseline moves are legal");
                passes = if m == Move::Pass { passes + 1 } else { 0 };
                color = color.opponent();
                moves += 1;
            }
            assert!(passes == 2, "seed {seed}: no end after {moves} moves");
        }
    }
}
