//! `bench`: a fixed search over standard and Chess960 positions on one
//! thread. Its node count is the search's fingerprint: the same on every run
//! and machine, recorded in each commit that changes search or evaluation.

use std::sync::Arc;
use std::time::{Duration, Instant};

use shakmaty::Chess;

use rockad_eval::nnue::Network;
use rockad_search::{Limits, SearchRequest, Searcher};
use rockad_uci::parse_fen;

use crate::frc;

pub const DEFAULT_DEPTH: u32 = 12;
const BENCH_HASH_MB: usize = 16;

/// A bench position: a FEN, or a (Double) Fischer Random start.
pub enum BenchPosition {
    Fen(&'static str),
    Frc(u32),
    Dfrc(u32, u32),
}

pub const POSITIONS: &[BenchPosition] = &[
    BenchPosition::Frc(frc::STANDARD),
    BenchPosition::Fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    BenchPosition::Fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    BenchPosition::Fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    BenchPosition::Fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    BenchPosition::Fen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    BenchPosition::Fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
    BenchPosition::Fen("rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5"),
    BenchPosition::Fen("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2Q1RK1 w - - 0 10"),
    BenchPosition::Fen("2rq1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1PNBPN2/PB3PPP/2RQ1RK1 b - - 3 12"),
    BenchPosition::Fen("8/5pk1/6p1/8/3R4/6P1/5PK1/3r4 w - - 0 40"),
    BenchPosition::Fen("8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1"),
    BenchPosition::Fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
    BenchPosition::Fen("8/8/1p1k4/1P6/2K5/8/8/8 b - - 0 50"),
    BenchPosition::Fen("4r1k1/1p3ppp/p1n5/2b5/2B5/P1N2P2/1P4PP/3R2K1 w - - 0 25"),
    BenchPosition::Frc(0),
    BenchPosition::Frc(137),
    BenchPosition::Frc(361),
    BenchPosition::Frc(704),
    BenchPosition::Frc(959),
    BenchPosition::Dfrc(12, 845),
    BenchPosition::Fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
    BenchPosition::Fen("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9"),
    BenchPosition::Fen("rk2r3/pppbqppp/2np1n2/4p3/2B1P3/2NP1N2/PPPQ1PPP/RK2R3 w EAea - 0 8"),
    BenchPosition::Fen("nrbkqrbn/pp2pppp/3p4/2p5/4P3/2N5/PPPP1PPP/1RBKQRBN w FBfb - 0 4"),
    BenchPosition::Fen("2r1k1r1/pp1bppbp/2np1np1/q7/3NP3/2N1B3/PPPQBPPP/2R1K1R1 w GCgc - 2 10"),
];

/// The position a bench entry stands for.
pub fn position(p: &BenchPosition) -> Chess {
    match p {
        BenchPosition::Fen(f) => parse_fen(f).expect("bench FENs are valid").0,
        BenchPosition::Frc(n) => frc::position(*n).expect("bench numbers are valid"),
        BenchPosition::Dfrc(w, b) => frc::dfrc_position(*w, *b).expect("bench numbers are valid"),
    }
}

/// Runs the bench with the default evaluation. Returns the report lines;
/// the first names the build, the last is `<N> nodes <M> nps`.
pub fn run(depth: u32) -> Vec<String> {
    let choice = crate::evaluation::default_choice();
    run_with(depth, choice.net, &choice.label)
}

/// Runs the bench evaluating with `network` (`None`: hand-crafted), which
/// `label` names, as the UCI `bench` command does with the evaluation the
/// session has.
pub fn run_with(depth: u32, network: Option<Arc<Network>>, label: &str) -> Vec<String> {
    let mut searcher = Searcher::new(BENCH_HASH_MB, 1).expect("a 16 MiB table");
    searcher.set_network(network);
    // Which build and evaluation gave the node count below.
    let mut lines = vec![crate::identity::name(), format!("Evaluation: {label}"), String::new()];
    let mut nodes = 0u64;
    // Search time only: clearing the tables between positions is not
    // searching, and would count against the nodes per second.
    let mut elapsed = Duration::ZERO;
    for (i, p) in POSITIONS.iter().enumerate() {
        let root = position(p);
        searcher.clear();
        searcher.touch_table();
        let start = Instant::now();
        let outcome = searcher.run(SearchRequest {
            root: root.clone(),
            history: Vec::new(),
            limits: Limits { depth: Some(depth), ..Limits::default() },
            multipv: 1,
            move_overhead_ms: 0,
            start,
        });
        elapsed += start.elapsed();
        nodes += outcome.nodes;
        lines.push(format!(
            "position {:>2}/{}: {:>10} nodes  {}",
            i + 1,
            POSITIONS.len(),
            outcome.nodes,
            rockad_uci::shredder_fen(&root)
        ));
    }
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    lines.push(String::new());
    lines.push(format!("Total time (ms) : {}", elapsed.as_millis()));
    lines.push(format!("Nodes searched  : {nodes}"));
    lines.push(format!("Nodes/second    : {nps}"));
    lines.push(format!("{nodes} nodes {nps} nps"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn every_bench_position_is_legal_and_playable() {
        for p in POSITIONS {
            let pos = position(p);
            assert!(!pos.legal_moves().is_empty());
        }
    }

    #[test]
    fn bench_is_deterministic() {
        let a = run(4);
        let b = run(4);
        assert_eq!(a.last().unwrap().split(' ').next(), b.last().unwrap().split(' ').next());
    }
}
