//! The progress line on stderr: games and positions in the file, this
//! run's positions per second and an estimate of the time left. Redrawn in
//! place (`\r`) on a terminal or with `--progress`; otherwise printed as a
//! plain line every [`PLAIN_EVERY`], so logs stay readable.

use std::time::{Duration, Instant};

use super::args::Target;
use crate::status_line::{StatusLine, duration};

const REDRAW_EVERY: Duration = Duration::from_millis(500);
pub const PLAIN_EVERY: Duration = Duration::from_secs(30);

/// How the line is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Redraw,
    Plain,
    Hidden,
}

pub struct Progress {
    mode: Mode,
    target: Target,
    start: Instant,
    last: Option<Instant>,
    games_before: u32,
    positions_before: u64,
    screen: StatusLine,
}

impl Progress {
    pub fn new(mode: Mode, target: Target, games_before: u32, positions_before: u64) -> Progress {
        Progress {
            mode,
            target,
            start: Instant::now(),
            // A plain line first comes after a while, with a rate in it.
            last: (mode == Mode::Plain).then(Instant::now),
            games_before,
            positions_before,
            screen: StatusLine::default(),
        }
    }

    /// The line for a file holding `games` and `positions`, `elapsed`
    /// into this run.
    pub fn line(&self, games: u32, positions: u64, elapsed: Duration) -> String {
        let secs = elapsed.as_secs_f64();
        let new_games = games.saturating_sub(self.games_before);
        let new_positions = positions.saturating_sub(self.positions_before);
        let rate = if secs > 0.0 { new_positions as f64 / secs } else { 0.0 };
        let (goal, left) = match self.target {
            Target::Games(n) => {
                let left =
                    (new_games > 0).then(|| f64::from(n.saturating_sub(games)) * secs / f64::from(new_games));
                (format!("games {games}/{n}  positions {positions}"), left)
            }
            Target::Positions(n) => {
                let left = (rate > 0.0).then(|| n.saturating_sub(positions) as f64 / rate);
                (format!("games {games}  positions {positions}/{n}"), left)
            }
        };
        let left = left.map_or("?".to_string(), |s| duration(Duration::from_secs_f64(s)));
        format!("{goal}  {rate:.0} positions/s  about {left} left")
    }

    /// Shows the line if it is time to.
    pub fn update(&mut self, games: u32, positions: u64) {
        let every = match self.mode {
            Mode::Redraw => REDRAW_EVERY,
            Mode::Plain => PLAIN_EVERY,
            Mode::Hidden => return,
        };
        let now = Instant::now();
        if self.last.is_some_and(|t| now - t < every) {
            return;
        }
        self.last = Some(now);
        let line = self.line(games, positions, now - self.start);
        if self.mode == Mode::Redraw {
            self.screen.redraw(&line);
        } else {
            eprintln!("rockad datagen: {line}");
        }
    }

    /// Ends a redrawn line so that messages can follow.
    pub fn finish(&mut self) {
        self.screen.end();
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_and_time_left() {
        let p = Progress::new(Mode::Hidden, Target::Games(100), 10, 1000);
        let l = p.line(10, 1000, Duration::from_secs(1));
        assert_eq!(l, "games 10/100  positions 1000  0 positions/s  about ? left");
        // 10 games in 20 s: 80 more take 160 s.
        let l = p.line(20, 3000, Duration::from_secs(20));
        assert_eq!(l, "games 20/100  positions 3000  100 positions/s  about 2m40s left");
        let p = Progress::new(Mode::Hidden, Target::Positions(5000), 0, 0);
        let l = p.line(3, 1000, Duration::from_secs(10));
        assert_eq!(l, "games 3  positions 1000/5000  100 positions/s  about 40.0s left");
    }
}
