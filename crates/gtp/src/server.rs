//! The engine's main loop: read lines, answer each, stop at `quit` or at
//! the end of the input.

use std::io::{self, BufRead, Write};

use crate::reader::LineReader;
use crate::session::Session;

/// Serve GTP on `input`/`output` until `quit` or end of input. Every answer
/// is flushed at once, as controllers wait for it. Only I/O errors end the
/// loop early; bad input is answered with `?` and the loop goes on.
pub fn serve<R: BufRead, W: Write>(
    session: &mut Session,
    input: R,
    mut output: W,
) -> io::Result<()> {
    let mut reader = LineReader::new(input);
    while let Some(line) = reader.next_line()? {
        let answer = if line.truncated {
            Some(session.reject_long_line(&line.text))
        } else {
            session.execute_line(&line.text)
        };
        if let Some(answer) = answer {
            output.write_all(answer.as_bytes())?;
            output.flush()?;
        }
        if session.quit_requested() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Registry};

    fn run(input: &[u8]) -> String {
        let mut registry = Registry::new();
        registry.add("echo", |_, args| Ok(args.words().join(" ")));
        registry.add("quit", |s, _| {
            s.request_quit();
            Ok(String::new())
        });
        let mut session = Session::with_registry(Config::default(), registry);
        let mut out = Vec::new();
        serve(&mut session, input, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn answers_in_order_and_stops_at_quit() {
        let out = run(b"1 echo a\r\n\n# c\necho\tb\nquit\necho never\n");
        assert_eq!(out, "=1 a\n\n= b\n\n= \n\n");
    }

    #[test]
    fn garbage_is_answered_and_the_loop_goes_on() {
        let mut input = b"\xff\xfe\x00junk\n".to_vec();
        input.extend_from_slice(&vec![b'z'; 200_000]);
        input.extend_from_slice(b"\n4 echo alive");
        let out = run(&input);
        assert_eq!(out, "? unknown command\n\n? line too long\n\n=4 alive\n\n");
    }
}
