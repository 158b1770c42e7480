//! One win/draw/loss model as a value: the compiled-in one ([`Model::COMPILED`])
//! or any other (a fit just made, or the model a binary that played some
//! games was built with), so that `rockad wdl` can hold two at once: the
//! one it converts reported scores back with and the one it is fitting.

use super::{MATERIAL_MAX, MATERIAL_MIN, MATERIAL_REFERENCE, coefficients};

/// The coefficients of `a(x)` and `b(x)`, highest power first, `x` being
/// material / [`MATERIAL_REFERENCE`]; the share of upsets and how much
/// flatter their curve is; and the draw chance at an exact 0.00.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Model {
    pub a: [f64; 4],
    pub b: [f64; 4],
    /// The share `u` of the chances that follow the flatter curve (0: a
    /// plain logistic model).
    pub upset: f64,
    /// How steep the upsets' curve is beside the main one (`c`, 0 to 1).
    pub upset_slope: f64,
    /// How many times wider the curves are above their midpoint than below
    /// (`k`, 1: symmetric): a small edge rarely wins, yet a large one still
    /// fails to convert now and then, more often than the rise near the
    /// midpoint says.
    pub upper: f64,
    /// The draw chance at a score of exactly 0 is `σ(z[0] + z[1]·x)`; none:
    /// the curves' own value there.
    pub zero: Option<[f64; 2]>,
}

fn polynomial(c: &[f64; 4], x: f64) -> f64 {
    ((c[0] * x + c[1]) * x + c[2]) * x + c[3]
}

/// The logistic function, shared by the model and its fits.
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `z` on the curves' own scale, whose upper half is `k` times as wide,
/// and its derivative in `z`: shared by the model, its fits and their tests.
pub(crate) fn stretch(z: f64, k: f64) -> (f64, f64) {
    if z > 0.0 { (z / k, 1.0 / k) } else { (z, 1.0) }
}

impl Model {
    /// The model this binary was built with (`coefficients.rs`).
    pub const COMPILED: Model = Model {
        a: coefficients::A,
        b: coefficients::B,
        upset: coefficients::UPSET,
        upset_slope: coefficients::UPSET_SLOPE,
        upper: coefficients::UPPER,
        zero: Some(coefficients::ZERO),
    };

    /// The plain two-logistic model of these cubics (no upsets, no zero class).
    pub const fn logistic(a: [f64; 4], b: [f64; 4]) -> Model {
        Model { a, b, upset: 0.0, upset_slope: 1.0, upper: 1.0, zero: None }
    }

    /// `x`, the material the polynomials are evaluated at (clamped).
    fn x(material: u32) -> f64 {
        f64::from(material.clamp(MATERIAL_MIN, MATERIAL_MAX)) / MATERIAL_REFERENCE
    }

    /// `(a, b)` for this much material (clamped).
    pub fn params(&self, material: u32) -> (f64, f64) {
        let x = Self::x(material);
        // Guards keep a badly fitted model from dividing by zero or flipping signs.
        (polynomial(&self.a, x).max(1.0), polynomial(&self.b, x).max(1.0))
    }

    /// The chance of a result at `z` standard units past its midpoint: a
    /// logistic curve, a share [`Model::upset`] of it flatter. Match games
    /// have a few results no score foresaw (a blunder, a time scramble);
    /// one logistic curve steep enough for the rest cannot hold them.
    /// Above the midpoint `z` counts [`Model::upper`] times less.
    pub fn curve(&self, z: f64) -> f64 {
        let (z, _) = stretch(z, self.upper);
        (1.0 - self.upset) * sigmoid(z) + self.upset * sigmoid(self.upset_slope * z)
    }

    /// The draw chance at a score of exactly 0 with this much material, if
    /// the model has one of its own.
    pub fn zero_draw(&self, material: u32) -> Option<f64> {
        self.zero.map(|z| sigmoid(z[0] + z[1] * Self::x(material)))
    }

    /// Chances `[loss, draw, win]` (0 to 1) of an internal score `v`, side
    /// to move's view; indexed like the results of the data (0 loss, 1
    /// draw, 2 win). A score of exactly 0 is the search's draw score (a
    /// repetition, a dead position, a fortress it cannot break): such
    /// positions are drawn far more often than the curves around them say,
    /// so they have a draw chance of their own.
    pub fn chances(&self, v: f64, material: u32) -> [f64; 3] {
        if v == 0.0
            && let Some(draw) = self.zero_draw(material)
        {
            return [(1.0 - draw) / 2.0, draw, (1.0 - draw) / 2.0];
        }
        let (a, b) = self.params(material);
        let win = self.curve((v - a) / b);
        let loss = self.curve((-v - a) / b);
        [loss, (1.0 - win - loss).max(0.0), win]
    }

    /// Reported centipawns: `100 · v / a(m)`, so that +100 is a 50% win chance.
    pub fn normalise(&self, v: i32, material: u32) -> i32 {
        let (a, _) = self.params(material);
        (100.0 * f64::from(v) / a).round() as i32
    }

    /// The internal score behind reported centipawns `cp`: the inverse of
    /// [`Model::normalise`], exact to half a reported centipawn.
    pub fn internal(&self, cp: i32, material: u32) -> i32 {
        let (a, _) = self.params(material);
        (f64::from(cp) * a / 100.0).round() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_undoes_normalise() {
        let m = Model::COMPILED;
        for material in [10, 17, 31, 58, 77, 78] {
            for v in (-1500..=1500).step_by(7) {
                let back = m.internal(m.normalise(v, material), material);
                let (a, _) = m.params(material);
                // One reported centipawn is a/100 internal units.
                assert!(
                    f64::from((back - v).abs()) <= (a / 200.0).max(0.5) + 0.5,
                    "v {v} m {material}: {back}"
                );
            }
        }
    }

    #[test]
    fn chances_add_up() {
        let m = Model::logistic([0.0, 0.0, 0.0, 100.0], [0.0, 0.0, 0.0, 50.0]);
        let [l, d, w] = m.chances(100.0, 40);
        assert!((w - 0.5).abs() < 1e-12 && (l + d + w - 1.0).abs() < 1e-12, "{l} {d} {w}");
        // Upsets flatten the curve but keep +a at an even chance to win.
        let mixed = Model { upset: 0.1, upset_slope: 0.2, ..m };
        assert!((mixed.chances(100.0, 40)[2] - 0.5).abs() < 1e-12);
        assert!(mixed.chances(0.5, 40)[2] > m.chances(0.5, 40)[2]);
        assert!(mixed.chances(400.0, 40)[2] < m.chances(400.0, 40)[2]);
        // A wider upper half keeps +a at an even chance and the curve below
        // it, and converts large edges less surely.
        let split = Model { upper: 2.0, ..m };
        assert!((split.chances(100.0, 40)[2] - 0.5).abs() < 1e-12);
        assert_eq!(split.chances(60.0, 40)[2], m.chances(60.0, 40)[2]);
        assert!(split.chances(200.0, 40)[2] < m.chances(200.0, 40)[2]);
        assert!((split.chances(200.0, 40)[2] - m.chances(150.0, 40)[2]).abs() < 1e-12);
        // The zero class holds at exactly 0 only.
        let zero = Model { zero: Some([2.0, 0.0]), ..m };
        let [l, d, w] = zero.chances(0.0, 40);
        assert!((d - sigmoid(2.0)).abs() < 1e-12 && l == w, "{l} {d} {w}");
        assert_eq!(zero.chances(1.0, 40), m.chances(1.0, 40));
        assert_eq!(m.params(5), m.params(17));
        assert_eq!(m.normalise(50, 40), 50);
        assert_eq!(m.internal(-30, 40), -30);
    }
}
