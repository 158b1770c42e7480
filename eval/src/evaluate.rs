//! The evaluation function: builds the shared [`Ctx`] of a position, runs
//! every term (`terms/`), applies king danger, tapers middlegame and endgame
//! by phase and scales drawish endgames.
//!
//! King danger is the one non-linear part: its features are summed per side
//! and turned into a penalty (`danger² / KING_DANGER_MG_DIV` middlegame,
//! `danger / KING_DANGER_EG_DIV` endgame) that the tuner differentiates
//! through.

use shakmaty::{Chess, Color, Position, Role};

use crate::context::{Ctx, Eval, MAX_PHASE, SCALE_ONE, feat};
use crate::params::{KING_DANGER_EG_DIV, KING_DANGER_MG_DIV, PHASE_WEIGHT};
use crate::pawn_cache::{PawnTerms, Uncached};
use crate::score::{S, pack, unpack};
use crate::terms;
use crate::tracer::{NoTrace, Term, Tracer};

/// The king-safety penalty for a danger sum: quadratic in the middlegame,
/// linear in the endgame, nothing for a negative sum.
#[inline(always)]
pub(crate) fn danger_penalty(danger: S) -> S {
    let mg = danger.0.max(0);
    let eg = danger.1.max(0);
    S(-(mg * mg / KING_DANGER_MG_DIV), -(eg / KING_DANGER_EG_DIV))
}

/// Tapers a White-side score pair by phase after scaling its endgame part;
/// a scale of 0 means a dead draw for the side ahead, so the result is 0.
#[inline(always)]
pub(crate) fn blend(total: S, phase: i32, scale_white: i32, scale_black: i32) -> i32 {
    let scale = match total.1.signum() {
        1 => scale_white,
        -1 => scale_black,
        _ => SCALE_ONE,
    };
    if scale == 0 {
        return 0;
    }
    let eg = total.1 * scale / SCALE_ONE;
    (total.0 * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The phase from piece counts, 0 (pawn ending) ..= [`MAX_PHASE`].
#[inline(always)]
fn phase_of(pieces: &[[u64; 6]; 2]) -> i32 {
    let mut p = 0;
    for role in 1..5 {
        let n = (pieces[0][role] | pieces[1][role]).count_ones() as i32;
        p += n * PHASE_WEIGHT[role];
    }
    p.min(MAX_PHASE)
}

/// The position's game phase, 0 (pawn ending) ..= [`MAX_PHASE`].
pub fn phase(pos: &Chess) -> i32 {
    let board = pos.board();
    let p: i32 =
        Role::ALL.iter().map(|&r| board.by_role(r).count() as i32 * PHASE_WEIGHT[r as usize - 1]).sum();
    p.min(MAX_PHASE)
}

/// Static evaluation in centipawns from the side to move's point of view,
/// computed from scratch. The search evaluates through an
/// [`crate::Evaluator`] instead, which keeps a pawn cache.
pub fn evaluate(pos: &Chess) -> i32 {
    evaluate_fast(pos, &mut Uncached)
}

/// The untraced evaluation, with the pawn terms from `pawns`.
#[inline]
pub(crate) fn evaluate_fast<P: PawnTerms>(pos: &Chess, pawns: &mut P) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has the popcnt instruction, checked just above.
        return unsafe { evaluate_popcnt(pos, pawns) };
    }
    evaluate_with(pos, &mut NoTrace, pawns)
}

/// The evaluation compiled with the popcnt instruction. The default x86-64
/// target lacks it, and without it every `count_ones` (mobility, threats,
/// king attacks, ...) becomes a dozen instructions: this copy is about a
/// fifth faster. Its result is the same (a population count is a
/// population count), so the bench stays deterministic across machines.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn evaluate_popcnt<P: PawnTerms>(pos: &Chess, pawns: &mut P) -> i32 {
    evaluate_with(pos, &mut NoTrace, pawns)
}

/// The evaluation, reporting every feature to `t`, with the pawn terms from
/// `pawns` (which must compute them afresh when `t` watches the features).
/// Returns the side to move's score. Inlined, with every term, so that
/// [`evaluate_popcnt`] compiles all of it with popcnt.
#[inline(always)]
pub(crate) fn evaluate_with<T: Tracer, P: PawnTerms>(pos: &Chess, t: &mut T, pawns: &mut P) -> i32 {
    let mut ctx = Ctx::new(pos);
    let mut e = Eval::new(t);
    let passed = pawns.add(&ctx, &mut e);
    terms::material::pieces(&ctx, &mut e);
    terms::pieces::eval(&mut ctx, &mut e);
    terms::pawns::passers(&ctx, &mut e, passed);
    terms::king::danger(&ctx, &mut e);
    terms::threats::eval(&ctx, &mut e);
    feat!(e, Term::Tempo, pos.turn(), TEMPO, 1);

    for c in Color::ALL {
        let penalty = danger_penalty(unpack(e.danger[c as usize]));
        e.score[c as usize] += pack(penalty);
        e.t.danger_penalty(c, penalty);
    }
    let (scale_white, scale_black) =
        (terms::scale::of(&ctx, Color::White), terms::scale::of(&ctx, Color::Black));
    e.t.scale(scale_white, scale_black);
    let total = unpack(e.white_minus_black());
    let white = blend(total, phase_of(&ctx.pieces), scale_white, scale_black);
    if pos.turn() == Color::White { white } else { -white }
}
