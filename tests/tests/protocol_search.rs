//! `go` in all its forms, `stop`, `ponderhit`, `isready` and `quit` during
//! a search, and the shape of `info` lines.

use std::time::{Duration, Instant};

use rockad_tests::{Engine, PROMPT, bestmove_of, fastest, info_field};
use rockad_uci::{parse_fen, parse_move};
use shakmaty::{Chess, Position};

/// Plays `moves` from the start position (or `fen`) and checks `best` is legal.
fn assert_legal(fen: Option<&str>, moves: &[&str], best: &str) {
    let mut pos = fen.map_or_else(Chess::default, |f| parse_fen(f).unwrap().0);
    for m in moves {
        let mv = parse_move(&pos, m).unwrap();
        pos.play_unchecked(mv);
    }
    assert!(parse_move(&pos, best).is_ok(), "bestmove {best} is illegal");
}

fn search(e: &mut Engine, go: &str, timeout: Duration) -> (Vec<String>, Option<String>) {
    e.send(go);
    let lines = e.read_until(timeout, |l| l.starts_with("bestmove"));
    let best = bestmove_of(lines.last().unwrap());
    (lines, best)
}

#[test]
fn go_depth_reports_each_depth_then_a_legal_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    let (lines, best) = search(&mut e, "go depth 5", PROMPT);
    let depths: Vec<u32> = lines
        .iter()
        .filter(|l| l.contains(" pv "))
        .map(|l| info_field(l, "depth").unwrap().parse().unwrap())
        .collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_legal(None, &["e2e4", "e7e5"], &best.unwrap());
    e.quit();
}

#[test]
fn info_lines_have_stockfish_field_order_and_pv_last() {
    let mut e = Engine::start();
    e.send("position startpos");
    let (lines, best) = search(&mut e, "go depth 4", PROMPT);
    let order = ["depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"];
    for line in lines.iter().filter(|l| l.starts_with("info depth")) {
        let words: Vec<&str> = line.split(' ').collect();
        let positions: Vec<usize> =
            order.iter().map(|k| words.iter().position(|w| w == k).unwrap()).collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{line}");
        let pv = positions[8];
        assert!(words[pv + 1..].iter().all(|m| m.len() == 4 || m.len() == 5), "{line}");
        let score = &words[positions[3] + 1..positions[3] + 3];
        assert!(score[0] == "cp" || score[0] == "mate", "{line}");
        assert!(score[1].parse::<i32>().is_ok(), "{line}");
    }
    // The last PV starts with the move played.
    let last = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    assert_eq!(info_field(last, "pv"), best.as_deref());
    e.quit();
}

#[test]
fn show_wdl_adds_chances_after_the_score_and_before_pv() {
    let mut e = Engine::start();
    e.send("position startpos");
    let (lines, _) = search(&mut e, "go depth 3", PROMPT);
    assert!(lines.iter().all(|l| !l.contains(" wdl ")), "off by default: {lines:?}");
    e.send("setoption name UCI_ShowWDL value true");
    // White is a queen up: winning chances dominate.
    e.send("position fen 4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1");
    let (lines, _) = search(&mut e, "go depth 5", PROMPT);
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!infos.is_empty());
    for line in infos {
        let words: Vec<&str> = line.split(' ').collect();
        let at = |k: &str| words.iter().position(|w| *w == k).unwrap();
        assert!(at("score") < at("wdl") && at("wdl") < at("nodes") && at("nodes") < at("pv"), "{line}");
        let wdl: Vec<u32> = words[at("wdl") + 1..at("wdl") + 4].iter().map(|w| w.parse().unwrap()).collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
        assert!(wdl[0] > 900 && wdl[2] < 10, "a queen up wins: {line}");
    }
    // The side to move's view: Black, a queen down, loses.
    e.send("position fen 4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 b - - 0 1");
    let (lines, _) = search(&mut e, "go depth 5", PROMPT);
    let last = lines.iter().rev().find(|l| l.contains(" wdl ")).unwrap();
    let loss: u32 = last.split(' ').skip_while(|w| *w != "wdl").nth(3).unwrap().parse().unwrap();
    assert!(loss > 900, "{last}");
    assert!(info_field(last, "cp").unwrap().parse::<i32>().unwrap() < -300, "{last}");
    // A dead position (king and bishop against king) is a certain draw.
    e.send("position fen 8/8/8/3k4/8/8/3B4/3K4 w - - 0 1");
    let (lines, _) = search(&mut e, "go depth 4", PROMPT);
    let last = lines.iter().rev().find(|l| l.contains(" wdl ")).unwrap();
    assert!(last.contains(" score cp 0 wdl 0 1000 0 "), "{last}");
    e.send("setoption name UCI_ShowWDL value false");
    let (lines, _) = search(&mut e, "go depth 3", PROMPT);
    assert!(lines.iter().all(|l| !l.contains(" wdl ")), "off again: {lines:?}");
    e.quit();
}

#[test]
fn go_nodes_and_movetime_and_mate() {
    let mut e = Engine::start();
    e.send("position startpos");
    let start = Instant::now();
    let (_, best) = search(&mut e, "go nodes 20000", PROMPT);
    assert!(best.is_some());
    let start2 = Instant::now();
    let (_, best) = search(&mut e, "go movetime 300", PROMPT);
    let took = start2.elapsed();
    assert!(best.is_some());
    assert!(took >= Duration::from_millis(200) && took < Duration::from_millis(600), "{took:?}");
    assert!(start.elapsed() < Duration::from_secs(5));
    // Scholar's mate: Qxf7# is mate in 1.
    e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let (lines, best) = search(&mut e, "go mate 1", PROMPT);
    assert_eq!(best.as_deref(), Some("f3f7"));
    assert!(lines.iter().any(|l| l.contains("score mate 1 ")), "{lines:?}");
    e.quit();
}

#[test]
fn clock_subsets_and_odd_values_still_answer_in_time() {
    let mut e = Engine::start();
    e.send("position startpos");
    for (go, limit_ms) in [
        ("go wtime 100", 150),
        ("go wtime 0 btime 0", 100),
        ("go wtime -300 btime 1000 winc 0 binc 0", 100),
        ("go btime 50 wtime 50 movestogo 1", 100),
        ("go wtime 1000 winc 100 movestogo 3", 1000),
        ("go winc 100", 60_000),
    ] {
        let start = Instant::now();
        let (_, best) = search(&mut e, if go == "go winc 100" { "go winc 100 depth 3" } else { go }, PROMPT);
        let took = start.elapsed();
        assert!(best.is_some(), "{go}");
        assert!(took < Duration::from_millis(limit_ms), "{go} took {took:?}");
    }
    e.quit();
}

#[test]
fn searchmoves_restricts_the_root_and_0000_is_ignored() {
    let mut e = Engine::start();
    e.send("position startpos");
    let (_, best) = search(&mut e, "go depth 4 searchmoves a2a3 h2h3", PROMPT);
    assert!(matches!(best.as_deref(), Some("a2a3") | Some("h2h3")), "{best:?}");
    let (lines, best) = search(&mut e, "go depth 2 searchmoves 0000", PROMPT);
    assert!(lines.iter().any(|l| l.starts_with("info string") && l.contains("0000")), "{lines:?}");
    assert_legal(None, &[], &best.unwrap());
    e.quit();
}

#[test]
fn no_legal_move_answers_0000() {
    let mut e = Engine::start();
    // Fool's mate: White is checkmated.
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    let (lines, best) = search(&mut e, "go depth 5", PROMPT);
    assert_eq!(best, None);
    assert!(lines.contains(&"info depth 0 score mate 0".to_string()), "{lines:?}");
    // Stalemate.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let (lines, best) = search(&mut e, "go wtime 1000 btime 1000", PROMPT);
    assert_eq!(best, None);
    assert!(lines.contains(&"info depth 0 score cp 0".to_string()), "{lines:?}");
    e.quit();
}

#[test]
fn go_infinite_waits_for_stop_then_answers_within_50ms() {
    let mut e = Engine::start();
    e.send("position startpos");
    let t = fastest(3, || {
        e.send("go infinite");
        let early = e.collect_for(Duration::from_millis(400));
        assert!(early.iter().all(|l| !l.starts_with("bestmove")), "{early:?}");
        e.send("stop");
        let sent = Instant::now();
        e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        sent.elapsed()
    });
    assert!(t < Duration::from_millis(50), "stop took {t:?}");
    // A depth limit with infinite still waits for stop.
    e.send("go infinite depth 2");
    let early = e.collect_for(Duration::from_millis(300));
    assert!(early.iter().all(|l| !l.starts_with("bestmove")), "{early:?}");
    e.send("stop");
    e.expect_prefix("bestmove");
    assert!(e.sync().is_empty(), "exactly one bestmove per go");
    e.quit();
}

#[test]
fn isready_is_answered_at_once_during_a_search() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = fastest(3, || {
        e.send("isready");
        let sent = Instant::now();
        let lines = e.read_until(PROMPT, |l| l == "readyok");
        assert!(lines.iter().all(|l| !l.starts_with("bestmove")));
        sent.elapsed()
    });
    assert!(t < Duration::from_millis(50), "readyok took {t:?}");
    e.send("stop");
    e.expect_prefix("bestmove");
    e.quit();
}

#[test]
fn quit_during_a_search_exits_within_100ms() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.quit_within(Duration::from_millis(100));
}

#[test]
fn end_of_input_during_a_search_exits() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.close_stdin();
    assert!(e.wait_exit(Duration::from_secs(2)).is_some());
}

#[test]
fn ponder_then_ponderhit_switches_to_normal_timing() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 600 btime 600");
    // The clock would be long used up, but a ponder search never answers early.
    let early = e.collect_for(Duration::from_millis(800));
    assert!(early.iter().all(|l| !l.starts_with("bestmove")), "{early:?}");
    e.send("ponderhit");
    let hit = Instant::now();
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(hit.elapsed() < Duration::from_millis(600), "{:?}", hit.elapsed());
    assert_legal(None, &["e2e4", "e7e5"], &bestmove_of(lines.last().unwrap()).unwrap());
    assert!(e.sync().is_empty(), "exactly one bestmove");
    e.quit();
}

#[test]
fn ponder_then_stop_answers_at_once() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    e.send("go ponder wtime 100000 btime 100000");
    let early = e.collect_for(Duration::from_millis(300));
    assert!(early.iter().all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    let sent = Instant::now();
    e.expect_prefix("bestmove");
    assert!(sent.elapsed() < Duration::from_millis(100));
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn bestmove_carries_a_legal_ponder_move() {
    let mut e = Engine::start();
    e.send("position startpos");
    let (lines, best) = search(&mut e, "go depth 6", PROMPT);
    let last = lines.last().unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!(words[2], "ponder");
    assert_legal(None, &[&best.unwrap()], words[3]);
    e.quit();
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 4");
    e.send("position startpos");
    let (lines, _) = search(&mut e, "go depth 4", PROMPT);
    let last_depth: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 4 ")).collect();
    assert_eq!(last_depth.len(), 4, "{lines:?}");
    let firsts: std::collections::HashSet<&str> =
        last_depth.iter().map(|l| info_field(l, "pv").unwrap()).collect();
    assert_eq!(firsts.len(), 4);
    for (i, l) in last_depth.iter().enumerate() {
        assert_eq!(info_field(l, "multipv"), Some((i + 1).to_string().as_str()));
    }
    // More lines than legal moves: as many as there are.
    e.send("position fen 7k/8/8/8/8/8/8/K7 w - - 0 1");
    let (lines, _) = search(&mut e, "go depth 2", PROMPT);
    assert_eq!(lines.iter().filter(|l| l.starts_with("info depth 2 ")).count(), 3);
    e.quit();
}

#[test]
fn two_threads_search_and_threads_can_change_between_searches() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 2");
    e.send("position startpos moves e2e4");
    let (_, best) = search(&mut e, "go depth 6", PROMPT);
    assert_legal(None, &["e2e4"], &best.unwrap());
    e.send("setoption name Threads value 1");
    let (_, best) = search(&mut e, "go nodes 5000", PROMPT);
    assert_legal(None, &["e2e4"], &best.unwrap());
    e.send("setoption name Threads value 3");
    let (_, best) = search(&mut e, "go movetime 200", PROMPT);
    assert_legal(None, &["e2e4"], &best.unwrap());
    e.quit();
}

#[test]
fn options_set_during_a_search_apply_after_it() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.send("setoption name Hash value 64");
    e.send("setoption name Threads value 2");
    e.send("setoption name Clear Hash");
    e.send("ucinewgame");
    // The search keeps reporting; nothing else may come: no message, no bestmove.
    let lines = e.sync();
    assert!(lines.iter().all(|l| l.starts_with("info depth")), "{lines:?}");
    e.send("stop");
    e.expect_prefix("bestmove");
    let (_, best) = search(&mut e, "go depth 3", PROMPT);
    assert!(best.is_some());
    e.quit();
}

#[test]
fn repetition_history_from_the_move_list_is_known() {
    // After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black can repeat the start position
    // a third time with Ng8; a search from here must see that draw (score 0
    // for Ng8) rather than a fresh position.
    let mut e = Engine::start();
    e.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    let (lines, _) = search(&mut e, "go depth 3 searchmoves f6g8", PROMPT);
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert_eq!(info_field(last, "cp"), Some("0"), "{last}");
    e.quit();
}

/// Draws by rule are seen at the horizon too: a line that ends in one
/// scores 0 and stops there, instead of being handed to quiescence as if
/// play went on (fastchess warns of a PV that runs past a draw).
#[test]
fn draws_at_the_horizon_score_zero() {
    let mut e = Engine::start();
    // Halfmove clock 99, White a queen up with no mate in one: every move
    // reaches the hundredth halfmove and draws.
    e.send("position fen 8/8/8/4k3/8/8/8/4K2Q w - - 99 80");
    let (lines, _) = search(&mut e, "go depth 1", PROMPT);
    let last = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    assert_eq!(info_field(last, "cp"), Some("0"), "{last}");
    assert_eq!(last.split(" pv ").nth(1).map(|pv| pv.split(' ').count()), Some(1), "{last}");
    // A mate given by the hundredth halfmove still wins.
    e.send("position fen 7k/8/6K1/8/8/8/Q7/8 w - - 99 80");
    let (lines, best) = search(&mut e, "go depth 1", PROMPT);
    let last = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    assert_eq!(info_field(last, "mate"), Some("1"), "{last}");
    assert_eq!(best.as_deref(), Some("a2a8"));
    // Black, a queen down for a rook, repeats the position for the third
    // time with Ra8; no other move comes close to 0.
    e.send("position fen r6k/8/8/8/8/3Q4/8/6K1 w - - 0 1 moves d3d2 a8a7 d2d3 a7a8 d3d2 a8a7 d2d3");
    let (lines, best) = search(&mut e, "go depth 1", PROMPT);
    let last = lines.iter().rev().find(|l| l.contains(" pv ")).unwrap();
    assert_eq!(info_field(last, "cp"), Some("0"), "{last}");
    assert!(last.ends_with(" pv a7a8"), "the line stops at the draw: {last}");
    assert_eq!(best.as_deref(), Some("a7a8"));
    e.quit();
}

/// A search cut short by its node budget may play a move that took the lead
/// in the unfinished iteration; the last `pv` the GUI saw must still begin
/// with the move played (fastchess warns otherwise). Budgets below one
/// finished iteration must still give a line with a real depth and a pv.
#[test]
fn the_last_pv_always_begins_with_the_bestmove() {
    let mut e = Engine::start();
    let positions = [
        "startpos",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];
    for pos in positions {
        for nodes in [300, 700, 1500, 4000, 20000, 150000] {
            e.send("ucinewgame");
            e.send(&format!("position {pos}"));
            let (lines, best) = search(&mut e, &format!("go nodes {nodes}"), PROMPT);
            let last = lines.iter().rev().find(|l| l.contains(" pv ")).expect("a pv line");
            assert_eq!(info_field(last, "pv"), best.as_deref(), "{pos} nodes {nodes}: {lines:?}");
            assert_ne!(info_field(last, "depth"), Some("0"), "{lines:?}");
        }
    }
    e.quit();
}

/// When the GUI's clock loses more between two moves of a game than Rockad's
/// own time (pipes, an overloaded machine), Rockad allows for that lag and
/// says so once; an honest clock changes nothing.
#[test]
fn a_late_gui_clock_is_measured_and_allowed_for() {
    let mut e = Engine::start();
    e.send("ucinewgame");
    e.send("position startpos");
    let (_, first) = search(&mut e, "go wtime 10000 btime 10000", PROMPT);
    let first = first.unwrap();
    // The GUI gives back all we used: no lag.
    e.send(&format!("position startpos moves {first} a7a6"));
    let sent = Instant::now();
    let (lines, second) = search(&mut e, "go wtime 10000 btime 10000", PROMPT);
    let took = sent.elapsed().as_millis() as i64;
    assert!(!lines.iter().any(|l| l.starts_with("info string")), "{lines:?}");
    // The GUI's clock loses 400 ms more than the move took as seen from
    // here (which includes the pipes): a lag of at least 400 ms, and well
    // under the second above which a clock counts as paused, not late.
    e.send(&format!("position startpos moves {first} a7a6 {} h7h6", second.unwrap()));
    let (lines, best) = search(&mut e, &format!("go wtime {} btime 10000", 10_000 - took - 400), PROMPT);
    let note = lines.iter().find(|l| l.starts_with("info string")).expect("a line about the lag");
    assert!(note.contains("behind Rockad's") && note.contains("Move Overhead (10 ms)"), "{note}");
    let allowed: u64 =
        note.rsplit("allowing ").next().and_then(|t| t.split(' ').next()?.parse().ok()).unwrap();
    assert!((400..1000).contains(&allowed), "{note}");
    assert!(best.is_some());
    e.quit();
}
