//! Shared helpers of the matcher tests: locating `/work/shared`, loading the
//! pattern databases, the 200 reference boards and GNU Go's recorded
//! matches, and the canonical form the comparison uses.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use katachi_board::{Board, Color};
use katachi_patterns::compile::symmetry::{canonical, real_symmetries};
use katachi_patterns::compile::Transform;
use katachi_patterns::matchers::{Match, OwnedPosition, Position};
use katachi_patterns::model::{Pattern, PatternDb};
use katachi_patterns::syntax::parse_db;
use serde_json::Value;

/// The shared material directory, or `None` (with a printed reason) when it
/// is absent and not required. Panics when `KATACHI_REQUIRE_SHARED=1` and it
/// is absent.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("KATACHI_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    if dir.join("reference/README.md").is_file() {
        return Some(dir);
    }
    if std::env::var("KATACHI_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!(
            "shared material required but not found at {}",
            dir.display()
        );
    }
    eprintln!("skipping: shared material not found at {}", dir.display());
    None
}

/// The database files behind each recorded db name (GNU Go's sources).
pub fn db_sources(db: &str) -> Vec<&'static str> {
    let files: &[&str] = match db {
        "pat" => &["gnugo/patterns/patterns.db", "gnugo/patterns/patterns2.db"],
        "attpat" => &["gnugo/patterns/attack.db"],
        "defpat" => &["gnugo/patterns/defense.db"],
        "conn" => &["gnugo/patterns/conn.db"],
        "endpat" => &["gnugo/patterns/endgame.db"],
        "influencepat" => &["gnugo/patterns/influence.db"],
        "barrierspat" => &["gnugo/patterns/barriers.db"],
        "owl_attackpat" => &["gnugo/patterns/owl_attackpats.db"],
        "owl_defendpat" => &["gnugo/patterns/owl_defendpats.db"],
        "owl_vital_apat" => &["gnugo/patterns/owl_vital_apats.db"],
        "aa_attackpat" => &["gnugo/patterns/aa_attackpats.db"],
        "handipat" => &["gnugo/patterns/handicap.db"],
        "fusekipat" => &["gnugo/patterns/fuseki.db"],
        // The joseki compiler's output as GNU Go made it, read from shared
        // at run time until katachi's joseki compiler output is used here.
        "joseki" => &[
            "reference/joseki/gogo.db",
            "reference/joseki/hoshi_keima.db",
            "reference/joseki/hoshi_other.db",
            "reference/joseki/komoku.db",
            "reference/joseki/mokuhazushi.db",
            "reference/joseki/sansan.db",
            "reference/joseki/takamoku.db",
        ],
        _ => &[],
    };
    files.to_vec()
}

/// Every recorded db name.
pub const DBS: [&str; 14] = [
    "pat",
    "attpat",
    "defpat",
    "conn",
    "endpat",
    "influencepat",
    "barrierspat",
    "owl_attackpat",
    "owl_defendpat",
    "owl_vital_apat",
    "aa_attackpat",
    "handipat",
    "fusekipat",
    "joseki",
];

/// Parse the files of a db into one database; panics on parse errors.
pub fn load_db(shared: &Path, db: &str) -> PatternDb {
    let mut out = PatternDb {
        name: db.to_string(),
        ..PatternDb::default()
    };
    for file in db_sources(db) {
        let path = shared.join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (parsed, diags) = parse_db(&text, file);
        let errors: Vec<_> = diags
            .iter()
            .filter(|d| d.severity == katachi_patterns::syntax::Severity::Error)
            .collect();
        assert!(
            errors.is_empty(),
            "{file}: {} errors, first {:?}",
            errors.len(),
            errors.first()
        );
        out.patterns.extend(parsed.patterns);
    }
    out
}

/// Every pattern database file of the corpus (`gnugo/patterns/*.db`).
pub fn corpus_files(shared: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(shared.join("gnugo/patterns"))
        .expect("gnugo/patterns")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "db"))
        .collect();
    files.sort();
    files
}

/// One reference board.
pub struct RefBoard {
    pub id: u64,
    pub size: usize,
    pub to_move: Color,
    pub rows: Vec<String>,
    pub board: Board,
}

impl RefBoard {
    pub fn position(&self) -> Position<'_> {
        Position::of_board(&self.board)
    }
}

/// The 200 boards of `reference/boards.jsonl`, built with `set_stone` and
/// checked against a plain cell array built from the same rows.
pub fn load_boards(shared: &Path) -> Vec<RefBoard> {
    let text =
        std::fs::read_to_string(shared.join("reference/boards.jsonl")).expect("boards.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("json");
            let size = v["size"].as_u64().expect("size") as usize;
            let rows: Vec<String> = v["rows"]
                .as_array()
                .expect("rows")
                .iter()
                .map(|r| r.as_str().expect("row").to_string())
                .collect();
            let mut board = Board::new(size).expect("size");
            for (r, row) in rows.iter().enumerate() {
                for (c, ch) in row.chars().enumerate() {
                    let stone = match ch {
                        'X' => Some(Color::Black),
                        'O' => Some(Color::White),
                        _ => None,
                    };
                    if stone.is_some() {
                        board.set_stone(board.point(r, c).expect("on board"), stone);
                    }
                }
            }
            let owned = OwnedPosition::from_rows(&rows).expect("rows");
            for r in 0..size as i32 {
                for c in 0..size as i32 {
                    assert_eq!(
                        Position::of_board(&board).cell_at(r, c),
                        owned.view().cell_at(r, c)
                    );
                }
            }
            let to_move = if v["to_move"] == "W" {
                Color::White
            } else {
                Color::Black
            };
            RefBoard {
                id: v["id"].as_u64().expect("id"),
                size,
                to_move,
                rows,
                board,
            }
        })
        .collect()
}

/// A match in the comparison form: pattern name, orientation, origin (GTP),
/// move point (GTP) when the pattern has a `*`.
pub type Key = (String, u8, String, Option<String>);

/// GNU Go's recorded matches of a db: `(id, colour) -> keys` (canonical).
pub fn load_recorded(
    shared: &Path,
    db: &PatternDb,
    canon: &Canon,
    boards: &[RefBoard],
) -> BTreeMap<(u64, Color), Vec<Key>> {
    let path = shared.join(format!("reference/matches/{}.jsonl.gz", db.name));
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&path).expect("matches file"))
        .read_to_string(&mut text)
        .expect("gunzip");
    let size_of: BTreeMap<u64, usize> = boards.iter().map(|b| (b.id, b.size)).collect();
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("json");
        let id = v["id"].as_u64().expect("id");
        let color = if v["color"] == "W" {
            Color::White
        } else {
            Color::Black
        };
        let size = size_of[&id];
        let mut keys = Vec::new();
        for m in v["matches"].as_array().expect("matches") {
            let name = m["p"].as_str().expect("p");
            let o = Transform::new(m["o"].as_u64().expect("o") as u8).expect("o in 0..8");
            let d = parse_vertex(m["d"].as_str().expect("d"), size);
            // GNU Go's `m` of a pattern without `*` is its internal anchor,
            // which may even lie off the board; it is not compared.
            let mark = m["m"].as_str().and_then(|s| try_parse_vertex(s, size));
            keys.push(canon.key(name, o, d, mark, size));
        }
        keys.sort();
        out.insert((id, color), keys);
    }
    out
}

/// `(row, col)` of a GTP vertex on a `size` board (row 0 at the top).
pub fn parse_vertex(s: &str, size: usize) -> (i32, i32) {
    try_parse_vertex(s, size).unwrap_or_else(|| panic!("bad vertex {s:?}"))
}

/// `(row, col)` of a GTP vertex, `None` if it is not one.
pub fn try_parse_vertex(s: &str, size: usize) -> Option<(i32, i32)> {
    let letter = s.as_bytes().first()?.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() || letter == b'I' {
        return None;
    }
    let mut col = (letter - b'A') as i32;
    if letter > b'I' {
        col -= 1;
    }
    let number: i32 = s[1..].parse().ok()?;
    Some((size as i32 - number, col))
}

/// GTP vertex of `(row, col)` on a `size` board.
pub fn vertex(rc: (i32, i32), size: usize) -> String {
    let letter = b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[rc.1 as usize] as char;
    format!("{}{}", letter, size as i32 - rc.0)
}

/// Canonicalisation data of a database: real symmetries per pattern name.
pub struct Canon {
    by_name: BTreeMap<String, (Pattern, Vec<Transform>)>,
}

impl Canon {
    pub fn new(db: &PatternDb) -> Canon {
        let by_name = db
            .patterns
            .iter()
            .map(|p| (p.name.clone(), (p.clone(), real_symmetries(p))))
            .collect();
        Canon { by_name }
    }

    /// The comparison key of a placement.
    pub fn key(
        &self,
        name: &str,
        o: Transform,
        d: (i32, i32),
        mark: Option<(i32, i32)>,
        size: usize,
    ) -> Key {
        let (p, syms) = self
            .by_name
            .get(name)
            .unwrap_or_else(|| panic!("recorded pattern {name} is not in the database"));
        let (o2, d2) = canonical(p, syms, o, d);
        let m = p
            .move_point
            .map(|_| vertex(mark.expect("a `*` point"), size));
        (name.to_string(), o2.index() as u8, vertex(d2, size), m)
    }

    /// The comparison key of one of katachi's matches.
    pub fn key_of(&self, db: &PatternDb, m: &Match, pos: Position<'_>) -> Key {
        let rc = |p| {
            let (r, c) = pos.row_col(p);
            (r as i32, c as i32)
        };
        let name = &db.patterns[m.pattern.index()].name;
        self.key(
            name,
            m.transform,
            rc(m.origin),
            Some(rc(m.mark)),
            pos.size(),
        )
    }
}

/// Multiset difference report: `(only_left, only_right)`.
pub fn diff(left: &[Key], right: &[Key]) -> (Vec<Key>, Vec<Key>) {
    let mut count: BTreeMap<&Key, i64> = BTreeMap::new();
    for k in left {
        *count.entry(k).or_default() += 1;
    }
    for k in right {
        *count.entry(k).or_default() -= 1;
    }
    let mut only_left = Vec::new();
    let mut only_right = Vec::new();
    for (k, n) in count {
        for _ in 0..n.max(0) {
            only_left.push(k.clone());
        }
        for _ in 0..(-n).max(0) {
            only_right.push(k.clone());
        }
    }
    (only_left, only_right)
}
