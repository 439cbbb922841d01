//! `katachi bench playouts`: uniformly random playouts on katachi's board
//! (exact liberty sets, undo journal) and, with the default cargo feature
//! `compare-ego`, the same policy on the board of `go_game_board` (a Rust
//! port of libEGo), in alternating rounds of the same run so that both see
//! the same machine state. Also times `try_move` + `undo` pairs on
//! positions taken from playouts. One thread. The policy lives in
//! `katachi_board::playout`. Then pattern-policy playouts (`policy`,
//! `katachi-mc`) on 9x9 and 19x19 with `--policy FILE|uniform`.

mod policy;

use katachi_board::playout::{playout, PlayoutBoard, Rng};
use katachi_board::{Board, Color, Move, Point};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Board size (go_game_board supports up to 19).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Seconds of playouts per board (plus a quarter of that for the
    /// try_move + undo timing).
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Random seed (each board gets the same sequence of seeds).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Monte Carlo pattern database (GNU Go's mc_*.db format) for the
    /// pattern playouts on 9x9 and 19x19, or `uniform`; default katachi's
    /// embedded patterns/mc_katachi.mcdb.
    #[arg(long, value_name = "FILE|uniform")]
    policy: Option<String>,
}

/// Length of one round; the boards alternate rounds until each has had
/// `seconds` of playouts.
const ROUND: Duration = Duration::from_millis(250);

/// Totals for one board.
#[derive(Default)]
struct Tally {
    playouts: u64,
    moves: u64,
    black_wins: u64,
    /// Playouts stopped by the move cap rather than by two passes.
    capped: u64,
    time: Duration,
}

impl Tally {
    fn print(&self, name: &str) -> std::io::Result<()> {
        let s = self.time.as_secs_f64();
        outln!(
            "{name:<15} {:>12.0} {:>12.0} {:>10.1} {:>9.1}% {:>8}",
            self.playouts as f64 / s,
            self.moves as f64 / s,
            self.moves as f64 / self.playouts.max(1) as f64,
            100.0 * self.black_wins as f64 / self.playouts.max(1) as f64,
            self.capped,
        )
    }
    fn rate(&self) -> f64 {
        self.playouts as f64 / self.time.as_secs_f64()
    }
}

/// Run playouts from `start` for one round, accumulating into `tally`.
fn round<B: PlayoutBoard + Clone>(
    start: &B,
    work: &mut B,
    size: usize,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    let mut scratch = Vec::with_capacity(size * size);
    let max_moves = 3 * size * size;
    let t0 = Instant::now();
    loop {
        for _ in 0..16 {
            work.clone_from(start);
            let r = playout(work, Color::Black, rng, max_moves, &mut scratch);
            tally.playouts += 1;
            tally.moves += r.moves as u64;
            if r.moves >= max_moves {
                tally.capped += 1;
            }
            // Komi 7.5 for 9x9 and 19x19 alike: black needs score > 7.
            if r.score > 7 {
                tally.black_wins += 1;
            }
        }
        let el = t0.elapsed();
        if el >= ROUND {
            tally.time += el;
            return;
        }
    }
}

/// Mean nanoseconds of one `try_move` + `undo` pair, over every legal move
/// of positions sampled at random depths of random playouts.
fn time_try_undo(size: usize, seconds: f64, rng: &mut Rng) -> (f64, u64, u64) {
    let start = Board::new(size).expect("size checked");
    let mut b = start.clone();
    let mut scratch = Vec::new();
    let (mut pairs, mut positions) = (0u64, 0u64);
    let mut spent = Duration::ZERO;
    let budget = Duration::from_secs_f64(seconds);
    let mut moves: Vec<Point> = Vec::new();
    while spent < budget {
        b.clone_from(&start);
        let depth = rng.below(size * size * 3 / 2);
        // Play a random playout prefix.
        let mut c = Color::Black;
        for _ in 0..depth {
            match katachi_board::playout::choose(&b, c, rng, &mut scratch) {
                Some(p) => b.play_point(c, p),
                None => break,
            }
            c = c.opponent();
        }
        moves.clear();
        moves.extend(b.empty_points().filter(|&p| b.is_legal(c, Move::Play(p))));
        positions += 1;
        let t0 = Instant::now();
        for _ in 0..64 {
            for &p in &moves {
                let _ = std::hint::black_box(b.try_move(c, Move::Play(p)));
                b.undo().expect("undo after try_move");
            }
        }
        spent += t0.elapsed();
        pairs += 64 * moves.len() as u64;
    }
    (
        spent.as_nanos() as f64 / pairs.max(1) as f64,
        pairs,
        positions,
    )
}

/// The policy named by `--policy FILE|uniform` (`None`: katachi's own).
pub fn load_policy(arg: Option<&str>) -> anyhow::Result<katachi_mc::Policy> {
    policy::load(arg)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let size = args.size;
    let start = Board::new(size).map_err(|e| anyhow::anyhow!("{e}"))?;
    anyhow::ensure!(args.seconds > 0.0, "--seconds must be positive");
    let mc_policy = policy::load(args.policy.as_deref())?;
    let mut ego = ego::Ego::new(size);
    let budget = Duration::from_secs_f64(args.seconds);
    outln!(
        "bench playouts: {size}x{size}, {:.1} s of playouts per board in rounds of {} ms, one thread, seed {}",
        args.seconds,
        ROUND.as_millis(),
        args.seed
    )?;
    outln!("policy: uniform among legal moves that do not fill an own single-point eye; two passes end")?;
    let mut work = start.clone();
    let mut ours = Tally::default();
    let mut theirs = Tally::default();
    let (mut rng_ours, mut rng_theirs) = (Rng::new(args.seed), Rng::new(args.seed));
    while ours.time < budget {
        round(&start, &mut work, size, &mut rng_ours, &mut ours);
        if let Some(e) = ego.as_mut() {
            e.round(size, &mut rng_theirs, &mut theirs);
        }
    }
    outln!(
        "{:<15} {:>12} {:>12} {:>10} {:>10} {:>8}",
        "board",
        "playouts/s",
        "moves/s",
        "moves/po",
        "B wins",
        "capped"
    )?;
    ours.print("katachi")?;
    if ego.is_some() {
        theirs.print("go_game_board")?;
        outln!(
            "ratio katachi / go_game_board: {:.2} (playouts/s)",
            ours.rate() / theirs.rate()
        )?;
    } else if cfg!(feature = "compare-ego") {
        outln!("go_game_board: not run (it supports sizes up to 19)")?;
    } else {
        outln!("go_game_board: not built (cargo feature compare-ego is off)")?;
    }
    #[cfg(feature = "compare-ego")]
    if size == 9 {
        let (rate, per) = ego::own_benchmark(args.seconds / 2.0);
        outln!(
            "go_game_board's own benchmark (its 3x3-pattern policy, 9x9 only): {rate:.0} playouts/s, {per:.1} moves/playout"
        )?;
    }
    let (ns, pairs, positions) =
        time_try_undo(size, args.seconds / 4.0, &mut Rng::new(args.seed ^ 0x5eed));
    outln!("katachi try_move+undo: {ns:.1} ns per pair ({pairs} pairs, every legal move of {positions} playout positions)")?;
    policy::run(&mc_policy, args.seconds, args.seed)?;
    Ok(ExitCode::SUCCESS)
}

/// Without the `compare-ego` feature there is no second board.
#[cfg(not(feature = "compare-ego"))]
mod ego {
    use super::{Rng, Tally};

    /// Stand-in for the go_game_board side; never constructed.
    pub enum Ego {}

    impl Ego {
        /// Always `None`: go_game_board is not built.
        pub fn new(_size: usize) -> Option<Ego> {
            None
        }
        /// Unreachable (no value exists).
        pub fn round(&mut self, _size: usize, _rng: &mut Rng, _tally: &mut Tally) {
            match *self {}
        }
    }
}

/// The `go_game_board` side: its board behind the same playout policy.
#[cfg(feature = "compare-ego")]
mod ego {
    use super::{round, Rng, Tally};
    use go_game_board::{Board, Color as EColor, Player, Vertex};
    use katachi_board::playout::PlayoutBoard;
    use katachi_board::Color;

    /// go_game_board's board with the board size remembered (for scoring).
    #[derive(Clone)]
    pub struct EgoBoard {
        board: Board,
        size: usize,
    }

    fn player(c: Color) -> Player {
        match c {
            Color::Black => Player::Black,
            Color::White => Player::White,
        }
    }

    impl EgoBoard {
        fn eye_of(&self, v: Vertex, own: EColor) -> bool {
            [v.up(), v.left(), v.right(), v.down()]
                .into_iter()
                .all(|n| {
                    let c = self.board.color_at(n);
                    c == own || c == EColor::OffBoard
                })
        }
    }

    impl PlayoutBoard for EgoBoard {
        type Vertex = Vertex;
        #[inline]
        fn empty_count(&self) -> usize {
            self.board.empty_vertex_count()
        }
        #[inline]
        fn empty_at(&self, k: usize) -> Vertex {
            self.board.empty_vertex(k)
        }
        #[inline]
        fn acceptable(&self, c: Color, v: Vertex) -> bool {
            !self.eye_of(v, EColor::from(player(c))) && self.board.is_legal(player(c), v)
        }
        #[inline]
        fn play_point(&mut self, c: Color, v: Vertex) {
            self.board.play_legal(player(c), v);
        }
        #[inline]
        fn pass(&mut self, c: Color) {
            self.board.play_legal(player(c), Vertex::pass());
        }
        fn playout_score(&self) -> i32 {
            let mut score = 0;
            for r in 0..self.size as isize {
                for c in 0..self.size as isize {
                    let v = Vertex::from_coords(r, c);
                    score += match self.board.color_at(v) {
                        EColor::Black => 1,
                        EColor::White => -1,
                        _ if self.eye_of(v, EColor::Black) => 1,
                        _ if self.eye_of(v, EColor::White) => -1,
                        _ => 0,
                    };
                }
            }
            score
        }
    }

    /// go_game_board's own `Benchmark` (its gamma/3x3-pattern policy on
    /// 9x9) for about `seconds`: (playouts/s, moves/playout), for context.
    pub fn own_benchmark(seconds: f64) -> (f64, f64) {
        let mut bench = go_game_board::Benchmark::new();
        let t0 = std::time::Instant::now();
        bench.run(1000, None);
        let guess = 1000.0 / t0.elapsed().as_secs_f64();
        let n = ((guess * seconds) as usize).max(1000);
        let t0 = std::time::Instant::now();
        let text = bench.run(n, None);
        let rate = n as f64 / t0.elapsed().as_secs_f64();
        let per = text
            .split("AVG moves/playout = ")
            .nth(1)
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(f64::NAN);
        (rate, per)
    }

    /// Start position and work board.
    pub struct Ego {
        start: EgoBoard,
        work: EgoBoard,
    }

    impl Ego {
        /// `None` for sizes go_game_board does not support.
        pub fn new(size: usize) -> Option<Ego> {
            if size > go_game_board::types::MAX_BOARD_SIZE {
                return None;
            }
            let mut board = Board::with_size(size, size);
            board.clear();
            let start = EgoBoard { board, size };
            Some(Ego {
                work: start.clone(),
                start,
            })
        }
        /// One round of playouts.
        pub fn round(&mut self, size: usize, rng: &mut Rng, tally: &mut Tally) {
            round(&self.start, &mut self.work, size, rng, tally);
        }
    }
}
