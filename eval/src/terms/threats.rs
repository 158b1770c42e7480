//! Threats: enemy pieces attacked by pawns, by minor pieces, by rooks, and
//! hanging pieces (attacked and not defended).

use crate::bits::role::{BISHOP, KING, KNIGHT, PAWN, ROOK};
use crate::bits::{Squares, side_color};
use crate::context::{Ctx, Eval, feat};
use crate::tracer::{Term, Tracer};

#[inline(always)]
pub(crate) fn eval<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) {
    side::<T, true>(ctx, e);
    side::<T, false>(ctx, e);
}

/// One side's features (`WHITE` fixes the side at compile time).
#[inline(always)]
fn side<T: Tracer, const WHITE: bool>(ctx: &Ctx, e: &mut Eval<'_, T>) {
    let us = side_color(WHITE);
    let (u, t) = (us as usize, (!us) as usize);
    let by_pawn = ctx.att[u][PAWN];
    let by_minor = ctx.att[u][KNIGHT] | ctx.att[u][BISHOP];
    let by_rook = ctx.att[u][ROOK];
    // Few pieces are attacked at a time: visit those rather than every role.
    let attacked = ctx.colors[t] & !ctx.pieces[t][KING] & (by_pawn | by_minor | by_rook);
    for sq in Squares(attacked) {
        let bit = 1u64 << sq;
        let role = (PAWN..KING).find(|&r| ctx.pieces[t][r] & bit != 0).unwrap_or(PAWN);
        if by_pawn & bit != 0 && role != PAWN {
            feat!(e, Term::Threats, us, THREAT_BY_PAWN[role], 1);
        }
        if by_minor & bit != 0 {
            feat!(e, Term::Threats, us, THREAT_BY_MINOR[role], 1);
        }
        if by_rook & bit != 0 {
            feat!(e, Term::Threats, us, THREAT_BY_ROOK[role], 1);
        }
    }
    let hanging = ctx.colors[t] & !ctx.pieces[t][KING] & ctx.all[u] & !ctx.all[t];
    if hanging != 0 {
        feat!(e, Term::Threats, us, HANGING, hanging.count_ones() as i32);
    }
}
