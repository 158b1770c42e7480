//! Static evaluation for Rockad.
//!
//! This crate owns `evaluate(&Chess) -> i32` (centipawn-like, from the side to
//! move's point of view), the parameters it uses, and a trace of its terms for
//! the `eval` command. Later it also owns the tuner and the data it learns
//! from.
//!
//! It must not search: no move loops, no transposition table, no time.

mod evaluate;
mod params;
mod score;
mod trace;

pub use evaluate::{evaluate, phase};
pub use score::S;
pub use trace::{Term, Trace, trace};
