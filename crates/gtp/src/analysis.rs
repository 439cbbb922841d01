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
//! The analysis of the current position (its reader, cache and stages),
//! the depths and the counters live in the session's extensions
//! ([`AnalysisState`]), so nothing is global; every command reads the
//! stages from the one [`Analysis`] of the position.

use katachi_board::{Board, Color, IllegalMove, Move, Point};
use std::sync::Arc;

use katachi_engine::analysis::Analysis;
use katachi_engine::reading::{Code, ReadConfig, Reader};
use katachi_engine::unconditional::Status;

use crate::args::{color_word, parse_color, vertex_list, Args};
use crate::error::{fail, CommandError, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Analysis state kept across the commands of one session: the analysis
/// of the current position (its stages computed once while the position
/// stays the same), the reading configuration that `level`,
/// `increase_depths` and `decrease_depths` change, the reading node
/// counter and the `trymove` stack.
#[derive(Debug, Default)]
pub struct AnalysisState {
    /// The analysis of the position last asked about, with its key.
    current: Option<(PositionKey, Analysis)>,
    /// Depths and node limits, once a command changed them (the session's
    /// configuration's otherwise).
    reading: Option<ReadConfig>,
    nodes: u64,
    /// Moves played by `trymove`/`tryko` that `popgo` may take back.
    tried: usize,
}

/// What an analysis depends on: the size, the stones, the ko points and
/// the player to move (lively strings depend on it).
type PositionKey = (usize, u64, Option<Point>, Option<Point>, Color);

fn position_key(b: &Board) -> PositionKey {
    (
        b.size(),
        b.hash(),
        b.ko_point_for(Color::Black),
        b.ko_point_for(Color::White),
        b.to_move(),
    )
}

/// The analysis of the session's current position, computed when the
/// position or the configuration changed since the last command (the
/// tactical reader and its cache are carried over).
pub fn current_analysis(s: &mut Session) -> &Analysis {
    let board = s.board().clone();
    let mut config = s.config().analysis.clone();
    let st = state(s);
    if let Some(r) = st.reading {
        config.reading = r;
    }
    let key = position_key(&board);
    let fresh = st.current.as_ref().is_some_and(|(k, a)| {
        *k == key
            && a.config().reading == config.reading
            && Arc::ptr_eq(&a.config().knowledge, &config.knowledge)
    });
    if !fresh {
        let a = match st.current.take() {
            Some((_, old)) => Analysis::with_reader(board, config, old.into_reader()),
            None => Analysis::new(board, config),
        };
        st.current = Some((key, a));
    }
    &st.current.as_ref().expect("just set").1
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
        if let Some((_, a)) = state(s).current.as_ref() {
            a.reader().clear_cache();
        }
        Ok(String::new())
    });
    registry.add("increase_depths", |s, _| {
        reading_config(s).increase_depths();
        Ok(String::new())
    });
    registry.add("decrease_depths", |s, _| {
        reading_config(s).decrease_depths();
        Ok(String::new())
    });
    registry.add("centre_ties", |s, a| {
        let on = on_off(a, "centre_ties")?;
        reading_config(s).centre_ties = on;
        Ok(String::new())
    });
    registry.add("superstring_extension", |s, a| {
        let on = on_off(a, "superstring_extension")?;
        reading_config(s).superstring_extension = on;
        Ok(String::new())
    });
    registry.add("level", |s, a| {
        let Some(level) = a.get(0).and_then(|w| w.parse::<u32>().ok()) else {
            return fail("incorrect argument");
        };
        *reading_config(s) = ReadConfig::at_level(level);
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

fn state(s: &mut Session) -> &mut AnalysisState {
    s.extensions().get_or_default::<AnalysisState>()
}

/// Add `n` reading nodes to the session's node counter (a stage computed
/// for a command of another module).
pub(crate) fn add_nodes(s: &mut Session, n: u64) {
    state(s).nodes += n;
}

/// The switch argument of an `on|off` command named `name`.
fn on_off(a: &Args<'_>, name: &str) -> Result<bool, CommandError> {
    match a.get(0) {
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        _ => fail(format!("usage: {name} on|off")),
    }
}

/// The session's reading configuration, for a command that changes it.
fn reading_config(s: &mut Session) -> &mut ReadConfig {
    let from_session = s.config().analysis.reading;
    state(s).reading.get_or_insert(from_session)
}

/// Replace the session's reading configuration by `reading` (`None`:
/// the session's configuration) and return the one it replaces, so that
/// a command can read at another depth for a while and restore it (the
/// classic engine under time pressure).
pub(crate) fn swap_reading(s: &mut Session, reading: Option<ReadConfig>) -> Option<ReadConfig> {
    std::mem::replace(&mut state(s).reading, reading)
}

/// The reading configuration in force: the one a command set, else the
/// session's.
pub(crate) fn reading_in_force(s: &mut Session) -> ReadConfig {
    let from_session = s.config().analysis.reading;
    state(s).reading.unwrap_or(from_session)
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
pub(crate) fn vertex_arg(b: &Board, a: &Args<'_>, i: usize) -> Result<Point, CommandError> {
    match a.vertex(i, b) {
        Some(p) => Ok(p),
        None => fail("invalid vertex"),
    }
}

/// A move argument: a colour, then a vertex or `pass`.
pub(crate) fn move_arg(b: &Board, a: &Args<'_>, i: usize) -> Result<(Color, Move), CommandError> {
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
    with_reader_counted(s, |r| {
        let out = f(r);
        (out, r.last_stats().nodes)
    })
}

/// Run `f` on the session's reader (set to the current position); `f`
/// returns its answer and the reading nodes it spent, which are added to
/// the session's counter (for queries made of several tactical readings).
pub(crate) fn with_reader_counted<T>(
    s: &mut Session,
    f: impl FnOnce(&mut Reader) -> (T, u64),
) -> T {
    let (out, nodes) = f(&mut current_analysis(s).reader());
    state(s).nodes += nodes;
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
    // The worms' reading counts towards the node counter the first time
    // they are computed for this position.
    let before = current_analysis(s).reader().total().nodes;
    let a = current_analysis(s);
    let worms = a.worms();
    let spent = a.reader().total().nodes - before;
    let mut out = Vec::new();
    for p in board.points() {
        if only.is_some_and(|q| q != p) {
            continue;
        }
        out.push(worms.format_gnugo(&board, p));
    }
    let out = out.join("\n");
    state(s).nodes += spent;
    Ok(out)
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
    match katachi_engine::predicates::accurate_liberties(b, c, p) {
        Some(libs) => Ok(vertex_list(b, libs)),
        None => fail("vertex must be empty"),
    }
}

fn unconditional_status(s: &mut Session, a: &Args<'_>) -> Reply {
    let p = vertex_arg(s.board(), a, 0)?;
    let status = current_analysis(s).unconditional().status(p);
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
