//! `check_consistency`: recompute everything from the cells and compare
//! with the incremental state. Slow, for tests and debugging.

use crate::board::Board;
use crate::types::{Cell, Point};
use crate::zobrist;

impl Board {
    /// Recompute every string and hash from the cells and compare with the
    /// incremental state; `Err` describes the first mismatch. For tests.
    pub fn check_consistency(&self) -> Result<(), String> {
        let len = self.cells.len();
        let mut hash = 0;
        let mut seen = vec![false; len];
        for i in 0..len {
            let p = Point(i as u16);
            let on = self.point_from_index(i).is_some();
            let cell = self.cells[i];
            if on == (cell == Cell::Edge) {
                return Err(format!("cell {i} is {cell:?} but on_board is {on}"));
            }
            if cell == Cell::Empty {
                let k = self.empty_pos[i] as usize;
                if self.empties.get(k) != Some(&(i as u16)) {
                    return Err(format!(
                        "empty point {} missing from the empty list",
                        self.vertex(p)
                    ));
                }
            }
            let Some(color) = cell.color() else { continue };
            hash ^= zobrist::stone(i, color);
            if seen[i] {
                continue;
            }
            // Flood the string from scratch.
            let mut string = vec![i];
            seen[i] = true;
            let mut libs = Vec::new();
            let mut k = 0;
            while k < string.len() {
                for n in self.neighbors(Point(string[k] as u16)) {
                    let n = n.index();
                    if self.cells[n] == cell && !seen[n] {
                        seen[n] = true;
                        string.push(n);
                    } else if self.cells[n] == Cell::Empty && !libs.contains(&n) {
                        libs.push(n);
                    }
                }
                k += 1;
            }
            let h = self.head[i] as usize;
            let name = self.vertex(p);
            if !string.contains(&h) {
                return Err(format!(
                    "string at {name}: head {h} is not one of its stones"
                ));
            }
            if let Some(&s) = string.iter().find(|&&s| self.head[s] as usize != h) {
                return Err(format!(
                    "string at {name}: stone {} has another head",
                    self.vertex(Point(s as u16))
                ));
            }
            let mut listed: Vec<usize> = self
                .stones(p)
                .take(string.len() + 2)
                .map(|s| s.index())
                .collect();
            if listed.len() > string.len() + 1 {
                return Err(format!(
                    "string at {name}: next-list longer than the string"
                ));
            }
            listed.sort_unstable();
            string.sort_unstable();
            if listed != string {
                return Err(format!(
                    "string at {name}: next-list {listed:?} != stones {string:?}"
                ));
            }
            if self.str_size[h] as usize != string.len() {
                return Err(format!(
                    "string at {name}: size {} != {}",
                    self.str_size[h],
                    string.len()
                ));
            }
            libs.sort_unstable();
            let kept: Vec<usize> = self.liberties(p).map(|l| l.index()).collect();
            if kept != libs {
                return Err(format!("string at {name}: liberties {kept:?} != {libs:?}"));
            }
            if self.lib_count[h] as usize != libs.len() {
                return Err(format!(
                    "string at {name}: liberty count {} != {}",
                    self.lib_count[h],
                    libs.len()
                ));
            }
        }
        let empties = self.cells.iter().filter(|&&c| c == Cell::Empty).count();
        if empties != self.empties.len() {
            return Err(format!(
                "empty list has {} points, board {empties}",
                self.empties.len()
            ));
        }
        if hash != self.hash {
            return Err(format!("hash {:#x} != recomputed {hash:#x}", self.hash));
        }
        if let Some((p, _)) = self.ko {
            if self.cells[p.index()] != Cell::Empty {
                return Err(format!("ko point {} is not empty", self.vertex(p)));
            }
        }
        Ok(())
    }

    /// `(row, col)` point of a padded index if it is on the board.
    fn point_from_index(&self, i: usize) -> Option<Point> {
        let (r, c) = (i / self.stride, i % self.stride);
        if r >= 1 && r <= self.size && c >= 1 {
            self.point(r - 1, c - 1)
        } else {
            None
        }
    }
}
