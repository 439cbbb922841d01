//! GUI analysis over real pipes, as Sabaki, Lizzie and KaTrain use it: a
//! client starts `lz-analyze`, parses the streamed `info` lines, stops the
//! stream with its next command (`kata-analyze` with ownership), then
//! `lz-genmove_analyze` streams and ends with `play MOVE`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use katachi_board::Board;

/// One `info` entry of a report line, its fields by name.
#[derive(Debug)]
struct Info {
    fields: Vec<(String, String)>,
    pv: Vec<String>,
}

impl Info {
    fn get(&self, key: &str) -> &str {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key} in {self:?}"))
    }
}

/// Parses a report line: `info` entries, then optionally `ownership`.
fn parse_report(line: &str) -> (Vec<Info>, Option<Vec<f32>>) {
    let (infos, ownership) = match line.split_once(" ownership ") {
        Some((a, b)) => (a, Some(b)),
        None => (line, None),
    };
    let mut out = Vec::new();
    for entry in infos.split("info ").filter(|e| !e.trim().is_empty()) {
        let words: Vec<&str> = entry.split_whitespace().collect();
        let pv_at = words.iter().position(|&w| w == "pv").expect("a pv");
        assert!(pv_at % 2 == 0, "key value pairs before pv: {entry}");
        let fields = words[..pv_at]
            .chunks(2)
            .map(|kv| (kv[0].to_string(), kv[1].to_string()))
            .collect();
        let pv = words[pv_at + 1..].iter().map(|w| w.to_string()).collect();
        out.push(Info { fields, pv });
    }
    let ownership = ownership.map(|o| o.split_whitespace().map(|v| v.parse().unwrap()).collect());
    (out, ownership)
}

/// The engine's output lines, with a timeout so a broken stream fails
/// the test instead of hanging it.
struct Lines(mpsc::Receiver<String>);

impl Lines {
    fn next(&self) -> String {
        self.0
            .recv_timeout(Duration::from_secs(120))
            .expect("the engine answers")
    }
}

fn check_moves(board: &Board, infos: &[Info]) {
    assert!(!infos.is_empty());
    for (order, info) in infos.iter().enumerate() {
        assert_eq!(info.get("order"), order.to_string());
        let mv = info.get("move");
        assert!(mv == "pass" || board.parse_vertex(mv).is_ok(), "{mv}");
        assert_eq!(info.pv[0], mv);
        for m in &info.pv {
            assert!(m == "pass" || board.parse_vertex(m).is_ok(), "{m}");
        }
        let _: u32 = info.get("visits").parse().unwrap();
    }
}

#[test]
fn analysis_streams_until_the_next_command() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_katachi"))
        .args(["gtp", "--playouts", "3000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("katachi starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let lines = Lines(rx);
    let mut send = |cmd: &str| {
        stdin.write_all(cmd.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    };
    let board = Board::new(9).unwrap();

    send("1 boardsize 9");
    assert_eq!(lines.next(), "=1 ");
    assert_eq!(lines.next(), "");

    // Leela Zero's format: integers in ten-thousandths.
    send("2 lz-analyze B 5");
    assert_eq!(lines.next(), "=2");
    for _ in 0..2 {
        let (infos, ownership) = parse_report(&lines.next());
        check_moves(&board, &infos);
        assert!(ownership.is_none());
        for info in &infos {
            let w: i64 = info.get("winrate").parse().unwrap();
            let p: i64 = info.get("prior").parse().unwrap();
            assert!((0..=10_000).contains(&w) && (0..=10_000).contains(&p));
        }
    }

    // The next command ends the stream with an empty line and is answered.
    send("3 kata-analyze W 5 ownership true");
    loop {
        let line = lines.next();
        if line.is_empty() {
            break;
        }
        assert!(line.starts_with("info move "), "{line}");
    }
    assert_eq!(lines.next(), "=3");
    let (infos, ownership) = parse_report(&lines.next());
    check_moves(&board, &infos);
    for info in &infos {
        let w: f32 = info.get("winrate").parse().unwrap();
        assert!((0.0..=1.0).contains(&w));
        let _: f32 = info.get("scoreMean").parse().unwrap();
        let _: f32 = info.get("scoreLead").parse().unwrap();
    }
    let ownership = ownership.expect("ownership was asked for");
    assert_eq!(ownership.len(), 81);
    assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));

    // genmove with reports, ending with the move it plays.
    send("4 lz-genmove_analyze B 5");
    loop {
        let line = lines.next();
        if line.is_empty() {
            break;
        }
        assert!(line.starts_with("info move "), "{line}");
    }
    assert_eq!(lines.next(), "=4");
    let played = loop {
        let line = lines.next();
        if let Some(m) = line.strip_prefix("play ") {
            break m.to_string();
        }
        check_moves(&board, &parse_report(&line).0);
    };
    assert_eq!(lines.next(), "");
    assert!(board.parse_vertex(&played).is_ok(), "{played}");
    send("5 move_history");
    assert_eq!(lines.next(), format!("=5 black {played}"));
    assert_eq!(lines.next(), "");
    send("6 quit");
    assert_eq!(lines.next(), "=6 ");
    assert!(child.wait().unwrap().success());
}
