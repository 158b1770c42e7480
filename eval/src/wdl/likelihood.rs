//! The log-likelihood of observed results under the model's curves, and
//! its gradient, for the fits.

use super::Model;
use super::model::{sigmoid, stretch};

/// One material count's bins: score (in score units) and the weights of
/// `[losses, draws, wins]` there.
pub type Bins = Vec<(f64, [f64; 3])>;

/// Log-likelihood and its gradient in `a`, `b`, the upset share `u`, the
/// upsets' slope `c` and the upper half's width `k`, and the weight of the
/// samples, all as sums.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Sums {
    pub ll: f64,
    pub a: f64,
    pub b: f64,
    pub u: f64,
    pub c: f64,
    pub k: f64,
    pub n: f64,
}

/// A result's chance at `z` and its derivatives in `z`, `u`, `c` and `k`
/// (`F(z) = (1 − u)·σ(y) + u·σ(c·y)`, `y = z / k` above 0 and `z` below).
fn curve(z: f64, u: f64, c: f64, k: f64) -> (f64, f64, f64, f64, f64) {
    let (y, dy) = stretch(z, k);
    let (s, t) = (sigmoid(y), sigmoid(c * y));
    let (ds, dt) = (s * (1.0 - s), t * (1.0 - t));
    let slope = (1.0 - u) * ds + u * c * dt;
    // dy/dk = −y/k above the midpoint, 0 below.
    let dk = if z > 0.0 { slope * (-y / k) } else { 0.0 };
    ((1.0 - u) * s + u * t, slope * dy, t - s, u * y * dt, dk)
}

/// The sums over `bins` at `(a, b)` with the curve shape of `shape`
/// (its `upset`, `upset_slope` and `upper`).
pub fn sums(bins: &[(f64, [f64; 3])], a: f64, b: f64, shape: &Model) -> Sums {
    let (u, c, k) = (shape.upset, shape.upset_slope, shape.upper);
    let mut out = Sums::default();
    for &(v, [nl, nd, nw]) in bins {
        let (zw, zl) = ((v - a) / b, (-v - a) / b);
        let (pw, dw, uw, cw, width_w) = curve(zw, u, c, k);
        let (pl, dl, ul, cl, width_l) = curve(zl, u, c, k);
        let pd = (1.0 - pw - pl).max(1e-12);
        let (pw, pl) = (pw.max(1e-12), pl.max(1e-12));
        out.ll += nw * pw.ln() + nd * pd.ln() + nl * pl.ln();
        // d ln L / d p_win and d p_loss (the draw takes what they leave).
        let (kw, kl) = (nw / pw - nd / pd, nl / pl - nd / pd);
        // dz/da = −1/b for both; dz/db = −z/b.
        out.a += kw * dw * (-1.0 / b) + kl * dl * (-1.0 / b);
        out.b += kw * dw * (-zw / b) + kl * dl * (-zl / b);
        out.u += kw * uw + kl * ul;
        out.c += kw * cw + kl * cl;
        out.k += kw * width_w + kl * width_l;
        out.n += nw + nd + nl;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The analytic gradient matches finite differences.
    #[test]
    fn the_gradient_is_the_slope() {
        let bins: Bins = vec![
            (-300.0, [5.0, 1.0, 0.5]),
            (-20.0, [2.0, 6.0, 1.0]),
            (40.0, [1.0, 5.0, 3.0]),
            (250.0, [0.2, 1.5, 7.0]),
        ];
        let shape =
            Model { upset: 0.06, upset_slope: 0.2, upper: 1.7, ..Model::logistic([0.0; 4], [0.0; 4]) };
        let (a, b) = (110.0, 45.0);
        let s = sums(&bins, a, b, &shape);
        let h = 1e-5;
        let ll = |a: f64, b: f64, u: f64, c: f64, k: f64| {
            sums(&bins, a, b, &Model { upset: u, upset_slope: c, upper: k, ..shape }).ll
        };
        let (u, c, k) = (shape.upset, shape.upset_slope, shape.upper);
        let numeric = [
            (ll(a + h, b, u, c, k) - ll(a - h, b, u, c, k)) / (2.0 * h),
            (ll(a, b + h, u, c, k) - ll(a, b - h, u, c, k)) / (2.0 * h),
            (ll(a, b, u + h, c, k) - ll(a, b, u - h, c, k)) / (2.0 * h),
            (ll(a, b, u, c + h, k) - ll(a, b, u, c - h, k)) / (2.0 * h),
            (ll(a, b, u, c, k + h) - ll(a, b, u, c, k - h)) / (2.0 * h),
        ];
        for (got, want) in [s.a, s.b, s.u, s.c, s.k].into_iter().zip(numeric) {
            assert!((got - want).abs() < 1e-4 * (1.0 + want.abs()), "{got} vs {want}");
        }
        assert!((s.n - bins.iter().map(|(_, c)| c.iter().sum::<f64>()).sum::<f64>()).abs() < 1e-12);
    }
}
