//! The path tables of one board size: every path of the configured set
//! between two points at most `range` apart, with its fixed-point
//! contribution `round(scale * decay^(d-1) / N)` (`N` the number of paths
//! between its two ends), and the per-point lists the incremental map
//! walks: the paths starting at a point (a contiguous range, paths being
//! sorted by source) and the paths *covering* it (passing through or
//! ending there: every point of the path but its source).
//!
//! Points are the board's padded indices (stride `size + 1`, as
//! `katachi_board::Point`), so a map is indexed like the board's cells.
//! The tables depend on the geometry only; share them (`Arc`) among the
//! maps of one size.

use crate::config::{ConfigError, PathConfig, PathSet};
use std::collections::BTreeSet;

/// The precomputed paths of a board size.
#[derive(Debug)]
pub struct PathTables {
    size: usize,
    stride: usize,
    config: PathConfig,
    /// Per path (sorted by source, then terminus): the terminus.
    pub(crate) term: Vec<u16>,
    /// Per path: the contribution's magnitude (Black adds, White subtracts).
    pub(crate) contrib: Vec<i32>,
    /// Per path `k`: its points but the source are
    /// `pts[pts_start[k]..pts_start[k + 1]]`, terminus last.
    pub(crate) pts_start: Vec<u32>,
    pub(crate) pts: Vec<u16>,
    /// Paths from padded index `i`: `from_start[i]..from_start[i + 1]`.
    pub(crate) from_start: Vec<u32>,
    /// Paths covering `i`: `cover[cover_start[i]..cover_start[i + 1]]`.
    pub(crate) cover_start: Vec<u32>,
    pub(crate) cover: Vec<u32>,
}

/// Paths from `(r0, c0)` to `(r1, c1)` under the greedy rule: each step
/// the one that most reduces the Euclidean distance to the end; both on a
/// tie. Points after the start, end included.
fn greedy(
    from: (i32, i32),
    to: (i32, i32),
    path: &mut Vec<(i32, i32)>,
    out: &mut Vec<Vec<(i32, i32)>>,
) {
    let (r, c) = *path.last().unwrap_or(&from);
    let (dr, dc) = (to.0 - r, to.1 - c);
    if dr == 0 && dc == 0 {
        out.push(path.clone());
        return;
    }
    let mut steps: [Option<(i32, i32)>; 2] = [None, None];
    if dr.abs() >= dc.abs() {
        steps[0] = Some((r + dr.signum(), c));
    }
    if dc.abs() >= dr.abs() {
        steps[1] = Some((r, c + dc.signum()));
    }
    for s in steps.into_iter().flatten() {
        path.push(s);
        greedy(from, to, path, out);
        path.pop();
    }
}

/// Every monotone (shortest) path from `from` to `to`.
fn monotone(
    from: (i32, i32),
    to: (i32, i32),
    path: &mut Vec<(i32, i32)>,
    out: &mut Vec<Vec<(i32, i32)>>,
) {
    let (r, c) = *path.last().unwrap_or(&from);
    let (dr, dc) = (to.0 - r, to.1 - c);
    if dr == 0 && dc == 0 {
        out.push(path.clone());
        return;
    }
    if dr != 0 {
        path.push((r + dr.signum(), c));
        monotone(from, to, path, out);
        path.pop();
    }
    if dc != 0 {
        path.push((r, c + dc.signum()));
        monotone(from, to, path, out);
        path.pop();
    }
}

/// The distinct paths of `set` from `a` to `b` (points after `a`), in a
/// fixed order. They depend only on the offset `b - a`.
pub fn paths_between(set: PathSet, a: (i32, i32), b: (i32, i32)) -> Vec<Vec<(i32, i32)>> {
    let mut out = Vec::new();
    let mut scratch = Vec::new();
    match set {
        PathSet::Monotone => monotone(a, b, &mut scratch, &mut out),
        PathSet::Greedy => {
            greedy(a, b, &mut scratch, &mut out);
            let mut back = Vec::new();
            greedy(b, a, &mut scratch, &mut back);
            for p in back {
                // b -> a reversed: the points after a, ending on b.
                let mut fwd: Vec<(i32, i32)> = p.iter().rev().skip(1).copied().collect();
                fwd.push(b);
                out.push(fwd);
            }
        }
    }
    let set: BTreeSet<Vec<(i32, i32)>> = out.into_iter().collect();
    set.into_iter().collect()
}

impl PathTables {
    /// The tables of a `size` x `size` board under `config`.
    pub fn new(size: usize, config: PathConfig) -> Result<PathTables, ConfigError> {
        config.validate()?;
        if !(katachi_board::MIN_SIZE..=katachi_board::MAX_SIZE).contains(&size) {
            return Err(ConfigError::BadSize(size));
        }
        let stride = size + 1;
        let len = (size + 2) * stride + 1;
        let idx = |r: i32, c: i32| ((r as usize + 1) * stride + c as usize + 1) as u16;
        let range = config.range as i32;
        // The paths of each offset, computed once.
        let mut by_offset = std::collections::HashMap::new();
        let mut t = PathTables {
            size,
            stride,
            config,
            term: Vec::new(),
            contrib: Vec::new(),
            pts_start: vec![0],
            pts: Vec::new(),
            from_start: vec![0; len + 1],
            cover_start: vec![0; len + 1],
            cover: Vec::new(),
        };
        let n = size as i32;
        for i in 0..len {
            t.from_start[i] = t.term.len() as u32;
            let (r0, c0) = ((i / stride) as i32 - 1, (i % stride) as i32 - 1);
            if !(0..n).contains(&r0) || !(0..n).contains(&c0) {
                continue;
            }
            for r1 in (r0 - range).max(0)..=(r0 + range).min(n - 1) {
                for c1 in (c0 - range).max(0)..=(c0 + range).min(n - 1) {
                    let d = (r1 - r0).abs() + (c1 - c0).abs();
                    if d == 0 || d > range {
                        continue;
                    }
                    let off = (r1 - r0, c1 - c0);
                    let paths = by_offset
                        .entry(off)
                        .or_insert_with(|| paths_between(config.path_set, (0, 0), off));
                    let weight = f64::from(config.scale) * config.decay.powi(d - 1);
                    let c = (weight / paths.len() as f64).round() as i32;
                    for p in paths.iter() {
                        for &(dr, dc) in p {
                            t.pts.push(idx(r0 + dr, c0 + dc));
                        }
                        t.pts_start.push(t.pts.len() as u32);
                        t.term.push(idx(r1, c1));
                        t.contrib.push(c);
                    }
                }
            }
        }
        t.from_start[len] = t.term.len() as u32;
        // Covering lists, by counting then filling.
        let mut count = vec![0u32; len + 1];
        for &p in &t.pts {
            count[p as usize] += 1;
        }
        let mut acc = 0;
        for (start, n) in t.cover_start.iter_mut().zip(&count).take(len) {
            *start = acc;
            acc += n;
        }
        t.cover_start[len] = acc;
        t.cover = vec![0; acc as usize];
        let mut fill = t.cover_start.clone();
        for k in 0..t.term.len() {
            for j in t.pts_start[k]..t.pts_start[k + 1] {
                let p = t.pts[j as usize] as usize;
                t.cover[fill[p] as usize] = k as u32;
                fill[p] += 1;
            }
        }
        Ok(t)
    }

    /// Board side length.
    pub fn size(&self) -> usize {
        self.size
    }
    /// Distance between vertically adjacent padded indices (`size + 1`).
    pub fn stride(&self) -> usize {
        self.stride
    }
    /// Length of the padded arrays (as the board's cells).
    pub fn padded_len(&self) -> usize {
        self.from_start.len() - 1
    }
    /// The configuration the tables were built with.
    pub fn config(&self) -> &PathConfig {
        &self.config
    }
    /// Number of paths.
    pub fn path_count(&self) -> usize {
        self.term.len()
    }
    /// The most paths starting at one point.
    pub fn max_paths_from(&self) -> usize {
        self.from_start
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }
    /// The most paths covering (passing through or ending at) one point.
    pub fn max_paths_covering(&self) -> usize {
        self.cover_start
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }
    /// Bytes the tables the incremental update reads take (termini,
    /// contributions, the from ranges and covering lists).
    pub fn update_bytes(&self) -> usize {
        self.term.len() * 2
            + self.contrib.len() * 4
            + self.from_start.len() * 4
            + self.cover_start.len() * 4
            + self.cover.len() * 4
    }
    /// Bytes of the path point lists (only the from-scratch computation
    /// and the lookups read them).
    pub fn point_list_bytes(&self) -> usize {
        self.pts.len() * 2 + self.pts_start.len() * 4
    }
    /// The paths starting at padded index `i`, as path ids.
    pub fn paths_from(&self, i: usize) -> std::ops::Range<usize> {
        self.from_start[i] as usize..self.from_start[i + 1] as usize
    }
    /// The points of path `k` after its source (terminus last).
    pub fn path_points(&self, k: usize) -> &[u16] {
        &self.pts[self.pts_start[k] as usize..self.pts_start[k + 1] as usize]
    }
    /// The contribution's magnitude of path `k`.
    pub fn contribution(&self, k: usize) -> i32 {
        self.contrib[k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_paths_of_small_offsets() {
        // One step: one path; a diagonal: two (the tie branches); a knight's
        // move (2, 1): from the source the greedy rule steps along the longer
        // axis first, then branches on the tie (two paths); from the
        // terminus likewise, which adds the path leaving the source sideways.
        assert_eq!(paths_between(PathSet::Greedy, (0, 0), (0, 1)).len(), 1);
        assert_eq!(paths_between(PathSet::Greedy, (0, 0), (1, 1)).len(), 2);
        let knight = paths_between(PathSet::Greedy, (0, 0), (2, 1));
        assert_eq!(
            knight,
            vec![
                vec![(0, 1), (1, 1), (2, 1)],
                vec![(1, 0), (1, 1), (2, 1)],
                vec![(1, 0), (2, 0), (2, 1)]
            ]
        );
        assert_eq!(paths_between(PathSet::Monotone, (0, 0), (2, 1)).len(), 3);
        assert_eq!(paths_between(PathSet::Monotone, (0, 0), (2, 2)).len(), 6);
    }

    #[test]
    fn the_set_between_two_points_is_symmetric() {
        for set in [PathSet::Greedy, PathSet::Monotone] {
            for dr in -5i32..=5 {
                for dc in -5i32..=5 {
                    if dr.abs() + dc.abs() > 5 || (dr, dc) == (0, 0) {
                        continue;
                    }
                    let fwd = paths_between(set, (0, 0), (dr, dc));
                    let back = paths_between(set, (dr, dc), (0, 0));
                    // Reverse each back path into a forward one.
                    let mut rev: Vec<Vec<(i32, i32)>> = back
                        .iter()
                        .map(|p| {
                            let mut v: Vec<(i32, i32)> = p.iter().rev().skip(1).copied().collect();
                            v.push((dr, dc));
                            v
                        })
                        .collect();
                    rev.sort();
                    assert_eq!(fwd, rev, "{set:?} offset ({dr}, {dc})");
                }
            }
        }
    }

    #[test]
    fn tables_count_paths_and_lists() {
        let t = PathTables::new(19, PathConfig::default()).unwrap();
        // Every path is listed once under its source and once per covered point.
        assert_eq!(t.from_start[t.padded_len()] as usize, t.path_count());
        let covered: usize = (0..t.path_count()).map(|k| t.path_points(k).len()).sum();
        assert_eq!(t.cover.len(), covered);
        for k in 0..t.path_count() {
            assert_eq!(*t.path_points(k).last().unwrap(), t.term[k]);
        }
    }
}
