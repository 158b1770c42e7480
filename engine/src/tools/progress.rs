//! Progress of long runs on stderr, one type for `analyse`, `datagen` and
//! the trainers: an `indicatif` bar with the rate and the time left on a
//! terminal (or when asked for with `--progress`), plain lines every
//! [`PLAIN_EVERY`] when stderr is a file or a pipe (so logs stay readable),
//! or nothing (`--quiet`).
//!
//! How a trainer uses it (`rockad tune` does so for its epochs):
//!
//! ```no_run
//! use rockad::tools::progress::{Display, Progress};
//! // A bar of 10 epochs for `rockad train`, shown as the user asked.
//! let bar = Progress::new("train", "epochs", 10, Display::from_flags(false, false));
//! for epoch in 1..=10u64 {
//!     // ... one epoch ...
//!     bar.set_message(&format!("loss {:.5}", 0.1));
//!     bar.inc(1); // or bar.set_position(epoch)
//!     bar.println(&format!("epoch {epoch} done")); // a message above the bar
//!     bar.suspend(|| println!("a report line on stdout")); // bar off screen meanwhile
//! }
//! bar.finish();
//! ```

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// How often a plain line is printed when stderr is not a terminal.
pub const PLAIN_EVERY: Duration = Duration::from_secs(30);
/// Redraws per second of the bar.
const REFRESH_HZ: u8 = 4;
/// Width used when the bar is forced onto something that is not a terminal.
const FORCED_WIDTH: u16 = 100;

/// Where progress goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Display {
    /// A bar redrawn in place.
    Bar,
    /// A plain line now and then.
    Plain,
    /// Nothing.
    Hidden,
}

impl Display {
    /// From `--progress` and `--quiet`: the bar when asked for or on a
    /// terminal, else plain lines; nothing when quiet.
    pub fn from_flags(progress: bool, quiet: bool) -> Display {
        if quiet {
            Display::Hidden
        } else if progress || std::io::stderr().is_terminal() {
            Display::Bar
        } else {
            Display::Plain
        }
    }
}

/// Progress of one run: a count towards a total of `unit`s.
pub struct Progress {
    bar: ProgressBar,
    display: Display,
    /// `rockad <name>:` starts plain lines.
    name: String,
    unit: String,
    start: Instant,
    /// Position when the run started (a resumed run), for rates.
    first: u64,
    last_plain: Mutex<Instant>,
}

/// Stderr as a terminal of fixed width, for a bar forced with `--progress`
/// onto a file or pipe (indicatif draws only on real terminals otherwise).
#[derive(Debug)]
struct ForcedStderr;

impl TermLike for ForcedStderr {
    fn width(&self) -> u16 {
        FORCED_WIDTH
    }
    fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        writeln!(std::io::stderr(), "{s}")
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        write!(std::io::stderr(), "{s}")
    }
    fn clear_line(&self) -> std::io::Result<()> {
        write!(std::io::stderr(), "\r{:width$}\r", "", width = usize::from(FORCED_WIDTH))
    }
    fn flush(&self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

impl Progress {
    /// A run of `total` `unit`s (0: unknown) for `rockad <name>`.
    pub fn new(name: &str, unit: &str, total: u64, display: Display) -> Progress {
        let target = match display {
            Display::Bar if std::io::stderr().is_terminal() => ProgressDrawTarget::stderr_with_hz(REFRESH_HZ),
            Display::Bar => ProgressDrawTarget::term_like_with_hz(Box::new(ForcedStderr), REFRESH_HZ),
            Display::Plain | Display::Hidden => ProgressDrawTarget::hidden(),
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let template = format!(
            "{{bar:24.cyan/blue}} {{pos}}/{{len}} {unit}  {{rate}}  about {{eta}} left  {{wide_msg}}"
        );
        if let Ok(style) = ProgressStyle::with_template(&template) {
            let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate_text(state.per_sec()));
            };
            bar.set_style(style.progress_chars("#>-").with_key("rate", rate));
        }
        Progress {
            bar,
            display,
            name: name.to_string(),
            unit: unit.to_string(),
            start: Instant::now(),
            first: 0,
            last_plain: Mutex::new(Instant::now()),
        }
    }

    /// Where a resumed run starts: counts before it are not this run's.
    pub fn start_at(&mut self, position: u64) {
        self.first = position;
        self.bar.set_position(position);
        self.bar.reset_eta();
    }

    /// `n` more done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        self.tick();
    }

    /// Done so far (the total count, not this run's). A count past the
    /// total (datagen finishes the games under way) raises the total.
    pub fn set_position(&self, position: u64) {
        if self.bar.length().is_some_and(|total| position > total) {
            self.bar.set_length(position);
        }
        self.bar.set_position(position);
        self.tick();
    }

    /// A short text shown after the figures (a loss, a position count).
    pub fn set_message(&self, msg: &str) {
        self.bar.set_message(msg.to_string());
    }

    /// A message on its own line above the bar (plain lines: just the line).
    pub fn println(&self, line: &str) {
        match self.display {
            Display::Bar => self.bar.suspend(|| eprintln!("{line}")),
            _ => eprintln!("{line}"),
        }
    }

    /// Runs `f` (which writes to the screen, such as a report line on
    /// stdout) with the bar taken off the screen meanwhile.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Time passed: prints a plain line if one is due.
    pub fn tick(&self) {
        if self.display != Display::Plain {
            return;
        }
        let Ok(mut last) = self.last_plain.lock() else { return };
        if last.elapsed() >= PLAIN_EVERY {
            *last = Instant::now();
            eprintln!("rockad {}: {}", self.name, self.plain_line(self.bar.position(), self.start.elapsed()));
        }
    }

    /// The plain line for `position` done, `elapsed` into the run.
    pub fn plain_line(&self, position: u64, elapsed: Duration) -> String {
        let total = self.bar.length().unwrap_or(0);
        let done = position.saturating_sub(self.first);
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
        let left = if done > 0 && total > position {
            duration(Duration::from_secs_f64((total - position) as f64 / rate))
        } else {
            "?".to_string()
        };
        let msg = self.bar.message();
        let msg = if msg.is_empty() { String::new() } else { format!("  {msg}") };
        format!("{position}/{total} {}  {}  about {left} left{msg}", self.unit, rate_text(rate))
    }

    /// Ends the bar and takes it off the screen: the caller's summary
    /// line follows in its place.
    pub fn finish(&self) {
        if self.display == Display::Bar {
            self.bar.finish_and_clear();
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A rate per second as `12.5/s`, or per minute when below one a second.
fn rate_text(per_second: f64) -> String {
    if per_second < 1.0 { format!("{:.1}/min", per_second * 60.0) } else { format!("{per_second:.1}/s") }
}

/// `4.2s`, `6m14s`, `1h02m`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{:.1}s", d.as_secs_f64()),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(duration(Duration::from_millis(4240)), "4.2s");
        assert_eq!(duration(Duration::from_secs(374)), "6m14s");
        assert_eq!(duration(Duration::from_secs(3725)), "1h02m");
    }

    #[test]
    fn plain_lines_have_rate_and_time_left() {
        let mut p = Progress::new("analyse", "positions", 40, Display::Hidden);
        assert_eq!(p.plain_line(0, Duration::from_secs(1)), "0/40 positions  0.0/min  about ? left");
        assert_eq!(p.plain_line(10, Duration::from_secs(60)), "10/40 positions  10.0/min  about 3m00s left");
        p.set_message("positions 1234");
        assert_eq!(
            p.plain_line(20, Duration::from_secs(10)),
            "20/40 positions  2.0/s  about 10.0s left  positions 1234"
        );
        // A resumed run: only this run's count makes the rate.
        p.start_at(30);
        assert_eq!(
            p.plain_line(35, Duration::from_secs(5)),
            "35/40 positions  1.0/s  about 5.0s left  positions 1234"
        );
        p.inc(1);
        p.set_position(50);
        assert_eq!(p.bar.length(), Some(50));
        p.finish();
        assert_eq!((rate_text(0.5), rate_text(12.34)), ("30.0/min".to_string(), "12.3/s".to_string()));
    }
}
