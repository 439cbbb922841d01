//! `katachi bench playout-quality`: how well plain playouts (no tree)
//! from positions of finished games predict how those games ended, per
//! playout policy (issue 15). The method is [`METHOD`], printed by
//! `--help`.
//!
//! Why: a playout policy is worth what its playouts say about a position;
//! games between two settings need hundreds of games to show a change of a
//! few points, while this measure compares policies on the same ~1400
//! positions in minutes. Better playouts predict the winner and the final
//! owners better (the measure, not the games, is what this bench shows; the
//! README says where the two agree).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use katachi_board::playout::Rng;
use katachi_board::{Board, Cell, Color, Move, Point};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_gtp::commands::score::final_status_of;
use katachi_mc::{
    add_final_owners, area_balance, play_to_end, winner_of, LocalBoard, McBoard, PointStatus,
    Policy, ReplyTable, SearchConfig,
};
use katachi_sgf::{load, Target};

/// The method, as `--help` prints it.
pub const METHOD: &str = "\
METHOD

Games: every .sgf under --dir (default ../shared/gnugo/regression/games), in
path order, whose RE is a points result (B+12.5, W+3), of a size in --sizes;
every --every-th of those. Truth: the recorded winner, and the final owner of
each point from katachi's scoring of the last position (`katachi score`'s
final_status: Monte Carlo ownership with unconditional life and owl on the
strings in doubt): a living or seki stone is its colour's, a dead stone the
opponent's, territory its colour's, dame nobody's. A game whose katachi score
(by the record's rules and komi) names another winner than RE is dropped.
--cache FILE keeps the truth between runs (it costs up to seconds a game).

Positions: N moves before the end for each N in --back (the position after
moves - N moves, the record's player to move), if at least 10 moves were
played by then.

Policies (--policy SPEC, repeatable; default: `default` and `patterns=uniform
self_atari_limit=0`): SPEC is `default` or space/comma-separated NAME=VALUE,
NAME a `katachi gtp --mc-param` name (self_atari_limit, heavy_*, lgrf,
local_playout, local_pattern_min) or `patterns=FILE|uniform|katachi`. From
each position, --playouts playouts of the policy with the record's player
first, as the search's playouts run (lgrf: one reply table per position,
learning from that position's playouts in turn).

Figures per policy (and per size and N): winner, the share of positions where
the playouts' Black win rate (komi from KM, ties half) is on the winner's side
of 0.5 (0.5 counts half); bits, the mean log-loss of the winner under
p = (wins + 0.5) / (playouts + 1), in bits (1.0 for a coin); owner, the share
of points whose mean playout owner has the final owner's sign (0 predicts
nobody); own-mse, the mean squared difference of the mean owner and the final
owner (+1, 0, -1); po/s, playouts per second of wall time spent in the
playouts; moves, moves per playout. Higher winner and owner, lower bits and
own-mse are better. The same positions and seeds serve every policy.";

/// Arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Folder of game records (searched recursively).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Board sizes to take records of, comma-separated.
    #[arg(long, default_value = "9,19")]
    sizes: String,
    /// Moves before the end, comma-separated.
    #[arg(long, default_value = "20,40,60")]
    back: String,
    /// Playouts per position and policy.
    #[arg(long, default_value_t = 64)]
    playouts: usize,
    /// Take every K-th record (after the size and result filter).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Stop after this many kept games.
    #[arg(long)]
    games: Option<usize>,
    /// A playout policy (see the method); repeatable.
    #[arg(long = "policy", value_name = "SPEC")]
    policies: Vec<String>,
    /// Seed of the playouts (per position, the same for every policy).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// File keeping the truth (winner and final owners) per record.
    #[arg(long, value_name = "FILE")]
    cache: Option<PathBuf>,
}

/// A playout policy under test.
struct Variant {
    label: String,
    policy: Policy,
    config: SearchConfig,
}

fn parse_variant(spec: &str) -> anyhow::Result<Variant> {
    let mut config = SearchConfig::default();
    let mut policy = Policy::katachi();
    for item in spec
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
    {
        if item == "default" {
            continue;
        }
        let (name, value) = item
            .split_once('=')
            .with_context(|| format!("--policy {spec:?}: expected NAME=VALUE, not {item:?}"))?;
        if name == "patterns" {
            policy = super::playouts::load_policy(match value {
                "katachi" => None,
                v => Some(v),
            })?;
            continue;
        }
        let v: f64 = value
            .parse()
            .with_context(|| format!("--policy {spec:?}: {value:?} is not a number"))?;
        config
            .set_param(name, v)
            .map_err(|e| anyhow::anyhow!("--policy {spec:?}: {e}"))?;
    }
    Ok(Variant {
        label: spec.trim().to_string(),
        policy,
        config,
    })
}

/// One record's truth: the winner and the final owner per row-major point.
#[derive(Clone)]
struct Truth {
    black_won: bool,
    owners: Vec<i8>,
}

impl Truth {
    fn encode(&self) -> String {
        let o: String = self
            .owners
            .iter()
            .map(|&v| match v {
                1 => 'B',
                -1 => 'W',
                _ => '.',
            })
            .collect();
        format!("{} {o}", if self.black_won { 'B' } else { 'W' })
    }

    fn decode(text: &str) -> Option<Truth> {
        let (w, o) = text.split_once(' ')?;
        let black_won = match w {
            "B" => true,
            "W" => false,
            _ => return None,
        };
        let owners = o
            .chars()
            .map(|c| match c {
                'B' => Some(1),
                'W' => Some(-1),
                '.' => Some(0),
                _ => None,
            })
            .collect::<Option<Vec<i8>>>()?;
        Some(Truth { black_won, owners })
    }
}

/// The truth of a finished game, or `None` when katachi's score of its end
/// names another winner than the record (or the result is a draw).
fn truth_of(end: &Board, komi: f32, area: bool, margin: f32) -> Option<Truth> {
    if margin == 0.0 {
        return None;
    }
    let analysis = Analysis::new(end.clone(), AnalysisConfig::default());
    let status = final_status_of(&analysis, &Policy::katachi(), 0);
    let ours = if area {
        status.area_margin(end, komi)
    } else {
        status.territory_margin(end, komi)
    };
    if (ours > 0.0) != (margin > 0.0) || ours == 0.0 {
        return None;
    }
    let size = end.size();
    let mut owners = vec![0i8; size * size];
    for r in 0..size {
        for c in 0..size {
            let p = end.point(r, c).expect("on the board");
            let colour = match end.cell(p) {
                Cell::Black => 1,
                Cell::White => -1,
                _ => 0,
            };
            owners[r * size + c] = match status.at(p) {
                Some(PointStatus::Alive | PointStatus::Seki) => colour,
                Some(PointStatus::Dead) => -colour,
                Some(PointStatus::Territory(Color::Black)) => 1,
                Some(PointStatus::Territory(Color::White)) => -1,
                Some(PointStatus::Dame) | None => 0,
            };
        }
    }
    Some(Truth {
        black_won: margin > 0.0,
        owners,
    })
}

/// Sums of one policy over some positions.
#[derive(Default, Clone, Copy)]
struct Tally {
    positions: u64,
    winner: f64,
    bits: f64,
    points: u64,
    owner: u64,
    sq: f64,
    playouts: u64,
    moves: u64,
    time: Duration,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.positions += o.positions;
        self.winner += o.winner;
        self.bits += o.bits;
        self.points += o.points;
        self.owner += o.owner;
        self.sq += o.sq;
        self.playouts += o.playouts;
        self.moves += o.moves;
        self.time += o.time;
    }

    fn line(&self, label: &str, size: &str, back: &str) -> String {
        let n = self.positions.max(1) as f64;
        let pts = self.points.max(1) as f64;
        format!(
            "{label:<34} {size:>5} {back:>4} {:>6} {:>7.2}% {:>6.3} {:>7.2}% {:>7.4} {:>8.0} {:>6.1}",
            self.positions,
            100.0 * self.winner / n,
            self.bits / n,
            100.0 * self.owner as f64 / pts,
            self.sq / pts,
            self.playouts as f64 / self.time.as_secs_f64().max(1e-9),
            self.moves as f64 / self.playouts.max(1) as f64,
        )
    }
}

/// Runs `n` playouts of `v` from `board` (`to_move` first) and scores them
/// against `truth`.
fn measure(
    v: &Variant,
    board: &Board,
    to_move: Color,
    komi: f32,
    n: usize,
    seed: u64,
    truth: &Truth,
) -> Tally {
    let size = board.size();
    let max = 3 * size * size;
    let last = match board.history().last() {
        Some(&(_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let cfg = &v.config;
    let table = v.policy.table();
    let mut rng = Rng::new(seed);
    let mut own = vec![0i64; board.cells().len()];
    let (mut wins, mut moves) = (0.0f64, 0u64);
    let mut tally_score = |score: f32| {
        if score > 0.0 {
            wins += 1.0;
        } else if score == 0.0 {
            wins += 0.5;
        }
    };
    let t0 = Instant::now();
    if cfg.local_playout {
        let mut lb = LocalBoard::new(table, board.clone(), last);
        lb.set_self_atari_limit(cfg.self_atari_limit);
        lb.set_pattern_min(cfg.local_pattern_min);
        for _ in 0..n {
            lb.reset_from(board, last);
            let o = lb.playout(to_move, &mut rng, max);
            moves += o.moves as u64;
            tally_score(o.score - komi);
            add_final_owners(lb.board(), &mut own);
        }
    } else {
        let mut root = McBoard::new(table, board.clone(), last);
        if cfg.self_atari_limit > 0 {
            root.set_self_atari_limit(cfg.self_atari_limit);
        }
        root.set_heavy(cfg.heavy());
        let replies = cfg.lgrf.then(|| ReplyTable::new(board));
        let mut seq: Vec<u16> = Vec::new();
        for _ in 0..n {
            let mut mc = root.clone();
            match &replies {
                None => {
                    let o = mc.playout(to_move, &mut rng, max);
                    moves += o.moves as u64;
                }
                Some(t) => {
                    // As the search's playouts: the stored reply to the
                    // last two moves (else the last), if the weights
                    // allow it, after the heavy rules and before the draw.
                    seq.clear();
                    seq.extend(t.history_codes(board));
                    let (k, _) = play_to_end(to_move, max, |c| {
                        mc.play_with_replies(c, &mut rng, t, &mut seq).0
                    });
                    moves += k as u64;
                    let winner = winner_of(area_balance(mc.board()) - komi);
                    t.learn(&seq, to_move, winner);
                }
            }
            tally_score(area_balance(mc.board()) - komi);
            add_final_owners(mc.board(), &mut own);
        }
    }
    let time = t0.elapsed();
    let p_black = (wins + 0.5) / (n as f64 + 1.0);
    let p_winner = if truth.black_won {
        p_black
    } else {
        1.0 - p_black
    };
    let winner = match wins * 2.0 {
        w if w == n as f64 => 0.5,
        w if (w > n as f64) == truth.black_won => 1.0,
        _ => 0.0,
    };
    let mut t = Tally {
        positions: 1,
        winner,
        bits: -p_winner.log2(),
        playouts: n as u64,
        moves,
        time,
        ..Tally::default()
    };
    for r in 0..size {
        for c in 0..size {
            let p: Point = board.point(r, c).expect("on the board");
            let mean = own[p.index()] as f64 / n as f64;
            let fin = truth.owners[r * size + c];
            let predicted: i8 = if mean > 0.0 {
                1
            } else if mean < 0.0 {
                -1
            } else {
                match board.cell(p) {
                    Cell::Black => 1,
                    Cell::White => -1,
                    _ => 0,
                }
            };
            t.points += 1;
            if predicted == fin {
                t.owner += 1;
            }
            t.sq += (mean - f64::from(fin)).powi(2);
        }
    }
    t
}

fn numbers(arg: &str, what: &str) -> anyhow::Result<Vec<usize>> {
    arg.split(',')
        .map(|s| {
            s.trim()
                .parse::<usize>()
                .with_context(|| format!("--{what}: {s:?} is not a whole number"))
        })
        .collect()
}

/// `B+12.5` as 12.5, `W+3` as -3; `None` for other results.
fn points_result(re: &str) -> Option<f32> {
    let (who, rest) = re.trim().split_once('+')?;
    let sign = match who.trim() {
        "B" | "b" => 1.0,
        "W" | "w" => -1.0,
        _ => return None,
    };
    let margin: f32 = rest.trim().parse().ok()?;
    (margin > 0.0).then_some(sign * margin)
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("../shared/gnugo/regression/games"));
    let sizes = numbers(&args.sizes, "sizes")?;
    let backs = numbers(&args.back, "back")?;
    anyhow::ensure!(args.playouts > 0, "--playouts must be positive");
    let specs = if args.policies.is_empty() {
        vec![
            "default".to_string(),
            "patterns=uniform self_atari_limit=0".to_string(),
        ]
    } else {
        args.policies.clone()
    };
    let variants = specs
        .iter()
        .map(|s| parse_variant(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut cache: BTreeMap<String, Option<Truth>> = BTreeMap::new();
    if let Some(path) = &args.cache {
        if let Ok(text) = std::fs::read_to_string(path) {
            for line in text.lines() {
                if let Some((file, rest)) = line.split_once('\t') {
                    cache.insert(file.to_string(), Truth::decode(rest));
                }
            }
        }
    }
    let mut files = Vec::new();
    super::ownership::sgf_files(&dir, &mut files)?;
    files.sort();
    // (record, size, margin, area rules)
    let mut records = Vec::new();
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            continue;
        };
        let Ok(coll) = katachi_sgf::parse_bytes(&bytes) else {
            continue;
        };
        let Some(root) = coll.games.first() else {
            continue;
        };
        let Some(margin) = root.get("RE").and_then(points_result) else {
            continue;
        };
        let size = root
            .get("SZ")
            .and_then(|s| s.trim().parse::<usize>().ok())
            .unwrap_or(19);
        if !sizes.contains(&size) {
            continue;
        }
        let rules = root.get("RU").unwrap_or_default().to_ascii_lowercase();
        let area = !(rules.is_empty() || rules.starts_with("japan"));
        records.push((f.clone(), coll, margin, area));
    }
    let every = args.every.max(1);
    outln!(
        "bench playout-quality: {} records of size {} with a points result under {}; every {every}; {} playouts per position and policy; back {}; seed {}",
        records.len(),
        args.sizes,
        dir.display(),
        args.playouts,
        args.back,
        args.seed
    )?;
    for (i, v) in variants.iter().enumerate() {
        outln!(
            "policy {i}: {} ({}, self-atari limit {})",
            v.label,
            v.policy.name(),
            v.config.self_atari_limit
        )?;
    }
    // Per variant: (size, back) -> tally.
    let mut tallies: Vec<BTreeMap<(usize, usize), Tally>> = vec![BTreeMap::new(); variants.len()];
    let (mut kept, mut dropped, mut truth_time) = (0usize, 0usize, Duration::ZERO);
    // New truths are appended as they are found (a stopped run keeps them).
    let mut cache_out = match &args.cache {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("writing {}", path.display()))?,
        ),
        None => None,
    };
    for (gi, (file, coll, margin, area)) in records.iter().enumerate().step_by(every) {
        if args.games.is_some_and(|n| kept >= n) {
            break;
        }
        let root = &coll.games[0];
        let key = file.display().to_string();
        let Ok(end) = load(root, Target::End, &[]) else {
            dropped += 1;
            continue;
        };
        let truth = match cache.get(&key) {
            Some(t) => t.clone(),
            None => {
                let t0 = Instant::now();
                let t = truth_of(&end.board, end.komi.unwrap_or(0.0), *area, *margin);
                truth_time += t0.elapsed();
                if let Some(f) = cache_out.as_mut() {
                    writeln!(
                        f,
                        "{key}\t{}",
                        t.as_ref().map_or("-".to_string(), Truth::encode)
                    )?;
                }
                t
            }
        };
        let Some(truth) = truth else {
            dropped += 1;
            continue;
        };
        let size = end.board.size();
        if truth.owners.len() != size * size {
            dropped += 1;
            continue;
        }
        kept += 1;
        if kept % 50 == 0 {
            eprintln!("bench playout-quality: {kept} games");
        }
        let moves = end.moves_played;
        for &back in &backs {
            let Some(k) = moves.checked_sub(back).filter(|&k| k >= 10) else {
                continue;
            };
            let Ok(pos) = load(root, Target::BeforeMove(k + 1), &[]) else {
                continue;
            };
            let komi = pos.komi.unwrap_or(0.0);
            let seed = args
                .seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add((gi as u64) << 8 | back as u64);
            for (vi, v) in variants.iter().enumerate() {
                let t = measure(
                    v,
                    &pos.board,
                    pos.to_move,
                    komi,
                    args.playouts,
                    seed,
                    &truth,
                );
                tallies[vi].entry((size, back)).or_default().add(&t);
            }
        }
    }
    outln!(
        "games kept {kept}, dropped {dropped} (katachi's score of the end names another winner, or unreadable); truth computed in {:.1} s",
        truth_time.as_secs_f64()
    )?;
    let header = format!(
        "{:<34} {:>5} {:>4} {:>6} {:>8} {:>6} {:>8} {:>7} {:>8} {:>6}",
        "policy", "size", "back", "pos", "winner", "bits", "owner", "own-mse", "po/s", "moves"
    );
    outln!("{header}")?;
    for (v, t) in variants.iter().zip(&tallies) {
        let mut all = Tally::default();
        for t in t.values() {
            all.add(t);
        }
        outln!("{}", all.line(&v.label, "all", "all"))?;
    }
    outln!()?;
    outln!("{header}")?;
    for &size in &sizes {
        for (v, t) in variants.iter().zip(&tallies) {
            let mut all = Tally::default();
            for ((s, _), x) in t.iter() {
                if *s == size {
                    all.add(x);
                }
            }
            outln!("{}", all.line(&v.label, &size.to_string(), "all"))?;
            for &back in &backs {
                if let Some(x) = t.get(&(size, back)) {
                    outln!("{}", x.line("", &size.to_string(), &back.to_string()))?;
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::{measure, parse_variant, points_result, Truth};
    use katachi_board::{Board, Color, Move};

    /// A 9x9 board split by two walls: Black owns columns A-E (45
    /// points), White G-J (27), column F between them: Black wins by area
    /// whoever fills F, unless a playout lives inside the other's area.
    /// The figures follow the truth's winner, and most owners are right.
    #[test]
    fn measure_scores_a_decided_position() {
        let mut b = Board::new(9).expect("size");
        for r in 0..9 {
            for (c, col) in [(4, Color::Black), (6, Color::White)] {
                let p = b.point(r, c).expect("on the board");
                b.play(col, Move::Play(p)).expect("legal");
            }
        }
        let v = parse_variant("default").expect("valid");
        let owners: Vec<i8> = (0..81)
            .map(|i| match i % 9 {
                0..=4 => 1,
                5 => 0,
                _ => -1,
            })
            .collect();
        let mut truth = Truth {
            black_won: true,
            owners,
        };
        let t = measure(&v, &b, Color::Black, 7.5, 32, 1, &truth);
        assert_eq!((t.positions, t.playouts, t.points), (1, 32, 81));
        assert_eq!(t.winner, 1.0);
        assert!(t.bits < 1.0, "{}", t.bits);
        assert!(t.owner >= 60, "{}", t.owner);
        truth.black_won = false;
        let t = measure(&v, &b, Color::Black, 7.5, 32, 1, &truth);
        assert_eq!(t.winner, 0.0);
        assert!(t.bits > 1.0, "{}", t.bits);
    }

    #[test]
    fn results_and_specs_parse() {
        assert_eq!(points_result("B+3.5"), Some(3.5));
        assert_eq!(points_result("W+12"), Some(-12.0));
        assert_eq!(points_result("W+R"), None);
        let v = parse_variant("heavy_escape=1, self_atari_limit=0").expect("valid");
        assert_eq!(v.config.heavy_escape, 1.0);
        assert_eq!(v.config.self_atari_limit, 0);
        assert!(parse_variant("no_such_param=1").is_err());
        assert!(parse_variant("heavy_escape").is_err());
        let t = Truth {
            black_won: false,
            owners: vec![1, 0, -1],
        };
        let back = Truth::decode(&t.encode()).expect("round trip");
        assert_eq!((back.black_won, back.owners), (false, vec![1, 0, -1]));
    }
}
