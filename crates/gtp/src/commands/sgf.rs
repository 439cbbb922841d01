//! SGF commands: `loadsgf FILE [N|VERTEX]` and `printsgf [FILE|-]`.
//!
//! `loadsgf` follows GNU Go: the main line is loaded up to (not including)
//! move N, or up to the first move at VERTEX, or entirely; the answer is the
//! colour to move. Komi is taken from `KM` when the file has it, otherwise
//! the session's komi stays. Moves loaded from the file can be taken back
//! with `undo`. Relative file names are relative to the working directory
//! (GNU Go's regression suites rely on this).
//!
//! `printsgf` writes the current position as a one-node game (`SZ`, `KM`,
//! `AB`, `AW`, `PL`), as GNU Go does: to the file if one is named,
//! otherwise as the answer.

use katachi_sgf::{load, parse_bytes, position_record, write_game, Target};

use crate::args::color_word;
use crate::error::{fail, CommandError};
use crate::registry::Registry;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("loadsgf", |s, args| {
        let Some(file) = args.get(0) else {
            return fail("missing filename");
        };
        let cannot =
            |why: String| CommandError::new(format!("cannot open or parse '{file}': {why}"));
        let bytes = read_game_file(file).map_err(cannot)?;
        let collection = parse_bytes(&bytes).map_err(|e| cannot(e.to_string()))?;
        let Some(game) = collection.games.first() else {
            return Err(cannot("no game in the file".to_string()));
        };
        let whole = load(game, Target::End, &[]).map_err(|e| cannot(e.to_string()))?;
        let loaded = match args.get(1) {
            None => whole,
            Some(word) if word.bytes().all(|b| b.is_ascii_digit()) => {
                let Ok(n) = word.parse::<usize>() else {
                    return fail("invalid move number or vertex");
                };
                if n == 0 {
                    whole
                } else {
                    load(game, Target::BeforeMove(n), &[]).map_err(|e| cannot(e.to_string()))?
                }
            }
            Some(word) => {
                let Ok(p) = whole.board.parse_vertex(word) else {
                    return fail("invalid move number or vertex");
                };
                let (row, col) = whole.board.row_col(p);
                load(game, Target::FirstMoveAt(row, col), &[]).map_err(|e| cannot(e.to_string()))?
            }
        };
        let to_move = loaded.to_move;
        s.set_board(loaded.board);
        if let Some(komi) = loaded.komi {
            s.set_komi(komi);
        }
        s.set_handicap(loaded.handicap.unwrap_or(0));
        Ok(color_word(to_move).to_string())
    });
    r.add("printsgf", |s, args| {
        let text = write_game(&position_record(s.board(), s.komi()));
        match args.get(0) {
            None | Some("-") => Ok(text),
            Some(file) => {
                std::fs::write(file, text)
                    .map_err(|e| CommandError::new(format!("cannot write '{file}': {e}")))?;
                Ok(String::new())
            }
        }
    })
    .gogui("string/Position as SGF/printsgf");
}

/// Largest SGF file `loadsgf` reads. Real game records are a few kB; the
/// limit keeps a mistaken path from exhausting memory.
pub const MAX_SGF_BYTES: u64 = 16 * 1024 * 1024;

/// Read a game file: only regular files (not `/dev/zero`, `/dev/stdin`,
/// FIFOs or directories), at most [`MAX_SGF_BYTES`].
fn read_game_file(file: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let handle = std::fs::File::open(file).map_err(|e| e.to_string())?;
    let meta = handle.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    let mut bytes = Vec::new();
    handle
        .take(MAX_SGF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SGF_BYTES {
        return Err(format!("larger than {MAX_SGF_BYTES} bytes"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::commands::testing::{ok, run, session};

    /// A fresh directory under the system temporary directory.
    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("katachi-gtp-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[5.5]AB[cc]AW[dd];B[ee];W[ff];B[gg]C[three])";

    #[test]
    fn loadsgf_whole_game_up_to_a_move_and_up_to_a_vertex() {
        let dir = temp_dir("load");
        let file = dir.join("a.sgf");
        std::fs::write(&file, GAME).unwrap();
        let f = file.display().to_string();
        let mut s = session();
        assert_eq!(ok(&mut s, &format!("loadsgf {f}")), "white");
        assert_eq!(s.board().size(), 9);
        assert_eq!(s.komi(), 5.5);
        assert_eq!(ok(&mut s, "list_stones black"), "C7 E5 G3");
        assert_eq!(ok(&mut s, "list_stones white"), "D6 F4");
        assert_eq!(ok(&mut s, &format!("loadsgf {f} 2")), "white");
        assert_eq!(ok(&mut s, "list_stones black"), "C7 E5");
        assert_eq!(ok(&mut s, "list_stones white"), "D6");
        assert_eq!(ok(&mut s, &format!("loadsgf {f} 1")), "black");
        assert_eq!(ok(&mut s, "list_stones black"), "C7");
        assert_eq!(ok(&mut s, &format!("loadsgf {f} F4")), "white");
        assert_eq!(ok(&mut s, "list_stones black"), "C7 E5");
        assert_eq!(ok(&mut s, &format!("loadsgf {f} 100")), "white");
        assert_eq!(ok(&mut s, "list_stones black"), "C7 E5 G3");
        assert_eq!(ok(&mut s, &format!("loadsgf {f} 0")), "white");
        // Loaded moves can be undone, setup stones cannot.
        ok(&mut s, "undo");
        ok(&mut s, "undo");
        ok(&mut s, "undo");
        assert_eq!(ok(&mut s, "list_stones black"), "C7");
        assert_eq!(run(&mut s, "undo"), Err("cannot undo".into()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn loadsgf_failures_leave_the_position_alone() {
        let dir = temp_dir("bad");
        let bad = dir.join("bad.sgf");
        std::fs::write(&bad, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
        let junk = dir.join("junk.sgf");
        std::fs::write(&junk, b"\xff\x00(;;;[[[").unwrap();
        let good = dir.join("good.sgf");
        std::fs::write(&good, GAME).unwrap();
        let mut s = session();
        ok(&mut s, "play black D4");
        assert_eq!(run(&mut s, "loadsgf"), Err("missing filename".into()));
        let big = dir.join("big.sgf");
        let mut huge = b"(;SZ[9]C[".to_vec();
        huge.resize(super::MAX_SGF_BYTES as usize + 10, b'x');
        std::fs::write(&big, huge).unwrap();
        for file in [dir.join("missing.sgf"), bad, junk, big, dir.clone()] {
            let f = file.display().to_string();
            let e = run(&mut s, &format!("loadsgf {f}")).unwrap_err();
            assert!(e.starts_with(&format!("cannot open or parse '{f}'")), "{e}");
        }
        let g = good.display().to_string();
        for arg in ["x", "Z9", "-1", "99999999999999999999999"] {
            assert_eq!(
                run(&mut s, &format!("loadsgf {g} {arg}")),
                Err("invalid move number or vertex".into()),
                "{arg}"
            );
        }
        #[cfg(unix)]
        for device in ["/dev/zero", "/dev/null"] {
            let e = run(&mut s, &format!("loadsgf {device}")).unwrap_err();
            assert_eq!(
                e,
                format!("cannot open or parse '{device}': not a regular file")
            );
        }
        assert_eq!(s.board().size(), 19);
        assert_eq!(ok(&mut s, "list_stones black"), "D4");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn printsgf_round_trips_through_loadsgf() {
        let dir = temp_dir("print");
        let mut s = session();
        ok(&mut s, "boardsize 7");
        ok(&mut s, "komi 0.5");
        ok(&mut s, "play b C3");
        ok(&mut s, "play w E5");
        ok(&mut s, "play b D4");
        let text = ok(&mut s, "printsgf");
        assert!(text.starts_with("(;"), "{text}");
        assert!(
            text.contains("SZ[7]") && text.contains("KM[0.5]") && text.contains("PL[W]"),
            "{text}"
        );
        assert_eq!(ok(&mut s, "printsgf -"), text);
        let file = dir.join("out.sgf");
        let f = file.display().to_string();
        assert_eq!(ok(&mut s, &format!("printsgf {f}")), "");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
        let mut t = session();
        assert_eq!(ok(&mut t, &format!("loadsgf {f}")), "white");
        assert_eq!(ok(&mut t, "showboard"), ok(&mut s, "showboard"));
        assert_eq!(t.komi(), 0.5);
        let nowhere = dir.join("no/such/dir/x.sgf").display().to_string();
        assert!(run(&mut s, &format!("printsgf {nowhere}"))
            .unwrap_err()
            .starts_with("cannot write"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
