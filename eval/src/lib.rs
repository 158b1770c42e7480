//! Static evaluation for Rockad.
//!
//! This crate owns `evaluate(&Chess) -> i32` (centipawn-like, from the side
//! to move's point of view) and the [`Evaluator`] a search thread evaluates
//! through (with its pawn cache), its parameters (`params.rs`, one place), the
//! term-by-term trace for the `eval` command, each position's feature
//! coefficients (`features`), the self-play data format (`data`) and the
//! Texel tuner that fits the parameters to that data (`tune`), and the
//! win/draw/loss model that turns scores into chances (`wdl`). It also holds
//! the two small utilities the crates above share: the seeded random
//! generator ([`Rng`]) and SHA-256, which names networks ([`sha256`]).
//!
//! It must not search: no move loops, no transposition table, no time.

mod bits;
mod context;
pub mod data;
mod evaluate;
mod evaluator;
pub mod features;
pub mod layout;
pub mod nnue;
mod params;
mod pawn_cache;
pub mod rng;
mod score;
pub mod sha256;
mod terms;
mod trace;
mod tracer;
pub mod tune;
pub mod wdl;

pub use bits::pawn_attacks;
pub use context::MAX_PHASE;
pub use evaluate::{evaluate, phase};
pub use evaluator::Evaluator;
pub use rng::Rng;
pub use score::S;
pub use trace::{Trace, trace};
pub use tracer::Term;

#[cfg(test)]
mod tests;
