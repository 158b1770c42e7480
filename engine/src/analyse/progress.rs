//! The progress bar on stderr: positions done of total, rate per minute and
//! an estimate of the time left, redrawn in place with `\r`.

use std::time::{Duration, Instant};

use crate::status_line::{StatusLine, duration};

const WIDTH: usize = 24;

/// The bar's state. Drawn only when `shown` (a terminal, or `--progress`).
pub struct Progress {
    total: usize,
    done: usize,
    start: Instant,
    shown: bool,
    screen: StatusLine,
}

impl Progress {
    pub fn new(total: usize, shown: bool) -> Progress {
        Progress {
            total,
            done: 0,
            start: Instant::now(),
            shown: shown && total > 0,
            screen: StatusLine::default(),
        }
    }

    /// The bar's text after `elapsed`.
    pub fn line(&self, elapsed: Duration) -> String {
        let filled = (self.done * WIDTH).checked_div(self.total).unwrap_or(WIDTH);
        let minutes = elapsed.as_secs_f64() / 60.0;
        let rate = if minutes > 0.0 { self.done as f64 / minutes } else { 0.0 };
        let left = if self.done == 0 || rate <= 0.0 {
            "?".to_string()
        } else {
            duration(Duration::from_secs_f64((self.total - self.done) as f64 / rate * 60.0))
        };
        format!(
            "[{}{}] {}/{} positions  {rate:.1}/min  about {left} left",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.done,
            self.total
        )
    }

    fn draw(&mut self) {
        if self.shown {
            let line = self.line(self.start.elapsed());
            self.screen.redraw(&line);
        }
    }

    /// One more position done.
    pub fn step(&mut self) {
        self.done += 1;
        self.draw();
    }

    /// Time passed: the rate and estimate change.
    pub fn tick(&mut self) {
        self.draw();
    }

    /// Ends the bar's line so that a message can be printed below it.
    pub fn interrupt(&mut self) {
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
    fn bar_rate_and_time_left() {
        let mut p = Progress::new(40, false);
        assert!(p.line(Duration::from_secs(1)).contains("0/40 positions  0.0/min  about ? left"));
        for _ in 0..10 {
            p.step();
        }
        let l = p.line(Duration::from_secs(60));
        assert!(l.starts_with("[######------------------] 10/40"), "{l}");
        assert!(l.contains("10.0/min  about 3m00s left"), "{l}");
        assert!(Progress::new(1, false).line(Duration::ZERO).contains("0/1"));
    }
}
