//! The influence section of `katachi analyze --influence` and its SVG
//! heat map (`--svg FILE`).
//!
//! The ASCII section draws two maps of the position:
//! - GNU Go's influence regions for the player to move (the
//!   `influence_regions` codes of the influence stage): stones as `X`/`O`,
//!   territory as `b`/`w`, moyo as `+`/`-`, area as `,`/`'`, neutral
//!   points as `.`; a stone the stage counts as dead is drawn lower case
//!   (`x`/`o`);
//! - katachi's path influence with its two territory layers (seed 002):
//!   territory as `b`/`w`, stones of groups counted dead as `x`/`o`,
//!   contested points as `?`;
//!
//! followed by the counts of each colour's territory in both models and
//! the influence stage's territory balance.
//!
//! The SVG has three panels side by side, one square per point: the
//! influence balance (`(W - B) / (W + B + 5)` of the two influences,
//! darker for Black, lighter for White), the territory value (the same scale, from -1 Black
//! to +1 White), and the path model's territory; stones are drawn on
//! every panel. The file is self-contained and opens in any browser.

use std::fmt::Write as _;

use katachi_board::{Board, Cell, Color, Point, COLUMN_LETTERS};
use katachi_engine::analysis::Analysis;

/// GNU Go's region code `code` (4 White stone ... -4 Black stone) drawn
/// as one character; `dead` for a stone the stage counts as dead.
fn region_char(code: i8, cell: Cell, dead: bool) -> char {
    match cell.color() {
        Some(Color::Black) if dead => 'x',
        Some(Color::White) if dead => 'o',
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => match code {
            c if c <= -3 => 'b',
            -2 => '+',
            -1 => ',',
            0 => '.',
            1 => '\'',
            2 => '-',
            _ => 'w',
        },
    }
}

/// The ASCII influence section for `to_move`.
pub fn section(analysis: &Analysis, to_move: Color) -> String {
    let board = analysis.board();
    let inf = analysis.influence(to_move);
    let paths = analysis.path_territory();
    let n = board.size();
    let mut out = String::new();
    let letters: String = COLUMN_LETTERS[..n]
        .iter()
        .map(|&c| format!(" {}", c as char))
        .collect();
    let side = |row: usize, col: usize| -> (char, char) {
        let p = board.point(row, col).expect("on the board");
        let cell = board.cell(p);
        let dead = cell.color().is_some() && stone_dead(inf, board, p);
        let left = region_char(inf.region(board, p), cell, dead);
        let i = p.index();
        let right = match (cell.color(), paths.territory[i]) {
            (Some(Color::Black), _) if paths.dead[i] => 'x',
            (Some(Color::White), _) if paths.dead[i] => 'o',
            (Some(Color::Black), _) => 'X',
            (Some(Color::White), _) => 'O',
            (None, Some(Color::Black)) => 'b',
            (None, Some(Color::White)) => 'w',
            (None, None) if paths.contested[i] => '?',
            (None, None) => '.',
        };
        (left, right)
    };
    let _ = writeln!(
        out,
        "\ninfluence regions ({} to move)        path territory\n",
        color_word(to_move)
    );
    let pad = " ".repeat(4);
    let _ = writeln!(out, "  {letters}   {pad}  {letters}");
    for row in 0..n {
        let (mut l, mut r) = (String::new(), String::new());
        for col in 0..n {
            let (a, b) = side(row, col);
            l.push(' ');
            l.push(a);
            r.push(' ');
            r.push(b);
        }
        let num = n - row;
        let _ = writeln!(out, "{num:>2}{l} {num:<2}{pad}{num:>2}{r} {num}");
    }
    let _ = writeln!(out, "  {letters}   {pad}  {letters}");
    let _ = writeln!(
        out,
        "\nregions: X O stones (x o dead), b w territory, + - moyo, , ' area, . neutral"
    );
    let _ = writeln!(
        out,
        "paths:   X O stones (x o counted dead), b w territory, ? contested"
    );
    let (mut regions, mut path) = ([0usize; 2], [0usize; 2]);
    for p in board.points() {
        if board.cell(p).color().is_none() {
            if let Some(c) = inf.whose_territory(board, p) {
                regions[c.index()] += 1;
            }
        }
        if let Some(c) = paths.territory[p.index()] {
            path[c.index()] += 1;
        }
    }
    let b = Color::Black.index();
    let w = Color::White.index();
    let _ = writeln!(
        out,
        "territory points: influence Black {} White {}; paths Black {} White {}",
        regions[b], regions[w], path[b], path[w]
    );
    let _ = writeln!(
        out,
        "territory balance of the influence stage (White minus Black): {:.1}",
        inf.territory_balance()
    );
    out
}

/// Whether the influence stage counts the stone at `p` as dead: its
/// territory value is that of the opponent's territory with a prisoner
/// (magnitude above 1, the opponent's sign).
fn stone_dead(inf: &katachi_engine::influence::Influence, board: &Board, p: Point) -> bool {
    let v = inf.territory_value(board, p);
    match board.cell(p).color() {
        Some(Color::Black) => v > 1.0,
        Some(Color::White) => v < -1.0,
        None => false,
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Side of one point's square in the SVG, in pixels.
const CELL: f32 = 24.0;
/// Margin around each panel (room for coordinates and the title).
const MARGIN: f32 = 28.0;

/// A heat-map colour: `v` in -1 (Black) .. +1 (White), 0 the board's.
fn heat(v: f32) -> String {
    let v = v.clamp(-1.0, 1.0);
    let board = (220.0, 179.0, 92.0);
    let target = if v < 0.0 {
        (32.0, 32.0, 48.0)
    } else {
        (250.0, 250.0, 250.0)
    };
    let t = v.abs();
    let mix = |a: f32, b: f32| (a + (b - a) * t).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(board.0, target.0),
        mix(board.1, target.1),
        mix(board.2, target.2)
    )
}

/// One panel's value at a point, -1 (Black) .. +1 (White).
type PanelValue<'a> = Box<dyn Fn(Point) -> f32 + 'a>;

/// The SVG heat map of the position's influence and territory, `to_move`
/// to play.
pub fn svg(analysis: &Analysis, to_move: Color) -> String {
    let board = analysis.board();
    let inf = analysis.influence(to_move);
    let paths = analysis.path_territory();
    let n = board.size();
    let side = n as f32 * CELL + 2.0 * MARGIN;
    let panels: [(&str, PanelValue); 3] = [
        (
            "influence (Black dark, White light)",
            Box::new(|p| {
                // The share of the influence that is White's, centred:
                // dominance rather than strength, as the regions read it.
                let w = inf.influence(board, Color::White, p);
                let b = inf.influence(board, Color::Black, p);
                (w - b) / (w + b + 5.0)
            }),
        ),
        (
            "territory value",
            Box::new(|p| inf.territory_value(board, p).clamp(-1.0, 1.0)),
        ),
        (
            "path territory",
            Box::new(|p| match paths.territory[p.index()] {
                Some(Color::Black) => -0.8,
                Some(Color::White) => 0.8,
                None => 0.0,
            }),
        ),
    ];
    let width = side * panels.len() as f32;
    let height = side + 8.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"10\">"
    );
    let _ = writeln!(
        out,
        "<title>katachi influence and territory, {} to move</title>",
        color_word(to_move)
    );
    for (k, (title, value)) in panels.iter().enumerate() {
        let x0 = k as f32 * side + MARGIN;
        let y0 = MARGIN;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{title}</text>",
            x0 + n as f32 * CELL / 2.0,
            y0 - 14.0
        );
        for row in 0..n {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                x0 - 4.0,
                y0 + (row as f32 + 0.65) * CELL,
                n - row
            );
            for col in 0..n {
                let p = board.point(row, col).expect("on the board");
                let (x, y) = (x0 + col as f32 * CELL, y0 + row as f32 * CELL);
                let _ = writeln!(
                    out,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
                     stroke=\"#8a6d2f\" stroke-width=\"0.5\"/>",
                    heat(value(p))
                );
                if let Some(c) = board.cell(p).color() {
                    let (fill, stroke) = match c {
                        Color::Black => ("#000000", "#000000"),
                        Color::White => ("#ffffff", "#000000"),
                    };
                    let dead = stone_dead(inf, board, p);
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" \
                         opacity=\"{}\"/>",
                        x + CELL / 2.0,
                        y + CELL / 2.0,
                        CELL * 0.42,
                        if dead { 0.45 } else { 1.0 }
                    );
                }
            }
        }
        for (col, letter) in COLUMN_LETTERS.iter().take(n).enumerate() {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                x0 + (col as f32 + 0.5) * CELL,
                y0 + n as f32 * CELL + 12.0,
                *letter as char
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use katachi_engine::analysis::AnalysisConfig;

    /// Black walls off the left side, White the right, on 9x9.
    fn walls() -> Analysis {
        let mut b = Board::new(9).expect("size");
        for row in 0..9 {
            let bp = b.point(row, 2).expect("on board");
            let wp = b.point(row, 6).expect("on board");
            b.play(Color::Black, katachi_board::Move::Play(bp))
                .expect("legal");
            b.play(Color::White, katachi_board::Move::Play(wp))
                .expect("legal");
        }
        Analysis::new(b, AnalysisConfig::default())
    }

    #[test]
    fn regions_show_each_side_its_territory() {
        let a = walls();
        let text = section(&a, Color::Black);
        // Row 5 (the middle): the left edge is Black's territory, the
        // right edge White's, in both models.
        let row = text
            .lines()
            .find(|l| l.starts_with(" 5 "))
            .expect("row 5 of the maps");
        let cells: Vec<char> = row.split_whitespace().flat_map(|s| s.chars()).collect();
        assert_eq!(cells[1], 'b', "{row}");
        assert_eq!(cells[9], 'w', "{row}");
        assert!(text.contains("territory points:"), "{text}");
    }

    #[test]
    fn svg_is_one_document_with_a_square_per_point_and_panel() {
        let a = walls();
        let s = svg(&a, Color::White);
        assert!(s.starts_with("<svg "));
        assert!(s.trim_end().ends_with("</svg>"));
        assert_eq!(s.matches("<rect ").count(), 3 * 81);
        assert_eq!(s.matches("<circle ").count(), 3 * 18);
        // Black's side is darker than the board, White's lighter.
        assert_eq!(heat(0.0), "#dcb35c");
        assert!(s.contains(&heat(-0.8)) && s.contains(&heat(0.8)));
    }
}
