//! Commands that set up a game: `boardsize`, `clear_board`, `komi`.

use crate::error::fail;
use crate::registry::Registry;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("boardsize", |s, args| {
        let Some(size) = args.number::<i64>(0) else {
            return fail("boardsize not an integer");
        };
        let Ok(size) = usize::try_from(size) else {
            return fail("unacceptable size");
        };
        if s.reset_board(size).is_err() {
            return fail("unacceptable size");
        }
        Ok(String::new())
    });
    r.add("clear_board", |s, _| {
        let size = s.board().size();
        s.reset_board(size)
            .map_err(|e| crate::CommandError::new(e.to_string()))?;
        Ok(String::new())
    });
    r.add("komi", |s, args| {
        let Some(komi) = args.float(0) else {
            return fail("komi not a float");
        };
        s.set_komi(komi);
        Ok(String::new())
    });
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn boardsize_accepts_2_to_25_and_clears() {
        let mut s = session();
        ok(&mut s, "play black D4");
        assert_eq!(ok(&mut s, "boardsize 9"), "");
        assert_eq!(s.board().size(), 9);
        assert_eq!(ok(&mut s, "list_stones black"), "");
        for size in [2, 25, 13] {
            ok(&mut s, &format!("boardsize {size}"));
            assert_eq!(s.board().size(), size);
        }
        for bad in ["1", "0", "26", "-5", "99999999999999999999"] {
            let want = if bad.len() > 18 {
                "boardsize not an integer"
            } else {
                "unacceptable size"
            };
            assert_eq!(
                run(&mut s, &format!("boardsize {bad}")),
                Err(want.into()),
                "{bad}"
            );
        }
        for bad in ["x", "7.0", ""] {
            assert_eq!(
                run(&mut s, &format!("boardsize {bad}")),
                Err("boardsize not an integer".into())
            );
        }
        assert_eq!(s.board().size(), 13, "failed commands change nothing");
    }

    #[test]
    fn clear_board_keeps_size_and_komi() {
        let mut s = session();
        ok(&mut s, "boardsize 9");
        ok(&mut s, "komi 3.5");
        ok(&mut s, "play black E5");
        ok(&mut s, "clear_board");
        assert_eq!(s.board().size(), 9);
        assert_eq!(ok(&mut s, "color E5"), "empty");
        assert_eq!(s.komi(), 3.5);
        assert_eq!(run(&mut s, "undo"), Err("cannot undo".into()));
    }

    #[test]
    fn komi_takes_finite_floats() {
        let mut s = session();
        for (arg, want) in [("6.5", 6.5), ("-3", -3.0), ("0", 0.0), ("1e1", 10.0)] {
            ok(&mut s, &format!("komi {arg}"));
            assert_eq!(s.komi(), want);
        }
        for bad in ["", "x", "nan", "inf", "6.5x"] {
            assert_eq!(
                run(&mut s, &format!("komi {bad}")),
                Err("komi not a float".into())
            );
        }
        assert_eq!(s.komi(), 10.0);
    }
}
