//! Helpers for the crate's unit tests: positions from FEN and random games.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// A small deterministic generator (no dependency for tests).
pub(crate) struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A test position (Chess960 castling, so both notations parse).
pub(crate) fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>().expect("test FEN").into_position(CastlingMode::Chess960).expect("legal")
}

/// Calls `visit` on every position along `games` random games of at most
/// `plies` plies from `start`.
pub(crate) fn random_walks(
    start: &Chess,
    rng: &mut Rng,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Chess),
) {
    for _ in 0..games {
        let mut p = start.clone();
        for _ in 0..plies {
            visit(&p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
}
