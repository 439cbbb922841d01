//! GNU Go's connection reading commands (gtp-commands.texi): `connect A B`
//! (can the strings at A and B be joined, their owner moving first) and
//! `disconnect A B` (can they be kept apart, the opponent moving first).
//! Both fail on an invalid or empty vertex and on stones of different
//! colours, and answer as `attack` does: the result code followed by the
//! move, `1 PASS` when no move is needed, `0` on failure.
//!
//! The reading is [`katachi_engine::connection`] on the session's tactical
//! reader (its depths, connection limits and cache); connection nodes and the tactical nodes
//! they spend are added to the reading node counter.

use katachi_engine::connection::{read_connect, read_disconnect};

use crate::analysis::{code_and_move, stone_arg, with_reader_counted};
use crate::args::Args;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Register `connect` and `disconnect`.
pub fn register(r: &mut Registry) {
    r.add("connect", |s, a| connection_query(s, a, true))
        .gogui("string/Connect/connect %p %p");
    r.add("disconnect", |s, a| connection_query(s, a, false))
        .gogui("string/Disconnect/disconnect %p %p");
}

fn connection_query(s: &mut Session, a: &Args<'_>, connect: bool) -> Reply {
    let p = stone_arg(s.board(), a, 0)?;
    let q = stone_arg(s.board(), a, 1)?;
    if s.board().cell(p) != s.board().cell(q) {
        return fail("vertices must have same color");
    }
    let out = with_reader_counted(s, |r| {
        // The session's limits (`level`, `increase_depths`, ...).
        let cfg = r.config().connection;
        let c = if connect {
            read_connect(r, p, q, &cfg)
        } else {
            read_disconnect(r, p, q, &cfg)
        };
        (c, c.stats.nodes())
    });
    Ok(code_and_move(s.board(), out.code, out.mv))
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::serve_script as run;

    #[test]
    fn connect_and_disconnect_answer_like_attack() {
        let out = run("boardsize 7\nplay b B4\nplay b D4\nplay b C4\nplay b F4\n\
             play w A1\n1 connect B4 D4\n2 disconnect B4 D4\n3 connect D4 F4\n\
             4 disconnect D4 F4\n");
        assert!(out.contains("=1 1 PASS\n"), "{out}");
        assert!(out.contains("=2 0\n"), "{out}");
        assert!(out.contains("=3 1 E4\n"), "{out}");
        // On this small board a white stone at E4 is captured (GNU Go agrees).
        assert!(out.contains("=4 0\n"), "{out}");
        let out = run("boardsize 7\nplay b B4\nplay b D4\nplay w C5\nplay w C3\n\
             1 disconnect B4 D4\n");
        assert!(out.contains("=1 1 C4\n"), "{out}");
    }

    #[test]
    fn bad_vertices_are_refused() {
        let out = run("boardsize 7\nplay b B4\nplay w D4\n1 connect B4 D4\n\
             2 connect B4 C4\n3 connect B4 Z9\n4 disconnect B4\n5 connect B4 B4\n");
        assert!(out.contains("?1 vertices must have same color\n"), "{out}");
        assert!(out.contains("?2 vertex must not be empty\n"), "{out}");
        assert!(out.contains("?3 "), "{out}");
        assert!(out.contains("?4 "), "{out}");
        assert!(out.contains("=5 1 PASS\n"), "{out}");
    }
}
