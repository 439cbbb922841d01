//! Commands about the protocol and the program itself: `protocol_version`,
//! `name`, `version`, `known_command`, `list_commands`, `quit`.

use crate::registry::Registry;

/// Program name reported by `name`.
pub const PROGRAM_NAME: &str = "katachi";

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("protocol_version", |_, _| Ok("2".to_string()));
    r.add("name", |_, _| Ok(PROGRAM_NAME.to_string()));
    r.add("version", |_, _| Ok(env!("CARGO_PKG_VERSION").to_string()));
    r.add("known_command", |s, args| {
        let known = args.get(0).is_some_and(|name| s.registry().contains(name));
        Ok(if known { "true" } else { "false" }.to_string())
    });
    r.add("list_commands", |s, _| {
        Ok(s.registry().names().collect::<Vec<_>>().join("\n"))
    });
    r.add("quit", |s, _| {
        s.request_quit();
        Ok(String::new())
    });
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, session};

    #[test]
    fn identity() {
        let mut s = session();
        assert_eq!(ok(&mut s, "protocol_version"), "2");
        assert_eq!(ok(&mut s, "protocol_version extra args"), "2");
        assert_eq!(ok(&mut s, "name"), "katachi");
        assert_eq!(ok(&mut s, "version"), env!("CARGO_PKG_VERSION"));
    }

    #[test]
    fn known_and_listed_commands_agree() {
        let mut s = session();
        let list = ok(&mut s, "list_commands");
        let names: Vec<&str> = list.lines().collect();
        assert!(names.len() >= 29);
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(names, sorted, "sorted, each once");
        for name in &names {
            assert_eq!(ok(&mut s, &format!("known_command {name}")), "true");
        }
        assert_eq!(ok(&mut s, "known_command foo"), "false");
        assert_eq!(ok(&mut s, "known_command PLAY"), "false");
        assert_eq!(ok(&mut s, "known_command"), "false");
    }

    #[test]
    fn quit_asks_the_session_to_stop() {
        let mut s = session();
        assert_eq!(ok(&mut s, "quit"), "");
        assert!(s.quit_requested());
    }
}
