//! `go` parameters.
//!
//! GUIs send any subset of them, in any order, with odd values (`wtime 0`,
//! negative times, `searchmoves 0000`). A `go` must always be answered by a
//! `bestmove`, so parsing never fails: a token that cannot be used becomes a
//! warning and the rest of the line still counts.

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

const KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Parses the tokens after `go`. Returns the parameters and one warning per
/// token that was not understood.
pub fn parse_go(tokens: &[&str]) -> (GoParams, Vec<String>) {
    let mut p = GoParams::default();
    let mut warnings = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        i += 1;
        match key {
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "searchmoves" => {
                while i < tokens.len() && !KEYWORDS.contains(&tokens[i]) {
                    p.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "movestogo" | "depth" | "nodes" | "mate"
            | "perft" => {
                let Some(&value) = tokens.get(i).filter(|t| !KEYWORDS.contains(t)) else {
                    warnings.push(format!("go: '{key}' needs a value; ignored"));
                    continue;
                };
                i += 1;
                if let Err(msg) = set_numeric(&mut p, key, value) {
                    warnings.push(msg);
                }
            }
            other => warnings.push(format!("go: unknown parameter '{other}' ignored")),
        }
    }
    (p, warnings)
}

fn set_numeric(p: &mut GoParams, key: &str, value: &str) -> Result<(), String> {
    let bad = |kind: &str| format!("go: {key} needs {kind}, got '{value}'; ignored");
    // Times: any integer, saturated to a sane range (negative is legal input).
    let time = || -> Result<i64, String> {
        value
            .parse::<i128>()
            .map(|v| v.clamp(-(1 << 40), 1 << 40) as i64)
            .map_err(|_| bad("an integer number of milliseconds"))
    };
    let count = || -> Result<u64, String> {
        value
            .parse::<u128>()
            .map(|v| v.min(u64::MAX as u128) as u64)
            .map_err(|_| bad("a non-negative integer"))
    };
    let small = || count().map(|v| v.min(u32::MAX as u64) as u32);
    match key {
        "wtime" => p.wtime = Some(time()?),
        "btime" => p.btime = Some(time()?),
        "winc" => p.winc = Some(time()?),
        "binc" => p.binc = Some(time()?),
        "movetime" => p.movetime = Some(time()?),
        "movestogo" => p.movestogo = Some(small()?),
        "depth" => p.depth = Some(small()?),
        "nodes" => p.nodes = Some(count()?),
        "mate" => p.mate = Some(small()?),
        "perft" => p.perft = Some(small()?),
        _ => unreachable!("caller passes keywords only"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> (GoParams, Vec<String>) {
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
        let (p, w) = go("wtime -150 btime 0");
        assert!(w.is_empty());
        assert_eq!(p.wtime, Some(-150));
        assert_eq!(p.btime, Some(0));
        let (p, _) = go("wtime 100");
        assert_eq!(p.btime, None);
        let (p, w) = go("nodes 99999999999999999999999");
        assert!(w.is_empty());
        assert_eq!(p.nodes, Some(u64::MAX));
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
        assert_eq!(w.len(), 2);
        assert!(w[0].contains("depth"));
        assert!(w[1].contains("banana"));
        let (p, w) = go("depth -4");
        assert_eq!(p.depth, None);
        assert_eq!(w.len(), 1);
        let (p, w) = go("wtime");
        assert_eq!(p.wtime, None);
        assert_eq!(w.len(), 1);
    }
}
