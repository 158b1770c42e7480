//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 14549035 positions of /work/data/frc-17d6172-s26001.bin, /work/data/frc-df65d56-s27001.bin, scored by the embedded network.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-346.141189, 979.364940, -966.273928, 417.744342];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [-14.856743, -56.550623, 145.883108, 38.962621];
