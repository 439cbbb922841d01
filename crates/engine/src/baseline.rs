//! Baseline move policy used by `genmove` until pattern-driven move generation exists. (To be written.)
