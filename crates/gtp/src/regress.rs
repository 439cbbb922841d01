//! GNU Go's regression scripts (`.tst` files): a GTP script whose numbered
//! commands carry an expected answer on the next `#?` line. [`suite`] reads
//! them (errors name file and line), [`judge`] compares an answer with the
//! expected text by GNU Go's rule (regression.texi).
//!
//! This is the one `.tst` reader and judge of the workspace: `katachi
//! regress` runs suites through it against any GTP engine, and the engine's
//! floor tests (through `katachi-testkit`) judge their direct answers with
//! it, so a pass means the same thing everywhere.

pub mod judge;
pub mod suite;

pub use judge::{normalize, Judge};
pub use suite::{Expected, Item, Suite, SuiteError, Test};
