//! The undo journal: per move a small record, plus shared stacks holding
//! only what the move changed (saved string records of merged strings,
//! merges to split, strings captured). Undo is strictly LIFO: it replays
//! these stacks backwards, so its cost is the cost of the move.

use crate::types::{Color, Move, Point};

/// What one `play`/`try_move` changed besides the shared stacks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveRecord {
    pub color: Color,
    pub mv: Move,
    pub prev_to_move: Color,
    pub prev_ko: Option<(Point, Color)>,
    pub prev_hash: u64,
    /// `next` and `head` of the played point before the move (they may
    /// belong to a string captured earlier, which undo will restore).
    pub prev_next: u16,
    pub prev_head: u16,
    /// Stones captured by this move.
    pub captured: u16,
    /// Lengths of the shared stacks before the move.
    pub saved_start: u32,
    pub merges_start: u32,
    pub captured_start: u32,
}

/// A string record saved before a merge changed it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SavedString {
    pub head: u16,
    pub size: u16,
    pub lib_count: u16,
}

/// The journal of undoable moves.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    pub moves: Vec<MoveRecord>,
    /// Saved string records; the liberty words of entry `k` are
    /// `saved_words[k * words..(k + 1) * words]`.
    pub saved: Vec<SavedString>,
    pub saved_words: Vec<u64>,
    /// `(kept head, absorbed head)` of each merge, in order.
    pub merges: Vec<(u16, u16)>,
    /// `(head, size)` of each captured string, in order.
    pub captured: Vec<(u16, u16)>,
}

impl Clone for Journal {
    fn clone(&self) -> Journal {
        Journal {
            moves: self.moves.clone(),
            saved: self.saved.clone(),
            saved_words: self.saved_words.clone(),
            merges: self.merges.clone(),
            captured: self.captured.clone(),
        }
    }

    /// Field by field, keeping the allocations.
    fn clone_from(&mut self, src: &Journal) {
        self.moves.clone_from(&src.moves);
        self.saved.clone_from(&src.saved);
        self.saved_words.clone_from(&src.saved_words);
        self.merges.clone_from(&src.merges);
        self.captured.clone_from(&src.captured);
    }
}

impl Journal {
    /// Forget everything.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.saved.clear();
        self.saved_words.clear();
        self.merges.clear();
        self.captured.clear();
    }
}
