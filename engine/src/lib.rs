//! Rockad, the engine: wires the `uci`, `search` and `eval` crates together.
//!
//! This crate owns the game state (position and move history), option
//! values and the UCI loop's dispatch ([`session`]), which evaluation and
//! options the searches use ([`evaluation`], [`options`]), the command line
//! ([`cli`]: parsing and dispatch only) and, in a room of their own, the
//! subcommands beside the engine ([`tools`]: `bench`, `perft`, `frc`,
//! `dfrc`, `analyse`, `datagen`, `genfens`, `train`, `tune`, `wdl`).
//! It must not implement protocol parsing, search or evaluation itself: it
//! calls the crates that own them.

pub mod bench;
pub mod cli;
pub mod display;
pub mod evaluation;
pub mod frc;
pub mod game;
pub mod identity;
pub mod lag;
pub mod listener;
pub mod options;
pub mod output;
pub mod perft;
pub mod scores;
pub mod session;
pub mod spsa;
pub mod syzygy_options;
pub mod threads;
pub mod tools;
pub mod uci_args;
