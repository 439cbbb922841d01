//! The SGF reader: text to [`Collection`].
//!
//! Accepts FF[1] to FF[4] and common old-style leniency:
//! - text outside game trees (mail headers, junk between trees, trailing
//!   text) is ignored, including a `(` not followed by `;`; a byte-order
//!   mark is ignored with it. When no game is found at all, the error points
//!   at the first such `(` (the likely broken tree) if there was one;
//! - whitespace is allowed between every token, also between an identifier
//!   and its values;
//! - long FF[3] identifiers with lowercase letters (`AddBlack` = `AB`) are
//!   reduced to their capitals; all-lowercase identifiers are uppercased;
//! - a property repeated in one node has its values merged into the first.
//!
//! Rejected, with the line and column of the fault: a tree that does not
//! start with `;`, a node after a variation inside the same tree, an
//! identifier without `[value]`, any other character inside a tree, a value
//! or tree left open at the end of the text, a file with no game tree.
//!
//! The parser is iterative (explicit stacks): no input, however deeply
//! nested, can overflow the call stack.

use crate::error::{describe_char, Pos, SgfError, SgfErrorKind};
use crate::tree::{Collection, Node, Property};

/// Parse SGF text into a collection of game trees.
pub fn parse(text: &str) -> Result<Collection, SgfError> {
    Parser::new(text).run()
}

/// Parse SGF bytes: UTF-8 when valid, otherwise read as Latin-1 (every byte
/// one character), which never fails and keeps line and column counts
/// meaningful for the old 8-bit files.
pub fn parse_bytes(bytes: &[u8]) -> Result<Collection, SgfError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(_) => {
            let text: String = bytes.iter().map(|&b| b as char).collect();
            parse(&text)
        }
    }
}

/// Character cursor that knows its line and column.
#[derive(Clone)]
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    pos: Pos,
}

impl<'a> Cursor<'a> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        match c {
            '\n' => self.newline(),
            '\r' if self.peek() != Some('\n') => self.newline(),
            _ => self.pos.column += 1,
        }
        Some(c)
    }
    fn newline(&mut self) {
        self.pos.line += 1;
        self.pos.column = 1;
    }
    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }
}

/// A node under construction; children refer to arena indices.
struct ArenaNode {
    props: Vec<Property>,
    children: Vec<usize>,
    pos: Pos,
}

/// An open `(`: where it was, where its first node attaches, its last node.
struct Frame {
    open: Pos,
    parent: Option<usize>,
    last: Option<usize>,
    seen_variation: bool,
}

struct Parser<'a> {
    cur: Cursor<'a>,
    arena: Vec<ArenaNode>,
    roots: Vec<usize>,
    stack: Vec<Frame>,
    /// First `(` outside a tree not followed by `;`: (place, what followed).
    stray: Option<(Pos, String)>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            cur: Cursor {
                chars: text.chars().peekable(),
                pos: Pos { line: 1, column: 1 },
            },
            arena: Vec::new(),
            roots: Vec::new(),
            stack: Vec::new(),
            stray: None,
        }
    }

    fn err<T>(&self, pos: Pos, kind: SgfErrorKind) -> Result<T, SgfError> {
        Err(SgfError { pos, kind })
    }

    fn run(mut self) -> Result<Collection, SgfError> {
        loop {
            if self.stack.is_empty() {
                // Outside any tree: skip to the next '(' that opens a node.
                if !self.skip_to_tree() {
                    break;
                }
            }
            self.cur.skip_ws();
            let pos = self.cur.pos;
            match self.cur.peek() {
                None => {
                    let open = self.stack.last().map(|f| f.open).unwrap_or(pos);
                    return self.err(pos, SgfErrorKind::UnclosedTree(open));
                }
                Some('(') => self.open_tree(pos)?,
                Some(')') => self.close_tree(pos)?,
                Some(';') => self.node(pos)?,
                Some(c) if c.is_ascii_alphabetic() => {
                    let frame = self.stack.last().expect("inside a tree");
                    let what = describe_char(Some(c));
                    match frame.last {
                        Some(_) if frame.seen_variation => {
                            let msg =
                                format!("{what} after a variation (properties belong in a node)");
                            return self.err(pos, SgfErrorKind::Unexpected(msg));
                        }
                        Some(node) => self.property(node)?,
                        None => return self.err(pos, SgfErrorKind::ExpectedNode(what)),
                    }
                }
                Some(c) => return self.err(pos, SgfErrorKind::Unexpected(describe_char(Some(c)))),
            }
        }
        if self.roots.is_empty() {
            if let Some((pos, found)) = self.stray.take() {
                return self.err(pos, SgfErrorKind::ExpectedNode(found));
            }
            return self.err(self.cur.pos, SgfErrorKind::NoGameTree);
        }
        Ok(self.finish())
    }

    /// Skip text outside trees up to a `(` followed (after whitespace) by
    /// `;`; returns false at the end of the text. A `(` not followed by `;`
    /// is taken for junk, but the first one is remembered: if the text holds
    /// no game at all, it is the likelier fault to report.
    fn skip_to_tree(&mut self) -> bool {
        while let Some(c) = self.cur.peek() {
            if c == '(' {
                let mut look = self.cur.clone();
                look.bump();
                look.skip_ws();
                if look.peek() == Some(';') {
                    return true;
                }
                if self.stray.is_none() {
                    self.stray = Some((look.pos, describe_char(look.peek())));
                }
            }
            self.cur.bump();
        }
        false
    }

    fn open_tree(&mut self, pos: Pos) -> Result<(), SgfError> {
        let parent = match self.stack.last() {
            None => None,
            Some(frame) => match frame.last {
                Some(last) => Some(last),
                None => return self.err(pos, SgfErrorKind::ExpectedNode("'('".into())),
            },
        };
        self.cur.bump();
        self.stack.push(Frame {
            open: pos,
            parent,
            last: None,
            seen_variation: false,
        });
        Ok(())
    }

    fn close_tree(&mut self, pos: Pos) -> Result<(), SgfError> {
        let frame = self.stack.last().expect("inside a tree");
        if frame.last.is_none() {
            return self.err(pos, SgfErrorKind::ExpectedNode("')'".into()));
        }
        self.cur.bump();
        self.stack.pop();
        if let Some(outer) = self.stack.last_mut() {
            outer.seen_variation = true;
        }
        Ok(())
    }

    fn node(&mut self, pos: Pos) -> Result<(), SgfError> {
        let frame = self.stack.last().expect("inside a tree");
        if frame.seen_variation {
            return self.err(
                pos,
                SgfErrorKind::Unexpected(
                    "';' after a variation (nodes must come before variations)".into(),
                ),
            );
        }
        self.cur.bump();
        let index = self.arena.len();
        self.arena.push(ArenaNode {
            props: Vec::new(),
            children: Vec::new(),
            pos,
        });
        let frame = self.stack.last_mut().expect("inside a tree");
        match frame.last.or(frame.parent) {
            Some(up) => self.arena[up].children.push(index),
            None => self.roots.push(index),
        }
        let frame = self.stack.last_mut().expect("inside a tree");
        frame.last = Some(index);
        Ok(())
    }

    fn property(&mut self, node: usize) -> Result<(), SgfError> {
        let start = self.cur.pos;
        let mut ident = String::new();
        while let Some(c) = self.cur.peek().filter(char::is_ascii_alphabetic) {
            ident.push(c);
            self.cur.bump();
        }
        let id = normalise_identifier(&ident);
        self.cur.skip_ws();
        if self.cur.peek() != Some('[') {
            let found = describe_char(self.cur.peek());
            let pos = self.cur.pos;
            return self.err(
                pos,
                SgfErrorKind::MissingValue(format!("{ident} (found {found})")),
            );
        }
        let mut values = Vec::new();
        while self.cur.peek() == Some('[') {
            values.push(self.value()?);
            self.cur.skip_ws();
        }
        let props = &mut self.arena[node].props;
        match props.iter_mut().find(|p| p.id == id) {
            Some(p) => p.values.extend(values),
            None => props.push(Property {
                id,
                values,
                pos: Some(start),
            }),
        }
        Ok(())
    }

    fn value(&mut self) -> Result<String, SgfError> {
        let open = self.cur.pos;
        self.cur.bump();
        let mut raw = String::new();
        loop {
            match self.cur.bump() {
                None => return self.err(self.cur.pos, SgfErrorKind::UnterminatedValue(open)),
                Some(']') => return Ok(raw),
                Some('\\') => {
                    raw.push('\\');
                    match self.cur.bump() {
                        Some(c) => raw.push(c),
                        None => {
                            return self.err(self.cur.pos, SgfErrorKind::UnterminatedValue(open))
                        }
                    }
                }
                Some(c) => raw.push(c),
            }
        }
    }

    /// Turn the arena into nested nodes, children before parents.
    fn finish(self) -> Collection {
        let mut built: Vec<Option<Node>> = Vec::with_capacity(self.arena.len());
        built.resize_with(self.arena.len(), || None);
        for (index, arena_node) in self.arena.into_iter().enumerate().rev() {
            let children = arena_node
                .children
                .iter()
                .map(|&c| built[c].take().expect("child built before parent"))
                .collect();
            built[index] = Some(Node {
                props: arena_node.props,
                children,
                pos: Some(arena_node.pos),
            });
        }
        let games = self
            .roots
            .iter()
            .map(|&r| built[r].take().expect("root built"))
            .collect();
        Collection { games }
    }
}

/// FF[3] long names keep their capitals (`AddBlack` = `AB`); an identifier
/// without capitals is uppercased.
fn normalise_identifier(ident: &str) -> String {
    let caps: String = ident.chars().filter(char::is_ascii_uppercase).collect();
    if caps.is_empty() {
        ident.to_ascii_uppercase()
    } else {
        caps
    }
}
