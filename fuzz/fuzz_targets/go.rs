//! `go` lines: parsing never fails, every value that comes out lies in its
//! documented range, the warnings fit in one line, and after the rule for
//! lines with problems a search is bounded unless the line was clean or
//! said `infinite`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rockad_uci::{GoKey, GoParams, parse_go, warnings_line};
use shakmaty::Color;

fn in_range(key: GoKey, v: Option<i128>) {
    if let Some(v) = v {
        let (lo, hi) = rockad_uci::go_range(key);
        assert!(lo <= v && v <= hi, "{} {v} outside {lo}..{hi}", key.name());
    }
}

fn check_ranges(p: &GoParams) {
    in_range(GoKey::Wtime, p.wtime.map(i128::from));
    in_range(GoKey::Btime, p.btime.map(i128::from));
    in_range(GoKey::Winc, p.winc.map(i128::from));
    in_range(GoKey::Binc, p.binc.map(i128::from));
    in_range(GoKey::Movetime, p.movetime.map(i128::from));
    in_range(GoKey::Movestogo, p.movestogo.map(i128::from));
    in_range(GoKey::Depth, p.depth.map(i128::from));
    in_range(GoKey::Nodes, p.nodes.map(i128::from));
    in_range(GoKey::Mate, p.mate.map(i128::from));
    in_range(GoKey::Perft, p.perft.map(i128::from));
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let (params, warnings) = parse_go(&tokens);
    check_ranges(&params);
    for turn in [Color::White, Color::Black] {
        let (mut p, mut w) = (params.clone(), warnings.clone());
        p.settle(turn, &mut w);
        check_ranges(&p);
        if !w.is_empty() && !p.infinite {
            assert!(p.is_bounded(turn), "a line with problems must end by itself: {text:?}");
        }
        match warnings_line(&w) {
            Some(line) => {
                assert!(!line.contains('\n') && !line.contains('\r'));
                // At most four problems are shown, with a count of the rest:
                // about a hundred bytes each besides the token they quote.
                let longest = tokens.iter().map(|t| t.len()).max().unwrap_or(0);
                assert!(line.len() <= 400 + 4 * longest, "{} bytes: {line}", line.len());
            }
            None => assert!(w.is_empty()),
        }
    }
});
