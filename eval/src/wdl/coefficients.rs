//! Coefficients of the win/draw/loss model, highest power first. Written
//! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to
//! use new ones.
//!
//! Fitted on 8936463 positions of 17 files (/work/data/frc-bc30919-s32001.bin,
//! /work/data/device/frc-bc30919-s32101.bin ... 32116.bin), scored by the embedded network.

/// a(x), x = material / 58: the score at which a win is as likely as not.
pub const A: [f64; 4] = [-149.908052, 468.577813, -555.479499, 324.096492];
/// b(x): how quickly the chances change around a(x).
pub const B: [f64; 4] = [97.085195, -352.774287, 406.764142, -16.976682];
