//! Time management: how long this move may take.
//!
//! Two limits: the *soft* one is checked between iterations (do not start a
//! new depth past it), the *hard* one inside the search (stop now). Both are
//! measured from when the `go` line arrived (or from `ponderhit`), and
//! `Move Overhead` is taken off the clock first (once for each move to the
//! control under `movestogo`) so GUI and pipe latency never cost a game on
//! time.

use std::time::{Duration, Instant};

use shakmaty::Color;

use crate::limits::Limits;
use crate::params::*;

#[derive(Debug, Clone)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// `game_ply`: half-moves played in the game before this one (from the
    /// position's move counter), which the growing soft limit reads.
    pub fn new(limits: &Limits, turn: Color, game_ply: u32, overhead_ms: u64, start: Instant) -> TimeManager {
        let overhead = overhead_ms as i64;
        let (time, inc) = match turn {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let mut soft: Option<i64> = None;
        let mut hard: Option<i64> = None;
        if let Some(time) = time {
            let inc = inc.unwrap_or(0).max(0);
            let (s, h) = match limits.movestogo {
                Some(m) => {
                    let mtg = (m as i64).clamp(1, 100);
                    // Every move until the control pays the lag, not only
                    // this one: keep one overhead per move in hand (released
                    // as the control nears) so the last moves are not
                    // squeezed to less than the lag.
                    let left = (time - overhead * mtg).max(0);
                    if mtg == 1 {
                        let h = left * LAST_MOVE_SHARE_PCT() / 100;
                        (h / 2, h)
                    } else {
                        bounded(left / mtg + inc * INCREMENT_SHARE_PCT() / 100, left)
                    }
                }
                // Sudden death has no such cliff: one overhead, this move's.
                None => {
                    let left = (time - overhead).max(0);
                    bounded(growing_soft(left, inc, game_ply), left)
                }
            };
            soft = Some(s);
            hard = Some(h);
        }
        if let Some(mt) = limits.movetime {
            // A fixed time per move is spent whole, as GUIs (and Stockfish)
            // expect: no soft limit to stop a settled search early, unless
            // a clock sent along gives one.
            let mt = (mt - overhead).max(0);
            soft = soft.map(|s| s.min(mt));
            hard = Some(hard.map_or(mt, |h| h.min(mt)));
        }
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        TimeManager { start, soft: soft.map(ms), hard: hard.map(ms) }
    }

    /// Restarts the clock (at `ponderhit`: the GUI's clock starts then).
    pub fn restart(&mut self, at: Instant) {
        self.start = at;
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the soft limit, scaled by how settled the search looks, has
    /// passed (see [`crate::thread`] for the scale).
    pub fn soft_expired(&self, scale: f64) -> bool {
        self.soft.is_some_and(|s| self.elapsed() >= s.mul_f64(scale))
    }

    /// The hard limit, counted from the start; `None` when untimed.
    pub fn hard_limit(&self) -> Option<Duration> {
        self.hard
    }

    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    #[cfg(test)]
    fn limits_ms(&self) -> (Option<u128>, Option<u128>) {
        (self.soft.map(|d| d.as_millis()), self.hard.map(|d| d.as_millis()))
    }
}

/// The soft limit `s` and the hard one it allows: [`HARD_OVER_SOFT`] times
/// the soft, but never more than [`HARD_MAX_SHARE_PCT`] of the clock `left`.
fn bounded(s: i64, left: i64) -> (i64, i64) {
    let h = (s * HARD_OVER_SOFT()).min(left * HARD_MAX_SHARE_PCT() / 100);
    (s.min(h), h)
}

/// Sudden death's soft limit in milliseconds: a share of what the game can
/// still spend (the clock and the next [`TM_HORIZON`] increments) that grows
/// with the game's ply, as Stockfish's does. The opening's first moves get a
/// little less than a fixed share of the clock gives, the middlegame, where
/// games are decided, more; the clock then settles near a few increments and
/// each later move spends about one ([`TM_SOFT_MAX_PCT`] caps it there).
fn growing_soft(left: i64, inc: i64, game_ply: u32) -> i64 {
    let budget = left + inc * (TM_HORIZON() - 1);
    let growth = f64::from(game_ply.min(1000) + 3).powf(0.45);
    let share = (TM_SOFT_BASE_PMY() as f64 + TM_SOFT_GROWTH_PMY() as f64 * growth) / 10_000.0;
    ((budget as f64 * share) as i64).min(left * TM_SOFT_MAX_PCT() / 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tm(l: Limits, overhead: u64) -> (Option<u128>, Option<u128>) {
        tm_at(l, 0, overhead)
    }

    /// The limits at the game's ply `ply`.
    fn tm_at(l: Limits, ply: u32, overhead: u64) -> (Option<u128>, Option<u128>) {
        TimeManager::new(&l, Color::White, ply, overhead, Instant::now()).limits_ms()
    }

    #[test]
    fn sudden_death_with_increment() {
        let (s, h) = tm(Limits { wtime: Some(60_000), winc: Some(1000), ..Limits::default() }, 10);
        let (s, h) = (s.unwrap(), h.unwrap());
        assert!(s > 1000 && s < 3000, "{s}");
        assert!(h >= s && h <= 30_000, "{h}");
    }

    #[test]
    fn never_more_than_the_clock_allows() {
        for time in [-500, 0, 1, 50, 100, 1000] {
            for mtg in [None, Some(1), Some(2), Some(40)] {
                let l = Limits { wtime: Some(time), winc: Some(0), movestogo: mtg, ..Limits::default() };
                let (_, h) = tm(l, 10);
                assert!(h.unwrap() as i64 <= (time - 10).max(0), "time {time} mtg {mtg:?} hard {h:?}");
            }
        }
    }

    #[test]
    fn sudden_death_limits_are_pinned() {
        // The SPRT time control, 8+0.08: a change to these figures is a
        // search change. `tm6`'s growing share gives the first move less than
        // the fixed fortieth of the clock did (259 ms) and move 21 more.
        let l = Limits { wtime: Some(8000), winc: Some(80), ..Limits::default() };
        assert_eq!(tm(l.clone(), 10), (Some(219), Some(876)));
        assert_eq!(tm_at(l, 40, 10), (Some(395), Some(1580)));
    }

    #[test]
    fn movestogo_keeps_an_overhead_per_move_in_hand() {
        for time in [0, 30, 100, 1000, 10_000] {
            for mtg in 2..=40u32 {
                let l = Limits { wtime: Some(time), movestogo: Some(mtg), ..Limits::default() };
                let (s, h) = tm(l, 10);
                let room = (time - 10 * i64::from(mtg)).max(0);
                assert!(h.unwrap() as i64 <= room / 2, "time {time} mtg {mtg} hard {h:?}");
                assert!(s <= h);
            }
        }
        // The last move before the control keeps only its own overhead.
        let l = Limits { wtime: Some(100), movestogo: Some(1), ..Limits::default() };
        assert_eq!(tm(l, 10), (Some(36), Some(72)));
        // Ten seconds for forty moves: a quarter-second a move, less the reserve.
        let l = Limits { wtime: Some(10_000), movestogo: Some(40), ..Limits::default() };
        assert_eq!(tm(l, 10), (Some(240), Some(960)));
    }

    #[test]
    fn movetime_minus_overhead() {
        let (s, h) = tm(Limits { movetime: Some(1000), ..Limits::default() }, 30);
        assert_eq!((s, h), (None, Some(970)));
        // With a clock too, the clock's soft limit stays, capped by movetime.
        let l =
            Limits { movetime: Some(1000), wtime: Some(10_000), movestogo: Some(40), ..Limits::default() };
        assert_eq!(tm(l, 10), (Some(240), Some(960)));
        let (s, h) = tm(Limits::default(), 30);
        assert_eq!((s, h), (None, None));
    }

    #[test]
    fn growing_soft_grows_with_the_ply_and_stays_under_its_cap() {
        // 10+0.1: the first move gets less than the middlegame's.
        let (first, middle) = (growing_soft(10_000, 100, 0), growing_soft(10_000, 100, 40));
        assert!(first > 200 && first < middle, "{first} {middle}");
        // A short clock: the cap (a fifth of it) holds, whatever the ply.
        for ply in [0, 40, 200, 5000] {
            let s = growing_soft(500, 100, ply);
            assert!(s > 0 && s <= 100, "ply {ply}: {s}");
        }
        assert_eq!(growing_soft(0, 0, 30), 0);
    }

    #[test]
    fn black_uses_its_own_clock() {
        let l = Limits { wtime: Some(100_000), btime: Some(1000), ..Limits::default() };
        let t = TimeManager::new(&l, Color::Black, 0, 0, Instant::now()).limits_ms();
        assert!(t.1.unwrap() <= 500);
    }
}
