//! The corner tree (seed 004, GNU Go's "Corner Matcher"): corner-only
//! patterns made only of `O`, `X` and empty points (joseki) as one
//! variation tree over their stones.
//!
//! Every oriented [`Variant`] that is pinned to a corner (an edge row and
//! an edge column drawn) and names every point of its rectangle exactly is
//! turned into a *corner form*: its stones in corner-relative coordinates
//! `(a, b)` — `a` rows from the corner's horizontal edge, `b` columns from
//! its vertical edge. The *corner area* of a point `(a, b)` is the
//! rectangle `[0, a] x [0, b]` between it and the corner; the *count* of a
//! form's stone is the number of the form's stones in its corner area.
//!
//! A form's stones are sorted by count, so that a stone comes after every
//! stone of its corner area (the first stone is alone in its corner area),
//! then by distance from the corner (`max(a, b)`, then `a + b`, then `a`):
//! of the orders tried this gave the smallest tree (17,234 variations for
//! the 12,944 oriented joseki variants, 8,769 for the 1,622 diagrams as
//! written, against 8,799 for `a + b` first and ~8,930 for `a` or `b`
//! first). The stones, in that order, are a path from the
//! root: a *variation* is one step, with the stone's position, whether its
//! colour is the *same* as the first stone's or the *other* one, and its
//! count. Forms sharing a prefix share variations. A form hangs on the
//! variation of its last stone (forms without stones on the root), with
//! whether it applies when the colour matched for is the first stone's
//! colour, its rectangle, its stone total, and where its diagram origin
//! and move point lie.
//!
//! Matching ([`crate::matchers::corner_tree`]): a root child matches a stone
//! of either colour alone in its corner area; a deeper variation a stone of
//! its relative colour whose corner area holds exactly its count of stones.
//! A form matches when its variation matches, the colour relation fits,
//! its rectangle is on the board (and as tall or wide as the board when a
//! far edge is drawn too), and the rectangle holds exactly as many stones
//! as the form: all its stones being present, no other stone is inside.
//! That is the definition of a geometric match for such a pattern.
//!
//! Unlike GNU Go, which stores a pattern once and tries eight
//! transformations at match time, the tree holds every kept orientation of
//! every pattern (both diagonal mirrors of a corner form share the tree;
//! each corner's variants are separate forms on the same variations), and
//! one walk per corner finds them all.

use std::collections::HashMap;

use super::{CompiledDb, PatternId, Transform, Variant};

/// How a form's colour relates to the first stone of its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// The matched colour (`O`) is the first stone's colour.
    Same = 0,
    /// The matched colour is the other one (the first stone is `X`).
    Other = 1,
    /// The form has no stones: any colour.
    Any = 2,
}

/// One form hung on a variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    /// Corner: bit 0 bottom (else top), bit 1 right (else left).
    pub corner: u8,
    pub relation: Relation,
    /// Rectangle rows (along `a`) and columns (along `b`).
    pub height: u8,
    pub width: u8,
    /// The far row edge is drawn too: the rectangle must be as tall as the
    /// board; likewise `full_width`.
    pub full_height: bool,
    pub full_width: bool,
    /// Number of stones of the form.
    pub stones: u8,
    /// Corner-relative diagram origin (cell (0, 0)) and move point.
    pub origin: (u8, u8),
    pub mark: (u8, u8),
    pub pattern: PatternId,
    pub transform: Transform,
}

/// One variation: a stone added to its parent's set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variation {
    pub a: u8,
    pub b: u8,
    /// The stone's colour is the other one than the first stone's (always
    /// false at the first level, where any colour matches).
    pub other: bool,
    /// Stones in the corner area `[0, a] x [0, b]`, this one included.
    pub count: u8,
    /// Bit `2 * corner + relation` set when a form below (or on) this
    /// variation applies in that corner with that relation.
    pub reach: u8,
    /// `children_start..children_start + children_len` indexes
    /// [`CornerTree::variations`].
    pub children_start: u32,
    pub children_len: u32,
    /// `forms_start..forms_start + forms_len` indexes [`CornerTree::forms`].
    pub forms_start: u32,
    pub forms_len: u32,
}

/// Size figures of a tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Variations (root excluded).
    pub variations: usize,
    /// Forms (oriented variants) in the tree.
    pub forms: usize,
    /// Longest path (stones of the largest form).
    pub depth: usize,
    /// Children of the root (distinct first stones).
    pub root_children: usize,
    /// Most children of one variation.
    pub max_children: usize,
    /// Variants left to the fallback matcher.
    pub left_out: usize,
}

/// The compiled corner tree of a database.
#[derive(Clone, Debug)]
pub struct CornerTree {
    /// Index 0 is the root (position and count unused); children of a
    /// variation are contiguous.
    pub variations: Vec<Variation>,
    pub forms: Vec<Form>,
    /// Largest `a` or `b` any variation or rectangle reaches, plus one.
    pub extent: usize,
    /// Variant indices of the database that are not corner forms.
    pub left_out: Vec<usize>,
}

/// A form with its sorted stones `(a, b, own)`, before the tree is built.
struct Pending {
    form: Form,
    stones: Vec<(u8, u8, bool)>,
}

/// The corner form of a variant, if it is eligible.
fn corner_form(v: &Variant) -> Option<Pending> {
    let e = v.edges;
    if !(e.top || e.bottom) || !(e.left || e.right) {
        return None;
    }
    let height = (v.max_i - v.min_i + 1) as usize;
    let width = (v.max_j - v.min_j + 1) as usize;
    if v.elements.len() != height * width || v.elements.iter().any(|x| x.mask != 0b11) {
        return None;
    }
    let top = e.top;
    let left = e.left;
    let a_of = |di: i8| (if top { di - v.min_i } else { v.max_i - di }) as u8;
    let b_of = |dj: i8| (if left { dj - v.min_j } else { v.max_j - dj }) as u8;
    let mut stones: Vec<(u8, u8, bool)> = v
        .elements
        .iter()
        .filter(|x| x.want != 0)
        .map(|x| (a_of(x.di), b_of(x.dj), x.want == 0b01))
        .collect();
    let count = |&(a, b, _): &(u8, u8, bool)| {
        stones
            .iter()
            .filter(|&&(a2, b2, _)| a2 <= a && b2 <= b)
            .count()
    };
    let mut keyed: Vec<(usize, (u8, u8, bool))> = stones.iter().map(|s| (count(s), *s)).collect();
    keyed.sort_by_key(|&(c, (a, b, _))| (c, a.max(b), a + b, a));
    stones = keyed.into_iter().map(|(_, s)| s).collect();
    let relation = match stones.first() {
        None => Relation::Any,
        Some(&(_, _, true)) => Relation::Same,
        Some(_) => Relation::Other,
    };
    let form = Form {
        corner: (!top as u8) | (!left as u8) << 1,
        relation,
        height: height as u8,
        width: width as u8,
        full_height: e.top && e.bottom,
        full_width: e.left && e.right,
        stones: stones.len() as u8,
        origin: (a_of(v.origin.0), b_of(v.origin.1)),
        mark: (a_of(v.mark.0), b_of(v.mark.1)),
        pattern: v.pattern,
        transform: v.transform,
    };
    Some(Pending { form, stones })
}

/// A tree node while building.
#[derive(Default)]
struct Node {
    key: (u8, u8, bool, u8),
    children: Vec<usize>,
    index: HashMap<(u8, u8, bool, u8), usize>,
    forms: Vec<Form>,
}

impl CornerTree {
    /// Build the tree of every eligible variant of `db`.
    pub fn build(db: &CompiledDb) -> CornerTree {
        let mut nodes = vec![Node::default()];
        let mut left_out = Vec::new();
        let mut extent = 0usize;
        for (k, v) in db.variants.iter().enumerate() {
            let Some(p) = corner_form(v) else {
                left_out.push(k);
                continue;
            };
            extent = extent
                .max(p.form.height as usize)
                .max(p.form.width as usize);
            let mut at = 0;
            let first_own = p.stones.first().map(|s| s.2);
            let mut seen: Vec<(u8, u8)> = Vec::new();
            for &(a, b, own) in &p.stones {
                seen.push((a, b));
                let count = seen.iter().filter(|&&(a2, b2)| a2 <= a && b2 <= b).count() as u8;
                let other = at != 0 && Some(own) != first_own;
                let key = (a, b, other, count);
                let next = match nodes[at].index.get(&key) {
                    Some(&n) => n,
                    None => {
                        nodes.push(Node {
                            key,
                            ..Node::default()
                        });
                        let n = nodes.len() - 1;
                        nodes[at].index.insert(key, n);
                        nodes[at].children.push(n);
                        n
                    }
                };
                at = next;
            }
            nodes[at].forms.push(p.form);
        }
        // Flatten breadth first so that each node's children are contiguous.
        let mut variations = Vec::with_capacity(nodes.len());
        let mut forms = Vec::new();
        let mut order = vec![0usize];
        let mut head = 0;
        while head < order.len() {
            let id = order[head];
            head += 1;
            let node = &nodes[id];
            let mut node_forms = node.forms.clone();
            node_forms.sort_by_key(|f| (f.corner, f.relation as u8));
            let (a, b, other, count) = node.key;
            variations.push(Variation {
                a,
                b,
                other,
                count,
                reach: 0,
                children_start: (order.len()) as u32,
                children_len: node.children.len() as u32,
                forms_start: forms.len() as u32,
                forms_len: node_forms.len() as u32,
            });
            forms.extend(node_forms);
            order.extend(node.children.iter().copied());
        }
        // Reach, bottom up (children come after their parent).
        for k in (0..variations.len()).rev() {
            let v = variations[k];
            let mut reach = 0u8;
            for f in &forms[v.forms_start as usize..(v.forms_start + v.forms_len) as usize] {
                reach |= match f.relation {
                    Relation::Any => 0b11 << (2 * f.corner),
                    r => 1 << (2 * f.corner + r as u8),
                };
            }
            for c in v.children_start..v.children_start + v.children_len {
                reach |= variations[c as usize].reach;
            }
            variations[k].reach = reach;
            extent = extent.max(v.a as usize + 1).max(v.b as usize + 1);
        }
        CornerTree {
            variations,
            forms,
            extent,
            left_out,
        }
    }

    /// Size figures.
    pub fn stats(&self) -> TreeStats {
        let mut depth = vec![0usize; self.variations.len()];
        for (k, v) in self.variations.iter().enumerate() {
            for c in v.children_start..v.children_start + v.children_len {
                depth[c as usize] = depth[k] + 1;
            }
        }
        TreeStats {
            variations: self.variations.len() - 1,
            forms: self.forms.len(),
            depth: depth.iter().copied().max().unwrap_or(0),
            root_children: self.variations[0].children_len as usize,
            max_children: self
                .variations
                .iter()
                .map(|v| v.children_len as usize)
                .max()
                .unwrap_or(0),
            left_out: self.left_out.len(),
        }
    }
}
