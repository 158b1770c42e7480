//! Formatting of the engine's `info` and `bestmove` lines.
//!
//! Field order follows Stockfish: `depth seldepth multipv score [bound] wdl
//! nodes nps hashfull tbhits time pv`. `pv` is always last because Cute Chess reads
//! everything after it as moves.

use std::fmt::Write;

/// A score from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (not plies); negative when the side to move is mated.
    Mate(i32),
}

/// Whether a reported score is exact or only a bound (aspiration fail).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// Win/draw/loss per mille, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

/// One `info` line about a search result. Fields left `None` are not printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<(Score, Bound)>,
    pub wdl: Option<Wdl>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub hashfull: Option<u32>,
    /// Positions found in the endgame tablebases.
    pub tbhits: Option<u64>,
    pub time_ms: Option<u64>,
    /// Moves already written in UCI notation.
    pub pv: Vec<String>,
}

/// Formats an `info` line (without the newline).
pub fn format_info(info: &Info) -> String {
    let mut s = String::from("info");
    let mut field = |name: &str, v: Option<u64>| {
        if let Some(v) = v {
            let _ = write!(s, " {name} {v}");
        }
    };
    field("depth", info.depth.map(u64::from));
    field("seldepth", info.seldepth.map(u64::from));
    field("multipv", info.multipv.map(u64::from));
    if let Some((score, bound)) = info.score {
        match score {
            Score::Cp(cp) => {
                let _ = write!(s, " score cp {cp}");
            }
            Score::Mate(n) => {
                let _ = write!(s, " score mate {n}");
            }
        }
        match bound {
            Bound::Exact => {}
            Bound::Lower => s.push_str(" lowerbound"),
            Bound::Upper => s.push_str(" upperbound"),
        }
    }
    if let Some(w) = info.wdl {
        let _ = write!(s, " wdl {} {} {}", w.win, w.draw, w.loss);
    }
    let mut field = |name: &str, v: Option<u64>| {
        if let Some(v) = v {
            let _ = write!(s, " {name} {v}");
        }
    };
    field("nodes", info.nodes);
    field("nps", info.nps);
    field("hashfull", info.hashfull.map(u64::from));
    field("tbhits", info.tbhits);
    field("time", info.time_ms);
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for m in &info.pv {
            s.push(' ');
            s.push_str(m);
        }
    }
    s
}

/// `info depth D currmove M currmovenumber N`.
pub fn format_currmove(depth: u32, mv: &str, number: u32) -> String {
    format!("info depth {depth} currmove {mv} currmovenumber {number}")
}

/// `bestmove M [ponder P]`; `bestmove 0000` when there is no legal move.
pub fn format_bestmove(best: Option<&str>, ponder: Option<&str>) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove 0000".to_string(),
    }
}

/// Longest `info string` text; longer messages (echoing huge input) are cut.
const MAX_INFO_STRING: usize = 300;

/// `info string ...`: one line, single spaces, control characters shown as
/// `?`, cut to a readable length.
pub fn info_string(text: &str) -> String {
    let mut s = String::from("info string ");
    let mut count = 0;
    for (i, word) in text.split_whitespace().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        for c in word.chars() {
            if count == MAX_INFO_STRING {
                s.push_str("...");
                return s;
            }
            s.push(if c.is_control() { '?' } else { c });
            count += 1;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_info_line_in_stockfish_order() {
        let info = Info {
            depth: Some(12),
            seldepth: Some(17),
            multipv: Some(1),
            score: Some((Score::Cp(-35), Bound::Lower)),
            wdl: Some(Wdl { win: 100, draw: 800, loss: 100 }),
            nodes: Some(123456),
            nps: Some(1000000),
            hashfull: Some(17),
            tbhits: Some(5),
            time_ms: Some(123),
            pv: vec!["e2e4".into(), "e7e5".into()],
        };
        assert_eq!(
            format_info(&info),
            "info depth 12 seldepth 17 multipv 1 score cp -35 lowerbound wdl 100 800 100 \
             nodes 123456 nps 1000000 hashfull 17 tbhits 5 time 123 pv e2e4 e7e5"
        );
    }

    #[test]
    fn mate_and_partial_lines() {
        let info = Info { depth: Some(3), score: Some((Score::Mate(-2), Bound::Exact)), ..Info::default() };
        assert_eq!(format_info(&info), "info depth 3 score mate -2");
        assert_eq!(format_bestmove(None, None), "bestmove 0000");
        assert_eq!(format_bestmove(Some("e2e4"), Some("e7e5")), "bestmove e2e4 ponder e7e5");
        assert_eq!(format_currmove(9, "g1f3", 2), "info depth 9 currmove g1f3 currmovenumber 2");
        assert_eq!(info_string("bad\n  thing\r"), "info string bad thing");
        assert_eq!(info_string("nul\0here"), "info string nul?here");
        assert!(info_string(&"x".repeat(10_000)).len() < 400);
    }
}
