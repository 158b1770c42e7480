//! The evaluation and strength options over pipes: `EvalFile` switches to a
//! network or back and refuses a bad file keeping what it had;
//! `UCI_LimitStrength` with `UCI_Elo` plays legal moves from several lines
//! that vary between searches, quickly, and reports only the lines asked for;
//! near the top of the scale it plays its best line under a node budget.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rockad_tests::{Engine, PROMPT, bestmove_of, info_field};

#[test]
fn evalfile_switches_evaluation_and_a_bad_file_keeps_the_current_one() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("eval");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Final evaluation"));
    assert!(
        lines.iter().any(|l| l.starts_with("Network evaluation: ") && l.ends_with("in use")),
        "the embedded network by default: {lines:?}"
    );
    let reply = e.info_string_for("setoption name EvalFile value <classical>");
    assert_eq!(reply, "info string evaluation: hand-crafted");
    e.send("eval");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Final evaluation"));
    assert!(!lines.iter().any(|l| l.starts_with("Network evaluation: ")), "{lines:?}");
    // The first search after a change says which evaluation it uses.
    e.send("go depth 6");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines[0], "info string evaluation: hand-crafted", "{lines:?}");
    e.send("go depth 1");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.starts_with("info string evaluation")), "once: {lines:?}");
    let reply = e.info_string_for("setoption name EvalFile value <embedded>");
    assert!(reply.starts_with("info string evaluation: network <embedded> (net "), "{reply}");
    e.send("go depth 1");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines[0].starts_with("info string evaluation: network <embedded> (net "), "{lines:?}");
    e.send("eval");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Final evaluation"));
    assert!(
        lines.iter().any(|l| l.starts_with("Network evaluation: ") && l.ends_with("in use")),
        "{lines:?}"
    );

    let dir = std::env::temp_dir().join(format!("rockad-evalfile-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("truncated.nnue");
    std::fs::write(&bad, b"RKDNNUE1 is not enough").unwrap();
    let reply = e.info_string_for(&format!("setoption name EvalFile value {}", bad.display()));
    assert!(reply.contains("EvalFile") && reply.ends_with("the evaluation stays as it was"), "{reply}");
    let reply = e.info_string_for("setoption name EvalFile value /no/such/file.nnue");
    assert!(reply.contains("/no/such/file.nnue"), "{reply}");
    // Still the network: `eval` shows it, and a search answers.
    e.send("eval");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Final evaluation"));
    assert!(lines.iter().any(|l| l.starts_with("Network evaluation: ")), "{lines:?}");
    e.send("go depth 6");
    assert!(bestmove_of(&e.expect_prefix("bestmove")).is_some());
    let _ = std::fs::remove_dir_all(&dir);
    e.quit();
}

#[test]
fn limited_strength_evaluates_with_the_hand_crafted_evaluation_it_was_calibrated_with() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("eval");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Final evaluation"));
    assert!(!lines.iter().any(|l| l.starts_with("Network evaluation: ")), "{lines:?}");
    e.send("go depth 3");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines[0], "info string evaluation: hand-crafted", "{lines:?}");
    assert!(bestmove_of(lines.last().unwrap()).is_some());
    e.send("setoption name UCI_LimitStrength value false");
    e.send("eval");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Final evaluation"));
    assert!(
        lines.iter().any(|l| l.starts_with("Network evaluation: ") && l.ends_with("in use")),
        "{lines:?}"
    );
    e.quit();
}

#[test]
fn limited_strength_plays_varied_legal_moves_quickly() {
    let mut e = Engine::start();
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 800");
    e.sync();
    let mut moves = HashSet::new();
    for _ in 0..12 {
        e.send("position startpos moves e2e4 e7e5 g1f3");
        let start = Instant::now();
        e.send("go wtime 60000 btime 60000");
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        assert!(start.elapsed() < Duration::from_secs(2), "a weak search is short");
        // Only line 1 is reported, though several are searched.
        for l in lines.iter().filter(|l| l.starts_with("info depth")) {
            assert_eq!(info_field(l, "multipv"), Some("1"), "{l}");
        }
        let best = bestmove_of(lines.last().unwrap()).expect("a move");
        // The last line shown is for the move played.
        let last_pv = lines.iter().rev().find(|l| l.contains(" pv ")).expect("a pv line");
        assert_eq!(info_field(last_pv, "pv"), Some(best.as_str()), "{lines:?}");
        moves.insert(best);
    }
    assert!(moves.len() >= 2, "weak play varies: {moves:?}");
    // Full strength again: one line per search, the best.
    e.send("setoption name UCI_LimitStrength value false");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 8");
    assert!(bestmove_of(&e.expect_prefix("bestmove")).is_some());
    e.quit();
}

#[test]
fn the_top_of_the_strength_scale_stops_at_its_node_budget() {
    let mut e = Engine::start();
    e.send("setoption name UCI_LimitStrength value true");
    // 2100 is in the budget model: 206000 * 2^((2100 - 2200) / 85), about
    // 91 300 nodes (search/src/strength.rs).
    e.send("setoption name UCI_Elo value 2100");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.sync();
    let start = Instant::now();
    e.send("go wtime 600000 btime 600000");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(start.elapsed() < Duration::from_secs(5), "the budget ends the search, not the clock");
    let nodes: Vec<u64> =
        lines.iter().filter_map(|l| info_field(l, "nodes").and_then(|n| n.parse().ok())).collect();
    let last = *nodes.last().expect("info lines with nodes");
    assert!((20_000..=95_000).contains(&last), "{lines:?}");
    assert!(bestmove_of(lines.last().unwrap()).is_some(), "{lines:?}");
    e.quit();
}

#[test]
fn network_searches_from_chess960_and_dfrc_positions_answer_legally() {
    // The test build checks every incremental network evaluation against
    // one from scratch, so these searches cover make/unmake of every move
    // kind the positions reach, Chess960 castling included.
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    e.send("setoption name EvalFile value <embedded>");
    e.sync();
    for position in [
        "position startpos",
        "position fen 1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1",
        "position fen rkr5/ppp5/8/8/8/8/5PPP/5RKR w HFca - 0 1",
        "position dfrc 12 845",
        "position fen r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        e.send(position);
        e.send("go depth 7");
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        assert!(bestmove_of(lines.last().unwrap()).is_some(), "{position}: {lines:?}");
        // A failed check would end the search early with an unsearched move.
        assert!(lines.iter().any(|l| info_field(l, "depth") == Some("7")), "{position}: {lines:?}");
    }
    e.quit();
}
