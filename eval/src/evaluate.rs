//! The evaluation function.

use shakmaty::{Bitboard, Chess, Color, Piece, Position, Role};

use crate::params::{MATERIAL, PHASE_WEIGHT, PST};
use crate::score::S;
use crate::trace::{NoTrace, Term, Tracer};

/// Phase with every piece on the board.
pub const MAX_PHASE: i32 = 24;

/// The position's game phase, 0 (pawn ending) ..= [`MAX_PHASE`].
pub fn phase(pos: &Chess) -> i32 {
    let board = pos.board();
    let p: i32 =
        Role::ALL.iter().map(|&r| board.by_role(r).count() as i32 * PHASE_WEIGHT[r as usize - 1]).sum();
    p.min(MAX_PHASE)
}

/// Static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Chess) -> i32 {
    evaluate_with(pos, &mut NoTrace)
}

/// The evaluation, reporting every term to `t` (White's point of view).
pub(crate) fn evaluate_with<T: Tracer>(pos: &Chess, t: &mut T) -> i32 {
    let board = pos.board();
    let mut total = S::ZERO;
    for color in Color::ALL {
        let mut material = S::ZERO;
        let mut psqt = S::ZERO;
        for role in Role::ALL {
            let i = role as usize - 1;
            let pieces: Bitboard = board.by_piece(Piece { color, role });
            for sq in pieces {
                let rel = if color == Color::White { sq } else { sq.flip_vertical() };
                material += MATERIAL[i];
                psqt += PST[i][rel as usize];
            }
        }
        t.add(Term::Material, color, material);
        t.add(Term::PieceSquare, color, psqt);
        let sum = material + psqt;
        total += if color == Color::White { sum } else { -sum };
    }
    let white = total.taper(phase(pos), MAX_PHASE);
    if pos.turn() == Color::White { white } else { -white }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap()
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(evaluate(&Chess::default()), 0);
        assert_eq!(phase(&Chess::default()), MAX_PHASE);
    }

    #[test]
    fn colour_symmetry() {
        // The same position with colours swapped scores the same for the side to move.
        let a = pos("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = pos("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    #[test]
    fn material_counts() {
        // White is a queen up: clearly winning for White, clearly lost for Black to move.
        let w = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let b = pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(evaluate(&w) > 800);
        assert_eq!(evaluate(&w), -evaluate(&b));
    }
}
