//! Fitting the win/draw/loss model to games (see the module above).
//!
//! Samples are counted by material and score (both colours: each sample
//! also counts mirrored, so the fit cannot pick up White's first-move
//! edge). For every material count with enough samples, `(a, b)` maximise
//! the likelihood of the observed wins, draws and losses (Adam on the
//! analytic gradient). Then `a(x)` and `b(x)` are cubic least-squares fits
//! through those per-material values, weighted by the square root of their
//! sample counts (plain counts let the clamped ends, which collect every
//! smaller or larger material, outweigh the whole middle).
//!
//! That needs [`MIN_SAMPLES`] at four material counts or more, which
//! millions of self-play positions give and a thousand match games do not
//! (150,000 positions fill only six counts). `joint::fit_joint` fits the two
//! cubics to every sample at once instead: the likelihood of all results
//! together, with no per-material step and no minimum.

use std::collections::BTreeMap;

use super::counts::BUCKET;
pub use super::counts::Counts;
use super::likelihood::{Bins, sums};
use super::zero::fit_zero;
use super::{MATERIAL_REFERENCE, Model};

/// Material counts with fewer samples than this get no per-material fit.
pub const MIN_SAMPLES: u64 = 2000;

/// `(a, b)` fitted for one material count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MaterialFit {
    pub material: u32,
    pub samples: u64,
    pub a: f64,
    pub b: f64,
}

/// The fitted model.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub a: [f64; 4],
    pub b: [f64; 4],
    pub upset: f64,
    pub upset_slope: f64,
    pub upper: f64,
    pub zero: Option<[f64; 2]>,
    pub per_material: Vec<MaterialFit>,
}

impl Fit {
    /// The fitted model as a value.
    pub fn model(&self) -> Model {
        Model {
            a: self.a,
            b: self.b,
            upset: self.upset,
            upset_slope: self.upset_slope,
            upper: self.upper,
            zero: self.zero,
        }
    }
}

/// Mean log-likelihood gradient of `bins` under the plain logistic `(a, b)`.
fn gradient(bins: &[(f64, [f64; 3])], a: f64, b: f64) -> (f64, f64) {
    let s = sums(bins, a, b, &Model::logistic([0.0; 4], [0.0; 4]));
    // Weights may be fractions: only an empty set is guarded.
    let n = if s.n > 0.0 { s.n } else { 1.0 };
    (s.a / n, s.b / n)
}

/// Maximum-likelihood `(a, b)` for one material count.
fn fit_one(bins: &[(f64, [f64; 3])]) -> (f64, f64) {
    let (mut a, mut b) = (150.0f64, 60.0f64);
    let (mut m, mut v) = ([0.0f64; 2], [0.0f64; 2]);
    let (beta1, beta2, lr) = (0.9f64, 0.999f64, 2.0f64);
    for t in 1..=4000 {
        let (ga, gb) = gradient(bins, a, b);
        // Ascent: the likelihood is to be maximised.
        for (i, g) in [ga, gb].into_iter().enumerate() {
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let step = lr * (m[i] / (1.0 - beta1.powi(t))) / ((v[i] / (1.0 - beta2.powi(t))).sqrt() + 1e-12);
            if i == 0 {
                a += step;
            } else {
                b += step;
            }
        }
        a = a.clamp(1.0, 5000.0);
        b = b.clamp(1.0, 5000.0);
    }
    (a, b)
}

/// Weighted least-squares cubic through `(x, y, weight)`, highest power first.
pub(super) fn cubic(points: &[(f64, f64, f64)]) -> Option<[f64; 4]> {
    // Normal equations for y ≈ c0·x³ + c1·x² + c2·x + c3.
    let mut m = [[0.0f64; 5]; 4];
    for &(x, y, w) in points {
        let basis = [x * x * x, x * x, x, 1.0];
        for r in 0..4 {
            for c in 0..4 {
                m[r][c] += w * basis[r] * basis[c];
            }
            m[r][4] += w * basis[r] * y;
        }
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..4 {
        let pivot = (col..4).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col];
        for (r, row) in m.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    Some([m[0][4] / m[0][0], m[1][4] / m[1][1], m[2][4] / m[2][2], m[3][4] / m[3][3]])
}

/// The bins of each material count with its sample count.
pub(super) fn material_bins(counts: &Counts) -> Vec<(u32, u64, Bins)> {
    let bins = |b: &BTreeMap<i32, [f64; 3]>| b.iter().map(|(&k, &c)| (f64::from(k * BUCKET), c)).collect();
    counts.by_material.iter().map(|(&m, c)| (m, c.samples, bins(&c.bins))).collect()
}

/// `(a, b)` fitted at each material count with [`MIN_SAMPLES`] or more.
pub(super) fn per_material(counts: &Counts) -> Vec<MaterialFit> {
    let mut fits = Vec::new();
    for (material, samples, bins) in material_bins(counts) {
        if samples >= MIN_SAMPLES {
            let (a, b) = fit_one(&bins);
            fits.push(MaterialFit { material, samples, a, b });
        }
    }
    fits
}

/// Fits the plain logistic model, one material count at a time, and the
/// draw chance at exactly 0. Needs at least four material counts with
/// [`MIN_SAMPLES`] samples each.
pub fn fit(counts: &Counts) -> Result<Fit, String> {
    let per_material = per_material(counts);
    if per_material.len() < 4 {
        return Err(format!(
            "only {} material count(s) have {MIN_SAMPLES}+ samples; a cubic needs 4 (more data)",
            per_material.len()
        ));
    }
    let points = |f: fn(&MaterialFit) -> f64| -> Vec<(f64, f64, f64)> {
        per_material
            .iter()
            .map(|p| (f64::from(p.material) / MATERIAL_REFERENCE, f(p), (p.samples as f64).sqrt()))
            .collect()
    };
    let a = cubic(&points(|p| p.a)).ok_or("the material counts are too few to fit a cubic")?;
    let b = cubic(&points(|p| p.b)).ok_or("the material counts are too few to fit a cubic")?;
    Ok(Fit { a, b, upset: 0.0, upset_slope: 1.0, upper: 1.0, zero: fit_zero(counts), per_material })
}

/// `(a(x), b(x))` of a fitted model.
pub fn evaluate_polynomials(fit: &Fit, x: f64) -> (f64, f64) {
    let p = |c: &[f64; 4]| ((c[0] * x + c[1]) * x + c[2]) * x + c[3];
    (p(&fit.a), p(&fit.b))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::wdl::model::{sigmoid, stretch};

    /// A known model: a and b linear in material.
    pub fn truth(m: u32) -> (f64, f64) {
        (100.0 + 2.0 * f64::from(m), 40.0 + 0.5 * f64::from(m))
    }

    /// `per` deterministic samples at each of `materials`, drawn from
    /// [`truth`] with a share `upset` of them from a curve a tenth as steep.
    pub fn samples(materials: &[u32], per: u32, upset: f64) -> Counts {
        samples_shaped(materials, per, upset, 1.0)
    }

    /// [`samples`] from curves `upper` times as wide above their midpoint.
    pub fn samples_shaped(materials: &[u32], per: u32, upset: f64, upper: f64) -> Counts {
        let mut counts = Counts::default();
        let mut state = 12345u64;
        let mut uniform = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for &m in materials {
            let (a, b) = truth(m);
            for _ in 0..per {
                let v = (uniform() * 1200.0 - 600.0).round() as i32;
                let slope = if uniform() < upset { 0.1 } else { 1.0 };
                let z = |z: f64| slope * stretch(z, upper).0;
                let pw = sigmoid(z((f64::from(v) - a) / b));
                let pl = sigmoid(z((-f64::from(v) - a) / b));
                let u = uniform();
                let result = if u < pw {
                    2
                } else if u < pw + pl {
                    0
                } else {
                    1
                };
                counts.add(v, m, result);
            }
        }
        counts
    }

    /// Deterministic samples drawn from a known model recover it.
    #[test]
    fn recovers_a_known_model() {
        let fit = fit(&samples(&[20, 30, 40, 50, 60, 70], 20_000, 0.0)).unwrap();
        assert_eq!((fit.upset, fit.upset_slope), (0.0, 1.0));
        for p in &fit.per_material {
            let (a, b) = truth(p.material);
            assert!((p.a - a).abs() < 0.08 * a, "m {}: a {} vs {a}", p.material, p.a);
            assert!((p.b - b).abs() < 0.15 * b, "m {}: b {} vs {b}", p.material, p.b);
        }
    }

    /// A weight of 2 counts a sample as two; a game's positions weighted
    /// 1/n count as one position in all.
    #[test]
    fn weights_scale_samples() {
        let (mut twice, mut weighted) = (Counts::default(), Counts::default());
        for v in [-40, 0, 12, 300] {
            twice.add(v, 40, 1);
            twice.add(v, 40, 1);
            weighted.add_weighted(v, 40, 1, 2.0);
        }
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            weighted.add_weighted(5, 40, 1, bad);
        }
        assert_eq!(material_bins(&twice)[0].2, material_bins(&weighted)[0].2);
        assert_eq!((twice.samples, weighted.samples), (6, 3));
        // The score of exactly 0 is counted apart, mirrored too.
        assert_eq!((twice.zero_samples, weighted.zero_samples), (2, 1));
        assert_eq!(twice.zero[&40], [0.0, 4.0, 0.0]);
        assert_eq!(weighted.zero[&40], [0.0, 4.0, 0.0]);
        let mut game = Counts::default();
        for v in [10, 20, 30, 40] {
            game.add_weighted(v, 50, 2, 0.25);
        }
        let total: f64 = material_bins(&game)[0].2.iter().map(|(_, c)| c.iter().sum::<f64>()).sum();
        assert!((total - 2.0).abs() < 1e-12, "one position, counted also mirrored: {total}");
    }

    #[test]
    fn too_little_data_is_an_error() {
        let mut counts = Counts::default();
        for v in -50..50 {
            counts.add(v * 10, 40, 1);
        }
        assert!(fit(&counts).is_err());
    }

    #[test]
    fn a_cubic_through_a_cubic() {
        let pts: Vec<(f64, f64, f64)> =
            (0..10).map(|i| f64::from(i) / 5.0).map(|x| (x, 2.0 * x * x * x - x + 3.0, 1.0)).collect();
        let c = cubic(&pts).unwrap();
        for (got, want) in c.iter().zip([2.0, 0.0, -1.0, 3.0]) {
            assert!((got - want).abs() < 1e-6, "{c:?}");
        }
    }
}
