//! Reading GTP input one line at a time without trusting it: lines longer
//! than a limit are cut (the rest is read and thrown away, so memory stays
//! bounded), bytes that are not UTF-8 become U+FFFD, and a last line without
//! a line feed still counts.

use std::io::{self, BufRead};

/// Longest line kept, in bytes. GTP commands are short; the longest
/// legitimate ones (`set_free_handicap` with hundreds of vertices, long
/// file names) stay far below this.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One input line (without its line feed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The text, lossily decoded, at most [`MAX_LINE_BYTES`] bytes of input.
    pub text: String,
    /// Whether the line was longer than the limit and was cut.
    pub truncated: bool,
}

/// Reads [`Line`]s from any buffered reader.
pub struct LineReader<R> {
    inner: R,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the default limit.
    pub fn new(inner: R) -> LineReader<R> {
        LineReader::with_limit(inner, MAX_LINE_BYTES)
    }

    /// A reader that keeps at most `limit` bytes of each line.
    pub fn with_limit(inner: R, limit: usize) -> LineReader<R> {
        LineReader { inner, limit }
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut bytes = Vec::new();
        let mut truncated = false;
        let mut seen_any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                if !seen_any {
                    return Ok(None);
                }
                break;
            }
            seen_any = true;
            let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            let room = self.limit.saturating_sub(bytes.len());
            if chunk.len() > room {
                truncated = true;
            }
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.inner.consume(used);
            if done {
                break;
            }
        }
        Ok(Some(Line {
            text: String::from_utf8_lossy(&bytes).into_owned(),
            truncated,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    fn lines(input: &[u8], limit: usize, capacity: usize) -> Vec<Line> {
        let reader = BufReader::with_capacity(capacity, Cursor::new(input.to_vec()));
        let mut r = LineReader::with_limit(reader, limit);
        let mut out = Vec::new();
        while let Some(line) = r.next_line().unwrap() {
            out.push(line);
        }
        out
    }

    fn texts(input: &[u8]) -> Vec<String> {
        lines(input, 100, 3).into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn splits_at_line_feeds_and_keeps_a_last_partial_line() {
        assert_eq!(texts(b"a\nbb\r\n\nccc"), vec!["a", "bb\r", "", "ccc"]);
        assert_eq!(texts(b"a\n"), vec!["a"]);
        assert!(texts(b"").is_empty());
    }

    #[test]
    fn bad_utf8_becomes_replacement_characters() {
        assert_eq!(texts(b"\xff\xfename\n"), vec!["\u{fffd}\u{fffd}name"]);
    }

    #[test]
    fn long_lines_are_cut_and_the_next_line_is_intact() {
        let mut input = vec![b'x'; 1000];
        input.extend_from_slice(b"\nname\n");
        let got = lines(&input, 10, 7);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].text, "x".repeat(10));
        assert!(got[0].truncated);
        assert_eq!(got[1].text, "name");
        assert!(!got[1].truncated);
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_not_truncated() {
        let got = lines(b"0123456789\n", 10, 4);
        assert_eq!(got[0].text, "0123456789");
        assert!(!got[0].truncated);
    }
}
