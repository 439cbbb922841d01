//! Checks against GNU Go 3.8 itself, run as a GTP subprocess: `showboard`
//! text byte for byte (stones, star points, prisoner lines) through random
//! games with captures, the legality of every move, and `fixed_handicap`
//! vertex lists for every size and count. Skipped with a printed reason if
//! `/usr/games/gnugo` (or env `GNUGO`) is missing, but fails then if
//! `KATACHI_REQUIRE_SHARED=1` (CI installs gnugo).

use katachi_board::{fixed_handicap_points, Board, Color, Move};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Gnugo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gnugo {
    fn start() -> Option<Gnugo> {
        let path = katachi_testkit::shared::gnugo()?;
        let mut child = Command::new(path)
            .args(["--mode", "gtp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start gnugo");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Some(Gnugo {
            child,
            stdin,
            stdout,
        })
    }

    /// Send one command; return the whole answer up to the blank line.
    fn send(&mut self, cmd: &str) -> String {
        writeln!(self.stdin, "{cmd}").unwrap();
        self.stdin.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "gnugo closed"
            );
            if line == "\n" {
                break;
            }
            answer.push_str(&line);
        }
        answer.pop(); // final newline
        answer
    }

    /// Send a command that must succeed; return the text after "= ".
    fn ok(&mut self, cmd: &str) -> String {
        let a = self.send(cmd);
        assert!(a.starts_with('='), "{cmd}: {a}");
        a[2.min(a.len())..].to_string()
    }
}

impl Drop for Gnugo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

fn rng(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

#[test]
fn empty_boards_of_every_size_match_showboard() {
    let Some(mut g) = Gnugo::start() else { return };
    for size in 2..=19 {
        g.ok(&format!("boardsize {size}"));
        let theirs = g.ok("showboard");
        let ours = Board::new(size).unwrap().showboard();
        assert_eq!(ours, theirs, "size {size}");
    }
}

#[test]
fn random_games_match_showboard_and_legality() {
    let Some(mut g) = Gnugo::start() else { return };
    let mut s = 0x1234_5678_9ABC_DEF0u64;
    for size in [5, 7, 9, 13, 19] {
        g.ok(&format!("boardsize {size}"));
        g.ok("clear_board");
        let mut b = Board::new(size).unwrap();
        let mut captures = 0;
        for step in 0..size * size * 3 {
            let c = b.to_move();
            let n = b.empty_count();
            // A random empty point: legal ones are played by both; illegal
            // ones (suicide, ko) must be refused by both.
            let p = b.empty_point((rng(&mut s) % n as u64) as usize);
            let ours = b.play(c, Move::Play(p));
            let colour = if c == Color::Black { "black" } else { "white" };
            let theirs = g.send(&format!("play {colour} {}", b.vertex(p)));
            assert_eq!(
                ours.is_ok(),
                theirs.starts_with('='),
                "size {size} step {step} {colour} {}: {ours:?} vs {theirs}",
                b.vertex(p)
            );
            if let Ok(k) = ours {
                captures += k;
            } else {
                b.play(c, Move::Pass).unwrap();
                g.ok(&format!("play {colour} pass"));
            }
            if step % 7 == 0 {
                assert_eq!(b.showboard(), g.ok("showboard"), "size {size} step {step}");
            }
        }
        assert_eq!(b.showboard(), g.ok("showboard"), "size {size} end");
        assert!(captures > 0, "size {size}: the game should have captures");
    }
}

#[test]
fn fixed_handicap_matches_gnugo() {
    let Some(mut g) = Gnugo::start() else { return };
    for size in 2..=19 {
        g.ok(&format!("boardsize {size}"));
        for n in 0..=10 {
            g.ok("clear_board");
            let theirs = g.send(&format!("fixed_handicap {n}"));
            let ours = fixed_handicap_points(size, n);
            match ours {
                Ok(points) => {
                    let b = Board::new(size).unwrap();
                    let text: Vec<String> = points.iter().map(|&p| b.vertex(p)).collect();
                    assert_eq!(format!("= {}", text.join(" ")), theirs, "size {size} n {n}");
                    let mut b = b;
                    b.place_fixed_handicap(n).unwrap();
                    assert_eq!(b.showboard(), g.ok("showboard"), "size {size} n {n}");
                }
                Err(e) => assert!(
                    theirs.starts_with('?'),
                    "size {size} n {n}: ours {e}, theirs {theirs}"
                ),
            }
        }
    }
}
