//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from games; rebuild to use new
//! ones.
//!
//! Fitted on 124953 positions of 1031 match games (1288 games at 4+0.04 (1264), 10+0.1 (24) in 3
//! files (/work/data/wdl/qsb.pgn, /work/data/wdl/corr-223.pgn, /work/data/wdl/tm2-24.pgn), one in 5
//! held out), each game weighing the same: the score each engine reported for the position before
//! its move, turned back from centipawns with the model in /work/data/wdl/coefficients-03c729e.rs,
//! and the game's result.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-165.485373, 497.009321, -561.953909, 323.903344];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [23.148471, -111.188611, 144.564586, 12.487725];
/// The share of upsets: results that follow a flatter curve.
pub const UPSET: f64 = 0.042847;
/// How steep the upsets' curve is beside the main one.
pub const UPSET_SLOPE: f64 = 0.121371;
/// The draw chance at a score of exactly 0: σ(Z[0] + Z[1]·x).
pub const ZERO: [f64; 2] = [3.670066, -2.168915];
