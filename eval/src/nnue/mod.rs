//! The evaluation network (NNUE): `(768 → H)×2 → 1` with SCReLU.
//!
//! - [`features`]: the 768 inputs, (piece colour relative to the
//!   perspective, role, square seen from that side) for each perspective.
//! - [`network`]: the file format and the parsed integer weights; the
//!   default net is compiled in ([`Network::embedded`]).
//! - [`accumulator`]: the per-search-thread stack of hidden-layer sums,
//!   updated lazily and incrementally along the moves played.
//! - `simd`: the integer kernels, AVX2 (detected at run time) and a
//!   portable path that gives the same numbers.
//! - [`train`]: the trainer behind `rockad train`.
//!
//! Inference is integer-only so every machine gets the same evaluation.

pub mod accumulator;
pub mod features;
pub mod network;
pub(crate) mod simd;
pub mod train;

#[cfg(test)]
mod tests;

pub use accumulator::AccumulatorStack;
pub use network::{EMBEDDED_HASH, Network, NetworkError, Shape};

use shakmaty::Chess;

/// Which integer kernels this machine runs: `avx2` or `portable` (both
/// give the same numbers; the choice is made at run time).
pub fn kernels() -> &'static str {
    simd::kernels()
}

/// `net`'s evaluation of `pos` from the side to move's view, computed from
/// scratch: for tools that score single positions (`eval`, `rockad wdl`);
/// the search updates its accumulators incrementally instead.
pub fn evaluate(net: &Network, pos: &Chess) -> i32 {
    let mut stack = AccumulatorStack::new();
    stack.refresh(net, pos);
    stack.evaluate(net, pos)
}

/// Inputs per perspective: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Quantisation of the feature layer (weights and biases are × QA); also
/// the top of the clipped activation.
pub const QA: i32 = 255;
/// Quantisation of the output weights (× QB).
pub const QB: i32 = 64;
/// The network's output o predicts σ(o) as the expected score; o × SCALE
/// is the evaluation in centipawn-like units (the search scores in the
/// training data are turned into targets with the same scale). 164 is
/// where the hand-crafted evaluation's scores predict game results (the
/// trainer's fit on 120,000 held-out positions: σ(2.437·eval/400)), so
/// the search scores and the results in a target agree, and the network
/// speaks in the units the search's margins were tuned in. At 400 the
/// result half of the target pulled a net's evaluations to about 1.5× the
/// hand-crafted ones.
pub const SCALE: i32 = 164;
/// Largest evaluation a network may give (either sign). A network's output
/// is not bounded by material the way the hand-crafted evaluation is, and
/// the search keeps evaluations in 16 bits and reads scores near ±31,000
/// as mates and tablebase results, so the evaluator clamps to this.
pub const EVAL_LIMIT: i32 = 20_000;
/// Largest magnitude a trained weight may take, so that the quantised
/// output weights fit `i16` products with a clipped activation
/// (255 × 127 < 32768) and feature sums cannot overflow `i16`.
pub const WEIGHT_CLIP: f32 = 127.0 / QB as f32;
