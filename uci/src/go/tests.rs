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
    assert_eq!(w[0].to_string(), "movetime 99999999999999999999 is more than the most, 2147483647; ignored");
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
    assert_eq!(text.as_deref(), Some("go: searchmoves given 2 times; the moves of all of them are searched"));
    // A dropped value does not count: the usable one stays, as said.
    let (p, w) = go("depth 5 depth x");
    assert_eq!((p.depth, w), (Some(5), vec![GoWarning::Unusable { key: GoKey::Depth, value: "x".into() }]));
    let (p, text) = said("nodes 10 nodes 20 nodes 30", Color::White);
    assert_eq!(p.nodes, Some(30));
    assert_eq!(text.as_deref(), Some("go: nodes given 3 times; the last, 30, counts"));
}

#[test]
fn negative_increments_are_read_as_zero() {
    let (p, text) = said("wtime 1000 btime 1000 winc -5 binc -7", Color::White);
    assert_eq!((p.winc, p.binc), (Some(0), Some(0)));
    assert_eq!(text.as_deref(), Some("go: winc -5 is negative; read as 0; binc -7 is negative; read as 0"));
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
