//! What a `go` line got wrong, and the one `info string` that says so.

use std::fmt;

use shakmaty::Color;

use super::{FALLBACK_MOVETIME_MS, GoKey, range};
use crate::notation::MoveError;

/// Something in a `go` line that could not be used as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GoWarning {
    /// `depth` at the end of the line, or followed by another keyword.
    MissingValue(GoKey),
    /// `depth abc`, `depth 1.5`, `depth -3`, `mate 0`: the parameter is dropped.
    Unusable { key: GoKey, value: String },
    /// `depth 99999999999999999999`: more than the range allows; dropped.
    TooLarge { key: GoKey, value: String, most: i128 },
    /// Not a `go` parameter.
    Unknown(String),
    /// A `searchmoves` move that is not legal here (filled in by the engine).
    SearchMove(MoveError),
    /// Clocks were given, but not the side to move's.
    NoClock(Color),
    /// `searchmoves` with no move after it: all moves are searched.
    NoSearchMoves,
    /// A `searchmoves` move written with capitals (`E2E4`), read in lower case.
    SearchMoveCase { given: String, read: String },
    /// A parameter given more than once (`depth 5 depth 6`): the last usable
    /// value counts (`value`; `None` for `infinite` and `ponder`, which are
    /// read once, and for `searchmoves`, whose moves are all searched).
    Repeated { name: &'static str, times: usize, value: Option<String> },
    /// `winc -5`: an increment cannot be negative; read as 0.
    NegativeIncrement { key: GoKey, value: String },
    /// The side to move's clock shows no time (and no increment comes):
    /// the search answers after its first depth.
    NoTimeLeft { color: Color, ms: i64 },
    /// `infinite` with limits (named) that end the search; the answer
    /// still waits for `stop`.
    InfiniteWithLimit(Vec<&'static str>),
    /// No usable limit was left: searching [`FALLBACK_MOVETIME_MS`].
    Fallback,
}

impl fmt::Display for GoWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoWarning::MissingValue(key) => write!(f, "'{}' needs a value; ignored", key.name()),
            GoWarning::Unusable { key, value } => {
                let (lo, hi) = range(*key);
                write!(f, "{} needs an integer in {lo}..{hi}, got '{value}'; ignored", key.name())
            }
            GoWarning::TooLarge { key, value, most } => {
                write!(f, "{} {value} is more than the most, {most}; ignored", key.name())
            }
            GoWarning::Unknown(token) => write!(f, "unknown parameter '{token}' ignored"),
            GoWarning::SearchMove(e) => write!(f, "searchmoves: {e}; ignored"),
            GoWarning::NoClock(color) => write!(f, "no clock for {}, the side to move", color_name(*color)),
            GoWarning::NoSearchMoves => f.write_str("searchmoves names no move; searching all moves"),
            GoWarning::SearchMoveCase { given, read } => {
                write!(f, "searchmoves '{given}' read as '{read}'")
            }
            GoWarning::Repeated { name, times, value } => {
                write!(f, "{name} given {times} times; ")?;
                match (value, *name) {
                    (Some(v), _) => write!(f, "the last, {v}, counts"),
                    (None, "searchmoves") => f.write_str("the moves of all of them are searched"),
                    (None, _) => f.write_str("read once"),
                }
            }
            GoWarning::NegativeIncrement { key, value } => {
                write!(f, "{} {value} is negative; read as 0", key.name())
            }
            GoWarning::NoTimeLeft { color, ms } => {
                write!(f, "{}'s clock shows no time left ({ms} ms); answering at once", color_name(*color))
            }
            GoWarning::InfiniteWithLimit(limits) => write!(
                f,
                "'infinite' with {}: the search stops at the limit, the answer waits for 'stop'",
                and_list(limits)
            ),
            GoWarning::Fallback => write!(f, "no usable limit left; searching {FALLBACK_MOVETIME_MS} ms"),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn color_name(color: Color) -> &'static str {
    if color == Color::White { "White" } else { "Black" }
}

/// Warnings listed in one line at most.
const SHOWN_WARNINGS: usize = 4;

/// All of a `go` line's warnings as one line of text (`None` when there are
/// none): a line of 200,000 bad tokens is one `info string`, not 200,000.
pub fn warnings_line(warnings: &[GoWarning]) -> Option<String> {
    if warnings.is_empty() {
        return None;
    }
    // The fallback, which says what will happen, is always shown.
    let fallback = warnings.contains(&GoWarning::Fallback);
    let problems: Vec<&GoWarning> = warnings.iter().filter(|w| **w != GoWarning::Fallback).collect();
    let mut parts: Vec<String> = problems.iter().take(SHOWN_WARNINGS).map(|w| w.to_string()).collect();
    if problems.len() > SHOWN_WARNINGS {
        parts.push(format!("and {} more problems", problems.len() - SHOWN_WARNINGS));
    }
    if fallback {
        parts.push(GoWarning::Fallback.to_string());
    }
    Some(format!("go: {}", parts.join("; ")))
}
