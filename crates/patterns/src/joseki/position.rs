//! The stones on the board while a joseki tree is replayed: placement,
//! removal and captures, nothing more.
//!
//! The compiler needs only which stones stand where before each move, so
//! this is a plain grid rather than the full `katachi-board` engine: moves
//! capture opponent strings left without liberties; playing on an occupied
//! point or a suicide is refused (the caller turns that into an error naming
//! the node); ko is not checked, a joseki tree is trusted to be a legal
//! sequence.

use katachi_board::Color;

/// A point as `(row, col)`, row 0 at the top, col 0 at the left.
pub type Coord = (usize, usize);

/// Why a move could not be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point already holds a stone.
    Occupied,
    /// The move would leave its own string without liberties.
    Suicide,
}

/// A square grid of stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    size: usize,
    cells: Vec<Option<Color>>,
}

impl Position {
    /// An empty board of `size` x `size` (the caller checks the size).
    pub fn new(size: usize) -> Position {
        Position {
            size,
            cells: vec![None; size * size],
        }
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The stone at `p`, if any. `p` must be on the board.
    pub fn get(&self, p: Coord) -> Option<Color> {
        self.cells[p.0 * self.size + p.1]
    }

    /// Put or remove a stone without the rules (SGF setup properties).
    pub fn set(&mut self, p: Coord, stone: Option<Color>) {
        self.cells[p.0 * self.size + p.1] = stone;
    }

    /// Play a stone of `color` at `p`: captures opponent strings without
    /// liberties. Returns the number of stones captured.
    pub fn play(&mut self, color: Color, p: Coord) -> Result<usize, PlayError> {
        if self.get(p).is_some() {
            return Err(PlayError::Occupied);
        }
        self.set(p, Some(color));
        let mut captured = 0;
        for n in self.neighbors(p) {
            if self.get(n) == Some(color.opponent()) {
                let (string, liberties) = self.string(n);
                if liberties == 0 {
                    captured += string.len();
                    for q in string {
                        self.set(q, None);
                    }
                }
            }
        }
        if captured == 0 && self.string(p).1 == 0 {
            self.set(p, None);
            return Err(PlayError::Suicide);
        }
        Ok(captured)
    }

    fn neighbors(&self, (r, c): Coord) -> impl Iterator<Item = Coord> {
        let size = self.size;
        [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ]
        .into_iter()
        .filter(move |&(r, c)| r < size && c < size)
    }

    /// The string through `p` (which holds a stone) and its liberty count.
    fn string(&self, p: Coord) -> (Vec<Coord>, usize) {
        let color = self.get(p);
        let mut seen = vec![false; self.cells.len()];
        let mut liberty = vec![false; self.cells.len()];
        let mut stones = vec![p];
        let mut stack = vec![p];
        seen[p.0 * self.size + p.1] = true;
        let mut liberties = 0;
        while let Some(q) = stack.pop() {
            for n in self.neighbors(q) {
                let i = n.0 * self.size + n.1;
                match self.get(n) {
                    None if !liberty[i] => {
                        liberty[i] = true;
                        liberties += 1;
                    }
                    Some(_) if self.get(n) == color && !seen[i] => {
                        seen[i] = true;
                        stones.push(n);
                        stack.push(n);
                    }
                    _ => {}
                }
            }
        }
        (stones, liberties)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn captures_a_corner_stone() {
        let mut pos = Position::new(5);
        pos.play(White, (0, 0)).unwrap();
        pos.play(Black, (0, 1)).unwrap();
        assert_eq!(pos.play(Black, (1, 0)), Ok(1));
        assert_eq!(pos.get((0, 0)), None);
    }

    #[test]
    fn captures_a_string_and_only_it() {
        let mut pos = Position::new(5);
        for p in [(0, 1), (0, 2)] {
            pos.play(White, p).unwrap();
        }
        pos.play(White, (3, 3)).unwrap();
        for p in [(0, 0), (1, 1), (1, 2)] {
            pos.play(Black, p).unwrap();
        }
        assert_eq!(pos.play(Black, (0, 3)), Ok(2));
        assert_eq!(pos.get((0, 1)), None);
        assert_eq!(pos.get((0, 2)), None);
        assert_eq!(pos.get((3, 3)), Some(White));
    }

    #[test]
    fn occupied_and_suicide_are_refused() {
        let mut pos = Position::new(3);
        pos.play(Black, (0, 1)).unwrap();
        pos.play(Black, (1, 0)).unwrap();
        assert_eq!(pos.play(White, (0, 1)), Err(PlayError::Occupied));
        assert_eq!(pos.play(White, (0, 0)), Err(PlayError::Suicide));
        assert_eq!(pos.get((0, 0)), None);
    }

    #[test]
    fn capture_beats_suicide() {
        let mut pos = Position::new(3);
        pos.play(White, (0, 0)).unwrap();
        pos.play(Black, (1, 0)).unwrap();
        pos.play(White, (1, 1)).unwrap();
        pos.play(White, (0, 2)).unwrap();
        // Black at (0,1) has no liberty of its own but captures (0,0).
        assert_eq!(pos.play(Black, (0, 1)), Ok(1));
        assert_eq!(pos.get((0, 1)), Some(Black));
        assert_eq!(pos.get((0, 0)), None);
    }
}
