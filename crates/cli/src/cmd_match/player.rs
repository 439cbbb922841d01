//! A participant of a match: an engine command line, the running process
//! (started on demand, restarted after a time-out or a death), its name as
//! the engine gives it, and the GTP commands that start a game.

use std::time::Duration;

use anyhow::Context as _;
use katachi_gtp::client::{ClientError, CommandLine, Engine, SpawnOptions};

/// How the clock runs; sent to the engines with `time_settings`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Every move must be made within this time (`time_settings 0 T 1`).
    PerMove(Duration),
    /// All moves of a game within this time (`time_settings T 0 0`).
    PerGame(Duration),
}

impl TimeControl {
    /// The `time_settings` command.
    pub fn settings_command(self) -> String {
        match self {
            TimeControl::PerMove(t) => format!("time_settings 0 {} 1", whole_seconds(t)),
            TimeControl::PerGame(t) => format!("time_settings {} 0 0", whole_seconds(t)),
        }
    }
}

/// GTP times are whole seconds; round up so that an engine never believes
/// it has less time than it has.
pub fn whole_seconds(t: Duration) -> u64 {
    t.as_secs_f64().ceil().max(1.0) as u64
}

/// One engine of the match.
pub struct Player {
    /// Short label in tables: `A` or `B` (or `referee`).
    pub label: String,
    /// The command line.
    pub cmd: CommandLine,
    /// `name version` as the engine reports them (the command line until known).
    pub name: String,
    options: SpawnOptions,
    engine: Option<Engine>,
    /// Whether the running engine lists `set_random_seed`.
    seedable: bool,
}

impl Player {
    /// A player that starts its engine when first needed.
    pub fn new(label: &str, cmd: CommandLine, options: SpawnOptions) -> Player {
        Player {
            label: label.to_string(),
            name: cmd.text().to_string(),
            cmd,
            options,
            engine: None,
            seedable: false,
        }
    }

    /// The running engine, started (again) if there is none or it is unusable.
    pub fn engine(&mut self) -> Result<&mut Engine, ClientError> {
        if self.engine.as_ref().is_some_and(|e| e.broken().is_some()) {
            self.discard();
        }
        if self.engine.is_none() {
            let mut engine = Engine::spawn(&self.cmd, &self.options)?;
            let name = engine.ok("name").unwrap_or_default();
            let version = engine.ok("version").unwrap_or_default();
            let full = format!("{name} {version}").trim().to_string();
            if !full.is_empty() {
                self.name = full;
            }
            self.seedable = engine
                .ok("list_commands")
                .is_ok_and(|list| list.lines().any(|l| l.trim() == "set_random_seed"));
            self.engine = Some(engine);
        }
        Ok(self.engine.as_mut().expect("started above"))
    }

    /// Kill the engine (after a time-out or garbage); the next use restarts it.
    pub fn discard(&mut self) {
        if let Some(mut engine) = self.engine.take() {
            engine.kill();
        }
    }

    /// Start a game: board size, empty board, komi, the game's random seed
    /// (`set_random_seed`, if the engine lists it: deterministic engines
    /// would otherwise repeat their games), time settings. A refusal of
    /// anything but the seed and the time settings is an error: the match
    /// cannot go on.
    pub fn new_game(
        &mut self,
        size: usize,
        komi: f32,
        seed: Option<u64>,
        time: Option<TimeControl>,
    ) -> anyhow::Result<()> {
        let label = format!("engine {} ({})", self.label, self.cmd);
        self.engine()
            .with_context(|| format!("cannot start {label}"))?;
        // Known once the engine runs (it may have been restarted).
        let seed = seed.filter(|_| self.seedable);
        let engine = self
            .engine()
            .with_context(|| format!("cannot start {label}"))?;
        for command in [
            format!("boardsize {size}"),
            "clear_board".to_string(),
            format!("komi {komi}"),
        ] {
            engine
                .ok(&command)
                .with_context(|| format!("{label} cannot start a game"))?;
        }
        if let Some(seed) = seed {
            engine
                .command(&format!("set_random_seed {seed}"))
                .with_context(|| format!("{label} failed on set_random_seed"))?;
        }
        if let Some(time) = time {
            // Engines without clocks may refuse; the runner still keeps time.
            engine
                .command(&time.settings_command())
                .with_context(|| format!("{label} failed on time_settings"))?;
        }
        Ok(())
    }

    /// Quit the engine politely.
    pub fn quit(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.quit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_settings_commands() {
        let t = TimeControl::PerMove(Duration::from_millis(2500));
        assert_eq!(t.settings_command(), "time_settings 0 3 1");
        let t = TimeControl::PerGame(Duration::from_secs(60));
        assert_eq!(t.settings_command(), "time_settings 60 0 0");
        assert_eq!(whole_seconds(Duration::from_millis(10)), 1);
    }
}
