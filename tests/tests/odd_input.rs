//! Odd input: lines that are repaired or answered rather than refused, one
//! `info string` each, leaving the state docs/uci.md ("Odd input") documents.
//! Lines that are refused are bad_input.rs's.

use std::time::Duration;

use rockad_tests::{AFTER_E4, Engine, PROMPT, bestmove_of};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const START_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// Sends a `go` line; returns its `info string` lines and its `bestmove`
/// line, checked to be a legal move of the start position.
fn go_from_start(e: &mut Engine, line: &str) -> (Vec<String>, String) {
    e.send("position startpos");
    e.send(line);
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    let infos: Vec<String> = lines.iter().filter(|l| l.starts_with("info string")).cloned().collect();
    let best = lines.last().expect("bestmove").clone();
    let mv = bestmove_of(&best).expect("a bestmove");
    assert!(rockad_uci::parse_move(&shakmaty::Chess::default(), &mv).is_ok(), "{line}: {best}");
    (infos, best)
}

#[test]
fn fens_with_missing_fields_are_completed_and_say_with_what() {
    let mut e = Engine::start();
    let b = START_BOARD;
    for (fen, said, now) in [
        (
            b.to_string(),
            "side to move, castling, en passant, halfmove and fullmove fields missing; read as w - - 0 1",
            format!("{b} w - - 0 1"),
        ),
        (
            format!("{b} w"),
            "castling, en passant, halfmove and fullmove fields missing; read as - - 0 1",
            format!("{b} w - - 0 1"),
        ),
        (
            format!("{b} w KQkq"),
            "en passant, halfmove and fullmove fields missing; read as - 0 1",
            START.to_string(),
        ),
        (format!("{b} w KQkq - 0"), "fullmove field missing; read as 1", START.to_string()),
    ] {
        e.send("position startpos moves e2e4");
        let msg = e.info_string_for(&format!("position fen {fen}"));
        assert_eq!(msg, format!("info string position: FEN repaired: {said}"), "{fen}");
        assert_eq!(e.fen(), now, "{fen}");
    }
    e.quit();
}

#[test]
fn castling_fields_written_another_way_say_how_they_were_read() {
    let mut e = Engine::start();
    let b = START_BOARD;
    for (given, read) in [("KKQQkkqq", "KQkq"), ("kqKQ", "KQkq"), ("KAka", "KQkq"), ("AHah", "HAha")] {
        let msg = e.info_string_for(&format!("position fen {b} w {given} - 0 1"));
        assert_eq!(
            msg,
            format!("info string position: FEN repaired: castling field '{given}' read as '{read}'")
        );
        assert_eq!(e.fen(), START, "{given}");
    }
    let msg = e.info_string_for("position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b BGbg - 0 1");
    assert_eq!(msg, "info string position: FEN repaired: castling field 'BGbg' read as 'GBgb'");
    assert_eq!(e.fen(), "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b KQkq - 0 1");
    e.quit();
}

/// The X-FEN and Shredder-FEN Rockad writes, standard and Chess960, and the
/// other correct spellings, are read without a word.
#[test]
fn castling_fields_written_the_canonical_ways_say_nothing() {
    let mut e = Engine::start();
    for fen in [
        START,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ha - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
        "1r2k1r1/pp3ppp/8/8/8/8/PP3PPP/1R2K1R1 b GBgb - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1",
        "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        assert_eq!(e.sync(), Vec::<String>::new(), "{fen}");
    }
    // Every Chess960 start (and a sample of Double Fischer Random ones),
    // written back both ways.
    let bases = (0..960)
        .map(|n| format!("position frc {n}"))
        .chain((0..960).step_by(37).map(|n| format!("position dfrc {n} {}", (n * 7 + 11) % 960)));
    for base in bases {
        e.send(&base);
        e.send("d");
        let lines = e.sync();
        for prefix in ["Fen: ", "Shredder-Fen: "] {
            let fen = lines.iter().find_map(|l| l.strip_prefix(prefix)).expect("FEN line").to_string();
            e.send(&format!("position fen {fen}"));
            assert_eq!(e.sync(), Vec::<String>::new(), "{base}: {fen}");
        }
    }
    e.quit();
}

#[test]
fn tabs_are_read_as_spaces_and_said_once() {
    let mut e = Engine::start();
    let tabbed = START.replace(' ', "\t");
    for line in [format!("position\tfen\t{tabbed}"), format!("position fen {START_BOARD}\tw\tKQkq\t-\t0\t1")]
    {
        e.send("position startpos moves e2e4");
        assert_eq!(e.info_string_for(&line), "info string tabs in the line read as spaces", "{line:?}");
        assert_eq!(e.fen(), START, "{line:?}");
    }
    // With another problem in the line: still one line, saying both.
    let msg = e.info_string_for(&format!("position\tfen\t{START_BOARD}\tb"));
    assert_eq!(
        msg,
        "info string tabs in the line read as spaces; position: FEN repaired: \
         castling, en passant, halfmove and fullmove fields missing; read as - - 0 1"
    );
    let msg = e.info_string_for("xyzzy\tplugh");
    assert_eq!(
        msg,
        "info string tabs in the line read as spaces; unknown command 'xyzzy' (type 'help' for the list)"
    );
    // Tabs and spaces alone stay silent, as a blank line.
    e.send_raw(b"\t \t\n");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.quit();
}

#[test]
fn moves_written_with_capitals_are_read_in_lower_case_and_said() {
    let mut e = Engine::start();
    let msg = e.info_string_for("position startpos moves E2E4");
    assert_eq!(msg, "info string position: move 1 'E2E4' read as 'e2e4'");
    assert_eq!(e.fen(), AFTER_E4);
    let msg = e.info_string_for("position startpos moves e2e4 E7E5 g1f3 B8C6");
    assert_eq!(msg, "info string position: move 2 'E7E5' read as 'e7e5'; move 4 'B8C6' read as 'b8c6'");
    assert_eq!(e.fen(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    // O-O keeps its capitals.
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves O-O");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.quit();
}

#[test]
fn movetime_of_zero_or_less_is_dropped() {
    let mut e = Engine::start();
    for value in ["-10", "0"] {
        let (infos, _) = go_from_start(&mut e, &format!("go movetime {value}"));
        assert_eq!(
            infos,
            vec![format!(
                "info string go: movetime needs an integer in 1..2147483647, got '{value}'; ignored; \
                 no usable limit left; searching 1000 ms"
            )]
        );
    }
    e.quit();
}

#[test]
fn an_empty_clock_is_said_and_answered_at_once() {
    let mut e = Engine::start();
    let started = std::time::Instant::now();
    let (infos, _) = go_from_start(&mut e, "go wtime 0 btime 0");
    assert_eq!(infos, vec!["info string go: White's clock shows no time left (0 ms); answering at once"]);
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    e.send("position startpos moves e2e4");
    e.send("go wtime 60000 btime -30");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(
        lines.contains(
            &"info string go: Black's clock shows no time left (-30 ms); answering at once".to_string()
        ),
        "{lines:?}"
    );
    // With an increment there is time, and nothing to say.
    let (infos, _) = go_from_start(&mut e, "go wtime 0 btime 0 winc 100 binc 100");
    assert!(infos.is_empty(), "{infos:?}");
    e.quit();
}

#[test]
fn searchmoves_without_moves_searches_all_moves() {
    let mut e = Engine::start();
    let (infos, _) = go_from_start(&mut e, "go searchmoves depth 2");
    assert_eq!(infos, vec!["info string go: searchmoves names no move; searching all moves"]);
    // Alone, the line had a problem and nothing bounds it: the fallback.
    let (infos, _) = go_from_start(&mut e, "go searchmoves");
    assert_eq!(
        infos,
        vec![
            "info string go: searchmoves names no move; searching all moves; no usable limit left; searching 1000 ms"
        ]
    );
    let (infos, best) = go_from_start(&mut e, "go depth 2 searchmoves A2A3");
    assert_eq!(infos, vec!["info string go: searchmoves 'A2A3' read as 'a2a3'"]);
    assert!(best.starts_with("bestmove a2a3"), "{best}");
    e.quit();
}

#[test]
fn a_button_given_a_value_is_pressed_and_the_value_ignored() {
    let mut e = Engine::start();
    let msg = e.info_string_for("setoption name Clear Hash value 1");
    assert_eq!(
        msg,
        "info string setoption: 'Clear Hash' is a button and takes no value; pressed, value '1' ignored"
    );
    e.send("setoption name Clear Hash");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.quit();
}

#[test]
fn go_parameters_given_twice_say_which_value_counts() {
    let mut e = Engine::start();
    let (infos, _) = go_from_start(&mut e, "go depth 2 depth 3");
    assert_eq!(infos, vec!["info string go: depth given 2 times; the last, 3, counts"]);
    let lines = e.transcript.clone();
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("info depth 4 ")), "{lines:?}");
    let (infos, _) = go_from_start(&mut e, "go wtime 1000 wtime 2000 btime 1000");
    assert_eq!(infos, vec!["info string go: wtime given 2 times; the last, 2000, counts"]);
    e.quit();
}

#[test]
fn flags_given_twice_are_read_once() {
    let mut e = Engine::start();
    e.send("position startpos");
    for (line, answer) in
        [("go infinite infinite", "stop"), ("go ponder ponder wtime 500 btime 500", "ponderhit")]
    {
        e.send(line);
        let name = line.split(' ').nth(1).expect("flag");
        e.expect(&format!("info string go: {name} given 2 times; read once"));
        std::thread::sleep(Duration::from_millis(200));
        e.send(answer);
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        assert!(bestmove_of(lines.last().expect("bestmove")).is_some());
    }
    e.quit();
}

#[test]
fn check_values_in_capitals_are_read_in_lower_case() {
    let mut e = Engine::start();
    let msg = e.info_string_for("setoption name Ponder value TRUE");
    assert_eq!(msg, "info string setoption: 'Ponder' value 'TRUE' read as true");
    let msg = e.info_string_for("setoption name UCI_ShowWDL value True");
    assert_eq!(msg, "info string setoption: 'UCI_ShowWDL' value 'True' read as true");
    let (_, _) = go_from_start(&mut e, "go depth 1");
    assert!(e.transcript.iter().any(|l| l.starts_with("info depth 1 ") && l.contains(" wdl ")));
    let msg = e.info_string_for("setoption name UCI_ShowWDL value FALSE");
    assert_eq!(msg, "info string setoption: 'UCI_ShowWDL' value 'FALSE' read as false");
    e.send("setoption name UCI_ShowWDL value true");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.quit();
}

#[test]
fn negative_increments_are_read_as_zero() {
    let mut e = Engine::start();
    let (infos, _) = go_from_start(&mut e, "go wtime 1000 btime 1000 winc -5");
    assert_eq!(infos, vec!["info string go: winc -5 is negative; read as 0"]);
    let (infos, _) = go_from_start(&mut e, "go wtime 1000 btime 1000 winc -5 binc -5");
    assert_eq!(infos, vec!["info string go: winc -5 is negative; read as 0; binc -5 is negative; read as 0"]);
    e.quit();
}

#[test]
fn infinite_with_a_limit_stops_searching_but_answers_after_stop() {
    let mut e = Engine::start();
    e.send("position startpos");
    for (line, limits) in [
        ("go infinite depth 3", "depth"),
        ("go movetime 100 infinite", "movetime"),
        ("go infinite nodes 5000 mate 3", "nodes and mate"),
    ] {
        e.send(line);
        e.expect(&format!(
            "info string go: 'infinite' with {limits}: the search stops at the limit, the answer waits for 'stop'"
        ));
        let early = e.collect_for(Duration::from_millis(700));
        assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{line}: {early:?}");
        e.send("stop");
        e.expect_prefix("bestmove");
    }
    e.quit();
}

#[test]
fn register_is_answered() {
    let mut e = Engine::start();
    for line in ["register later", "register name x code y", "register"] {
        assert_eq!(e.info_string_for(line), "info string register: Rockad needs no registration; ignored");
    }
    // Protocol-normal lines with nothing to do stay silent.
    for line in ["", "   ", "stop", "ponderhit"] {
        e.send(line);
        assert_eq!(e.sync(), Vec::<String>::new(), "{line:?}");
    }
    e.quit();
}
