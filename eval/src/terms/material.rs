//! Material and piece-square tables: pawns (which the pawn cache keeps)
//! apart from the pieces.

use crate::bits::{Squares, relative_square, side_color};
use crate::context::{Ctx, Eval, feat};
use crate::tracer::{Term, Tracer};

/// Pawns' material and squares.
#[inline(always)]
pub(crate) fn pawns<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) {
    side::<T, true>(ctx, e, 0..1);
    side::<T, false>(ctx, e, 0..1);
}

/// Every other piece's material and squares.
#[inline(always)]
pub(crate) fn pieces<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) {
    side::<T, true>(ctx, e, 1..6);
    side::<T, false>(ctx, e, 1..6);
}

/// One side's features (`WHITE` fixes the side at compile time).
#[inline(always)]
fn side<T: Tracer, const WHITE: bool>(ctx: &Ctx, e: &mut Eval<'_, T>, roles: std::ops::Range<usize>) {
    let c = side_color(WHITE);
    for role in roles {
        let set = ctx.pieces[c as usize][role];
        if set == 0 {
            continue;
        }
        feat!(e, Term::Material, c, MATERIAL[role], set.count_ones() as i32);
        for sq in Squares(set) {
            feat!(e, Term::PieceSquare, c, PST[role][relative_square(c, sq)], 1);
        }
    }
}
