//! How late the GUI's clock runs behind Rockad's, measured from the clocks
//! it sends.
//!
//! Rockad plans a move to end by its hard limit, counted from the arrival
//! of `go`; the GUI charges from writing `go` to reading `bestmove`. What
//! the GUI charges beyond the plan (pipes, and on a machine running more
//! games than it has cores, the scheduler: a search thread that gets a
//! quarter of a core notices its hard limit late) is what `Move Overhead` is
//! for. When the GUI sends our clock at two moves in a row of one game, the
//! excess can be read off it: the clock then, plus the increment, less the
//! clock now, less our own time up to the hard limit. The largest excess of
//! the last [`WINDOW`] moves becomes the overhead whenever it is above
//! `Move Overhead`, so an overloaded machine does not cost games on time. A
//! window, not a fading peak: under load it comes in rare spikes, and the
//! next one may come at the end of a time control.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use log::debug;
use shakmaty::{Color, Position};

use rockad_uci::GoParams;

use crate::game::Game;

/// Moves whose lag is remembered (more than a game's worth of our moves).
const WINDOW: usize = 64;
/// Lags above this are not lag but a paused or wrong clock: ignored, so one
/// odd clock cannot make Rockad rush for a whole game.
const MAX_LAG_MS: i64 = 1000;

/// When the last `bestmove` was printed; shared with the search's listener.
#[derive(Debug)]
pub struct AnswerClock {
    epoch: Instant,
    /// Nanoseconds after `epoch`, plus one; 0 while nothing was answered.
    nanos: AtomicU64,
}

impl AnswerClock {
    pub fn new() -> AnswerClock {
        AnswerClock { epoch: Instant::now(), nanos: AtomicU64::new(0) }
    }

    /// Called just before `bestmove` is written, so the mark is in place
    /// before the GUI can answer it.
    pub fn mark(&self) {
        let ns = self.epoch.elapsed().as_nanos().min(u128::from(u64::MAX - 1)) as u64;
        self.nanos.store(ns + 1, Ordering::Release);
    }

    pub fn last(&self) -> Option<Instant> {
        match self.nanos.load(Ordering::Acquire) {
            0 => None,
            n => Some(self.epoch + std::time::Duration::from_nanos(n - 1)),
        }
    }
}

impl Default for AnswerClock {
    fn default() -> Self {
        AnswerClock::new()
    }
}

/// A timed search, remembered until the next `go`.
#[derive(Debug, Clone)]
struct Timed {
    plies: usize,
    root: u64,
    turn: Color,
    clock_ms: i64,
    inc_ms: i64,
    /// The last move before a `movestogo` control: the GUI adds time we
    /// cannot know, so the next clock says nothing about lag.
    refills: bool,
    arrived: Instant,
    /// The search's hard limit, once known ([`LagMeter::planned`]).
    hard: Option<Duration>,
}

#[derive(Debug, Default)]
pub struct LagMeter {
    last: Option<Timed>,
    /// Lags of the last [`WINDOW`] moves, oldest first; negative ones as 0.
    lags: VecDeque<i64>,
    /// The overhead last reported in an `info string`.
    reported_ms: u64,
}

/// What a `go` should use, and a line for the GUI when the lag has grown
/// past what was last reported.
#[derive(Debug, PartialEq)]
pub struct Overhead {
    pub ms: u64,
    pub note: Option<String>,
}

impl LagMeter {
    /// Forgets the game (not the lag, which belongs to the machine).
    pub fn new_game(&mut self) {
        self.last = None;
    }

    /// At each `go`: learns from the previous timed move of this game and
    /// returns the overhead to use. `answered` is when the previous
    /// `bestmove` was printed.
    pub fn on_go(
        &mut self,
        game: &Game,
        p: &GoParams,
        arrived: Instant,
        answered: Option<Instant>,
        option_ms: u64,
    ) -> Overhead {
        let turn = game.pos.turn();
        let (clock, inc) = match turn {
            Color::White => (p.wtime, p.winc),
            Color::Black => (p.btime, p.binc),
        };
        let now = clock.filter(|_| !p.ponder && !p.infinite).map(|clock_ms| Timed {
            plies: game.history.len(),
            root: rockad_search::position_key(&game.pos),
            turn,
            clock_ms,
            inc_ms: inc.unwrap_or(0).max(0),
            refills: p.movestogo == Some(1),
            arrived,
            hard: None,
        });
        if let (Some(prev), Some(now), Some(answered)) = (self.last.take(), &now, answered) {
            let follows = now.plies == prev.plies + 2
                && now.turn == prev.turn
                && game.history.get(prev.plies) == Some(&prev.root)
                && !prev.refills
                && answered >= prev.arrived
                // A clock that has not moved is not running: fastchess keeps
                // no clock for a control without base time (`tc=0+1` sends
                // `wtime 1000` at every move and charges nothing). Read as
                // lag, the missing charge would grow as Rockad hurried, until
                // it moved at once.
                && now.clock_ms != prev.clock_ms;
            if follows {
                let took = answered.duration_since(prev.arrived);
                let ours = prev.hard.map_or(took, |h| took.min(h)).as_millis() as i64;
                let lag = prev.clock_ms + prev.inc_ms - ours - now.clock_ms;
                self.learn(lag);
                debug!("lag {lag} ms (largest of the last {}: {} ms)", self.lags.len(), self.lag_ms());
            }
        }
        self.last = now;
        let ms = option_ms.max(self.lag_ms());
        let note = (ms > option_ms && ms * 2 > self.reported_ms.max(option_ms) * 3).then(|| {
            self.reported_ms = ms;
            format!("the GUI's clock runs up to {ms} ms a move behind Rockad's, more than Move Overhead ({option_ms} ms); allowing {ms} ms")
        });
        Overhead { ms, note }
    }

    /// The hard limit the search of the last `go` was given.
    pub fn planned(&mut self, hard: Option<Duration>) {
        if let Some(last) = &mut self.last {
            last.hard = hard;
        }
    }

    fn learn(&mut self, lag_ms: i64) {
        if lag_ms > MAX_LAG_MS {
            return;
        }
        if self.lags.len() == WINDOW {
            self.lags.pop_front();
        }
        self.lags.push_back(lag_ms.max(0));
    }

    fn lag_ms(&self) -> u64 {
        self.lags.iter().copied().max().unwrap_or(0) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rockad_uci::{Command, parse_command};

    fn game(line: &str) -> Game {
        match parse_command(line) {
            Ok(Some(Command::Position(p))) => Game::from_command(&p).map(|(g, _)| g).unwrap(),
            other => panic!("not a position command: {other:?}"),
        }
    }

    fn go(wtime: i64, winc: i64) -> GoParams {
        GoParams {
            wtime: Some(wtime),
            btime: Some(wtime),
            winc: Some(winc),
            binc: Some(winc),
            ..GoParams::default()
        }
    }

    /// Plays two moves of ours: the first with `clock1`, answered after
    /// `took` ms, the second with `clock2`; returns the second's overhead.
    fn two_moves(m: &mut LagMeter, clock1: i64, took: u64, clock2: i64, inc: i64) -> Overhead {
        let t0 = Instant::now();
        m.on_go(&game("position startpos"), &go(clock1, inc), t0, None, 10);
        let answered = t0 + Duration::from_millis(took);
        let later = answered + Duration::from_millis(500);
        m.on_go(&game("position startpos moves e2e4 e7e5"), &go(clock2, inc), later, Some(answered), 10)
    }

    #[test]
    fn an_honest_clock_keeps_the_option() {
        let mut m = LagMeter::default();
        assert_eq!(two_moves(&mut m, 10_000, 300, 9_705, 0), Overhead { ms: 10, note: None });
        let mut m = LagMeter::default();
        assert_eq!(two_moves(&mut m, 10_000, 300, 9_800, 100).ms, 10);
    }

    #[test]
    fn a_late_clock_raises_the_overhead_and_says_so() {
        let mut m = LagMeter::default();
        let o = two_moves(&mut m, 10_000, 300, 9_660, 0);
        assert_eq!(o.ms, 40);
        assert!(o.note.is_some_and(|n| n.contains("40 ms")));
    }

    #[test]
    fn the_lag_is_remembered_for_a_window_and_reported_once() {
        let mut m = LagMeter::default();
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        m.on_go(&game("position startpos"), &go(10_000, 0), t0, None, 10);
        let g = game("position startpos moves e2e4 e7e5");
        let o = m.on_go(&g, &go(9_600, 0), t0 + ms(1000), Some(t0 + ms(300)), 10);
        assert_eq!(o.ms, 100);
        assert!(o.note.is_some());
        // The same lag again: the same overhead, no new line.
        let g = game("position startpos moves e2e4 e7e5 g1f3 b8c6");
        let o = m.on_go(&g, &go(9_200, 0), t0 + ms(2000), Some(t0 + ms(1300)), 10);
        assert_eq!(o, Overhead { ms: 100, note: None });
        // No lag for a window of moves: back to the option, never below it.
        for _ in 0..WINDOW - 1 {
            m.learn(0);
        }
        assert_eq!(m.lag_ms(), 100);
        m.learn(-50);
        let g = game("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
        let o = m.on_go(&g, &go(8_900, 0), t0 + ms(3000), Some(t0 + ms(2300)), 10);
        assert_eq!(o, Overhead { ms: 10, note: None });
    }

    #[test]
    fn moves_of_another_game_or_side_teach_nothing() {
        let t0 = Instant::now();
        let answered = t0 + Duration::from_millis(300);
        let mut m = LagMeter::default();
        m.on_go(&game("position startpos moves g1f3 g8f6"), &go(10_000, 0), t0, None, 10);
        // Not this game's continuation.
        let g = game("position startpos moves e2e4 e7e5 g1f3 b8c6");
        assert_eq!(m.on_go(&g, &go(5_000, 0), answered, Some(answered), 10).ms, 10);
        // The other side's move.
        let mut m = LagMeter::default();
        m.on_go(&game("position startpos"), &go(10_000, 0), t0, None, 10);
        let g = game("position startpos moves e2e4");
        assert_eq!(m.on_go(&g, &go(5_000, 0), answered, Some(answered), 10).ms, 10);
        // A ponder search and a refilled control teach nothing either.
        let g = game("position startpos moves e2e4 e7e5");
        let mut m = LagMeter::default();
        let mut p = go(10_000, 0);
        p.ponder = true;
        m.on_go(&game("position startpos"), &p, t0, None, 10);
        assert_eq!(m.on_go(&g, &go(5_000, 0), answered, Some(answered), 10).ms, 10);
        let mut m = LagMeter::default();
        let mut p = go(100, 0);
        p.movestogo = Some(1);
        m.on_go(&game("position startpos"), &p, t0, None, 10);
        assert_eq!(m.on_go(&g, &go(10_000, 0), answered, Some(answered), 10).ms, 10);
        // The same continuation with a late clock does teach.
        let mut m = LagMeter::default();
        m.on_go(&game("position startpos"), &go(10_000, 0), t0, None, 10);
        assert_eq!(m.on_go(&g, &go(9_000, 0), answered, Some(answered), 10).ms, 700);
    }

    #[test]
    fn time_past_the_hard_limit_counts_as_lag() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let mut m = LagMeter::default();
        m.on_go(&game("position startpos"), &go(1_000, 0), t0, None, 10);
        m.planned(Some(ms(100)));
        // The search printed its move 130 ms after `go`, 30 past its hard
        // limit; the GUI charged 132.
        let g = game("position startpos moves e2e4 e7e5");
        assert_eq!(m.on_go(&g, &go(868, 0), t0 + ms(500), Some(t0 + ms(130)), 10).ms, 32);
    }

    #[test]
    fn a_clock_that_does_not_run_is_not_lag() {
        // fastchess at tc=0+1: `wtime 1000 winc 1000` at every move.
        let mut m = LagMeter::default();
        assert_eq!(two_moves(&mut m, 1_000, 420, 1_000, 1_000), Overhead { ms: 10, note: None });
        // A running increment-only clock (tc=0.001+1) still shows its lag.
        let mut m = LagMeter::default();
        assert_eq!(two_moves(&mut m, 1_001, 420, 1_001 + 1_000 - 420 - 50, 1_000).ms, 50);
    }

    #[test]
    fn a_paused_clock_is_not_lag() {
        let mut m = LagMeter::default();
        assert_eq!(two_moves(&mut m, 100_000, 300, 10_000, 0).ms, 10);
    }
}
