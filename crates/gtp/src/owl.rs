//! GNU Go's owl commands (gtp-commands.texi), answered from the owl stage
//! of the position's [`Analysis`](katachi_engine::analysis::Analysis)
//! (PARTIAL: the owl reader is a first version, see
//! `katachi_engine::owl`):
//!
//! - `owl_attack VERTEX`, `owl_defend VERTEX`: `0`, or the code and the
//!   move (`1 E9`; `2 E9` / `3 E9` for the two grades of ko; `1 PASS`
//!   when the dragon is already dead, resp. alive), as `attack` and
//!   `find_defense` answer.
//! - `owl_does_attack MOVE VERTEX`, `owl_does_defend MOVE VERTEX`: the
//!   code alone (`0`, `1`, `2`, `3`); the move must be empty.
//! - `get_owl_node_counter`, `reset_owl_node_counter`: the owl nodes
//!   (positions examined) spent since the last reset.
//!
//! Errors as GNU Go 3.8 words them: `vertex must not be empty` for an
//! empty dragon vertex, `move vertex must be empty` for an occupied move.

use katachi_board::{Move, Point};
use katachi_engine::owl::OwlAnswer;

use crate::analysis::{code_and_move, current_analysis, move_arg, stone_arg, vertex_arg};
use crate::args::Args;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// The session's owl node counter.
#[derive(Debug, Default)]
struct OwlNodes(u64);

/// Register the owl commands.
pub fn register(r: &mut Registry) {
    r.add("owl_attack", |s, a| owl_query(s, a, true));
    r.add("owl_defend", |s, a| owl_query(s, a, false));
    r.add("owl_does_attack", |s, a| owl_does(s, a, true));
    r.add("owl_does_defend", |s, a| owl_does(s, a, false));
    r.add("analyze_semeai", analyze_semeai);
    r.add("analyze_semeai_after_move", analyze_semeai_after_move);
    r.add("get_owl_node_counter", |s, _| {
        Ok(s.extensions().get_or_default::<OwlNodes>().0.to_string())
    });
    r.add("reset_owl_node_counter", |s, _| {
        s.extensions().get_or_default::<OwlNodes>().0 = 0;
        Ok(String::new())
    });
}

/// Count an answer's nodes on the session's owl counter.
fn count(s: &mut Session, a: &OwlAnswer) {
    s.extensions().get_or_default::<OwlNodes>().0 += a.nodes;
}

fn owl_query(s: &mut Session, a: &Args<'_>, attack: bool) -> Reply {
    let p = stone_arg(s.board(), a, 0)?;
    let answer = if attack {
        current_analysis(s).owl_attack(p)
    } else {
        current_analysis(s).owl_defend(p)
    };
    let Some(answer) = answer else {
        return fail("vertex must not be empty");
    };
    count(s, &answer);
    Ok(code_and_move(
        s.board(),
        answer.outcome.code,
        answer.outcome.mv,
    ))
}

fn owl_does(s: &mut Session, a: &Args<'_>, attack: bool) -> Reply {
    let mv: Point = vertex_arg(s.board(), a, 0)?;
    if s.board().cell(mv).color().is_some() {
        return fail("move vertex must be empty");
    }
    let p = stone_arg(s.board(), a, 1)?;
    let Some(answer) = current_analysis(s).owl_does(mv, p, attack) else {
        return fail("vertex must not be empty");
    };
    count(s, &answer);
    Ok(answer.outcome.code.gtp().to_string())
}

/// `analyze_semeai A B`: `defence attack move`, A's owner to move.
fn analyze_semeai(s: &mut Session, a: &Args<'_>) -> Reply {
    let pa = stone_arg(s.board(), a, 0)?;
    let pb = stone_arg(s.board(), a, 1)?;
    if s.board().cell(pa) == s.board().cell(pb) {
        return fail("dragons must be of opposite colors");
    }
    let Some(answer) = current_analysis(s).semeai(pa, pb) else {
        return fail("vertex must not be empty");
    };
    s.extensions().get_or_default::<OwlNodes>().0 += answer.nodes;
    Ok(answer.format(s.board()))
}

/// `analyze_semeai_after_move COLOR MOVE A B`: the same after the move.
fn analyze_semeai_after_move(s: &mut Session, a: &Args<'_>) -> Reply {
    let (c, mv) = move_arg(s.board(), a, 0)?;
    if let Move::Play(p) = mv {
        if s.board().cell(p).color().is_some() {
            return fail("move vertex must be empty");
        }
    }
    let pa = stone_arg(s.board(), a, 2)?;
    let pb = stone_arg(s.board(), a, 3)?;
    if s.board().cell(pa) == s.board().cell(pb) {
        return fail("dragons must be of opposite colors");
    }
    let Some(answer) = current_analysis(s).semeai_after_move(c, mv, pa, pb) else {
        return fail("illegal move");
    };
    s.extensions().get_or_default::<OwlNodes>().0 += answer.nodes;
    Ok(answer.format(s.board()))
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::serve_script as run;

    #[test]
    fn owl_commands_answer_in_gnugo_formats() {
        let out = run("boardsize 7\nplay b C3\nplay w E5\n\
             1 owl_attack D4\n2 owl_does_attack C3 E5\n3 owl_attack C3\n\
             4 reset_owl_node_counter\n5 get_owl_node_counter\n");
        assert!(out.contains("?1 vertex must not be empty\n\n"), "{out}");
        assert!(out.contains("?2 move vertex must be empty\n\n"), "{out}");
        // A lone stone in the open cannot be killed.
        assert!(out.contains("=3 0\n\n"), "{out}");
        assert!(out.contains("=5 0\n\n"), "{out}");
    }
}
