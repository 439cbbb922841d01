//! The DFA over a whole database: every kept orientation of every pattern
//! read as a string along one scan path, and one deterministic automaton
//! recognising all those strings at once.
//!
//! # Strings along a scan path
//!
//! Matching starts at a board point, the candidate anchor, and reads the
//! board at offsets from it in a fixed order, the *scan path*: a spiral
//! around the anchor (offsets sorted by distance, then by angle), holding
//! exactly the offsets some variant constrains. Each read yields one of four
//! values: `0` empty, `1` own stone, `2` opponent stone, `3` off the board
//! (the encoding of [`super::variant`]). A variant ([`Variant`]) becomes,
//! per path step, the set of values it accepts there:
//! - its elements: the values passing their and-compare (`.` {0}, `O` {1},
//!   `X` {2}, `o` {0, 1}, `x` {0, 2});
//! - the four corners of its bounding box: on the board ({0, 1, 2}); with
//!   the corners on the board the whole rectangle is, so the other `?`
//!   cells are free;
//! - for each side drawn as an edge, the point just beyond that side in the
//!   anchor's row or column: off the board ({3}); as the rectangle is on
//!   the board, this holds exactly when the side lies on the first line;
//! - every other step: anything.
//!
//! So a variant matches with its anchor on a point exactly when the string
//! read from there is in its language, edges and corners included.
//!
//! # Building: synchronised product, hash-consed and minimised
//!
//! The automaton for a set of variants is the synchronised product of the
//! one-variant automata (dfa.texi), built by following only reachable
//! product states: a product state is the set of variants still alive after
//! the same prefix of the path; reading a value keeps those that accept it.
//! Variants whose last constrained step has been read leave the set and
//! become the state's *attributes* (reported on arrival); an empty set with
//! no attributes is the error state 0. Product states are deduplicated by
//! (depth, live set, attributes), so each is expanded once.
//!
//! The automaton is acyclic (every step advances along the path), so it is
//! then minimised bottom-up, deepest states first: a state is registered
//! under the signature (attributes, successors), equal signatures being one
//! state (hash-consing, Revuz's minimisation of acyclic automata). States
//! with the same future merge even at different depths, which is sound as
//! the matcher only follows transitions. Without leaves the result is the
//! minimal DFA of the database.
//!
//! # Size control
//!
//! The product can explode (GNU Go could not build one for `pat`): the
//! variants' free cells interleave, and every combination of values read so
//! far that keeps a different subset alive is a state. The builder has a
//! budget of product states ([`DfaConfig::max_product_states`]) and expands
//! best-first: always the unexpanded state with the most live variants
//! (the shallowest among equals). When the budget is spent, the states not
//! yet expanded become *verify leaves*: each lists its live variants with
//! the index of their next constraint, and the matcher checks those
//! remaining constraints directly (an and-compare per cell). So the
//! automaton reads deepest where most patterns are still possible, every
//! leaf holds few candidates, and a database whose whole product fits gets
//! the pure automaton.
//! [`DfaConfig::leaf_size`] and [`DfaConfig::max_depth`] force leaves
//! earlier (small live sets, or a fixed depth).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::{Duration, Instant};

use super::variant::Variant;
use super::CompiledDb;

/// Index of a DFA state; 0 is the error state, 1 the start state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateId(pub u32);

impl StateId {
    /// The error state: no variant can match any more.
    pub const ERROR: StateId = StateId(0);

    /// The index into the state tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One constraint of a variant: path step and the set of accepted values
/// (bit `v` = value `v`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraint {
    pub step: u16,
    pub accept: u8,
}

/// A variant still to be verified at a leaf: the variant index and the
/// position in its constraint list from which to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    pub variant: u32,
    pub from: u32,
}

/// How to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DfaConfig {
    /// Give up when the product has more states than this.
    pub max_product_states: usize,
    /// Product states with at most this many live variants become verify
    /// leaves (0: none).
    pub leaf_size: usize,
    /// Product states this many steps deep become verify leaves (the
    /// automaton reads at most this much of the path; `u16::MAX`: no limit).
    pub max_depth: u16,
}

impl Default for DfaConfig {
    fn default() -> DfaConfig {
        DfaConfig {
            max_product_states: 4_000_000,
            leaf_size: 0,
            max_depth: u16::MAX,
        }
    }
}

/// Figures of one build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DfaStats {
    /// Reachable product states (the automaton before minimisation,
    /// error state included).
    pub product_states: usize,
    /// States after minimisation (error state included).
    pub states: usize,
    /// Leaf size used (0: none).
    pub leaf_size: usize,
    /// Depth limit used (`u16::MAX`: none).
    pub max_depth: u16,
    /// Most path steps the automaton reads before a leaf or the end.
    pub depth: usize,
    /// States that are verify leaves.
    pub leaves: usize,
    /// Length of the scan path.
    pub path_len: usize,
    /// Wall time of the build.
    pub build_time: Duration,
    /// Bytes of the automaton's tables.
    pub bytes: usize,
}

/// The product exceeded its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig {
    /// Product states made before giving up.
    pub product_states: usize,
}

/// The automaton of a database.
#[derive(Clone, Debug)]
pub struct Dfa {
    /// Offsets `(di, dj)` from the anchor, in scan order.
    pub path: Vec<(i8, i8)>,
    /// Successors per state for values 0..4.
    pub next: Vec<[StateId; 4]>,
    /// `attr_start[s]..attr_start[s + 1]` indexes `attrs`: the variants
    /// that match on arriving in state `s`.
    pub attr_start: Vec<u32>,
    /// Variant indices into the compiled database's `variants`.
    pub attrs: Vec<u32>,
    /// `leaf_start[s]..leaf_start[s + 1]` indexes `leaves`: variants to
    /// verify on arriving in state `s` (empty for a pure automaton).
    pub leaf_start: Vec<u32>,
    pub leaves: Vec<Pending>,
    /// Per variant, `cons_start[v]..cons_start[v + 1]` indexes
    /// `constraints`, sorted by step.
    pub cons_start: Vec<u32>,
    pub constraints: Vec<Constraint>,
    pub stats: DfaStats,
}

/// The accepted-value set of an and-compare pair.
fn accept_set(mask: u8, want: u8) -> u8 {
    (0..4u8)
        .filter(|s| s & mask == want)
        .fold(0, |acc, s| acc | 1 << s)
}

/// The constrained offsets of a variant with their accepted sets (see the
/// module docs), duplicates intersected.
fn variant_cells(v: &Variant) -> Vec<((i8, i8), u8)> {
    let mut cells: Vec<((i8, i8), u8)> = Vec::new();
    let mut add = |at: (i8, i8), set: u8| match cells.iter_mut().find(|c| c.0 == at) {
        Some(c) => c.1 &= set,
        None => cells.push((at, set)),
    };
    for e in &v.elements {
        add((e.di, e.dj), accept_set(e.mask, e.want));
    }
    for at in [
        (v.min_i, v.min_j),
        (v.min_i, v.max_j),
        (v.max_i, v.min_j),
        (v.max_i, v.max_j),
    ] {
        add(at, 0b0111);
    }
    let sides = [
        (v.edges.top, (v.min_i - 1, 0)),
        (v.edges.bottom, (v.max_i + 1, 0)),
        (v.edges.left, (0, v.min_j - 1)),
        (v.edges.right, (0, v.max_j + 1)),
    ];
    for (drawn, at) in sides {
        if drawn {
            add(at, 0b1000);
        }
    }
    cells
}

/// Spiral order: by squared distance from the anchor, then by angle
/// (clockwise from straight up on the board).
fn spiral_key(&(di, dj): &(i8, i8)) -> (i32, i64) {
    let d = (di as i32).pow(2) + (dj as i32).pow(2);
    // Angle from "up" (di < 0), clockwise; scaled to an integer key.
    let a = (dj as f64).atan2(-(di as f64));
    let a = if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    };
    (d, (a * 1e6) as i64)
}

/// The spiral scan path over the given offsets.
pub fn spiral_path(mut offsets: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    offsets.sort_by_key(spiral_key);
    offsets.dedup();
    offsets
}

/// A product state during the construction.
struct Product {
    /// Path steps read before arriving here.
    depth: u16,
    /// Variants still alive whose constraints are not all read yet.
    live: Vec<u32>,
    /// Variants whose last constraint was the step just read: attributes.
    done: Vec<u32>,
    /// Indices of the successors (`u32::MAX`: error); `None` while
    /// unexpanded (a verify leaf if it stays so with `live` nonempty).
    next: Option<[u32; 4]>,
}

/// What identifies a state of the minimised automaton: attributes, verify
/// list, successors.
type Signature = (Vec<u32>, Vec<Pending>, [StateId; 4]);

/// The minimised tables under construction.
#[derive(Default)]
struct Tables {
    registry: HashMap<Signature, StateId>,
    next: Vec<[StateId; 4]>,
    attr_start: Vec<u32>,
    attrs: Vec<u32>,
    leaf_start: Vec<u32>,
    leaves: Vec<Pending>,
    leaf_count: usize,
}

impl Tables {
    /// The state with this signature, made if new (hash-consing).
    fn register(&mut self, attrs: Vec<u32>, pend: Vec<Pending>, next: [StateId; 4]) -> StateId {
        if attrs.is_empty() && pend.is_empty() && next == [StateId::ERROR; 4] {
            return StateId::ERROR;
        }
        let key = (attrs, pend, next);
        if let Some(&s) = self.registry.get(&key) {
            return s;
        }
        let id = StateId(self.next.len() as u32);
        let (attrs, pend, next) = key;
        self.next.push(next);
        self.attrs.extend_from_slice(&attrs);
        self.attr_start.push(self.attrs.len() as u32);
        if !pend.is_empty() {
            self.leaf_count += 1;
        }
        self.leaves.extend_from_slice(&pend);
        self.leaf_start.push(self.leaves.len() as u32);
        self.registry.insert((attrs, pend, next), id);
        id
    }
}

/// Build the automaton of `db` with `config` (see the module docs: a
/// best-first product within the budget, then bottom-up minimisation).
/// Fails only if the budget cannot hold the start state.
pub fn build(db: &CompiledDb, config: DfaConfig) -> Result<Dfa, TooBig> {
    let start_time = Instant::now();
    let cells: Vec<Vec<((i8, i8), u8)>> = db.variants.iter().map(variant_cells).collect();
    let path = spiral_path(cells.iter().flatten().map(|c| c.0).collect());
    let step_of: HashMap<(i8, i8), u16> = path
        .iter()
        .enumerate()
        .map(|(k, &at)| (at, k as u16))
        .collect();
    // Per step, per variant: accepted set (15 = free); per variant its
    // constraints sorted by step.
    let mut accept = vec![vec![0b1111u8; cells.len()]; path.len()];
    let mut last = Vec::with_capacity(cells.len());
    let mut cons_start = vec![0u32];
    let mut constraints = Vec::new();
    for (v, vc) in cells.iter().enumerate() {
        let mut cons: Vec<Constraint> = vc
            .iter()
            .map(|&(at, set)| Constraint {
                step: step_of[&at],
                accept: set,
            })
            .collect();
        cons.sort_by_key(|c| c.step);
        for c in &cons {
            accept[c.step as usize][v] = c.accept;
        }
        last.push(cons.last().map_or(0, |c| c.step));
        constraints.extend_from_slice(&cons);
        cons_start.push(constraints.len() as u32);
    }
    if config.max_product_states < 2 {
        return Err(TooBig { product_states: 0 });
    }

    // Best-first expansion: always the unexpanded state with the most live
    // variants (shallowest first among equals), until the budget is spent.
    let mut products: Vec<Product> = vec![Product {
        depth: 0,
        live: (0..cells.len() as u32).collect(),
        done: Vec::new(),
        next: None,
    }];
    let mut index: HashMap<(u16, Vec<u32>, Vec<u32>), u32> = HashMap::new();
    let mut queue: BinaryHeap<(usize, Reverse<u16>, u32)> = BinaryHeap::new();
    queue.push((cells.len(), Reverse(0), 0));
    while let Some((_, Reverse(depth), k)) = queue.pop() {
        let d = depth as usize;
        let p = &products[k as usize];
        let expand = !p.live.is_empty()
            && d < path.len()
            && (d == 0 || p.live.len() > config.leaf_size)
            && depth < config.max_depth;
        if !expand {
            continue;
        }
        if products.len() + 4 > config.max_product_states {
            break;
        }
        let live = p.live.clone();
        let mut row = [u32::MAX; 4];
        for (value, slot) in row.iter_mut().enumerate() {
            let (mut done, mut alive) = (Vec::new(), Vec::new());
            for &v in &live {
                if accept[d][v as usize] & (1 << value) != 0 {
                    if last[v as usize] as usize <= d {
                        done.push(v);
                    } else {
                        alive.push(v);
                    }
                }
            }
            if done.is_empty() && alive.is_empty() {
                continue;
            }
            let key = (depth + 1, alive, done);
            *slot = match index.get(&key) {
                Some(&i) => i,
                None => {
                    let i = products.len() as u32;
                    let (_, alive, done) = key.clone();
                    index.insert(key, i);
                    queue.push((alive.len(), Reverse(depth + 1), i));
                    products.push(Product {
                        depth: depth + 1,
                        live: alive,
                        done,
                        next: None,
                    });
                    i
                }
            };
        }
        products[k as usize].next = Some(row);
    }
    drop(index);

    // Minimise, deepest states first (successors are always deeper).
    let mut order: Vec<u32> = (0..products.len() as u32).collect();
    order.sort_by_key(|&k| Reverse(products[k as usize].depth));
    let mut t = Tables {
        next: vec![[StateId::ERROR; 4]],
        attr_start: vec![0, 0],
        leaf_start: vec![0, 0],
        ..Tables::default()
    };
    let mut ids = vec![StateId::ERROR; products.len()];
    let mut reached = 0;
    for &k in &order {
        let p = &products[k as usize];
        let id = match p.next {
            Some(row) => {
                reached = reached.max(p.depth as usize + 1);
                let next = row.map(|i| {
                    if i == u32::MAX {
                        StateId::ERROR
                    } else {
                        ids[i as usize]
                    }
                });
                t.register(p.done.clone(), Vec::new(), next)
            }
            None => {
                let pend = p
                    .live
                    .iter()
                    .map(|&v| {
                        let lo = cons_start[v as usize] as usize;
                        let hi = cons_start[v as usize + 1] as usize;
                        let skip = constraints[lo..hi]
                            .iter()
                            .take_while(|c| c.step < p.depth)
                            .count();
                        Pending {
                            variant: v,
                            from: (lo + skip) as u32,
                        }
                    })
                    .collect();
                t.register(p.done.clone(), pend, [StateId::ERROR; 4])
            }
        };
        ids[k as usize] = id;
    }
    let start = ids[0];
    let product_states = products.len() + 1;
    drop(products);
    let Tables {
        mut next,
        attr_start,
        attrs,
        leaf_start,
        leaves,
        leaf_count,
        ..
    } = t;
    // Renumber so that the start state is 1 (swap it with state 1).
    let (next, attr_start, attrs, leaf_start, leaves) = if start.index() > 1 {
        let n = next.len();
        let swap = |s: StateId| match s.index() {
            x if x == start.index() => StateId(1),
            1 => start,
            _ => s,
        };
        let mut order: Vec<usize> = (0..n).collect();
        order.swap(1, start.index());
        for row in next.iter_mut() {
            for s in row.iter_mut() {
                *s = swap(*s);
            }
        }
        let mut n2 = Vec::with_capacity(n);
        let (mut as2, mut at2, mut ls2, mut l2) = (vec![0u32], Vec::new(), vec![0u32], Vec::new());
        for &old in &order {
            n2.push(next[old]);
            at2.extend_from_slice(&attrs[attr_start[old] as usize..attr_start[old + 1] as usize]);
            as2.push(at2.len() as u32);
            l2.extend_from_slice(&leaves[leaf_start[old] as usize..leaf_start[old + 1] as usize]);
            ls2.push(l2.len() as u32);
        }
        (n2, as2, at2, ls2, l2)
    } else if start == StateId::ERROR {
        // Empty database: a start state that goes nowhere.
        let (mut attr_start, mut leaf_start) = (attr_start, leaf_start);
        next.push([StateId::ERROR; 4]);
        attr_start.push(attrs.len() as u32);
        leaf_start.push(leaves.len() as u32);
        (next, attr_start, attrs, leaf_start, leaves)
    } else {
        (next, attr_start, attrs, leaf_start, leaves)
    };
    let bytes = next.len() * 16
        + (attr_start.len() + attrs.len() + leaf_start.len() + cons_start.len()) * 4
        + leaves.len() * 8
        + constraints.len() * 4;
    let stats = DfaStats {
        product_states,
        states: next.len(),
        leaf_size: config.leaf_size,
        max_depth: config.max_depth,
        depth: reached,
        leaves: leaf_count,
        path_len: path.len(),
        build_time: start_time.elapsed(),
        bytes,
    };
    Ok(Dfa {
        path,
        next,
        attr_start,
        attrs,
        leaf_start,
        leaves,
        cons_start,
        constraints,
        stats,
    })
}

/// The automaton of `db` within `max_product_states` (pure if the whole
/// product fits, else with verify leaves).
pub fn build_auto(db: &CompiledDb, max_product_states: usize) -> Dfa {
    let config = DfaConfig {
        max_product_states: max_product_states.max(2),
        leaf_size: 0,
        max_depth: u16::MAX,
    };
    build(db, config).expect("a budget of two states always fits the start")
}

impl Dfa {
    /// Number of states (error state included).
    pub fn len(&self) -> usize {
        self.next.len()
    }

    /// Whether the automaton has only its error and start states.
    pub fn is_empty(&self) -> bool {
        self.next.len() <= 2
    }

    /// The variants matching on arrival in `s`.
    pub fn attrs_of(&self, s: StateId) -> &[u32] {
        &self.attrs[self.attr_start[s.index()] as usize..self.attr_start[s.index() + 1] as usize]
    }

    /// The variants to verify on arrival in `s`.
    pub fn leaves_of(&self, s: StateId) -> &[Pending] {
        &self.leaves[self.leaf_start[s.index()] as usize..self.leaf_start[s.index() + 1] as usize]
    }

    /// The constraints of variant `v` from list position `from` on.
    pub fn constraints_from(&self, v: u32, from: u32) -> &[Constraint] {
        &self.constraints[from as usize..self.cons_start[v as usize + 1] as usize]
    }
}
