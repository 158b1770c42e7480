//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 14846400 positions of 34 files (/work/data/device/frc-7ad51b2-s33101.bin ...
//! 33116.bin, /work/data/frc-7ad51b2-s33001.bin, /work/data/frc-bc30919-s32001.bin,
//! /work/data/device/frc-bc30919-s32101.bin ... 32116.bin), scored by the embedded network.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-153.560887, 479.810488, -569.863820, 332.040804];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [79.930508, -310.321673, 371.958922, -7.456878];
