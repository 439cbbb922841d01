//! GNU Go's owl regression suites (owl.tst, and ld_owl.tst with its
//! `dragon_status` tests too), their `owl_attack` and `owl_defend` tests
//! run directly against the engine's analysis without GTP, with a floor on the number of passes so that a change that
//! weakens the owl reader (its ko codes included) fails here. The suite
//! is read at run time from the shared corpus (`KATACHI_SHARED`); the
//! test skips with a message when it is absent, and fails if
//! `KATACHI_REQUIRE_SHARED=1`. `katachi regress owl.tst` is the full
//! runner (it also runs the few other commands of the suite).
//!
//! By default the test reads a fixed eighth of the suite (the tests
//! after every 8th position command: 21 s of CPU, the quarter 46 s, the
//! half 49 s of wall on two cores, the whole suite 90 s) with a floor
//! measured on that eighth; `KATACHI_OWL_STEP=4` reads the quarter (what
//! CI reads, `.ci/run`), `KATACHI_OWL_STEP=2` the half, each with its
//! floor, and `KATACHI_OWL_STEP=1 cargo
//! test --release -p katachi-engine --test owl_suite -- --nocapture`
//! reads all of it and asserts the floor of the whole suite (any other
//! step only prints).

use katachi_board::{Board, Point};
use katachi_engine::analysis::{Analysis, AnalysisConfig};

mod support;
use support::{regression_dir, walk_suite_parallel};

/// GNU Go's answer text: `0`, or the code and the move (`PASS` when the
/// goal needs none). The analysis of the last position is kept (keyed by
/// its hash and move count), as the GTP engine keeps it between commands.
fn answer(
    last: &mut Option<((u64, usize), Analysis)>,
    board: &Board,
    cmd: &str,
    args: &[&str],
) -> Option<String> {
    let attack = match cmd {
        "owl_attack" => true,
        "owl_defend" => false,
        "dragon_status" => false,
        _ => return None,
    };
    let p: Point = board.parse_vertex(args.first()?).ok()?;
    let key = (board.hash_with_player(), board.history().len());
    if last.as_ref().is_none_or(|(k, _)| *k != key) {
        *last = Some((key, Analysis::new(board.clone(), AnalysisConfig::default())));
    }
    let (_, analysis) = last.as_ref()?;
    if cmd == "dragon_status" {
        // GTP `dragon_status DRAGON`'s answer: the status after owl and
        // the semeai stage, with a critical dragon's attack and defence.
        return Some(
            analysis
                .dragon_status(p)
                .map_or_else(|| "unknown".to_string(), |st| st.format(board)),
        );
    }
    let a = if attack {
        analysis.owl_attack(p)
    } else {
        analysis.owl_defend(p)
    };
    let Some(a) = a else {
        return Some("? vertex must not be empty".into());
    };
    let code = a.outcome.code;
    if !code.is_success() {
        return Some("0".into());
    }
    let mv = a
        .outcome
        .mv
        .map_or_else(|| "PASS".into(), |m| board.vertex(m));
    Some(format!("{} {mv}", code.gtp()))
}

/// Every how many position commands the default run answers the tests
/// (`KATACHI_OWL_STEP` overrides).
const DEFAULT_STEP: usize = 8;

/// Floor of the half of the suite (64 until the owl11 branch's
/// escape through friendly strings and wide undecided roots: 65; 73 of
/// its 118 since a one-point eye with two open diagonals is no sure eye,
/// owl29, which gained its 187).
const FLOOR_HALF: usize = 73;

/// Floor of the default eighth of the suite (the tests after every 8th
/// position command), as measured when it became the default: 16 of its
/// 26 tests; 17 once a node that looks dead only through a ko capture of
/// a goal string is read with the attacker passing (owl15 branch); 18,
/// the count measured on the owl29 branch (none of its gains is in
/// this sample, by their position commands: the floor had been left
/// below the level).
const FLOOR_EIGHTH: usize = 18;

/// Floor of the quarter of the suite, as measured when it became
/// the default (40 of its 62 tests; 64 of the half's 118 then); 39 after
/// the owl11 branch's escape through friendly strings and wide undecided
/// roots, which gained one test in the half and three in the whole suite
/// (owl.tst 154 -> 157) but lost one of the quarter's; 40 again with
/// owl's seki reading (owl.tst 157 -> 161). 39 since open ground is no
/// sure eye (owl19: owl.tst 165 -> 169/261 with 6 gained and 2 lost,
/// the quarter 40 -> 39/62 with `KATACHI_OWL_STEP=4`, the eighth 17/26
/// unchanged). 41/62, the count measured on the owl29 branch (none of
/// its gains is in this sample, by their position commands: the floor
/// had been left below the level).
const FLOOR_QUARTER: usize = 41;

#[test]
fn owl_suite_keeps_its_level() {
    let Some(dir) = regression_dir() else { return };
    // Two workers (the CI machine's two cores), each with its own cache
    // of the last position's analysis.
    let step = step_from("KATACHI_OWL_STEP", DEFAULT_STEP);
    let tally = walk_suite_parallel(&dir, "owl.tst", 2, step, || {
        let mut last = None;
        move |b: &Board, c: &str, a: &[&str]| answer(&mut last, b, c, a)
    });
    println!(
        "owl.tst (owl_attack, owl_defend), tests after every {step}th position: {}/{} passed",
        tally.passed, tally.tests
    );
    // Floor: the pass count katachi reaches (GNU Go 3.8 passes 236 of
    // the suite's 261 tests, these two commands included). The reading
    // is deterministic, so any lost test fails here; raise it as the
    // reader improves. (139 on the owl branch; 136 once merged with the
    // dragons branch's amalgamation, whose new jump and knight's-move
    // joins change the dragons owl reads as its goals: the partitions
    // come closer to GNU Go's, 40 -> 53 of 200, and three owl.tst
    // answers are lost, not yet examined; 146 once dead-looking nodes
    // are read and the reading depth is decided by the eye count; 151
    // with escape jumps and escape room alive from 14 points; still 151
    // once a dead-looking node after the defender's legal ko capture is
    // read: 145 gained, 203 lost; 152 once a goal captured by a ko
    // capture may be retaken conditionally: 225 gained; 155 with the
    // escape through safe friendly strings and the wide undecided root;
    // 173 of 259 on the owl29 branch, whose one-point eyes with two open
    // diagonals are no sure eyes: 186, 187, 249 of `katachi regress
    // owl.tst` gained.)
    assert!(tally.tests > 0, "owl.tst: no tests read");
    let floor = match step {
        1 => 173,
        // The half, as measured when the sample was introduced
        // (64 of its 118 tests; 152 of the whole suite then).
        2 => FLOOR_HALF,
        4 => FLOOR_QUARTER,
        DEFAULT_STEP => FLOOR_EIGHTH,
        _ => return,
    };
    assert!(
        tally.passed >= floor,
        "owl.tst: {} passed, floor {floor}",
        tally.passed
    );
}

/// The sample step the variable `name` gives (`default` without it):
/// the tests after every step-th position command are answered.
fn step_from(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(default)
        .max(1)
}

/// ld_owl.tst's floors by sample (`KATACHI_LD_OWL_STEP`: 1, the whole
/// suite and the default, 17 s of wall on two cores; 2, 4, 8), measured
/// when the test was added (thirtieth session, after owl30's shaky alive
/// count and the OKA5 and OKA6 attack patterns; the whole suite's 109/190
/// is `katachi regress -j 1 ld_owl.tst`'s count too), raised to what the
/// thirty-first session passes (owl31: the semeai revision that keeps a
/// dead status when the deciding race ran out of nodes, 200, and the
/// lunch-inside-the-eye vital moves, 408, 412 and 413: 113/190 whole, 66
/// the half, 36 and 20 unchanged).
const LD_OWL_FLOORS: [(usize, usize); 4] = [(1, 113), (2, 66), (4, 36), (8, 20)];

#[test]
fn ld_owl_suite_keeps_its_level() {
    let Some(dir) = regression_dir() else { return };
    let step = step_from("KATACHI_LD_OWL_STEP", 1);
    let tally = walk_suite_parallel(&dir, "ld_owl.tst", 2, step, || {
        let mut last = None;
        move |b: &Board, c: &str, a: &[&str]| answer(&mut last, b, c, a)
    });
    println!(
        "ld_owl.tst (owl_attack, owl_defend, dragon_status), tests after every {step}th \
         position: {}/{} passed",
        tally.passed, tally.tests
    );
    assert!(tally.tests > 0, "ld_owl.tst: no tests read");
    if let Some(&(_, floor)) = LD_OWL_FLOORS.iter().find(|(s, _)| *s == step) {
        assert!(
            tally.passed >= floor,
            "ld_owl.tst: {} passed, floor {floor}",
            tally.passed
        );
    }
}

/// The board of the regression folder's game `file` before move `mv`
/// and its analysis; `None` (the test skips) without the shared corpus.
fn game_analysis(file: &str, mv: usize) -> Option<(Board, Analysis)> {
    let dir = regression_dir()?;
    let sgf = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let board = katachi_sgf::load_bytes(&sgf, katachi_sgf::Target::BeforeMove(mv))
        .expect("loads")
        .board;
    let an = Analysis::new(board.clone(), AnalysisConfig::default());
    Some((board, an))
}

/// A defence that joins the goal to a dragon the static status calls
/// alive saves the goal (`Owl::set_living`): in endgame.tst 202
/// (endgame2.sgf before move 2, Black to move) Black's centre dragon
/// Q10 lives by Q9, which joins it to the living right side, and dies
/// if White plays there first: GNU Go 3.8 says `critical Q9 Q9` (katachi
/// said dead before the rule).
#[test]
fn a_defence_joining_a_living_dragon_saves_the_goal() {
    let Some((board, an)) = game_analysis("games/endgame2.sgf", 2) else {
        return;
    };
    let q10 = board.parse_vertex("Q10").expect("vertex");
    let q9 = board.parse_vertex("Q9").expect("vertex");
    let defend = an.owl_defend(q10).expect("a dragon").outcome;
    assert!(defend.code.is_success(), "{defend:?}");
    assert_eq!(defend.mv, Some(q9));
    let attack = an.owl_attack(q10).expect("a dragon").outcome;
    assert!(attack.code.is_success(), "{attack:?}");
}

/// A root that looks dead is not killed by no move when the defender,
/// given one more move, lives (`Owl`'s root): in ld_owl.tst 66
/// (life_and_death/ld18.sgf before move 1) White's corner dragon C9 is
/// counted without eyes (a goal stone the attacker can capture is seen
/// dead) and with one lunch, yet every Black attack fails; GNU Go 3.8
/// calls it alive. Katachi answered the attack `PASS` from the dead
/// verdict alone.
#[test]
fn a_dead_looking_root_that_lives_after_a_pass_is_not_killed() {
    let Some((board, an)) = game_analysis("games/life_and_death/ld18.sgf", 1) else {
        return;
    };
    let c9 = board.parse_vertex("C9").expect("vertex");
    let attack = an.owl_attack(c9).expect("a dragon").outcome;
    assert!(!attack.code.is_success(), "{attack:?}");
}
