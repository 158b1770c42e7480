//! A middlegame/endgame score pair, blended by game phase at the end.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A tapered score: `S(middlegame, endgame)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl S {
    pub const ZERO: S = S(0, 0);

    /// Blends the pair: `phase` runs from 0 (bare kings and pawns) to
    /// `MAX_PHASE` (all pieces on the board).
    pub fn taper(self, phase: i32, max_phase: i32) -> i32 {
        (self.0 * phase + self.1 * (max_phase - phase)) / max_phase
    }
}

/// Packs a pair into one integer, middlegame in the high half: sums of
/// packed values are packed sums (as long as each half of the sum fits an
/// `i32`), so the evaluation adds a feature with one instruction.
pub(crate) const fn pack(s: S) -> i64 {
    ((s.0 as i64) << 32) + s.1 as i64
}

/// The pair of a packed sum.
#[inline(always)]
pub(crate) const fn unpack(v: i64) -> S {
    let eg = v as i32;
    let mg = ((v - eg as i64) >> 32) as i32;
    S(mg, eg)
}

pub(crate) const fn pack1<const N: usize>(t: &[S; N]) -> [i64; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = pack(t[i]);
        i += 1;
    }
    out
}

pub(crate) const fn pack2<const N: usize, const M: usize>(t: &[[S; N]; M]) -> [[i64; N]; M] {
    let mut out = [[0; N]; M];
    let mut i = 0;
    while i < M {
        out[i] = pack1(&t[i]);
        i += 1;
    }
    out
}

impl Add for S {
    type Output = S;
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl Sub for S {
    type Output = S;
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl AddAssign for S {
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}

impl SubAssign for S {
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}

impl Neg for S {
    type Output = S;
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_sums_unpack_exactly() {
        let values = [S(5, -7), S(-300, 2), S(0, -1), S(-1, 0), S(1000, 1000), S(-12345, 54321)];
        let mut sum = S::ZERO;
        let mut packed = 0i64;
        for (i, &v) in values.iter().enumerate() {
            let n = i as i32 - 2;
            sum += v * n;
            packed += pack(v) * i64::from(n);
            assert_eq!(unpack(packed), sum);
            assert_eq!(unpack(pack(v)), v);
        }
        assert_eq!(unpack(pack(S(i32::MAX / 2, i32::MIN / 2))), S(i32::MAX / 2, i32::MIN / 2));
    }
}
