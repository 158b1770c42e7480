//! The tuner's view of `params.rs`: every parameter table numbered into one
//! flat index space (a table's index is its offset plus the position inside
//! it), with the names, shapes and descriptions the code generator writes
//! back.
//!
//! A table's offset constant has the same name as the table itself
//! (`layout::PASSED` next to `params::PASSED`), and the evaluation reaches
//! both through one macro (`feat!`, defined with the evaluation context), so
//! a value and its index cannot drift apart. Adding a table means adding it to
//! `params.rs` and to the one list below.

use crate::params;
use crate::score::S;

/// A parameter table's shape, read from its Rust type.
pub trait Shape {
    /// Number of `S` values.
    const LEN: usize;
    /// The dimensions as written in Rust (`[]` for a scalar).
    const DIMS: &'static [usize];
    fn flat(&self) -> &[S];
}

impl Shape for S {
    const LEN: usize = 1;
    const DIMS: &'static [usize] = &[];
    fn flat(&self) -> &[S] {
        std::slice::from_ref(self)
    }
}

impl<const N: usize> Shape for [S; N] {
    const LEN: usize = N;
    const DIMS: &'static [usize] = &[N];
    fn flat(&self) -> &[S] {
        self
    }
}

impl<const N: usize, const M: usize> Shape for [[S; N]; M] {
    const LEN: usize = N * M;
    const DIMS: &'static [usize] = &[M, N];
    fn flat(&self) -> &[S] {
        self.as_flattened()
    }
}

const fn len_of<T: Shape>(_: &T) -> usize {
    T::LEN
}

fn dims_of<T: Shape>(_: &T) -> &'static [usize] {
    T::DIMS
}

/// One table as the tuner and the code generator see it.
pub struct Group {
    pub name: &'static str,
    pub doc: &'static str,
    /// `[]` scalar, `[n]` array, `[m, n]` array of arrays.
    pub dims: &'static [usize],
    pub offset: usize,
    /// The compiled-in values, flattened.
    pub values: &'static [S],
}

macro_rules! offsets {
    ($prev:expr;) => {
        /// Number of tuned parameters (each an `S` pair).
        pub const NUM_PARAMS: usize = $prev;
    };
    ($prev:expr; $name:ident $(, $rest:ident)*) => {
        pub const $name: usize = $prev;
        offsets!($name + len_of(&params::$name); $($rest),*);
    };
}

/// Each table's values packed into one `i64` each (see
/// [`crate::score::pack`]), with the table's shape: what the evaluation
/// adds up, one integer addition per feature instead of two.
macro_rules! packed {
    ($name:ident S) => {
        pub const $name: i64 = pack(params::$name);
    };
    ($name:ident S[$n:literal]) => {
        pub const $name: [i64; $n] = pack1(&params::$name);
    };
    ($name:ident S[$m:literal][$n:literal]) => {
        pub const $name: [[i64; $n]; $m] = pack2(&params::$name);
    };
}

macro_rules! layout {
    ($($name:ident : S $([$dim:literal])* => $doc:literal,)*) => {
        offsets!(0; $($name),*);

        /// The parameter tables packed for the evaluation.
        pub mod packed {
            use super::params;
            use crate::score::{pack, pack1, pack2};
            $(packed!($name S $([$dim])*);)*
        }

        /// Every table in `params.rs` order.
        pub fn groups() -> Vec<Group> {
            vec![$(Group {
                name: stringify!($name),
                doc: $doc,
                dims: dims_of(&params::$name),
                offset: $name,
                values: Shape::flat(&params::$name),
            }),*]
        }
    };
}

layout! {
    MATERIAL: S[6] => "Material by role, pawn .. king (the king's is never used).",
    PST: S[6][64] => "Piece-square tables by role (pawn .. king), from White's side with a1 first; Black reads them \
            mirrored top to bottom.",
    MOBILITY_KNIGHT: S[9] => "Knight mobility by number of safe squares (not own pieces, not attacked by enemy pawns).",
    MOBILITY_BISHOP: S[14] => "Bishop mobility by number of safe squares.",
    MOBILITY_ROOK: S[15] => "Rook mobility by number of safe squares.",
    MOBILITY_QUEEN: S[28] => "Queen mobility by number of safe squares.",
    OUTPOST: S[2] => "Knight, bishop on a square an own pawn guards and no enemy pawn can ever attack.",
    BISHOP_PAIR: S => "Two or more bishops.",
    ROOK_FILE: S[2] => "Rook on an open file, on a half-open file (no own pawn).",
    QUEEN_FILE: S[2] => "Queen on an open file, on a half-open file.",
    CORNERED_BISHOP: S[2] => "Chess960: bishop in a corner (a1/h1 relative) behind its own pawn on b2/g2; the \
                        second value adds when that pawn cannot advance.",
    TRAPPED_ROOK: S => "Chess960: rook on the back rank on its uncastled king's outer side, without the \
                     castling right that would free it and with little room (counted twice when no \
                     castling right is left at all).",
    ISOLATED: S => "Pawn with no own pawn on the files beside it.",
    DOUBLED: S => "Pawn with an own pawn in front of it on the same file.",
    BACKWARD: S => "Pawn whose neighbours have all advanced past it and whose stop square an enemy pawn \
                 guards.",
    SUPPORTED: S[8] => "Pawn defended by an own pawn, by relative rank.",
    PHALANX: S[8] => "Pawn with an own pawn beside it on the same rank, by relative rank.",
    PASSED: S[8] => "Passed pawn by relative rank.",
    PASSED_FREE: S[8] => "Passed pawn whose stop square is empty and not attacked by the enemy, by rank.",
    PASSED_BLOCKED: S[8] => "Passed pawn whose stop square is occupied, by rank.",
    PASSED_OWN_KING: S[8] => "Per square of distance from the own king to the passer's stop square, by rank.",
    PASSED_ENEMY_KING: S[8] => "Per square of distance from the enemy king to the passer's stop square, by rank.",
    SHELTER: S[2][8] => "Own pawn shelter on the king's file [0] and each neighbouring file [1], by the nearest \
                own pawn's distance in ranks in front of the king (index 0: none, 1: level with it, 2: \
                one rank ahead, ...), for a king on any file.",
    STORM: S[2][8] => "Enemy pawn storm on the king's file and its neighbours, by the nearest enemy pawn's \
              distance (as SHELTER); [0] free to advance, [1] blocked by an own pawn.",
    KING_ATTACKERS: S[4] => "King danger: per knight, bishop, rook, queen attacking the king zone.",
    KING_ZONE_ATTACKS: S => "King danger: per attack on a king-zone square.",
    KING_WEAK_SQUARES: S => "King danger: per king-zone square attacked and guarded by no own pawn or minor \
                          or rook.",
    KING_SAFE_CHECKS: S[4] => "King danger: per safe checking square for a knight, bishop, rook, queen.",
    KING_NO_QUEEN: S => "King danger: the attacker has no queen.",
    THREAT_BY_PAWN: S[6] => "Enemy piece attacked by a pawn, by the victim's role (pawn .. king).",
    THREAT_BY_MINOR: S[6] => "Enemy piece attacked by a knight or bishop, by the victim's role.",
    THREAT_BY_ROOK: S[6] => "Enemy piece attacked by a rook, by the victim's role.",
    HANGING: S => "Enemy piece or pawn attacked and not defended.",
    TEMPO: S => "The side to move.",
}

/// The compiled-in parameters as one flat vector, in index order.
pub fn current() -> Vec<S> {
    let mut v = Vec::with_capacity(NUM_PARAMS);
    for g in groups() {
        debug_assert_eq!(g.offset, v.len());
        v.extend_from_slice(g.values);
    }
    v
}

/// The name of parameter `index`, e.g. `PASSED[5]` or `PST[1][27]`.
pub fn name_of(index: usize) -> String {
    for g in groups() {
        if index >= g.offset && index < g.offset + g.values.len() {
            let i = index - g.offset;
            return match g.dims {
                [] => g.name.to_string(),
                [_] => format!("{}[{i}]", g.name),
                [_, n] => format!("{}[{}][{}]", g.name, i / n, i % n),
                _ => format!("{}[{i}]", g.name),
            };
        }
    }
    format!("#{index}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_contiguous() {
        let groups = groups();
        let mut next = 0;
        for g in &groups {
            assert_eq!(g.offset, next, "{}", g.name);
            next += g.values.len();
        }
        assert_eq!(next, NUM_PARAMS);
        assert_eq!(current().len(), NUM_PARAMS);
        assert!(NUM_PARAMS < u16::MAX as usize, "indices are stored as u16");
        assert_eq!(name_of(PST + 64 + 3), "PST[1][3]");
        assert_eq!(name_of(TEMPO), "TEMPO");
        assert_eq!(name_of(PASSED + 5), "PASSED[5]");
    }
}
