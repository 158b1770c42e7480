//! The joint fit: the cubics `a(x)` and `b(x)`, the upset share, the
//! upsets' slope and the upper half's width, all at once, to maximise the
//! likelihood of every result (no per-material step, so a thousand match
//! games are enough), and the draw chance at exactly 0 beside them.

use super::counts::Counts;
use super::fit::{Fit, cubic, material_bins, per_material};
use super::likelihood::{Bins, sums};
use super::model::sigmoid;
use super::zero::fit_zero;
use super::{MATERIAL_MAX, MATERIAL_MIN, MATERIAL_REFERENCE, Model};

/// The materials at which the joint fit holds the values of `a` and `b`:
/// four values fix a cubic, and they are far better scaled for the
/// optimiser than the coefficients (whose powers of x are nearly collinear).
const KNOTS: [u32; 4] = [MATERIAL_MIN, 37, 57, MATERIAL_MAX];
/// Fewer samples than this, or fewer material counts than knots, give no joint fit.
pub const MIN_JOINT_SAMPLES: u64 = 100;
/// The upset share stays below this: upsets are the exception, and a
/// larger share would let the flat curve take over the model.
const UPSET_MAX: f64 = 0.3;
/// The upper half's width `k` stays within these (its logarithm is fitted).
const UPPER_RANGE: (f64, f64) = (0.5, 5.0);
/// Adam's steps, and its learning rates for the scores (`a`, `b`, in score
/// units) and for the logits of the upset share and slope.
const STEPS: u32 = 4000;
const LR_SCORE: f64 = 2.0;
const LR_LOGIT: f64 = 0.02;

/// The Lagrange weights of the knots at `x`: a cubic's value at `x` is
/// their sum weighted by its values at the knots.
fn knot_weights(x: f64) -> [f64; 4] {
    let knots = KNOTS.map(|m| f64::from(m) / MATERIAL_REFERENCE);
    std::array::from_fn(|k| {
        (0..4).filter(|&j| j != k).map(|j| (x - knots[j]) / (knots[k] - knots[j])).product::<f64>()
    })
}

/// The unknowns: `a` at the knots, `b` at the knots, then the logits of
/// the upset share (of [`UPSET_MAX`]) and of the slope, and `ln k`.
type Unknowns = [f64; 11];

fn shape(y: &Unknowns, upsets: bool) -> Model {
    let (upset, upset_slope, upper) =
        if upsets { (UPSET_MAX * sigmoid(y[8]), sigmoid(y[9]), y[10].exp()) } else { (0.0, 1.0, 1.0) };
    Model { upset, upset_slope, upper, ..Model::logistic([0.0; 4], [0.0; 4]) }
}

/// Fits the model to every sample at once (Adam, the learning rate
/// falling over the second half); with `upsets` false, the plain logistic
/// model (no upsets, a symmetric curve). `per_material` lists the counts
/// with [`MIN_SAMPLES`](super::fit::MIN_SAMPLES)+ fitted
/// alone, for comparison.
pub fn fit_joint(counts: &Counts) -> Result<Fit, String> {
    fit_joint_with(counts, true)
}

/// [`fit_joint`], with or without upsets.
pub fn fit_joint_with(counts: &Counts, upsets: bool) -> Result<Fit, String> {
    let groups: Vec<([f64; 4], Bins)> = material_bins(counts)
        .into_iter()
        .map(|(m, _, bins)| (knot_weights(f64::from(m) / MATERIAL_REFERENCE), bins))
        .collect();
    if counts.samples < MIN_JOINT_SAMPLES || groups.len() < KNOTS.len() {
        return Err(format!(
            "{} sample(s) at {} material count(s): the joint fit needs {MIN_JOINT_SAMPLES}+ at {}+ (more games)",
            counts.samples,
            groups.len(),
            KNOTS.len()
        ));
    }
    // Upsets start at a share of 5% (of 30%: logit −1.61) with a curve a
    // fifth as steep (logit −1.39), the curve symmetric (k = 1).
    let mut y: Unknowns = [150.0, 150.0, 150.0, 150.0, 60.0, 60.0, 60.0, 60.0, -1.61, -1.39, 0.0];
    let (mut m, mut v) = ([0.0f64; 11], [0.0f64; 11]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let at = |y: &Unknowns, w: &[f64; 4], o: usize| (0..4).map(|k| w[k] * y[o + k]).sum::<f64>().max(1.0);
    let fitted = if upsets { 11 } else { 8 };
    let upper_range = (UPPER_RANGE.0.ln(), UPPER_RANGE.1.ln());
    for t in 1..=STEPS {
        let mut g = [0.0f64; 11];
        let mut n = 0.0;
        let model = shape(&y, upsets);
        for (w, bins) in &groups {
            let s = sums(bins, at(&y, w, 0), at(&y, w, 4), &model);
            for k in 0..4 {
                g[k] += w[k] * s.a;
                g[4 + k] += w[k] * s.b;
            }
            g[8] += s.u;
            g[9] += s.c;
            g[10] += s.k;
            n += s.n;
        }
        // From the share and the slope to their logits.
        let (su, sc) = (sigmoid(y[8]), sigmoid(y[9]));
        g[8] *= UPSET_MAX * su * (1.0 - su);
        g[9] *= sc * (1.0 - sc);
        g[10] *= y[10].exp();
        let fall = if t <= STEPS / 2 { 1.0 } else { f64::from(STEPS - t + 1) / f64::from(STEPS / 2) };
        for i in 0..fitted {
            let gi = if n > 0.0 { g[i] / n } else { 0.0 };
            m[i] = beta1 * m[i] + (1.0 - beta1) * gi;
            v[i] = beta2 * v[i] + (1.0 - beta2) * gi * gi;
            let lr = fall * if i < 8 { LR_SCORE } else { LR_LOGIT };
            // Ascent: the likelihood is to be maximised.
            y[i] += lr * (m[i] / (1.0 - beta1.powi(t as i32)))
                / ((v[i] / (1.0 - beta2.powi(t as i32))).sqrt() + 1e-12);
            y[i] = match i {
                0..8 => y[i].clamp(1.0, 5000.0),
                10 => y[i].clamp(upper_range.0, upper_range.1),
                _ => y[i].clamp(-12.0, 12.0),
            };
        }
    }
    let through = |o: usize| -> Option<[f64; 4]> {
        let points: Vec<(f64, f64, f64)> = KNOTS
            .iter()
            .enumerate()
            .map(|(k, &m)| (f64::from(m) / MATERIAL_REFERENCE, y[o + k], 1.0))
            .collect();
        cubic(&points)
    };
    let a = through(0).ok_or("the knots give no cubic")?;
    let b = through(4).ok_or("the knots give no cubic")?;
    let s = shape(&y, upsets);
    Ok(Fit {
        a,
        b,
        upset: s.upset,
        upset_slope: s.upset_slope,
        upper: s.upper,
        zero: fit_zero(counts),
        per_material: per_material(counts),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wdl::fit::tests::{samples, samples_shaped, truth};

    /// The joint fit recovers a known plain model from material counts too
    /// thin for the per-material fit (four hundred samples at each of 50
    /// counts); with upsets allowed, the chances it gives stay those of the
    /// plain model.
    #[test]
    fn the_joint_fit_recovers_a_known_model_from_thin_data() {
        let materials: Vec<u32> = (20..70).collect();
        let counts = samples(&materials, 400, 0.0);
        assert!(crate::wdl::fit::fit(&counts).is_err(), "too thin for the per-material fit");
        for upsets in [false, true] {
            let fit = fit_joint_with(&counts, upsets).unwrap();
            assert!(fit.per_material.is_empty());
            let model = fit.model();
            for m in [20, 35, 50, 69] {
                let (a, b) = truth(m);
                let (fa, fb) = model.params(m);
                assert!((fa - a).abs() < 0.08 * a, "m {m}: a {fa} vs {a}");
                assert!((fb - b).abs() < 0.2 * b, "m {m}: b {fb} vs {b}");
            }
            let plain = Model::logistic([0.0; 4], [0.0; 4]);
            for m in [20, 50, 69] {
                let (a, b) = truth(m);
                for v in (-600..=600).step_by(25).filter(|&v| v != 0) {
                    let want = plain.curve((f64::from(v) - a) / b);
                    let got = model.chances(f64::from(v), m)[2];
                    assert!((got - want).abs() < 0.05, "{upsets} m {m} v {v}: {got} vs {want}");
                }
            }
        }
        assert!(
            fit_joint(&samples(&[30, 40, 50], 1000, 0.0)).unwrap_err().contains("at 3 material count(s)")
        );
        assert!(fit_joint(&samples(&[30, 40, 50, 60], 20, 0.0)).unwrap_err().starts_with("80 sample(s)"));
    }

    /// Samples with a tenth of results drawn from a curve a tenth as steep:
    /// the joint fit finds about that share.
    #[test]
    fn the_joint_fit_finds_upsets() {
        let materials: Vec<u32> = (20..70).collect();
        let fit = fit_joint(&samples(&materials, 1000, 0.1)).unwrap();
        assert!((fit.upset - 0.1).abs() < 0.04, "upset {}", fit.upset);
        assert!(fit.upset_slope < 0.3, "slope {}", fit.upset_slope);
        assert!((fit.upper - 1.0).abs() < 0.15, "upper {}", fit.upper);
    }

    /// Samples from curves twice as wide above their midpoint: the joint
    /// fit finds that width, and the midpoint stays where it was.
    #[test]
    fn the_joint_fit_finds_a_wider_upper_half() {
        let materials: Vec<u32> = (20..70).collect();
        let fit = fit_joint(&samples_shaped(&materials, 1000, 0.0, 2.0)).unwrap();
        assert!((fit.upper - 2.0).abs() < 0.3, "upper {}", fit.upper);
        let (a, _) = truth(45);
        let (fa, _) = fit.model().params(45);
        assert!((fa - a).abs() < 0.08 * a, "a {fa} vs {a}");
    }

    #[test]
    fn the_knot_weights_interpolate() {
        for (k, &m) in KNOTS.iter().enumerate() {
            let w = knot_weights(f64::from(m) / MATERIAL_REFERENCE);
            for (j, wj) in w.iter().enumerate() {
                assert!((wj - f64::from(u8::from(j == k))).abs() < 1e-12, "{w:?}");
            }
        }
        let w = knot_weights(0.7);
        assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
