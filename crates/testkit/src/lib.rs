//! katachi-testkit: what the workspace's tests share, in one place
//! (`publish = false`; a dev-dependency only).
//!
//! - [`shared`]: finding GNU Go's material in the shared corpus (`../shared`
//!   or `KATACHI_SHARED`) and the `gnugo` binary; a test without them skips
//!   with a printed reason, or fails when `KATACHI_REQUIRE_SHARED=1` (CI).
//! - `tst` (feature `tst`): GNU Go's `.tst` regression scripts and their
//!   judge, the very code `katachi regress` runs (it lives in
//!   `katachi_gtp::regress`), so that the engine's floor tests and the
//!   regression runner agree on what a pass is.
//! - [`golden`]: whole-board golden maps, an ASCII board per analysis
//!   output checked as a snapshot (`expect-test`), for the analysis stages.
//! - [`parallel`]: a loop of a test on both cores, answers in order.
//! - [`rng`]: a deterministic xorshift generator for random positions.

pub mod golden;
pub mod parallel;
pub mod rng;
pub mod shared;
#[cfg(feature = "tst")]
pub mod tst;
