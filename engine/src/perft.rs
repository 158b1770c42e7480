//! `perft`: counting the legal move tree, through the same position and
//! move code the search uses.

use std::time::Instant;

use shakmaty::{Chess, Position};

use rockad_uci::format_move;

/// Leaf count at `depth` (bulk-counted at the last ply).
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// The `perft` report: each root move with its count, then the total, the
/// time and the speed. Castling is written as `UCI_Chess960` asks.
pub fn report(pos: &Chess, depth: u32, chess960: bool) -> Vec<String> {
    let start = Instant::now();
    let mut lines = Vec::new();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = perft(&child, depth - 1);
            total += n;
            lines.push(format!("{}: {n}", format_move(m, chess960)));
        }
    }
    let elapsed = start.elapsed();
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines.push(format!("Time: {} ms", elapsed.as_millis()));
    lines.push(format!("Nodes/second: {nps}"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let pos = Chess::default();
        assert_eq!(perft(&pos, 3), 8902);
        let r = report(&pos, 2, false);
        assert_eq!(r.len(), 20 + 4);
        assert!(r.contains(&"e2e4: 20".to_string()));
        assert!(r.contains(&"Nodes searched: 400".to_string()));
    }
}
