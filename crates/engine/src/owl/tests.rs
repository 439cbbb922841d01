//! Owl on small life-and-death shapes.

use super::*;
use crate::knowledge::Knowledge;

fn owl(board: &Board) -> Owl {
    Owl::new(
        board.clone(),
        Knowledge::embedded(),
        ReadConfig::default(),
        OwlConfig::default(),
    )
}

fn stones(b: &Board, c: Color) -> Vec<Point> {
    b.points()
        .filter(|&p| b.cell(p).color() == Some(c))
        .collect()
}
