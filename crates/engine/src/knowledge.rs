//! Knowledge as data: every pattern database the engine uses, in one
//! value. Each database has a name (its slot); the embedded default of a
//! slot is katachi's own `patterns/NAME.db`, checked and compiled by the
//! build, and any slot can be replaced at run time by a `.db` file
//! (`katachi gtp --patterns attack=FILE.db`) without a rebuild. The
//! engine's stages read their databases from here and nowhere else.
//!
//! Slots today:
//!
//! | slot | used by | embedded default |
//! | --- | --- | --- |
//! | `attack` | tactical reading: attacking candidates (class `A`) | `patterns/attack.db` |
//! | `defense` | tactical reading: defending candidates (class `D`) | `patterns/defense.db` |
//! | `conn` | cutting points (`B` patterns, read by `xcut`/`ocut`) and connections (`C` patterns, amalgamating worms into dragons) | `patterns/conn.db` |
//! | `eyes` | eye values (eye-shape graphs, eyes.texi) | `patterns/eyes.eyedb` |
//! | `barriers` | influence: barriers (`A`, `D`), intrusions (`B`), nonterritory (`t`) | `patterns/barriers.db` |
//! | `influence` | influence: invasion sources (`I`), wall enhancement (`E`) | `patterns/influence.db` |
//! | `owl_attack` | owl: the attacker's limiting moves (GNU Go's `owl_attackpats.db` loads here) | `patterns/owl_attack.db` |
//! | `owl_defense` | owl: the defender's expanding moves (`owl_defendpats.db`) | `patterns/owl_defense.db` |
//! | `owl_vital` | owl: attacks the eye-space analysis misses (`owl_vital_apats.db`) | `patterns/owl_vital.db` |
//! | `shapes` | move generation: shape, connection, territory and joseki-class move patterns (GNU Go's `patterns.db` and `patterns2.db` load here, both at once: the slot given twice appends) | `patterns/shapes.db` |
//! | `endgame` | move generation: endgame patterns, matched as the shapes (GNU Go's `endgame.db` loads here) | `patterns/endgame.db` |
//! | `fuseki` | move generation: opening patterns, matched as the shapes (GNU Go's `fuseki.db` loads here) | `patterns/fuseki.db` |
//! | `joseki` | move generation: corner sequences (classes `U`, `J`, `j`, `t`, `T`, antisuji `N`), matched as the shapes; an SGF joseki tree loads here compiled by the joseki compiler (GNU Go's seven trees, given one `--patterns joseki=FILE.sgf` each) | `patterns/joseki.db`, compiled from `patterns/joseki.sgf` |
//! | `handicap` | free handicap placement (GTP `place_free_handicap`): each match proposes its points with its value (GNU Go's `handicap.db` loads here) | `patterns/handicap.db` |
//!
//! The `eyes` slot ([`EYE_SLOT`]) holds an eye-graph database
//! ([`EyeGraphDb`]), not a pattern database: it has a field of its own
//! and is replaced with [`Knowledge::with_eye_db`] /
//! [`Knowledge::with_eye_file`] (`katachi gtp --patterns eyes=eyes.db`
//! reads GNU Go's file). The Monte Carlo search's 3x3 patterns have their
//! own loader (`katachi-mc`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use katachi_patterns::compile::CompiledDb;
use katachi_patterns::database::{self, load_eyegraph_file, load_file, LoadError};
use katachi_patterns::eyegraph::EyeGraphDb;
use katachi_patterns::matchers::corner_tree::CornerTreeMatcher;
use katachi_patterns::matchers::standard::StandardMatcher;
use katachi_patterns::matchers::Matcher;
use katachi_patterns::model::PatternDb;
use katachi_patterns::syntax::Diagnostic;
use katachi_tactics::reading::TacticalPatterns;

use crate::cuts::ConnectionDb;

/// A database slot: its name and what reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The name used on the command line (`NAME=FILE`).
    pub name: &'static str,
    /// What the engine uses it for.
    pub use_: &'static str,
    /// Whether katachi embeds a default for it.
    pub embedded: bool,
}

/// Every database slot of the engine.
pub const SLOTS: &[Slot] = &[
    Slot {
        name: "attack",
        use_: "tactical reading: attacking candidates",
        embedded: true,
    },
    Slot {
        name: "defense",
        use_: "tactical reading: defending candidates",
        embedded: true,
    },
    Slot {
        name: "conn",
        use_: "cutting points (B patterns) for xcut/ocut, connections (C patterns) for dragons",
        embedded: true,
    },
    Slot {
        name: "barriers",
        use_: "influence: barriers (A, D), intrusions (B) and nonterritory (t) patterns",
        embedded: true,
    },
    Slot {
        name: "influence",
        use_: "influence: invasion (I) and wall enhancement (E) sources",
        embedded: true,
    },
    Slot {
        name: "owl_attack",
        use_: "owl: the attacker's candidate moves (O attacks the X dragon)",
        embedded: true,
    },
    Slot {
        name: "owl_defense",
        use_: "owl: the defender's candidate moves (O defends its dragon)",
        embedded: true,
    },
    Slot {
        name: "owl_vital",
        use_: "owl: vital attacks the eye-space analysis misses",
        embedded: true,
    },
    Slot {
        name: "shapes",
        use_: "move generation: shape, connection, territory and joseki-class move patterns",
        embedded: true,
    },
    Slot {
        name: "endgame",
        use_: "move generation: endgame patterns (territory, followup and reverse followup values)",
        embedded: true,
    },
    Slot {
        name: "fuseki",
        use_: "move generation: whole-board opening patterns (GNU Go's fuseki.db loads here)",
        embedded: true,
    },
    Slot {
        name: HANDICAP_SLOT,
        use_: "free handicap placement (place_free_handicap): where the handicap stones go (GNU Go's handicap.db loads here)",
        embedded: true,
    },
    Slot {
        name: "joseki",
        use_: "move generation: joseki patterns (a .db file, or an SGF joseki tree compiled at start-up)",
        embedded: true,
    },
];

/// The move generator's pattern slots, matched in this order: shapes,
/// endgame, fuseki, joseki. Each accepts more than one file
/// ([`Knowledge::with_more_db`]).
pub const MOVE_SLOTS: [&str; 4] = [SHAPES_SLOT, "endgame", "fuseki", JOSEKI_SLOT];

/// The slot of the joseki patterns, matched by the corner tree matcher
/// ([`Database::move_matcher`]).
pub const JOSEKI_SLOT: &str = "joseki";

/// The slot of the free handicap placement's patterns
/// (the move generator's `handicap` module, GTP `place_free_handicap`).
pub const HANDICAP_SLOT: &str = "handicap";

/// The slot of the move generator's shape patterns, which accepts more
/// than one file ([`Knowledge::with_more_db`]).
pub const SHAPES_SLOT: &str = "shapes";

/// The owl slots, in the order of [`Knowledge::owl`].
pub const OWL_SLOTS: [&str; 3] = ["owl_attack", "owl_defense", "owl_vital"];

/// The eye-graph slot: not in [`SLOTS`], since it holds an
/// [`EyeGraphDb`] rather than a pattern database.
pub const EYE_SLOT: Slot = Slot {
    name: "eyes",
    use_: "eye values: eye-shape graphs (eyes.texi)",
    embedded: true,
};

/// Where a database came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// katachi's own, embedded by the build.
    Embedded,
    /// Loaded from this file at run time.
    File(PathBuf),
    /// Loaded from these files at run time, their patterns in this order
    /// (a slot given more than once, [`Knowledge::with_more_db`]).
    Files(Vec<PathBuf>),
}

/// One database of the knowledge: the checked model and its compilation.
#[derive(Clone, Debug)]
pub struct Database {
    /// The slot it fills.
    pub slot: &'static str,
    /// Where it came from.
    pub source: Source,
    /// The checked patterns.
    pub db: Arc<PatternDb>,
    /// Their compilation, shared by every matcher built on them.
    pub compiled: Arc<CompiledDb>,
    /// The standard matcher on [`Database::compiled`], built at its first
    /// use and shared (building it took 7% of a classic genmove, once per
    /// candidate move's influence); see [`Database::matcher`].
    pub standard: Arc<OnceLock<StandardMatcher>>,
    /// The corner tree matcher on [`Database::compiled`], built at its
    /// first use: the `joseki` slot's (see [`Database::move_matcher`]).
    pub corner: Arc<OnceLock<CornerTreeMatcher>>,
}

impl Database {
    /// The standard matcher of this database, built once.
    pub fn matcher(&self) -> &StandardMatcher {
        self.standard
            .get_or_init(|| StandardMatcher::new(&self.compiled))
    }

    /// How explanations name the database: `SLOT.db (katachi)` for the
    /// embedded default, else the file name (names joined by `+` for a
    /// slot given several files).
    pub fn display_name(&self) -> String {
        let file = |f: &PathBuf| {
            f.file_name().map_or_else(
                || f.display().to_string(),
                |n| n.to_string_lossy().to_string(),
            )
        };
        match &self.source {
            Source::Embedded => format!("{}.db (katachi)", self.slot),
            Source::File(f) => file(f),
            Source::Files(fs) => fs.iter().map(file).collect::<Vec<_>>().join("+"),
        }
    }

    /// The matcher the move generator runs on this database: the corner
    /// tree matcher for the [`JOSEKI_SLOT`] (joseki patterns are corner
    /// forms, the case it is built for; it finds exactly the standard
    /// matcher's matches, `katachi-patterns`' `matcher_corner_tree`
    /// tests), the standard matcher for the other slots.
    pub fn move_matcher(&self) -> &dyn Matcher {
        if self.slot == JOSEKI_SLOT {
            self.corner
                .get_or_init(|| CornerTreeMatcher::new(&self.compiled))
        } else {
            self.matcher()
        }
    }
}

/// The eye-graph database of the knowledge.
#[derive(Clone, Debug)]
pub struct EyeDatabase {
    /// Where it came from.
    pub source: Source,
    /// The checked graphs.
    pub db: Arc<EyeGraphDb>,
}

/// Why a database could not be put in the knowledge.
#[derive(Debug, thiserror::Error)]
pub enum KnowledgeError {
    /// No slot of that name.
    #[error("no pattern database slot named `{name}` (slots: {})", slot_names())]
    UnknownSlot { name: String },
    /// The file could not be loaded (unreadable, or errors in it).
    #[error(transparent)]
    Load(#[from] LoadError),
}

fn slot_names() -> String {
    SLOTS
        .iter()
        .chain([&EYE_SLOT])
        .map(|s| s.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every database the engine uses, and the matchers built on them. A
/// plain immutable value, shared by `Arc` between the sessions, analyses
/// and readers that use it.
#[derive(Debug)]
pub struct Knowledge {
    /// By slot, in [`SLOTS`] order; `None` for a slot with no database.
    dbs: Vec<Option<Database>>,
    tactical: Arc<TacticalPatterns>,
    conn: Option<Arc<ConnectionDb>>,
    /// Matchers of the owl slots, in [`OWL_SLOTS`] order (a
    /// [`ConnectionDb`] is a database with its compiled matcher, whatever
    /// its patterns are for).
    owl: [Option<Arc<ConnectionDb>>; 3],
    eyes: EyeDatabase,
}

impl PartialEq for Knowledge {
    /// Two knowledges are the same when every slot holds a database from
    /// the same source.
    fn eq(&self, other: &Knowledge) -> bool {
        let sources = |k: &Knowledge| {
            k.dbs
                .iter()
                .map(|d| d.as_ref().map(|d| d.source.clone()))
                .collect::<Vec<_>>()
        };
        sources(self) == sources(other) && self.eyes.source == other.eyes.source
    }
}

impl Knowledge {
    /// katachi's own databases, embedded by the build: decoded once per
    /// process and shared.
    pub fn embedded() -> Arc<Knowledge> {
        static SHARED: OnceLock<Arc<Knowledge>> = OnceLock::new();
        SHARED
            .get_or_init(|| {
                let dbs: Vec<Option<Database>> = SLOTS
                    .iter()
                    .map(|s| {
                        s.embedded.then(|| {
                            const BUILT: &str = "the build embeds every slot marked embedded";
                            Database {
                                slot: s.name,
                                source: Source::Embedded,
                                db: Arc::new(database::embedded_db(s.name).expect(BUILT).clone()),
                                compiled: Arc::new(
                                    database::embedded_compiled(s.name).expect(BUILT).clone(),
                                ),
                                standard: Default::default(),
                                corner: Default::default(),
                            }
                        })
                    })
                    .collect();
                let conn = SLOTS
                    .iter()
                    .position(|s| s.name == "conn")
                    .and_then(|k| dbs[k].as_ref())
                    .map(|d: &Database| Arc::new(ConnectionDb::new((*d.db).clone())));
                let eyes = database::embedded_eyegraphs()
                    .iter()
                    .find(|(name, _)| *name == EYE_SLOT.name)
                    .map(|(_, db)| db.clone())
                    .expect("the build embeds patterns/eyes.eyedb");
                let owl = OWL_SLOTS.map(|name| {
                    SLOTS
                        .iter()
                        .position(|s| s.name == name)
                        .and_then(|k| dbs[k].as_ref())
                        .map(|d: &Database| Arc::new(ConnectionDb::new((*d.db).clone())))
                });
                Arc::new(Knowledge {
                    dbs,
                    tactical: TacticalPatterns::embedded(),
                    conn,
                    owl,
                    eyes: EyeDatabase {
                        source: Source::Embedded,
                        db: Arc::new(eyes),
                    },
                })
            })
            .clone()
    }

    /// This knowledge with slot `slot` holding `db` (already checked).
    pub fn with_db(
        &self,
        slot: &str,
        db: PatternDb,
        source: Source,
    ) -> Result<Knowledge, KnowledgeError> {
        let k = SLOTS.iter().position(|s| s.name == slot).ok_or_else(|| {
            KnowledgeError::UnknownSlot {
                name: slot.to_string(),
            }
        })?;
        let compiled = Arc::new(CompiledDb::compile(&db));
        let mut dbs = self.dbs.clone();
        dbs[k] = Some(Database {
            slot: SLOTS[k].name,
            source,
            db: Arc::new(db),
            compiled,
            standard: Default::default(),
            corner: Default::default(),
        });
        Ok(Knowledge::build(dbs, self))
    }

    /// This knowledge with `db`'s patterns added after those of slot
    /// `slot` when the slot already holds files loaded at run time (GNU
    /// Go's `patterns.db` and `patterns2.db` in [`SHAPES_SLOT`]);
    /// otherwise `db` replaces the slot's database as [`Knowledge::with_db`].
    pub fn with_more_db(
        &self,
        slot: &str,
        db: PatternDb,
        source: Source,
    ) -> Result<Knowledge, KnowledgeError> {
        let (before, files) = match self.db(slot).map(|d| (&d.db, &d.source)) {
            Some((db, Source::File(f))) => (db, vec![f.clone()]),
            Some((db, Source::Files(f))) => (db, f.clone()),
            _ => return self.with_db(slot, db, source),
        };
        let mut merged = (**before).clone();
        merged.name = format!("{} + {}", merged.name, db.name);
        merged.patterns.extend(db.patterns);
        let mut files = files;
        match source {
            Source::File(f) => files.push(f),
            Source::Files(f) => files.extend(f),
            Source::Embedded => {}
        }
        self.with_db(slot, merged, Source::Files(files))
    }

    /// This knowledge with slot `slot` loaded from the `.db` file at
    /// `path`; returns the file's warnings too. A file with errors is an
    /// error, with every diagnostic.
    pub fn with_file(
        &self,
        slot: &str,
        path: &Path,
    ) -> Result<(Knowledge, Vec<Diagnostic>), KnowledgeError> {
        if !SLOTS.iter().any(|s| s.name == slot) {
            return Err(KnowledgeError::UnknownSlot {
                name: slot.to_string(),
            });
        }
        let (mut db, warnings) = load_file(path)?;
        db.name = path.display().to_string();
        let k = self.with_db(slot, db, Source::File(path.to_path_buf()))?;
        Ok((k, warnings))
    }

    /// This knowledge with the `eyes` slot holding `db` (already checked).
    pub fn with_eye_db(&self, db: EyeGraphDb, source: Source) -> Knowledge {
        let mut k = Knowledge::build(self.dbs.clone(), self);
        k.eyes = EyeDatabase {
            source,
            db: Arc::new(db),
        };
        k
    }

    /// This knowledge with the `eyes` slot loaded from the eye-graph file
    /// at `path` (GNU Go's `eyes.db` format); returns the file's warnings
    /// too. A file with errors, or in another format, is an error.
    pub fn with_eye_file(
        &self,
        path: &Path,
    ) -> Result<(Knowledge, Vec<Diagnostic>), KnowledgeError> {
        let (db, diagnostics) = load_eyegraph_file(path)?;
        let k = self.with_eye_db(db, Source::File(path.to_path_buf()));
        Ok((k, diagnostics))
    }

    /// The matchers of `dbs`, rebuilt where a database differs from
    /// `before`'s.
    fn build(dbs: Vec<Option<Database>>, before: &Knowledge) -> Knowledge {
        let slot = |name: &str| {
            let k = SLOTS.iter().position(|s| s.name == name).expect("a slot");
            dbs[k].as_ref()
        };
        let same = |name: &str| {
            let k = SLOTS.iter().position(|s| s.name == name).expect("a slot");
            match (&dbs[k], &before.dbs[k]) {
                (Some(a), Some(b)) => Arc::ptr_eq(&a.db, &b.db),
                (None, None) => true,
                _ => false,
            }
        };
        let tactical = if same("attack") && same("defense") {
            before.tactical.clone()
        } else {
            match (slot("attack"), slot("defense")) {
                (Some(a), Some(d)) => Arc::new(TacticalPatterns::new(
                    a.db.clone(),
                    &a.compiled,
                    d.db.clone(),
                    &d.compiled,
                )),
                _ => before.tactical.clone(),
            }
        };
        let conn = if same("conn") {
            before.conn.clone()
        } else {
            slot("conn").map(|c| Arc::new(ConnectionDb::new((*c.db).clone())))
        };
        let owl = std::array::from_fn(|i| {
            if same(OWL_SLOTS[i]) {
                before.owl[i].clone()
            } else {
                slot(OWL_SLOTS[i]).map(|c| Arc::new(ConnectionDb::new((*c.db).clone())))
            }
        });
        Knowledge {
            dbs,
            tactical,
            conn,
            owl,
            eyes: before.eyes.clone(),
        }
    }

    /// The database in slot `slot`, if any.
    pub fn db(&self, slot: &str) -> Option<&Database> {
        let k = SLOTS.iter().position(|s| s.name == slot)?;
        self.dbs[k].as_ref()
    }

    /// Every database held, in slot order.
    pub fn databases(&self) -> impl Iterator<Item = &Database> {
        self.dbs.iter().flatten()
    }

    /// The tactical reader's attack and defence databases with their
    /// matchers.
    pub fn tactical(&self) -> &Arc<TacticalPatterns> {
        &self.tactical
    }

    /// The connection database, if one was given.
    pub fn conn(&self) -> Option<&Arc<ConnectionDb>> {
        self.conn.as_ref()
    }

    /// The matcher of owl slot `slot` (one of [`OWL_SLOTS`]); `None` for
    /// another name or an empty slot.
    pub fn owl(&self, slot: &str) -> Option<&Arc<ConnectionDb>> {
        let k = OWL_SLOTS.iter().position(|s| *s == slot)?;
        self.owl[k].as_ref()
    }

    /// The eye-graph database (the `eyes` slot).
    pub fn eyes(&self) -> &EyeDatabase {
        &self.eyes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_slots_hold_katachis_own_databases() {
        let k = Knowledge::embedded();
        for s in SLOTS {
            assert_eq!(k.db(s.name).is_some(), s.embedded, "slot {}", s.name);
        }
        assert_eq!(k.db("attack").map(|d| &d.source), Some(&Source::Embedded));
        let conn = k.conn().expect("katachi's conn.db is embedded");
        assert!(conn.db().patterns.iter().any(|p| p.has_class('C')));
        assert!(conn.db().patterns.iter().any(|p| p.has_class('B')));
    }

    #[test]
    fn an_unknown_slot_is_an_error() {
        let k = Knowledge::embedded();
        let e = k
            .with_db("atack", PatternDb::default(), Source::Embedded)
            .expect_err("no such slot");
        assert!(
            e.to_string()
                .contains("attack, defense, conn, barriers, influence, owl_attack, owl_defense, owl_vital, shapes, endgame, fuseki, handicap, joseki, eyes"),
            "{e}"
        );
    }

    #[test]
    fn the_eye_slot_holds_katachis_graphs_and_is_replaceable() {
        let k = Knowledge::embedded();
        assert_eq!(k.eyes().source, Source::Embedded);
        assert!(!k.eyes().db.graphs.is_empty());
        let (db, diags) =
            katachi_patterns::eyegraph::parse_eyegraphs("Pattern 1\n\n.\n\n:1111\n", "one.eyedb");
        assert!(diags.is_empty(), "{diags:?}");
        let r = k.with_eye_db(db, Source::File("one.eyedb".into()));
        assert_eq!(r.eyes().db.graphs.len(), 1);
        assert_ne!(r, *k);
        assert!(Arc::ptr_eq(r.tactical(), k.tactical()));
    }

    #[test]
    fn a_pattern_file_in_the_eye_slot_is_named_as_such() {
        let dir = std::env::temp_dir().join(format!("katachi-eyeslot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("attack.db");
        std::fs::write(&path, "Pattern A1\n\n|X*O\n+---\n\n:8,A\n").expect("write");
        let e = Knowledge::embedded()
            .with_eye_file(&path)
            .expect_err("a pattern file");
        assert!(e.to_string().contains("not an eye-graph database"), "{e}");
        let bad = dir.join("bad.eyedb");
        std::fs::write(&bad, "Pattern 1\n\n.Q\n\n:1111\n").expect("write");
        let e = Knowledge::embedded()
            .with_eye_file(&bad)
            .expect_err("an unknown symbol");
        assert!(e.to_string().contains("1 errors"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn replacing_one_slot_keeps_the_others() {
        let k = Knowledge::embedded();
        let empty = PatternDb::default();
        let r = k
            .with_db("defense", empty, Source::File("x.db".into()))
            .expect("a slot");
        assert_eq!(r.db("defense").map(|d| d.db.patterns.len()), Some(0));
        assert!(Arc::ptr_eq(
            &r.db("attack").expect("attack").db,
            &k.db("attack").expect("attack").db
        ));
        assert_ne!(r, *k);
        assert_eq!(r.tactical().sizes().1, 0);
    }
}
