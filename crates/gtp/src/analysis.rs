//! GNU Go's analysis commands (`attack`, `defend`, `trymove`, `popgo`,
//! `worm_data`, ...), answered with katachi's tactical reading.
//!
//! Not written yet: this module belongs to the tactical-reading work
//! (issue 5), which fills in [`register`]. It is declared now so that the
//! standard registry already calls it and that work only touches this file.
//! Until then it registers nothing, so `known_command attack` is `false`.

use crate::registry::Registry;

/// Register the analysis commands (none yet; see the module documentation).
pub fn register(registry: &mut Registry) {
    let _ = registry;
}
