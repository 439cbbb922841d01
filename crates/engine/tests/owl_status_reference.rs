//! katachi's statuses (`Analysis::dragon_status`: owl's, revised by the
//! semeai stage; `Analysis::owl_status` for owl's own) against GNU Go 3.8's
//! dragon statuses on the reference positions (GNU Go's `dragon_data`
//! after `loadsgf`, recorded in
//! `../shared/reference/analysis/gnugo-analysis.jsonl`: its `status`, the
//! final status after owl reading, and its `owl_status`).
//!
//! Each katachi dragon is compared with the GNU Go dragon holding its
//! origin stone: a confusion matrix of katachi's owl status (alive,
//! critical, dead) against GNU Go's status (alive, critical, dead,
//! unknown), by dragon and by stone, beside the same matrix for the
//! dragons stage's static status (`crude_status`, what
//! `Analysis::influence` uses today). The statuses decide which stones
//! the influence function takes as dead, so this agreement is the lever
//! of the influence with owl statuses (influence_reference.rs).
//!
//! `owl_statuses_agree_with_gnugo` reads every 16th reference position
//! (13 positions, ids 1, 17, ...: the wide sample's every 4th; owl reads
//! every dragon not statically alive, so the whole sample takes minutes),
//! whatever the sample, and asserts floors at what was measured there;
//! the ignored `owl_statuses_agree_with_gnugo_sample`
//! reads the whole default sample (`support::reference::sample`, or all
//! 200 with `KATACHI_REFERENCE_STEP=1`) and only prints:
//! `KATACHI_REQUIRE_SHARED=1 cargo test --release -p katachi-engine --test
//! owl_status_reference -- --ignored --nocapture`. `KATACHI_OWL_DIFF=1`
//! lists every disagreement (position, origin, size, both statuses).

mod support;

use std::collections::BTreeMap;
use std::path::Path;

use katachi_board::{Board, Color};
use katachi_engine::analysis::{Analysis, AnalysisConfig};
use katachi_engine::autohelper::DragonStatus;
use katachi_engine::owl::OwlStatus;
use serde_json::Value as Json;

/// Status classes, in the matrices' order.
const CLASSES: [&str; 4] = ["alive", "critical", "dead", "unknown"];

fn class_of_word(w: &str) -> usize {
    match w.split_whitespace().next() {
        Some("alive") => 0,
        Some("critical") => 1,
        Some("dead") => 2,
        _ => 3,
    }
}

fn class_of_owl(s: OwlStatus) -> usize {
    match s {
        OwlStatus::Alive => 0,
        OwlStatus::Critical { .. } => 1,
        OwlStatus::Dead => 2,
    }
}

fn class_of_static(s: DragonStatus) -> usize {
    match s {
        DragonStatus::Alive => 0,
        DragonStatus::Critical => 1,
        DragonStatus::Dead => 2,
        DragonStatus::Unknown => 3,
    }
}

/// GNU Go's dragons of a record: for each, its `status`, `owl_status`
/// and the string origins it holds.
struct GnugoDragon {
    origin: String,
    status: usize,
    owl_status: usize,
    strings: Vec<String>,
}

fn gnugo_dragons(v: &Json) -> Vec<GnugoDragon> {
    let mut out: Vec<GnugoDragon> = Vec::new();
    for l in v["dragon_data"].as_str().expect("dragon_data").lines() {
        if l.ends_with(':') && !l.contains(' ') {
            out.push(GnugoDragon {
                origin: l.trim_end_matches(':').to_string(),
                status: 3,
                owl_status: 3,
                strings: Vec::new(),
            });
        } else if let Some(d) = out.last_mut() {
            let (k, val) = l.split_at(l.len().min(24));
            match k.trim() {
                "status" => d.status = class_of_word(val.trim()),
                "owl_status" => d.owl_status = class_of_word(val.trim()),
                "strings" => d.strings = val.split_whitespace().map(String::from).collect(),
                _ => {}
            }
        }
    }
    out
}

/// Confusion matrices, `[katachi][gnugo]`, by dragon and by stone.
#[derive(Default, Clone)]
struct Matrix {
    dragons: [[usize; 4]; 4],
    stones: [[usize; 4]; 4],
}

impl Matrix {
    fn add(&mut self, ours: usize, theirs: usize, stones: usize) {
        self.dragons[ours][theirs] += 1;
        self.stones[ours][theirs] += stones;
    }

    fn merge(&mut self, o: &Matrix) {
        for i in 0..4 {
            for j in 0..4 {
                self.dragons[i][j] += o.dragons[i][j];
                self.stones[i][j] += o.stones[i][j];
            }
        }
    }

    /// (agreeing, total) of a matrix.
    fn agree(m: &[[usize; 4]; 4]) -> (usize, usize) {
        let total: usize = m.iter().flatten().sum();
        ((0..4).map(|i| m[i][i]).sum(), total)
    }

    fn share(m: &[[usize; 4]; 4]) -> f64 {
        let (a, t) = Matrix::agree(m);
        a as f64 / t.max(1) as f64
    }

    fn print(&self, label: &str) {
        for (what, m) in [("dragons", &self.dragons), ("stones", &self.stones)] {
            let (a, t) = Matrix::agree(m);
            println!(
                "{label}, by {what}: agree {a} of {t} ({:.2}%)",
                100.0 * a as f64 / t.max(1) as f64
            );
            println!("  katachi \\ GNU Go {:>9}", CLASSES.join(" "));
            for (i, row) in m.iter().enumerate() {
                println!(
                    "  {:>16} {}",
                    CLASSES[i],
                    row.iter()
                        .map(|n| format!("{n:>8}"))
                        .collect::<Vec<_>>()
                        .join("")
                );
            }
        }
    }
}

/// The figures of a measure: owl and static statuses against GNU Go's
/// `status`, and owl against GNU Go's `owl_status`.
#[derive(Default, Clone)]
struct Figures {
    positions: usize,
    owl: Matrix,
    crude: Matrix,
    owl_vs_owl: Matrix,
    /// Dragons whose stones are exactly GNU Go's dragon's.
    same_stones: usize,
}

impl Figures {
    fn merge(&mut self, o: &Figures) {
        self.positions += o.positions;
        self.owl.merge(&o.owl);
        self.crude.merge(&o.crude);
        self.owl_vs_owl.merge(&o.owl_vs_owl);
        self.same_stones += o.same_stones;
    }

    fn print(&self) {
        let (_, n) = Matrix::agree(&self.owl.dragons);
        println!(
            "{} positions, {n} katachi dragons ({} with exactly GNU Go's stones)",
            self.positions, self.same_stones
        );
        self.owl
            .print("katachi's status (owl, then semeai) vs GNU Go's status");
        self.crude
            .print("katachi's static status vs GNU Go's status");
        self.owl_vs_owl
            .print("katachi's owl status vs GNU Go's owl_status");
    }
}

/// One position: every katachi dragon against GNU Go's dragon at its
/// origin.
fn position(line: &str, boards: &BTreeMap<u64, Board>, diff: bool) -> Figures {
    let v: Json = serde_json::from_str(line).expect("json");
    let id = v["id"].as_u64().expect("id");
    let board = boards
        .get(&id)
        .expect("the board of every position")
        .clone();
    let gnugo = gnugo_dragons(&v);
    // GNU Go's dragon of each stone.
    let mut of_stone: Vec<Option<usize>> = vec![None; board.cells().len()];
    let mut sizes = vec![0usize; gnugo.len()];
    for (i, d) in gnugo.iter().enumerate() {
        for s in &d.strings {
            let p = board.parse_vertex(s).expect("a string origin");
            for q in board.stones(p) {
                of_stone[q.index()] = Some(i);
                sizes[i] += 1;
            }
        }
    }
    let a = Analysis::new(board.clone(), AnalysisConfig::default());
    let mut f = Figures {
        positions: 1,
        ..Figures::default()
    };
    let dragons: Vec<_> = a.dragons().iter().cloned().collect();
    for d in dragons {
        let stones = a.dragons().stones(&board, d.origin);
        let Some(g) = of_stone[d.origin.index()] else {
            panic!(
                "position {id}: no GNU Go dragon holds {}",
                board.vertex(d.origin)
            );
        };
        // The final status (owl's revised by the semeai stage) against
        // GNU Go's final status, owl's own against GNU Go's owl_status.
        let owl = class_of_owl(a.dragon_status(d.origin).expect("a dragon's status"));
        let owl_only = class_of_owl(a.owl_status(d.origin).expect("a dragon's status"));
        let theirs = &gnugo[g];
        if stones.len() == sizes[g] && stones.iter().all(|q| of_stone[q.index()] == Some(g)) {
            f.same_stones += 1;
        }
        f.owl.add(owl, theirs.status, stones.len());
        f.crude
            .add(class_of_static(d.crude_status), theirs.status, stones.len());
        f.owl_vs_owl.add(owl_only, theirs.owl_status, stones.len());
        if diff && owl != theirs.status {
            println!(
                "diff id {id} {} {} size {}: katachi {} (static {}), GNU Go {} (owl {}, origin {})",
                if d.color == Color::Black {
                    "black"
                } else {
                    "white"
                },
                board.vertex(d.origin),
                stones.len(),
                CLASSES[owl],
                CLASSES[class_of_static(d.crude_status)],
                CLASSES[theirs.status],
                CLASSES[theirs.owl_status],
                theirs.origin
            );
        }
    }
    f
}

/// Measures on two threads every `every`-th line of the sample, or of
/// all 200 positions with `every` `Some`.
fn measure(shared: &Path, every: Option<usize>) -> Figures {
    let boards = support::reference::boards(shared, true);
    let text = std::fs::read_to_string(shared.join("reference/analysis/gnugo-analysis.jsonl"))
        .expect("gnugo-analysis.jsonl");
    let lines: Vec<&str> = match every {
        Some(every) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .step_by(every)
            .collect(),
        None => support::reference::sample(&text).0,
    };
    let diff = std::env::var_os("KATACHI_OWL_DIFF").is_some();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || {
        let mut out: Vec<(usize, Figures)> = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if i >= lines.len() {
                return out;
            }
            out.push((i, position(lines[i], &boards, diff)));
        }
    };
    let mut parts: Vec<(usize, Figures)> = std::thread::scope(|scope| {
        let second = scope.spawn(work);
        let mut first = work();
        first.extend(second.join().expect("the second worker"));
        first
    });
    parts.sort_by_key(|p| p.0);
    let mut total = Figures::default();
    for (_, f) in &parts {
        total.merge(f);
    }
    total
}

/// Every how many positions of the wide sample (every
/// `support::reference::WIDE_STEP`-th of the 200) the floor test reads.
const FLOOR_EVERY: usize = 4;

#[test]
fn owl_statuses_agree_with_gnugo() {
    let Some(shared) = katachi_testkit::shared::shared_dir_with(&["reference/analysis"]) else {
        return;
    };
    let every = FLOOR_EVERY * support::reference::WIDE_STEP;
    let f = measure(&shared, Some(every));
    f.print();
    assert_eq!(f.positions, 200usize.div_ceil(every));
    let owl = Matrix::share(&f.owl.dragons);
    assert!(owl >= FLOOR_OWL, "owl agreement {owl:.4} below {FLOOR_OWL}");
    let stones = Matrix::share(&f.owl.stones);
    assert!(
        stones >= FLOOR_OWL_STONES,
        "owl agreement by stones {stones:.4} below {FLOOR_OWL_STONES}"
    );
}

#[test]
#[ignore = "owl reading of every dragon of the sample: minutes"]
fn owl_statuses_agree_with_gnugo_sample() {
    let Some(shared) = katachi_testkit::shared::shared_dir_with(&["reference/analysis"]) else {
        return;
    };
    let f = measure(&shared, None);
    f.print();
    assert_eq!(f.positions, support::reference::expected(200));
}

/// Floors at what was measured on every 4th position of the wide
/// sample (13 positions, 167 katachi dragons): 82.63% of the dragons,
/// 86.64% of their stones, since owl does not chase at its root a dragon
/// alive by escape room alone that one block cannot seal (81.44% and
/// 86.05% before; 85.03% and 88.80% when every dragon alive by escape
/// room alone was left unchased, which lost owl.tst's 102 and 103, a
/// dragon with a single way out). The static status agrees on 3.59% and
/// 1.57%: it calls almost every dragon unknown. 84.43% and 88.41% once
/// the escape walk passes through safe friendly strings and the root
/// tries 8 candidates (owl11 branch; the root width alone: 82.63% and
/// 87.43%); 85.03% and 88.80% with the wide root only where the static
/// verdict is not alive. 84.43% and 87.82% with owl's seki reading
/// (the defender may wait where an attacker string inside shares all
/// its liberties with the goal): one dragon lost, reference position
/// 73's C18 (5 stones), now critical where GNU Go says dead, against
/// owl.tst 157 -> 161 and ld_owl.tst 100 -> 102. 84.34% (140 of 166)
/// and 87.82% since conn.db's KC3 joins reference position 25's N3-L3
/// (a one-point jump only a ko cuts, joined as GNU Go joins it): two
/// dragons that both agreed became one that agrees, so the stones'
/// agreement is unchanged and the dragons' falls by that count alone.
/// The same with the semeai stage (the final status,
/// `Analysis::dragon_status`, against GNU Go's status): it revises only
/// dead dragons (PARTIAL), none on this sample. Revising critical ones
/// too gave 84.43% and 88.02% here but lost three semeai.tst answers.
/// 83.93% (141 of 168) and 87.82% after the eighteenth session's merges
/// (connection reading, barriers, the owl's living-dragon rule): two
/// more dragons, one more agreeing, the stones' agreement unchanged.
/// 82.14% (138 of 168) and 86.44% since owl counts open ground (an eye
/// space of 8 points or more with marginal points) as no sure eye
/// (owl19: owl.tst 165 -> 169, ld_owl.tst 104 -> 103): reference
/// position 1's Q18 and S6 (3 stones each, GNU Go alive without owl
/// reading) are now critical, 241's J17 dead where GNU Go says
/// critical. 85.85% of the stones (437 of 509; dragons unchanged, 138
/// of 168) with owl's 500-node budget and depth-aware table (owl21:
/// owl.tst 169 -> 171, ld_owl.tst 103 -> 102, semeai.tst 98).
const FLOOR_OWL: f64 = 0.821;
const FLOOR_OWL_STONES: f64 = 0.858;
