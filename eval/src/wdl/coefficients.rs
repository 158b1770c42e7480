//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from games; rebuild to use new
//! ones.
//!
//! Fitted on 208507 positions of 1695 match games (1695 games at 4+0.04 (1695) in 4 files
//! (/work/data/wdl/mtg30-6401.pgn, /work/data/wdl/mtg30-6402.pgn, /work/data/wdl/chk10-6701.pgn,
//! /work/data/wdl/ar1-6801-partial.pgn)), each game weighing the same: the score each engine
//! reported for the position before its move, turned back from centipawns with the model in
//! /work/data/wdl/coefficients-445e8ac.rs, and the game's result.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-89.321915, 258.991234, -305.085991, 233.215719];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [-80.516852, 199.042607, -128.269655, 51.730621];
/// The share of upsets: results that follow a flatter curve.
pub const UPSET: f64 = 0.159439;
/// How steep the upsets' curve is beside the main one.
pub const UPSET_SLOPE: f64 = 0.289536;
/// How many times wider the curves are above their midpoint than below.
pub const UPPER: f64 = 1.446328;
/// The draw chance at a score of exactly 0: σ(Z[0] + Z[1]·x).
pub const ZERO: [f64; 2] = [4.748855, -2.615436];
