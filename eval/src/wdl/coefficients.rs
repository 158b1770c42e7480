//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [0.0, 0.0, 0.0, 200.0];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [0.0, 0.0, 0.0, 70.0];
