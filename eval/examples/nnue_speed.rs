//! A rough guide to the network's inference speed (not a benchmark for
//! claims: those come from `rockad bench`). Plays random moves from the
//! start position and times, per node, a push + evaluate (incremental,
//! a refresh every 100 plies),
//! a full refresh + evaluate, and the hand-crafted evaluation.
//!
//! `cargo run --release -p rockad-eval --example nnue_speed [NET]`

use std::time::Instant;

use rockad_eval::nnue::{AccumulatorStack, Network};
use shakmaty::{Chess, Position};

/// Random games back to back: (before, move, after, first move of a game).
fn line(len: usize) -> Vec<(Chess, shakmaty::Move, Chess, bool)> {
    let mut out = Vec::new();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut pos = Chess::default();
    let mut first = true;
    while out.len() < len {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.halfmoves() > 60 {
            pos = Chess::default();
            first = true;
            continue;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = moves[(state % moves.len() as u64) as usize];
        let mut after = pos.clone();
        after.play_unchecked(m);
        out.push((pos, m, after.clone(), first));
        first = false;
        pos = after;
    }
    out
}

fn main() {
    let loaded;
    let net = match std::env::args().nth(1) {
        Some(path) => match Network::load(std::path::Path::new(&path)) {
            Ok(n) => {
                loaded = n;
                &loaded
            }
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        },
        None => Network::embedded(),
    };
    let nodes = line(200_000);
    let mut stack = AccumulatorStack::new();
    let mut sum = 0i64;
    let t = Instant::now();
    for (before, m, after, first) in &nodes {
        // A new game, or a deep line: start again from this position.
        if *first || stack.depth() >= 100 {
            stack.refresh(net, before);
        }
        stack.push(net, before, m, after);
        sum += i64::from(stack.evaluate(net, after));
    }
    let incremental = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for (_, _, after, _) in &nodes {
        stack.refresh(net, after);
        sum += i64::from(stack.evaluate(net, after));
    }
    let refresh = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for (_, _, after, _) in &nodes {
        sum += i64::from(rockad_eval::evaluate(after));
    }
    let hce = t.elapsed().as_secs_f64();
    let n = nodes.len() as f64;
    println!("hidden {}: {} nodes (checksum {sum})", net.hidden(), nodes.len());
    println!("push + evaluate:           {:.2} M/s", n / incremental / 1e6);
    println!("refresh + evaluate:        {:.2} M/s", n / refresh / 1e6);
    println!("hand-crafted evaluate:     {:.2} M/s", n / hce / 1e6);
}
