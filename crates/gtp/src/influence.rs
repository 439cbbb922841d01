//! GNU Go's influence commands (gtp-commands.texi), answered from the
//! influence stage of the position's
//! [`Analysis`](katachi_engine::analysis::Analysis):
//!
//! - `initial_influence COLOR KEY`: the map KEY of the influence computed
//!   with COLOR to move next, in GNU Go's layout (one row per board row,
//!   top first; `%6.2f ` per value, `%2d ` for `influence_regions` and
//!   `non_territory`). Keys: `white_influence`, `black_influence`,
//!   `white_strength`, `black_strength`, `white_attenuation`,
//!   `black_attenuation`, `white_permeability`, `black_permeability`,
//!   `territory_value`, `influence_regions`, `non_territory`.
//! - `move_influence COLOR VERTEX KEY`: the same after COLOR plays at
//!   VERTEX, with the opponent to move next (the influence GNU Go values
//!   a move with, influence.texi "Influence and Territory"). GNU Go 3.8
//!   itself crashes on this command outside its move generation, so its
//!   answers were not compared.
//! - `followup_influence COLOR VERTEX KEY`: the same after COLOR plays at
//!   VERTEX, with COLOR to move again: its intrusion sources stand for
//!   the natural followup moves of the move (influence.texi "Influence
//!   and Territory": the followup value is the territory this influence
//!   takes beyond the move's own). GNU Go 3.8 answers this command (and
//!   `move_influence`) only from its last move generation's cache, with
//!   the same map whatever the move, so its answers were not compared
//!   either.
//!
//! - `katachi-territory MODEL [COLOR]` (katachi's own): whose territory
//!   each point is by MODEL, `influence` (GNU Go's influence function,
//!   COLOR to move, default the player to move) or `path` (the blog
//!   seed's path influence with proto-territory and the dead group layer),
//!   one row per board row, top first: `X` Black's (stones included), `O`
//!   White's, `.` nobody's.
//!
//! Wrong arguments fail with a message naming the argument.

use katachi_board::{Color, Move};
use katachi_engine::analysis::{Analysis, TerritoryModel};
use katachi_engine::influence::Key;

use crate::analysis::{add_nodes, current_analysis};
use crate::args::Args;
use crate::error::{fail, Reply};
use crate::registry::Registry;
use crate::session::Session;

/// Register `initial_influence` and `move_influence`.
pub fn register(r: &mut Registry) {
    r.add("initial_influence", initial_influence);
    r.add("move_influence", |s, a| after_move(s, a, false));
    r.add("followup_influence", |s, a| after_move(s, a, true));
    r.add("katachi-territory", territory)
        .gogui("string/Territory (path influence)/katachi-territory path")
        .gogui("string/Territory (GNU Go-style influence)/katachi-territory influence");
}

fn territory(s: &mut Session, a: &Args<'_>) -> Reply {
    let model = match a.get(0) {
        Some("influence") => TerritoryModel::Influence,
        Some("path") => TerritoryModel::Path,
        _ => return fail("unknown model (one of: influence, path)"),
    };
    let c = match a.get(1) {
        None => s.board().to_move(),
        Some(_) => color(a, 1)?,
    };
    let board = s.board().clone();
    let an = current_analysis(s);
    let n = board.size();
    let rows: Vec<String> = (0..n)
        .map(|r| {
            (0..n)
                .filter_map(|col| board.point(r, col))
                .map(|p| match an.territory_owner(model, c, p) {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Ok(rows.join("\n"))
}

fn color(a: &Args<'_>, i: usize) -> Result<Color, crate::error::CommandError> {
    match a.color(i) {
        Some(c) => Ok(c),
        None => fail("invalid color"),
    }
}

fn key(a: &Args<'_>, i: usize) -> Result<Key, crate::error::CommandError> {
    match a.get(i).and_then(Key::parse) {
        Some(k) => Ok(k),
        None => fail(format!(
            "unknown influence data (one of: {})",
            Key::NAMES.join(", ")
        )),
    }
}

fn initial_influence(s: &mut Session, a: &Args<'_>) -> Reply {
    let c = color(a, 0)?;
    let k = key(a, 1)?;
    let before = current_analysis(s).reader().total().nodes;
    let an = current_analysis(s);
    let out = an.influence(c).format_gnugo(k);
    let spent = an.reader().total().nodes - before;
    add_nodes(s, spent);
    Ok(out)
}

/// `move_influence` (the opponent to move after the move) and
/// `followup_influence` (the mover to move again).
fn after_move(s: &mut Session, a: &Args<'_>, followup: bool) -> Reply {
    let c = color(a, 0)?;
    let Some(p) = a.vertex(1, s.board()) else {
        return fail("invalid vertex");
    };
    let k = key(a, 2)?;
    let mut board = s.board().clone();
    if board.play(c, Move::Play(p)).is_err() {
        return fail("illegal move");
    }
    let next = if followup { c } else { c.opponent() };
    board.set_to_move(next);
    let before = current_analysis(s);
    let config = before.config().clone();
    // GNU Go's move influence keeps each stone's strength from the
    // position before the move (the second pass's weakness strengths);
    // the stone played radiates in full.
    let strength = config.weakness_strength.then(|| {
        let mut strength = before.weakness_strengths();
        strength[p.index()] = 100.0;
        strength
    });
    let an = Analysis::new(board, config);
    Ok(match strength {
        Some(strength) => an.influence_with_source_strength(next, &strength),
        None => an.influence(next).clone(),
    }
    .format_gnugo(k))
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::serve_script as run;

    #[test]
    fn influence_commands_answer_in_gnugo_layouts() {
        let out = run(
            "boardsize 3\nplay b B2\n1 initial_influence white black_strength\n\
             2 initial_influence w influence_regions\n3 initial_influence grey territory_value\n\
             4 initial_influence black sideways\n5 move_influence white A1 black_strength\n\
             6 move_influence white B2 white_strength\n",
        );
        // A lone stone on a 3x3 board is a weak dragon: it radiates 94, as
        // GNU Go 3.8 answers (the second influence pass).
        assert!(
            out.contains(
                "=1   0.00   0.00   0.00 \n  0.00  94.00   0.00 \n  0.00   0.00   0.00 \n\n"
            ),
            "{out}"
        );
        assert!(out.contains("=2 "), "{out}");
        assert!(out.contains(" -4 "), "{out}");
        assert!(out.contains("?3 invalid color\n\n"), "{out}");
        assert!(out.contains("?4 unknown influence data"), "{out}");
        // White's A1 is captured at once (not lively): Black's B2 alone
        // radiates, at its strength before the move (GNU Go 3.8: 94).
        assert!(
            out.contains("=5   0.00   0.00   0.00 \n  0.00  94.00   0.00 \n"),
            "{out}"
        );
        assert!(out.contains("?6 illegal move\n\n"), "{out}");
    }

    /// The manual's example of a followup (influence.texi "Influence and
    /// Territory"): White's move at `*` threatens `a` next.
    ///     OXXX.
    ///     OX.XX
    ///     O*a.X
    ///     OX.XX
    ///     OXXX.
    const FOLLOWUP: &str = "boardsize 7\nplay w A7\nplay w A6\nplay w A5\nplay w A4\nplay w A3\n\
        play b B7\nplay b C7\nplay b D7\nplay b B6\nplay b D6\nplay b E6\nplay b E5\n\
        play b B4\nplay b D4\nplay b E4\nplay b B3\nplay b C3\nplay b D3\n";

    #[test]
    fn move_and_followup_influence_are_the_position_after_the_move() {
        for key in ["influence_regions", "territory_value", "white_influence"] {
            let direct = run(&format!(
                "{FOLLOWUP}1 move_influence white B5 {key}\n2 followup_influence white B5 {key}\n"
            ));
            let played = run(&format!(
                "{FOLLOWUP}play w B5\n1 initial_influence black {key}\n\
                 2 initial_influence white {key}\n"
            ));
            let answer = |out: &str, id: &str| -> String {
                let at = out.find(id).unwrap_or_else(|| panic!("{out}"));
                out[at..].split("\n\n").next().unwrap_or("").to_string()
            };
            assert_eq!(answer(&direct, "=1"), answer(&played, "=1"), "{key}");
            assert_eq!(answer(&direct, "=2"), answer(&played, "=2"), "{key}");
        }
        let out = run(&format!(
            "{FOLLOWUP}1 followup_influence white Z9 territory_value\n"
        ));
        assert!(out.contains("?1 invalid vertex"), "{out}");
    }

    #[test]
    fn both_territory_models_see_two_walls() {
        // Black's wall on column C, White's on column G of a 9x9 board.
        let mut script = String::from("boardsize 9\n");
        for row in 1..=9 {
            script.push_str(&format!("play b C{row}\nplay w G{row}\n"));
        }
        script.push_str("1 katachi-territory path\n2 katachi-territory influence black\n");
        script.push_str("3 katachi-territory nowhere\n");
        let out = run(&script);
        for id in ["=1 ", "=2 "] {
            let at = out.find(id).unwrap_or_else(|| panic!("{out}"));
            let rows: Vec<&str> = out[at + id.len()..].lines().take(9).collect();
            for row in rows {
                let cells: Vec<&str> = row.split(' ').collect();
                assert_eq!(cells.len(), 9, "{out}");
                assert_eq!(&cells[..3], ["X", "X", "X"], "{id}: {row}");
                assert_eq!(&cells[6..], ["O", "O", "O"], "{id}: {row}");
            }
        }
        assert!(
            out.contains("?3 unknown model (one of: influence, path)"),
            "{out}"
        );
    }
}
