//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 10081747 positions of /work/data/frc-17d6172-s26001.bin, scored by the embedded network.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-352.460998, 999.373563, -986.150716, 425.805711];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [12.133517, -115.405296, 182.297510, 31.285186];
