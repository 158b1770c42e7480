//! Bitboard masks and helpers the evaluation terms share: files, ranks
//! ahead of a square from either side, pawn attack sets, distances.
//!
//! Everything here works on raw `u64` sets (a1 = bit 0, h8 = bit 63), which
//! keeps the terms' inner loops free of conversions.

use shakmaty::{Color, Square};

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;
pub const RANK_1: u64 = 0xff;

/// `FILES[f]`: every square of file `f`.
pub const FILES: [u64; 8] = {
    let mut t = [0; 8];
    let mut f = 0;
    while f < 8 {
        t[f] = FILE_A << f;
        f += 1;
    }
    t
};

/// `ADJACENT_FILES[f]`: the files beside `f` (not `f` itself).
pub const ADJACENT_FILES: [u64; 8] = {
    let mut t = [0; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            t[f] |= FILE_A << (f - 1);
        }
        if f < 7 {
            t[f] |= FILE_A << (f + 1);
        }
        f += 1;
    }
    t
};

/// `AHEAD[color][rank]`: the ranks strictly in front of `rank` as that
/// side's pawns move (index 0 = Black, 1 = White, as `Color as usize`).
pub const AHEAD: [[u64; 8]; 2] = {
    let mut t = [[0; 8]; 2];
    let mut r = 0;
    while r < 8 {
        let mut w = 0u64;
        let mut above = r + 1;
        while above < 8 {
            w |= RANK_1 << (8 * above);
            above += 1;
        }
        t[1][r] = w;
        let mut b = 0u64;
        let mut below = 0;
        while below < r {
            b |= RANK_1 << (8 * below);
            below += 1;
        }
        t[0][r] = b;
        r += 1;
    }
    t
};

#[inline(always)]
pub fn file_of(sq: usize) -> usize {
    sq & 7
}

#[inline(always)]
pub fn rank_of(sq: usize) -> usize {
    sq >> 3
}

/// The rank of `sq` counted from `color`'s own back rank (0..=7).
#[inline(always)]
pub fn relative_rank(color: Color, sq: usize) -> usize {
    if color == Color::White { sq >> 3 } else { 7 - (sq >> 3) }
}

/// `sq` as `color` sees it: White's squares unchanged, Black's mirrored
/// top to bottom, so one table serves both sides.
#[inline(always)]
pub fn relative_square(color: Color, sq: usize) -> usize {
    if color == Color::White { sq } else { sq ^ 56 }
}

/// The square one step forward for `color`'s pawns (the caller keeps it on
/// the board: pawns never stand on their last rank).
#[inline(always)]
pub fn forward(color: Color, sq: usize) -> usize {
    if color == Color::White { sq + 8 } else { sq - 8 }
}

/// Every square `color`'s pawns on `pawns` attack.
#[inline(always)]
pub fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    if color == Color::White {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    }
}

/// The set shifted one rank forward for `color`.
#[inline(always)]
pub fn push(color: Color, set: u64) -> u64 {
    if color == Color::White { set << 8 } else { set >> 8 }
}

/// Squares in front of `sq` on its own file, for `color`.
#[cfg(test)]
pub fn front_span(color: Color, sq: usize) -> u64 {
    FILES[file_of(sq)] & AHEAD[color as usize][rank_of(sq)]
}

/// Squares an enemy pawn must stand on to stop or attack a `color` pawn on
/// `sq` on its way: in front of it on its own and the adjacent files.
#[cfg(test)]
pub fn passed_span(color: Color, sq: usize) -> u64 {
    (FILES[file_of(sq)] | ADJACENT_FILES[file_of(sq)]) & AHEAD[color as usize][rank_of(sq)]
}

/// Squares ahead on the adjacent files: where enemy pawns could one day
/// attack a `color` piece on `sq` from.
#[inline(always)]
pub fn attack_span(color: Color, sq: usize) -> u64 {
    ADJACENT_FILES[file_of(sq)] & AHEAD[color as usize][rank_of(sq)]
}

/// Every square on or above a square of `x` (towards rank 8).
#[inline(always)]
pub fn north_fill(mut x: u64) -> u64 {
    x |= x << 8;
    x |= x << 16;
    x | (x << 32)
}

/// Every square on or below a square of `x` (towards rank 1).
#[inline(always)]
pub fn south_fill(mut x: u64) -> u64 {
    x |= x >> 8;
    x |= x >> 16;
    x | (x >> 32)
}

/// Every square strictly behind a square of `x` as `color`'s pawns move.
#[inline(always)]
pub fn rear_span(color: Color, x: u64) -> u64 {
    if color == Color::White { south_fill(x >> 8) } else { north_fill(x << 8) }
}

/// Every square on or in front of a square of `x` for `color`.
#[inline(always)]
pub fn front_fill(color: Color, x: u64) -> u64 {
    if color == Color::White { north_fill(x) } else { south_fill(x) }
}

/// The squares beside those of `x` on the same rank.
#[inline(always)]
pub fn sideways(x: u64) -> u64 {
    ((x << 1) & !FILE_A) | ((x >> 1) & !FILE_H)
}

/// The side a `const WHITE: bool` parameter stands for. Terms are written
/// once per side with that parameter, so every colour test in them folds
/// to a constant.
#[inline(always)]
pub const fn side_color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// King distance (Chebyshev) between two squares.
#[inline(always)]
pub fn distance(a: usize, b: usize) -> usize {
    let df = (file_of(a) as i32 - file_of(b) as i32).unsigned_abs();
    let dr = (rank_of(a) as i32 - rank_of(b) as i32).unsigned_abs();
    df.max(dr) as usize
}

/// Light squares (b1, a2, ...: `(file + rank)` odd).
pub const LIGHT_SQUARES: u64 = 0x55aa_55aa_55aa_55aa;

/// Iterates the squares of a set, lowest first, as indices.
#[derive(Clone, Copy)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

/// A square index as shakmaty's `Square` (always in range: indices come
/// from 64-bit sets).
#[inline(always)]
pub fn square(i: usize) -> Square {
    Square::new(i as u32)
}

/// Role indices of the per-role tables (`pieces[colour][role]`, `att`),
/// pawn .. king, as `shakmaty::Role as usize - 1`.
pub mod role {
    pub const PAWN: usize = 0;
    pub const KNIGHT: usize = 1;
    pub const BISHOP: usize = 2;
    pub const ROOK: usize = 3;
    pub const QUEEN: usize = 4;
    pub const KING: usize = 5;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(AHEAD[1][0], !RANK_1);
        assert_eq!(AHEAD[0][7], !(RANK_1 << 56));
        assert_eq!(AHEAD[1][7], 0);
        assert_eq!(ADJACENT_FILES[0], FILE_A << 1);
        // e2 pawn: d3..f8
        let e2 = 12;
        assert_eq!(passed_span(Color::White, e2).count_ones(), 18);
        assert_eq!(front_span(Color::Black, 52).count_ones(), 6);
        assert_eq!(pawn_attacks(Color::White, 1 << e2), (1 << 19) | (1 << 21));
        assert_eq!(pawn_attacks(Color::Black, 1 << 8), 1 << 1);
        assert_eq!(distance(0, 63), 7);
        // b1 is light, a1 dark.
        const { assert!(LIGHT_SQUARES & 2 != 0 && LIGHT_SQUARES & 1 == 0) };
        assert_eq!(Squares(0b1010).collect::<Vec<_>>(), vec![1, 3]);
    }

    /// The set-wise spans the pawn terms use agree with the square-by-square
    /// definitions.
    #[test]
    fn set_wise_spans_match_square_by_square() {
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let own = x & 0x00ff_ffff_ffff_ff00 & (x >> 3);
            let theirs = x.rotate_left(29) & 0x00ff_ffff_ffff_ff00 & !own;
            for color in [Color::White, Color::Black] {
                let stoppers = rear_span(color, theirs | sideways(theirs));
                let doubled = own & rear_span(color, own);
                for sq in Squares(own) {
                    assert_eq!(stoppers & (1 << sq) == 0, theirs & passed_span(color, sq) == 0);
                    assert_eq!(doubled & (1 << sq) != 0, own & front_span(color, sq) != 0);
                    let behind_or_level = !AHEAD[color as usize][rank_of(sq)];
                    let supportable = own & ADJACENT_FILES[file_of(sq)] & behind_or_level != 0;
                    assert_eq!(front_fill(color, sideways(own)) & (1 << sq) != 0, supportable);
                }
            }
        }
    }
}
