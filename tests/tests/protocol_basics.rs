//! The UCI handshake, options and the life cycle of the process, driven
//! over pipes like a GUI.

use std::time::{Duration, Instant};

use rockad_tests::{Engine, PROMPT};

#[test]
fn uci_handshake_lists_every_option_then_uciok() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.expect("uciok");
    assert!(lines[0].starts_with("id name Rockad "), "{lines:?}");
    assert_eq!(lines[1], "id author The Rockad developers");
    let options: Vec<&str> = lines.iter().filter(|l| l.starts_with("option ")).map(|s| s.as_str()).collect();
    assert_eq!(
        options,
        vec![
            "option name Hash type spin default 16 min 1 max 1048576",
            "option name Threads type spin default 1 min 1 max 512",
            "option name Clear Hash type button",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name Ponder type check default false",
            "option name UCI_Chess960 type check default false",
            "option name UCI_ShowWDL type check default false",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1500 min 800 max 2300",
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
            "option name Syzygy50MoveRule type check default true",
            "option name EvalFile type string default <embedded>",
        ]
    );
    assert_eq!(lines.len(), 2 + options.len() + 1, "nothing else: {lines:?}");
    e.quit();
}

#[test]
fn isready_ucinewgame_debug_register_are_accepted() {
    let mut e = Engine::start();
    e.send("debug on");
    e.send("ucinewgame");
    e.send("debug off");
    assert!(e.sync().is_empty(), "these commands print nothing");
    // Rockad needs no registration, and says so.
    let msg = e.info_string_for("register later");
    assert_eq!(msg, "info string register: Rockad needs no registration; ignored");
    e.quit();
}

#[test]
fn option_names_are_case_insensitive_and_may_contain_spaces() {
    let mut e = Engine::start();
    for line in [
        "setoption name move overhead value 100",
        "setoption name MOVE OVERHEAD value 0",
        "setoption name clear hash",
        "setoption name hash value 32",
        "setoption name threads value 2",
        "setoption name multipv value 2",
        "setoption name uci_chess960 value true",
        "setoption name Ponder value false",
    ] {
        e.send(line);
    }
    assert!(e.sync().is_empty(), "all accepted silently");
    // A check value in capitals is read in lower case, and said.
    let msg = e.info_string_for("setoption name UCI_CHESS960 value TRUE");
    assert_eq!(msg, "info string setoption: 'UCI_Chess960' value 'TRUE' read as true");
    // MultiPV 2 took effect: two lines per depth.
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains(" multipv 2 ")), "{lines:?}");
    e.quit();
}

#[test]
fn huge_hash_is_refused_with_a_message_and_the_engine_stays_usable() {
    let mut e = Engine::start();
    let start = Instant::now();
    let msg = e.info_string_for("setoption name Hash value 1048576");
    assert!(start.elapsed() < Duration::from_secs(15));
    assert!(msg.contains("Hash"), "{msg}");
    e.send("position startpos");
    e.send("go depth 4");
    e.expect_prefix("bestmove");
    e.quit();
}

#[test]
fn large_hash_allocates_well_inside_the_gui_timeout() {
    // The table is faulted in (or cleared) before `readyok`, so this takes
    // as long as the machine needs to hand out and zero the memory: well
    // under a second a GiB on a quiet machine, some seconds on a busy VM.
    let mut e = Engine::start();
    let start = Instant::now();
    e.send("setoption name Hash value 1024");
    assert!(e.sync().is_empty());
    e.send("setoption name Clear Hash");
    e.send("ucinewgame");
    assert!(e.sync().is_empty());
    assert!(start.elapsed() < Duration::from_secs(20), "took {:?}", start.elapsed());
    e.quit();
}

#[test]
fn quit_exits_at_once() {
    let mut e = Engine::start();
    e.sync();
    e.send("quit");
    let start = Instant::now();
    let status = e.wait_exit(Duration::from_secs(2)).expect("exits");
    assert!(status.success());
    assert!(start.elapsed() < Duration::from_millis(100), "{:?}", start.elapsed());
}

#[test]
fn end_of_input_acts_as_quit() {
    let mut e = Engine::start();
    e.sync();
    e.close_stdin();
    let status = e.wait_exit(Duration::from_secs(2)).expect("exits at end of input");
    assert!(status.success());
}

#[test]
fn stop_and_ponderhit_while_idle_print_nothing() {
    let mut e = Engine::start();
    e.send("stop");
    e.send("ponderhit");
    e.send("stop");
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn debug_logging_goes_to_stderr_only() {
    let mut e = Engine::start_with_env(&[("RUST_LOG", "debug")]);
    e.send("uci");
    let lines = e.expect("uciok");
    assert!(lines.iter().all(|l| !l.contains("DEBUG")), "{lines:?}");
    e.quit();
}

#[test]
fn help_lists_the_extra_commands() {
    let mut e = Engine::start();
    e.send("help");
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("position frc")), "{lines:?}");
    e.quit();
}
