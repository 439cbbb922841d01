//! Playing moves: captures, incremental strings and liberty sets, and the
//! journal entries that let `undo` (in `undo.rs`) reverse exactly what a
//! move changed. Legality is in `legal.rs`.
//!
//! A move at `p` by `c`:
//! 1. places the stone and removes `p` from the liberties of the
//!    opponent's neighbouring strings; with no string of `c` beside it the
//!    stone is a new one-stone string whose liberties are its empty
//!    neighbours;
//! 2. joins the stone to the largest neighbouring string of `c` and merges
//!    the other ones into it, smaller into larger (the records of all the
//!    strings involved are saved first);
//! 3. removes opponent strings left without liberties; each removed stone
//!    becomes a liberty of the strings of `c` beside it.
//!
//! Undo does the reverse in the opposite order. Captured strings keep
//! their `next` lists and `head`s while off the board, so restoring them is
//! a walk over their stones; their one liberty was `p`.

use crate::board::Board;
use crate::journal::{MoveRecord, SavedString};
use crate::types::{Cell, Color, IllegalMove, Move, Point};
use crate::zobrist;

impl Board {
    /// Play a game move for `c` (any colour, as GTP allows): captures, ko,
    /// superko history, `to_move` becomes `c.opponent()`. Undoable with `undo`.
    /// Returns the number of stones captured.
    pub fn play(&mut self, c: Color, m: Move) -> Result<usize, IllegalMove> {
        self.try_move(c, m)
    }
    /// The reading variant of `play`: same rules (superko checked only if the
    /// rule is on), journaled, costs only what changes. Undo with `undo`.
    pub fn try_move(&mut self, c: Color, m: Move) -> Result<usize, IllegalMove> {
        self.check_move(c, m)?;
        Ok(self.play_unchecked(c, m))
    }
    /// Play a move without the legality check, with the journal (undo
    /// works). Meant for moves known legal (e.g. by `check_move`) and for
    /// moves illegal only by the repetition rule (a ko or superko
    /// violation is played correctly: captures and ko point as usual).
    /// Precondition: the point is empty, on the board, and the move is not
    /// suicide; otherwise the board becomes inconsistent.
    pub fn play_unchecked(&mut self, c: Color, m: Move) -> usize {
        let mut rec = MoveRecord {
            color: c,
            mv: m,
            prev_to_move: self.to_move,
            prev_ko: self.ko,
            prev_hash: self.hash,
            prev_next: 0,
            prev_head: 0,
            captured: 0,
            saved_start: self.journal.saved.len() as u32,
            merges_start: self.journal.merges.len() as u32,
            captured_start: self.journal.captured.len() as u32,
        };
        self.ko = None;
        self.to_move = c.opponent();
        if let Move::Play(p) = m {
            rec.prev_next = self.next[p.index()];
            rec.prev_head = self.head[p.index()];
            rec.captured = self.place::<true>(c, p) as u16;
            self.captures[c.index()] += rec.captured as u32;
        }
        self.journal.moves.push(rec);
        self.history.push((c, m));
        rec.captured as usize
    }

    /// Steps 1-3 of a stone move; returns the number of stones captured.
    /// With `JOURNAL` false nothing is saved for undo (playouts).
    pub(crate) fn place<const JOURNAL: bool>(&mut self, c: Color, p: Point) -> usize {
        let pi = p.index();
        let w = self.words;
        let own = c.cell();
        let opp = c.opponent().cell();
        self.cells[pi] = own;
        self.hash ^= zobrist::stone(pi, c);
        self.empty_remove(pi);
        let nbrs = self.neighbors(p);
        // Take p from the opponent's liberties; find the distinct strings
        // of `c` beside p.
        let mut mine = [0usize; 4];
        let mut k = 0;
        for n in nbrs {
            let n = n.index();
            let cell = self.cells[n];
            if cell == opp {
                self.lib_remove(self.head[n] as usize, pi);
            } else if cell == own {
                let h = self.head[n] as usize;
                if !mine[..k].contains(&h) {
                    mine[k] = h;
                    k += 1;
                }
            }
        }
        if k == 0 {
            // A new one-stone string.
            self.next[pi] = pi as u16;
            self.head[pi] = pi as u16;
            self.str_size[pi] = 1;
            self.libs[pi * w..(pi + 1) * w].fill(0);
            let mut libs = 0;
            for n in nbrs {
                let n = n.index();
                if self.cells[n] == Cell::Empty {
                    self.libs[pi * w + n / 64] |= 1 << (n % 64);
                    libs += 1;
                }
            }
            self.lib_count[pi] = libs;
        } else {
            // p joins the largest neighbouring string directly (journaled
            // as a merge of the one-stone string p into it, so undo is the
            // usual split), then the others merge into that one.
            let mut keep = mine[0];
            for &h in &mine[1..k] {
                if self.str_size[h] > self.str_size[keep] {
                    keep = h;
                }
            }
            if JOURNAL {
                for &h in &mine[..k] {
                    self.save_string(h);
                }
            }
            self.head[pi] = keep as u16;
            self.next[pi] = self.next[keep];
            self.next[keep] = pi as u16;
            self.str_size[keep] += 1;
            if JOURNAL {
                self.journal.merges.push((keep as u16, pi as u16));
            }
            self.lib_remove(keep, pi);
            for n in nbrs {
                let n = n.index();
                if self.cells[n] == Cell::Empty {
                    self.lib_add(keep, n);
                }
            }
            for &h in &mine[..k] {
                if h != keep {
                    self.merge::<JOURNAL>(keep, h, pi);
                }
            }
        }
        let mut captured = 0;
        let mut last = 0;
        for n in nbrs {
            let n = n.index();
            if self.cells[n] == opp {
                let h = self.head[n] as usize;
                if self.lib_count[h] == 0 {
                    captured += self.capture::<JOURNAL>(h, c);
                    last = h;
                }
            }
        }
        let mine = self.head[pi] as usize;
        if captured == 1 && self.str_size[mine] == 1 && self.lib_count[mine] == 1 {
            self.ko = Some((Point(last as u16), c.opponent()));
        }
        captured
    }

    /// Merge the strings with heads `a` and `b` (the new stone `p` joins
    /// them), the smaller into the larger; `p` stops being a liberty.
    fn merge<const JOURNAL: bool>(&mut self, a: usize, b: usize, p: usize) {
        let (keep, gone) = if self.str_size[a] >= self.str_size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.head[s] = keep as u16;
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        self.str_size[keep] += self.str_size[gone];
        let w = self.words;
        let mut count = 0;
        for k in 0..w {
            let mut v = self.libs[keep * w + k] | self.libs[gone * w + k];
            if k == p / 64 {
                v &= !(1u64 << (p % 64));
            }
            self.libs[keep * w + k] = v;
            count += v.count_ones();
        }
        self.lib_count[keep] = count as u16;
        if JOURNAL {
            self.journal.merges.push((keep as u16, gone as u16));
        }
    }

    /// Remove the string with head `h` (colour `c.opponent()`); its stones
    /// become liberties of the neighbouring strings of `c`.
    fn capture<const JOURNAL: bool>(&mut self, h: usize, c: Color) -> usize {
        let opp = c.opponent();
        let own = c.cell();
        let size = self.str_size[h];
        if JOURNAL {
            self.journal.captured.push((h as u16, size));
        }
        let mut s = h;
        loop {
            self.cells[s] = Cell::Empty;
            self.hash ^= zobrist::stone(s, opp);
            self.empty_add(s);
            for n in self.neighbors(Point(s as u16)) {
                let n = n.index();
                if self.cells[n] == own {
                    self.lib_add(self.head[n] as usize, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        size as usize
    }

    /// Push the record of head `h` on the journal.
    fn save_string(&mut self, h: usize) {
        let w = self.words;
        self.journal.saved.push(SavedString {
            head: h as u16,
            size: self.str_size[h],
            lib_count: self.lib_count[h],
        });
        self.journal
            .saved_words
            .extend_from_slice(&self.libs[h * w..(h + 1) * w]);
    }

    /// Make `i` a liberty of head `h` (no-op if it is one).
    #[inline]
    pub(crate) fn lib_add(&mut self, h: usize, i: usize) {
        let word = &mut self.libs[h * self.words + i / 64];
        let bit = 1u64 << (i % 64);
        if *word & bit == 0 {
            *word |= bit;
            self.lib_count[h] += 1;
        }
    }
    /// Stop `i` being a liberty of head `h` (no-op if it is not one).
    #[inline]
    pub(crate) fn lib_remove(&mut self, h: usize, i: usize) {
        let word = &mut self.libs[h * self.words + i / 64];
        let bit = 1u64 << (i % 64);
        if *word & bit != 0 {
            *word &= !bit;
            self.lib_count[h] -= 1;
        }
    }
    #[inline]
    pub(crate) fn empty_add(&mut self, i: usize) {
        self.empty_pos[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }
    #[inline]
    pub(crate) fn empty_remove(&mut self, i: usize) {
        let k = self.empty_pos[i] as usize;
        let last = self.empties.pop().expect("empty list not empty");
        if last as usize != i {
            self.empties[k] = last;
            self.empty_pos[last as usize] = k as u16;
        }
        self.empty_pos[i] = u16::MAX;
    }
}
