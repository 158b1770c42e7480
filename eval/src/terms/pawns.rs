//! Pawn structure (isolated, doubled, backward, supported, phalanx) and
//! passed pawns (by rank, free or blocked stop square, king distances to
//! the stop square).
//!
//! The structure is found for all pawns of a side at once with set
//! operations (fills and shifts), which is several times cheaper than
//! looking at each pawn's neighbourhood.

use shakmaty::Color;

use crate::bits::role::PAWN;
use crate::bits::{
    Squares, distance, forward, front_fill, north_fill, push, rear_span, relative_rank, side_color, sideways,
    south_fill,
};
use crate::context::{Ctx, Eval, feat};
use crate::tracer::{Term, Tracer};

/// Adds a scalar feature once per member of `set`.
macro_rules! count {
    ($e:expr, $term:expr, $us:expr, $name:ident, $set:expr) => {
        let set: u64 = $set;
        if set != 0 {
            feat!($e, $term, $us, $name, set.count_ones() as i32);
        }
    };
}

/// The structure features, which depend on the pawns alone (the pawn
/// cache keeps them). Returns both sides' passed pawns.
#[inline(always)]
pub(crate) fn structure<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) -> u64 {
    structure_side::<T, true>(ctx, e) | structure_side::<T, false>(ctx, e)
}

/// The passed pawns' features that depend on the other pieces: free or
/// blocked stop square, king distances.
#[inline(always)]
pub(crate) fn passers<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>, passed: u64) {
    for sq in Squares(passed & ctx.pieces[1][PAWN]) {
        passed_extras(ctx, e, Color::White, sq);
    }
    for sq in Squares(passed & ctx.pieces[0][PAWN]) {
        passed_extras(ctx, e, Color::Black, sq);
    }
}

/// One side's structure (`WHITE` fixes the side at compile time); returns
/// its passed pawns.
#[inline(always)]
fn structure_side<T: Tracer, const WHITE: bool>(ctx: &Ctx, e: &mut Eval<'_, T>) -> u64 {
    let us = side_color(WHITE);
    let (u, t) = (us as usize, (!us) as usize);
    let own = ctx.pieces[u][PAWN];
    if own == 0 {
        return 0;
    }
    let theirs = ctx.pieces[t][PAWN];
    let files = north_fill(south_fill(own));
    // No own pawn on a neighbouring file.
    let isolated = own & !sideways(files);
    // An own pawn further up the same file.
    let doubled = own & rear_span(us, own);
    // Every own pawn on the files beside it stands further forward, and
    // an enemy pawn guards its stop square: it can neither be defended
    // by a pawn nor advance.
    let supportable = front_fill(us, sideways(own));
    let stop_guarded = push(!us, ctx.att[t][PAWN]);
    let backward = own & !isolated & !supportable & stop_guarded;
    count!(e, Term::PawnStructure, us, ISOLATED, isolated);
    count!(e, Term::PawnStructure, us, DOUBLED, doubled);
    count!(e, Term::PawnStructure, us, BACKWARD, backward);
    for sq in Squares(own & ctx.att[u][PAWN]) {
        feat!(e, Term::PawnStructure, us, SUPPORTED[relative_rank(us, sq)], 1);
    }
    for sq in Squares(own & sideways(own)) {
        feat!(e, Term::PawnStructure, us, PHALANX[relative_rank(us, sq)], 1);
    }
    // No enemy pawn in front on this or a neighbouring file, and not
    // behind an own pawn.
    let stoppers = rear_span(us, theirs | sideways(theirs));
    let passed = own & !stoppers & !doubled;
    for sq in Squares(passed) {
        feat!(e, Term::PassedPawns, us, PASSED[relative_rank(us, sq)], 1);
    }
    passed
}

#[inline(always)]
fn passed_extras<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>, us: Color, sq: usize) {
    let (u, t) = (us as usize, (!us) as usize);
    let (stop, rank) = (forward(us, sq), relative_rank(us, sq));
    if ctx.occ & (1 << stop) != 0 {
        feat!(e, Term::PassedPawns, us, PASSED_BLOCKED[rank], 1);
    } else if ctx.all[t] & (1 << stop) == 0 {
        feat!(e, Term::PassedPawns, us, PASSED_FREE[rank], 1);
    }
    let own_king = distance(ctx.king[u], stop) as i32;
    let enemy_king = distance(ctx.king[t], stop) as i32;
    feat!(e, Term::PassedPawns, us, PASSED_OWN_KING[rank], own_king);
    feat!(e, Term::PassedPawns, us, PASSED_ENEMY_KING[rank], enemy_king);
}
