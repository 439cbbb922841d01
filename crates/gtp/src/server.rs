//! The engine's main loop: read lines, answer each, stop at `quit` or at
//! the end of the input. A command that streams its answer (GUI analysis)
//! runs while a second thread waits for the next input line, which ends
//! the stream.

use std::io::{self, BufRead, Write};
use std::thread::ScopedJoinHandle;

use crate::reader::{Line, LineReader};
use crate::session::{Session, StreamOut};

/// Serve GTP on `input`/`output` until `quit` or end of input. Every answer
/// is flushed at once, as controllers wait for it. Only I/O errors end the
/// loop early; bad input is answered with `?` and the loop goes on.
pub fn serve<R: BufRead + Send, W: Write>(
    session: &mut Session,
    input: R,
    mut output: W,
) -> io::Result<()> {
    let mut reader = LineReader::new(input);
    let mut next: Option<Line> = None;
    loop {
        let line = match next.take() {
            Some(line) => line,
            None => match reader.next_line()? {
                Some(line) => line,
                None => break,
            },
        };
        let answer = if line.truncated {
            Some(session.reject_long_line(&line.text))
        } else {
            session.execute_line(&line.text)
        };
        if let Some(answer) = answer {
            output.write_all(answer.as_bytes())?;
            output.flush()?;
        }
        if let Some(stream) = session.take_stream() {
            // The stream runs here while a second thread reads the next
            // line; that line (or the end of the input) ends the stream
            // and is then served as usual.
            let read = std::thread::scope(|scope| -> io::Result<Option<Line>> {
                let waiting = scope.spawn(|| reader.next_line());
                let mut out = Out {
                    output: &mut output,
                    waiting: &waiting,
                };
                let ran = stream.run(session, &mut out);
                let ended = ran.and_then(|()| {
                    output.write_all(b"\n")?;
                    output.flush()
                });
                let read = waiting.join().expect("the line reader thread panicked");
                ended?;
                read
            })?;
            match read {
                Some(line) => next = Some(line),
                None => break,
            }
        }
        if session.quit_requested() {
            break;
        }
    }
    Ok(())
}

/// The server's side of a stream: the output, and the thread waiting for
/// the next line.
struct Out<'o, 's, W> {
    output: &'o mut W,
    waiting: &'o ScopedJoinHandle<'s, io::Result<Option<Line>>>,
}

impl<W: Write> StreamOut for Out<'_, '_, W> {
    fn emit(&mut self, text: &str) -> io::Result<()> {
        self.output.write_all(text.as_bytes())?;
        self.output.flush()
    }

    fn interrupted(&self) -> bool {
        self.waiting.is_finished()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Registry};

    /// Emits `tick` until the controller sends something else (at least
    /// once).
    struct Ticks;

    impl crate::Stream for Ticks {
        fn run(self: Box<Self>, _: &mut Session, out: &mut dyn crate::StreamOut) -> io::Result<()> {
            loop {
                out.emit("tick\n")?;
                if out.interrupted() {
                    return Ok(());
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }

    fn run(input: &[u8]) -> String {
        let mut registry = Registry::new();
        registry.add("ticks", |s, _| {
            s.start_stream(Box::new(Ticks));
            Ok(String::new())
        });
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
    fn a_stream_runs_until_the_next_line_which_is_then_served() {
        let out = run(b"1 ticks\n2 echo x\n");
        let (head, rest) = out.split_once('\n').unwrap();
        assert_eq!(head, "=1");
        let (ticks, tail) = rest.split_once("\n\n").unwrap();
        assert!(ticks.split('\n').all(|t| t == "tick"), "{ticks:?}");
        assert_eq!(tail, "=2 x\n\n");
        // The end of the input ends a stream too, and the loop.
        let out = run(b"ticks");
        assert!(
            out.starts_with("=\ntick\n") && out.ends_with("tick\n\n"),
            "{out:?}"
        );
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
