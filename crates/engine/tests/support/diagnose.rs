//! Where katachi's dragons differ from GNU Go's on one position, each
//! difference classified by the shape between the two pieces concerned:
//! what `dragons_reference` prints under `KATACHI_DRAGON_DIAG=1` to find
//! the amalgamation rules that are missing or too eager.
//!
//! A GNU Go dragon that katachi splits gives one "under" difference per
//! edge of a minimum spanning tree of katachi's pieces (joined by their
//! nearest stones); a katachi dragon that GNU Go splits gives one "over"
//! difference per edge likewise, named with the rule that joined it (a
//! connection pattern or a shared eye space, "cave"). Every class ends
//! with katachi's own connection reader's answer for the pair
//! (`[reader cuts]`: `disconnect` succeeds, `[reader joins]`: it fails),
//! so that a difference the reader would get right (GNU Go's partition
//! follows GNU Go's `disconnect` for most jumps and knight's moves,
//! black-box) is told from one where the reader itself disagrees.

use std::collections::{BTreeMap, BTreeSet};

use katachi_board::{Board, Color, Point};
use katachi_engine::analysis::Analysis;

/// The stones of a set of worms (by origin).
fn stones(board: &Board, worms: &[Point]) -> Vec<Point> {
    worms.iter().flat_map(|&w| board.stones(w)).collect()
}

/// The relation between the nearest stones of two pieces: a shape name,
/// whether it lies on the first or second line, and how many opponent
/// stones stand in the rectangle between the two stones.
fn shape(board: &Board, a: &[Point], b: &[Point]) -> Option<(String, (Point, Point))> {
    let mut best: Option<((usize, usize), (Point, Point))> = None;
    for &p in a {
        for &q in b {
            let (r1, c1) = board.row_col(p);
            let (r2, c2) = board.row_col(q);
            let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
            let key = (dr.max(dc) * 10 + dr.min(dc), dr + dc);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, (p, q)));
            }
        }
    }
    let (_, (p, q)) = best?;
    let (r1, c1) = board.row_col(p);
    let (r2, c2) = board.row_col(q);
    let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
    let (lo, hi) = (dr.min(dc), dr.max(dc));
    let name = match (lo, hi) {
        (0, 1) => "adjacent".to_string(),
        (1, 1) => "diagonal".to_string(),
        (0, 2) => "one-point jump".to_string(),
        (1, 2) => "knight".to_string(),
        (0, 3) => "two-point jump".to_string(),
        (1, 3) => "large knight".to_string(),
        (2, 2) => "2x2 diagonal".to_string(),
        _ => format!("far {lo},{hi}"),
    };
    let n = board.size();
    let line = |r: usize, c: usize| r.min(c).min(n - 1 - r).min(n - 1 - c);
    let edge = line(r1, c1).min(line(r2, c2));
    let color = board.cell(p).color();
    let mut opp = 0;
    for r in r1.min(r2)..=r1.max(r2) {
        for c in c1.min(c2)..=c1.max(c2) {
            let x = board.point(r, c).expect("on board");
            if board.cell(x).color().is_some() && board.cell(x).color() != color {
                opp += 1;
            }
        }
    }
    let mut s = name;
    if edge <= 1 {
        s.push_str(&format!(" line{}", edge + 1));
    }
    if opp > 0 {
        s.push_str(" +X");
    }
    Some((s, (p, q)))
}

/// Minimum spanning tree edges between pieces (by the nearest stones).
fn tree(board: &Board, pieces: &[Vec<Point>]) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for i in 0..pieces.len() {
        for j in i + 1..pieces.len() {
            let mut d = usize::MAX;
            for &p in &pieces[i] {
                for &q in &pieces[j] {
                    let (r1, c1) = board.row_col(p);
                    let (r2, c2) = board.row_col(q);
                    d = d.min(r1.abs_diff(r2) + c1.abs_diff(c2));
                }
            }
            edges.push((d, i, j));
        }
    }
    edges.sort();
    let mut comp: Vec<usize> = (0..pieces.len()).collect();
    let mut out = Vec::new();
    for (_, i, j) in edges {
        let (ci, cj) = (comp[i], comp[j]);
        if ci != cj {
            for c in comp.iter_mut() {
                if *c == cj {
                    *c = ci;
                }
            }
            out.push((i, j));
        }
    }
    out
}

/// `[reader cuts]` when katachi's connection reader separates the
/// strings at `p` and `q` (the opponent moving first), else
/// `[reader joins]`.
fn reader_tag(a: &Analysis, p: Point, q: Point) -> &'static str {
    let (code, _) = katachi_tactics::connection::disconnect(&mut a.reader(), p, q);
    if code == katachi_tactics::connection::Code::Fail {
        "[reader joins]"
    } else {
        "[reader cuts]"
    }
}

/// The differences of one position: (class, example vertex pair).
pub fn differences(a: &Analysis, gnugo: &BTreeSet<BTreeSet<String>>) -> Vec<(String, String)> {
    let board = a.board();
    let dragons = a.dragons();
    let worms = a.worms();
    let mut out = Vec::new();
    // GNU Go's dragon of each worm origin.
    let mut theirs: BTreeMap<Point, usize> = BTreeMap::new();
    for (k, d) in gnugo.iter().enumerate() {
        for v in d {
            if let Ok(p) = board.parse_vertex(v) {
                theirs.insert(p, k);
            }
        }
    }
    let dead = |piece: &[Point]| {
        piece
            .iter()
            .all(|&w| worms.get(w).is_some_and(|w| w.attack.is_some()))
    };
    // Under-joins.
    for d in gnugo {
        let mut by: BTreeMap<usize, Vec<Point>> = BTreeMap::new();
        for v in d {
            let Ok(p) = board.parse_vertex(v) else {
                continue;
            };
            if let Some(k) = dragons.index(p) {
                by.entry(k).or_default().push(p);
            }
        }
        if by.len() < 2 {
            continue;
        }
        let pieces: Vec<Vec<Point>> = by.into_values().map(|w| stones(board, &w)).collect();
        for (i, j) in tree(board, &pieces) {
            let Some((s, (p, q))) = shape(board, &pieces[i], &pieces[j]) else {
                continue;
            };
            let mut class = format!("under: {s}");
            if dead(&pieces[i]) || dead(&pieces[j]) {
                class.push_str(" (attackable piece)");
            }
            class = format!("{class} {}", reader_tag(a, p, q));
            out.push((class, format!("{}-{}", board.vertex(p), board.vertex(q))));
        }
    }
    // Over-joins.
    for (k, d) in dragons.iter().enumerate() {
        let mut by: BTreeMap<usize, Vec<Point>> = BTreeMap::new();
        for &w in &d.worms {
            if let Some(&g) = theirs.get(&w) {
                by.entry(g).or_default().push(w);
            }
        }
        let _ = k;
        if by.len() < 2 {
            continue;
        }
        let groups: Vec<Vec<Point>> = by.into_values().collect();
        let pieces: Vec<Vec<Point>> = groups.iter().map(|w| stones(board, w)).collect();
        for (i, j) in tree(board, &pieces) {
            let Some((s, (p, q))) = shape(board, &pieces[i], &pieces[j]) else {
                continue;
            };
            let via = a
                .connections()
                .and_then(|c| {
                    c.links.iter().find(|l| {
                        l.worms.iter().any(|w| groups[i].contains(w))
                            && l.worms.iter().any(|w| groups[j].contains(w))
                    })
                })
                .map_or("cave/other".to_string(), |l| l.pattern.clone());
            let mut class = format!("over: {s} via {via}");
            if dead(&pieces[i]) || dead(&pieces[j]) {
                class.push_str(" (attackable piece)");
            }
            class = format!("{class} {}", reader_tag(a, p, q));
            out.push((class, format!("{}-{}", board.vertex(p), board.vertex(q))));
        }
    }
    out
}

/// For every pair of stones of one colour in distinct worms, neither
/// attackable, in a basic shape (one-point jump, knight, two-point jump,
/// large knight, diagonal), a feature key and whether GNU Go and katachi
/// join them: `(key, gnugo joins, katachi joins)`.
pub fn shapes(a: &Analysis, gnugo: &BTreeSet<BTreeSet<String>>) -> Vec<(String, bool, bool)> {
    let board = a.board();
    let dragons = a.dragons();
    let worms = a.worms();
    let mut theirs: BTreeMap<Point, usize> = BTreeMap::new();
    for (k, d) in gnugo.iter().enumerate() {
        for v in d {
            if let Ok(p) = board.parse_vertex(v) {
                theirs.insert(p, k);
            }
        }
    }
    let to_move = board.to_move();
    let infl = a.influence(to_move);
    let n = board.size() as isize;
    let line = |r: isize, c: isize| r.min(c).min(n - 1 - r).min(n - 1 - c);
    let mut out = Vec::new();
    let mut seen: BTreeSet<(Point, Point)> = BTreeSet::new();
    for p in board.points() {
        let Some(color) = board.cell(p).color() else {
            continue;
        };
        let Some(wp) = worms.get(p) else { continue };
        if wp.attack.is_some() {
            continue;
        }
        let (r1, c1) = board.row_col(p);
        let (r1, c1) = (r1 as isize, c1 as isize);
        for dr in -3..=3isize {
            for dc in -3..=3isize {
                let (r2, c2) = (r1 + dr, c1 + dc);
                if r2 < 0 || c2 < 0 || r2 >= n || c2 >= n {
                    continue;
                }
                let (lo, hi) = (dr.abs().min(dc.abs()), dr.abs().max(dc.abs()));
                let name = match (lo, hi) {
                    (1, 1) => "diag",
                    (0, 2) => "jump1",
                    (1, 2) => "knight",
                    (0, 3) => "jump2",
                    (1, 3) => "lknight",
                    _ => continue,
                };
                let q = board.point(r2 as usize, c2 as usize).expect("on board");
                if board.cell(q).color() != Some(color) {
                    continue;
                }
                let Some(wq) = worms.get(q) else { continue };
                if wq.attack.is_some() || wq.origin == wp.origin {
                    continue;
                }
                let key = if wp.origin < wq.origin {
                    (wp.origin, wq.origin)
                } else {
                    (wq.origin, wp.origin)
                };
                if !seen.insert(key) {
                    continue;
                }
                // Features: X stones inside the rectangle, X stones in the
                // ring around it, O stones (other than p, q) inside, the
                // weakest O region code among the empty points inside,
                // the line.
                let (rlo, rhi, clo, chi) = (r1.min(r2), r1.max(r2), c1.min(c2), c1.max(c2));
                let (mut xin, mut xring, mut oin, mut weakest) = (0, 0, 0, 4i8);
                for r in rlo - 1..=rhi + 1 {
                    for c in clo - 1..=chi + 1 {
                        if r < 0 || c < 0 || r >= n || c >= n {
                            continue;
                        }
                        let x = board.point(r as usize, c as usize).expect("on board");
                        let inside = r >= rlo && r <= rhi && c >= clo && c <= chi;
                        match board.cell(x).color() {
                            Some(k) if k != color => {
                                if inside {
                                    xin += 1
                                } else {
                                    xring += 1
                                }
                            }
                            Some(_) => {
                                if inside && x != p && x != q {
                                    oin += 1
                                }
                            }
                            None => {
                                if inside {
                                    let mut v = infl.region(board, x);
                                    if color == Color::Black {
                                        v = -v;
                                    }
                                    weakest = weakest.min(v);
                                }
                            }
                        }
                    }
                }
                let l = line(r1, c1).min(line(r2, c2)) + 1;
                let k = format!(
                    "{name:7} line{} xin{} xring{} oin{} reg{}",
                    l.min(5),
                    xin.min(2),
                    xring.min(3),
                    oin.min(1),
                    weakest.max(-1)
                );
                let g = theirs
                    .get(&wp.origin)
                    .is_some_and(|&g| theirs.get(&wq.origin) == Some(&g));
                let kat = dragons.index(p) == dragons.index(q);
                out.push((k, g, kat));
            }
        }
    }
    out
}
