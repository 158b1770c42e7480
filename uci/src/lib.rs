//! The UCI protocol for Rockad.
//!
//! This crate owns text ↔ types: it parses the lines a GUI sends into typed
//! [`Command`]s (with typed errors that become `info string` lines), reads and
//! writes FEN in both castling notations, reads and writes moves in both
//! castling forms, and formats `info` / `bestmove` / `option` lines.
//!
//! It must not search, evaluate or keep game state: that belongs to the
//! `search`, `eval` and `engine` crates.

mod command;
mod fen;
mod go;
mod info;
mod notation;
mod options;

pub use command::{
    Command, CommandError, PositionBase, PositionCommand, PositionSyntax, is_command, parse_command,
};
pub use fen::{BoardProblem, FenError, FenNotice, MAX_HALFMOVE_CLOCK, parse_fen, shredder_fen, xfen};
pub use go::{
    FALLBACK_MOVETIME_MS, GoKey, GoParams, GoWarning, MAX_DEPTH, MAX_MATE, MAX_MOVESTOGO, MAX_NODES,
    MAX_PERFT, MAX_TIME_MS, parse_go, range as go_range, warnings_line,
};
pub use info::{Bound, Info, Score, Wdl, format_bestmove, format_currmove, format_info, info_string};
pub use notation::{MoveError, format_move, is_standard_castle, lowercase_reading, parse_move};
pub use options::{OptionKind, OptionSpec, OptionValue, SetOption, SetOptionError, check_value, value_note};
