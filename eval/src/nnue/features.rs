//! Input features: one per (piece, square), seen from each side.
//!
//! From a perspective, a piece's colour is "ours" or "theirs" and the board
//! is flipped vertically for Black, so both sides share the same weights.

use shakmaty::{Chess, Color, Piece, Position, Square};

/// The feature index of `piece` on `sq` from `perspective`'s side.
#[inline]
pub fn index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let theirs = usize::from(piece.color != perspective);
    let sq = if perspective == Color::White { sq as usize } else { sq as usize ^ 56 };
    theirs * 384 + (piece.role as usize - 1) * 64 + sq
}

/// The same feature seen from the other side: colours swap, board flips.
#[inline]
pub fn flip(feature: usize) -> usize {
    ((feature + 384) % 768) ^ 56
}

/// Every active feature of `pos` from White's perspective (at most 32).
pub fn white_features(pos: &Chess) -> impl Iterator<Item = usize> + '_ {
    let board = pos.board();
    board.occupied().into_iter().filter_map(move |sq| board.piece_at(sq).map(|p| index(Color::White, p, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    #[test]
    fn flip_is_the_other_perspective() {
        for sq in Square::ALL {
            for color in [Color::White, Color::Black] {
                for role in Role::ALL {
                    let p = Piece { color, role };
                    assert_eq!(flip(index(Color::White, p, sq)), index(Color::Black, p, sq));
                    assert_eq!(flip(index(Color::Black, p, sq)), index(Color::White, p, sq));
                }
            }
        }
    }
}
