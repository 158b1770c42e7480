//! Hashes of a position's piece sets into table slots, for the tables keyed
//! by a feature of the position rather than by the whole of it (the
//! correction history's features, the pawn history's pawn structures).

use shakmaty::{Bitboard, Chess, Position};

/// Hashes bitboards into a slot of `bits` bits: products spread every bit
/// upwards, so the top bits depend on all of them.
#[inline]
pub(crate) fn slot(boards: &[Bitboard], bits: u32) -> usize {
    const MULTIPLIERS: [u64; 6] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0x85EB_CA77_C2B2_AE63,
        0x27D4_EB2F_1656_67C5,
        0xFF51_AFD7_ED55_8CCD,
    ];
    let mut h = 0u64;
    for (bb, m) in boards.iter().zip(MULTIPLIERS) {
        h ^= u64::from(*bb).wrapping_mul(m);
    }
    (h.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - bits)) as usize
}

/// The slot of `pos`'s pawn structure (both colours' pawns), of `bits` bits.
#[inline]
pub(crate) fn pawn_slot(pos: &Chess, bits: u32) -> usize {
    let board = pos.board();
    let pawns = board.pawns();
    slot(&[pawns & board.white(), pawns & board.black()], bits)
}
