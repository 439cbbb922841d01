//! Garbage on standard input never kills `katachi gtp`: binary junk, NUL
//! bytes, invalid UTF-8, huge lines, absurd arguments. Each gets a `?`
//! answer (or none, for what GTP ignores) and the engine keeps answering.
//! Also: the first answer comes at once (no heavy start-up work).

mod gtp_support;

use std::time::{Duration, Instant};

use gtp_support::{temp_dir, Gtp};

#[test]
fn first_answer_is_fast() {
    let started = Instant::now();
    let mut gtp = Gtp::start(&[]);
    assert_eq!(gtp.ask("1 protocol_version"), "=1 2");
    let elapsed = started.elapsed();
    println!("first answer after {} ms", elapsed.as_millis());
    // Generous for a loaded CI machine; locally it is a few milliseconds.
    assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
}

#[test]
fn junk_lines_get_failures_and_the_engine_lives_on() {
    let mut gtp = Gtp::start(&[]);
    gtp.send_raw(b"\xff\xfe\xfd\n");
    assert_eq!(gtp.read_answer(), "? unknown command");
    gtp.send_raw(b"\x00\x01\x02\x03\n");
    // Only control characters: an empty line, ignored without an answer.
    gtp.send_raw(b"5 na\x00me\n");
    assert_eq!(gtp.read_answer(), "=5 katachi");
    gtp.send_raw(b"6 play black \xc3\x28\n");
    assert_eq!(gtp.read_answer(), "?6 invalid color or coordinate");
    gtp.send_raw(b"\x1b[2J\x1b[H7 name\n");
    // Escape sequences lose their ESC; `[2J[H7` is no id and no command.
    assert_eq!(gtp.read_answer(), "? unknown command");
    for line in [
        "play",
        "play black",
        "play black D4 extra words",
        "play black 4D",
        "play black D-4",
        "play black D99999999999999999999",
        "boardsize 99999999999999999999999999",
        "boardsize -1",
        "komi 1e999",
        "fixed_handicap 18446744073709551616",
        "place_free_handicap 100000000",
        "set_free_handicap A1 A1 A1",
        "time_settings 1 2 99999999999",
        "loadsgf /dev/null/x 3",
        "loadsgf . 3",
        "loadsgf /dev/zero",
        "countlib A1",
        "genmove",
        "known_command",
        "list_stones",
        "9999999999999999999999999999999999999999 name",
    ] {
        let answer = gtp.ask(line);
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "{line}: {answer}"
        );
        assert_eq!(gtp.ask("protocol_version"), "= 2", "after {line}");
    }
    assert!(gtp.finish().success());
}

#[test]
fn huge_lines_are_refused_with_their_id() {
    let mut gtp = Gtp::start(&[]);
    let mut line = b"42 play black ".to_vec();
    line.extend_from_slice(&vec![b'D'; 5_000_000]);
    line.push(b'\n');
    gtp.send_raw(&line);
    assert_eq!(gtp.read_answer(), "?42 line too long");
    // A long line without any line feed at the end of the input too.
    assert_eq!(gtp.ask("43 name"), "=43 katachi");
    let mut args = b"44 known_command".to_vec();
    for _ in 0..10_000 {
        args.extend_from_slice(b" x");
    }
    args.push(b'\n');
    gtp.send_raw(&args);
    assert_eq!(gtp.read_answer(), "=44 false");
    gtp.send_raw(&vec![b'z'; 200_000]);
    let status = gtp.finish();
    assert!(status.success());
}

#[test]
fn random_bytes_never_end_the_session() {
    // In a scratch directory, in case the junk happens to spell a command
    // that writes a file.
    let dir = temp_dir("random");
    let mut gtp = Gtp::start_in(&[], Some(&dir));
    // A deterministic stream of bytes biased towards GTP-looking text.
    let alphabet: &[u8] = b"0123456789 abcdefghijklmnopqrstuvwxyzABCDEFGHJKLMNOPQRST#\t\r\n\x00\xff\xc3playgenmoveundoboardsizekomi";
    let mut state: u64 = 0x1234_5678_9abc_def0;
    let mut bytes = Vec::new();
    for _ in 0..20_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes.push(alphabet[(state % alphabet.len() as u64) as usize]);
    }
    bytes.push(b'\n');
    gtp.send_raw(&bytes);
    gtp.send_raw(b"\n9876 name\n");
    // Skip whatever the junk produced, up to the answer to our marker.
    loop {
        let answer = gtp.read_answer();
        assert!(
            answer.starts_with('=') || answer.starts_with('?'),
            "{answer:?}"
        );
        if answer == "=9876 katachi" {
            break;
        }
    }
    assert!(gtp.exited().is_none());
    assert!(gtp.silent_for(Duration::from_millis(50)));
    drop(gtp);
    std::fs::remove_dir_all(&dir).unwrap();
}
