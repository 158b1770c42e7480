//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 12689978 positions of 34 files: /work/data/frc-bb496c5-s28001.bin,
//! /work/data/device/frc-bb496c5-s28101.bin ... s28116.bin, /work/data/frc-2e9cc56-s29001.bin
//! and /work/data/device/frc-2e9cc56-s29101.bin ... s29116.bin, scored by the embedded network.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-219.896415, 635.640958, -678.469150, 347.217065];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [18.267980, -175.285674, 274.108820, 10.743097];
