//! The classic move generator (move_generation.texi): every tactical,
//! life-and-death and pattern result of the [`Analysis`] becomes a
//! *reason* for a move, the reasons of each move are valued in points,
//! and the best valued move is played.
//!
//! - [`reasons`]: the move reasons and where each came from (the worm's
//!   reading, the owl's reading of a dragon, the shape pattern with its
//!   place and orientation), collected for one colour.
//! - [`valuation`]: each candidate's value in parts: territory (the
//!   influence before and after the move), strategy (the dragons it
//!   defends, attacks, connects or cuts, by their size and weakness),
//!   the shape factor, minimum and maximum values, followups.
//! - [`genmove`]: the best move (or a pass when nothing is worth a
//!   point), the ranked list for GNU Go's `top_moves`, and the text of
//!   `move_reasons` and `explain_move`.
//!
//! PARTIAL: no threats (attack or defence threats, owl threats), no
//! semeai, no combination attacks or break-ins, no eye reasons of their
//! own (the owl's moves stand for them); the `endgame`, `fuseki` and
//! `joseki` slots are matched as the shapes (katachi embeds a few endgame
//! patterns, six opening patterns and a small joseki tree; GNU Go's
//! `endgame.db`, `fuseki.db` and its seven SGF joseki trees load at run
//! time, the trees compiled at start-up), the `handicap` slot places free handicap stones ([`handicap`]);
//! of the actions, `antisuji` and `replace` are applied, and a class `N`
//! pattern (the joseki compiler's antisuji variation) forbids its move. The worms give one attack and
//! one defence point each, plus the liberties that reading confirms
//! for strings of at most three liberties.
//!
//! [`Analysis`]: crate::analysis::Analysis

pub mod genmove;
pub mod handicap;
pub mod reasons;
pub mod valuation;

pub use genmove::{generate, Generated, Options};
pub use reasons::{collect, PatternHit, Reason, ReasonKind, Reasons};
pub use valuation::{MoveValue, Part};
