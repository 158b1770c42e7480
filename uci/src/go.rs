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

use shakmaty::Color;

mod warning;
pub use warning::{GoWarning, warnings_line};

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
mod tests;
