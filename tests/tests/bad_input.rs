//! Bad input: every malformed or unknown command gets one `info string`
//! naming the problem, the engine keeps what it had, and it never panics,
//! hangs or falls silent. Ends with a fuzz-style run of random and mutated
//! command lines.

use std::time::Duration;

use rockad_tests::{AFTER_E4, Engine, PROMPT, Rng, bestmove_of};

#[test]
fn invalid_positions_are_named_and_leave_the_previous_one() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    assert_eq!(e.fen(), AFTER_E4);
    for (line, words) in [
        ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "empty"),
        ("position fen 4k3/8/8/8/8/8/8/8 w - - 0 1", "king"),
        ("position fen 4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "kings"),
        ("position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "back rank"),
        ("position fen 4k3/8/8/8/8/8/8/4K2r b - - 0 1", "not to move"),
        ("position fen hello there", "fen"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "turn"),
        ("position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "6 fields"),
        ("position startpos moves e2e4 e7e5 e1e3", "e1e3"),
        ("position startpos moves e2e4 zz99", "zz99"),
        ("position startpos moves e2e4 0000", "0000"),
        ("position startpos moves e7e5", "e7e5"),
        ("position frc 960", "0..959"),
        ("position dfrc 1", "two numbers"),
        ("position", "startpos"),
        ("position banana", "banana"),
        ("position startpos e2e4", "moves"),
    ] {
        let msg = e.info_string_for(line);
        assert!(msg.to_lowercase().contains(&words.to_lowercase()), "{line} -> {msg}");
        assert_eq!(e.fen(), AFTER_E4, "after {line}");
    }
    e.quit();
}

/// The one rule for FENs: refused when the board cannot be played (the
/// previous position stays, see above); fields the board contradicts and
/// counters out of range repaired, each repair named; a playable board no
/// game reaches taken as written, and the line says so.
#[test]
fn repaired_fens_say_exactly_what_was_repaired() {
    let mut e = Engine::start();
    for (fen, said, now) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
            "position: FEN repaired: dropped the castling rights with h1 and a1 and h8 and a8 \
             (no king and rook to castle with)",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            "r3k3/8/8/8/8/8/8/R3K3 w AHah - 0 1",
            "position: FEN repaired: dropped the castling rights with h1 and h8 (no king and rook to castle with)",
            "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1",
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 b - c3 0 1",
            "position: FEN repaired: dropped the en passant square c3 (no double step can have made it)",
            "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 99999 0",
            "position: FEN repaired: halfmove clock 99999 set to 150, the most a game reaches; \
             repaired: fullmove number 0 set to 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 150 1",
        ),
        (
            "4k3/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1",
            "position: FEN accepted as written, with more material than a legal game can have",
            "4k3/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1",
        ),
    ] {
        let msg = e.info_string_for(&format!("position fen {fen}"));
        assert_eq!(msg, format!("info string {said}"), "{fen}");
        assert_eq!(e.fen(), now, "{fen}");
    }
    // A FEN taken as written says nothing.
    e.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 150 7");
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn unknown_commands_and_bad_options_are_named() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 2");
    for (line, words) in [
        ("xyzzy", "xyzzy"),
        ("gooo depth 3", "gooo"),
        ("isready now", "isready"),
        ("setoption name NoSuchThing value 3", "NoSuchThing"),
        ("setoption name MultiPV value 0", "MultiPV"),
        ("setoption name MultiPV value 257", "MultiPV"),
        ("setoption name MultiPV value lots", "lots"),
        ("setoption name MultiPV", "value"),
        ("setoption name Threads value -1", "Threads"),
        ("setoption name UCI_Chess960 value maybe", "true or false"),
        ("setoption name Move Overhead value 5001", "Move Overhead"),
        ("setoption Hash 3", "setoption name"),
        ("setoption name", "setoption name"),
        ("perft x", "perft"),
        ("bench 1 2", "bench"),
        ("debug sometimes", "debug"),
    ] {
        let msg = e.info_string_for(line);
        assert!(msg.to_lowercase().contains(&words.to_lowercase()), "{line} -> {msg}");
    }
    // MultiPV kept its good value through the bad ones.
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.starts_with("info depth 2 ") && l.contains(" multipv 2 ")), "{lines:?}");
    e.quit();
}

#[test]
fn bad_go_parameters_are_named_and_the_go_is_still_answered() {
    let mut e = Engine::start();
    e.send("position startpos");
    for go in [
        "go depth x movetime 200",
        "go depth 3 banana",
        "go movetime nodes 2000",
        "go nodes -5 depth 2",
        "go searchmoves e2e5 depth 2",
    ] {
        e.send(go);
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        let infos = lines.iter().filter(|l| l.starts_with("info string")).count();
        assert_eq!(infos, 1, "{go}: {lines:?}");
        assert!(bestmove_of(lines.last().unwrap()).is_some());
    }
    e.quit();
}

#[test]
fn binary_garbage_and_long_lines_do_not_hurt() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send_raw(b"\xff\xfe\x00garbage\x01\n");
    e.send_raw(b"\t\t   \r\n");
    let long = format!("position startpos moves {}", "e2e4 ".repeat(20_000));
    e.send(&long);
    e.send(&"x".repeat(100_000));
    let lines = e.sync();
    assert_eq!(lines.iter().filter(|l| l.starts_with("info string")).count(), 3, "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("info string")));
    assert_eq!(e.fen(), AFTER_E4);
    e.quit();
}

#[test]
fn windows_line_endings_are_understood() {
    let mut e = Engine::start();
    e.send_raw(b"position startpos moves e2e4\r\nisready\r\n");
    e.expect("readyok");
    assert_eq!(e.fen(), AFTER_E4);
    e.quit();
}

const SEEDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves e1g1",
    "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "position frc 100 moves e2e4",
    "position dfrc 3 700",
    "setoption name MultiPV value 3",
    "setoption name UCI_Chess960 value true",
    "setoption name Hash value 8",
    "setoption name Move Overhead value 20",
    "d",
    "eval",
    "stop",
    "ponderhit",
    "debug on",
    "perft 2",
];

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut bytes = line.as_bytes().to_vec();
    for _ in 0..1 + rng.next_u64() % 4 {
        let i = (rng.next_u64() % (bytes.len() as u64 + 1)) as usize;
        match rng.next_u64() % 5 {
            0 if i < bytes.len() => {
                bytes.remove(i);
            }
            1 => {
                let alphabet = b" -0123456789abcdefghkqrnbpKQRNBP/";
                bytes.insert(i, alphabet[(rng.next_u64() % alphabet.len() as u64) as usize]);
            }
            2 if i < bytes.len() => bytes[i] = (rng.next_u64() % 256) as u8,
            3 => bytes.truncate(i),
            _ => {
                let word = rng.pick(&[
                    "moves",
                    "fen",
                    "value",
                    "name",
                    "depth",
                    "-1",
                    "99999999999999999999",
                    "0000",
                    "frc",
                ]);
                bytes.splice(i..i, format!(" {word} ").into_bytes());
            }
        }
    }
    bytes.retain(|&b| b != b'\n');
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn fuzz_random_and_mutated_lines_keep_the_engine_responsive() {
    let mut e = Engine::start();
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for round in 0..600 {
        let line = match rng.next_u64() % 3 {
            0 => {
                let seed = rng.pick(SEEDS);
                mutate(&mut rng, seed)
            }
            1 => rng.pick(SEEDS).to_string(),
            _ => (0..rng.next_u64() % 40).map(|_| (rng.next_u64() % 95 + 32) as u8 as char).collect(),
        };
        // Searches are fuzzed separately below, and a mutated perft or bench
        // could run for hours: keep these lines to quick commands.
        let head = line.split_whitespace().next().unwrap_or("");
        if ["go", "bench", "perft"].contains(&head) && line != "perft 2" {
            continue;
        }
        e.send(&line);
        if round % 10 == 0 {
            e.sync();
        }
    }
    e.sync();
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(bestmove_of(lines.last().unwrap()).is_some());
    e.quit();
}

#[test]
fn fuzz_go_lines_each_get_exactly_one_bestmove() {
    let mut e = Engine::start();
    let mut rng = Rng::new(12345);
    let params = [
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "depth",
        "nodes",
        "mate",
        "movetime",
        "searchmoves",
        "infinite",
        "ponder",
        "e2e4",
        "0000",
        "-7",
        "0",
        "30",
        "1000",
        "abc",
        "99999999999999999999999",
    ];
    let positions = [
        "position startpos",
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "position startpos moves f2f3 e7e5 g2g4 d8h4",
    ];
    let mut gos = 0;
    let mut bestmoves = 0;
    for _ in 0..60 {
        e.send(rng.pick(&positions));
        let n = rng.next_u64() % 6;
        let words: Vec<&str> = (0..n).map(|_| rng.pick(&params)).collect();
        // Bound the search so the run stays short whatever was drawn.
        e.send(&format!("go {} nodes 3000 depth 4", words.join(" ")));
        gos += 1;
        std::thread::sleep(Duration::from_millis(5));
        e.send("stop");
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        bestmoves += lines.iter().filter(|l| l.starts_with("bestmove")).count();
        assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")), "a second bestmove");
    }
    assert_eq!(gos, bestmoves);
    e.quit();
}
