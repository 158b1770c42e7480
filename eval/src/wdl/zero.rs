//! The draw chance at a score of exactly 0, `σ(z₀ + z₁·x)` with `x` the
//! material / 58: a logistic regression of "drawn" on material over the
//! positions scored 0 (Newton's method; two unknowns).

use super::MATERIAL_REFERENCE;
use super::counts::Counts;
use super::model::sigmoid;

/// Fewer positions at exactly 0 than this give the model no zero class.
pub const MIN_ZERO_SAMPLES: u64 = 30;

/// `[z₀, z₁]` fitted to the positions scored 0, or none when they are too few.
pub fn fit_zero(counts: &Counts) -> Option<[f64; 2]> {
    if counts.zero_samples < MIN_ZERO_SAMPLES {
        return None;
    }
    // (x, draws, other results) per material count.
    let rows: Vec<(f64, f64, f64)> =
        counts.zero.iter().map(|(&m, w)| (f64::from(m) / MATERIAL_REFERENCE, w[1], w[0] + w[2])).collect();
    let total: f64 = rows.iter().map(|r| r.1 + r.2).sum();
    // A faint pull towards z₁ = 0 keeps one material count (or all draws)
    // from sending the slope off to infinity.
    let ridge = 1e-3 * total;
    let mut z = [0.0f64; 2];
    for _ in 0..100 {
        let (mut g, mut h) = ([0.0f64; 2], [[0.0f64; 2]; 2]);
        for &(x, draws, other) in &rows {
            let p = sigmoid(z[0] + z[1] * x);
            let n = draws + other;
            let r = draws - n * p;
            let w = n * p * (1.0 - p);
            g[0] += r;
            g[1] += r * x;
            h[0][0] += w;
            h[0][1] += w * x;
            h[1][1] += w * x * x;
        }
        g[0] -= ridge * 1e-3 * z[0];
        g[1] -= ridge * z[1];
        h[0][0] += ridge * 1e-3;
        h[1][1] += ridge;
        let det = h[0][0] * h[1][1] - h[0][1] * h[0][1];
        if det.abs() <= 1e-12 || det.is_nan() {
            break;
        }
        let step = [(h[1][1] * g[0] - h[0][1] * g[1]) / det, (h[0][0] * g[1] - h[0][1] * g[0]) / det];
        z = [(z[0] + step[0]).clamp(-20.0, 20.0), (z[1] + step[1]).clamp(-20.0, 20.0)];
        if step[0].abs() + step[1].abs() < 1e-10 {
            break;
        }
    }
    Some(z)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions at 0 drawn 90% of the time with little material and 50%
    /// with much: the fit passes close to both.
    #[test]
    fn draws_at_zero_by_material() {
        let mut counts = Counts::default();
        for (material, draws) in [(20u32, 90), (78, 50)] {
            for i in 0..100 {
                counts.add(
                    0,
                    material,
                    if i < draws {
                        1
                    } else if i % 2 == 0 {
                        0
                    } else {
                        2
                    },
                );
            }
        }
        assert_eq!((counts.zero_samples, counts.samples), (200, 0));
        let z = fit_zero(&counts).unwrap();
        let at = |m: f64| sigmoid(z[0] + z[1] * m / MATERIAL_REFERENCE);
        assert!((at(20.0) - 0.9).abs() < 0.02 && (at(78.0) - 0.5).abs() < 0.02, "{z:?}");
        let mut few = Counts::default();
        few.add(0, 40, 1);
        assert_eq!(fit_zero(&few), None);
    }
}
