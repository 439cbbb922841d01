//! Shared helpers of the matcher tests: locating the shared corpus (through
//! `katachi-testkit`), loading the
//! pattern databases, the 200 reference boards and GNU Go's recorded
//! matches, and the canonical form the comparison uses; the proptest
//! strategies of random and planted positions, and the comparison of an
//! engine with the reference matcher and GNU Go's records.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use katachi_board::{Board, Color};
use katachi_patterns::compile::symmetry::{canonical, real_symmetries};
use katachi_patterns::compile::transform::kept_orientations;
use katachi_patterns::compile::Transform;
use katachi_patterns::matchers::{Match, Matcher, OwnedPosition, Position, Scratch};
use katachi_patterns::model::{Elem, Pattern, PatternDb};
use katachi_patterns::syntax::parse_db;
use proptest::prelude::*;
use serde_json::Value;

/// The shared material directory, or `None` (with a printed reason) when it
/// is absent and not required. Panics when `KATACHI_REQUIRE_SHARED=1` and it
/// is absent.
pub fn shared_dir() -> Option<PathBuf> {
    katachi_testkit::shared::shared_dir_with(&["reference/README.md"])
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

/// Every match of `m` for `color` on `pos`, sorted.
pub fn sorted_matches(
    m: &(impl Matcher + ?Sized),
    pos: Position<'_>,
    color: Color,
    scratch: &mut Scratch,
) -> Vec<Match> {
    let mut out = Vec::new();
    m.find_all(pos, color, scratch, &mut out);
    out.sort();
    out
}

/// One engine compared on the reference boards: its name, database,
/// reference matcher and the engine itself.
pub type Compared<'a> = (&'a str, &'a PatternDb, &'a dyn Matcher, &'a dyn Matcher);

/// On the reference boards (skipped when the shared material is absent),
/// both colours, for each of `engines()`: the engine (called `label` in the
/// differences) finds exactly the reference matcher's matches, and those
/// are GNU Go's recorded ones. Prints a summary and the first differences
/// per database; panics naming the databases with differences.
pub fn assert_reference_boards_agree<'a>(label: &str, engines: impl FnOnce() -> Vec<Compared<'a>>) {
    let Some(shared) = shared_dir() else { return };
    let boards = load_boards(&shared);
    let mut failures = Vec::new();
    for (name, db, reference, engine) in engines() {
        if !agrees_on_reference_boards(&shared, &boards, name, db, reference, engine, label) {
            failures.push(name.to_string());
        }
    }
    assert!(failures.is_empty(), "differences in {failures:?}");
}

/// On the reference boards, both colours: `engine` (called `label` in the
/// differences) finds exactly `reference`'s matches, and those are GNU Go's
/// recorded ones for `db`. Prints a summary and the first differences;
/// whether there were none.
pub fn agrees_on_reference_boards(
    shared: &Path,
    boards: &[RefBoard],
    name: &str,
    db: &PatternDb,
    reference: &dyn Matcher,
    engine: &dyn Matcher,
    label: &str,
) -> bool {
    let mut scratch = Scratch::default();
    let canon = Canon::new(db);
    let recorded = load_recorded(shared, db, &canon, boards);
    let mut problems = Vec::new();
    let mut total = 0usize;
    for b in boards {
        for color in [Color::Black, Color::White] {
            let want = sorted_matches(reference, b.position(), color, &mut scratch);
            let got = sorted_matches(engine, b.position(), color, &mut scratch);
            total += got.len();
            if got != want {
                problems.push(format!(
                    "id {} {color:?}: {label} {} matches, reference {}",
                    b.id,
                    got.len(),
                    want.len()
                ));
            }
            let mut keys: Vec<Key> = got
                .iter()
                .map(|m| canon.key_of(db, m, b.position()))
                .collect();
            keys.sort();
            match recorded.get(&(b.id, color)) {
                None => problems.push(format!("id {} {color:?}: no recorded line", b.id)),
                Some(expected) => {
                    let (ours, theirs) = diff(&keys, expected);
                    for k in ours {
                        problems.push(format!("id {} {color:?}: only {label}: {k:?}", b.id));
                    }
                    for k in theirs {
                        problems.push(format!("id {} {color:?}: only GNU Go: {k:?}", b.id));
                    }
                }
            }
        }
    }
    println!(
        "{}: {} boards x 2 colours, {total} matches, {} differences",
        name,
        boards.len(),
        problems.len()
    );
    for p in problems.iter().take(10) {
        println!("  {p}");
    }
    problems.is_empty()
}

/// A position: size 5, 9, 13 or 19, and per point a stone or not; stones
/// are likelier within two lines of the edge.
pub fn position() -> impl Strategy<Value = OwnedPosition> {
    prop_oneof![Just(5usize), Just(9), Just(13), Just(19)].prop_flat_map(|size| {
        proptest::collection::vec((0u8..100, 0u8..100), size * size).prop_map(move |cells| {
            let mut pos = OwnedPosition::empty(size);
            for (k, (roll, colour)) in cells.into_iter().enumerate() {
                let (r, c) = (k / size, k % size);
                let edge_dist = r.min(c).min(size - 1 - r).min(size - 1 - c);
                let density = if edge_dist <= 1 { 55 } else { 30 };
                if roll < density {
                    let stone = if colour < 50 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    pos.set(r, c, Some(stone));
                }
            }
            pos
        })
    })
}

/// The planted placement: database index, pattern id, orientation, origin.
pub type Plant = Option<(usize, u32, Transform, (usize, usize))>;

/// Whether the rectangle lands on the board and every drawn edge lies on
/// the board's edge.
pub fn fits_geometry(p: &Pattern, t: Transform, di: i32, dj: i32, n: i32) -> bool {
    let on = |(a, b): (i32, i32)| {
        let (i, j) = (di + a, dj + b);
        i >= 0 && j >= 0 && i < n && j < n
    };
    let (h, w) = (p.height as i32, p.width as i32);
    let corners = [(0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)];
    let beyond = [
        (p.edges.top, (-1, 0)),
        (p.edges.bottom, (h, 0)),
        (p.edges.left, (0, -1)),
        (p.edges.right, (0, w)),
    ];
    corners.iter().all(|&(r, c)| on(t.apply(r, c)))
        && beyond
            .iter()
            .all(|&(drawn, (r, c))| !drawn || !on(t.apply(r, c)))
}

/// An empty `size` board with a stone per point from `noise`: black below
/// `black`, white from `black` up to below `black + white`.
pub fn noisy_board(size: usize, noise: &[u8], black: u8, white: u8) -> OwnedPosition {
    let mut pos = OwnedPosition::empty(size);
    for (k, &roll) in noise.iter().take(size * size).enumerate() {
        let stone = if roll < black {
            Some(Color::Black)
        } else if roll < black + white {
            Some(Color::White)
        } else {
            None
        };
        pos.set(k / size, k % size, stone);
    }
    pos
}

/// A random pattern of `db`, a random kept orientation of it and a random
/// origin where it fits a `size` board: `(pattern, orientation, origin)`,
/// `None` when it fits nowhere.
pub fn pick_placement(
    db: &PatternDb,
    pat_i: prop::sample::Index,
    o_i: prop::sample::Index,
    at_i: prop::sample::Index,
    size: usize,
) -> Option<(usize, Transform, (i32, i32))> {
    let pat = pat_i.index(db.patterns.len());
    let p = &db.patterns[pat];
    let kept = kept_orientations(p.symmetry);
    let t = kept[o_i.index(kept.len())];
    let n = size as i32;
    let origins: Vec<(i32, i32)> = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .filter(|&(i, j)| fits_geometry(p, t, i, j, n))
        .collect();
    if origins.is_empty() {
        return None;
    }
    Some((pat, t, origins[at_i.index(origins.len())]))
}

/// Draws `p` in orientation `t` at `origin`: each diagram cell's board
/// point `(i, j)` gets `stone(elem, i, j)` unless that is `None` (left as
/// it is). Every board point of the rectangle, in diagram order.
pub fn plant_pattern(
    pos: &mut OwnedPosition,
    p: &Pattern,
    t: Transform,
    (di, dj): (i32, i32),
    mut stone: impl FnMut(Elem, usize, usize) -> Option<Option<Color>>,
) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for r in 0..p.height {
        for c in 0..p.width {
            let (a, b) = t.apply(r as i32, c as i32);
            let (i, j) = ((di + a) as usize, (dj + b) as usize);
            cells.push((i, j));
            if let Some(s) = stone(p.cell(r, c).elem, i, j) {
                pos.set(i, j, s);
            }
        }
    }
    cells
}

/// A random pattern of a random one of `dbs()` planted on a random board
/// (size from `sizes`) in a random kept orientation at a random legal
/// origin (edges honoured), random stones elsewhere: a position where
/// matches certainly exist.
pub fn planted(
    sizes: impl Strategy<Value = usize>,
    dbs: fn() -> Vec<&'static PatternDb>,
) -> impl Strategy<Value = (OwnedPosition, Color, Plant)> {
    (
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        sizes,
        any::<bool>(),
        proptest::collection::vec(0u8..100, 19 * 19 * 2),
    )
        .prop_map(move |(db_i, pat_i, o_i, at_i, size, black, noise)| {
            let color = if black { Color::Black } else { Color::White };
            let mut pos = noisy_board(size, &noise, 20, 20);
            let all = dbs();
            if all.is_empty() {
                return (pos, color, None);
            }
            let which = db_i.index(all.len());
            let p_db = all[which];
            let Some((pat, t, origin)) = pick_placement(p_db, pat_i, o_i, at_i, size) else {
                return (pos, color, None);
            };
            let p = &p_db.patterns[pat];
            plant_pattern(&mut pos, p, t, origin, |elem, i, j| {
                let coin = noise[size * size + i * size + j] % 2 == 0;
                match elem {
                    Elem::Empty => Some(None),
                    Elem::Own => Some(Some(color)),
                    Elem::Opp => Some(Some(color.opponent())),
                    Elem::NotOpp => Some(coin.then_some(color)),
                    Elem::NotOwn => Some(coin.then_some(color.opponent())),
                    Elem::Any => None,
                }
            });
            let (di, dj) = origin;
            let plant = Some((which, pat as u32, t, (di as usize, dj as usize)));
            (pos, color, plant)
        })
}

/// Whether `found` holds pattern `pat` in orientation `t` at `(i, j)`.
pub fn has_placement(
    found: &[Match],
    pos: Position<'_>,
    pat: u32,
    t: Transform,
    (i, j): (usize, usize),
) -> bool {
    let origin = pos.point(i, j);
    found
        .iter()
        .any(|m| m.pattern.0 == pat && m.transform == t && m.origin == origin)
}
