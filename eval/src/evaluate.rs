//! The evaluation function: builds the shared [`Ctx`] of a position, runs
//! every term (`terms/`), applies king danger, tapers middlegame and endgame
//! by phase and scales drawish endgames.
//!
//! Every term is linear in its parameters: it adds `count × value` of one
//! parameter for one side, through [`feat!`], which also tells the
//! [`Tracer`] the parameter's index and count. King danger is the one
//! non-linear part: its features are summed per side and turned into a
//! penalty (`danger² / KING_DANGER_MG_DIV` middlegame, `danger /
//! KING_DANGER_EG_DIV` endgame) that the tuner differentiates through.

use shakmaty::{Chess, Color, Position, Role};

use crate::bits::{self, pawn_attacks, push};
use crate::params::{KING_DANGER_EG_DIV, KING_DANGER_MG_DIV, PHASE_WEIGHT};
use crate::pawn_cache;
use crate::score::{S, pack, unpack};
use crate::terms;
use crate::trace::{NoTrace, Term, Tracer};

/// Phase with every piece on the board.
pub const MAX_PHASE: i32 = 24;
/// The endgame scale that changes nothing.
pub const SCALE_ONE: i32 = 128;

/// Adds `count` times a parameter for a side: `feat!(e, term, color,
/// NAME, count)`, `NAME[i]` or `NAME[i][j]`. The parameter's value and its
/// tuner index come from the same name, so they cannot disagree.
macro_rules! feat {
    ($e:expr, $term:expr, $c:expr, $name:ident, $n:expr) => {
        $e.add($term, $c, crate::layout::$name, crate::layout::packed::$name, $n)
    };
    ($e:expr, $term:expr, $c:expr, $name:ident[$i:expr], $n:expr) => {{
        let i: usize = $i;
        $e.add($term, $c, crate::layout::$name + i, crate::layout::packed::$name[i], $n)
    }};
    ($e:expr, $term:expr, $c:expr, $name:ident[$i:expr][$j:expr], $n:expr) => {{
        let (i, j): (usize, usize) = ($i, $j);
        let width = crate::params::$name[0].len();
        $e.add($term, $c, crate::layout::$name + i * width + j, crate::layout::packed::$name[i][j], $n)
    }};
}

/// Adds `count` times a parameter to the danger sum against `color`'s king.
macro_rules! danger {
    ($e:expr, $c:expr, $name:ident, $n:expr) => {
        $e.add_danger($c, crate::layout::$name, crate::layout::packed::$name, $n)
    };
    ($e:expr, $c:expr, $name:ident[$i:expr], $n:expr) => {{
        let i: usize = $i;
        $e.add_danger($c, crate::layout::$name + i, crate::layout::packed::$name[i], $n)
    }};
}

pub(crate) use {danger, feat};

/// What the terms share about a position: occupancy, pieces, attack maps.
/// Arrays by side are indexed `Color as usize` (Black 0, White 1); by role
/// `role as usize - 1`.
pub(crate) struct Ctx {
    pub occ: u64,
    pub colors: [u64; 2],
    pub pieces: [[u64; 6]; 2],
    pub king: [usize; 2],
    /// Rooks that still have a castling right.
    pub castling: u64,
    /// Squares around each king (and one rank in front of that) that
    /// count for king danger.
    pub zone: [u64; 2],
    /// Attacks by each side and role; the pieces' rows fill in as the
    /// piece terms run (pawns and king from the start).
    pub att: [[u64; 6]; 2],
    /// Everything a side attacks.
    pub all: [u64; 2],
    /// Per king: enemy knights, bishops, rooks, queens attacking its zone,
    /// and their attacks on zone squares.
    pub attackers: [[i32; 4]; 2],
    pub zone_attacks: [i32; 2],
}

impl Ctx {
    fn new(pos: &Chess) -> Ctx {
        let board = pos.board();
        let mut pieces = [[0u64; 6]; 2];
        for c in Color::ALL {
            for r in Role::ALL {
                pieces[c as usize][r as usize - 1] = board.by_piece(r.of(c)).0;
            }
        }
        let mut ctx = Ctx {
            occ: board.occupied().0,
            colors: [board.by_color(Color::Black).0, board.by_color(Color::White).0],
            pieces,
            king: [0; 2],
            castling: pos.castles().castling_rights().0,
            zone: [0; 2],
            att: [[0; 6]; 2],
            all: [0; 2],
            attackers: [[0; 4]; 2],
            zone_attacks: [0; 2],
        };
        for c in Color::ALL {
            let i = c as usize;
            // A legal position has one king a side; `& 63` keeps a broken
            // one from indexing out of range.
            let k = (ctx.pieces[i][5].trailing_zeros() & 63) as usize;
            ctx.king[i] = k;
            let king_att = shakmaty::attacks::king_attacks(bits::square(k)).0;
            let around = king_att | (1u64 << k);
            ctx.zone[i] = around | push(c, around);
            let pawns = ctx.pieces[i][0];
            let pawn_att = pawn_attacks(c, pawns);
            ctx.att[i][0] = pawn_att;
            ctx.att[i][5] = king_att;
            ctx.all[i] = pawn_att | king_att;
        }
        ctx
    }

    /// Records attacks by a piece of `color` and `role`.
    #[inline(always)]
    pub fn attack(&mut self, color: Color, role: Role, set: u64) {
        let i = color as usize;
        self.att[i][role as usize - 1] |= set;
        self.all[i] |= set;
    }
}

/// The running sums, packed ([`crate::score::pack`]): each side's score
/// and the danger against its king.
pub(crate) struct Eval<'t, T: Tracer> {
    pub t: &'t mut T,
    pub score: [i64; 2],
    pub danger: [i64; 2],
}

impl<'t, T: Tracer> Eval<'t, T> {
    #[inline(always)]
    pub fn new(t: &'t mut T) -> Self {
        Eval { t, score: [0; 2], danger: [0; 2] }
    }

    #[inline(always)]
    pub fn add(&mut self, term: Term, c: Color, index: usize, value: i64, n: i32) {
        self.score[c as usize] += value * i64::from(n);
        self.t.linear(term, c, index, unpack(value), n);
    }

    #[inline(always)]
    pub fn add_danger(&mut self, c: Color, index: usize, value: i64, n: i32) {
        self.danger[c as usize] += value * i64::from(n);
        self.t.danger(c, index, n);
    }

    /// White's score minus Black's so far.
    #[inline(always)]
    pub fn white_minus_black(&self) -> i64 {
        self.score[1] - self.score[0]
    }
}

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

/// The terms that depend on pawns and kings alone (pawn material and
/// squares, pawn structure, shelter and storm); returns the passed pawns.
/// [`pawn_cache`] remembers their result.
#[inline(always)]
pub(crate) fn pawn_terms<T: Tracer>(ctx: &Ctx, e: &mut Eval<'_, T>) -> u64 {
    terms::material::pawns(ctx, e);
    let passed = terms::pawns::structure(ctx, e);
    terms::king::shelter(ctx, e);
    passed
}

/// Static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Chess) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has the popcnt instruction, checked just above.
        return unsafe { evaluate_popcnt(pos) };
    }
    evaluate_with(pos, &mut NoTrace)
}

/// The evaluation compiled with the popcnt instruction. The default x86-64
/// target lacks it, and without it every `count_ones` (mobility, threats,
/// king attacks, ...) becomes a dozen instructions: this copy is about a
/// fifth faster. Its result is the same (a population count is a
/// population count), so the bench stays deterministic across machines.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn evaluate_popcnt(pos: &Chess) -> i32 {
    evaluate_with(pos, &mut NoTrace)
}

/// The evaluation, reporting every feature to `t`. Returns the side to
/// move's score. Inlined, with every term, so that [`evaluate_popcnt`]
/// compiles all of it with popcnt.
#[inline(always)]
pub(crate) fn evaluate_with<T: Tracer>(pos: &Chess, t: &mut T) -> i32 {
    let mut ctx = Ctx::new(pos);
    let mut e = Eval::new(t);
    let passed = if T::CACHED { pawn_cache::probe(&ctx, &mut e) } else { pawn_terms(&ctx, &mut e) };
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
