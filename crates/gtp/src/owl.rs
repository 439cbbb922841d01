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
//! - `owl_threaten_attack VERTEX`, `owl_threaten_defense VERTEX`: `0`, or
//!   the code and the two moves of the side that moves twice (`1 B1 A2`,
//!   `1 A2 PASS` when one move does it).
//! - `owl_connection_defends MOVE A B`: the code of the move as a defence
//!   of the two dragons read as one goal.
//! - `owl_substantial VERTEX`: `1` when capturing the string leaves the
//!   opponent strings around it alive, else `0`.
//! - `analyze_semeai A B`, `analyze_semeai_after_move COLOR MOVE A B`:
//!   `defence attack move` (`1 0 PASS`, `1 1 E9`, ko codes as above), the
//!   owner of A to move (see `katachi_engine::owl::semeai`).
//! - `combination_attack COLOR`: the first move of a combination
//!   (`PASS` when none); `combination_defend COLOR`: the opponent's
//!   moves that defend against it (`PASS` when there is none);
//!   `aa_confirm_safety COLOR MOVE [MINSIZE]`: `1`, or `0` and the
//!   opponent's combination move when the move allows a new one (see
//!   `katachi_engine::owl::combination`).
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
    r.add("owl_threaten_attack", |s, a| owl_threaten(s, a, true));
    r.add("owl_threaten_defense", |s, a| owl_threaten(s, a, false));
    r.add("owl_connection_defends", owl_connection_defends);
    r.add("owl_substantial", owl_substantial);
    r.add("combination_attack", combination_attack);
    r.add("combination_defend", combination_defend);
    r.add("aa_confirm_safety", aa_confirm_safety);
    r.add("break_in", |s, a| break_in(s, a, true));
    r.add("block_off", |s, a| break_in(s, a, false));
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

/// `owl_threaten_attack V` / `owl_threaten_defense V`: `0`, or the code
/// and both moves (`1 B1 A2`; `PASS` when the first alone does it).
fn owl_threaten(s: &mut Session, a: &Args<'_>, attack: bool) -> Reply {
    let p = stone_arg(s.board(), a, 0)?;
    let Some((answer, second)) = current_analysis(s).owl_threaten(p, attack) else {
        return fail("vertex must not be empty");
    };
    count(s, &answer);
    let code = answer.outcome.code;
    if !code.is_success() {
        return Ok("0".to_string());
    }
    let v = |m: Option<Point>| m.map_or_else(|| "PASS".to_string(), |p| s.board().vertex(p));
    Ok(format!(
        "{} {} {}",
        code.gtp(),
        v(answer.outcome.mv),
        v(second)
    ))
}

/// `owl_connection_defends MOVE A B`: the code of the move as a defence
/// of both dragons read as one.
fn owl_connection_defends(s: &mut Session, a: &Args<'_>) -> Reply {
    let mv: Point = vertex_arg(s.board(), a, 0)?;
    if s.board().cell(mv).color().is_some() {
        return fail("move vertex must be empty");
    }
    let pa = stone_arg(s.board(), a, 1)?;
    let pb = stone_arg(s.board(), a, 2)?;
    let Some(answer) = current_analysis(s).owl_connection_defends(mv, pa, pb) else {
        return fail("dragons must be of the same color");
    };
    count(s, &answer);
    Ok(answer.outcome.code.gtp().to_string())
}

/// `combination_attack COLOR`: the move of a combination attack, or
/// `PASS` when none is found.
fn combination_attack(s: &mut Session, a: &Args<'_>) -> Reply {
    let Some(c) = a.color(0) else {
        return fail("invalid color");
    };
    let found = current_analysis(s).combination_attack(c);
    Ok(found.map_or_else(|| "PASS".to_string(), |(p, _)| s.board().vertex(p)))
}

/// `combination_defend COLOR`: the opponent's moves that defend against
/// every combination of `COLOR` (board order), `PASS` when it has none.
fn combination_defend(s: &mut Session, a: &Args<'_>) -> Reply {
    let Some(c) = a.color(0) else {
        return fail("invalid color");
    };
    let Some(moves) = current_analysis(s).combination_defend(c) else {
        return Ok("PASS".to_string());
    };
    let b = s.board();
    Ok(moves
        .iter()
        .map(|&p| b.vertex(p))
        .collect::<Vec<_>>()
        .join(" "))
}

/// `aa_confirm_safety COLOR MOVE [MINSIZE]`: `1` when the move lets the
/// opponent no new combination (threatening strings of at least MINSIZE
/// stones, default 0), else `0` and the opponent's combination move.
fn aa_confirm_safety(s: &mut Session, a: &Args<'_>) -> Reply {
    let (c, mv) = move_arg(s.board(), a, 0)?;
    let Move::Play(p) = mv else {
        return fail("invalid move");
    };
    let minsize = match a.get(2) {
        None => 0,
        Some(w) => match w.parse::<i64>() {
            Ok(n) => n.max(0) as usize,
            Err(_) => return fail("invalid minsize"),
        },
    };
    match current_analysis(s).aa_confirm_safety(c, p, minsize) {
        Err(_) => fail("illegal move"),
        Ok(None) => Ok("1".to_string()),
        Ok(Some(m)) => Ok(format!("0 {}", s.board().vertex(m))),
    }
}

/// `break_in S AREA...` (`breaking`) and `block_off S AREA...`: `1` and
/// the move (`PASS` for a block that needs none), or `0`.
fn break_in(s: &mut Session, a: &Args<'_>, breaking: bool) -> Reply {
    let p = stone_arg(s.board(), a, 0)?;
    let mut area: Vec<Point> = Vec::new();
    for i in 1..a.len() {
        area.push(vertex_arg(s.board(), a, i)?);
    }
    let v = |m: Option<Point>, b: &katachi_board::Board| {
        m.map_or_else(|| "PASS".into(), |m| b.vertex(m))
    };
    let found = if breaking {
        current_analysis(s).break_in(p, &area).map(Some)
    } else {
        current_analysis(s).block_off(p, &area)
    };
    Ok(match found {
        Some(m) => format!("1 {}", v(m, s.board())),
        None => "0".to_string(),
    })
}

/// `owl_substantial V`: `1` when capturing the string at V leaves the
/// strings around it alive, else `0`.
fn owl_substantial(s: &mut Session, a: &Args<'_>) -> Reply {
    let p = stone_arg(s.board(), a, 0)?;
    let Some(lives) = current_analysis(s).owl_substantial(p) else {
        return fail("vertex must not be empty");
    };
    Ok(u8::from(lives).to_string())
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

    #[test]
    fn semeai_commands_answer_in_gnugo_formats() {
        // White's corner string (A2, B2, B1 free) against Black's wall
        // (E3, E2, E1 free): three liberties each, the first mover wins.
        let mut script = String::from("boardsize 7\n");
        for v in [
            "A5", "B5", "C5", "D5", "E5", "E4", "A3", "B3", "C3", "C2", "C1", "F2", "F1",
        ] {
            script.push_str(&format!("play w {v}\n"));
        }
        for v in ["A4", "B4", "C4", "D4", "D3", "D2", "D1"] {
            script.push_str(&format!("play b {v}\n"));
        }
        script.push_str(
            "1 analyze_semeai D4 C3\n2 analyze_semeai D4 D1\n\
             3 analyze_semeai_after_move white E3 D4 C3\n4 owl_substantial C3\n",
        );
        let out = run(&script);
        assert!(out.contains("=1 1 1 "), "{out}");
        assert!(
            out.contains("?2 dragons must be of opposite colors"),
            "{out}"
        );
        // With E3 filled Black is a liberty short even moving first.
        assert!(out.contains("=3 0 0 PASS"), "{out}");
        // Capturing the corner string leaves Black's wall alive.
        assert!(out.contains("=4 1"), "{out}");
    }
}
