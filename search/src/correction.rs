//! Static evaluation correction: the evaluation is wrong in the same
//! direction for positions that share a feature (a pawn structure it
//! misjudges, a piece configuration it overvalues, the reply to a given
//! move), so each thread learns, per feature, how far search results land
//! from the corrected evaluation and adds the sum of what it learned to
//! later static evaluations. Five features, as the strong engines use them:
//! the pawn structure, the minor pieces (with the kings), each colour's
//! pieces other than pawns, and the last two moves (continuation).

use shakmaty::{Bitboard, Chess, Color, Position};

use crate::board_hash::{pawn_slot, slot};
use crate::history::Moved;
use crate::params::{CORR_BONUS_MAX, CORR_W_CONT, CORR_W_MINOR, CORR_W_NON_PAWN, CORR_W_PAWN};
use crate::prefetch::prefetch;
use crate::score::TB_WIN_BOUND;

/// Entries per side to move in each hashed table: 2 to the power of this.
const ENTRY_BITS: u32 = 14;
const ENTRIES: usize = 1 << ENTRY_BITS;
/// Entries saturate at ± this (see [`gravity`]).
const LIMIT: i32 = 1024;
/// A correction is the weighted sum of the entries divided by this: an
/// entry at its limit with a weight of 8192 moves the evaluation 64 cp.
const SCALE: i32 = 131_072;
/// The continuation table's rows and columns: (piece, destination).
const MOVED: usize = 12 * 64;

/// Where one position's features sit in the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CorrectionSlots {
    pawn: usize,
    minor: usize,
    /// White's pieces other than pawns, then Black's.
    non_pawn: [usize; 2],
    /// The last two moves, when both were real moves.
    cont: Option<usize>,
}

impl CorrectionSlots {
    /// The slots of `pos`, reached by `last` after `before` (each `None`
    /// for a null move or none).
    #[inline]
    pub fn of(pos: &Chess, before: Option<Moved>, last: Option<Moved>) -> CorrectionSlots {
        let board = pos.board();
        let (white, black) = (board.white(), board.black());
        let (knights, bishops, kings) = (board.knights(), board.bishops(), board.kings());
        let minor =
            slot(&[knights & white, knights & black, bishops & white, bishops & black, kings], ENTRY_BITS);
        let non_pawn = |us: Bitboard| {
            slot(
                &[knights & us, bishops & us, board.rooks() & us, board.queens() & us, kings & us],
                ENTRY_BITS,
            )
        };
        let cont = match (before, last) {
            (Some((p2, t2)), Some((p1, t1))) => Some((p2 * 64 + t2) * MOVED + p1 * 64 + t1),
            _ => None,
        };
        CorrectionSlots {
            pawn: pawn_slot(pos, ENTRY_BITS),
            minor,
            non_pawn: [non_pawn(white), non_pawn(black)],
            cont,
        }
    }
}

/// Moves an entry towards ±[`LIMIT`] by `bonus`, less the nearer it is.
#[inline]
fn gravity(entry: &mut i16, bonus: i32) {
    let e = i32::from(*entry);
    *entry = (e + bonus - e * bonus.abs() / LIMIT).clamp(-LIMIT, LIMIT) as i16;
}

pub(crate) struct CorrectionHistory {
    /// `[side to move][slot]` each.
    pawn: Box<[[i16; ENTRIES]; 2]>,
    minor: Box<[[i16; ENTRIES]; 2]>,
    /// `[colour of the pieces][side to move][slot]`.
    non_pawn: Box<[[[i16; ENTRIES]; 2]; 2]>,
    /// `[move before last * MOVED + last move]` (the piece says the side).
    cont: Box<[i16]>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            pawn: Box::new([[0; ENTRIES]; 2]),
            minor: Box::new([[0; ENTRIES]; 2]),
            non_pawn: Box::new([[[0; ENTRIES]; 2]; 2]),
            cont: vec![0; MOVED * MOVED].into_boxed_slice(),
        }
    }

    /// The correction for `side` to move at `slots`, in centipawns.
    #[inline]
    fn correction(&self, side: Color, s: &CorrectionSlots) -> i32 {
        let c = side as usize;
        let mut sum = CORR_W_PAWN() * i32::from(self.pawn[c][s.pawn])
            + CORR_W_MINOR() * i32::from(self.minor[c][s.minor])
            + CORR_W_NON_PAWN()
                * (i32::from(self.non_pawn[0][c][s.non_pawn[0]])
                    + i32::from(self.non_pawn[1][c][s.non_pawn[1]]));
        if let Some(i) = s.cont {
            sum += CORR_W_CONT() * i32::from(self.cont[i]);
        }
        sum / SCALE
    }

    /// Starts loading the entries [`Self::correct`] will read for `side`
    /// at `slots`, so that their latency overlaps the evaluation.
    #[inline(always)]
    pub fn prefetch(&self, side: Color, s: &CorrectionSlots) {
        let c = side as usize;
        prefetch(&self.pawn[c][s.pawn]);
        prefetch(&self.minor[c][s.minor]);
        prefetch(&self.non_pawn[0][c][s.non_pawn[0]]);
        prefetch(&self.non_pawn[1][c][s.non_pawn[1]]);
        if let Some(i) = s.cont {
            prefetch(&self.cont[i]);
        }
    }

    /// `raw` (a static evaluation of a position of `side` to move with
    /// `slots`) corrected, kept among the normal scores.
    #[inline]
    pub fn correct(&self, side: Color, slots: &CorrectionSlots, raw: i32) -> i32 {
        (raw + self.correction(side, slots)).clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }

    /// A search of `depth` found `score` where the corrected evaluation
    /// said `corrected`: every feature's entry moves towards the error,
    /// deeper searches more.
    pub fn update(&mut self, side: Color, slots: &CorrectionSlots, depth: i32, score: i32, corrected: i32) {
        let bonus = ((score - corrected) * depth / 8).clamp(-CORR_BONUS_MAX(), CORR_BONUS_MAX());
        let c = side as usize;
        gravity(&mut self.pawn[c][slots.pawn], bonus);
        gravity(&mut self.minor[c][slots.minor], bonus);
        gravity(&mut self.non_pawn[0][c][slots.non_pawn[0]], bonus);
        gravity(&mut self.non_pawn[1][c][slots.non_pawn[1]], bonus);
        if let Some(i) = slots.cont {
            gravity(&mut self.cont[i], bonus);
        }
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
    fn slots_follow_their_features_only() {
        let a = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let b = pos("r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
        let c = pos("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
        let d = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let (sa, sb, sc) = (
            CorrectionSlots::of(&a, None, None),
            CorrectionSlots::of(&b, None, None),
            CorrectionSlots::of(&c, None, None),
        );
        // A knight move: same pawns, other minor pieces, Black's pieces moved only.
        assert_eq!(sa.pawn, sb.pawn);
        assert_ne!(sa.minor, sb.minor);
        assert_eq!(sa.non_pawn[0], sb.non_pawn[0]);
        assert_ne!(sa.non_pawn[1], sb.non_pawn[1]);
        // A pawn move: pieces the same, pawns not.
        assert_ne!(sa.pawn, sc.pawn);
        assert_eq!((sa.minor, sa.non_pawn), (sc.minor, sc.non_pawn));
        // The continuation slot needs both moves and tells them apart.
        assert_eq!(sa.cont, None);
        let m = |p, t| Some((p, t));
        let s1 = CorrectionSlots::of(&d, m(1, 20), m(7, 28));
        let s2 = CorrectionSlots::of(&d, m(7, 28), m(1, 20));
        assert!(s1.cont.is_some() && s1.cont != s2.cont);
        assert_eq!(CorrectionSlots::of(&d, None, m(7, 28)).cont, None);
    }

    #[test]
    fn corrections_move_towards_the_error_within_bounds() {
        let mut h = CorrectionHistory::new();
        let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let s = CorrectionSlots::of(&p, Some((0, 12)), Some((6, 28)));
        assert_eq!(h.correct(Color::White, &s, 50), 50);
        // The search keeps finding +40 more than the evaluation: the
        // correction closes the gap (from below: each step is a share of it).
        for _ in 0..500 {
            let corrected = h.correct(Color::White, &s, 50);
            h.update(Color::White, &s, 12, 90, corrected);
        }
        let gained = h.correct(Color::White, &s, 50) - 50;
        assert!((30..=40).contains(&gained), "{gained}");
        // Black to move in the same hashed slots learned nothing (the
        // continuation slot has no side: its moves' pieces say it).
        let hashed_only = CorrectionSlots { cont: None, ..s };
        assert_eq!(h.correct(Color::Black, &hashed_only, 50), 50);
        assert!(h.correct(Color::White, &hashed_only, 50) > 50);
        // However large the errors, each entry stays within its limit.
        for _ in 0..500 {
            let corrected = h.correct(Color::White, &s, 0);
            h.update(Color::White, &s, 30, -20_000, corrected);
        }
        let most = (CORR_W_PAWN() + CORR_W_MINOR() + 2 * CORR_W_NON_PAWN() + CORR_W_CONT()) * LIMIT / SCALE;
        let c = h.correct(Color::White, &s, 0);
        assert!(c < 0 && c >= -most, "{c} {most}");
        assert_eq!(h.correct(Color::White, &s, -TB_WIN_BOUND), -TB_WIN_BOUND + 1);
    }
}
