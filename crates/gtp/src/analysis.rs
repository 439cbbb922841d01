//! GNU Go's analysis commands over katachi's tactical core: reading
//! (`attack`, `defend`, `attack_either`, `defend_both`, `does_attack`,
//! `does_defend`, `ladder_attack`), the hypothetical-move stack (`trymove`,
//! `trymovex`, `tryko`, `popgo`), worms (`worm_data`, `worm_stones`,
//! `worm_cutstone`), liberties (`countlib`, `findlib`, `accuratelib`),
//! `is_legal`, `unconditional_status`, depth settings and node counters.
//! Answers follow GNU Go 3.8's formats (gtp-commands.texi), e.g. `attack`
//! answers `1 C3` (code, then move) or `0`; codes are 1 win, 2 ko taken
//! first, 3 ko needing a threat first.
//!
//! The reader, its cache, depths and counters live in the session's
//! extensions ([`ReadingState`]), so nothing is global.

use katachi_board::{Board, Color, IllegalMove, Move, Point};
use katachi_engine::reading::{Code, ReadConfig, Reader};
use katachi_engine::unconditional::{Status, Unconditional};
use katachi_engine::worms::Worms;

use crate::args::{color_word, parse_color, vertex_list, Args};
use crate::error::{fail, CommandError, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Reading state kept across the commands of one session.
#[derive(Debug, Default)]
pub struct ReadingState {
    reader: Option<Reader>,
    config: ReadConfig,
    nodes: u64,
    /// Moves played by `trymove`/`tryko` that `popgo` may take back.
    tried: usize,
    /// Unconditional statuses of the last position asked about.
    unconditional: Option<(u64, Unconditional)>,
}

impl ReadingState {
    /// The reader, set to `board` and to the current depths.
    fn reader(&mut self, board: &Board) -> &mut Reader {
        let cfg = self.config;
        let r = self
            .reader
            .get_or_insert_with(|| Reader::new(board.clone(), cfg));
        if *r.config() != cfg {
            r.set_config(cfg);
        }
        r.set_board(board);
        r
    }
}

/// Register the analysis commands. `countlib`, `findlib` and `is_legal` are
/// added only if the core commands do not provide them already.
pub fn register(registry: &mut Registry) {
    registry
        .add("attack", |s, a| reading_query(s, a, Query::Attack))
        .gogui("string/Attack/attack %p");
    registry
        .add("defend", |s, a| reading_query(s, a, Query::Defend))
        .gogui("string/Defend/defend %p");
    registry.add("ladder_attack", |s, a| reading_query(s, a, Query::Ladder));
    registry.add("attack_either", |s, a| two_strings(s, a, true));
    registry.add("defend_both", |s, a| two_strings(s, a, false));
    registry.add("does_attack", |s, a| does(s, a, true));
    registry.add("does_defend", |s, a| does(s, a, false));
    registry.add("trymove", |s, a| trymove(s, a, false));
    registry.add("trymovex", |s, a| trymove(s, a, false));
    registry.add("tryko", |s, a| trymove(s, a, true));
    registry.add("popgo", popgo);
    registry.add("clear_cache", |s, _| {
        if let Some(r) = state(s).reader.as_mut() {
            r.clear_cache();
        }
        Ok(String::new())
    });
    registry.add("increase_depths", |s, _| {
        state(s).config.increase_depths();
        Ok(String::new())
    });
    registry.add("decrease_depths", |s, _| {
        state(s).config.decrease_depths();
        Ok(String::new())
    });
    registry.add("reset_reading_node_counter", |s, _| {
        state(s).nodes = 0;
        Ok(String::new())
    });
    registry.add("get_reading_node_counter", |s, _| {
        Ok(state(s).nodes.to_string())
    });
    registry.add("worm_data", worm_data);
    registry.add("worm_stones", worm_stones);
    registry.add("worm_cutstone", |s, a| {
        let p = stone_arg(s.board(), a, 0)?;
        Ok(katachi_engine::worms::cutstone(s.board(), p).to_string())
    });
    registry.add("accuratelib", accuratelib);
    registry.add("accurate_approxlib", accuratelib);
    registry
        .add("unconditional_status", unconditional_status)
        .gogui("string/Unconditional status/unconditional_status %p");
    if !registry.contains("countlib") {
        registry.add("countlib", |s, a| {
            let p = stone_arg(s.board(), a, 0)?;
            Ok(s.board().liberty_count(p).to_string())
        });
    }
    if !registry.contains("findlib") {
        registry.add("findlib", |s, a| {
            let p = stone_arg(s.board(), a, 0)?;
            let b = s.board();
            Ok(vertex_list(b, b.liberties(p)))
        });
    }
    if !registry.contains("is_legal") {
        registry.add("is_legal", |s, a| {
            let (c, m) = move_arg(s.board(), a, 0)?;
            Ok(if s.board().is_legal(c, m) { "1" } else { "0" }.to_string())
        });
    }
}

#[derive(Clone, Copy)]
enum Query {
    Attack,
    Defend,
    Ladder,
}

fn state(s: &mut Session) -> &mut ReadingState {
    s.extensions().get_or_default::<ReadingState>()
}

/// How many of the board's last moves are `trymove`/`tryko` moves that
/// `popgo` may still take back (not moves of the game).
pub fn tried_moves(s: &mut Session) -> usize {
    state(s).tried
}

/// A vertex argument that must hold a stone.
pub(crate) fn stone_arg(b: &Board, a: &Args<'_>, i: usize) -> Result<Point, CommandError> {
    let p = vertex_arg(b, a, i)?;
    if b.cell(p).color().is_none() {
        return fail("vertex must not be empty");
    }
    Ok(p)
}

/// A vertex argument, empty or not.
fn vertex_arg(b: &Board, a: &Args<'_>, i: usize) -> Result<Point, CommandError> {
    match a.vertex(i, b) {
        Some(p) => Ok(p),
        None => fail("invalid vertex"),
    }
}

/// A move argument: a colour, then a vertex or `pass`.
fn move_arg(b: &Board, a: &Args<'_>, i: usize) -> Result<(Color, Move), CommandError> {
    let Some(c) = a.get(i).and_then(parse_color) else {
        return fail("invalid color");
    };
    match a.game_move(i + 1, b) {
        Some(m) => Ok((c, m)),
        None => fail("invalid vertex"),
    }
}

/// `code move` for a success, `0` for a failure.
pub(crate) fn code_and_move(b: &Board, code: Code, mv: Option<Point>) -> String {
    if code == Code::Fail {
        "0".to_string()
    } else {
        let v = mv.map_or_else(|| "PASS".to_string(), |p| b.vertex(p));
        format!("{} {}", code.gtp(), v)
    }
}

/// Run `f` on the session's reader (set to the current position) and add
/// its nodes to the session's counter.
fn with_reader<T>(s: &mut Session, f: impl FnOnce(&mut Reader) -> T) -> T {
    let board = s.board().clone();
    let st = state(s);
    let r = st.reader(&board);
    let out = f(r);
    let nodes = r.last_stats().nodes;
    st.nodes += nodes;
    out
}

/// Run `f` on the session's reader (set to the current position); `f`
/// returns its answer and the reading nodes it spent, which are added to
/// the session's counter (for queries made of several tactical readings).
pub(crate) fn with_reader_counted<T>(
    s: &mut Session,
    f: impl FnOnce(&mut Reader) -> (T, u64),
) -> T {
    let board = s.board().clone();
    let st = state(s);
    let (out, nodes) = f(st.reader(&board));
    st.nodes += nodes;
    out
}

fn reading_query(s: &mut Session, a: &Args<'_>, q: Query) -> Reply {
    let p = stone_arg(s.board(), a, 0)?;
    let out = with_reader(s, |r| match q {
        Query::Attack => r.attack(p),
        Query::Defend => r.find_defense(p),
        Query::Ladder => r.ladder_attack(p),
    });
    Ok(code_and_move(s.board(), out.code, out.mv))
}

fn two_strings(s: &mut Session, a: &Args<'_>, either: bool) -> Reply {
    let p = stone_arg(s.board(), a, 0)?;
    let q = stone_arg(s.board(), a, 1)?;
    let code = with_reader(s, |r| {
        if either {
            r.attack_either(p, q)
        } else {
            r.defend_both(p, q)
        }
    });
    Ok(code.gtp().to_string())
}

fn does(s: &mut Session, a: &Args<'_>, attack: bool) -> Reply {
    let m = vertex_arg(s.board(), a, 0)?;
    let t = stone_arg(s.board(), a, 1)?;
    if s.board().cell(m).color().is_some() {
        return fail("move vertex must be empty");
    }
    let code = with_reader(s, |r| {
        if attack {
            r.does_attack(m, t)
        } else {
            r.does_defend(m, t)
        }
    });
    Ok(code.gtp().to_string())
}

fn trymove(s: &mut Session, a: &Args<'_>, ko: bool) -> Reply {
    let (c, m) = move_arg(s.board(), a, 0)?;
    let board = s.board_mut();
    let played = match board.try_move(c, m) {
        Ok(_) => true,
        Err(IllegalMove::Ko) if ko => {
            // Legal in every respect but the ko rule: a threat was answered.
            board.play_unchecked(c, m);
            true
        }
        Err(_) => false,
    };
    if !played {
        return fail("illegal move");
    }
    state(s).tried += 1;
    Ok(String::new())
}

fn popgo(s: &mut Session, _a: &Args<'_>) -> Reply {
    let st = state(s);
    if st.tried == 0 {
        return fail("Stack empty.");
    }
    st.tried -= 1;
    match s.board_mut().undo() {
        Ok(()) => Ok(String::new()),
        Err(_) => fail("Stack empty."),
    }
}

fn worm_data(s: &mut Session, a: &Args<'_>) -> Reply {
    let only = match a.get(0) {
        Some(_) => Some(vertex_arg(s.board(), a, 0)?),
        None => None,
    };
    let board = s.board().clone();
    let worms = with_reader(s, |r| Worms::compute(&board, r));
    let mut out = Vec::new();
    for p in board.points() {
        if only.is_some_and(|q| q != p) {
            continue;
        }
        out.push(worms.format_gnugo(&board, p));
    }
    Ok(out.join("\n"))
}

fn worm_stones(s: &mut Session, a: &Args<'_>) -> Reply {
    let b = s.board();
    let p = stone_arg(b, a, 0)?;
    if let Some(c) = a.get(1).and_then(parse_color) {
        if b.cell(p).color() != Some(c) {
            return fail(format!("vertex is not {}", color_word(c)));
        }
    }
    Ok(vertex_list(b, b.stones(p)))
}

fn accuratelib(s: &mut Session, a: &Args<'_>) -> Reply {
    let b = s.board();
    let (c, m) = move_arg(b, a, 0)?;
    let Move::Play(p) = m else {
        return fail("invalid vertex");
    };
    match katachi_engine::libs::accurate_liberties(b, c, p) {
        Some(libs) => Ok(vertex_list(b, libs)),
        None => fail("vertex must be empty"),
    }
}

fn unconditional_status(s: &mut Session, a: &Args<'_>) -> Reply {
    let p = vertex_arg(s.board(), a, 0)?;
    let board = s.board().clone();
    let key = board.hash() ^ (board.size() as u64).rotate_left(32);
    let st = state(s);
    if st.unconditional.as_ref().is_none_or(|(k, _)| *k != key) {
        st.unconditional = Some((key, Unconditional::compute(&board)));
    }
    let status = st
        .unconditional
        .as_ref()
        .map_or(Status::Undecided, |(_, u)| u.status(p));
    Ok(match status {
        Status::Undecided => "undecided",
        Status::Alive => "alive",
        Status::Dead => "dead",
        Status::WhiteTerritory => "white_territory",
        Status::BlackTerritory => "black_territory",
    }
    .to_string())
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, run, session};

    #[test]
    fn attack_defend_and_the_try_stack() {
        let mut s = session();
        ok(&mut s, "boardsize 7");
        for m in ["black C4", "white D4", "black D5", "black E4"] {
            ok(&mut s, &format!("play {m}"));
        }
        // White D4 has one liberty (D3): Black captures there.
        assert_eq!(ok(&mut s, "attack D4"), "1 D3");
        assert_eq!(ok(&mut s, "countlib D4"), "1");
        assert!(
            ok(&mut s, "get_reading_node_counter")
                .parse::<u64>()
                .unwrap()
                > 0
        );
        ok(&mut s, "trymove white D3");
        assert_eq!(ok(&mut s, "countlib D4"), "3");
        ok(&mut s, "popgo");
        assert!(run(&mut s, "popgo").is_err());
        assert_eq!(
            run(&mut s, "attack A1"),
            Err("vertex must not be empty".into())
        );
        assert_eq!(ok(&mut s, "accuratelib white D3"), "C3 E3 D2");
        assert_eq!(ok(&mut s, "unconditional_status D4"), "undecided");
    }
}
