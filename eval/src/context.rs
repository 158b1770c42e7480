//! What every evaluation term shares: the [`Ctx`] of a position (occupancy,
//! pieces, attack maps), the running sums [`Eval`] the terms add to, and the
//! `feat!` / `danger!` macros through which each term adds a parameter.
//!
//! Every term is linear in its parameters: it adds `count × value` of one
//! parameter for one side, through [`feat!`], which also tells the
//! [`Tracer`] the parameter's index and count.

use shakmaty::{Chess, Color, Position, Role};

use crate::bits::{self, pawn_attacks, push};
use crate::score::unpack;
use crate::tracer::{Term, Tracer};

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
    pub fn new(pos: &Chess) -> Ctx {
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
