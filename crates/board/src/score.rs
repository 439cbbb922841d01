//! Scoring a finished position: area (Chinese) and territory (Japanese)
//! counting, given the dead stones. An empty region counts for a colour
//! when only that colour borders it (after removing the dead stones).
//! Seki is not recognised: an eye inside a seki counts for its owner under
//! both rules, whereas Japanese rules would count it for nobody.

use crate::board::Board;
use crate::types::{Cell, Color, Point, Score};

/// Owner of each on-board point after removing dead strings.
struct Regions {
    /// Cell after removing dead stones.
    cells: Vec<Cell>,
    /// For empty points: the single colour surrounding its region, if any.
    owner: Vec<Option<Color>>,
    /// Dead stones of each colour (indexed by `Color::index`).
    dead: [u32; 2],
}

impl Board {
    fn regions(&self, dead: &[Point]) -> Regions {
        let mut cells = self.cells.clone();
        let mut dead_count = [0u32; 2];
        for &d in dead {
            if let Some(c) = self.cell(d).color() {
                if cells[d.index()] == Cell::Empty {
                    continue; // string already removed
                }
                for s in self.stones(d) {
                    cells[s.index()] = Cell::Empty;
                    dead_count[c.index()] += 1;
                }
            }
        }
        let mut owner = vec![None; cells.len()];
        let mut seen = vec![false; cells.len()];
        let mut region = Vec::new();
        for start in self.points() {
            let si = start.index();
            if cells[si] != Cell::Empty || seen[si] {
                continue;
            }
            region.clear();
            region.push(si);
            seen[si] = true;
            let (mut black, mut white) = (false, false);
            let mut k = 0;
            while k < region.len() {
                let q = region[k];
                k += 1;
                for n in self.neighbors(Point(q as u16)) {
                    let n = n.index();
                    match cells[n] {
                        Cell::Empty if !seen[n] => {
                            seen[n] = true;
                            region.push(n);
                        }
                        Cell::Black => black = true,
                        Cell::White => white = true,
                        _ => {}
                    }
                }
            }
            let o = match (black, white) {
                (true, false) => Some(Color::Black),
                (false, true) => Some(Color::White),
                _ => None,
            };
            for &q in &region {
                owner[q] = o;
            }
        }
        Regions {
            cells,
            owner,
            dead: dead_count,
        }
    }

    /// Area score (stones + surrounded empty points) with `dead` stones
    /// removed. Any point of a string in `dead` kills the whole string.
    pub fn area_score(&self, dead: &[Point]) -> Score {
        let r = self.regions(dead);
        let mut s = [0u32; 2];
        for p in self.points() {
            let i = p.index();
            match r.cells[i].color() {
                Some(c) => s[c.index()] += 1,
                None => {
                    if let Some(c) = r.owner[i] {
                        s[c.index()] += 1;
                    }
                }
            }
        }
        Score {
            black: s[0] as f32,
            white: s[1] as f32,
        }
    }

    /// Territory score (surrounded empty points + prisoners + dead stones).
    /// Any point of a string in `dead` kills the whole string.
    pub fn territory_score(&self, dead: &[Point]) -> Score {
        let r = self.regions(dead);
        let mut s = [0u32; 2];
        for p in self.points() {
            let i = p.index();
            if r.cells[i] == Cell::Empty {
                if let Some(c) = r.owner[i] {
                    s[c.index()] += 1;
                }
            }
        }
        for c in [Color::Black, Color::White] {
            s[c.index()] += self.captures(c) + r.dead[c.opponent().index()];
        }
        Score {
            black: s[0] as f32,
            white: s[1] as f32,
        }
    }
}
