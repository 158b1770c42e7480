//! Static evaluation correction by pawn structure: the evaluation is wrong
//! in the same direction for positions that share a pawn structure (a
//! blockade it undervalues, a passer it overvalues), so each thread keeps a
//! running average of (search result − static evaluation) per side to move
//! and pawn structure, and adds it to later static evaluations.

use shakmaty::{Chess, Color, Position};

use crate::params::{CORR_MAX, CORR_WEIGHT_MAX};
use crate::score::TB_WIN_BOUND;

/// Entries per side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries hold centipawns times this, so that small steps of the running
/// average are not rounded away.
const GRAIN: i32 = 256;
/// The weight of one update is `min(depth + 1, CORR_WEIGHT_MAX)` out of this.
const WEIGHT_SCALE: i32 = 256;

pub(crate) struct CorrectionHistory {
    /// White's entries, then Black's.
    table: Box<[i32]>,
}

/// The table slot of `pos`'s pawn structure (both colours' pawns).
#[inline]
pub(crate) fn pawn_slot(pos: &Chess) -> usize {
    let board = pos.board();
    let pawns = board.pawns();
    let white = u64::from(pawns & board.white());
    let black = u64::from(pawns & board.black());
    // Products spread every bit upwards: the top bits depend on all of them.
    let h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - ENTRIES.trailing_zeros())) as usize
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { table: vec![0; 2 * ENTRIES].into_boxed_slice() }
    }

    /// `raw` (a static evaluation of a position of `side` to move with pawn
    /// slot `slot`) corrected, kept among the normal scores.
    #[inline]
    pub fn correct(&self, side: Color, slot: usize, raw: i32) -> i32 {
        let c = self.table[side as usize * ENTRIES + slot] / GRAIN;
        (raw + c).clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }

    /// A search of `depth` found `score` where the static evaluation said
    /// `raw`: moves the slot's average towards the difference, deeper
    /// searches more.
    pub fn update(&mut self, side: Color, slot: usize, depth: i32, score: i32, raw: i32) {
        let target = (score - raw).clamp(-CORR_MAX(), CORR_MAX()) * GRAIN;
        let weight = (depth + 1).clamp(1, CORR_WEIGHT_MAX());
        let e = &mut self.table[side as usize * ENTRIES + slot];
        *e = ((*e * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE)
            .clamp(-CORR_MAX() * GRAIN, CORR_MAX() * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(shakmaty::CastlingMode::Chess960).unwrap()
    }

    #[test]
    fn slots_follow_pawns_only() {
        let a = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let b = pos("r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
        let c = pos("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(pawn_slot(&a), pawn_slot(&b));
        assert_ne!(pawn_slot(&a), pawn_slot(&c));
    }

    #[test]
    fn corrections_move_towards_the_error_within_bounds() {
        let mut h = CorrectionHistory::new();
        assert_eq!(h.correct(Color::White, 7, 50), 50);
        for _ in 0..200 {
            h.update(Color::White, 7, 20, 90, 50);
        }
        // Converges on +40 for White in that slot; Black's side is untouched.
        assert!((38..=40).contains(&(h.correct(Color::White, 7, 50) - 50)));
        assert_eq!(h.correct(Color::Black, 7, 50), 50);
        for _ in 0..200 {
            h.update(Color::White, 7, 20, -10_000, 0);
        }
        // The average creeps up to the limit (integer steps stop just short).
        assert!((-CORR_MAX()..=-CORR_MAX() + 2).contains(&h.correct(Color::White, 7, 0)));
        assert_eq!(h.correct(Color::White, 7, -TB_WIN_BOUND), -TB_WIN_BOUND + 1);
    }
}
