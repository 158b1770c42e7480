//! Rockad, the engine: wires the `uci`, `search` and `eval` crates together.
//!
//! This crate owns the game state (position and move history), option
//! values, the UCI loop's dispatch, and the command-line subcommands
//! (`bench`, `perft`, `frc`, `dfrc`, `analyse`, `datagen`, `tune`, `wdl`,
//! `train`, `genfens`, `completions`; the command line is in [`cli`],
//! progress bars in [`progress`]), and which evaluation and options the
//! searches use ([`evaluation`], [`options`]).
//! It must not implement protocol parsing, search or evaluation itself: it
//! calls the crates that own them.

pub mod analyse;
pub mod bench;
pub mod cli;
pub mod datagen;
pub mod display;
pub mod evaluation;
pub mod frc;
pub mod game;
pub mod genfens;
pub mod lag;
pub mod listener;
pub mod openings;
pub mod options;
pub mod output;
pub mod perft;
pub mod plural;
pub mod progress;
pub mod scores;
pub mod session;
pub mod spsa;
pub mod syzygy_options;
pub mod threads;
pub mod train;
pub mod tune;
pub mod wdl;
