//! Small positions whose statuses were checked against GNU Go 3.8
//! (`unconditional_status` on each vertex after setting the position up).

use super::*;
use Status::{Alive, BlackTerritory, Dead, Undecided, WhiteTerritory};

fn check(diagram: &str, expected: &[(&str, Status)]) {
    let b = Board::from_ascii(diagram).expect("board");
    let u = Unconditional::compute(&b);
    for &(v, s) in expected {
        let p = b.parse_vertex(v).expect("vertex");
        assert_eq!(u.status(p), s, "{v}");
    }
}

#[test]
fn two_eyes_in_the_corner_are_invincible_and_one_eye_is_not() {
    check(
        ".X.X.O.
         XXXXO..
         OOOOO..
         .......
         ...O...
         OOO....
         .XO....",
        &[
            ("B7", Alive),
            ("A7", BlackTerritory),
            ("B1", Undecided),
            ("D4", Undecided),
        ],
    );
}

#[test]
fn without_an_invincible_string_nothing_is_settled() {
    // White could capture the two stones, but Black has no living group,
    // so there is no black territory to speak of.
    check(
        "OO.OO
         O.X.O
         OOXOO
         OO.OO
         OOOOO",
        &[
            ("A5", Undecided),
            ("C5", Undecided),
            ("B4", Undecided),
            ("C4", Undecided),
            ("C3", Undecided),
            ("C2", Undecided),
        ],
    );
}

#[test]
fn two_stones_with_liberties_at_both_ends_and_both_sides_make_a_seki() {
    // E5-E4 keep liberties at E6 and E3 and diagonally at D5 and F4; the
    // white ring holds both D4 and F5. White can only capture by filling
    // its own last liberties.
    check(
        ".X.XXXXXX
         XXXXXXXXX
         XXOOOOOXX
         XXOO.OOXX
         XXO.XOOXX
         XXOOX.OXX
         XXOO.OOXX
         XXOOOOOXX
         XXXXXXXXX",
        &[
            ("C7", Undecided),
            ("E5", Undecided),
            ("E6", Undecided),
            ("D5", Undecided),
            ("F4", Undecided),
            ("A1", Alive),
        ],
    );
}

#[test]
fn two_stones_with_side_liberties_on_one_side_only_are_captured() {
    check(
        ".X.XXXXXX
         XXXXXXXXX
         XXOOOOOXX
         XXOO.OOXX
         XXO.XOOXX
         XXO.XOOXX
         XXOO.OOXX
         XXOOOOOXX
         XXXXXXXXX",
        &[
            ("C7", Dead),
            ("E5", Alive),
            ("D5", BlackTerritory),
            ("E6", BlackTerritory),
        ],
    );
}

#[test]
fn a_seki_liberty_shared_with_a_living_group_is_filled_first() {
    // E6 touches the black wall at E7: White fills it as a liberty of the
    // invincible string, the end is gone and the two stones are captured.
    check(
        ".X.XXXXXX
         XXXXXXXXX
         XXOOXOOXX
         XXOO.OOXX
         XXO.XOOXX
         XXOOX.OXX
         XXOO.OOXX
         XXOOOOOXX
         XXXXXXXXX",
        &[
            ("C7", Dead),
            ("E5", Alive),
            ("E6", BlackTerritory),
            ("F4", BlackTerritory),
        ],
    );
}

#[test]
fn the_seki_needs_one_white_string_around_a_diagonal_pair() {
    // E8-F8 with all six liberties, but the white stones around it are four
    // strings, none holding E9 with F7 or E7 with F9: captured.
    check(
        "XXOO..OXX
         XXO.XX.OX
         XXXO..OOX
         XXXXOOOXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXXXX
         .XXXXXXXX
         X.XXXXXXX",
        &[
            ("C9", Dead),
            ("E8", Alive),
            ("E9", BlackTerritory),
            ("D8", BlackTerritory),
        ],
    );
    // The same shape with the white stones joined into one string: seki.
    check(
        "XXOO..OOX
         XXO.XX.OX
         XXOO..OOX
         XXXOOOOXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXXXX
         .XXXXXXXX
         X.XXXXXXX",
        &[
            ("C9", Undecided),
            ("E8", Undecided),
            ("E9", Undecided),
            ("D8", Undecided),
        ],
    );
}

#[test]
fn a_white_side_stone_must_reach_its_diagonal_partner() {
    // C18-D18 of GNU Go's unconditional4.sgf in small: C7 is white, so the
    // pair C7/D9 needs one white string holding both; E9 is a separate
    // stone: captured.
    check(
        "OO..OXXXX
         O.XX.OXXX
         OOO.OOXXX
         XXOOOXXXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXX.X
         XXXXX.XXX",
        &[
            ("A9", Dead),
            ("E9", Dead),
            ("C8", Alive),
            ("C9", BlackTerritory),
            ("D7", BlackTerritory),
        ],
    );
    // E9 joined to the ring through F9: the ring holds D9 and C7, seki.
    check(
        "OO..OOXXX
         O.XX.OXXX
         OOO.OOXXX
         XXOOOXXXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXX.X
         XXXXX.XXX",
        &[
            ("A9", Undecided),
            ("E9", Undecided),
            ("C8", Undecided),
            ("C9", Undecided),
            ("D7", Undecided),
        ],
    );
}

#[test]
fn a_two_point_eye_is_reduced_but_a_connection_is_not() {
    // The ring's only liberties are a two-point eye: White's C4 leaves it
    // in atari on D4, where it cannot play. Dead.
    check(
        ".X.XXXX
         XXXXXXX
         XOOOOXX
         XO..OXX
         XOOOOXX
         XXXXXXX
         XXXXX.X",
        &[("B5", Dead), ("C4", BlackTerritory), ("D4", BlackTerritory)],
    );
    // A1 would leave A2-B3 in atari on B1, but B1 joins the other white
    // string: White keeps it as a connection, and nothing is settled.
    check(
        ".X.XXXX
         XXXXXXX
         XXXXXXX
         XXXXXXX
         OOXXXXX
         OOXOOOO
         ..OO..O",
        &[
            ("A3", Undecided),
            ("A1", Undecided),
            ("B1", Undecided),
            ("D2", Undecided),
            ("E1", Undecided),
        ],
    );
}

#[test]
fn the_last_liberty_of_a_dead_string_is_territory() {
    // Black fills D5, E4, D3 and the rest; D4 is left as the last liberty
    // of the black string, touching no white stone.
    check(
        ".O.OOOO
         OOOOOOO
         OO...OO
         OOX..OO
         OO...OO
         OOOOOOO
         OOOOO.O",
        &[("C4", Dead), ("D4", WhiteTerritory), ("E5", WhiteTerritory)],
    );
}

#[test]
fn a_single_stone_inside_a_ring_is_captured() {
    check(
        ".X.XXXXX
         XXXXXXXX
         XXOOOOXX
         XXO.OOXX
         XXOXOOXX
         XXO.OOXX
         XXOOOOXX
         XXXXXX.X",
        &[("C6", Dead), ("D4", Alive), ("D5", BlackTerritory)],
    );
}
