//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 17881882 positions of 35 files (/work/data/frc-bb496c5-s28001.bin,
//! /work/data/device/frc-bb496c5-s28101.bin ... 28116.bin, /work/data/frc-2e9cc56-s29001.bin,
//! /work/data/device/frc-2e9cc56-s29101.bin ... 29116.bin, /work/data/frc-de297e5-s30001.bin),
//! scored by the embedded network.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-194.566003, 571.783927, -628.902707, 337.422417];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [44.561712, -234.201315, 316.840841, 1.369459];
