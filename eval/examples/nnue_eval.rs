//! Prints the network's and the hand-crafted evaluation of positions (side
//! to move's view, the hand-crafted evaluation's units): a quick look at
//! what a network thinks.
//!
//! `cargo run --release -p rockad-eval --example nnue_eval [--net FILE] [FEN ...]`
//! (without FENs: a few reference positions).

use rockad_eval::nnue::{AccumulatorStack, Network};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const DEFAULT: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",
];

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let loaded;
    let net = if args.first().is_some_and(|a| a == "--net") && args.len() >= 2 {
        let path = args.remove(1);
        args.remove(0);
        match Network::load(std::path::Path::new(&path)) {
            Ok(n) => {
                loaded = n;
                &loaded
            }
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        }
    } else {
        Network::embedded()
    };
    let fens: Vec<String> =
        if args.is_empty() { DEFAULT.iter().map(|s| s.to_string()).collect() } else { args };
    let mut stack = AccumulatorStack::new();
    for fen in fens {
        let pos: Chess = match fen
            .parse::<Fen>()
            .map_err(|e| e.to_string())
            .and_then(|f| f.into_position(CastlingMode::Chess960).map_err(|e| e.to_string()))
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{fen}: {e}");
                continue;
            }
        };
        stack.refresh(net, &pos);
        println!("net {:6}  hce {:6}  {fen}", stack.evaluate(net, &pos), rockad_eval::evaluate(&pos));
    }
}
