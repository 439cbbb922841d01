//! The diagram symbols of the main diagram and what each requires.

use super::Elem;

/// One diagram symbol: its character, geometric requirement and meaning.
#[derive(Clone, Copy, Debug)]
pub struct SymbolInfo {
    pub ch: char,
    pub elem: Elem,
    pub meaning: &'static str,
}

/// Every symbol allowed in a main diagram (edge marks `| - +` aside).
pub const SYMBOLS: [SymbolInfo; 11] = [
    SymbolInfo { ch: '.', elem: Elem::Empty, meaning: "empty point" },
    SymbolInfo { ch: ',', elem: Elem::Empty, meaning: "empty point marked for the database's callback (barriers: influence cannot pass)" },
    SymbolInfo { ch: '!', elem: Elem::Empty, meaning: "empty point marked for the database's callback (conn: inhibited connection; barriers: weakened influence or intrusion)" },
    SymbolInfo { ch: '*', elem: Elem::Empty, meaning: "the move: an empty point where O plays" },
    SymbolInfo { ch: '?', elem: Elem::Any, meaning: "anything, but on the board" },
    SymbolInfo { ch: 'O', elem: Elem::Own, meaning: "a stone of the colour the pattern is matched for" },
    SymbolInfo { ch: 'X', elem: Elem::Opp, meaning: "a stone of the other colour" },
    SymbolInfo { ch: 'o', elem: Elem::NotOpp, meaning: "O stone or empty" },
    SymbolInfo { ch: 'x', elem: Elem::NotOwn, meaning: "X stone or empty" },
    SymbolInfo { ch: 'Q', elem: Elem::Own, meaning: "an O stone that is the pattern's anchor" },
    SymbolInfo { ch: 'Y', elem: Elem::Opp, meaning: "an X stone that is the pattern's anchor" },
];

/// The requirement of main-diagram symbol `ch`, if it is one.
pub fn symbol_elem(ch: char) -> Option<Elem> {
    SYMBOLS.iter().find(|s| s.ch == ch).map(|s| s.elem)
}

/// Whether `ch` is an edge mark.
#[allow(dead_code)]
pub fn is_edge_mark(ch: char) -> bool {
    matches!(ch, '|' | '-' | '+')
}

/// Whether `ch` can be a label in a constraint diagram: an ASCII letter
/// that is not itself a diagram symbol (`O o X x Q Y`).
pub fn is_label(ch: char) -> bool {
    ch.is_ascii_alphabetic() && symbol_elem(ch).is_none()
}
