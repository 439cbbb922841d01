//! Configuration of the path influence (range, path set, decay, fixed-point
//! scale) and of the territory layers (influence threshold, safety
//! threshold). Defaults are the seed's choices where the seed gives one
//! (range 5, greedy paths generated in both directions, exponential decay).

use thiserror::Error;

/// Longest path range accepted (occupancy counts are bytes; the tables
/// grow with the square of the range).
pub const MAX_RANGE: u8 = 12;

/// Which paths join two points `d` apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathSet {
    /// The seed's set: each step is the orthogonal step that brings the
    /// path closest (Euclidean) to its end, both steps on a tie (when the
    /// remaining row and column distances are equal); generated from the
    /// source to the terminus and from the terminus to the source
    /// (reversed), the union kept, so the set between two points is the
    /// same whichever is the source.
    Greedy,
    /// Every shortest (monotone) path: each step goes toward the end in
    /// row or in column. Many more paths at long range.
    Monotone,
}

/// The path influence's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathConfig {
    /// Largest Manhattan distance between a path's source and terminus
    /// (1..=[`MAX_RANGE`]); the seed's is 5.
    pub range: u8,
    /// Which paths join two points.
    pub path_set: PathSet,
    /// `f(d) = decay^(d-1)`: the weight a stone gives a point `d` away,
    /// shared among the paths between them (`0 < decay <= 1`).
    pub decay: f64,
    /// The fixed-point unit: `f(1)` is worth `scale` (so influence values
    /// are integers and sums are exact in any order).
    pub scale: i32,
}

impl Default for PathConfig {
    fn default() -> PathConfig {
        PathConfig {
            range: 5,
            path_set: PathSet::Greedy,
            decay: 0.5,
            scale: 1 << 12,
        }
    }
}

/// A configuration that cannot be used.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ConfigError {
    /// The range is 0 or above [`MAX_RANGE`].
    #[error("path range {0} is not in 1..={MAX_RANGE}")]
    BadRange(u8),
    /// The decay is not in (0, 1].
    #[error("decay {0} is not in (0, 1]")]
    BadDecay(f64),
    /// The scale is not in 1..=2^20 (values must not overflow).
    #[error("scale {0} is not in 1..=1048576")]
    BadScale(i32),
    /// The board size is not one katachi's board supports.
    #[error("board size {0} is not supported (2 to 25)")]
    BadSize(usize),
}

impl PathConfig {
    /// Check the parameters.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.range == 0 || self.range > MAX_RANGE {
            return Err(ConfigError::BadRange(self.range));
        }
        if !(self.decay > 0.0 && self.decay <= 1.0) {
            return Err(ConfigError::BadDecay(self.decay));
        }
        if !(1..=1 << 20).contains(&self.scale) {
            return Err(ConfigError::BadScale(self.scale));
        }
        Ok(())
    }
}

/// Parameters of the territory layers (the `territory` module).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TerritoryConfig {
    /// An empty point is in Black's influence when its value is above
    /// `threshold`, in White's when below `-threshold` (fixed-point units
    /// of [`PathConfig::scale`]); the seed's is 0.
    pub threshold: i32,
    /// How far (in steps through empty points) a group's surroundings
    /// reach for its safety.
    pub reach: u8,
    /// A group whose safety is below this is dead.
    pub dead_below: i32,
    /// Whether to apply the dead-group layer at all (off: proto-territory only).
    pub dead_groups: bool,
}

impl Default for TerritoryConfig {
    fn default() -> TerritoryConfig {
        TerritoryConfig {
            threshold: 0,
            reach: 2,
            dead_below: 0,
            dead_groups: true,
        }
    }
}
