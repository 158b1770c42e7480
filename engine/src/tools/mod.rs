//! The subcommands beside the engine: `bench`, `perft`, `frc` and `dfrc`
//! ([`positions`]), `analyse`, `datagen`, `genfens`, `train`, `tune` and
//! `wdl`, with what only they use (opening files, progress bars, plurals).
//! [`common`] and [`out`] are theirs and the dispatcher's alike; the
//! dispatcher (`crate::cli`) calls in here, nothing in here calls it.

pub mod analyse;
pub mod common;
pub mod datagen;
pub mod genfens;
pub mod openings;
pub mod out;
pub mod plural;
pub mod positions;
pub mod progress;
pub mod train;
pub mod tune;
pub mod wdl;
