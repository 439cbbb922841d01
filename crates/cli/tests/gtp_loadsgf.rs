//! `loadsgf` and `printsgf` through `katachi gtp`, on a hand-written SGF
//! file in a temporary directory, with relative paths resolved against the
//! engine's working directory (as GNU Go's regression suites need).

mod gtp_support;

use gtp_support::{temp_dir, Gtp};

/// 9x9, komi 6.5, a setup stone each (A9 black, J1 white), then nine
/// moves: E5, D5, D6, C7, D4, G3, C5 (Black captures D5), a White pass, C3.
const GAME: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]
AB[aa]AW[ii]
;B[ee]C[move 1]
;W[de]
;B[dd]
;W[cc]
;B[df]
;W[gg]
;B[ce]C[captures D5]
;W[]
;B[cg])";

#[test]
fn loadsgf_positions_moves_vertices_and_undo() {
    let dir = temp_dir("loadsgf");
    std::fs::write(dir.join("game.sgf"), GAME).unwrap();
    let mut gtp = Gtp::start_in(&[], Some(&dir));

    // Whole game: 9 moves, White to move after B[cg].
    assert_eq!(gtp.ask("1 loadsgf game.sgf"), "=1 white");
    assert_eq!(gtp.ok("list_stones black"), "A9 D6 C5 E5 D4 C3");
    assert_eq!(gtp.ok("list_stones white"), "C7 G3 J1");
    assert_eq!(gtp.ok("captures black"), "1");
    // A9 is dead (owl), as GNU Go 3.8 also says: W+3.5.
    assert_eq!(gtp.ok("final_score"), "W+3.5");

    // Before move 7 (B[ce]): the white stone on D5 is still there.
    assert_eq!(gtp.ok("loadsgf game.sgf 7"), "black");
    assert_eq!(gtp.ok("color D5"), "white");
    assert_eq!(gtp.ok("countlib D5"), "1");
    assert_eq!(gtp.ok("findlib D5"), "C5");

    // Up to the first move at C5, which is that capture.
    assert_eq!(gtp.ok("loadsgf game.sgf C5"), "black");
    assert_eq!(gtp.ok("color D5"), "white");
    assert_eq!(gtp.ok("color C5"), "empty");

    // Move 1 is Black's: nothing played yet but the setup stones.
    assert_eq!(gtp.ok("loadsgf game.sgf 1"), "black");
    assert_eq!(gtp.ok("list_stones black"), "A9");
    assert_eq!(gtp.ask("undo"), "? cannot undo");

    // Loaded moves undo one by one, captures and all.
    assert_eq!(gtp.ok("loadsgf game.sgf 8"), "white");
    assert_eq!(gtp.ok("color D5"), "empty");
    gtp.ok("undo");
    assert_eq!(gtp.ok("color D5"), "white");
    assert_eq!(gtp.ok("captures black"), "0");

    // Errors name the file and leave the position alone.
    let before = gtp.ok("showboard");
    let missing = gtp.ask("loadsgf nowhere.sgf");
    assert!(
        missing.starts_with("? cannot open or parse 'nowhere.sgf'"),
        "{missing}"
    );
    std::fs::write(dir.join("broken.sgf"), "(;SZ[9];B[ee];W[ee])").unwrap();
    let broken = gtp.ask("loadsgf broken.sgf");
    assert!(
        broken.starts_with("? cannot open or parse 'broken.sgf'"),
        "{broken}"
    );
    assert_eq!(gtp.ask("loadsgf"), "? missing filename");
    assert_eq!(
        gtp.ask("loadsgf game.sgf Z99"),
        "? invalid move number or vertex"
    );
    assert_eq!(gtp.ok("showboard"), before);
    assert!(gtp.finish().success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn printsgf_writes_a_position_that_loadsgf_reads_back() {
    let dir = temp_dir("printsgf");
    std::fs::write(dir.join("game.sgf"), GAME).unwrap();
    let mut gtp = Gtp::start_in(&[], Some(&dir));
    gtp.ok("loadsgf game.sgf");
    let board = gtp.ok("showboard");
    assert_eq!(gtp.ok("printsgf copy.sgf"), "");
    let inline = gtp.ok("printsgf");
    assert!(inline.starts_with("(;") && inline.contains("SZ[9]") && inline.contains("KM[6.5]"));
    gtp.ok("boardsize 13");
    gtp.ok("komi 0");
    assert_eq!(gtp.ok("loadsgf copy.sgf"), "white");
    // The position is the same; the prisoner count is not part of a
    // static position.
    let reloaded = gtp.ok("showboard");
    let strip = |s: &str| {
        s.lines()
            .map(|l| l.split("     ").next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&reloaded), strip(&board));
    // A9 is dead (owl), as GNU Go 3.8 also says: W+3.5.
    assert_eq!(gtp.ok("final_score"), "W+3.5");
    std::fs::remove_dir_all(&dir).unwrap();
}
