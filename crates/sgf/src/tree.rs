//! The game-tree model: a collection of games, each a tree of nodes, each
//! node an ordered list of properties holding raw values.
//!
//! Decisions:
//! - A game is its root [`Node`]; a sequence `;a;b;c` becomes a chain of
//!   nodes, each the only child of the previous one, and variations are
//!   further children. Child 0 is the main line.
//! - Values are kept *raw*: exactly the text between `[` and `]` with its
//!   backslash escapes, so that writing a parsed tree reproduces every value
//!   byte for byte. [`Property::text`] and [`Node::text`] give the
//!   unescaped text (FF[4] Text rules), [`Node::simple_text`] the SimpleText
//!   form; setters take plain text and escape it.
//! - Identifiers are normalised to their capital letters (FF[3] long names
//!   such as `AddBlack` become `AB`; an all-lowercase identifier is
//!   uppercased). A property that appears twice in one node has its values
//!   appended to the first occurrence (FF[4] forbids the repetition; old
//!   files do it).
//! - Every parsed property remembers where it started ([`Property::pos`]) so
//!   that later stages (the board loader) can report line and column.
//!   Positions do not take part in equality.
//! - Equality, dropping, walking, parsing and writing are iterative, so
//!   trees of any depth are safe; the derived `Clone` and `Debug` recurse
//!   (fine for real games, a concern only for pathological nesting depths).

use crate::error::Pos;
use crate::text;

/// One property: identifier and raw values (at least one when parsed).
#[derive(Clone, Debug, Eq)]
pub struct Property {
    /// Normalised identifier, capital letters only (e.g. `AB`).
    pub id: String,
    /// Raw values: the text between the brackets, escapes kept.
    pub values: Vec<String>,
    /// Where the identifier started in the parsed text (`None` if built in code).
    pub pos: Option<Pos>,
}

impl PartialEq for Property {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Property {
    /// A property with raw values (not escaped again).
    pub fn new_raw(id: &str, values: Vec<String>) -> Property {
        Property {
            id: id.to_string(),
            values,
            pos: None,
        }
    }
    /// The first value as unescaped Text.
    pub fn text(&self) -> Option<String> {
        self.values.first().map(|v| text::unescape_text(v))
    }
}

/// A node: an ordered list of properties and the variations that follow it.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// Properties in the order they appeared.
    pub props: Vec<Property>,
    /// Following nodes; index 0 is the main line.
    pub children: Vec<Node>,
    /// Where the node's `;` was in the parsed text (`None` if built in code).
    pub pos: Option<Pos>,
}

impl Node {
    /// An empty node.
    pub fn new() -> Node {
        Node::default()
    }
    /// The property `id`, if present.
    pub fn property(&self, id: &str) -> Option<&Property> {
        self.props.iter().find(|p| p.id == id)
    }
    /// Whether the node has property `id`.
    pub fn has(&self, id: &str) -> bool {
        self.property(id).is_some()
    }
    /// First raw value of `id`.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.property(id)
            .and_then(|p| p.values.first())
            .map(String::as_str)
    }
    /// All raw values of `id` (empty if absent).
    pub fn get_all(&self, id: &str) -> &[String] {
        self.property(id)
            .map(|p| p.values.as_slice())
            .unwrap_or(&[])
    }
    /// First value of `id` as unescaped Text (newlines kept).
    pub fn text(&self, id: &str) -> Option<String> {
        self.get(id).map(text::unescape_text)
    }
    /// First value of `id` as unescaped SimpleText (newlines become spaces).
    pub fn simple_text(&self, id: &str) -> Option<String> {
        self.get(id).map(text::unescape_simple_text)
    }
    /// The `LB` labels as (raw point text, label SimpleText), in order.
    /// A value without a `:` gives an empty label.
    pub fn labels(&self) -> Vec<(String, String)> {
        self.get_all("LB")
            .iter()
            .map(|v| {
                let (point, label) = text::split_compose(v);
                (point.to_string(), text::unescape_simple_text(label))
            })
            .collect()
    }
    /// Replace (or add) property `id` with raw values, keeping its place.
    pub fn set_raw(&mut self, id: &str, values: Vec<String>) {
        match self.props.iter_mut().find(|p| p.id == id) {
            Some(p) => p.values = values,
            None => self.props.push(Property::new_raw(id, values)),
        }
    }
    /// Append one raw value to property `id` (created if absent).
    pub fn add_raw(&mut self, id: &str, value: String) {
        match self.props.iter_mut().find(|p| p.id == id) {
            Some(p) => p.values.push(value),
            None => self.props.push(Property::new_raw(id, vec![value])),
        }
    }
    /// Set property `id` to one Text value, escaping it.
    pub fn set_text(&mut self, id: &str, value: &str) {
        self.set_raw(id, vec![text::escape(value)]);
    }
    /// Add a label `text` at the raw SGF point `point` (e.g. `"dd"`).
    pub fn add_label(&mut self, point: &str, label: &str) {
        self.add_raw("LB", format!("{point}:{}", text::escape(label)));
    }
    /// Remove property `id`; returns whether it was present.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.props.len();
        self.props.retain(|p| p.id != id);
        self.props.len() != before
    }
    /// Append a child and return it.
    pub fn add_child(&mut self, child: Node) -> &mut Node {
        self.children.push(child);
        self.children.last_mut().expect("just pushed")
    }
    /// The main line from this node: this node, its first child, and so on.
    pub fn main_line(&self) -> MainLine<'_> {
        MainLine { next: Some(self) }
    }
    /// Visit every node of the tree in depth-first order (main line first),
    /// with its depth (this node has depth 0). Iterative: deep trees are safe.
    pub fn walk<'a>(&'a self, mut f: impl FnMut(&'a Node, usize)) {
        let mut stack = vec![(self, 0usize)];
        while let Some((node, depth)) = stack.pop() {
            f(node, depth);
            for child in node.children.iter().rev() {
                stack.push((child, depth + 1));
            }
        }
    }
    /// Number of nodes in the tree rooted here.
    pub fn node_count(&self) -> usize {
        let mut n = 0;
        self.walk(|_, _| n += 1);
        n
    }
}

impl PartialEq for Node {
    /// Same properties (positions ignored) and same children, compared
    /// iteratively so that long games cannot overflow the stack.
    fn eq(&self, other: &Node) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            if a.props != b.props || a.children.len() != b.children.len() {
                return false;
            }
            stack.extend(a.children.iter().zip(b.children.iter()));
        }
        true
    }
}

impl Eq for Node {}

impl Drop for Node {
    /// Dismantle long chains iteratively so that dropping a game of many
    /// thousand moves cannot overflow the stack.
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.children);
        while let Some(mut node) = stack.pop() {
            stack.append(&mut node.children);
        }
    }
}

/// Iterator over a main line (see [`Node::main_line`]).
pub struct MainLine<'a> {
    next: Option<&'a Node>,
}

impl<'a> Iterator for MainLine<'a> {
    type Item = &'a Node;
    fn next(&mut self) -> Option<&'a Node> {
        let node = self.next?;
        self.next = node.children.first();
        Some(node)
    }
}

/// A collection: the game trees of one SGF file, in order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Collection {
    /// Root node of each game tree.
    pub games: Vec<Node>,
}
