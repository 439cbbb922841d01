//! Whole-board golden maps: one analysis output (a worm's attack code, an
//! unconditional status, later a dragon's status, an eye space, an
//! influence region) drawn as an ASCII board, compared with a snapshot kept
//! in the test. A change to the analysis shows as a board diff that a
//! reviewer reads at a glance, where a list of point values would not.
//!
//! [`board_map`] draws any per-point value in GNU Go's `showboard` frame
//! (column letters without `I`, row numbers on both sides, row `size` at
//! the top); [`assert_board_map`] compares it with an [`Expect`] snapshot
//! of the [`expect-test`](expect_test) crate:
//!
//! ```
//! use katachi_testkit::golden::{assert_board_map, expect};
//!
//! // A 5x5 board with a black stone on C3 (row 2, column 2 from the top left).
//! assert_board_map(
//!     expect![[r#"
//!            A B C D E
//!          5 . . . . . 5
//!          4 . . . . . 4
//!          3 . . X . . 3
//!          2 . . . . . 2
//!          1 . . . . . 1
//!            A B C D E
//!     "#]],
//!     5,
//!     |row, col| if (row, col) == (2, 2) { "X".into() } else { ".".into() },
//! );
//! ```
//!
//! # Adding the golden maps of a stage
//!
//! A stage (dragons, eyes, influence, ...) adds a test file in its crate's
//! `tests/` with `katachi-testkit` as a dev-dependency: build the position
//! (a small SGF written in the test, or a corpus file through
//! [`crate::shared`]), run the stage, and call [`assert_board_map`] once per
//! map with a closure giving one short code per point (one character when
//! possible; wider cells are padded to a common width). Write the legend of
//! the codes in the test's doc comment. Start with an empty snapshot,
//! `expect![[""]]`, and let the test fill it in (below); then read the board
//! and check every value by Go knowledge before committing it: a snapshot
//! records what the code does, the review is what makes it right.
//! `crates/engine/tests/golden_worms.rs` is the first example.
//!
//! # Updating snapshots
//!
//! When a change is meant to alter a map, rerun the test with
//! `UPDATE_EXPECT=1`, e.g. `UPDATE_EXPECT=1 cargo test -p katachi-engine
//! --test golden_worms`: `expect-test` rewrites the literal in the source,
//! and `git diff` shows the boards that moved. Without the variable a
//! difference fails the test and prints both boards.

pub use expect_test::{expect, expect_file, Expect, ExpectFile};

/// GNU Go's column letters: `A` to `Z` without `I` (25 columns).
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The letter of column `col` (0 = `A`); panics past the 25th column.
pub fn column_letter(col: usize) -> char {
    COLUMNS[col] as char
}

/// The GTP vertex of `(row, col)` on a `size` board, row 0 at the top
/// (`vertex(19, 0, 0)` is `A19`).
pub fn vertex(size: usize, row: usize, col: usize) -> String {
    format!("{}{}", column_letter(col), size - row)
}

/// Draw a `size` x `size` map: `cell(row, col)` (row 0 at the top, column 0
/// at the left) gives the text of each point. Cells are padded to the
/// widest one and separated by a space; the frame is GNU Go's `showboard`
/// coordinates (letters above and below, row numbers on both sides). Every
/// line ends without trailing blanks and the map ends with a newline.
pub fn board_map(size: usize, mut cell: impl FnMut(usize, usize) -> String) -> String {
    let cells: Vec<Vec<String>> = (0..size)
        .map(|r| (0..size).map(|c| cell(r, c)).collect())
        .collect();
    let width = cells
        .iter()
        .flatten()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let letters: Vec<String> = (0..size)
        .map(|c| format!("{:<width$}", column_letter(c)))
        .collect();
    let header = format!("   {}", letters.join(" ")).trim_end().to_string();
    let mut out = String::new();
    out.push_str(&header);
    out.push('\n');
    for (r, row) in cells.iter().enumerate() {
        let number = size - r;
        let body: Vec<String> = row.iter().map(|s| format!("{s:<width$}")).collect();
        out.push_str(&format!("{number:>2} {} {number}\n", body.join(" ")));
    }
    out.push_str(&header);
    out.push('\n');
    out
}

/// Draw the map ([`board_map`]) and compare it with the snapshot `expect`
/// (a mismatch fails with both boards; `UPDATE_EXPECT=1` rewrites it).
/// `expect!` removes the indentation common to the lines of its literal, so
/// the map is compared without the blanks common to all its lines (the
/// first column of a board under 10x10, whose row numbers are one digit).
pub fn assert_board_map(expect: Expect, size: usize, cell: impl FnMut(usize, usize) -> String) {
    expect.assert_eq(&dedent(&board_map(size, cell)));
}

/// `text` without the leading blanks common to its non-empty lines.
fn dedent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|l| l.get(indent..).unwrap_or("").to_string() + "\n")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_and_padding() {
        let map = board_map(3, |r, c| if r == c { "ab".into() } else { ".".into() });
        assert_eq!(
            map,
            "   A  B  C\n 3 ab .  .  3\n 2 .  ab .  2\n 1 .  .  ab 1\n   A  B  C\n"
        );
    }

    #[test]
    fn snapshots_of_small_and_big_boards() {
        assert_board_map(
            expect![[r#"
                  A B
                2 . X 2
                1 O . 1
                  A B
            "#]],
            2,
            |r, c| [".", "X", "O", "."][2 * r + c].to_string(),
        );
        let map = board_map(10, |_, _| ".".into());
        assert_eq!(dedent(&map), map, "row 10 leaves no common indentation");
    }

    #[test]
    fn big_boards_skip_i() {
        let map = board_map(19, |_, _| ".".into());
        let first = map.lines().next().unwrap();
        assert_eq!(first, "   A B C D E F G H J K L M N O P Q R S T");
        assert!(map.lines().nth(1).unwrap().starts_with("19 . "));
        assert_eq!(vertex(19, 0, 8), "J19");
        assert_eq!(vertex(9, 8, 0), "A1");
    }
}
