//! Input features: one per (piece, square), seen from each side.
//!
//! From a perspective, a piece's colour is "ours" or "theirs" and the board
//! is flipped vertically for Black, so both sides share the same weights.
//! A network may also mirror the board horizontally for a side whose king
//! stands on files a–d, so that side's king is always on e–h (the flag in
//! the file header); a king crossing between d and e then needs that
//! side's accumulator computed afresh.

use shakmaty::{Chess, Color, File, Piece, Position, Square};

/// The feature index of `piece` on `sq` from `perspective`'s side,
/// mirrored horizontally when `mirror`.
#[inline]
pub fn index(perspective: Color, piece: Piece, sq: Square, mirror: bool) -> usize {
    let theirs = usize::from(piece.color != perspective);
    let mut sq = if perspective == Color::White { sq as usize } else { sq as usize ^ 56 };
    if mirror {
        sq ^= 7;
    }
    theirs * 384 + (piece.role as usize - 1) * 64 + sq
}

/// White's unmirrored feature seen from Black's side: colours swap, the
/// board flips vertically.
#[inline]
pub fn flip(feature: usize) -> usize {
    ((feature + 384) % 768) ^ 56
}

/// The same feature mirrored horizontally.
#[inline]
pub fn mirror(feature: usize) -> usize {
    feature ^ 7
}

/// Whether a side whose king stands on `king` sees the board mirrored (in
/// a network that mirrors).
#[inline]
pub fn king_mirrors(king: Square) -> bool {
    king.file() <= File::D
}

/// Whether `side`'s view of `pos` is mirrored (false when it has no king,
/// which no legal position lacks).
#[inline]
pub fn side_mirrors(pos: &Chess, side: Color) -> bool {
    pos.board().king_of(side).is_some_and(king_mirrors)
}

/// Every active feature of `pos` from White's side, unmirrored (at most 32).
pub fn white_features(pos: &Chess) -> impl Iterator<Item = usize> + '_ {
    let board = pos.board();
    board
        .occupied()
        .into_iter()
        .filter_map(move |sq| board.piece_at(sq).map(|p| index(Color::White, p, sq, false)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    #[test]
    fn flip_and_mirror_are_the_other_views() {
        for sq in Square::ALL {
            for color in [Color::White, Color::Black] {
                for role in Role::ALL {
                    let p = Piece { color, role };
                    assert_eq!(flip(index(Color::White, p, sq, false)), index(Color::Black, p, sq, false));
                    assert_eq!(flip(index(Color::Black, p, sq, false)), index(Color::White, p, sq, false));
                    let m = index(Color::Black, p, sq, true);
                    assert_eq!(mirror(flip(index(Color::White, p, sq, false))), m);
                    assert_eq!(m, index(Color::Black, p, sq.flip_horizontal(), false));
                }
            }
        }
        assert!(king_mirrors(Square::D1) && !king_mirrors(Square::E8));
    }
}
