//! SGF point values for Go: two letters, column first, `a` = first column
//! (left) and first row (top), so `aa` is the top-left corner.
//!
//! Decisions: an empty value (`B[]`) is a pass on every size; `tt` is a pass
//! on boards up to 19x19 (FF[3] convention) and the point (19, 19) on larger
//! boards. Letters `a`..`z` cover columns and rows 0..25; the capital
//! letters of FF[4] for 27..52 are beyond katachi's largest board and rejected.

use thiserror::Error;

/// A point value that does not fit the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PointError {
    /// Not two lowercase letters (or empty).
    #[error("bad point {0:?} (expected two letters a-z, or empty for a pass)")]
    Malformed(String),
    /// Two letters, but outside a board of the given size.
    #[error("point {value:?} is off a {size}x{size} board")]
    OffBoard {
        /// The raw value.
        value: String,
        /// The board size.
        size: usize,
    },
}

/// Decode an SGF point on a `size` x `size` board: `Ok(None)` is a pass,
/// `Ok(Some((row, col)))` a point with row 0 at the top.
pub fn sgf_point_to(value: &str, size: usize) -> Result<Option<(usize, usize)>, PointError> {
    let value_trimmed = value.trim();
    if value_trimmed.is_empty() || (value_trimmed == "tt" && size <= 19) {
        return Ok(None);
    }
    let bytes = value_trimmed.as_bytes();
    if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_lowercase) {
        return Err(PointError::Malformed(value.to_string()));
    }
    let col = (bytes[0] - b'a') as usize;
    let row = (bytes[1] - b'a') as usize;
    if row >= size || col >= size {
        return Err(PointError::OffBoard {
            value: value.to_string(),
            size,
        });
    }
    Ok(Some((row, col)))
}

/// Decode a point-list value: a single point, or a compressed rectangle
/// `ab:cd` (FF[4]) giving every point between the two corners.
pub fn sgf_point_list(value: &str, size: usize) -> Result<Vec<(usize, usize)>, PointError> {
    let (a, b) = crate::text::split_compose(value);
    if !value.contains(':') {
        return Ok(sgf_point_to(a, size)?.into_iter().collect());
    }
    let corner =
        |v: &str| sgf_point_to(v, size)?.ok_or_else(|| PointError::Malformed(value.to_string()));
    let (r1, c1) = corner(a)?;
    let (r2, c2) = corner(b)?;
    let mut out = Vec::new();
    for r in r1.min(r2)..=r1.max(r2) {
        for c in c1.min(c2)..=c1.max(c2) {
            out.push((r, c));
        }
    }
    Ok(out)
}

/// Encode `(row, col)` (row 0 at the top) as an SGF point.
pub fn point_to_sgf(row: usize, col: usize) -> String {
    assert!(
        row < 26 && col < 26,
        "SGF points need row and column below 26"
    );
    let letter = |i: usize| (b'a' + i as u8) as char;
    format!("{}{}", letter(col), letter(row))
}
