//! The edges of a search's limits: `go` lines whose limits are unusable or
//! absurd, a table too big to fault in during the first search, thread
//! counts beyond the machine, and `quit` the moment a search starts. Each
//! test replays a command that once hung, lost on time or answered blind.

use std::time::{Duration, Instant};

use rockad_tests::{Engine, PROMPT, bestmove_of, info_field};
use rockad_uci::{FALLBACK_MOVETIME_MS, parse_move};
use shakmaty::{Chess, Position};

/// Sends `go`, returns its lines up to `bestmove` and how long that took.
fn timed_go(e: &mut Engine, go: &str, timeout: Duration) -> (Vec<String>, Duration) {
    e.send(go);
    let sent = Instant::now();
    let lines = e.read_until(timeout, |l| l.starts_with("bestmove"));
    (lines, sent.elapsed())
}

fn info_strings(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string")).collect()
}

/// Sends `go`, expects one `info string` naming `named` and announcing the
/// fallback search, then a `bestmove` within that search's time (no `stop`).
fn answers_with_the_fallback(e: &mut Engine, go: &str, named: &str) {
    let fallback = Duration::from_millis(FALLBACK_MOVETIME_MS as u64);
    let (lines, took) = timed_go(e, go, PROMPT);
    let infos = info_strings(&lines);
    assert_eq!(infos.len(), 1, "{go}: {lines:?}");
    assert!(infos[0].contains(named), "{go}: {}", infos[0]);
    assert!(infos[0].ends_with("no usable limit left; searching 1000 ms"), "{go}: {}", infos[0]);
    assert!(took < fallback + Duration::from_secs(2), "{go}: {took:?}");
    assert!(bestmove_of(lines.last().unwrap()).is_some());
}

#[test]
fn go_lines_with_only_unusable_limits_answer_by_themselves() {
    let mut e = Engine::start();
    e.send("position startpos");
    for (go, named) in [
        ("go depth abc", "depth needs an integer in 1..127, got 'abc'"),
        ("go mate 0", "mate needs an integer in 1..64, got '0'"),
        ("go depth -3", "depth needs an integer in 1..127, got '-3'"),
        ("go mate -2", "mate needs an integer in 1..64, got '-2'"),
        ("go banana", "unknown parameter 'banana'"),
        ("go depth", "'depth' needs a value"),
    ] {
        answers_with_the_fallback(&mut e, go, named);
    }
    // A usable limit beside an unusable one is searched, without the fallback.
    let (lines, took) = timed_go(&mut e, "go depth abc movetime 100", PROMPT);
    let infos = info_strings(&lines);
    assert_eq!(infos.len(), 1, "{lines:?}");
    assert!(!infos[0].contains("searching 1000 ms"), "{}", infos[0]);
    assert!(took < Duration::from_millis(800), "{took:?}");
    e.quit();
}

#[test]
fn absurd_values_are_named_once_dropped_and_answered_without_stop() {
    let mut e = Engine::start();
    e.send("position startpos");
    for (go, named) in [
        ("go depth 99999999999999999999", "depth 99999999999999999999 is more than the most, 127; ignored"),
        (
            "go nodes 99999999999999999999",
            "nodes 99999999999999999999 is more than the most, 1000000000000000",
        ),
        (
            "go movetime 99999999999999999999",
            "movetime 99999999999999999999 is more than the most, 2147483647",
        ),
        ("go wtime 99999999999999999999 btime 99999999999999999999", "btime 99999999999999999999"),
    ] {
        // No `stop`: the absurd value is dropped and the fallback answers.
        answers_with_the_fallback(&mut e, go, named);
    }
    // The largest value in range is searched as asked (here: to the end of a short search).
    let (lines, _) = timed_go(&mut e, "go depth 127 movetime 100", PROMPT);
    assert!(info_strings(&lines).is_empty(), "{lines:?}");
    e.quit();
}

#[test]
fn a_line_of_200000_bad_tokens_is_one_info_string() {
    let mut e = Engine::start();
    e.send("position startpos");
    let go = format!("go{}", " x".repeat(200_000));
    let (lines, _) = timed_go(&mut e, &go, PROMPT);
    let infos = info_strings(&lines);
    assert_eq!(infos.len(), 1, "{} info strings", infos.len());
    assert!(infos[0].contains("and 199996 more problems; no usable limit left"), "{}", infos[0]);
    e.quit();
}

#[test]
fn a_large_hash_is_faulted_in_before_readyok_and_the_first_search_keeps_time() {
    let mut e = Engine::start();
    e.send("position startpos");
    // Move Overhead 10 (the default): `go movetime 50` must answer within 60
    // ms; with the table faulted in during the search it took 133 ms at 256
    // MiB and 187 ms at 1024 MiB. The margin is for a busy machine's
    // scheduler and the pipes; the quicker of two tries counts, each try
    // with its own fresh or cleared table. Two threads fault it in.
    const SLACK: Duration = Duration::from_millis(40);
    e.send("setoption name Threads value 2");
    for setup in ["setoption name Hash value 512", "ucinewgame", "setoption name Clear Hash"] {
        let mut best = Duration::MAX;
        for _ in 0..2 {
            e.send(setup);
            assert!(e.sync().is_empty());
            let (lines, took) = timed_go(&mut e, "go movetime 50", PROMPT);
            assert!(bestmove_of(lines.last().unwrap()).is_some());
            best = best.min(took);
        }
        assert!(best <= Duration::from_millis(50 + 10) + SLACK, "after '{setup}': {best:?}");
    }
    e.quit();
}

#[test]
fn threads_beyond_the_machine_are_capped_with_one_line_and_quit_stays_quick() {
    let mut e = Engine::start();
    let msg = e.info_string_for("setoption name Threads value 512");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores < 512 {
        assert!(msg.ends_with(&format!("using {cores}")), "{msg}");
    }
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.quit_within(Duration::from_millis(100));
}

#[test]
fn quit_right_after_go_answers_with_a_searched_move() {
    for go in ["go infinite", "go depth 30", "go nodes 1"] {
        let mut e = Engine::start();
        e.send("position startpos moves e2e4 d7d5");
        e.sync();
        // Both lines in one write: the search can hardly have begun.
        e.send_raw(format!("{go}\nquit\n").as_bytes());
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        let best = bestmove_of(lines.last().unwrap()).expect("a move");
        let searched =
            lines.iter().rev().find(|l| l.contains(" pv ")).unwrap_or_else(|| panic!("{go}: {lines:?}"));
        assert!(info_field(searched, "depth").unwrap().parse::<u32>().unwrap() >= 1);
        assert_eq!(info_field(searched, "pv"), Some(best.as_str()), "{go}: {lines:?}");
        let mut pos = Chess::default();
        for m in ["e2e4", "d7d5"] {
            let mv = parse_move(&pos, m).unwrap();
            pos.play_unchecked(mv);
        }
        assert!(parse_move(&pos, &best).is_ok());
        assert!(e.wait_exit(Duration::from_secs(2)).is_some());
    }
}
