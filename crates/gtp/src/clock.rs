//! Time control as GTP sets and reports it (`time_settings`, `time_left`).
//!
//! The session records what the controller says. The baseline move policy
//! answers in well under a second, so it does not consult the clock yet;
//! a slower move generator reads [`Clock::budget`] for its share of time.

use katachi_board::Color;

/// Canadian byo-yomi settings, in seconds, as `time_settings` gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeSettings {
    /// Main time.
    pub main_time: u32,
    /// Length of one byo-yomi period.
    pub byo_yomi_time: u32,
    /// Stones to play in one period; 0 (with a positive period) means no
    /// time limit, as GTP defines.
    pub byo_yomi_stones: u32,
}

/// What `time_left` last reported for one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeLeft {
    /// Seconds left in the current period (main time or byo-yomi).
    pub seconds: u32,
    /// Stones left in the byo-yomi period; 0 while in main time.
    pub stones: u32,
}

/// The time state of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// `None` until `time_settings` is given: no limit.
    pub settings: Option<TimeSettings>,
    /// Last `time_left` report for Black and White.
    pub left: [Option<TimeLeft>; 2],
}

fn index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Clock {
    /// Set the time control; forgets earlier `time_left` reports.
    pub fn set(&mut self, settings: TimeSettings) {
        self.settings = Some(settings);
        self.left = [None, None];
    }

    /// Record a `time_left` report.
    pub fn report(&mut self, color: Color, left: TimeLeft) {
        self.left[index(color)] = Some(left);
    }

    /// The last report for `color`.
    pub fn left(&self, color: Color) -> Option<TimeLeft> {
        self.left[index(color)]
    }

    /// Whether the game is untimed: no settings, or GTP's "byo-yomi time
    /// with zero stones" convention.
    pub fn unlimited(&self) -> bool {
        match self.settings {
            None => true,
            Some(s) => s.byo_yomi_time > 0 && s.byo_yomi_stones == 0,
        }
    }

    /// A simple time budget in seconds for the next move of `color`, or
    /// `None` when untimed: the period's time divided by its stones in
    /// byo-yomi, else a thirtieth of the main time left.
    pub fn budget(&self, color: Color) -> Option<f64> {
        if self.unlimited() {
            return None;
        }
        let settings = self.settings?;
        let (seconds, stones) = match self.left(color) {
            Some(l) => (l.seconds, l.stones),
            None => (settings.main_time, 0),
        };
        if stones > 0 {
            Some(f64::from(seconds) / f64::from(stones))
        } else if seconds > 0 {
            Some(f64::from(seconds) / 30.0)
        } else if settings.byo_yomi_stones > 0 {
            Some(f64::from(settings.byo_yomi_time) / f64::from(settings.byo_yomi_stones))
        } else {
            Some(0.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untimed_until_settings_and_with_zero_stones() {
        let mut c = Clock::default();
        assert!(c.unlimited());
        assert_eq!(c.budget(Color::Black), None);
        c.set(TimeSettings {
            main_time: 0,
            byo_yomi_time: 10,
            byo_yomi_stones: 0,
        });
        assert!(c.unlimited());
    }

    #[test]
    fn budgets_from_main_time_and_byo_yomi() {
        let mut c = Clock::default();
        c.set(TimeSettings {
            main_time: 300,
            byo_yomi_time: 60,
            byo_yomi_stones: 10,
        });
        assert_eq!(c.budget(Color::White), Some(10.0));
        c.report(
            Color::White,
            TimeLeft {
                seconds: 30,
                stones: 5,
            },
        );
        assert_eq!(c.budget(Color::White), Some(6.0));
        assert_eq!(c.left(Color::Black), None);
        c.report(
            Color::Black,
            TimeLeft {
                seconds: 0,
                stones: 0,
            },
        );
        assert_eq!(c.budget(Color::Black), Some(6.0));
        c.set(TimeSettings::default());
        assert_eq!(c.left(Color::White), None);
        assert_eq!(c.budget(Color::White), Some(0.0));
    }
}
