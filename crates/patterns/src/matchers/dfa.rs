//! The DFA matcher: one automaton per database ([`crate::compile::dfa`]),
//! run from every board point along the spiral scan path.
//!
//! The board is copied, for the colour matched for, into a byte array with
//! a border of off-board points as wide as the path reaches, so every read
//! along the path is one indexed load. From each point the matcher starts in
//! state 1 and follows one transition per path step, reporting the
//! attributes of every state it enters (and checking the variants of verify
//! leaves, if the automaton has them), until it enters the error state or
//! the path ends. Transitions carry a flag bit telling whether their target
//! reports anything, so the inner loop touches only the transition table.

use katachi_board::Color;

use super::{Match, Matcher, Position, Scratch};
use crate::compile::dfa::{build_auto, Dfa, DfaStats};
use crate::compile::{CompiledDb, PatternId, Transform};

/// Bit of a packed transition: the target state reports matches.
const OUTPUT: u32 = 1 << 31;

/// What a match of one variant needs.
#[derive(Clone, Copy, Debug)]
struct Hot {
    pattern: PatternId,
    transform: Transform,
    origin: (i8, i8),
    mark: (i8, i8),
}

/// The DFA matcher (immutable; working memory is allocated per call).
#[derive(Clone, Debug)]
pub struct DfaMatcher {
    dfa: Dfa,
    /// `next[4 * s + v]`: target state, with [`OUTPUT`] set when it
    /// reports matches.
    next: Vec<u32>,
    hot: Vec<Hot>,
    /// Largest coordinate magnitude of a path offset.
    reach: usize,
    /// Whether the start state itself reports (a verify leaf when the
    /// budget could not even expand it).
    start_reports: bool,
}

/// Product-state budget of [`DfaMatcher::new`] before it uses verify leaves.
pub const DEFAULT_BUDGET: usize = 100_000;

impl DfaMatcher {
    /// Build the automaton of `db` ([`build_auto`] with
    /// [`DEFAULT_BUDGET`]) and the matcher around it.
    pub fn new(db: &CompiledDb) -> DfaMatcher {
        DfaMatcher::from_dfa(db, build_auto(db, DEFAULT_BUDGET))
    }

    /// The matcher around an automaton built from `db`.
    pub fn from_dfa(db: &CompiledDb, dfa: Dfa) -> DfaMatcher {
        let reports = |s: usize| {
            dfa.attr_start[s] != dfa.attr_start[s + 1] || dfa.leaf_start[s] != dfa.leaf_start[s + 1]
        };
        let next = dfa
            .next
            .iter()
            .flat_map(|row| row.iter())
            .map(|t| {
                if reports(t.index()) {
                    t.0 | OUTPUT
                } else {
                    t.0
                }
            })
            .collect();
        let hot = db
            .variants
            .iter()
            .map(|v| Hot {
                pattern: v.pattern,
                transform: v.transform,
                origin: v.origin,
                mark: v.mark,
            })
            .collect();
        let reach = dfa
            .path
            .iter()
            .map(|&(a, b)| a.unsigned_abs().max(b.unsigned_abs()) as usize)
            .max()
            .unwrap_or(0);
        let start_reports = reports(1);
        DfaMatcher {
            dfa,
            next,
            hot,
            reach,
            start_reports,
        }
    }

    /// The figures of the automaton's build.
    pub fn stats(&self) -> DfaStats {
        self.dfa.stats
    }

    /// The automaton.
    pub fn dfa(&self) -> &Dfa {
        &self.dfa
    }

    /// Report what state `s` reports for the anchor at `(i, j)`.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &self,
        s: usize,
        board: &[u8],
        base: usize,
        deltas: &[isize],
        pos: Position<'_>,
        i: i32,
        j: i32,
        out: &mut Vec<Match>,
    ) {
        let dfa = &self.dfa;
        let at = |(di, dj): (i8, i8)| pos.point((i + di as i32) as usize, (j + dj as i32) as usize);
        let mut emit = |v: u32| {
            let h = &self.hot[v as usize];
            out.push(Match {
                pattern: h.pattern,
                transform: h.transform,
                origin: at(h.origin),
                mark: at(h.mark),
            });
        };
        for &v in &dfa.attrs[dfa.attr_start[s] as usize..dfa.attr_start[s + 1] as usize] {
            emit(v);
        }
        for p in &dfa.leaves[dfa.leaf_start[s] as usize..dfa.leaf_start[s + 1] as usize] {
            let ok = dfa.constraints_from(p.variant, p.from).iter().all(|c| {
                let cell = board[(base as isize + deltas[c.step as usize]) as usize];
                c.accept & (1 << cell) != 0
            });
            if ok {
                emit(p.variant);
            }
        }
    }
}

impl Matcher for DfaMatcher {
    fn name(&self) -> &'static str {
        "dfa"
    }

    fn find_all(
        &self,
        pos: Position<'_>,
        color: Color,
        _scratch: &mut Scratch,
        out: &mut Vec<Match>,
    ) {
        let n = pos.size();
        let pad = self.reach;
        let w = n + 2 * pad;
        let mut board = vec![3u8; w * w];
        // Cells are 0 empty, 1 white, 2 black, 3 edge; for black swap 1, 2.
        let table: [u8; 4] = match color {
            Color::White => [0, 1, 2, 3],
            Color::Black => [0, 2, 1, 3],
        };
        let cells = pos.cells();
        for i in 0..n {
            let row = &cells[(i + 1) * (n + 1) + 1..(i + 1) * (n + 1) + 1 + n];
            let dst = &mut board[(i + pad) * w + pad..(i + pad) * w + pad + n];
            for (d, &c) in dst.iter_mut().zip(row) {
                *d = table[c as usize];
            }
        }
        let deltas: Vec<isize> = self
            .dfa
            .path
            .iter()
            .map(|&(di, dj)| di as isize * w as isize + dj as isize)
            .collect();
        let next = &self.next[..];
        for i in 0..n {
            for j in 0..n {
                let base = (i + pad) * w + j + pad;
                let mut s = 1usize;
                if self.start_reports {
                    self.report(s, &board, base, &deltas, pos, i as i32, j as i32, out);
                }
                for &d in &deltas {
                    let cell = board[(base as isize + d) as usize];
                    let t = next[4 * s + cell as usize];
                    s = (t & !OUTPUT) as usize;
                    if s == 0 {
                        break;
                    }
                    if t & OUTPUT != 0 {
                        self.report(s, &board, base, &deltas, pos, i as i32, j as i32, out);
                    }
                }
            }
        }
    }
}
