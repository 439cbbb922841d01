//! Learned move-prediction strengths ("gammas"): the features of a
//! candidate move, the table of their strengths, its text format, and the
//! minorization-maximization (MM) fit of a generalized Bradley-Terry model
//! (Rémi Coulom 2007, "Computing Elo Ratings of Move Patterns in the Game
//! of Go").
//!
//! Why (Go and search): the tree's own priors barely tell moves apart (the
//! README's mc25t figures); a model fitted to the moves players chose
//! ranks the candidates of a position much more sharply, the way Crazy
//! Stone's and Pachi's priors do.
//!
//! - **Model**: a move is a team of features, at most one per group; the
//!   team's strength is the product of its features' gammas; a move's
//!   probability is its strength over the sum of the strengths of every
//!   legal move of the position (pass included).
//! - **Features** of a move of `c` on the empty point `p` ([`features`]):
//!   - `pat3`: the 3x3 neighbourhood, each neighbour empty, own (`c`'s),
//!     the opponent's or off the board, and for the four orthogonal
//!     neighbours whether their string is in atari; canonical under the 8
//!     symmetries of the square (colours are already relative to the
//!     player). Written as a 5-digit hex key ([`pat_key`]'s encoding).
//!   - `capture` (1-6): captures a string; total size 1, 2-3, 4+ (1, 2,
//!     3), plus 3 when a captured string touches an own string in atari
//!     (the capture saves it).
//!   - `escape` (1-6): a liberty of an own string in atari after which
//!     the joined string has 2 (1) or 3+ (2) liberties, plus 2 when the
//!     string saved has two or more stones; 5 (one stone) or 6 (two or
//!     more) when it has two and the cheap ladder reader of
//!     [`crate::heavy`] says the attacker catches it (a ladder or a net).
//!   - `atari` (1-6): puts an opponent string of 2 liberties into atari;
//!     its size 1, 2-3, 4+ (the largest such string), plus 3 when the
//!     ladder reader says a string so put in atari cannot escape.
//!   - A table that lists none of the ladder values (escape 5-6, atari
//!     4-6; tables trained before the check) gives each the gamma of the
//!     value without the check (escape 1 and 3, atari 1-3), so its
//!     strengths are what they were.
//!   - `selfatari` (1-5): the new string has one liberty (not suicide):
//!     1, 2, 3-5, 6+ stones (1-4), or 5 when the move also captures.
//!   - `dist1`, `dist2` (1-16): Coulom's distance `dx + dy + max(dx, dy)`
//!     to the previous move and to the move before it, 2..16 (1..15) and
//!     17 or more (16); absent after a pass or at the game's start.
//!   - `line` (1-4): the line from the edge, 1, 2, 3, 4+.
//!   - `pass` (1-2): the pass move, after a pass (1) or not (2); a pass
//!     has no other feature.
//! - **Table** ([`Gammas`]): text, one `FEATURE VALUE GAMMA` per line
//!   after a `katachi-gammas 1` header line, `#` comments; features not
//!   listed have gamma 1. [`Gammas::parse`] reports file, line and column.
//!   The embedded default ([`Gammas::embedded`]) is
//!   `patterns/mc_gammas.txt`, trained by `katachi train-gammas` (its
//!   header says on which records) before the ladder values existed;
//!   `patterns/mc_gammas_ladder.txt` (`katachi gtp --mc-gammas FILE`) is
//!   the same training with them (not the default: no gain shown in
//!   self-play, the README's mc28 figures).
//! - **Playout weights** ([`playout_table`], `--mc-param gamma_playout`,
//!   off by default, PARTIAL): the strengths the playouts' context can
//!   tell, as a Monte Carlo table.
//! - **Training** ([`Trainer`]): positions (the candidates' features and
//!   the index of the move played), MM updates one group at a time
//!   (Coulom's: the features of one group never share a team, so a
//!   group's gammas can be updated together), with a prior of one win and
//!   one loss against a virtual opponent of gamma 1 for every feature (so
//!   that a rare feature stays finite). Deterministic.

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use katachi_board::{Board, Cell, Color, Move, Point};
use katachi_patterns::mcpat::table::{CODES, CONTEXTS, NEIGHBOURS};
use katachi_patterns::mcpat::McTable;

use crate::context::analyse;
use crate::heavy::{escapes, escapes_after_extend, LADDER_BUDGET};

/// The small (non-pattern) feature groups, in table order.
pub const GROUP_NAMES: [&str; 8] = [
    "capture",
    "escape",
    "atari",
    "selfatari",
    "dist1",
    "dist2",
    "line",
    "pass",
];

/// The largest value of each small group (values run from 1; 0 means the
/// move does not have the group's feature).
pub const GROUP_SIZES: [u8; 8] = [6, 6, 6, 5, 16, 16, 4, 2];

/// The ladder-checked values (group, value) and the value without the
/// check whose gamma they take when a table does not list them.
const LADDER_FALLBACK: [(usize, u8, u8); 5] = [
    (ESCAPE, 5, 1),
    (ESCAPE, 6, 3),
    (ATARI, 4, 1),
    (ATARI, 5, 2),
    (ATARI, 6, 3),
];

/// Index of the `capture` group in [`MoveFeatures::small`].
pub const CAPTURE: usize = 0;
/// Index of the `escape` group.
pub const ESCAPE: usize = 1;
/// Index of the `atari` group.
pub const ATARI: usize = 2;
/// Index of the `selfatari` group.
pub const SELF_ATARI: usize = 3;
/// Index of the `dist1` group.
pub const DIST1: usize = 4;
/// Index of the `dist2` group.
pub const DIST2: usize = 5;
/// Index of the `line` group.
pub const LINE: usize = 6;
/// Index of the `pass` group.
pub const PASS: usize = 7;

/// Number of raw 3x3 keys: 8 neighbours of 2 bits and 4 atari bits.
pub const PAT_KEYS: usize = 1 << 20;

/// The `pat` of a pass (no pattern).
pub const NO_PAT: u32 = u32::MAX;

/// The features of one candidate move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveFeatures {
    /// The raw 3x3 key ([`pat_key`]), or [`NO_PAT`] for a pass.
    pub pat: u32,
    /// The value of each small group (0: absent).
    pub small: [u8; 8],
}

/// The eight neighbours' offsets (row, column), in key order: the Monte
/// Carlo patterns' own order.
const RING: [(i8, i8); 8] = NEIGHBOURS;

/// The ring indices of the four orthogonal neighbours, in atari-bit order.
const ORTHO: [usize; 4] = [1, 3, 4, 6];

/// The raw 3x3 key of a move of `c` on `p`: neighbour `i` of [`RING`]
/// in bits `2i..2i+2` (0 empty, 1 own, 2 opponent, 3 off the board), and
/// bit `16 + j` set when the string on orthogonal neighbour `j`
/// ([`ORTHO`]) is in atari.
pub fn pat_key(b: &Board, c: Color, p: Point) -> u32 {
    let (r, col) = b.row_col(p);
    let own = c.cell();
    let mut key = 0u32;
    for (i, &(dr, dc)) in RING.iter().enumerate() {
        let cell = b.cell_at(r as isize + dr as isize, col as isize + dc as isize);
        let s = match cell {
            Cell::Empty => 0,
            Cell::Edge => 3,
            x if x == own => 1,
            _ => 2,
        };
        key |= s << (2 * i);
    }
    for (j, &i) in ORTHO.iter().enumerate() {
        let s = (key >> (2 * i)) & 3;
        if s == 1 || s == 2 {
            let (dr, dc) = RING[i];
            let q = b
                .point(
                    (r as i32 + i32::from(dr)) as usize,
                    (col as i32 + i32::from(dc)) as usize,
                )
                .expect("a stone is on the board");
            if b.liberty_count(q) == 1 {
                key |= 1 << (16 + j);
            }
        }
    }
    key
}

/// The ring permutation of each of the 8 symmetries: `perm[s][i]` is
/// where neighbour `i` goes.
fn symmetries() -> [[usize; 8]; 8] {
    type Map = fn(i32, i32) -> (i32, i32);
    let maps: [Map; 8] = [
        |r, c| (r, c),
        |r, c| (r, -c),
        |r, c| (-r, c),
        |r, c| (-r, -c),
        |r, c| (c, r),
        |r, c| (c, -r),
        |r, c| (-c, r),
        |r, c| (-c, -r),
    ];
    let mut perm = [[0usize; 8]; 8];
    for (s, f) in maps.iter().enumerate() {
        for (i, &(r, c)) in RING.iter().enumerate() {
            let t = f(i32::from(r), i32::from(c));
            perm[s][i] = RING
                .iter()
                .position(|&(a, b)| (i32::from(a), i32::from(b)) == t)
                .expect("a ring point");
        }
    }
    perm
}

/// `key` under the ring permutation `perm`.
fn transform(key: u32, perm: &[usize; 8]) -> u32 {
    let mut out = 0u32;
    for (i, &to) in perm.iter().enumerate() {
        out |= ((key >> (2 * i)) & 3) << (2 * to);
    }
    for (j, &i) in ORTHO.iter().enumerate() {
        if key & (1 << (16 + j)) != 0 {
            let jt = ORTHO
                .iter()
                .position(|&x| x == perm[i])
                .expect("orthogonal");
            out |= 1 << (16 + jt);
        }
    }
    out
}

/// The canonical form of every raw key (the smallest of its 8 images),
/// computed once.
fn canonical_table() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let perms = symmetries();
        (0..PAT_KEYS as u32)
            .map(|k| perms.iter().map(|p| transform(k, p)).min().unwrap_or(k))
            .collect()
    })
}

/// The canonical form of a raw 3x3 key (the same for a pattern and its
/// rotations and reflections). Keys beyond [`PAT_KEYS`] are returned as
/// they are.
pub fn canonical(key: u32) -> u32 {
    canonical_table().get(key as usize).copied().unwrap_or(key)
}

/// Coulom's distance bucket (1-16) between two points.
fn dist_bucket(b: &Board, p: Point, q: Point) -> u8 {
    let (pr, pc) = b.row_col(p);
    let (qr, qc) = b.row_col(q);
    let (dx, dy) = (pr.abs_diff(qr), pc.abs_diff(qc));
    let d = dx + dy + dx.max(dy);
    (d.clamp(2, 17) - 1) as u8
}

fn size_bucket3(n: usize) -> u8 {
    match n {
        0 | 1 => 1,
        2 | 3 => 2,
        _ => 3,
    }
}

/// The features of a move `m` of `c` on `b` (see the module doc), with
/// `prev` the previous move and the one before it (`None`: none, at the
/// game's start). `m` must be legal (a stone on an empty point, not
/// suicide). The previous moves are given, not read from `b`'s history:
/// the Monte Carlo boards do not keep one.
pub fn features(b: &Board, c: Color, m: Move, prev: [Option<Move>; 2]) -> MoveFeatures {
    let prev = |k: usize| prev[k - 1];
    let mut small = [0u8; 8];
    let p = match m {
        Move::Pass => {
            small[PASS] = if prev(1) == Some(Move::Pass) { 1 } else { 2 };
            return MoveFeatures { pat: NO_PAT, small };
        }
        Move::Play(p) => p,
    };
    let own = c.cell();
    let info = analyse(b, p, c);
    // Distinct adjacent strings: head, own?, liberties, size.
    let mut strings = [(Point(0), false, 0usize, 0usize); 4];
    let mut n = 0;
    for q in b.neighbors(p) {
        let cell = b.cell(q);
        if matches!(cell, Cell::Black | Cell::White) {
            if let Some((h, libs, size)) = b.string_stats(q) {
                if !strings[..n].iter().any(|s| s.0 == h) {
                    strings[n] = (h, cell == own, libs, size);
                    n += 1;
                }
            }
        }
    }
    let strings = &strings[..n];
    // Capture.
    let mut cap_size = 0;
    let mut saves = false;
    for &(h, is_own, libs, size) in strings {
        if !is_own && libs == 1 {
            cap_size += size;
            saves |= b.stones(h).any(|s| {
                b.neighbors(s)
                    .iter()
                    .any(|&x| b.cell(x) == own && b.liberty_count(x) == 1)
            });
        }
    }
    if cap_size > 0 {
        small[CAPTURE] = size_bucket3(cap_size) + if saves { 3 } else { 0 };
    }
    // Escape: the new string's liberties (up to 3).
    let saved: usize = strings
        .iter()
        .filter(|s| s.1 && s.2 == 1)
        .map(|s| s.3)
        .sum();
    if saved > 0 && !info.self_atari {
        let mut libs: Vec<Point> = Vec::with_capacity(4);
        let add = |x: Point, libs: &mut Vec<Point>| {
            if x != p && !libs.contains(&x) {
                libs.push(x);
            }
        };
        for q in b.neighbors(p) {
            if b.cell(q) == Cell::Empty {
                add(q, &mut libs);
            }
        }
        for &(h, is_own, l, _) in strings {
            if libs.len() >= 3 {
                break;
            }
            if is_own {
                for x in b.liberties(h) {
                    add(x, &mut libs);
                }
            } else if l == 1 {
                // A captured neighbour frees at least its stone next to p.
                for q in b.neighbors(p) {
                    if b.string_head(q) == Some(h) {
                        add(q, &mut libs);
                    }
                }
            }
        }
        let two = if libs.len() >= 3 { 2 } else { 1 };
        small[ESCAPE] = two + if saved >= 2 { 2 } else { 0 };
        // Two liberties after: does the extension run into a ladder?
        if two == 1 {
            if let Some(&(h, ..)) = strings.iter().find(|s| s.1 && s.2 == 1) {
                let mut scratch = b.clone();
                let mut budget = LADDER_BUDGET;
                if !escapes_after_extend(&mut scratch, h, &mut budget) {
                    small[ESCAPE] = if saved >= 2 { 6 } else { 5 };
                }
            }
        }
    }
    // Atari on an opponent string.
    let atari = strings
        .iter()
        .filter(|s| !s.1 && s.2 == 2)
        .map(|s| s.3)
        .max();
    if let Some(size) = atari {
        small[ATARI] = size_bucket3(size);
        // Does an opponent string put in atari die in a ladder?
        if !info.self_atari {
            let mut scratch = b.clone();
            scratch.play_unchecked(c, Move::Play(p));
            let mut budget = LADDER_BUDGET;
            let caught = strings.iter().filter(|s| !s.1 && s.2 == 2).any(|s| {
                scratch.liberty_count(s.0) == 1 && !escapes(&mut scratch, s.0, &mut budget)
            });
            if caught {
                small[ATARI] += 3;
            }
        }
    }
    if info.self_atari && !info.suicide {
        small[SELF_ATARI] = if info.captures > 0 {
            5
        } else {
            match info.self_atari_stones {
                0 | 1 => 1,
                2 => 2,
                3..=5 => 3,
                _ => 4,
            }
        };
    }
    if let Some(Move::Play(q)) = prev(1) {
        small[DIST1] = dist_bucket(b, p, q);
    }
    if let Some(Move::Play(q)) = prev(2) {
        small[DIST2] = dist_bucket(b, p, q);
    }
    let (r, col) = b.row_col(p);
    let sz = b.size();
    let line = r.min(col).min(sz - 1 - r).min(sz - 1 - col) + 1;
    small[LINE] = line.min(4) as u8;
    MoveFeatures {
        pat: pat_key(b, c, p),
        small,
    }
}

/// A table of feature strengths (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct Gammas {
    /// Gamma of every raw 3x3 key (its canonical pattern's).
    pat: Vec<f32>,
    /// Gamma of each small group's values (index 0: 1.0).
    small: [Vec<f32>; 8],
    /// The canonical patterns listed (for writing).
    pats: Vec<(u32, f32)>,
}

/// A fault in a gamma table's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GammaError {
    /// The file (or another name of the text).
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for GammaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for GammaError {}

/// The embedded table's text.
pub const EMBEDDED_TEXT: &str = include_str!("../../../patterns/mc_gammas.txt");

/// The header line of the format.
pub const HEADER: &str = "katachi-gammas 1";

impl Default for Gammas {
    fn default() -> Gammas {
        Gammas::uniform()
    }
}

impl Gammas {
    /// Every gamma 1 (every move equally likely).
    pub fn uniform() -> Gammas {
        Gammas {
            pat: vec![1.0; PAT_KEYS],
            small: GROUP_SIZES.map(|n| vec![1.0; n as usize + 1]),
            pats: Vec::new(),
        }
    }

    /// The embedded table (`patterns/mc_gammas.txt`), parsed once.
    pub fn embedded() -> &'static Gammas {
        static G: OnceLock<Gammas> = OnceLock::new();
        G.get_or_init(|| {
            Gammas::parse(EMBEDDED_TEXT, "patterns/mc_gammas.txt")
                .unwrap_or_else(|e| panic!("the embedded gamma table is checked by a test: {e}"))
        })
    }

    /// Reads a table from a file.
    pub fn load(path: &std::path::Path) -> Result<Gammas, GammaError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| GammaError {
            file: name.clone(),
            line: 0,
            col: 0,
            message: format!("cannot read: {e}"),
        })?;
        Gammas::parse(&text, &name)
    }

    /// Parses a table's text; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Gammas, GammaError> {
        let err = |line: usize, col: usize, message: String| GammaError {
            file: file.to_string(),
            line,
            col,
            message,
        };
        let mut g = Gammas::uniform();
        let mut seen_pat: HashMap<u32, usize> = HashMap::new();
        let mut seen_small: HashMap<(usize, u8), usize> = HashMap::new();
        let mut header = false;
        let mut canon_pats: Vec<(u32, f32)> = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let ln = k + 1;
            let body = raw.split('#').next().unwrap_or("");
            if body.trim().is_empty() {
                continue;
            }
            // Fields with their columns (from 1).
            let mut fields: Vec<(usize, &str)> = Vec::new();
            let mut start = None;
            for (i, ch) in body.char_indices() {
                if ch.is_whitespace() {
                    if let Some(s) = start.take() {
                        fields.push((s + 1, &body[s..i]));
                    }
                } else if start.is_none() {
                    start = Some(i);
                }
            }
            if let Some(s) = start {
                fields.push((s + 1, &body[s..]));
            }
            if !header {
                if body.trim() != HEADER {
                    return Err(err(
                        ln,
                        fields[0].0,
                        format!("expected the header line `{HEADER}`"),
                    ));
                }
                header = true;
                continue;
            }
            if fields.len() != 3 {
                let col = fields.get(3).map_or(body.trim_end().len() + 1, |f| f.0);
                return Err(err(
                    ln,
                    col,
                    format!(
                        "expected `FEATURE VALUE GAMMA` (3 fields), found {}",
                        fields.len()
                    ),
                ));
            }
            let (fcol, name) = fields[0];
            let (vcol, value) = fields[1];
            let (gcol, gtext) = fields[2];
            let gamma: f32 = match gtext.parse::<f32>() {
                Ok(v) if v.is_finite() && v > 0.0 => v,
                _ => {
                    return Err(err(
                        ln,
                        gcol,
                        format!("gamma `{gtext}` is not a positive finite number"),
                    ))
                }
            };
            if name == "pat3" {
                let key = u32::from_str_radix(value, 16)
                    .ok()
                    .filter(|&k| (k as usize) < PAT_KEYS)
                    .ok_or_else(|| {
                        err(
                            ln,
                            vcol,
                            format!("pattern key `{value}` is not a hex number below 100000"),
                        )
                    })?;
                let c = canonical(key);
                if let Some(prev) = seen_pat.insert(c, ln) {
                    return Err(err(
                        ln,
                        vcol,
                        format!("pattern {value} (canonical {c:05x}) already given on line {prev}"),
                    ));
                }
                canon_pats.push((c, gamma));
            } else if let Some(gi) = GROUP_NAMES.iter().position(|&x| x == name) {
                let max = GROUP_SIZES[gi];
                let v = value
                    .parse::<u8>()
                    .ok()
                    .filter(|v| (1..=max).contains(v))
                    .ok_or_else(|| {
                        err(
                            ln,
                            vcol,
                            format!("{name} value `{value}` is not in 1..={max}"),
                        )
                    })?;
                if let Some(prev) = seen_small.insert((gi, v), ln) {
                    return Err(err(
                        ln,
                        vcol,
                        format!("{name} {v} already given on line {prev}"),
                    ));
                }
                g.small[gi][v as usize] = gamma;
            } else {
                return Err(err(
                    ln,
                    fcol,
                    format!(
                        "unknown feature `{name}` (expected pat3 or one of {})",
                        GROUP_NAMES.join(", ")
                    ),
                ));
            }
        }
        if !header {
            return Err(err(1, 1, format!("empty table: no `{HEADER}` header")));
        }
        // Ladder values a table does not list take the plain value's
        // gamma (see the module doc).
        for (gi, v, plain) in LADDER_FALLBACK {
            if !seen_small.contains_key(&(gi, v)) {
                g.small[gi][v as usize] = g.small[gi][plain as usize];
            }
        }
        let canon = canonical_table();
        let by_canon: HashMap<u32, f32> = canon_pats.iter().copied().collect();
        for (k, c) in canon.iter().enumerate() {
            if let Some(&v) = by_canon.get(c) {
                g.pat[k] = v;
            }
        }
        canon_pats.sort_by_key(|x| x.0);
        g.pats = canon_pats;
        Ok(g)
    }

    /// The gamma of a small group's value (1 for 0 or out of range).
    pub fn small(&self, group: usize, value: u8) -> f32 {
        self.small[group]
            .get(value as usize)
            .copied()
            .unwrap_or(1.0)
    }

    /// The gamma of a raw 3x3 key (1 for [`NO_PAT`]).
    pub fn pat(&self, key: u32) -> f32 {
        self.pat.get(key as usize).copied().unwrap_or(1.0)
    }

    /// The gamma of a raw 3x3 key if its canonical pattern is listed in
    /// the table (seen in training), else `None`.
    pub fn pat_listed(&self, key: u32) -> Option<f32> {
        let c = canonical(key);
        self.pats
            .binary_search_by_key(&c, |x| x.0)
            .ok()
            .map(|i| self.pats[i].1)
    }

    /// The strength of a move with these features.
    pub fn strength(&self, f: &MoveFeatures) -> f32 {
        let mut s = self.pat(f.pat);
        for (g, &v) in f.small.iter().enumerate() {
            if v != 0 {
                s *= self.small(g, v);
            }
        }
        s
    }

    /// A digest of the strengths: equal tables give equal digests, so a
    /// cache of tables computed from a gamma table can key on its content
    /// (an address could be reused by another table).
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        // `pat` is made from `pats` (every constructor fills it from the
        // canonical patterns), so the listed patterns and the small
        // groups say it all, for a few thousand values instead of 2^20.
        for &(k, v) in &self.pats {
            (k, v.to_bits()).hash(&mut h);
        }
        for v in self.small.iter().flatten() {
            v.to_bits().hash(&mut h);
        }
        h.finish()
    }

    /// Builds a table from fitted gammas: `pats` (canonical key, gamma)
    /// and each small group's gammas (index 0 unused).
    pub fn from_parts(pats: Vec<(u32, f32)>, small: [Vec<f32>; 8]) -> Gammas {
        let mut text = String::new();
        text.push_str(HEADER);
        text.push('\n');
        let mut g = Gammas::uniform();
        g.small = small;
        for (i, s) in g.small.iter_mut().enumerate() {
            s.resize(GROUP_SIZES[i] as usize + 1, 1.0);
            s[0] = 1.0;
        }
        let by: HashMap<u32, f32> = pats.iter().map(|&(k, v)| (canonical(k), v)).collect();
        for (k, c) in canonical_table().iter().enumerate() {
            if let Some(&v) = by.get(c) {
                g.pat[k] = v;
            }
        }
        let mut pats: Vec<(u32, f32)> = by.into_iter().collect();
        pats.sort_by_key(|x| x.0);
        g.pats = pats;
        g
    }

    /// The table as text (after `header_comment`, each line prefixed
    /// with `# `), which [`Gammas::parse`] reads back.
    pub fn to_text(&self, header_comment: &str) -> String {
        let mut out = String::new();
        for l in header_comment.lines() {
            out.push_str("# ");
            out.push_str(l);
            out.push('\n');
        }
        out.push_str(HEADER);
        out.push('\n');
        for (gi, name) in GROUP_NAMES.iter().enumerate() {
            for v in 1..=GROUP_SIZES[gi] {
                out.push_str(&format!("{name} {v} {:.6}\n", self.small[gi][v as usize]));
            }
        }
        for &(k, v) in &self.pats {
            out.push_str(&format!("pat3 {k:05x} {v:.6}\n"));
        }
        out
    }
}

/// One position of a training set: its candidates' features and the
/// index of the move played among them.
#[derive(Clone, Debug)]
pub struct Position {
    /// The legal moves (pass included).
    pub candidates: Vec<MoveFeatures>,
    /// Index of the move played.
    pub played: usize,
}

/// Candidate features in the trainer's dense form: a pattern index
/// (`u32::MAX`: none) and the small groups.
#[derive(Clone, Copy)]
struct Cand {
    pat: u32,
    small: [u8; 8],
}

/// The MM fit over a set of positions (see the module doc).
pub struct Trainer {
    cands: Vec<Cand>,
    /// Start of each position's candidates in `cands` (and one past the
    /// last), and the played index.
    starts: Vec<usize>,
    played: Vec<u32>,
    /// Canonical key of each pattern index.
    pat_keys: Vec<u32>,
    pat_index: HashMap<u32, u32>,
    pat_gamma: Vec<f64>,
    small_gamma: [Vec<f64>; 8],
}

impl Default for Trainer {
    fn default() -> Trainer {
        Trainer::new()
    }
}

impl Trainer {
    /// No positions yet.
    pub fn new() -> Trainer {
        Trainer {
            cands: Vec::new(),
            starts: vec![0],
            played: Vec::new(),
            pat_keys: Vec::new(),
            pat_index: HashMap::new(),
            pat_gamma: Vec::new(),
            small_gamma: GROUP_SIZES.map(|n| vec![1.0; n as usize + 1]),
        }
    }

    /// Adds a position: its candidates and the index of the move played.
    pub fn add(&mut self, candidates: &[MoveFeatures], played: usize) {
        for f in candidates {
            let pat = if f.pat == NO_PAT {
                u32::MAX
            } else {
                let c = canonical(f.pat);
                let next = self.pat_keys.len() as u32;
                let i = *self.pat_index.entry(c).or_insert(next);
                if i == next {
                    self.pat_keys.push(c);
                    self.pat_gamma.push(1.0);
                }
                i
            };
            self.cands.push(Cand {
                pat,
                small: f.small,
            });
        }
        self.starts.push(self.cands.len());
        self.played.push(played as u32);
    }

    /// Positions added.
    pub fn positions(&self) -> usize {
        self.played.len()
    }

    /// Candidates added.
    pub fn candidates(&self) -> usize {
        self.cands.len()
    }

    /// Distinct canonical patterns seen.
    pub fn patterns(&self) -> usize {
        self.pat_keys.len()
    }

    fn strength(&self, c: &Cand) -> f64 {
        let mut s = if c.pat == u32::MAX {
            1.0
        } else {
            self.pat_gamma[c.pat as usize]
        };
        for (g, &v) in c.small.iter().enumerate() {
            if v != 0 {
                s *= self.small_gamma[g][v as usize];
            }
        }
        s
    }

    /// One MM iteration: each group in turn (the patterns first). Returns
    /// the mean log-likelihood per position of the moves played before
    /// the iteration.
    pub fn iterate(&mut self) -> f64 {
        let mut ll = 0.0;
        let mut scratch: Vec<f64> = Vec::new();
        for group in 0..=8usize {
            // Wins: the prior's one win plus the moves played with the
            // feature; the denominator: the prior's two games plus the
            // positions' sum of C_ij / E_j.
            let size = if group == 0 {
                self.pat_gamma.len()
            } else {
                self.small_gamma[group - 1].len()
            };
            let mut wins = vec![1.0f64; size];
            let mut denom = vec![0.0f64; size];
            let feature = |c: &Cand| -> Option<usize> {
                if group == 0 {
                    (c.pat != u32::MAX).then_some(c.pat as usize)
                } else {
                    let v = c.small[group - 1];
                    (v != 0).then_some(v as usize)
                }
            };
            for j in 0..self.played.len() {
                let (a, z) = (self.starts[j], self.starts[j + 1]);
                scratch.clear();
                let mut e = 0.0;
                for c in &self.cands[a..z] {
                    let s = self.strength(c);
                    scratch.push(s);
                    e += s;
                }
                let w = self.played[j] as usize;
                if group == 0 {
                    ll += (scratch[w] / e).ln();
                }
                if let Some(f) = feature(&self.cands[a + w]) {
                    wins[f] += 1.0;
                }
                for (c, &s) in self.cands[a..z].iter().zip(&scratch) {
                    if let Some(f) = feature(c) {
                        let gf = if group == 0 {
                            self.pat_gamma[f]
                        } else {
                            self.small_gamma[group - 1][f]
                        };
                        denom[f] += s / gf / e;
                    }
                }
            }
            let gammas = if group == 0 {
                &mut self.pat_gamma
            } else {
                &mut self.small_gamma[group - 1]
            };
            for (f, g) in gammas.iter_mut().enumerate() {
                if group != 0 && f == 0 {
                    continue;
                }
                *g = wins[f] / (denom[f] + 2.0 / (*g + 1.0));
            }
        }
        ll / self.played.len().max(1) as f64
    }

    /// The fitted table.
    pub fn gammas(&self) -> Gammas {
        let pats = self
            .pat_keys
            .iter()
            .zip(&self.pat_gamma)
            .map(|(&k, &g)| (k, g as f32))
            .collect();
        let small = self
            .small_gamma
            .clone()
            .map(|v| v.into_iter().map(|x| x as f32).collect());
        Gammas::from_parts(pats, small)
    }
}

/// The legal moves of `c` on `b` for the model (empty points that are
/// neither suicide nor a simple-ko retake; then pass).
pub fn candidate_moves(b: &Board, c: Color, out: &mut Vec<Move>) {
    out.clear();
    for p in b.empty_points() {
        if crate::context::check_legal(b, c, Move::Play(p)).is_ok() {
            out.push(Move::Play(p));
        }
    }
    out.push(Move::Pass);
}

/// Largest playout weight of [`playout_table`] (the sum tree adds a
/// board's weights in 64 bits; this keeps one weight well inside 32).
const PLAYOUT_WEIGHT_MAX: f64 = 1e9;

/// Playout weight of a gamma-1 move in [`playout_table`] (the integer
/// scale of the strengths; a move weaker than `1 / PLAYOUT_SCALE` still
/// weighs 1).
pub const PLAYOUT_SCALE: f64 = 256.0;

/// The learned gammas as playout weights (`--mc-param gamma_playout=T`,
/// PARTIAL: an approximation): a compiled Monte Carlo table whose value
/// for a relative 3x3 code and a playout context ([`McTable`]'s context
/// index) is `PLAYOUT_SCALE * s^T`, `s` the strength the model gives the
/// features the context determines, rounded, at least 1; 0 wherever the
/// `base` table (the pattern database) gives 0, so its rules stay: no
/// own proper eye filled, and the search's self-atari limit and ko rule
/// still act on the board.
///
/// The playout context does not carry every feature, so each is read
/// from what it has:
/// - `pat3`: the code's pattern; its atari bits are unknown, so when the
///   move captures (`ocap > 0`) or an opponent move here would capture
///   (`xcap > 0`), the largest listed gamma over the non-empty sets of
///   adjacent opponent (own) stones marked in atari; the pattern without
///   atari bits otherwise (or when none is listed).
/// - `capture`: by `ocap` (1, 2, 3+ stones: values 1, 2, 3), plus 3 (it
///   saves a string) when an opponent move here would capture too.
/// - `escape`: `xcap > 0`, no capture and not a self-atari: value 1 (two
///   liberties after; the count is not known), or 3 when two or more
///   stones are saved.
/// - `selfatari`: not `osafe`: value 1 (one stone; larger self-ataris
///   are mostly cut by the limit), or 5 with a capture.
/// - `dist1`: near the previous move, the geometric mean of the gammas of
///   buckets 1 and 2 (the eight neighbours); far, 1.
/// - `atari`, `dist2`, `line`: not known, gamma 1.
pub fn playout_table(gammas: &Gammas, base: &McTable, temperature: f32) -> McTable {
    let t = f64::from(temperature);
    let near = (f64::from(gammas.small(DIST1, 1)) * f64::from(gammas.small(DIST1, 2))).sqrt();
    // The pattern gamma of a relative code for each (opponent atari,
    // own atari) combination: 4 per code, computed once per code.
    let mut last_code = u32::MAX;
    let mut pat = [[1.0f64; 2]; 2];
    McTable::from_fn(move |code, ctx| {
        debug_assert!((code as usize) < CODES && ctx < CONTEXTS);
        // White's relative code is its absolute one.
        if base.value(1, code, ctx) == 0 {
            return 0;
        }
        if u32::from(code) != last_code {
            last_code = u32::from(code);
            pat = pattern_gammas(gammas, u32::from(code));
        }
        let osafe = ctx & 2 != 0;
        let ocap = ((ctx >> 4) & 3) as u8;
        let xcap = ((ctx >> 6) & 3) as u8;
        let mut s = pat[(ocap > 0) as usize][(xcap > 0) as usize];
        if ocap > 0 {
            let save = if xcap > 0 { 3 } else { 0 };
            s *= f64::from(gammas.small(CAPTURE, ocap + save));
        } else if xcap > 0 && osafe {
            let two = if xcap >= 2 { 2 } else { 0 };
            s *= f64::from(gammas.small(ESCAPE, 1 + two));
        }
        if !osafe {
            let v = if ocap > 0 { 5 } else { 1 };
            s *= f64::from(gammas.small(SELF_ATARI, v));
        }
        if ctx & 1 != 0 {
            s *= near;
        }
        (PLAYOUT_SCALE * s.powf(t))
            .round()
            .clamp(1.0, PLAYOUT_WEIGHT_MAX) as u32
    })
}

/// The pattern gammas of relative code `code` for [`playout_table`]:
/// `[opponent atari][own atari]`, each the largest listed gamma over the
/// non-empty sets of orthogonal opponent (own) neighbours marked in
/// atari when set, the pattern without atari bits otherwise or when no
/// such key is listed.
fn pattern_gammas(gammas: &Gammas, code: u32) -> [[f64; 2]; 2] {
    let plain = f64::from(gammas.pat(code));
    let mut masks = [0u32; 2]; // opponent, own
    for (j, &i) in ORTHO.iter().enumerate() {
        match (code >> (2 * i)) & 3 {
            1 => masks[1] |= 1 << j,
            2 => masks[0] |= 1 << j,
            _ => {}
        }
    }
    let mut out = [[plain; 2]; 2];
    for (x, row) in out.iter_mut().enumerate() {
        for (o, cell) in row.iter_mut().enumerate() {
            let mut best: Option<f64> = None;
            // Non-empty subsets of each required mask (empty when not
            // required).
            let subsets = |mask: u32, want: bool| -> Vec<u32> {
                if !want {
                    return vec![0];
                }
                (1..16u32).filter(|&s| s & !mask == 0).collect()
            };
            for a in subsets(masks[0], x == 1) {
                for b in subsets(masks[1], o == 1) {
                    if let Some(g) = gammas.pat_listed(code | (a | b) << 16) {
                        best = Some(best.map_or(f64::from(g), |v: f64| v.max(f64::from(g))));
                    }
                }
            }
            if let Some(g) = best {
                *cell = g;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let n = rows.len();
        let mut b = Board::new(n).unwrap();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let p = b.point(r, c).unwrap();
                match ch {
                    'X' => b.set_stone(p, Some(Color::Black)),
                    'O' => b.set_stone(p, Some(Color::White)),
                    _ => {}
                }
            }
        }
        b
    }

    /// The board rotated a quarter turn (`r, c -> c, n-1-r`) or mirrored.
    fn image(b: &Board, s: usize) -> Board {
        let n = b.size();
        let mut out = Board::new(n).unwrap();
        for p in b.points() {
            let (r, c) = b.row_col(p);
            let (r2, c2) = match s {
                0 => (c, n - 1 - r),
                1 => (r, n - 1 - c),
                2 => (n - 1 - r, n - 1 - c),
                _ => (c, r),
            };
            let q = out.point(r2, c2).unwrap();
            out.set_stone(q, b.cell(p).color());
        }
        out
    }

    #[test]
    fn features_are_the_same_under_rotation_and_reflection() {
        let b = board(&[
            ".......", "..XO...", ".XO.O..", "..XO...", "...X...", ".O.....", ".......",
        ]);
        let n = b.size();
        for s in 0..4 {
            let t = image(&b, s);
            let map = |r: usize, c: usize| match s {
                0 => (c, n - 1 - r),
                1 => (r, n - 1 - c),
                2 => (n - 1 - r, n - 1 - c),
                _ => (c, r),
            };
            let (lr, lc) = map(1, 1);
            let last = [Some(Move::Play(b.point(1, 1).unwrap())), Some(Move::Pass)];
            let last_t = [Some(Move::Play(t.point(lr, lc).unwrap())), Some(Move::Pass)];
            for p in b.points().filter(|&p| b.cell(p) == Cell::Empty) {
                let (r, c) = b.row_col(p);
                let (r2, c2) = map(r, c);
                let q = t.point(r2, c2).unwrap();
                for color in [Color::Black, Color::White] {
                    if crate::context::check_legal(&b, color, Move::Play(p)).is_err() {
                        continue;
                    }
                    let f = features(&b, color, Move::Play(p), last);
                    let g = features(&t, color, Move::Play(q), last_t);
                    assert_eq!(f.small, g.small, "{s} {r},{c}");
                    assert_eq!(canonical(f.pat), canonical(g.pat), "{s} {r},{c}");
                }
            }
        }
    }

    #[test]
    fn colours_are_relative_to_the_player() {
        let b = board(&["....", ".XO.", "....", "...."]);
        let mut w = Board::new(4).unwrap();
        for p in b.points() {
            w.set_stone(p, b.cell(p).color().map(|c| c.opponent()));
        }
        for p in b.points().filter(|&p| b.cell(p) == Cell::Empty) {
            let f = features(&b, Color::Black, Move::Play(p), [None; 2]);
            let g = features(&w, Color::White, Move::Play(p), [None; 2]);
            assert_eq!(f, g);
        }
    }

    #[test]
    fn tactical_features_are_seen() {
        // Black to move: the white stone at (1,2) is in atari (captured
        // at (1,3)); the black stone at (3,1) is in atari (escape at (4,1)).
        let b = board(&[".....", ".XOX.", "..X..", "OXO..", ".O..."]);
        let cap = features(
            &b,
            Color::Black,
            Move::Play(b.point(0, 2).unwrap()),
            [None; 2],
        );
        assert_eq!(cap.small[CAPTURE], 1);
        let last = [Some(Move::Play(b.point(3, 2).unwrap())), Some(Move::Pass)];
        let f = features(&b, Color::Black, Move::Play(b.point(3, 3).unwrap()), last);
        assert_eq!(f.small[DIST1], 1);
        assert_eq!(f.small[DIST2], 0);
        assert_eq!(f.small[ATARI], 1, "atari on the stone at (3,2)");
        assert_eq!(f.small[LINE], 2);
        let sa = features(
            &b,
            Color::White,
            Move::Play(b.point(0, 1).unwrap()),
            [None; 2],
        );
        assert_eq!(sa.small[SELF_ATARI], 0, "(0,1) for White: two liberties");
        let pass = features(&b, Color::Black, Move::Pass, last);
        assert_eq!(pass.pat, NO_PAT);
        assert_eq!(pass.small[PASS], 2);
        let pass = features(&b, Color::Black, Move::Pass, [Some(Move::Pass), None]);
        assert_eq!(pass.small[PASS], 1);
    }

    /// The ladder check of the escape and atari features, on a ladder and
    /// on the same shape with two ladder breakers (GNU Go 3.8's `defend`
    /// on the stone agrees: 0 without the breakers, E6 with them).
    #[test]
    fn escapes_and_ataris_are_read_for_ladders() {
        let ladder = [
            ".........",
            ".........",
            "...O.....",
            "..OX.O...",
            "...O.....",
            ".........",
            ".........",
            ".........",
            ".........",
        ];
        let mut broken = ladder;
        broken[1] = "......X..";
        broken[5] = "......X..";
        let esc = |rows: &[&str]| {
            let b = board(rows);
            features(
                &b,
                Color::Black,
                Move::Play(b.point(3, 4).unwrap()),
                [None; 2],
            )
            .small[ESCAPE]
        };
        assert_eq!(esc(&ladder), 5, "the extension runs into a ladder");
        assert_eq!(esc(&broken), 1, "two liberties, the ladder broken");
        // White's atari at (4,3) on the stone with two liberties.
        let atari = |rows: &[&str], r: usize, c: usize| {
            let mut rows = rows.to_vec();
            rows[4] = ".........";
            let b = board(&rows);
            features(
                &b,
                Color::White,
                Move::Play(b.point(r, c).unwrap()),
                [None; 2],
            )
            .small[ATARI]
        };
        assert_eq!(
            atari(&ladder, 4, 3),
            4,
            "an atari that captures in a ladder"
        );
        assert_eq!(atari(&broken, 4, 3), 1, "the ladder broken");
        assert_eq!(
            atari(&ladder, 3, 4),
            1,
            "the other side: three liberties after"
        );
        // A table without the ladder values keeps the old strengths.
        let g = Gammas::parse(
            "katachi-gammas 1\nescape 1 0.5\nescape 3 2.0\natari 2 3.0\n",
            "t",
        )
        .unwrap();
        assert_eq!(g.small(ESCAPE, 5), 0.5);
        assert_eq!(g.small(ESCAPE, 6), 2.0);
        assert_eq!(g.small(ATARI, 5), 3.0);
        assert_eq!(g.small(ATARI, 4), 1.0);
        let g = Gammas::parse("katachi-gammas 1\nescape 1 0.5\nescape 5 0.1\n", "t").unwrap();
        assert_eq!(g.small(ESCAPE, 5), 0.1);
    }

    /// The playout table draws in proportion to the strengths the
    /// context gives (capture, self-atari, near), at the temperature, and
    /// keeps the database's zeros (own eyes).
    #[test]
    fn the_gamma_playout_table_weighs_moves_by_strength() {
        let mut small = GROUP_SIZES.map(|n| vec![1.0f32; n as usize + 1]);
        small[CAPTURE][1] = 1000.0;
        small[SELF_ATARI][1] = 0.01;
        small[DIST1][1] = 4.0;
        small[DIST1][2] = 9.0;
        let g = Gammas::from_parts(Vec::new(), small);
        let base =
            katachi_patterns::mcpat::McTable::compile(&katachi_patterns::mcpat::katachi_db());
        // Black to move. (1,3) is a white stone in atari (captured at
        // (0,3)); (0,0) is Black's eye; (5,5) a self-atari for Black; the
        // previous move White's (3,0).
        let b = board(&[
            ".X.....", "XXXOX..", "..XX...", "O......", ".....O.", "....O..", ".....O.",
        ]);
        let p = |r, c| b.point(r, c).unwrap();
        let last = Some(p(3, 0));
        for (t, cap, sa) in [(1.0f32, 256_000u32, 3u32), (0.5, 8095, 26)] {
            let table = playout_table(&g, &base, t);
            let mc = crate::context::McBoard::new(&table, b.clone(), last);
            // A move with no listed feature weighs the scale.
            assert_eq!(mc.weight(Color::Black, p(6, 0)), 256, "T {t}");
            assert_eq!(mc.weight(Color::Black, p(0, 3)), cap, "capture, T {t}");
            assert_eq!(mc.weight(Color::Black, p(0, 0)), 0, "own eye");
            let sa_point = p(5, 5);
            let info = crate::context::analyse(mc.board(), sa_point, Color::Black);
            assert!(info.self_atari && info.captures == 0);
            assert_eq!(mc.weight(Color::Black, sa_point), sa, "self-atari, T {t}");
            // Near the previous move: sqrt(4 * 9) = 6 times.
            let near = (256.0 * 6f64.powf(f64::from(t))).round() as u32;
            assert_eq!(mc.weight(Color::Black, p(4, 1)), near, "near, T {t}");
        }
    }

    #[test]
    fn canonical_keys_are_invariant() {
        let perms = symmetries();
        for key in [0u32, 0x1_2345, 0xf_ffff, 0x3_0c30, 0xa_5a5a] {
            let c = canonical(key);
            for p in &perms {
                assert_eq!(canonical(transform(key, p)), c);
            }
        }
    }

    #[test]
    fn mm_recovers_known_strengths() {
        // Synthetic positions: three candidates with the line feature 1, 2
        // and 3 (no pattern), chosen with probabilities proportional to
        // strengths 1 : 4 : 2 (exact counts), and a pass of strength 1.
        let mk = |line: u8| MoveFeatures {
            pat: NO_PAT,
            small: [0, 0, 0, 0, 0, 0, line, 0],
        };
        let cands = [mk(1), mk(2), mk(3), mk(0)];
        let mut t = Trainer::new();
        for (idx, count) in [(0usize, 100), (1, 400), (2, 200), (3, 100)] {
            for _ in 0..count {
                t.add(&cands, idx);
            }
        }
        for _ in 0..200 {
            t.iterate();
        }
        let g = t.gammas();
        let (a, b2, c) = (g.small(LINE, 1), g.small(LINE, 2), g.small(LINE, 3));
        assert!((a - 1.0).abs() < 0.05, "{a}");
        assert!((b2 - 4.0).abs() < 0.15, "{b2}");
        assert!((c - 2.0).abs() < 0.1, "{c}");
    }

    #[test]
    fn a_table_round_trips_through_text() {
        let mut small = GROUP_SIZES.map(|n| vec![1.0f32; n as usize + 1]);
        small[CAPTURE][2] = 7.5;
        let key = 0x0_0015;
        let g = Gammas::from_parts(vec![(key, 3.25)], small);
        let text = g.to_text("test table");
        let h = Gammas::parse(&text, "t").unwrap();
        assert_eq!(h, g);
        assert_eq!(h.small(CAPTURE, 2), 7.5);
        let perms = symmetries();
        assert_eq!(h.pat(transform(key, &perms[5])), 3.25);
    }

    #[test]
    fn the_fingerprint_follows_the_content() {
        let mut small = GROUP_SIZES.map(|n| vec![1.0f32; n as usize + 1]);
        small[CAPTURE][2] = 7.5;
        let g = Gammas::from_parts(vec![(0x0_0015, 3.25)], small.clone());
        let same = Gammas::parse(&g.to_text("copy"), "t").unwrap();
        assert_eq!(g.fingerprint(), same.fingerprint());
        let other_pat = Gammas::from_parts(vec![(0x0_0015, 3.5)], small.clone());
        small[CAPTURE][2] = 7.0;
        let other_small = Gammas::from_parts(vec![(0x0_0015, 3.25)], small);
        assert_ne!(g.fingerprint(), other_pat.fingerprint());
        assert_ne!(g.fingerprint(), other_small.fingerprint());
        assert_ne!(g.fingerprint(), Gammas::embedded().fingerprint());
    }

    #[test]
    fn parse_errors_name_line_and_column() {
        let e = Gammas::parse("pat3 1 1\n", "f").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1), "{e}");
        let bad = |body: &str| Gammas::parse(&format!("{HEADER}\n{body}\n"), "f.txt").unwrap_err();
        let e = bad("capture 9 1.0");
        assert_eq!((e.line, e.col), (2, 9), "{e}");
        assert!(e.to_string().starts_with("f.txt:2:9: capture value"), "{e}");
        let e = bad("  shape 1 1.0");
        assert_eq!((e.line, e.col), (2, 3), "{e}");
        let e = bad("line 1 -2");
        assert_eq!((e.line, e.col), (2, 8), "{e}");
        let e = bad("line 1 nan");
        assert_eq!((e.line, e.col), (2, 8), "{e}");
        let e = bad("pat3 zz 1.0");
        assert_eq!((e.line, e.col), (2, 6), "{e}");
        let e = bad("pat3 100000 1.0");
        assert_eq!((e.line, e.col), (2, 6), "{e}");
        let e = bad("line 1");
        assert_eq!(e.line, 2, "{e}");
        let e = bad("line 1 2 3");
        assert_eq!((e.line, e.col), (2, 10), "{e}");
        let e = bad("line 1 2\nline 1 3");
        assert_eq!((e.line, e.col), (3, 6), "{e}");
        assert!(e.message.contains("line 2"), "{e}");
        let e = Gammas::parse("# only a comment\n", "f").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn the_embedded_table_parses() {
        let g = Gammas::embedded();
        assert!(g.pats.len() > 100, "{}", g.pats.len());
    }
}
