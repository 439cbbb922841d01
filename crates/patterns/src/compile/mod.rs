//! The pattern compiler: from the checked model ([`crate::model`]) to a
//! [`CompiledDb`], the value every fast matcher is built from.
//!
//! For each pattern: the anchor ([`anchor`]), then one [`Variant`] per
//! orientation that the declared symmetry keeps ([`transform`]), each with
//! its bounding box and edge constraints relative to the anchor, its
//! elements as 2-bit and-compare pairs sorted stones-first, and its rows as
//! and-compare masks on 64-bit row words ([`variant`]). A `CompiledDb` is
//! plain data (serde), so it can be precompiled and embedded.
//!
//! Pattern ids are indices into the source [`PatternDb`]'s pattern list, so
//! that a match can be traced back to the pattern as written.

pub mod anchor;
pub mod corner_tree;
pub mod dfa;
pub mod symmetry;
pub mod transform;
pub mod variant;

use serde::{Deserialize, Serialize};

use crate::model::PatternDb;
pub use transform::Transform;
pub use variant::Variant;

/// Index of a pattern in its database (file order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PatternId(pub u32);

impl PatternId {
    /// The index into the database's pattern list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a match needs to know of its pattern.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatternInfo {
    pub name: String,
    pub height: usize,
    pub width: usize,
    /// Whether the diagram has a `*`.
    pub has_move: bool,
    /// The anchor cell chosen by [`anchor::choose_anchor`].
    pub anchor: (usize, usize),
}

/// A compiled database: per-pattern facts and every kept orientation of
/// every pattern.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompiledDb {
    pub name: String,
    pub patterns: Vec<PatternInfo>,
    /// Variants grouped by pattern, in pattern order, orientations in the
    /// kept order.
    pub variants: Vec<Variant>,
}

impl CompiledDb {
    /// Compile every pattern of `db`.
    pub fn compile(db: &PatternDb) -> CompiledDb {
        let mut patterns = Vec::with_capacity(db.patterns.len());
        let mut variants = Vec::new();
        for (k, p) in db.patterns.iter().enumerate() {
            let id = PatternId(k as u32);
            let anchor = anchor::choose_anchor(p);
            patterns.push(PatternInfo {
                name: p.name.clone(),
                height: p.height,
                width: p.width,
                has_move: p.move_point.is_some(),
                anchor,
            });
            for &t in transform::kept_orientations(p.symmetry) {
                variants.push(Variant::build(id, p, anchor, t));
            }
        }
        CompiledDb {
            name: db.name.clone(),
            patterns,
            variants,
        }
    }

    /// The largest distance from an anchor to any cell of its variant.
    pub fn max_reach(&self) -> i32 {
        self.variants
            .iter()
            .map(|v| {
                [v.min_i, v.max_i, v.min_j, v.max_j]
                    .into_iter()
                    .map(|x| (x as i32).abs())
                    .max()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0)
    }
}
