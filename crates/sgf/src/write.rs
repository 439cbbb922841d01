//! The SGF writer: [`Collection`] or a single game to text.
//!
//! Decisions:
//! - One node per line; each variation starts on a new line with `(`.
//! - Values are written raw (they are stored escaped), so parse → write
//!   reproduces every value exactly. To keep the output parseable whatever
//!   a caller stored, an unescaped `]` gets a backslash and a lone trailing
//!   `\` is doubled.
//! - Identifiers are written with their ASCII letters only; a property with
//!   no letters or no values is not written (it could not be read back).
//! - Iterative, so that long games cannot overflow the stack.

use crate::tree::{Collection, Node, Property};

/// Write a whole collection.
pub fn write(collection: &Collection) -> String {
    let mut out = String::new();
    for game in &collection.games {
        write_tree(game, &mut out);
        out.push('\n');
    }
    out
}

/// Write one game (a root node) as a collection of one tree.
pub fn write_game(game: &Node) -> String {
    let mut out = String::new();
    write_tree(game, &mut out);
    out.push('\n');
    out
}

enum Step<'a> {
    Node(&'a Node),
    Text(&'static str),
}

fn write_tree(root: &Node, out: &mut String) {
    out.push('(');
    let mut stack = vec![Step::Text(")"), Step::Node(root)];
    let mut first = true;
    while let Some(step) = stack.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Node(node) => {
                if !first && !out.ends_with('(') {
                    out.push('\n');
                }
                first = false;
                out.push(';');
                for prop in &node.props {
                    write_property(prop, out);
                }
                match node.children.len() {
                    0 => {}
                    1 => stack.push(Step::Node(&node.children[0])),
                    _ => {
                        for child in node.children.iter().rev() {
                            stack.push(Step::Text(")"));
                            stack.push(Step::Node(child));
                            stack.push(Step::Text("\n("));
                        }
                    }
                }
            }
        }
    }
}

fn write_property(prop: &Property, out: &mut String) {
    let id: String = prop.id.chars().filter(char::is_ascii_alphabetic).collect();
    if id.is_empty() || prop.values.is_empty() {
        return;
    }
    out.push_str(&id);
    for value in &prop.values {
        out.push('[');
        push_safe_raw(value, out);
        out.push(']');
    }
}

/// Copy a raw value, escaping what would end it early.
fn push_safe_raw(raw: &str, out: &mut String) {
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                match chars.next() {
                    Some(next) => out.push(next),
                    None => out.push('\\'),
                }
            }
            ']' => out.push_str("\\]"),
            c => out.push(c),
        }
    }
}
