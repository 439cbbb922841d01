//! Topological half eyes and false eyes (eyes.texi, "Topology of Half Eyes
//! and False Eyes" and "Eye Topology with Ko"), and the conservative
//! `obvious_false_eye`.
//!
//! Each diagonal of an eye point of `O` gets a value, `X` being the
//! opponent: 2 for an `X` string that cannot be attacked, 1 for an empty
//! point where `X` can play safely or an `X` string that can be attacked
//! and defended, 0 otherwise (an `O` stone that cannot be captured, a dead
//! `X` string, an empty point `X` cannot hold). Diagonals off the board
//! count 1, those off a corner (both coordinates out) 0, which is the
//! manual's "decrease by 2 on the edge". The sum classifies the point:
//! at most 2 a proper eye, 3 a half eye, 4 or more a false eye.
//!
//! Choices decided by black-box experiments with GNU Go 3.8 (its
//! `half_eye_data` prints the sum):
//! - ko contingent diagonals use the manual's choice (iii), `a = 3/4` and
//!   `b = 5/4` (GNU Go prints sums such as 0.75, 2.25 and 3.25);
//! - any sum strictly between 2 and 4 is a `HALF_EYE` (2.25 is one);
//! - an `O` string on a diagonal that can be captured outright counts like
//!   an `X` point: 1 when it can be defended (the attack and defence
//!   points are the fight's moves), 2 when it cannot; one that can be
//!   captured only through ko counts 0 (GNU Go's `attack` answers 3 for
//!   such strings and its sum leaves them out);
//! - only non-marginal eye points with at most one neighbour in their eye
//!   space are examined; the other points keep GNU Go's "not examined"
//!   value 10;
//! - the attack and defence points are the diagonals worth strictly
//!   between 0 and 2, in the order south-west, north-west, north-east,
//!   south-east (an `X` string's diagonal gives `X`'s defence move as the
//!   attack point and `O`'s capture as the defence point).

use katachi_board::{Board, Cell, Color, Point};
use katachi_tactics::reading::{Code, Reader};
use katachi_tactics::worms::Worms;

/// The ko-contingent diagonal value good for the eye's owner (`a`).
pub const KO_GOOD_FOR_OWNER: f32 = 0.75;
/// The ko-contingent diagonal value good for the attacker (`b`).
pub const KO_GOOD_FOR_ATTACKER: f32 = 1.25;

/// What the topology makes of an eye point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EyeKind {
    /// Sum at most 2.
    Proper,
    /// Sum strictly between 2 and 4.
    Half,
    /// Sum 4 or more.
    False,
}

/// GNU Go's `half_eye_data` of one point.
#[derive(Clone, Debug, PartialEq)]
pub struct HalfEye {
    /// The topological sum.
    pub value: f32,
    /// Its classification.
    pub kind: EyeKind,
    /// Moves for the attacker that control a diagonal (at most 4).
    pub attack_points: Vec<Point>,
    /// Moves for the owner that control a diagonal (at most 4).
    pub defense_points: Vec<Point>,
}

impl HalfEye {
    /// The kind of a sum.
    pub fn kind_of(value: f32) -> EyeKind {
        if value >= 4.0 {
            EyeKind::False
        } else if value > 2.0 {
            EyeKind::Half
        } else {
            EyeKind::Proper
        }
    }
}

/// Diagonals in GNU Go's order: south-west, north-west, north-east,
/// south-east, each with whether it is off the board in both directions.
fn diagonals(board: &Board, p: Point) -> [(Option<Point>, bool); 4] {
    let n = board.size() as isize;
    let (r, c) = board.row_col(p);
    let (r, c) = (r as isize, c as isize);
    [(1, -1), (-1, -1), (-1, 1), (1, 1)].map(|(dr, dc)| {
        let (rr, cc) = (r + dr, c + dc);
        let off_r = rr < 0 || rr >= n;
        let off_c = cc < 0 || cc >= n;
        let q = (!off_r && !off_c)
            .then(|| board.point(rr as usize, cc as usize))
            .flatten();
        (q, off_r && off_c)
    })
}

/// The value of an empty diagonal where the attacker's stone is safe with
/// `code` (the defence code of the new stone): 1 for a plain win; a stone
/// that survives only through ko counts `a` when the attacker takes the
/// ko first (KO_A: GNU Go prints 0.75 for such a diagonal, reference
/// position 196 at S14) and `b` when it needs a threat first.
fn ko_value(code: Code) -> f32 {
    match code {
        Code::KoA => KO_GOOD_FOR_OWNER,
        Code::KoB => KO_GOOD_FOR_ATTACKER,
        _ => 1.0,
    }
}

/// The topological value of the eye point `p` of `owner`, with the attack
/// and defence points of its diagonals.
pub fn topological_eye(
    board: &Board,
    worms: &Worms,
    reader: &mut Reader,
    p: Point,
    owner: Color,
) -> HalfEye {
    let x = owner.opponent();
    let mut value = 0.0;
    let mut attack_points = Vec::new();
    let mut defense_points = Vec::new();
    for (d, off_corner) in diagonals(board, p) {
        let Some(d) = d else {
            value += if off_corner { 0.0 } else { 1.0 };
            continue;
        };
        let (v, att, def) = match board.cell(d).color() {
            Some(c) => {
                let w = worms.get(d).expect("a stone has a worm");
                match (w.attack, w.defense) {
                    (None, _) => (if c == x { 2.0 } else { 0.0 }, None, None),
                    (Some((_, ac)), None) => {
                        if c == x {
                            (0.0, None, None)
                        } else if ac == Code::Win {
                            (2.0, None, None)
                        } else {
                            (0.0, None, None)
                        }
                    }
                    (Some((am, ac)), Some((dm, dc))) => {
                        if c == x {
                            // The owner captures with `am`, the attacker
                            // saves with `dm`.
                            let v = if ac != Code::Win {
                                KO_GOOD_FOR_ATTACKER
                            } else if dc != Code::Win {
                                KO_GOOD_FOR_OWNER
                            } else {
                                1.0
                            };
                            (v, Some(dm), Some(am))
                        } else if ac != Code::Win {
                            // An owner's string the attacker captures only
                            // through ko counts as safe (GNU Go 3.8: 0).
                            (0.0, None, None)
                        } else {
                            let v = if dc != Code::Win {
                                KO_GOOD_FOR_ATTACKER
                            } else {
                                1.0
                            };
                            (v, Some(am), Some(dm))
                        }
                    }
                }
            }
            None => {
                let code = reader.safe_move(d, x);
                if code.is_success() {
                    (ko_value(code), Some(d), Some(d))
                } else {
                    (0.0, None, None)
                }
            }
        };
        value += v;
        if v > 0.0 && v < 2.0 {
            if let (Some(a), Some(dp)) = (att, def) {
                if attack_points.len() < 4 {
                    attack_points.push(a);
                    defense_points.push(dp);
                }
            }
        }
    }
    HalfEye {
        value,
        kind: HalfEye::kind_of(value),
        attack_points,
        defense_points,
    }
}

/// GNU Go's `obvious_false_eye`: the topological test counting only
/// opponent strings on the diagonals that cannot be attacked (2 each) and
/// the board's edge (1 per diagonal off one side, 0 off a corner). It can
/// miss a false eye but never calls a proper eye false.
pub fn obvious_false_eye(board: &Board, worms: &Worms, p: Point, owner: Color) -> bool {
    let x = owner.opponent();
    let mut value = 0;
    for (d, off_corner) in diagonals(board, p) {
        match d {
            None => value += if off_corner { 0 } else { 1 },
            Some(d) if board.cell(d) == x.cell() => {
                if worms.get(d).is_some_and(|w| w.attack.is_none()) {
                    value += 2;
                }
            }
            Some(_) => {}
        }
    }
    board.cell(p) != Cell::Edge && value >= 4
}
