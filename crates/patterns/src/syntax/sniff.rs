//! Which of GNU Go's `.db` formats a text is, told from its content.
//!
//! GNU Go ships three formats under the same `.db` extension: the pattern
//! language (patterns.texi) that this crate reads, the eye-shape graphs of
//! `eyes.db` (eyes.texi), and the Monte Carlo 3x3 pattern values of
//! `mc_*.db` (montecarlo.texi). Parsing the latter two as patterns gives
//! thousands of errors that say nothing useful, so tools call
//! [`sniff_format`] first and name the format instead. The parsers for the
//! other formats hook in on [`DbFormat`].
//!
//! The signs, on lines that are not comments:
//! - pattern language: `Pattern NAME` headers, colon lines that start with
//!   a symmetry (`:8,...`, `:|,...`, `:-`);
//! - eye graphs: `Pattern N` headers whose colon line is an eye value of
//!   exactly four digits (`:1122`), never a symmetry and class;
//! - Monte Carlo values: no `Pattern` header at all, colon lines that are a
//!   number with optional properties (`:0`, `:20,near`, `:10000,ocap1+`).

/// The format of a `.db` text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbFormat {
    /// GNU Go's pattern language (patterns.texi): what `parse_db` reads.
    Patterns,
    /// Eye-shape graphs (eyes.texi, `eyes.db`).
    EyeGraph,
    /// Monte Carlo 3x3 pattern values (montecarlo.texi, `mc_*.db`).
    MonteCarlo,
}

impl DbFormat {
    /// What the format holds, in a few words ("a pattern database").
    pub fn name(self) -> &'static str {
        match self {
            DbFormat::Patterns => "a pattern database",
            DbFormat::EyeGraph => "an eye-graph database (eyes.texi)",
            DbFormat::MonteCarlo => "a Monte Carlo pattern database (montecarlo.texi)",
        }
    }

    /// The format's name and the manual section that defines it.
    pub fn description(self) -> &'static str {
        match self {
            DbFormat::Patterns => "a pattern database (patterns.texi)",
            DbFormat::EyeGraph => "an eye-shape graph database (eyes.texi)",
            DbFormat::MonteCarlo => "a Monte Carlo 3x3 pattern value database (montecarlo.texi)",
        }
    }
}

/// Whether `rest` (a colon line without its colon) is an eye value: four
/// digits and nothing else.
fn is_eye_value(rest: &str) -> bool {
    let rest = rest.trim();
    rest.len() == 4 && rest.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `rest` (a colon line without its colon) is a Monte Carlo value:
/// a number, then optional comma-separated property names.
fn is_mc_value(rest: &str) -> bool {
    let rest = rest.trim();
    let value = rest.split(',').next().unwrap_or("");
    !value.is_empty()
        && value.parse::<f64>().is_ok()
        && rest.split(',').skip(1).all(|p| {
            let p = p.trim();
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'_')
        })
}

/// Tell the format of `text` from its content (never from a file name).
/// Anything that is not clearly one of the other two formats is
/// [`DbFormat::Patterns`], so the pattern parser's diagnostics still reach
/// a broken pattern database.
pub fn sniff_format(text: &str) -> DbFormat {
    let (mut headers, mut eye_colons, mut mc_colons, mut other_colons) = (0, 0, 0, 0);
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        if line.starts_with("Pattern ") || line == "Pattern" {
            headers += 1;
        } else if let Some(rest) = line.strip_prefix(':') {
            if is_eye_value(rest) {
                eye_colons += 1;
            } else if is_mc_value(rest) {
                mc_colons += 1;
            } else {
                other_colons += 1;
            }
        }
    }
    if headers > 0 && eye_colons > other_colons + mc_colons {
        DbFormat::EyeGraph
    } else if headers == 0 && mc_colons > 0 && other_colons == 0 {
        DbFormat::MonteCarlo
    } else {
        DbFormat::Patterns
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_language() {
        let text = "# c\nPattern A1\n\nOX*\n\n:8,A\n\nPattern A2\n\n.X*\n\n:|,OX\n";
        assert_eq!(sniff_format(text), DbFormat::Patterns);
        // A pattern database with one colon line mangled into digits is
        // still a (broken) pattern database.
        let text = "Pattern A1\n\nOX*\n\n:1111\n\nPattern A2\n\nOX*\n\n:8,A\n\nPattern A3\n\nOX*\n\n:8,A\n";
        assert_eq!(sniff_format(text), DbFormat::Patterns);
        // `:8` alone (no class) under a header is the pattern language.
        assert_eq!(sniff_format("Pattern P\n\nO*\n\n:8\n"), DbFormat::Patterns);
        assert_eq!(sniff_format(""), DbFormat::Patterns);
        assert_eq!(sniff_format("garbage\n"), DbFormat::Patterns);
    }

    #[test]
    fn eye_graphs() {
        let text = "# Eye Shape Database\n# :1111 in a comment\n\nPattern 1\n\n!\n\n:0000\n\nPattern 2\n\nX.@x\n\n:1122\n";
        assert_eq!(sniff_format(text), DbFormat::EyeGraph);
    }

    #[test]
    fn monte_carlo_values() {
        let text = "# comment\n\noOo\nO*O\noO?\n\n:0\n\n?X?\n?*?\n???\n\n:10000,ocap1+,osafe,near\n\n|Oo\n|*O\n+--\n\n:20,near\n";
        assert_eq!(sniff_format(text), DbFormat::MonteCarlo);
        // With a `Pattern` header it is not the MC format.
        let text = "Pattern x\n\noOo\nO*O\noO?\n\n:0\n";
        assert_eq!(sniff_format(text), DbFormat::Patterns);
    }
}
