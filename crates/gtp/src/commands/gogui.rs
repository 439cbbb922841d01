//! `gogui-analyze_commands`: the analyze commands GoGui shows in its menu,
//! collected from the [`Entry::gogui`](crate::registry::Entry::gogui)
//! declarations of every registered command, so a module that adds
//! commands adds their menu entries in the same place.

use crate::registry::Registry;

/// Register this module's commands.
pub fn register(r: &mut Registry) {
    r.add("gogui-analyze_commands", |s, _| {
        let lines: Vec<&str> = s
            .registry()
            .entries()
            .flat_map(|e| e.gogui_lines().iter().map(String::as_str))
            .collect();
        Ok(lines.join("\n"))
    });
}

#[cfg(test)]
mod tests {
    use crate::commands::testing::{ok, session};

    #[test]
    fn every_line_is_well_formed_and_names_a_known_command() {
        let mut s = session();
        let text = ok(&mut s, "gogui-analyze_commands");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 8, "{text}");
        for line in lines {
            let parts: Vec<&str> = line.splitn(3, '/').collect();
            assert_eq!(parts.len(), 3, "{line}");
            assert!(
                [
                    "none", "string", "plist", "pspairs", "sboard", "cboard", "gfx", "hstring",
                    "hpstring", "var", "dboard"
                ]
                .contains(&parts[0]),
                "{line}"
            );
            let command = parts[2].split(' ').next().unwrap();
            assert_eq!(
                ok(&mut s, &format!("known_command {command}")),
                "true",
                "{line}"
            );
        }
    }
}
