//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 5843879 positions of 17 files, /work/data/frc-bb496c5-s28001.bin and
//! /work/data/device/frc-bb496c5-s28101.bin ... s28116.bin, scored by the embedded network.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-258.422934, 747.423166, -773.670850, 367.092240];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [12.608841, -137.956028, 225.403409, 23.882191];
