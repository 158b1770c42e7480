//! The late move reduction table: plies to reduce by depth and move number,
//! `LMR_BASE + ln(depth) * ln(move number) / LMR_DIVISOR`. In the tuning
//! build (`spsa` feature) those two are run-time values, so the table lives
//! in atomics and [`rebuild`] recomputes it when a tunable is set.

use crate::params::{LMR_BASE, LMR_DIVISOR};

/// The table's entry for `depth` and move number `moves` (both at least 1).
fn entry(depth: usize, moves: usize) -> i32 {
    let v = LMR_BASE() + (depth as f64).ln() * (moves as f64).ln() / LMR_DIVISOR();
    v.max(0.0) as i32
}

/// Late move reduction by depth and move number, from a log-log table.
/// (Inlined, as it was when it lived in search.rs: the hot path's code is
/// the same as before the tuning build existed.)
#[cfg(not(feature = "spsa"))]
#[inline(always)]
pub(crate) fn reduction(depth: i32, moves: usize) -> i32 {
    static TABLE: std::sync::LazyLock<Vec<[i32; 64]>> = std::sync::LazyLock::new(|| {
        (0..64)
            .map(|d| {
                let mut row = [0; 64];
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    if d > 0 {
                        *r = entry(d, m);
                    }
                }
                row
            })
            .collect()
    });
    TABLE[depth.clamp(0, 63) as usize][moves.min(63)]
}

#[cfg(feature = "spsa")]
mod tuned {
    use std::sync::Once;
    use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

    /// `[depth][moves]`; row and column 0 stay 0.
    static TABLE: [[AtomicI32; 64]; 64] = [const { [const { AtomicI32::new(0) }; 64] }; 64];
    static FILLED: Once = Once::new();

    /// Recomputes the table from the tunables' current values.
    pub(crate) fn rebuild() {
        for (d, row) in TABLE.iter().enumerate().skip(1) {
            for (m, r) in row.iter().enumerate().skip(1) {
                r.store(super::entry(d, m), Relaxed);
            }
        }
    }

    pub(crate) fn reduction(depth: i32, moves: usize) -> i32 {
        FILLED.call_once(rebuild);
        TABLE[depth.clamp(0, 63) as usize][moves.min(63)].load(Relaxed)
    }
}

#[cfg(feature = "spsa")]
pub(crate) use tuned::{rebuild, reduction};

/// Sets tunable `t` to `raw` (its integer units) and rebuilds the tables
/// derived from tunables; a value outside its range is refused.
#[cfg(feature = "spsa")]
pub fn set_tunable(t: &crate::params::Tunable, raw: i32) -> Result<(), String> {
    t.store(raw)?;
    rebuild();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(reduction(0, 10), 0);
        assert_eq!(reduction(10, 0), 0);
        assert!(reduction(20, 20) >= reduction(5, 5));
        assert!(reduction(63, 63) > 0);
        assert_eq!(reduction(100, 1000), reduction(63, 63));
    }
}
