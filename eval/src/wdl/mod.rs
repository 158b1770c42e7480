//! Win/draw/loss model: what an evaluation means as chances.
//!
//! With `v` the score from the side to move's view and `m` the material on
//! the board (pawn 1, knight and bishop 3, rook 5, queen 9, both sides,
//! clamped to 17..=78 as Stockfish does), the model is
//!
//! ```text
//! P(win)  = F(( v − a(m)) / b(m))      F(z) = (1 − u)·σ(y) + u·σ(c·y)
//! P(loss) = F((−v − a(m)) / b(m))      y = z / k above 0, z below
//! P(draw) = 1 − P(win) − P(loss)       σ(z) = 1 / (1 + e^−z)
//! ```
//!
//! except at a score of exactly 0 (the search's draw score), where the
//! draw chance is `σ(z₀ + z₁·m/58)` of its own and the rest is shared
//! evenly. `a` and `b` are cubic polynomials in `m / 58`; `u`, a small
//! share of upsets (results a score did not foresee), follows a curve `c`
//! times as steep; above their midpoint both curves are `k` times as wide
//! (large edges fail to convert more often than the rise near it says).
//! All are fitted to games by `rockad wdl` ([`fit`]) and stored in
//! `coefficients.rs` ([`source`] writes and reads that file). `a(m)` is the score at which a win is as
//! likely as not; reported centipawns are `100 · v / a(m)` ([`normalise`]),
//! so +100 means about a 50% chance to win whatever the material, as in
//! Stockfish. [`Model`] is one such model as a value; the functions here
//! use the compiled-in one.

mod coefficients;
mod counts;
pub mod fit;
pub mod joint;
mod likelihood;
mod model;
pub mod source;
mod zero;

use shakmaty::{Chess, Position, Role};

pub use coefficients::{A, B};
pub use model::Model;

/// Material clamp and the reference material the polynomials are scaled by.
pub const MATERIAL_MIN: u32 = 17;
pub const MATERIAL_MAX: u32 = 78;
pub const MATERIAL_REFERENCE: f64 = 58.0;

/// Win, draw and loss chances in per mille (they add up to 1000).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

/// The material count the model uses, both sides together.
pub fn material(pos: &Chess) -> u32 {
    let b = pos.board();
    let count = |r: Role| b.by_role(r).count() as u32;
    count(Role::Pawn)
        + 3 * count(Role::Knight)
        + 3 * count(Role::Bishop)
        + 5 * count(Role::Rook)
        + 9 * count(Role::Queen)
}

/// Chances for an internal score `v` (side to move's view). Mate scores
/// belong to the caller: it knows which scores are mates.
pub fn wdl(v: i32, material: u32) -> Wdl {
    let [loss, _, win] = Model::COMPILED.chances(f64::from(v), material);
    let (win, loss) = ((1000.0 * win).round() as u32, (1000.0 * loss).round() as u32);
    let (win, loss) = (win.min(1000), loss.min(1000 - win.min(1000)));
    Wdl { win, draw: 1000 - win - loss, loss }
}

/// Reported centipawns: `100 · v / a(m)`, so that +100 is a 50% win chance.
pub fn normalise(v: i32, material: u32) -> i32 {
    Model::COMPILED.normalise(v, material)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_add_up_and_mirror() {
        for m in [0, 17, 40, 58, 78, 100] {
            for v in [-3000, -400, -100, -7, 0, 7, 100, 400, 3000] {
                let w = wdl(v, m);
                assert_eq!(w.win + w.draw + w.loss, 1000, "v {v} m {m}");
                let back = wdl(-v, m);
                assert_eq!((w.win, w.loss), (back.loss, back.win), "v {v} m {m}");
            }
            let level = wdl(0, m);
            assert_eq!(level.win, level.loss);
            assert!(level.draw > 0 && level.win < 500, "a level position is no win (m {m}): {level:?}");
        }
    }

    /// The win chance grows with the score; at exactly 0, the search's
    /// draw score, both sides' chances give way to the draw.
    #[test]
    fn more_score_more_wins() {
        for m in [20, 58, 78] {
            let mut last = wdl(-2000, m).win;
            for v in (-1999..=2000).step_by(3).filter(|&v| v != 0) {
                let w = wdl(v, m).win;
                assert!(w >= last, "win chance fell from {last} to {w} at v {v} m {m}");
                last = w;
            }
            assert!(wdl(2000, m).win >= 990);
            let (zero, near) = (wdl(0, m), wdl(1, m));
            assert!(zero.draw > near.draw && zero.win <= near.win, "m {m}: {zero:?} {near:?}");
        }
    }

    #[test]
    fn a_normalised_hundred_is_about_even_for_a_win() {
        for m in [17, 30, 58, 78] {
            let (a, _) = Model::COMPILED.params(m);
            assert!((99..=101).contains(&normalise(a.round() as i32, m)), "m {m}");
            let w = wdl(a.round() as i32, m).win;
            assert!((490..=510).contains(&w), "m {m}: win {w} at +100 normalised");
            assert_eq!(normalise(0, m), 0);
            assert_eq!(normalise(-(a.round() as i32), m), -normalise(a.round() as i32, m));
        }
    }

    /// The model is fitted to match games, where a level position is drawn
    /// more often than not (net #18 against itself at 4+0.04: 78% draws at
    /// scores within ±0.15, all material counts together; earlier nets 42% to
    /// 50% with everything on the board): a draw is its likeliest result, and
    /// likelier still with less material; a score of exactly 0.00 (a
    /// repetition or a dead position found) likelier still.
    #[test]
    fn a_level_position_is_most_likely_a_draw() {
        let full = wdl(1, 78);
        assert!((400..=750).contains(&full.draw) && full.draw > full.win, "{full:?}");
        assert!(wdl(1, 30).draw > full.draw, "{:?}", wdl(1, 30));
        let found = wdl(0, 78);
        assert!(found.draw > full.draw + 50 && found.draw < 900, "{found:?}");
        assert!(wdl(0, 20).draw > found.draw, "{:?}", wdl(0, 20));
    }

    #[test]
    fn material_counts_both_sides() {
        assert_eq!(material(&Chess::default()), 78);
        let kqk: Chess = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert_eq!(material(&kqk), 9);
    }
}
