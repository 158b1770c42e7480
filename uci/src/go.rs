//! `go` parameters.
//!
//! GUIs send any subset of them, in any order, with odd values (`wtime 0`,
//! negative times, `searchmoves 0000`). A `go` must always be answered by a
//! `bestmove`, so parsing never fails. The one rule for values:
//!
//! - Each numeric parameter has a range ([`range`]). Clocks may be negative
//!   (Cute Chess sends an overdrawn clock that way); counts and `movetime`
//!   start at 1. A negative increment is read as 0, and said so.
//! - A value that is not an integer, or lies below its range (`depth -3`,
//!   `mate 0`: nothing the engine could search for), drops that parameter.
//! - A value above its range (`depth 99999999999999999999`, a clock of
//!   more than 24 days) is absurd: it is dropped too, so that it cannot turn
//!   into a search that only `stop` ends.
//! - A parameter given twice counts with its last usable value; an empty
//!   `searchmoves` searches all moves. Both are said.
//! - Each problem becomes a [`GoWarning`]; the engine reports all of a
//!   line's warnings in one `info string` ([`warnings_line`]). So do the
//!   notes [`GoParams::settle`] adds on what an odd but usable line does.
//! - When a line had problems and no limit is left for the side to move
//!   ([`GoParams::is_bounded`]), the search gets [`FALLBACK_MOVETIME_MS`]
//!   instead of running until `stop`: only `go infinite` (or a clean `go`
//!   with no limits, as UCI has it) searches until told to stop.

use std::fmt;

use shakmaty::Color;

use crate::notation::MoveError;

/// Everything a `go` can ask for. Times are in milliseconds and may be
/// negative (Cute Chess sends that with time margins).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<i64>,
    pub infinite: bool,
    pub ponder: bool,
    /// Moves as text; the engine checks them against the position.
    pub searchmoves: Vec<String>,
    /// `go perft N`, as Stockfish accepts it.
    pub perft: Option<u32>,
}

/// Largest time in milliseconds, either sign: 2^31 - 1 ms (24.8 days), the
/// most a GUI with 32-bit clocks can send.
pub const MAX_TIME_MS: i64 = i32::MAX as i64;
/// Deepest `go depth` (the search's ply limit less one).
pub const MAX_DEPTH: u32 = 127;
/// Longest mate a search can prove: a mate in N takes 2N - 1 plies.
pub const MAX_MATE: u32 = MAX_DEPTH.div_ceil(2);
/// Most `go nodes`: 10^15, weeks of searching on any machine.
pub const MAX_NODES: u64 = 1_000_000_000_000_000;
/// Most moves to the time control a GUI can mean.
pub const MAX_MOVESTOGO: u32 = 1000;
/// Deepest `go perft` (depth 12 from the start is already days).
pub const MAX_PERFT: u32 = 20;
/// What a `go` whose limits were all unusable searches for, instead of
/// running until a `stop` the GUI will not send.
pub const FALLBACK_MOVETIME_MS: i64 = 1000;

/// A `go` parameter that takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoKey {
    Wtime,
    Btime,
    Winc,
    Binc,
    Movestogo,
    Depth,
    Nodes,
    Mate,
    Movetime,
    Perft,
}

impl GoKey {
    const ALL: [GoKey; 10] = [
        GoKey::Wtime,
        GoKey::Btime,
        GoKey::Winc,
        GoKey::Binc,
        GoKey::Movestogo,
        GoKey::Depth,
        GoKey::Nodes,
        GoKey::Mate,
        GoKey::Movetime,
        GoKey::Perft,
    ];

    pub fn name(self) -> &'static str {
        match self {
            GoKey::Wtime => "wtime",
            GoKey::Btime => "btime",
            GoKey::Winc => "winc",
            GoKey::Binc => "binc",
            GoKey::Movestogo => "movestogo",
            GoKey::Depth => "depth",
            GoKey::Nodes => "nodes",
            GoKey::Mate => "mate",
            GoKey::Movetime => "movetime",
            GoKey::Perft => "perft",
        }
    }

    fn from_name(s: &str) -> Option<GoKey> {
        GoKey::ALL.into_iter().find(|k| k.name() == s)
    }

    fn is_time(self) -> bool {
        matches!(self, GoKey::Wtime | GoKey::Btime | GoKey::Winc | GoKey::Binc | GoKey::Movetime)
    }
}

/// The values `key` accepts, both ends included.
pub fn range(key: GoKey) -> (i128, i128) {
    match key {
        // A move time must leave something to search with.
        GoKey::Movetime => (1, i128::from(MAX_TIME_MS)),
        k if k.is_time() => (-i128::from(MAX_TIME_MS), i128::from(MAX_TIME_MS)),
        GoKey::Movestogo => (1, MAX_MOVESTOGO.into()),
        GoKey::Depth => (1, MAX_DEPTH.into()),
        GoKey::Nodes => (1, MAX_NODES.into()),
        GoKey::Mate => (1, MAX_MATE.into()),
        _ => (1, MAX_PERFT.into()),
    }
}

const FLAGS: &[&str] = &["infinite", "ponder", "searchmoves"];

fn is_keyword(token: &str) -> bool {
    FLAGS.contains(&token) || GoKey::from_name(token).is_some()
}

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

impl GoParams {
    /// Whether anything ends this search for `turn` without a `stop`: a
    /// depth, node, mate or move-time limit, or the side to move's clock.
    pub fn is_bounded(&self, turn: Color) -> bool {
        let clock = match turn {
            Color::White => self.wtime,
            Color::Black => self.btime,
        };
        self.depth.is_some()
            || self.nodes.is_some()
            || self.mate.is_some()
            || self.movetime.is_some()
            || clock.is_some()
    }

    /// Applies the rule for a line with problems (see the module notes):
    /// adds [`GoWarning::NoClock`] when only the other side's clock came,
    /// and, when the line had problems and nothing bounds the search, the
    /// fallback move time with [`GoWarning::Fallback`].
    ///
    /// Also says what the search will do with a line that is odd but
    /// usable: `infinite` beside limits that end the search
    /// ([`GoWarning::InfiniteWithLimit`]), and a clock that shows no time
    /// left ([`GoWarning::NoTimeLeft`]).
    pub fn settle(&mut self, turn: Color, warnings: &mut Vec<GoWarning>) {
        let (clock, inc) = match turn {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        if (self.wtime.is_some() || self.btime.is_some()) && !self.is_bounded(turn) {
            warnings.push(GoWarning::NoClock(turn));
        }
        if self.infinite {
            let limits: Vec<&'static str> = [
                (self.depth.is_some(), "depth"),
                (self.nodes.is_some(), "nodes"),
                (self.mate.is_some(), "mate"),
                (self.movetime.is_some(), "movetime"),
                (clock.is_some(), if turn == Color::White { "wtime" } else { "btime" }),
            ]
            .into_iter()
            .filter_map(|(given, name)| given.then_some(name))
            .collect();
            if !limits.is_empty() {
                warnings.push(GoWarning::InfiniteWithLimit(limits));
            }
        } else if !self.ponder
            && let Some(ms) = clock
            && ms <= 0
            && inc.unwrap_or(0) <= 0
        {
            // The time manager's limits are then 0 ms (a move time only
            // lowers them): the first depth completed is the answer.
            warnings.push(GoWarning::NoTimeLeft { color: turn, ms });
        }
        if !warnings.is_empty() && !self.infinite && !self.is_bounded(turn) {
            self.movetime = Some(FALLBACK_MOVETIME_MS);
            warnings.push(GoWarning::Fallback);
        }
    }
}

/// Parses the tokens after `go`. Returns the parameters and one warning per
/// token that could not be used as written.
pub fn parse_go(tokens: &[&str]) -> (GoParams, Vec<GoWarning>) {
    let mut p = GoParams::default();
    let mut warnings = Vec::new();
    // How often each parameter was given (values: only the usable ones).
    let mut set_times = [0usize; GoKey::ALL.len()];
    let mut flag_times = [0usize; FLAGS.len()];
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        i += 1;
        if let Some(f) = FLAGS.iter().position(|&flag| flag == token) {
            flag_times[f] += 1;
        }
        match token {
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "searchmoves" => {
                let before = i;
                while i < tokens.len() && !is_keyword(tokens[i]) {
                    p.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
                if i == before {
                    warnings.push(GoWarning::NoSearchMoves);
                }
            }
            _ => match GoKey::from_name(token) {
                Some(key) => {
                    let Some(&value) = tokens.get(i).filter(|t| !is_keyword(t)) else {
                        warnings.push(GoWarning::MissingValue(key));
                        continue;
                    };
                    i += 1;
                    match set(&mut p, key, value) {
                        Ok(note) => {
                            if let Some(k) = GoKey::ALL.iter().position(|&k| k == key) {
                                set_times[k] += 1;
                            }
                            warnings.extend(note);
                        }
                        Err(w) => warnings.push(w),
                    }
                }
                None => warnings.push(GoWarning::Unknown(token.to_string())),
            },
        }
    }
    for (key, times) in GoKey::ALL.into_iter().zip(set_times) {
        if times > 1 {
            warnings.push(GoWarning::Repeated { name: key.name(), times, value: value_of(&p, key) });
        }
    }
    for (&name, times) in FLAGS.iter().zip(flag_times) {
        if times > 1 {
            warnings.push(GoWarning::Repeated { name, times, value: None });
        }
    }
    (p, warnings)
}

/// The value `key` has in `p`, as text.
fn value_of(p: &GoParams, key: GoKey) -> Option<String> {
    let time = |v: Option<i64>| v.map(|v| v.to_string());
    let small = |v: Option<u32>| v.map(|v| v.to_string());
    match key {
        GoKey::Wtime => time(p.wtime),
        GoKey::Btime => time(p.btime),
        GoKey::Winc => time(p.winc),
        GoKey::Binc => time(p.binc),
        GoKey::Movetime => time(p.movetime),
        GoKey::Movestogo => small(p.movestogo),
        GoKey::Depth => small(p.depth),
        GoKey::Mate => small(p.mate),
        GoKey::Perft => small(p.perft),
        GoKey::Nodes => p.nodes.map(|v| v.to_string()),
    }
}

/// Sets `key` from `value` by the rule above: `Err` with the warning when
/// the parameter is dropped, `Ok` with a note when it was set repaired (a
/// negative increment read as 0).
fn set(p: &mut GoParams, key: GoKey, value: &str) -> Result<Option<GoWarning>, GoWarning> {
    let (lo, hi) = range(key);
    let (v, warning) = match parse_integer(value) {
        Some(v) if v < lo => return Err(GoWarning::Unusable { key, value: value.to_string() }),
        Some(v) if v > hi => return Err(GoWarning::TooLarge { key, value: value.to_string(), most: hi }),
        Some(v) if v < 0 && matches!(key, GoKey::Winc | GoKey::Binc) => {
            (0, Some(GoWarning::NegativeIncrement { key, value: value.to_string() }))
        }
        Some(v) => (v, None),
        None => return Err(GoWarning::Unusable { key, value: value.to_string() }),
    };
    // In range, so the conversions below cannot fail.
    let time = Some(v as i64);
    let small = Some(v as u32);
    match key {
        GoKey::Wtime => p.wtime = time,
        GoKey::Btime => p.btime = time,
        GoKey::Winc => p.winc = time,
        GoKey::Binc => p.binc = time,
        GoKey::Movetime => p.movetime = time,
        GoKey::Movestogo => p.movestogo = small,
        GoKey::Depth => p.depth = small,
        GoKey::Mate => p.mate = small,
        GoKey::Perft => p.perft = small,
        GoKey::Nodes => p.nodes = Some(v as u64),
    }
    Ok(warning)
}

/// An integer of any size (saturated to `i128`), with an optional sign.
fn parse_integer(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude =
        digits.bytes().fold(0i128, |acc, b| acc.saturating_mul(10).saturating_add(i128::from(b - b'0')));
    Some(if negative { -magnitude } else { magnitude })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> (GoParams, Vec<GoWarning>) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        parse_go(&tokens)
    }

    #[test]
    fn full_clock() {
        let (p, w) = go("wtime 300000 btime 299000 winc 2000 binc 2000 movestogo 40");
        assert!(w.is_empty());
        assert_eq!(p.wtime, Some(300000));
        assert_eq!(p.btime, Some(299000));
        assert_eq!(p.winc, Some(2000));
        assert_eq!(p.binc, Some(2000));
        assert_eq!(p.movestogo, Some(40));
    }

    #[test]
    fn odd_values_are_accepted() {
        let (p, w) = go("wtime -150 btime 0 movetime +20");
        assert!(w.is_empty());
        assert_eq!(p.wtime, Some(-150));
        assert_eq!(p.btime, Some(0));
        assert_eq!(p.movetime, Some(20));
        let (p, _) = go("wtime 100");
        assert_eq!(p.btime, None);
    }

    #[test]
    fn searchmoves_run_until_the_next_keyword() {
        let (p, w) = go("searchmoves e2e4 d2d4 depth 5");
        assert!(w.is_empty());
        assert_eq!(p.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(p.depth, Some(5));
        let (p, _) = go("infinite searchmoves 0000");
        assert!(p.infinite);
        assert_eq!(p.searchmoves, vec!["0000"]);
    }

    #[test]
    fn bad_tokens_become_warnings() {
        let (p, w) = go("depth x movetime 100 banana");
        assert_eq!(p.depth, None);
        assert_eq!(p.movetime, Some(100));
        assert_eq!(
            w,
            vec![
                GoWarning::Unusable { key: GoKey::Depth, value: "x".into() },
                GoWarning::Unknown("banana".into())
            ]
        );
        let (p, w) = go("wtime");
        assert_eq!(p.wtime, None);
        assert_eq!(w, vec![GoWarning::MissingValue(GoKey::Wtime)]);
    }

    #[test]
    fn values_below_the_range_drop_the_parameter() {
        for line in ["depth -3", "depth 0", "mate 0", "mate -2", "nodes 0", "movestogo 0", "depth 1.5"] {
            let (p, w) = go(line);
            assert_eq!(p, GoParams::default(), "{line}");
            assert!(matches!(w[..], [GoWarning::Unusable { .. }]), "{line}: {w:?}");
        }
        let (p, w) = go(&format!("wtime -{}", MAX_TIME_MS + 1));
        assert_eq!((p.wtime, w.len()), (None, 1));
    }

    #[test]
    fn values_above_the_range_are_dropped() {
        let (p, w) = go("depth 99999999999999999999 nodes 99999999999999999999999 mate 1000");
        assert_eq!((p.depth, p.nodes, p.mate), (None, None, None));
        assert_eq!(w.len(), 3);
        let (p, w) = go(&format!("depth {MAX_DEPTH} nodes {MAX_NODES} mate {MAX_MATE}"));
        assert_eq!((p.depth, p.nodes, p.mate), (Some(MAX_DEPTH), Some(MAX_NODES), Some(MAX_MATE)));
        assert!(w.is_empty());
        let (p, w) = go("movetime 99999999999999999999 wtime 99999999999999999999");
        assert_eq!((p.movetime, p.wtime), (None, None));
        assert_eq!(
            w[0].to_string(),
            "movetime 99999999999999999999 is more than the most, 2147483647; ignored"
        );
    }

    #[test]
    fn a_line_with_problems_and_no_limit_falls_back() {
        for line in ["depth abc", "mate 0", "depth -3", "mate -2", "banana", "depth", "ponder depth x"] {
            let (mut p, mut w) = go(line);
            p.settle(Color::White, &mut w);
            assert_eq!(p.movetime, Some(FALLBACK_MOVETIME_MS), "{line}");
            assert_eq!(w.last(), Some(&GoWarning::Fallback), "{line}");
        }
        // Black to move with White's clock only.
        let (mut p, mut w) = go("wtime 1000 winc 10");
        p.settle(Color::Black, &mut w);
        assert_eq!(w, vec![GoWarning::NoClock(Color::Black), GoWarning::Fallback]);
        // Whatever limit survives is kept; `infinite` and a clean `go` stay endless.
        for (line, bounded) in [("depth abc movetime 50", true), ("infinite depth x", false), ("", false)] {
            let (mut p, mut w) = go(line);
            p.settle(Color::White, &mut w);
            assert_eq!(p.is_bounded(Color::White), bounded, "{line}");
            assert!(!w.contains(&GoWarning::Fallback), "{line}");
        }
    }

    fn said(line: &str, turn: Color) -> (GoParams, Option<String>) {
        let (mut p, mut w) = go(line);
        p.settle(turn, &mut w);
        (p, warnings_line(&w))
    }

    #[test]
    fn movetime_starts_at_one() {
        assert_eq!(range(GoKey::Movetime), (1, i128::from(MAX_TIME_MS)));
        for (line, value) in [("movetime -10", "-10"), ("movetime 0", "0")] {
            let (p, text) = said(line, Color::White);
            assert_eq!(p.movetime, Some(FALLBACK_MOVETIME_MS), "{line}");
            assert_eq!(
                text.as_deref(),
                Some(
                    format!(
                        "go: movetime needs an integer in 1..2147483647, got '{value}'; ignored; \
                         no usable limit left; searching 1000 ms"
                    )
                    .as_str()
                )
            );
        }
        let (p, w) = go("movetime 1");
        assert_eq!((p.movetime, w.len()), (Some(1), 0));
    }

    #[test]
    fn an_empty_clock_is_said() {
        let (p, text) = said("wtime 0 btime 0", Color::White);
        assert_eq!((p.wtime, p.movetime), (Some(0), None));
        assert_eq!(text.as_deref(), Some("go: White's clock shows no time left (0 ms); answering at once"));
        let (_, text) = said("wtime 5000 btime -20", Color::Black);
        assert_eq!(text.as_deref(), Some("go: Black's clock shows no time left (-20 ms); answering at once"));
        // An increment, the other side's empty clock, pondering or
        // `infinite` leave nothing to say about it.
        for line in ["wtime 0 btime 0 winc 100", "wtime 1000 btime 0", "wtime 0 btime 0 ponder"] {
            assert_eq!(said(line, Color::White).1, None, "{line}");
        }
        assert!(!said("wtime 0 infinite", Color::White).1.unwrap().contains("no time left"));
    }

    #[test]
    fn an_empty_searchmoves_searches_all_moves() {
        let (p, w) = go("searchmoves");
        assert!(p.searchmoves.is_empty());
        assert_eq!(w, vec![GoWarning::NoSearchMoves]);
        let (p, w) = go("searchmoves depth 3");
        assert_eq!((p.depth, w), (Some(3), vec![GoWarning::NoSearchMoves]));
        assert_eq!(
            said("searchmoves depth 3", Color::White).1.as_deref(),
            Some("go: searchmoves names no move; searching all moves")
        );
    }

    #[test]
    fn parameters_given_twice_count_with_the_last_value() {
        let (p, text) = said("depth 5 depth 6", Color::White);
        assert_eq!(p.depth, Some(6));
        assert_eq!(text.as_deref(), Some("go: depth given 2 times; the last, 6, counts"));
        let (p, text) = said("wtime 1000 wtime 2000 btime 1000", Color::White);
        assert_eq!(p.wtime, Some(2000));
        assert_eq!(text.as_deref(), Some("go: wtime given 2 times; the last, 2000, counts"));
        let (p, text) = said("infinite infinite", Color::White);
        assert!(p.infinite);
        assert_eq!(text.as_deref(), Some("go: infinite given 2 times; read once"));
        let (p, text) = said("ponder ponder wtime 1000 btime 1000", Color::White);
        assert!(p.ponder);
        assert_eq!(text.as_deref(), Some("go: ponder given 2 times; read once"));
        let (p, text) = said("searchmoves e2e4 depth 2 searchmoves d2d4", Color::White);
        assert_eq!(p.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(
            text.as_deref(),
            Some("go: searchmoves given 2 times; the moves of all of them are searched")
        );
        // A dropped value does not count: the usable one stays, as said.
        let (p, w) = go("depth 5 depth x");
        assert_eq!(
            (p.depth, w),
            (Some(5), vec![GoWarning::Unusable { key: GoKey::Depth, value: "x".into() }])
        );
        let (p, text) = said("nodes 10 nodes 20 nodes 30", Color::White);
        assert_eq!(p.nodes, Some(30));
        assert_eq!(text.as_deref(), Some("go: nodes given 3 times; the last, 30, counts"));
    }

    #[test]
    fn negative_increments_are_read_as_zero() {
        let (p, text) = said("wtime 1000 btime 1000 winc -5 binc -7", Color::White);
        assert_eq!((p.winc, p.binc), (Some(0), Some(0)));
        assert_eq!(
            text.as_deref(),
            Some("go: winc -5 is negative; read as 0; binc -7 is negative; read as 0")
        );
        let (p, w) = go("winc 0 binc 30");
        assert_eq!((p.winc, p.binc, w.len()), (Some(0), Some(30), 0));
    }

    #[test]
    fn infinite_beside_limits_is_said() {
        let (p, text) = said("movetime 1000 infinite", Color::White);
        assert_eq!((p.movetime, p.infinite), (Some(1000), true));
        assert_eq!(
            text.as_deref(),
            Some("go: 'infinite' with movetime: the search stops at the limit, the answer waits for 'stop'")
        );
        let (_, text) = said("infinite depth 3 nodes 100 mate 2 wtime 10 btime 10", Color::Black);
        assert_eq!(
            text.as_deref(),
            Some(
                "go: 'infinite' with depth, nodes, mate and btime: the search stops at the limit, \
                 the answer waits for 'stop'"
            )
        );
        assert_eq!(said("infinite", Color::White).1, None);
        assert_eq!(said("infinite searchmoves e2e4", Color::White).1, None);
    }

    #[test]
    fn all_warnings_fit_in_one_line() {
        let line = "x ".repeat(200_000);
        let (mut p, mut w) = go(&line);
        assert_eq!(w.len(), 200_000);
        p.settle(Color::White, &mut w);
        let text = warnings_line(&w).unwrap();
        assert_eq!(
            text,
            "go: unknown parameter 'x' ignored; unknown parameter 'x' ignored; unknown parameter 'x' ignored; \
             unknown parameter 'x' ignored; and 199996 more problems; no usable limit left; searching 1000 ms"
        );
        assert_eq!(warnings_line(&[]), None);
    }
}
