//! Helpers for the crate's unit tests: positions from FEN and random games.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

pub(crate) use rockad_eval::Rng;

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
            p.play_unchecked(moves[rng.index(moves.len())]);
        }
    }
}
