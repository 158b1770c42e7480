//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 555401 position(s) of /tmp/data/d1.bin, scored by the compiled-in evaluation.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-670.345989, 1956.828679, -1857.715855, 656.535409];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [-158.731939, 475.520908, -389.406966, 195.180405];
