//! One win/draw/loss model as a value: the compiled-in one ([`Model::COMPILED`])
//! or any other (a fit just made, or the model a binary that played some
//! games was built with), so that `rockad wdl` can hold two at once: the
//! one it converts reported scores back with and the one it is fitting.

use super::{MATERIAL_MAX, MATERIAL_MIN, MATERIAL_REFERENCE, coefficients};

/// The coefficients of `a(x)` and `b(x)`, highest power first, `x` being
/// material / [`MATERIAL_REFERENCE`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Model {
    pub a: [f64; 4],
    pub b: [f64; 4],
}

fn polynomial(c: &[f64; 4], x: f64) -> f64 {
    ((c[0] * x + c[1]) * x + c[2]) * x + c[3]
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Model {
    /// The model this binary was built with (`coefficients.rs`).
    pub const COMPILED: Model = Model { a: coefficients::A, b: coefficients::B };

    /// `(a, b)` for this much material (clamped).
    pub fn params(&self, material: u32) -> (f64, f64) {
        let x = f64::from(material.clamp(MATERIAL_MIN, MATERIAL_MAX)) / MATERIAL_REFERENCE;
        // Guards keep a badly fitted model from dividing by zero or flipping signs.
        (polynomial(&self.a, x).max(1.0), polynomial(&self.b, x).max(1.0))
    }

    /// Chances `[loss, draw, win]` (0 to 1) of an internal score `v`, side
    /// to move's view; indexed like the results of the data (0 loss, 1
    /// draw, 2 win).
    pub fn chances(&self, v: f64, material: u32) -> [f64; 3] {
        let (a, b) = self.params(material);
        let win = sigmoid((v - a) / b);
        let loss = sigmoid((-v - a) / b);
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
        let m = Model { a: [0.0, 0.0, 0.0, 100.0], b: [0.0, 0.0, 0.0, 50.0] };
        let [l, d, w] = m.chances(100.0, 40);
        assert!((w - 0.5).abs() < 1e-12 && (l + d + w - 1.0).abs() < 1e-12, "{l} {d} {w}");
        assert_eq!(m.params(5), m.params(17));
        assert_eq!(m.normalise(50, 40), 50);
        assert_eq!(m.internal(-30, 40), -30);
    }
}
