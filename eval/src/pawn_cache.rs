//! A per-thread cache of the pawn terms: everything the evaluation derives
//! from the pawns alone (pawn material and squares, structure, which pawns
//! are passed) and, for the king squares last seen with them, shelter and
//! storm. Pawn structures repeat across most of a search tree, so most
//! evaluations skip this work.
//!
//! An entry is keyed by both sides' pawn sets themselves (16 bytes, no
//! hash collisions possible), so a hit gives exactly what computing would.
//! The table lives in thread-local storage (no allocation, nothing shared
//! between search threads) and only the untraced evaluation uses it.

use std::cell::RefCell;

use crate::evaluate::{self, Ctx, Eval};
use crate::terms;
use crate::trace::{NoTrace, Tracer};

/// Entries per thread (a power of two): 48 bytes each.
const ENTRIES: usize = 2048;

#[derive(Clone, Copy)]
struct Entry {
    /// Black's and White's pawns; pawns on the first rank mark an empty entry.
    pawns: [u64; 2],
    /// Pawn material, squares and structure: White's minus Black's, packed.
    score: i64,
    /// Both sides' passed pawns.
    passed: u64,
    /// The king squares `shelter` is for.
    kings: [usize; 2],
    /// Shelter and storm: White's minus Black's, packed.
    shelter: i64,
}

const EMPTY: Entry = Entry { pawns: [u64::MAX; 2], score: 0, passed: 0, kings: [64; 2], shelter: 0 };

thread_local! {
    static TABLE: RefCell<[Entry; ENTRIES]> = const { RefCell::new([EMPTY; ENTRIES]) };
}

#[inline(always)]
fn slot(pawns: [u64; 2]) -> usize {
    let h = (pawns[0] ^ pawns[1].rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> (64 - ENTRIES.trailing_zeros())) as usize
}

/// Hints the CPU to fetch the cache entry for `pos`'s pawns, so that a
/// search can overlap that load with its own work before evaluating.
#[inline]
pub fn prefetch(pos: &shakmaty::Chess) {
    #[cfg(target_arch = "x86_64")]
    {
        use shakmaty::{Color, Position, Role};
        let board = pos.board();
        let pawns =
            [board.by_piece(Role::Pawn.of(Color::Black)).0, board.by_piece(Role::Pawn.of(Color::White)).0];
        let _ = TABLE.try_with(|table| {
            // SAFETY: prefetching is a hint; the pointer is into the table,
            // and nothing is read or written through it.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                let entry = (table.as_ptr() as *const Entry).add(slot(pawns));
                _mm_prefetch(entry as *const i8, _MM_HINT_T0);
            }
        });
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = pos;
}

/// Adds the pawn terms to `e` (as White's score), from the cache when it
/// has them; returns the passed pawns.
#[inline(always)]
pub(crate) fn probe<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) -> u64 {
    let pawns = [ctx.pieces[0][0], ctx.pieces[1][0]];
    let fetched = TABLE.try_with(|table| {
        let Ok(mut table) = table.try_borrow_mut() else { return None };
        let entry = &mut table[slot(pawns)];
        let mut untraced = NoTrace;
        if entry.pawns != pawns {
            let mut fresh = Eval::new(&mut untraced);
            terms::material::pawns(ctx, &mut fresh);
            let passed = terms::pawns::structure(ctx, &mut fresh);
            *entry = Entry { pawns, score: fresh.white_minus_black(), passed, ..EMPTY };
        }
        if entry.kings != ctx.king {
            let mut fresh = Eval::new(&mut untraced);
            terms::king::shelter(ctx, &mut fresh);
            entry.kings = ctx.king;
            entry.shelter = fresh.white_minus_black();
        }
        Some((entry.score + entry.shelter, entry.passed))
    });
    match fetched {
        Ok(Some((score, passed))) => {
            e.score[1] += score;
            passed
        }
        // Thread-local storage being torn down (or re-entered): compute.
        _ => evaluate::pawn_terms(ctx, e),
    }
}
