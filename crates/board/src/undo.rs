//! Undo: replays a move's journal entries backwards (see `moves` for the
//! order of the steps it reverses).

use crate::board::Board;
use crate::journal::MoveRecord;
use crate::types::{BoardError, Cell, Move, Point};
use crate::zobrist;

impl Board {
    /// Take back the last `play` or `try_move` exactly (stones, strings,
    /// hashes, ko, captures, player to move).
    pub fn undo(&mut self) -> Result<(), BoardError> {
        let rec = self.journal.moves.pop().ok_or(BoardError::NothingToUndo)?;
        if let Move::Play(p) = rec.mv {
            self.unplace(&rec, p);
            self.captures[rec.color.index()] -= rec.captured as u32;
        }
        self.history.pop();
        self.to_move = rec.prev_to_move;
        self.ko = rec.prev_ko;
        debug_assert_eq!(self.hash, rec.prev_hash);
        self.hash = rec.prev_hash;
        Ok(())
    }

    /// Reverse steps 3, 2, 1 of `place`.
    fn unplace(&mut self, rec: &MoveRecord, p: Point) {
        let pi = p.index();
        let c = rec.color;
        let own = c.cell();
        let opp = c.opponent();
        let w = self.words;
        // 3: put captured strings back; their one liberty was p.
        while self.journal.captured.len() > rec.captured_start as usize {
            let (h, size) = self.journal.captured.pop().expect("captured entry");
            let h = h as usize;
            let mut s = h;
            loop {
                self.cells[s] = opp.cell();
                // The hash is restored from the record below; the
                // incremental update only feeds the debug check there.
                if cfg!(debug_assertions) {
                    self.hash ^= zobrist::stone(s, opp);
                }
                self.empty_remove(s);
                for n in self.neighbors(Point(s as u16)) {
                    let n = n.index();
                    if self.cells[n] == own {
                        self.lib_remove(self.head[n] as usize, s);
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
            self.str_size[h] = size;
            self.libs[h * w..(h + 1) * w].fill(0);
            self.libs[h * w + pi / 64] |= 1 << (pi % 64);
            self.lib_count[h] = 1;
        }
        // 2: split merges, restore the saved records.
        while self.journal.merges.len() > rec.merges_start as usize {
            let (keep, gone) = self.journal.merges.pop().expect("merge entry");
            let (keep, gone) = (keep as usize, gone as usize);
            self.next.swap(keep, gone);
            let mut s = gone;
            loop {
                self.head[s] = gone as u16;
                s = self.next[s] as usize;
                if s == gone {
                    break;
                }
            }
        }
        while self.journal.saved.len() > rec.saved_start as usize {
            let saved = self.journal.saved.pop().expect("saved entry");
            let h = saved.head as usize;
            let from = self.journal.saved_words.len() - w;
            self.libs[h * w..(h + 1) * w].copy_from_slice(&self.journal.saved_words[from..]);
            self.journal.saved_words.truncate(from);
            self.str_size[h] = saved.size;
            self.lib_count[h] = saved.lib_count;
        }
        for n in self.neighbors(p) {
            let n = n.index();
            if self.cells[n] == opp.cell() {
                self.lib_add(self.head[n] as usize, pi);
            }
        }
        // 1: lift the stone.
        self.cells[pi] = Cell::Empty;
        if cfg!(debug_assertions) {
            self.hash ^= zobrist::stone(pi, c);
        }
        self.empty_add(pi);
        self.next[pi] = rec.prev_next;
        self.head[pi] = rec.prev_head;
    }
}
