//! Handicap commands: `fixed_handicap`, `place_free_handicap`,
//! `set_free_handicap`. Handicap stones are put on the board as setup (they
//! cannot be undone) and White moves next.

use katachi_board::{fixed_handicap_points, Board, Cell, Color, Point};
use katachi_engine::movegen::handicap;

use crate::args::vertex_list;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("fixed_handicap", |s, args| {
        let Some(n) = args.number::<usize>(0) else {
            return fail("invalid handicap");
        };
        if !board_is_empty(s.board()) {
            return fail("board not empty");
        }
        let Ok(points) = fixed_handicap_points(s.board().size(), n) else {
            return fail("invalid handicap");
        };
        place(s, &points)
    });
    r.add("place_free_handicap", |s, args| {
        let Some(n) = args.number::<usize>(0) else {
            return fail("invalid handicap");
        };
        if !board_is_empty(s.board()) {
            return fail("board not empty");
        }
        let size = s.board().size();
        if n < 2 || n >= size * size {
            return fail("invalid handicap");
        }
        // The handicap slot's patterns (movegen::handicap), the session's
        // knowledge: `--patterns handicap=FILE` changes the placement.
        let points: Vec<Point> = handicap::free_placement(&s.config().analysis, s.board(), n)
            .into_iter()
            .flat_map(|p| p.stones)
            .collect();
        place(s, &points)
    });
    // No GoGui analyze entry: it changes the position behind GoGui's back.
    r.add("set_free_handicap", |s, args| {
        if !board_is_empty(s.board()) {
            return fail("board not empty");
        }
        let mut points: Vec<Point> = Vec::new();
        for i in 0..args.len() {
            let Some(p) = args.vertex(i, s.board()) else {
                return fail("invalid coordinate");
            };
            if points.contains(&p) {
                return fail("repeated vertex");
            }
            points.push(p);
        }
        let size = s.board().size();
        if points.len() < 2 || points.len() >= size * size {
            return fail("invalid handicap");
        }
        place(s, &points).map(|_| String::new())
    });
}

fn board_is_empty(board: &Board) -> bool {
    board.points().all(|p| board.cell(p) == Cell::Empty)
}

/// Put black stones on `points`, White to move; answer the vertex list.
fn place(s: &mut Session, points: &[Point]) -> Reply {
    // A new board value: setup stones clear the move journal, so state
    // tied to the old one must see a new board generation.
    let mut board = s.board().clone();
    for &p in points {
        board.set_stone(p, Some(Color::Black));
    }
    board.set_to_move(Color::White);
    s.set_board(board);
    s.set_handicap(points.len());
    Ok(vertex_list(s.board(), points.iter().copied()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn fixed_handicap_as_gnugo_places_it() {
        let mut s = session();
        let generation = s.board_generation();
        assert_eq!(ok(&mut s, "fixed_handicap 4"), "D16 Q16 D4 Q4");
        assert_eq!(s.handicap(), 4);
        assert_ne!(s.board_generation(), generation);
        assert_eq!(s.board().to_move(), Color::White);
        assert_eq!(
            run(&mut s, "fixed_handicap 2"),
            Err("board not empty".into())
        );
        assert_eq!(run(&mut s, "undo"), Err("cannot undo".into()));
        ok(&mut s, "clear_board");
        assert_eq!(
            ok(&mut s, "fixed_handicap 9"),
            "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"
        );
        ok(&mut s, "clear_board");
        assert_eq!(ok(&mut s, "fixed_handicap 5"), "D16 Q16 K10 D4 Q4");
        ok(&mut s, "boardsize 9");
        assert_eq!(ok(&mut s, "fixed_handicap 5"), "C7 G7 E5 C3 G3");
        ok(&mut s, "boardsize 7");
        assert_eq!(
            run(&mut s, "fixed_handicap 5"),
            Err("invalid handicap".into())
        );
        for bad in ["1", "0", "10", "x", ""] {
            ok(&mut s, "clear_board");
            assert_eq!(
                run(&mut s, &format!("fixed_handicap {bad}")),
                Err("invalid handicap".into())
            );
        }
    }

    #[test]
    fn place_free_handicap_places_exactly_n_distinct_stones() {
        let mut s = session();
        assert_eq!(ok(&mut s, "place_free_handicap 4"), "D16 Q16 D4 Q4");
        for (size, n) in [(19, 20), (19, 9), (9, 12), (5, 3), (3, 8), (2, 2)] {
            ok(&mut s, &format!("boardsize {size}"));
            let answer = ok(&mut s, &format!("place_free_handicap {n}"));
            let vertices: Vec<&str> = answer.split(' ').collect();
            assert_eq!(vertices.len(), n, "{size}x{size}, {n}: {answer}");
            assert_eq!(ok(&mut s, "list_stones black"), answer);
            assert_eq!(s.handicap(), n);
        }
        ok(&mut s, "boardsize 3");
        assert_eq!(
            run(&mut s, "place_free_handicap 9"),
            Err("invalid handicap".into())
        );
        assert_eq!(
            run(&mut s, "place_free_handicap 1"),
            Err("invalid handicap".into())
        );
        ok(&mut s, "place_free_handicap 2");
        assert_eq!(
            run(&mut s, "place_free_handicap 2"),
            Err("board not empty".into())
        );
    }

    #[test]
    fn set_free_handicap_checks_its_list() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        assert_eq!(
            run(&mut s, "set_free_handicap"),
            Err("invalid handicap".into())
        );
        assert_eq!(
            run(&mut s, "set_free_handicap D4"),
            Err("invalid handicap".into())
        );
        assert_eq!(
            run(&mut s, "set_free_handicap D4 D4"),
            Err("repeated vertex".into())
        );
        assert_eq!(
            run(&mut s, "set_free_handicap D4 Z4"),
            Err("invalid coordinate".into())
        );
        assert_eq!(
            run(&mut s, "set_free_handicap D4 pass"),
            Err("invalid coordinate".into())
        );
        assert_eq!(
            ok(&mut s, "list_stones black"),
            "",
            "failures place nothing"
        );
        assert_eq!(ok(&mut s, "set_free_handicap d4 F6 A1"), "");
        assert_eq!(ok(&mut s, "list_stones black"), "F6 D4 A1");
        assert_eq!(s.board().to_move(), Color::White);
        assert_eq!(
            run(&mut s, "set_free_handicap E5 E6"),
            Err("board not empty".into())
        );
        ok(&mut s, "boardsize 2");
        assert_eq!(
            run(&mut s, "set_free_handicap A1 A2 B1 B2"),
            Err("invalid handicap".into())
        );
        assert_eq!(ok(&mut s, "set_free_handicap A1 A2 B1"), "");
    }
}
