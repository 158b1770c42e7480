//! A status line on stderr redrawn in place with `\r` (the progress of
//! `analyse` and `datagen`), and the short durations it shows.

use std::io::Write;
use std::time::Duration;

/// `4.2s`, `6m14s`, `1h02m`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{:.1}s", d.as_secs_f64()),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

/// Whether a line is on the screen, unfinished.
#[derive(Default)]
pub struct StatusLine {
    drawn: bool,
}

impl StatusLine {
    /// Replaces the line on the screen with `line`.
    pub fn redraw(&mut self, line: &str) {
        // Trailing spaces wipe what a longer previous line left.
        eprint!("\r{line}   ");
        let _ = std::io::stderr().flush();
        self.drawn = true;
    }

    /// Ends the line, if one is drawn, so that messages can follow.
    pub fn end(&mut self) {
        if self.drawn {
            eprintln!();
            self.drawn = false;
        }
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
}
