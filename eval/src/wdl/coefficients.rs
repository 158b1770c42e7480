//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from games; rebuild to use new
//! ones.
//!
//! Fitted on 134903 positions of 1031 match games (1288 games at 4+0.04 (1264), 10+0.1 (24) in 3
//! files (/work/data/wdl/qsb.pgn, /work/data/wdl/corr-223.pgn, /work/data/wdl/tm2-24.pgn), one in 5
//! held out), each game weighing the same: the score each engine reported for the position before
//! its move, turned back from centipawns with the model in /work/data/wdl/coefficients-03c729e.rs,
//! and the game's result.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-170.930449, 504.641896, -567.827317, 332.043478];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [12.885866, -63.331442, 76.356419, 45.953058];
