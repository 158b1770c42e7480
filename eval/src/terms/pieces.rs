//! Knights, bishops, rooks and queens: mobility, attacks on the enemy king
//! zone (counted here, scored in `king`), outposts, the bishop pair, rooks
//! and queens on open files, and the two Chess960 traps: a bishop shut in
//! its corner by its own pawn, and a rook shut in by its own uncastled king.
//!
//! This pass also fills the attack maps the later terms read.

use shakmaty::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use shakmaty::{Bitboard, Color, Role};

use crate::bits::role::{BISHOP, PAWN};
use crate::bits::{
    self, FILES, Squares, attack_span, file_of, relative_rank, relative_square, side_color, square,
};
use crate::context::{Ctx, Eval, feat};
use crate::params::{OUTPOST_RANKS, TRAPPED_ROOK_MOBILITY};
use crate::tracer::{Term, Tracer};

#[inline(always)]
pub(crate) fn eval<T: Tracer>(ctx: &mut Ctx, e: &mut Eval<'_, T>) {
    side::<T, true>(ctx, e);
    side::<T, false>(ctx, e);
}

/// One side's features (`WHITE` fixes the side at compile time).
#[inline(always)]
fn side<T: Tracer, const WHITE: bool>(ctx: &mut Ctx, e: &mut Eval<'_, T>) {
    let us = side_color(WHITE);
    let (u, t) = (us as usize, (!us) as usize);
    let own = ctx.colors[u];
    // Mobility counts squares neither blocked by our own pieces nor
    // guarded by an enemy pawn.
    let safe = !own & !ctx.att[t][PAWN];
    let occ = Bitboard(ctx.occ);
    for sq in Squares(ctx.pieces[u][1]) {
        let a = knight_attacks(square(sq)).0;
        ctx.attack(us, Role::Knight, a);
        feat!(e, Term::Mobility, us, MOBILITY_KNIGHT[(a & safe).count_ones() as usize], 1);
        king_zone(ctx, us, 0, a);
        outpost(ctx, e, us, sq, 0);
    }
    for sq in Squares(ctx.pieces[u][2]) {
        let a = bishop_attacks(square(sq), occ).0;
        ctx.attack(us, Role::Bishop, a);
        feat!(e, Term::Mobility, us, MOBILITY_BISHOP[(a & safe).count_ones() as usize], 1);
        king_zone(ctx, us, 1, a);
        outpost(ctx, e, us, sq, 1);
        cornered_bishop(ctx, e, us, sq);
    }
    for sq in Squares(ctx.pieces[u][3]) {
        let a = rook_attacks(square(sq), occ).0;
        ctx.attack(us, Role::Rook, a);
        let mobility = (a & safe).count_ones();
        feat!(e, Term::Mobility, us, MOBILITY_ROOK[mobility as usize], 1);
        king_zone(ctx, us, 2, a);
        if let Some(i) = open_file(ctx, us, sq) {
            feat!(e, Term::OpenFiles, us, ROOK_FILE[i], 1);
        }
        if mobility <= TRAPPED_ROOK_MOBILITY {
            trapped_rook(ctx, e, us, sq);
        }
    }
    for sq in Squares(ctx.pieces[u][4]) {
        let a = queen_attacks(square(sq), occ).0;
        ctx.attack(us, Role::Queen, a);
        feat!(e, Term::Mobility, us, MOBILITY_QUEEN[(a & safe).count_ones() as usize], 1);
        king_zone(ctx, us, 3, a);
        if let Some(i) = open_file(ctx, us, sq) {
            feat!(e, Term::OpenFiles, us, QUEEN_FILE[i], 1);
        }
    }
    if ctx.pieces[u][BISHOP] & ctx.pieces[u][BISHOP].wrapping_sub(1) != 0 {
        feat!(e, Term::BishopPair, us, BISHOP_PAIR, 1);
    }
}

/// Counts an attack set against the enemy king's zone.
#[inline(always)]
fn king_zone(ctx: &mut Ctx, us: Color, kind: usize, attacks: u64) {
    let t = (!us) as usize;
    let hits = attacks & ctx.zone[t];
    if hits != 0 {
        ctx.attackers[t][kind] += 1;
        ctx.zone_attacks[t] += hits.count_ones() as i32;
    }
}

/// 0 for an open file (no pawns), 1 for a half-open one (no own pawn).
#[inline(always)]
fn open_file(ctx: &Ctx, us: Color, sq: usize) -> Option<usize> {
    let file = FILES[file_of(sq)];
    if ctx.pieces[us as usize][PAWN] & file != 0 {
        None
    } else if ctx.pieces[(!us) as usize][PAWN] & file != 0 {
        Some(1)
    } else {
        Some(0)
    }
}

#[inline(always)]
fn outpost<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>, us: Color, sq: usize, kind: usize) {
    let (u, t) = (us as usize, (!us) as usize);
    if OUTPOST_RANKS.contains(&relative_rank(us, sq))
        && ctx.att[u][PAWN] & (1 << sq) != 0
        && ctx.pieces[t][PAWN] & attack_span(us, sq) == 0
    {
        feat!(e, Term::Outposts, us, OUTPOST[kind], 1);
    }
}

/// A bishop on a1/h1 (relative) with its own pawn on b2/g2: the long
/// diagonal, its only way out, is shut. Common in Chess960 starts with a
/// corner bishop.
#[inline(always)]
fn cornered_bishop<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>, us: Color, sq: usize) {
    let rel = relative_square(us, sq);
    let pawn = match rel {
        0 => 9,  // a1: b2
        7 => 14, // h1: g2
        _ => return,
    };
    let pawn_sq = relative_square(us, pawn);
    if ctx.pieces[us as usize][PAWN] & (1 << pawn_sq) == 0 {
        return;
    }
    feat!(e, Term::Chess960, us, CORNERED_BISHOP[0], 1);
    if ctx.occ & (1 << bits::forward(us, pawn_sq)) != 0 {
        feat!(e, Term::Chess960, us, CORNERED_BISHOP[1], 1);
    }
}

/// A rook on the back rank between its king (also on the back rank) and the
/// nearer edge, without the castling right that would free it: the king
/// is in its way. Worse when no castling right is left at all.
#[inline(always)]
fn trapped_rook<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>, us: Color, sq: usize) {
    let k = ctx.king[us as usize];
    if relative_rank(us, sq) != 0 || relative_rank(us, k) != 0 || ctx.castling & (1 << sq) != 0 {
        return;
    }
    let (kf, rf) = (file_of(k), file_of(sq));
    // The outer side is the one nearer the edge: the a-side for a king on
    // a..d, the h-side for a king on e..h.
    let outer = if kf < 4 { rf < kf } else { rf > kf };
    if !outer {
        return;
    }
    let back_rank = if us == Color::White { bits::RANK_1 } else { bits::RANK_1 << 56 };
    let any_right = ctx.castling & back_rank & ctx.pieces[us as usize][3] != 0;
    feat!(e, Term::Chess960, us, TRAPPED_ROOK, if any_right { 1 } else { 2 });
}
