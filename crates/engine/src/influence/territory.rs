//! Territory valuation and segmentation of an [`Influence`]
//! (influence.texi "Details of the Territory Valuation", "Territory, Moyo
//! and Area").
//!
//! The value of a point is first `((w-b)/(w+b))^p` ([`TERRITORY_POWER`];
//! the manual's 3), then reduced where
//! `w+b` is below a threshold that grows with the distance from the edges
//! ([`small_threshold`]: a corner is claimed with little influence, the
//! centre needs much), then, where both colours have influence, degraded to the smallest value of the same
//! sign among its empty (or dead-stone) neighbours, then cleared where a
//! nonterritory pattern forbids that colour territory. Dead stones count
//! the point's value plus one for the prisoner, live stones 0.

use katachi_board::{Board, Color};

use super::{
    Influence, AREA_MIN, AREA_RATIO, MOYO_MIN, MOYO_RATIO, TERRITORY, TERRITORY_OTHER_MAX,
};

/// The power of `(w-b)/(w+b)` that gives the first value: the manual's
/// 3. (GNU Go 3.8's values on the reference positions fall faster with
/// the opponent's share of influence, 0.7 at 2%, 0.3 at 7%, but the ninth
/// power that follows them agreed less on the reference positions.)
pub const TERRITORY_POWER: i32 = 3;

/// The influence sum `w+b` below which a point's value is scaled down by
/// `(w+b)/threshold`, by distance to the nearest edge (`near`) and to the
/// second nearest (`far`; small in a corner). Measured on GNU Go 3.8's
/// maps of the reference positions.
pub fn small_threshold(near: usize, far: usize) -> f32 {
    const TABLE: [[f32; 6]; 5] = [
        [5.0, 10.0, 12.0, 13.0, 14.0, 15.0],
        [10.0, 13.0, 18.0, 20.0, 22.0, 24.0],
        [12.0, 18.0, 28.0, 30.0, 34.0, 38.0],
        [13.0, 20.0, 30.0, 40.0, 42.0, 44.0],
        [14.0, 22.0, 34.0, 42.0, 46.0, 48.0],
    ];
    TABLE[near.min(4)][far.min(5)]
}

/// Fill `inf.territory`.
pub(super) fn value(inf: &mut Influence, board: &Board) {
    let n = inf.size;
    let open = |inf: &Influence, k: usize| {
        let p = board.point(k / n, k % n).expect("on board");
        board.cell(p).color().is_none() || inf.dead[k]
    };
    let mut raw = vec![0.0f32; n * n];
    for (k, slot) in raw.iter_mut().enumerate() {
        if !open(inf, k) {
            continue;
        }
        let w = inf.influence[Color::White.index()][k];
        let b = inf.influence[Color::Black.index()][k];
        let s = w + b;
        if s <= 0.0 {
            continue;
        }
        let mut v = ((w - b) / s).powi(TERRITORY_POWER);
        let (r, c) = (k / n, k % n);
        let mut d = [r, c, n - 1 - r, n - 1 - c];
        d.sort_unstable();
        let t = small_threshold(d[0], d[1]);
        if s < t {
            v *= s / t;
        }
        *slot = v;
    }
    let mut out = vec![0.0f32; n * n];
    for k in 0..n * n {
        if !open(inf, k) {
            continue;
        }
        let (r, c) = ((k / n) as isize, (k % n) as isize);
        let mut v = raw[k];
        // Only where both colours' influence reaches: a point the
        // opponent's influence does not reach keeps its value (degrading
        // those too lost 7% of the agreement with GNU Go 3.8's regions).
        let reached = inf.influence[0][k] > 0.0 && inf.influence[1][k] > 0.0;
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (i, j) = (r + dr, c + dc);
            if i < 0 || j < 0 || i >= n as isize || j >= n as isize {
                continue;
            }
            let q = (i as usize) * n + j as usize;
            if !open(inf, q) || !reached {
                continue;
            }
            if v > 0.0 {
                v = v.min(raw[q].max(0.0));
            } else if v < 0.0 {
                v = v.max(raw[q].min(0.0));
            }
        }
        let nt = inf.non_territory[k];
        if (v > 0.0 && nt & 1 != 0) || (v < 0.0 && nt & 2 != 0) {
            v = 0.0;
        }
        out[k] = v;
    }
    for (k, v) in out.iter_mut().enumerate() {
        if inf.dead[k] {
            let p = board.point(k / n, k % n).expect("on board");
            // A dead white stone is Black's point and prisoner.
            *v = match board.cell(p).color() {
                Some(Color::White) => -1.0 + v.min(0.0),
                Some(Color::Black) => 1.0 + v.max(0.0),
                None => *v,
            };
        }
    }
    inf.territory = out;
}

/// Fill `inf.regions` from the influences and the territory values.
pub(super) fn segment(inf: &mut Influence, board: &Board) {
    let n = inf.size;
    for k in 0..n * n {
        let p = board.point(k / n, k % n).expect("on board");
        inf.regions[k] = match board.cell(p).color() {
            Some(Color::White) => 4,
            Some(Color::Black) => -4,
            None => {
                let w = inf.influence[Color::White.index()][k];
                let b = inf.influence[Color::Black.index()][k];
                let t = inf.territory[k];
                if t >= TERRITORY && b <= TERRITORY_OTHER_MAX {
                    3
                } else if t <= -TERRITORY && w <= TERRITORY_OTHER_MAX {
                    -3
                } else if w >= MOYO_RATIO * b && w >= MOYO_MIN {
                    2
                } else if b >= MOYO_RATIO * w && b >= MOYO_MIN {
                    -2
                } else if w >= AREA_RATIO * b && w >= AREA_MIN {
                    1
                } else if b >= AREA_RATIO * w && b >= AREA_MIN {
                    -1
                } else {
                    0
                }
            }
        };
    }
}
