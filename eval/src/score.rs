//! A middlegame/endgame score pair, blended by game phase at the end.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A tapered score: `S(middlegame, endgame)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl S {
    pub const ZERO: S = S(0, 0);

    /// Blends the pair: `phase` runs from 0 (bare kings and pawns) to
    /// [`crate::evaluate::MAX_PHASE`] (all pieces on the board).
    pub fn taper(self, phase: i32, max_phase: i32) -> i32 {
        (self.0 * phase + self.1 * (max_phase - phase)) / max_phase
    }
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
