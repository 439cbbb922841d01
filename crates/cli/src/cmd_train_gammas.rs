//! `katachi train-gammas --out FILE PATH...`: fits the move-prediction
//! gammas of `katachi_mc::gammas` to the moves of SGF game records by
//! minorization-maximization, and prints how well they, katachi's Monte
//! Carlo pattern weights (`patterns/mc_katachi.mcdb`, as the playouts draw
//! them) and a uniform choice predict the moves of held-out games.
//!
//! - Records: every `.sgf` file under the paths (directories walked in
//!   sorted order); a record is used when its main line has at least
//!   [`MIN_MOVES`] moves and its setup is at most a handicap (no white
//!   stones, at most 9 black ones): problem files (setup positions) are
//!   skipped. A record whose main line sets stones up after the first move
//!   is used up to that point.
//! - Held out: the records whose file name (the last path component)
//!   hashes (FNV-1a) to 0 modulo 10; stable whatever the order and the
//!   other files.
//! - Positions: every move of the record, with the legal moves of its
//!   player (no suicide, no simple-ko retake) and pass as candidates.
//! - Held-out figures: over the held-out moves that are stones, with the
//!   stones' candidates (pass left out for all three models): top-1 and
//!   top-5 (ties shared: a tie of k moves for the last places counts its
//!   share), and the mean log-likelihood per move (a probability of 0, a
//!   move the pattern weights forbid, counts as 1e-6 and is counted).
//!
//! Deterministic: one thread, sorted files, a fixed number of iterations.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use katachi_board::{Cell, Move};
use katachi_mc::gammas::{candidate_moves, features, Gammas, MoveFeatures, Trainer};
use katachi_mc::{McBoard, Policy};
use katachi_sgf::{load, parse_bytes, Target};

/// Arguments of `katachi train-gammas`.
#[derive(clap::Args)]
pub struct Args {
    /// Where to write the table.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// MM iterations (each updates every group once).
    #[arg(long, default_value_t = 12)]
    pub iterations: usize,
    /// SGF files or directories (walked recursively for `.sgf` files).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// Fewest moves for a record to count as a game.
pub const MIN_MOVES: usize = 20;

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .with_context(|| format!("cannot read directory {}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                collect(&e, out)?;
            }
        }
    } else if path.exists() {
        out.push(path.to_path_buf());
    } else {
        anyhow::bail!("{}: no such file or directory", path.display());
    }
    Ok(())
}

fn fnv1a(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Whether a record is held out (see the module doc).
pub fn held_out(path: &Path) -> bool {
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    fnv1a(&name).is_multiple_of(10)
}

/// A held-out position: the stone candidates' features and pattern
/// weights, the played index among them (`None` for a pass), and the
/// full candidate list's features (pass last) for the pass-inclusive
/// likelihood.
struct Held {
    feats: Vec<MoveFeatures>,
    weights: Vec<u32>,
    played: usize,
    is_pass: bool,
}

/// Prediction figures of one model.
#[derive(Default)]
struct Score {
    n: usize,
    top1: f64,
    top5: f64,
    ll: f64,
    zero: usize,
}

impl Score {
    fn add(&mut self, scores: &[f64], played: usize) {
        let total: f64 = scores.iter().sum();
        let s = scores[played];
        let greater = scores.iter().filter(|&&x| x > s).count();
        let equal = scores.iter().filter(|&&x| x == s).count();
        let share = |k: usize| -> f64 {
            if greater >= k {
                0.0
            } else {
                ((k - greater) as f64 / equal as f64).min(1.0)
            }
        };
        self.n += 1;
        self.top1 += share(1);
        self.top5 += share(5);
        let p = if total > 0.0 { s / total } else { 0.0 };
        if p <= 0.0 {
            self.zero += 1;
        }
        self.ll += p.max(1e-6).ln();
    }

    fn line(&self, name: &str) -> String {
        let n = self.n.max(1) as f64;
        format!(
            "{name:<22} top-1 {:5.1}%  top-5 {:5.1}%  log-likelihood/move {:7.3}  p=0 moves {}",
            100.0 * self.top1 / n,
            100.0 * self.top5 / n,
            self.ll / n,
            self.zero
        )
    }
}

/// Run `katachi train-gammas`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut files = Vec::new();
    for p in &args.paths {
        collect(p, &mut files)?;
    }
    let policy = Policy::katachi();
    let mut trainer = Trainer::new();
    let mut held: Vec<Held> = Vec::new();
    let (mut used, mut skipped, mut unreadable, mut held_games) = (0usize, 0usize, 0usize, 0usize);
    let mut moves: Vec<Move> = Vec::new();
    let mut feats: Vec<MoveFeatures> = Vec::new();
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            unreadable += 1;
            continue;
        };
        let Some(game) = parse_bytes(&bytes)
            .ok()
            .and_then(|c| c.games.into_iter().next())
        else {
            unreadable += 1;
            continue;
        };
        let (Ok(first), Ok(end)) = (
            load(&game, Target::BeforeMove(1), &[]),
            load(&game, Target::End, &[]),
        ) else {
            unreadable += 1;
            continue;
        };
        let history = end.board.history().to_vec();
        let b0 = &first.board;
        let whites = b0.points().filter(|&p| b0.cell(p) == Cell::White).count();
        let blacks = b0.points().filter(|&p| b0.cell(p) == Cell::Black).count();
        if history.len() < MIN_MOVES || whites > 0 || blacks > 9 || b0.size() < 5 {
            skipped += 1;
            continue;
        }
        used += 1;
        let is_held = held_out(path);
        held_games += usize::from(is_held);
        let mut board = b0.clone();
        board.set_ko_rule(katachi_board::KoRule::Simple);
        let mut mc = McBoard::new(policy.table(), board, None);
        for (k, &(c, m)) in history.iter().enumerate() {
            let prev = [1, 2].map(|d| k.checked_sub(d).map(|i| history[i].1));
            let b = mc.board();
            candidate_moves(b, c, &mut moves);
            let Some(played) = moves.iter().position(|&x| x == m) else {
                break;
            };
            feats.clear();
            feats.extend(moves.iter().map(|&x| features(b, c, x, prev)));
            if is_held {
                let stones = moves.len() - 1;
                held.push(Held {
                    feats: feats.clone(),
                    weights: moves[..stones]
                        .iter()
                        .map(|&x| match x {
                            Move::Play(p) => mc.weight(c, p),
                            Move::Pass => 0,
                        })
                        .collect(),
                    played,
                    is_pass: m == Move::Pass,
                });
            } else {
                trainer.add(&feats, played);
            }
            if mc.play(c, m).is_err() {
                break;
            }
        }
    }
    eprintln!(
        "{} files: {used} games used ({held_games} held out), {skipped} skipped (setup or under {MIN_MOVES} moves), {unreadable} unreadable",
        files.len()
    );
    eprintln!(
        "training: {} positions, {} candidates, {} distinct 3x3 patterns; held out: {} positions ({:.1} s)",
        trainer.positions(),
        trainer.candidates(),
        trainer.patterns(),
        held.len(),
        start.elapsed().as_secs_f64()
    );
    anyhow::ensure!(
        trainer.positions() > 0,
        "no training positions in the given paths"
    );
    for it in 1..=args.iterations {
        let ll = trainer.iterate();
        eprintln!(
            "iteration {it}: training log-likelihood/move before it {ll:.4} ({:.1} s)",
            start.elapsed().as_secs_f64()
        );
    }
    let gammas = trainer.gammas();
    // Held-out figures.
    let (mut g, mut w, mut u, mut gp) = (
        Score::default(),
        Score::default(),
        Score::default(),
        Score::default(),
    );
    for h in &held {
        let all: Vec<f64> = h
            .feats
            .iter()
            .map(|f| f64::from(gammas.strength(f)))
            .collect();
        gp.add(&all, h.played);
        if h.is_pass {
            continue;
        }
        let stones = h.weights.len();
        g.add(&all[..stones], h.played);
        let ws: Vec<f64> = h.weights.iter().map(|&x| f64::from(x)).collect();
        w.add(&ws, h.played);
        u.add(&vec![1.0; stones], h.played);
    }
    outln!(
        "held-out stone moves: {} (of {} held-out positions)",
        g.n,
        held.len()
    )?;
    outln!("{}", g.line("gammas"))?;
    outln!("{}", w.line("mc_katachi weights"))?;
    outln!("{}", u.line("uniform"))?;
    outln!("{}", gp.line("gammas, pass included"))?;
    let roots: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
    let header = format!(
        "katachi move-prediction gammas (katachi_mc::gammas; Coulom 2007).\n\
         Trained by: katachi train-gammas --iterations {} --out FILE {}\n\
         on the full-game SGF records under those paths (GNU Go's regression\n\
         games, read at run time: no text of them is here, only the fitted\n\
         strengths): {} games, {} training positions, {} held out (file\n\
         name FNV-1a hash = 0 mod 10).\n\
         Held-out stone moves {}: top-1 {:.1}%, top-5 {:.1}%, log-likelihood/move {:.3}\n\
         (mc_katachi weights {:.1}% / {:.1}% / {:.3}; uniform {:.1}% / {:.1}% / {:.3}).\n\
         Format: FEATURE VALUE GAMMA; features not listed have gamma 1.",
        args.iterations,
        roots.join(" "),
        used,
        trainer.positions(),
        held_games,
        g.n,
        100.0 * g.top1 / g.n.max(1) as f64,
        100.0 * g.top5 / g.n.max(1) as f64,
        g.ll / g.n.max(1) as f64,
        100.0 * w.top1 / w.n.max(1) as f64,
        100.0 * w.top5 / w.n.max(1) as f64,
        w.ll / w.n.max(1) as f64,
        100.0 * u.top1 / u.n.max(1) as f64,
        100.0 * u.top5 / u.n.max(1) as f64,
        u.ll / u.n.max(1) as f64,
    );
    let text = gammas.to_text(&header);
    // The written table must read back (the format's own check).
    Gammas::parse(&text, &args.out.display().to_string())
        .map_err(|e| anyhow::anyhow!("the table written does not parse: {e}"))?;
    std::fs::write(&args.out, text)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!(
        "wrote {} ({:.1} s)",
        args.out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
