//! Endgame scaling: how much of the endgame score the side ahead can hope
//! to convert, out of 128. Material that cannot win (a lone minor piece,
//! two knights against a bare king) scales to 0; a pawnless edge of a
//! minor piece or less and opposite-coloured bishops scale down.

use shakmaty::Color;

use crate::bits::LIGHT_SQUARES;
use crate::context::{Ctx, SCALE_ONE};
use crate::params::{SCALE_NO_PAWNS_SMALL_EDGE, SCALE_OPPOSITE_BISHOPS, SCALE_OPPOSITE_BISHOPS_ALONE};

/// Non-pawn material in minor-piece units of 3 (knight, bishop 3, rook 5,
/// queen 9): only the balance matters here, not the evaluation's values.
#[inline(always)]
fn non_pawn(ctx: &Ctx, c: usize) -> u32 {
    let p = &ctx.pieces[c];
    3 * (p[1] | p[2]).count_ones() + 5 * p[3].count_ones() + 9 * p[4].count_ones()
}

/// The scale (of 128) for the endgame score when `strong` is ahead in it.
#[inline(always)]
pub(crate) fn of(ctx: &Ctx, strong: Color) -> i32 {
    let (s, w) = (strong as usize, (!strong) as usize);
    let (npm_s, npm_w) = (non_pawn(ctx, s), non_pawn(ctx, w));
    if ctx.pieces[s][0] == 0 {
        if npm_s <= 3 {
            return 0;
        }
        let only_knights = npm_s == 6 && ctx.pieces[s][1].count_ones() == 2;
        if only_knights && ctx.pieces[w][0] == 0 {
            return 0;
        }
        if npm_s <= npm_w + 3 {
            return SCALE_NO_PAWNS_SMALL_EDGE;
        }
    }
    let (bs, bw) = (ctx.pieces[s][2], ctx.pieces[w][2]);
    if bs.count_ones() == 1
        && bw.count_ones() == 1
        && ((bs & LIGHT_SQUARES) == 0) != ((bw & LIGHT_SQUARES) == 0)
    {
        return if npm_s == 3 && npm_w == 3 { SCALE_OPPOSITE_BISHOPS_ALONE } else { SCALE_OPPOSITE_BISHOPS };
    }
    SCALE_ONE
}
