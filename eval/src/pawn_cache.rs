//! The pawn terms: everything the evaluation derives from the pawns alone
//! (pawn material and squares, structure, which pawns are passed) and, with
//! the kings, shelter and storm. [`Uncached`] computes them every time;
//! [`PawnCache`] remembers them, since pawn structures repeat across most of
//! a search tree and most evaluations can then skip this work.
//!
//! A cache entry is keyed by both sides' pawn sets themselves (16 bytes, no
//! hash collisions possible), so a hit gives exactly what computing would.
//! A cache belongs to one [`crate::Evaluator`], which belongs to one search
//! thread: nothing is shared and nothing is hidden in thread-local storage.

use crate::context::{Ctx, Eval};
use crate::terms;
use crate::tracer::{NoTrace, Tracer};

/// Where the evaluation takes its pawn terms from.
pub(crate) trait PawnTerms {
    /// Adds the pawn terms to `e` (as White's score); returns the passed pawns.
    fn add<T: Tracer>(&mut self, ctx: &Ctx, e: &mut Eval<'_, T>) -> u64;
}

/// Computes the pawn terms afresh, reporting each feature to the tracer.
pub(crate) struct Uncached;

impl PawnTerms for Uncached {
    #[inline(always)]
    fn add<T: Tracer>(&mut self, ctx: &Ctx, e: &mut Eval<'_, T>) -> u64 {
        terms::material::pawns(ctx, e);
        let passed = terms::pawns::structure(ctx, e);
        terms::king::shelter(ctx, e);
        passed
    }
}

/// Entries per cache (a power of two): 48 bytes each.
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

/// A cache of pawn terms, for the untraced evaluation only (a traced one
/// must see every feature, so it computes them with [`Uncached`]).
pub(crate) struct PawnCache {
    table: Box<[Entry]>,
}

impl PawnCache {
    pub fn new() -> PawnCache {
        PawnCache { table: vec![EMPTY; ENTRIES].into_boxed_slice() }
    }

    #[inline(always)]
    fn slot(pawns: [u64; 2]) -> usize {
        let h = (pawns[0] ^ pawns[1].rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// Hints the CPU to fetch the entry for these pawns (Black's, White's),
    /// so that a search can overlap that load with its own work.
    #[inline]
    pub fn prefetch(&self, pawns: [u64; 2]) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; the pointer is into the table (the
        // slot is below ENTRIES), and nothing is read or written through it.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let entry = self.table.as_ptr().add(Self::slot(pawns));
            _mm_prefetch(entry as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = pawns;
    }
}

impl PawnTerms for PawnCache {
    #[inline(always)]
    fn add<T: Tracer>(&mut self, ctx: &Ctx, e: &mut Eval<'_, T>) -> u64 {
        let pawns = [ctx.pieces[0][0], ctx.pieces[1][0]];
        let entry = &mut self.table[Self::slot(pawns)];
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
        e.score[1] += entry.score + entry.shelter;
        entry.passed
    }
}
