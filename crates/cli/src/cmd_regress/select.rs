//! Choosing tests within a suite, as GNU Go's regress.pike lets one write
//! it: `strategy.tst:6,13-15` runs tests 6, 13, 14 and 15 of the suite (its
//! unnumbered commands all run, so positions are set up as usual).

use std::path::{Path, PathBuf};

/// Test numbers to run: inclusive ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection(Vec<(u32, u32)>);

impl Selection {
    /// Parse `6,13-15`; `None` if it is not such a list.
    pub fn parse(text: &str) -> Option<Selection> {
        let mut ranges = Vec::new();
        for part in text.split(',') {
            let (from, to) = match part.split_once('-') {
                Some((a, b)) => (a, b),
                None => (part, part),
            };
            let number = |s: &str| -> Option<u32> {
                if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                s.parse().ok()
            };
            let (from, to) = (number(from)?, number(to)?);
            if from > to {
                return None;
            }
            ranges.push((from, to));
        }
        Some(Selection(ranges))
    }

    /// Whether test `number` is chosen.
    pub fn contains(&self, number: u32) -> bool {
        self.0.iter().any(|&(a, b)| (a..=b).contains(&number))
    }
}

/// Split a command-line suite argument into the file and an optional
/// selection. A path that exists is always taken whole.
pub fn split_argument(arg: &Path) -> (PathBuf, Option<Selection>) {
    if arg.exists() {
        return (arg.to_path_buf(), None);
    }
    let Some(text) = arg.to_str() else {
        return (arg.to_path_buf(), None);
    };
    match text.rsplit_once(':') {
        Some((file, list)) => match Selection::parse(list) {
            Some(selection) => (PathBuf::from(file), Some(selection)),
            None => (arg.to_path_buf(), None),
        },
        None => (arg.to_path_buf(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_ranges() {
        let s = Selection::parse("6,13-15,45").unwrap();
        assert!(s.contains(6) && s.contains(13) && s.contains(14) && s.contains(15));
        assert!(s.contains(45));
        assert!(!s.contains(7) && !s.contains(16) && !s.contains(44));
        for bad in ["", "a", "5-", "-5", "7-3", "1,,2", "1 ,2"] {
            assert_eq!(Selection::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn arguments() {
        let (file, sel) = split_argument(Path::new("/nonexistent/strategy.tst:6,13-15"));
        assert_eq!(file, PathBuf::from("/nonexistent/strategy.tst"));
        assert!(sel.unwrap().contains(14));
        let (file, sel) = split_argument(Path::new("/nonexistent/a:b.tst"));
        assert_eq!(file, PathBuf::from("/nonexistent/a:b.tst"));
        assert!(sel.is_none());
    }
}
