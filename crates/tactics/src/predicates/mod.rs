//! Board-level predicates: questions answered from the board alone, with
//! no reading (stage 1 of the tactical layer; see the crate doc for the
//! order). Liberties a move would get and higher-order liberties
//! ([`liberties`]), and the local tests of the autohelper functions
//! ([`local`]: suicide, immediate captures, strings in atari, edges, ...).
//! Every later stage asks these here instead of writing its own.

mod liberties;
mod local;

use katachi_board::{Board, Cell, Color, Point};

pub use liberties::{accurate_liberties, liberty_orders};
pub use local::{
    adjacent_in_atari, area_space, area_stone, captures_something, is_suicide, mirror_stone,
    visible_along_edge, vital_chain,
};

/// Whether `c` playing at the empty point `p` captures exactly one lone
/// stone and ends with one liberty (a ko capture).
pub fn is_ko_capture(b: &Board, c: Color, p: Point) -> bool {
    let opp = c.opponent().cell();
    let mut captured = 0;
    let mut single = true;
    for n in b.neighbors(p) {
        if b.cell(n) == Cell::Empty || b.cell(n) == c.cell() {
            return false;
        }
        if b.cell(n) == opp && b.liberty_count(n) == 1 {
            captured += 1;
            single &= b.string_size(n) == 1;
        }
    }
    captured == 1 && single
}
