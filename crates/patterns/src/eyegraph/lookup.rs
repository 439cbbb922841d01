//! Matching an actual eye space against the database graphs: a graph
//! isomorphism that also respects what each vertex requires (marginal or
//! not, empty, stone or either, and board-edge contacts for graphs that draw
//! the edge).
//!
//! Eye spaces have at most a dozen vertices or so; a backtracking search
//! with degree pruning in a vertex order that keeps each new vertex next to
//! an already mapped one is instant at that size.

use super::model::{Content, EyeGraph, EyeGraphDb, EyeSpaceGraph, EyeValue, VertexKind};

/// A database graph found for an eye space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeMatch<'a> {
    /// The matched graph.
    pub graph: &'a EyeGraph,
    /// `mapping[g] = s`: vertex `g` of the graph is vertex `s` of the space.
    pub mapping: Vec<usize>,
}

impl EyeMatch<'_> {
    /// The graph's eye value.
    pub fn value(&self) -> EyeValue {
        self.graph.value
    }

    /// The attack points, as vertices of the eye space.
    pub fn attack_points(&self) -> Vec<usize> {
        self.graph
            .attack_points()
            .into_iter()
            .map(|g| self.mapping[g])
            .collect()
    }

    /// The defence points, as vertices of the eye space.
    pub fn defense_points(&self) -> Vec<usize> {
        self.graph
            .defense_points()
            .into_iter()
            .map(|g| self.mapping[g])
            .collect()
    }
}

impl EyeGraphDb {
    /// The first graph (in file order) isomorphic to `space`, with the
    /// vertex mapping; `None` if no graph matches (then the value can be
    /// computed with [`super::solve::solve`]).
    pub fn lookup(&self, space: &EyeSpaceGraph) -> Option<EyeMatch<'_>> {
        self.graphs
            .iter()
            .find_map(|g| match_graph(g, space).map(|mapping| EyeMatch { graph: g, mapping }))
    }
}

fn compatible(g: &EyeGraph, gv: usize, space: &EyeSpaceGraph, sv: usize) -> bool {
    let a = &g.vertices[gv];
    let b = &space.vertices[sv];
    if (a.kind == VertexKind::Marginal) != b.marginal {
        return false;
    }
    let content_ok = match a.content {
        Content::Empty => !b.stone,
        Content::Stone => b.stone,
        Content::Any => true,
    };
    content_ok
        && g.adjacency[gv].len() == space.adjacency[sv].len()
        && (!g.edge_specific || a.edges == b.edges)
}

/// A mapping from `g`'s vertices onto `space`'s if the two are isomorphic
/// with compatible vertices.
pub fn match_graph(g: &EyeGraph, space: &EyeSpaceGraph) -> Option<Vec<usize>> {
    let n = g.vertices.len();
    if n != space.vertices.len() {
        return None;
    }
    let edges_g: usize = g.adjacency.iter().map(Vec::len).sum();
    let edges_s: usize = space.adjacency.iter().map(Vec::len).sum();
    if edges_g != edges_s {
        return None;
    }
    if n == 0 {
        return Some(Vec::new());
    }
    // Order: breadth first from vertex 0, so each later vertex has a mapped
    // neighbour (database graphs are connected).
    let mut order = vec![0];
    let mut placed = vec![false; n];
    placed[0] = true;
    let mut k = 0;
    while k < order.len() {
        for &w in &g.adjacency[order[k]] {
            if !placed[w] {
                placed[w] = true;
                order.push(w);
            }
        }
        k += 1;
    }
    for (v, p) in placed.iter().enumerate() {
        if !p {
            order.push(v);
        }
    }
    let mut map = vec![usize::MAX; n];
    let mut used = vec![false; n];
    if extend(g, space, &order, 0, &mut map, &mut used) {
        Some(map)
    } else {
        None
    }
}

fn extend(
    g: &EyeGraph,
    space: &EyeSpaceGraph,
    order: &[usize],
    depth: usize,
    map: &mut [usize],
    used: &mut [bool],
) -> bool {
    let Some(&gv) = order.get(depth) else {
        return true;
    };
    for sv in 0..space.vertices.len() {
        if used[sv] || !compatible(g, gv, space, sv) {
            continue;
        }
        // Every mapped neighbour of gv must map to a neighbour of sv, and
        // every mapped non-neighbour to a non-neighbour.
        let ok = order[..depth].iter().all(|&gw| {
            let adj_g = g.adjacency[gv].contains(&gw);
            let adj_s = space.adjacency[sv].contains(&map[gw]);
            adj_g == adj_s
        });
        if !ok {
            continue;
        }
        map[gv] = sv;
        used[sv] = true;
        if extend(g, space, order, depth + 1, map, used) {
            return true;
        }
        used[sv] = false;
        map[gv] = usize::MAX;
    }
    false
}

/// Where an [`EyeEvaluation`] comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvaluationSource {
    /// The named database graph matched.
    Graph(String),
    /// No graph matched; the solver read the local game.
    Solver,
}

/// The value and vital points of an eye space, from the database or the
/// solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeEvaluation {
    pub value: EyeValue,
    /// Attack points, as vertices of the eye space.
    pub attack_points: Vec<usize>,
    /// Defence points, as vertices of the eye space.
    pub defense_points: Vec<usize>,
    pub source: EvaluationSource,
}

impl EyeGraphDb {
    /// The eye space's value: the first matching graph's, or else the
    /// solver's; `None` only if no graph matches and the space is beyond
    /// the solver's limits (GNU Go would assume {2|2} there; the caller
    /// decides).
    pub fn evaluate(&self, space: &EyeSpaceGraph) -> Option<EyeEvaluation> {
        if let Some(m) = self.lookup(space) {
            return Some(EyeEvaluation {
                value: m.value(),
                attack_points: m.attack_points(),
                defense_points: m.defense_points(),
                source: EvaluationSource::Graph(m.graph.name.clone()),
            });
        }
        let s = super::solve::solve(space)?;
        Some(EyeEvaluation {
            value: s.value,
            attack_points: s.attack_points,
            defense_points: s.defense_points,
            source: EvaluationSource::Solver,
        })
    }
}
