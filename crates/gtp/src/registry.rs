//! The command registry: GTP command names mapped to handlers.
//!
//! A handler is any `Fn(&mut Session, &Args) -> Reply`; it reads and changes
//! the game through the [`Session`] and answers with the result text or a
//! [`CommandError`](crate::CommandError). Modules contribute commands with a
//! `pub fn register(registry: &mut Registry)` that calls [`Registry::add`]
//! once per command; [`Registry::standard`] calls every such function of
//! this crate. The registry is immutable once a session runs, so
//! `list_commands` and `known_command` always tell the truth.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::args::Args;
use crate::error::Reply;
use crate::session::Session;

/// The type every command handler has.
pub type Handler = dyn Fn(&mut Session, &Args<'_>) -> Reply + Send + Sync;

/// One registered command.
#[derive(Clone)]
pub struct Entry {
    name: String,
    handler: Arc<Handler>,
    gogui: Vec<String>,
}

impl Entry {
    /// The command name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Run the handler.
    pub fn call(&self, session: &mut Session, args: &Args<'_>) -> Reply {
        (self.handler)(session, args)
    }

    /// Declare a GoGui analyze command for this command, in GoGui's
    /// `type/label/command` form (e.g. `plist/Liberties/findlib %p`); it is
    /// listed by `gogui-analyze_commands`. May be called several times.
    /// Only for commands that leave the position, its history and the
    /// game settings alone: GoGui keeps its own copy of the game and does
    /// not expect an analyze command to change it (a test in
    /// `commands::gogui` runs every entry and checks).
    pub fn gogui(&mut self, line: &str) -> &mut Entry {
        self.gogui.push(line.to_string());
        self
    }

    /// The GoGui analyze command lines declared for this command.
    pub fn gogui_lines(&self) -> &[String] {
        &self.gogui
    }
}

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .field("gogui", &self.gogui)
            .finish_non_exhaustive()
    }
}

/// Command names and their handlers.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    entries: BTreeMap<String, Entry>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Every command katachi answers: the standard and GNU Go-compatible
    /// commands of [`crate::commands`], then the analysis commands of
    /// [`crate::analysis`], the connection reading of
    /// [`crate::connection`], the eye commands of [`crate::eyes`], the
    /// dragons of [`crate::dragons`], the influence of
    /// [`crate::influence`] and the owl of [`crate::owl`].
    pub fn standard() -> Registry {
        let mut registry = Registry::new();
        crate::commands::register(&mut registry);
        crate::analysis::register(&mut registry);
        crate::connection::register(&mut registry);
        crate::eyes::register(&mut registry);
        crate::dragons::register(&mut registry);
        crate::influence::register(&mut registry);
        crate::owl::register(&mut registry);
        registry
    }

    /// Register `handler` under `name`, replacing any earlier command of that
    /// name (a later module may override a simpler version), and return the
    /// entry for further declarations such as [`Entry::gogui`].
    pub fn add<F>(&mut self, name: &str, handler: F) -> &mut Entry
    where
        F: Fn(&mut Session, &Args<'_>) -> Reply + Send + Sync + 'static,
    {
        let entry = Entry {
            name: name.to_string(),
            handler: Arc::new(handler),
            gogui: Vec::new(),
        };
        self.entries.insert(name.to_string(), entry);
        self.entries.get_mut(name).expect("just inserted")
    }

    /// Remove a command; returns whether it existed.
    pub fn remove(&mut self, name: &str) -> bool {
        self.entries.remove(name).is_some()
    }

    /// The command of that name (exact, case-sensitive match).
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.get(name)
    }

    /// Whether a command of that name exists.
    pub fn contains(&self, name: &str) -> bool {
        self.entries.contains_key(name)
    }

    /// All command names, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// All entries, sorted by name.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    /// Number of commands.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no commands.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_get_replace_remove() {
        let mut r = Registry::new();
        assert!(r.is_empty());
        r.add("b", |_, _| Ok("one".into()));
        r.add("a", |_, _| Ok("a".into())).gogui("string/A/a");
        assert_eq!(r.names().collect::<Vec<_>>(), vec!["a", "b"]);
        assert_eq!(r.get("a").unwrap().gogui_lines(), ["string/A/a"]);
        r.add("b", |_, args| Ok(format!("two {}", args.len())));
        assert_eq!(r.len(), 2);
        let mut s = Session::with_registry(Default::default(), r.clone());
        let words = vec!["x".to_string()];
        assert_eq!(
            r.get("b")
                .unwrap()
                .call(&mut s, &Args::new(&words))
                .unwrap(),
            "two 1"
        );
        assert!(r.get("B").is_none());
        assert!(r.remove("b"));
        assert!(!r.remove("b"));
        assert!(!r.contains("b"));
    }

    #[test]
    fn standard_registry_holds_the_required_commands() {
        let r = Registry::standard();
        for &name in crate::commands::REQUIRED {
            assert!(r.contains(name), "{name} missing");
        }
    }
}
