//! Input features: one per (piece, square), seen from each side.
//!
//! From a perspective, a piece's colour is "ours" or "theirs" and the board
//! is flipped vertically for Black, so both sides share the same weights.
//! A network may also mirror the board horizontally for a side whose king
//! stands on files a–d, so that side's king is always on e–h (the flag in
//! the file header); a king crossing between d and e then needs that
//! side's accumulator computed afresh.
//!
//! A network may also have king buckets: a set of 768 weight rows for each
//! region of the board a side's own king can stand in ([`KING_BUCKETS`]),
//! so that a piece's value can depend on where its king is. A king moving
//! to another region likewise needs that side's accumulator afresh.

use shakmaty::{Chess, Color, File, Piece, Position, Square};

use super::INPUTS;

/// King buckets of a network that has them.
pub const KING_BUCKETS: usize = 4;

/// The king bucket by the square of a side's king as that side sees it
/// (its own back rank first), the same on both wings so that it does not
/// matter whether the view is mirrored: the back rank's middle (an
/// uncastled king, or one castled to the c-file), its wings (castled to the
/// g-file, or a Chess960 king that starts there), the second rank, and
/// everything further up (mostly endgames, where kings walk).
#[rustfmt::skip]
const KING_BUCKET_OF: [u8; 64] = [
    1, 1, 0, 0, 0, 0, 1, 1,
    2, 2, 2, 2, 2, 2, 2, 2,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
];

/// The king bucket of `side`'s king on `king`.
#[inline]
pub fn king_bucket(side: Color, king: Square) -> usize {
    let sq = if side == Color::White { king as usize } else { king as usize ^ 56 };
    usize::from(KING_BUCKET_OF[sq])
}

/// How one side sees the board in a network: mirrored or not, and which
/// king bucket's rows it reads. When it changes, that side's accumulator
/// must be computed afresh.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    pub mirrored: bool,
    pub bucket: u8,
}

impl View {
    /// `side`'s view of `pos` in a network that mirrors (`mirrors`) and has
    /// king buckets (`king_buckets`) or not. A side without a king (no
    /// legal position lacks one) sees the plain view.
    #[inline]
    pub fn of(pos: &Chess, side: Color, mirrors: bool, king_buckets: bool) -> View {
        match pos.board().king_of(side) {
            Some(king) => View::of_king(side, king, mirrors, king_buckets),
            None => View::default(),
        }
    }

    /// The view of `side` with its king on `king`.
    #[inline]
    pub fn of_king(side: Color, king: Square, mirrors: bool, king_buckets: bool) -> View {
        View {
            mirrored: mirrors && king_mirrors(king),
            bucket: if king_buckets { king_bucket(side, king) as u8 } else { 0 },
        }
    }

    /// The weight row of `feature` (White's side, unmirrored, as
    /// [`white_features`] gives it) for `side` seeing it through this view.
    #[inline]
    pub fn row(self, side: Color, feature: usize) -> usize {
        let f = if side == Color::White { feature } else { flip(feature) };
        let f = if self.mirrored { mirror(f) } else { f };
        usize::from(self.bucket) * INPUTS + f
    }
}

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

    #[test]
    fn king_buckets_are_seen_from_each_side_and_alike_on_both_wings() {
        for sq in Square::ALL {
            assert_eq!(king_bucket(Color::White, sq), king_bucket(Color::Black, sq.flip_vertical()));
            assert_eq!(king_bucket(Color::White, sq), king_bucket(Color::White, sq.flip_horizontal()));
            assert!(king_bucket(Color::White, sq) < KING_BUCKETS);
        }
        let buckets =
            [Square::E1, Square::G1, Square::E2, Square::E4].map(|sq| king_bucket(Color::White, sq));
        assert_eq!(buckets, [0, 1, 2, 3]);
        assert_eq!(king_bucket(Color::Black, Square::B8), 1);
        assert_eq!(king_bucket(Color::Black, Square::C1), 3);
    }

    #[test]
    fn a_view_reads_its_own_bucket_rows() {
        let p = Piece { color: Color::Black, role: Role::Knight };
        let f = index(Color::White, p, Square::C6, false);
        let plain = View::default();
        assert_eq!(plain.row(Color::White, f), f);
        assert_eq!(plain.row(Color::Black, f), index(Color::Black, p, Square::C6, false));
        let v = View { mirrored: true, bucket: 2 };
        assert_eq!(v.row(Color::Black, f), 2 * INPUTS + index(Color::Black, p, Square::C6, true));
    }
}
