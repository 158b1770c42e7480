//! Stress test of the UCI loop: random but valid command sequences, as a
//! GUI could send them: positions (start, Chess960, DFRC, FEN, with moves in
//! either castling form), `go` with every mix of parameters, `stop`,
//! `ponderhit`, `isready`, `setoption` of Hash / Threads / MultiPV /
//! UCI_Chess960 / UCI_LimitStrength / UCI_Elo during and between searches,
//! `ucinewgame`. Every `go` must be answered by exactly one legal
//! `bestmove`, never before `stop` (or `ponderhit`) where the protocol says
//! so, and nothing may be printed that is not protocol (no error: every
//! command here is valid).
//!
//! `cargo test` runs a bounded version; `ROCKAD_STRESS_SEQUENCES=N` (and
//! `ROCKAD_STRESS_COMMANDS=M`, `ROCKAD_STRESS_SEED=S`) runs more.

use std::collections::VecDeque;
use std::time::Duration;

use rockad::frc;
use rockad_tests::{Engine, PROMPT, Rng};
use rockad_uci::{format_move, parse_fen, parse_move};
use shakmaty::{CastlingSide, Chess, Position};

const FENS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
    // Captures that never end: quiescence must stay bounded here.
    "qqqqkqqq/qq6/8/8/8/8/QQ6/QQQQKQQQ w - - 0 1",
    "rqqqkqqr/qqqqbbnn/8/8/8/8/QQQQBBNN/RQQQKQQR w - - 0 1",
];

/// What the test knows of the search in flight.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Search {
    Idle,
    /// Ends by itself (a limit applies).
    Bounded,
    /// Ends only at `stop` (or `ponderhit` turns it bounded); `strict`:
    /// must not answer before (`go infinite`, `go ponder`), where a search
    /// with no limit at all may still end on its own (a mate found).
    Endless {
        ponder_bounded: bool,
        strict: bool,
    },
}

struct Run {
    e: Engine,
    rng: Rng,
    /// The position the next `go` searches.
    pos: Chess,
    /// Positions of the `go`s not yet answered, oldest first.
    waiting: VecDeque<Chess>,
    search: Search,
    /// The last few commands sent, for a failure's message.
    sent: VecDeque<String>,
    /// Whether the search in flight is a `go ponder`.
    pondering: bool,
    gos: usize,
    bestmoves: usize,
}

impl Run {
    fn check_line(&mut self, line: &str) {
        let head = line.split(' ').next().unwrap_or("");
        match head {
            "bestmove" => self.check_bestmove(line),
            "readyok" | "uciok" => {}
            "id" | "option" => {}
            "info" => {
                if let Some(text) = line.strip_prefix("info string ") {
                    // Every command is valid: the only notes allowed are the
                    // Threads cap, the lag meter's and what `infinite` beside
                    // a limit does.
                    assert!(
                        text.starts_with("Threads ")
                            || text.starts_with("the GUI's clock runs")
                            || text.starts_with("go: 'infinite' with "),
                        "unexpected message: {line}"
                    );
                } else {
                    let field = line.split(' ').nth(1).unwrap_or("");
                    assert!(field == "depth" || field == "currmove", "odd info line: {line}");
                }
            }
            _ => panic!("not protocol: {line:?}"),
        }
    }

    fn check_bestmove(&mut self, line: &str) {
        self.bestmoves += 1;
        assert!(
            !matches!(self.search, Search::Endless { strict: true, .. }),
            "{line} for a go infinite or go ponder before stop or ponderhit; last sent: {:?}",
            self.sent
        );
        let pos = self.waiting.pop_front().unwrap_or_else(|| panic!("a bestmove no go asked for: {line}"));
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["bestmove", "0000"] => assert!(pos.legal_moves().is_empty(), "0000 with legal moves"),
            ["bestmove", best] | ["bestmove", best, "ponder", _] => {
                let m = parse_move(&pos, best).unwrap_or_else(|e| panic!("{line}: {e}"));
                if let ["bestmove", _, "ponder", reply] = words[..] {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    parse_move(&after, reply).unwrap_or_else(|e| panic!("ponder in {line}: {e}"));
                }
            }
            _ => panic!("malformed: {line}"),
        }
        if self.waiting.is_empty() {
            self.search = Search::Idle;
        }
    }

    /// Reads what is there within `wait`.
    fn drain(&mut self, wait: Duration) {
        for line in self.e.collect_for(wait) {
            self.check_line(&line);
        }
    }

    /// Reads until every `go` so far has its `bestmove`.
    fn await_answers(&mut self) {
        while !self.waiting.is_empty() {
            let lines = self.e.read_until(PROMPT, |l| l.starts_with("bestmove"));
            for line in lines {
                self.check_line(&line);
            }
        }
    }

    fn send(&mut self, line: &str) {
        if self.sent.len() == 8 {
            self.sent.pop_front();
        }
        self.sent.push_back(line.to_string());
        self.e.send(line);
        // Whatever the search was, `stop` lets it answer.
        if line == "stop" && matches!(self.search, Search::Endless { .. }) {
            self.search = Search::Bounded;
        }
    }

    fn position(&mut self) {
        let (base, mut pos) = match self.rng.below(4) {
            0 => ("startpos".to_string(), Chess::default()),
            1 => {
                let n = self.rng.below(960) as u32;
                (format!("frc {n}"), frc::position(n).expect("0..959"))
            }
            2 => {
                let (w, b) = (self.rng.below(960) as u32, self.rng.below(960) as u32);
                (format!("dfrc {w} {b}"), frc::dfrc_position(w, b).expect("0..959"))
            }
            _ => {
                let fen = FENS[self.rng.below(FENS.len() as u64) as usize];
                (format!("fen {fen}"), parse_fen(fen).expect("valid").0)
            }
        };
        let mut moves = Vec::new();
        for _ in 0..self.rng.below(12) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[self.rng.below(legal.len() as u64) as usize];
            let text = match (self.rng.below(3), m.castling_side()) {
                (0, Some(CastlingSide::KingSide)) => "O-O".to_string(),
                (0, Some(CastlingSide::QueenSide)) => "O-O-O".to_string(),
                (1, _) => format_move(m, false),
                _ => format_move(m, true),
            };
            moves.push(text);
            pos.play_unchecked(m);
        }
        let line = if moves.is_empty() && self.rng.chance(50) {
            format!("position {base}")
        } else {
            format!("position {base} moves {}", moves.join(" "))
        };
        self.send(&line);
        self.pos = pos;
    }

    fn go(&mut self) {
        if self.search != Search::Idle {
            // A GUI stops a search before it starts the next.
            self.send("stop");
            self.await_answers();
        }
        let r = &mut self.rng;
        let mut words: Vec<String> = Vec::new();
        let mut bounded = false;
        let clock = r.chance(35);
        if clock {
            let (w, b) = (50 + r.below(3000), 50 + r.below(3000));
            words.push(format!("wtime {w} btime {b}"));
            if r.chance(50) {
                words.push(format!("winc {} binc {}", r.below(100), r.below(100)));
            }
            if r.chance(30) {
                words.push(format!("movestogo {}", 1 + r.below(40)));
            }
            bounded = true;
        }
        if r.chance(25) {
            words.push(format!("movetime {}", 1 + r.below(40)));
            bounded = true;
        }
        if r.chance(25) {
            words.push(format!("depth {}", 1 + r.below(5)));
            bounded = true;
        }
        if r.chance(20) {
            words.push(format!("nodes {}", 1 + r.below(5000)));
            bounded = true;
        }
        if r.chance(15) {
            words.push(format!("mate {}", 1 + r.below(4)));
        }
        if r.chance(15) && !self.pos.legal_moves().is_empty() {
            let legal = self.pos.legal_moves();
            let picks: Vec<String> = (0..1 + r.below(3))
                .map(|_| format_move(legal[r.below(legal.len() as u64) as usize], r.chance(50)))
                .collect();
            words.push(format!("searchmoves {}", picks.join(" ")));
        }
        let infinite = r.chance(10);
        let ponder = !infinite && r.chance(10);
        if infinite {
            words.push("infinite".into());
        }
        if ponder {
            words.push("ponder".into());
        }
        // Shuffle the parameter groups: GUIs send them in any order.
        for i in (1..words.len()).rev() {
            let j = r.below(i as u64 + 1) as usize;
            words.swap(i, j);
        }
        self.pondering = ponder;
        self.search = if infinite || ponder || !bounded {
            Search::Endless { ponder_bounded: ponder && bounded, strict: infinite || ponder }
        } else {
            Search::Bounded
        };
        self.waiting.push_back(self.pos.clone());
        self.gos += 1;
        let line = format!("go {}", words.join(" "));
        self.send(line.trim_end());
    }

    fn setoption(&mut self) {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        let line = match self.rng.below(7) {
            5 => format!("setoption name UCI_LimitStrength value {}", self.rng.chance(50)),
            6 => format!("setoption name UCI_Elo value {}", 800 + self.rng.below(1500)),
            0 => format!("setoption name Hash value {}", 1 + self.rng.below(32)),
            1 => format!("setoption name Threads value {}", 1 + self.rng.below(cores.min(3))),
            2 => format!("setoption name MultiPV value {}", 1 + self.rng.below(4)),
            3 => format!("setoption name UCI_Chess960 value {}", self.rng.chance(50)),
            _ => "setoption name Clear Hash".to_string(),
        };
        self.send(&line);
    }

    fn step(&mut self) {
        match self.rng.below(20) {
            0..=3 => self.position(),
            4..=8 => self.go(),
            9..=10 => {
                self.send("stop");
            }
            11 => {
                self.send("ponderhit");
                match self.search {
                    Search::Endless { ponder_bounded: true, .. } => self.search = Search::Bounded,
                    // A ponder search with no limit becomes one that may
                    // end on its own; `go infinite` still waits for stop.
                    Search::Endless { ponder_bounded: false, strict: true } if self.pondering => {
                        self.search = Search::Endless { ponder_bounded: false, strict: false }
                    }
                    _ => {}
                }
            }
            12..=13 => {
                self.send("isready");
                let lines = self.e.expect("readyok");
                for line in lines {
                    self.check_line(&line);
                }
            }
            14..=16 => self.setoption(),
            17 => self.send("ucinewgame"),
            _ => {
                let wait = Duration::from_millis(self.rng.below(15));
                self.drain(wait);
            }
        }
        self.drain(Duration::ZERO);
    }
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn random_valid_sequences_get_one_legal_bestmove_per_go_and_only_protocol() {
    let sequences = env("ROCKAD_STRESS_SEQUENCES", 10);
    let commands = env("ROCKAD_STRESS_COMMANDS", 100);
    let seed = env("ROCKAD_STRESS_SEED", 0x2545_f491_4f6c_dd1d);
    let (mut gos, mut sent) = (0, 0);
    for s in 0..sequences {
        let mut run = Run {
            e: Engine::start(),
            rng: Rng::new(seed ^ (s + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            pos: Chess::default(),
            waiting: VecDeque::new(),
            search: Search::Idle,
            pondering: false,
            sent: VecDeque::new(),
            gos: 0,
            bestmoves: 0,
        };
        for _ in 0..commands {
            run.step();
        }
        run.send("stop");
        run.await_answers();
        run.send("isready");
        for line in run.e.expect("readyok") {
            run.check_line(&line);
        }
        assert_eq!(run.gos, run.bestmoves, "sequence {s}: one bestmove per go");
        gos += run.gos;
        sent += commands;
        run.e.quit();
    }
    eprintln!("{sequences} sequences, {sent} commands, {gos} searches");
}
