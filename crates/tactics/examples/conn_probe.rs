//! Connection reading on the reference boards, for experiments (no test):
//! `cargo run --release -p katachi-tactics --example conn_probe --
//! ../shared/reference/boards.jsonl < QUERIES`. Each query line is
//! `ID connect|disconnect A B [B:V W:V ...]` (the moves are played first;
//! ID 0 is an empty 19x19 board); the answer (code, move, nodes) is
//! appended to the line. `NODES=N`, `DEPTH=N`, `TNODES=N` set the
//! connection limits (search nodes, depth, tactical nodes per query),
//! `INC=N` raises the tactical depths as GTP `increase_depths` does.
use std::io::BufRead;

use katachi_board::{Board, Color};
use katachi_tactics::connection;
use katachi_tactics::reading::{ReadConfig, Reader};

fn board_of(line: &str) -> Option<(u32, Board)> {
    let id: u32 = line
        .split("\"id\":")
        .nth(1)?
        .split(',')
        .next()?
        .trim()
        .parse()
        .ok()?;
    let rows = line.split("\"rows\":[").nth(1)?.split(']').next()?;
    let text: Vec<String> = rows
        .split(',')
        .map(|r| r.trim_matches('"').to_string())
        .collect();
    let b = Board::from_ascii(&text.join("\n")).ok()?;
    Some((id, b))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut boards: Vec<(u32, Board)> = std::fs::read_to_string(&args[1])
        .expect("boards")
        .lines()
        .filter_map(board_of)
        .collect();
    boards.push((0, Board::new(19).expect("19")));
    let mut cfg = ReadConfig::default();
    if let Some(n) = std::env::var("INC")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
    {
        for _ in 0..n {
            cfg.increase_depths();
        }
        cfg.connection.depth -= n;
    }
    if let Some(n) = std::env::var("NODES").ok().and_then(|v| v.parse().ok()) {
        cfg.connection.node_limit = n;
    }
    if let Some(n) = std::env::var("TNODES").ok().and_then(|v| v.parse().ok()) {
        cfg.connection.tactical_node_limit = n;
    }
    if let Some(n) = std::env::var("DEPTH").ok().and_then(|v| v.parse().ok()) {
        cfg.connection.depth = n;
    }
    let mut total = 0u64;
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("line");
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 4 {
            continue;
        }
        let id: u32 = f[0].parse().expect("id");
        let Some((_, b)) = boards.iter().find(|(i, _)| *i == id) else {
            println!("{line}\tno board");
            continue;
        };
        let mut b = b.clone();
        // moves played first: extra fields "B:C12" "W:D4"
        for m in &f[4..] {
            let (c, v) = m.split_once(':').expect("move");
            let c = if c == "B" { Color::Black } else { Color::White };
            let p = b.parse_vertex(v).expect("vertex");
            b.play(c, katachi_board::Move::Play(p)).expect("legal");
        }
        let (a, q) = (
            b.parse_vertex(f[2]).expect("a"),
            b.parse_vertex(f[3]).expect("b"),
        );
        let mut r = Reader::new(b.clone(), cfg);
        let c = if f[1] == "connect" {
            connection::read_connect(&mut r, a, q, &cfg.connection)
        } else {
            connection::read_disconnect(&mut r, a, q, &cfg.connection)
        };
        total += c.stats.nodes();
        let mv = c.mv.map_or("PASS".to_string(), |m| b.vertex(m));
        println!("{line}\t{:?} {mv}\t{}", c.code, c.stats.nodes());
    }
    eprintln!("nodes {total}");
}
