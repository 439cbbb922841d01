//! `katachi gtp`: the engine over GTP version 2 on standard input and output.
//!
//! Glue only: the options become a [`katachi_gtp::Config`], and
//! [`katachi_gtp::serve`] runs the conversation. Start-up does no heavy work
//! (an empty board, the command table, and checking the `--patterns` files),
//! so the first answer is immediate.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use katachi_board::KoRule;
use katachi_engine::analysis::AnalysisConfig;
use katachi_engine::knowledge::{Knowledge, Source, EYE_SLOT, MOVE_SLOTS, SLOTS};
use katachi_engine::reading::ReadConfig;
use katachi_gtp::{serve, Config, Engine, MctsOptions, Scoring, Session};

/// Arguments of `katachi gtp`.
#[derive(clap::Args)]
#[command(after_help = after_help())]
pub struct Args {
    /// Forbid any move that repeats an earlier whole-board position
    /// (positional superko) instead of only the immediate ko recapture.
    #[arg(long)]
    superko: bool,

    /// Seed of genmove's random choices (the same seed, position and colour
    /// give the same move).
    #[arg(long, default_value_t = 0)]
    seed: u64,

    /// Replace one of the engine's pattern databases by a `.db` file, as
    /// NAME=FILE (repeatable; NAME is one of the slots listed below).
    #[arg(long = "patterns", value_name = "NAME=FILE")]
    patterns: Vec<String>,

    /// Reading depth as GNU Go's --level (1-10; 10 reads deepest).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=20))]
    level: u32,

    /// The move generator of genmove.
    #[arg(long, value_enum, default_value_t = EngineArg::Mcts)]
    engine: EngineArg,

    /// Playouts per move for the mcts engine (overrides the clock).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    playouts: Option<u64>,

    /// Seconds per move for the mcts engine (overrides the clock).
    #[arg(long)]
    seconds: Option<f64>,

    /// Search threads for the mcts engine (one shared tree); default: the
    /// cores available, at most 4 (1: reproducible moves for a seed).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: Option<u32>,

    /// Start every genmove search afresh instead of from the subtree of
    /// the previous search.
    #[arg(long)]
    no_reuse_tree: bool,

    /// Draw genmove's search for GoGui's live graphics (gogui-gfx blocks
    /// on standard error every half second).
    #[arg(long)]
    live_gfx: bool,

    /// No root priors from the tactical reader's captures and rescues.
    #[arg(long)]
    no_tactical_priors: bool,

    /// Root priors from the classic move generator: V virtual visits at
    /// 100 % for its best move, fewer for its next four in proportion to
    /// their values (PARTIAL; 0, the default: none).
    #[arg(long, value_name = "V", default_value_t = 0.0, value_parser = parse_visits)]
    movegen_priors: f32,

    /// With --seconds S: each genmove search first runs SHARE x S; moves
    /// whose choice is still unclear (close visit counts, or a better win
    /// rate than the most visited move's) then get up to S/2 more from
    /// the time the game's searches left unused plus a loan of S, so the
    /// game's average stays within S per move (plus the loan). 0 (the
    /// default: no gain measured against GNU Go, see the README): every
    /// move gets S.
    #[arg(long, value_name = "SHARE", default_value_t = 0.0, value_parser = parse_share)]
    time_bank: f64,

    /// Set a Monte Carlo search tuning parameter, as NAME=VALUE
    /// (repeatable; names: even_prior, pattern_prior, local_prior, cfg_prior,
    /// edge_prior, capture_prior, escape_prior, self_atari_prior,
    /// rave_equiv, rave_horizon, explore, score_weight, decided_score_weight,
    /// decided_win_rate, expand_at, self_atari_limit, tactical_prior,
    /// heavy_escape, heavy_atari2, heavy_nakade, heavy_race, heavy_local,
    /// heavy_local_min, local_playout, local_pattern_min, lgrf, early_stop,
    /// resign_below, resign_min_playouts, dead_ownership, gamma_prior,
    /// gamma_playout: the gammas as playout weights at temperature T, off
    /// by default; owl_check, owl_margin, owl_min_size, owl_nodes: owl checks the
    /// search's choice, off by default; nakade_sacrifice, decided_scale,
    /// decided_prior: seki and race options, off by default, see the README's
    /// mc31).
    #[arg(long = "mc-param", value_name = "NAME=VALUE")]
    mc_params: Vec<String>,

    /// Monte Carlo playout patterns from FILE (GNU Go's mc_*.db format)
    /// instead of katachi's embedded database.
    #[arg(long = "mc-patterns", value_name = "FILE")]
    mc_patterns: Option<PathBuf>,
    /// A move-prediction gamma table (`katachi train-gammas`) for the
    /// search's gamma prior instead of the embedded one (`--mc-param
    /// gamma_prior=V` weighs the prior, 0 turns it off).
    #[arg(long = "mc-gammas", value_name = "FILE")]
    mc_gammas: Option<PathBuf>,

    /// Scoring rules of final_score: chinese (area) or japanese
    /// (territory).
    #[arg(long, value_enum, default_value_t = RulesArg::Chinese)]
    rules: RulesArg,
}

/// `--rules` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum RulesArg {
    /// Area counting.
    Chinese,
    /// Territory counting.
    Japanese,
}

/// `--engine` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum EngineArg {
    /// UCT with RAVE over 3x3 pattern playouts.
    Mcts,
    /// The baseline policy.
    Baseline,
    /// The classic move generator: move reasons from reading and
    /// patterns, valued in points (katachi_engine::movegen).
    Classic,
}

/// The text after `katachi gtp --help`'s options: the engines, scoring and
/// the database slots, listed from [`SLOTS`] so that the list names every
/// slot the engine has.
fn after_help() -> String {
    let mut text = String::from(
        "\
For GUIs (Sabaki, GoGui, ...) and other programs; `list_commands` lists the \
commands, GoGui finds its analyze commands with gogui-analyze_commands.

genmove uses --engine: mcts (the default) is a UCT search with RAVE over \
Monte Carlo playouts drawn from katachi's 3x3 pattern database, with even \
and pattern priors; its budget per move is --playouts, else --seconds, else \
80% of what time_settings/time_left allow, else 5000 playouts. It resigns \
below an 8% win rate, and passes after the opponent's pass only when passing \
wins both by the area count with every stone alive and with the stones the \
playouts lost removed. --threads N runs N threads on one shared tree \
(tree parallelism, virtual loss; default: the cores available, at most 4; \
only one thread plays the same moves again for the same --seed). Each genmove search starts from \
the subtree of the previous one when one move of each player came between \
them (--no-reuse-tree: always afresh). Moves the tactical reader says capture \
an opposing string or save an own one get extra root priors \
(--no-tactical-priors: none). genmove's search stops early once its most \
visited move can no longer be overtaken within the budget (the same move, \
less time). --mc-param NAME=VALUE (repeatable) sets a search parameter \
(priors, RAVE, exploration, score weight, early stop, resign threshold) and \
--mc-patterns FILE plays the playouts from another Monte Carlo pattern file \
(GNU Go's mc_*.db format), both checked at start-up, for matches between \
variants without a rebuild. The tree's priors come from a learned \
move-prediction model (--mc-param gamma_prior=V, 20 by default; 0 and \
pattern_prior=10 give the earlier 3x3 pattern prior) and --mc-gammas FILE \
gives it another table than the embedded one (`katachi train-gammas`). \
katachi-mcts_stats [COLOR] \
prints the search's top moves (visits, win rates, priors); each genmove \
prints one line of figures on standard error.

GUI analysis: lz-analyze and kata-analyze [COLOR] [INTERVAL] [interval N] \
[minmoves N] [maxmoves N] [ownership true] stream 'info move ...' lines \
every INTERVAL centiseconds until the next command (Leela Zero's and \
KataGo's formats, read by Sabaki, Lizzie and KaTrain); analyze is \
lz-analyze; genmove_analyze, lz-genmove_analyze and kata-genmove_analyze \
stream the same lines during genmove's search and end with 'play MOVE'. \
katachi-mcts_gfx draws the search for GoGui (gogui-gfx). baseline is the earlier \
policy: legal moves, never filling its own true eyes or playing self-atari, \
capturing and escaping atari when it can, otherwise a seeded random choice. \
classic is GNU Go's kind of move generator (PARTIAL): move reasons from the \
worms' attacks and defences, owl attacks and defences of dragons, and the \
shapes patterns (classes, values, antisuji and replace actions), each move \
valued in points by the influence before and after it (territory), the \
dragons it attacks, defends, connects or cuts (strategy), shape, minimum \
values and followups; it passes when no move is worth a hundredth of a point. top_moves, \
all_move_values, move_reasons and explain_move show its reasons and values; \
restricted_genmove COLOR V... chooses among the given moves.

\
final_score counts by --rules: chinese (area, the default) or japanese \
(territory plus prisoners, eyes in seki for nobody); kgs-rules changes them. \
Dead stones, seki and territory (final_status, final_status_list) come from \
1000 Monte Carlo playouts from the position: a string captured in most of \
them is dead unless unconditional life says it lives; a string the playouts \
leave in doubt, whose opposing neighbours surely live, is dead when owl \
finds its dragon dead and the semeai stage does not revise that, or \
critical with its opponent to move (PARTIAL: owl's alive verdicts are not \
used); strings beside a point neither side can fill are in seki. \
estimate_score gives the playouts' \
mean margin.

--patterns NAME=FILE (repeatable) replaces one of the engine's databases \
at start-up, with no rebuild. A FILE whose name is a slot's (attack.db, \
eyes.db) needs no NAME=. Every file is parsed and checked first, warnings \
go to standard error, and any error ends the program with the diagnostics \
and a non-zero exit code before GTP starts. The slots (pattern databases \
in GNU Go's language, eyes in GNU Go's eyes.db format):
",
    );
    for slot in SLOTS.iter().chain([&EYE_SLOT]) {
        let default = if slot.embedded {
            "katachi's own embedded"
        } else {
            "none embedded"
        };
        let more = if MOVE_SLOTS.contains(&slot.name) {
            "; may be given more than once, the files' patterns are added together"
        } else {
            ""
        };
        text.push_str(&format!(
            "  {}: {} ({default}{more})\n",
            slot.name, slot.use_
        ));
    }
    text
}

/// The knowledge of the session: katachi's embedded databases with the
/// `--patterns` files in their slots. Each pattern file is loaded through
/// [`crate::dbfile`], the `eyes` slot's file with the eye-graph parser
/// ([`Knowledge::with_eye_file`]): any error stops the start, after every
/// diagnostic; warnings are shown.
pub(crate) fn load_knowledge(specs: &[String]) -> anyhow::Result<Arc<Knowledge>> {
    let mut knowledge = Knowledge::embedded();
    for spec in specs {
        let (slot, path) = slot_and_path(spec)?;
        if slot == EYE_SLOT.name {
            let (k, warnings) = match knowledge.with_eye_file(&path) {
                Ok(found) => found,
                Err(e) => {
                    if let katachi_engine::knowledge::KnowledgeError::Load(
                        katachi_patterns::database::LoadError::Invalid { diagnostics, .. },
                    ) = &e
                    {
                        for d in diagnostics {
                            eprintln!("{d}");
                        }
                    }
                    return Err(anyhow::Error::new(e))
                        .with_context(|| format!("--patterns {spec}: katachi gtp not started"));
                }
            };
            for w in &warnings {
                eprintln!("{w}");
            }
            knowledge = Arc::new(k);
            continue;
        }
        let (db, warnings) = crate::dbfile::load(&path).context("katachi gtp not started")?;
        for w in &warnings {
            eprintln!("{w}");
        }
        let k = if MOVE_SLOTS.contains(&slot.as_str()) {
            knowledge.with_more_db(&slot, db, Source::File(path.clone()))
        } else {
            knowledge.with_db(&slot, db, Source::File(path.clone()))
        };
        let k = k.with_context(|| format!("--patterns {spec}: katachi gtp not started"))?;
        knowledge = Arc::new(k);
    }
    Ok(knowledge)
}

/// `NAME=FILE`, or `FILE` whose stem names a slot (`attack.db` fills
/// `attack`).
fn slot_and_path(spec: &str) -> anyhow::Result<(String, PathBuf)> {
    if let Some((slot, path)) = spec.split_once('=') {
        return Ok((slot.to_string(), PathBuf::from(path)));
    }
    let path = PathBuf::from(spec);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    if SLOTS.iter().chain([&EYE_SLOT]).any(|s| s.name == stem) {
        Ok((stem, path))
    } else {
        let names: Vec<&str> = SLOTS.iter().chain([&EYE_SLOT]).map(|s| s.name).collect();
        anyhow::bail!(
            "--patterns {spec}: say which database it replaces, as NAME=FILE (names: {}); katachi gtp not started",
            names.join(", ")
        )
    }
}

/// The `--mc-param NAME=VALUE` settings, each checked against a default
/// search configuration.
fn mc_params(specs: &[String]) -> anyhow::Result<Vec<(String, f64)>> {
    let mut check = katachi_mc::SearchConfig::default();
    specs
        .iter()
        .map(|spec| {
            let Some((name, value)) = spec.split_once('=') else {
                anyhow::bail!("--mc-param {spec}: give NAME=VALUE; katachi gtp not started");
            };
            let value: f64 = value.trim().parse().with_context(|| {
                format!("--mc-param {spec}: `{value}` is not a number; katachi gtp not started")
            })?;
            let name = name.trim().to_string();
            check
                .set_param(&name, value)
                .with_context(|| format!("--mc-param {spec}: katachi gtp not started"))?;
            Ok((name, value))
        })
        .collect()
}

/// Serve GTP until `quit` or the end of standard input.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(s) = args.seconds {
        anyhow::ensure!(
            s.is_finite() && s > 0.0,
            "--seconds {s}: give a positive number of seconds; katachi gtp not started"
        );
    }
    let knowledge = load_knowledge(&args.patterns)?;
    let params = mc_params(&args.mc_params)?;
    if let Some(path) = &args.mc_patterns {
        match katachi_mc::Policy::load(path) {
            Ok((_, warnings)) => {
                for w in &warnings {
                    eprintln!("{w}");
                }
            }
            Err(e) => {
                if let katachi_patterns::mcpat::McLoadError::Invalid { diagnostics, .. } = &e {
                    for d in diagnostics {
                        eprintln!("{d}");
                    }
                }
                // The error's text already names its cause (no source
                // chain, which would repeat it).
                anyhow::bail!(
                    "--mc-patterns {}: katachi gtp not started: {e}",
                    path.display()
                );
            }
        }
    }
    let gammas = match &args.mc_gammas {
        Some(path) => Some(std::sync::Arc::new(
            katachi_mc::Gammas::load(path)
                .map_err(|e| anyhow::anyhow!("--mc-gammas: katachi gtp not started: {e}"))?,
        )),
        None => None,
    };
    let config = Config {
        analysis: AnalysisConfig {
            knowledge,
            reading: ReadConfig::at_level(args.level),
            handicap: None,
            ..AnalysisConfig::default()
        },
        ko_rule: if args.superko {
            KoRule::PositionalSuperko
        } else {
            KoRule::Simple
        },
        seed: args.seed,
        engine: match args.engine {
            EngineArg::Mcts => Engine::Mcts,
            EngineArg::Baseline => Engine::Baseline,
            EngineArg::Classic => Engine::Classic,
        },
        scoring: match args.rules {
            RulesArg::Chinese => Scoring::Area,
            RulesArg::Japanese => Scoring::Territory,
        },
        mcts: MctsOptions {
            playouts: args.playouts,
            seconds: args.seconds,
            threads: args
                .threads
                .map_or_else(katachi_gtp::config::default_threads, |t| t as usize),
            reuse_tree: !args.no_reuse_tree,
            live_gfx: args.live_gfx,
            tactical_priors: !args.no_tactical_priors,
            movegen_priors: args.movegen_priors,
            params,
            policy_file: args.mc_patterns.clone(),
            gammas,
            time_bank: args.time_bank,
        },
        ..Config::default()
    };
    let mut session = Session::new(config);
    // Unlocked standard input: a thread reads the next line while an
    // analysis command streams its answer.
    let stdin = io::BufReader::new(io::stdin());
    let stdout = io::stdout();
    match serve(&mut session, stdin, stdout.lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The controller went away: nothing left to answer.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e).context("GTP input/output failed"),
    }
}

/// A share in [0, 1] (`--time-bank`).
/// A number of virtual visits: finite, at least 0.
fn parse_visits(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        Ok(v) => Err(format!("{v} is not a number of visits (0 or more)")),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        Ok(v) => Err(format!("{v} is not in [0, 1]")),
        Err(e) => Err(e.to_string()),
    }
}
