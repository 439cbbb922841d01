//! Coordinates and GTP vertices.

use katachi_board::{Board, BoardError, Cell, Move, Point};

#[test]
fn layout_matches_the_contract() {
    for size in [2, 9, 19, 25] {
        let b = Board::new(size).unwrap();
        let s = size + 1;
        assert_eq!(b.stride(), s);
        assert_eq!(b.point(0, 0), Some(Point((s + 1) as u16)));
        assert_eq!(b.point(size, 0), None);
        assert_eq!(b.points().count(), size * size);
        for p in b.points() {
            let (r, c) = b.row_col(p);
            assert_eq!(p.index(), (r + 1) * s + c + 1);
            assert!(b.on_board(p));
            assert_eq!(b.cell(p), Cell::Empty);
            for n in b.neighbors(p).into_iter().chain(b.diagonals(p)) {
                assert!(n.index() < b.cells().len());
            }
        }
        let on = b.cells().iter().filter(|&&c| c != Cell::Edge).count();
        assert_eq!(on, size * size);
        assert_eq!(b.cell_at(-1, 0), Cell::Edge);
        assert_eq!(b.cell_at(0, size as isize), Cell::Edge);
        assert_eq!(b.cell_at(0, 0), Cell::Empty);
    }
    assert_eq!(Board::new(1).unwrap_err(), BoardError::BadSize(1));
    assert_eq!(Board::new(26).unwrap_err(), BoardError::BadSize(26));
}

#[test]
fn vertices() {
    let b = Board::new(19).unwrap();
    assert_eq!(b.vertex(b.point(0, 0).unwrap()), "A19");
    assert_eq!(b.vertex(b.point(18, 0).unwrap()), "A1");
    assert_eq!(b.vertex(b.point(18, 8).unwrap()), "J1");
    assert_eq!(b.vertex(b.point(15, 3).unwrap()), "D4");
    assert_eq!(b.vertex(b.point(0, 18).unwrap()), "T19");
    assert_eq!(b.parse_vertex("d4").unwrap(), b.point(15, 3).unwrap());
    assert_eq!(b.parse_vertex(" Q16 ").unwrap(), b.point(3, 15).unwrap());
    for bad in [
        "I5", "A0", "A20", "U1", "", "pass", "4D", "A", "A1x", "A-1", "Z1",
    ] {
        assert!(b.parse_vertex(bad).is_err(), "{bad}");
    }
    assert_eq!(b.parse_move("PASS").unwrap(), Move::Pass);
    assert_eq!(
        b.parse_move("t1").unwrap(),
        Move::Play(b.point(18, 18).unwrap())
    );
    for p in b.points() {
        assert_eq!(b.parse_vertex(&b.vertex(p)).unwrap(), p);
    }
    let big = Board::new(25).unwrap();
    assert_eq!(big.vertex(big.point(0, 24).unwrap()), "Z25");
    assert!(big.parse_vertex("Z25").is_ok());
}
