//! King safety for a king on any file (Chess960 kings start anywhere):
//! pawn shelter and pawn storm on the king's own file and its neighbours,
//! and the danger sum of enemy attacks on the king zone (attackers by
//! type, attacked and weak zone squares, safe checks), which
//! `evaluate.rs` turns into a penalty.

use shakmaty::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Color};

use crate::bits::role::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
use crate::bits::{AHEAD, FILES, RANK_1, file_of, forward, rank_of, relative_rank, side_color, square};
use crate::context::{Ctx, Eval, danger, feat};
use crate::tracer::{Term, Tracer};

/// Pawn shelter and storm: pawns and king squares only (the pawn cache
/// keeps them).
#[inline(always)]
pub(crate) fn shelter<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) {
    shelter_and_storm(ctx, e, side_color(true));
    shelter_and_storm(ctx, e, side_color(false));
}

/// The danger sums against both kings.
#[inline(always)]
pub(crate) fn danger<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) {
    king_danger(ctx, e, side_color(true));
    king_danger(ctx, e, side_color(false));
}

/// The nearest pawn of `pawns` to a `us` king on `king`, on `file`, level
/// with or in front of the king as `us` sees it, as SHELTER/STORM's index:
/// 0 none, 1 level, 2 one rank ahead, ... (at most 7).
#[inline(always)]
fn nearest(us: Color, king: usize, file: usize, pawns: u64) -> (usize, Option<usize>) {
    let level_or_ahead = AHEAD[us as usize][rank_of(king)] | (RANK_1 << (8 * rank_of(king)));
    let on_file = pawns & FILES[file] & level_or_ahead;
    if on_file == 0 {
        return (0, None);
    }
    let sq =
        if us == Color::White { on_file.trailing_zeros() } else { 63 - on_file.leading_zeros() } as usize;
    let gap = relative_rank(us, sq) - relative_rank(us, king);
    ((gap + 1).min(7), Some(sq))
}

#[inline(always)]
fn shelter_and_storm<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>, us: Color) {
    let (u, t) = (us as usize, (!us) as usize);
    let king = ctx.king[u];
    let kf = file_of(king);
    let own = ctx.pieces[u][PAWN];
    let theirs = ctx.pieces[t][PAWN];
    for file in kf.saturating_sub(1)..=(kf + 1).min(7) {
        let side = usize::from(file != kf);
        let (shelter, _) = nearest(us, king, file, own);
        feat!(e, Term::KingSafety, us, SHELTER[side][shelter], 1);
        let (storm, pawn) = nearest(us, king, file, theirs);
        // A storming pawn our own pawn stands in front of cannot advance.
        let blocked = pawn.is_some_and(|sq| own & (1 << forward(!us, sq)) != 0);
        feat!(e, Term::KingSafety, us, STORM[usize::from(blocked)][storm], 1);
    }
}

/// The danger features against `us`'s king. Counted only when the attack
/// is real: two attackers, or one with the enemy queen on the board.
#[inline(always)]
fn king_danger<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>, us: Color) {
    let (u, t) = (us as usize, (!us) as usize);
    let attackers = &ctx.attackers[u];
    let count: i32 = attackers.iter().sum();
    let queenless = ctx.pieces[t][QUEEN] == 0;
    if count < 2 - i32::from(!queenless) {
        return;
    }
    for (kind, &n) in attackers.iter().enumerate() {
        if n != 0 {
            danger!(e, us, KING_ATTACKERS[kind], n);
        }
    }
    danger!(e, us, KING_ZONE_ATTACKS, ctx.zone_attacks[u]);
    let guarded = ctx.att[u][PAWN] | ctx.att[u][KNIGHT] | ctx.att[u][BISHOP] | ctx.att[u][ROOK];
    let weak = ctx.zone[u] & ctx.all[t] & !guarded;
    if weak != 0 {
        danger!(e, us, KING_WEAK_SQUARES, weak.count_ones() as i32);
    }
    // Squares the enemy could check from, that it reaches and we do not guard.
    let ksq = square(ctx.king[u]);
    let safe = !ctx.colors[t] & !ctx.all[u];
    let diagonal = bishop_attacks(ksq, Bitboard(ctx.occ)).0;
    let straight = rook_attacks(ksq, Bitboard(ctx.occ)).0;
    let checks = [
        knight_attacks(ksq).0 & ctx.att[t][KNIGHT],
        diagonal & ctx.att[t][BISHOP],
        straight & ctx.att[t][ROOK],
        (diagonal | straight) & ctx.att[t][QUEEN],
    ];
    for (kind, set) in checks.into_iter().enumerate() {
        let n = (set & safe).count_ones() as i32;
        if n != 0 {
            danger!(e, us, KING_SAFE_CHECKS[kind], n);
        }
    }
    if queenless {
        danger!(e, us, KING_NO_QUEEN, 1);
    }
}
