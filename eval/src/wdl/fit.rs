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
//! (150,000 positions fill only six counts). [`fit_joint`] fits the two
//! cubics to every sample at once instead: the likelihood of all results
//! together, with no per-material step and no minimum.

use std::collections::BTreeMap;

use super::{MATERIAL_MAX, MATERIAL_MIN, MATERIAL_REFERENCE, Model};

/// Scores are grouped in buckets this wide (centipawn-like units).
const BUCKET: i32 = 4;
/// Scores beyond this are left out: decided positions say little about `b`.
const MAX_SCORE: i32 = 1500;
/// Material counts with fewer samples than this get no per-material fit.
pub const MIN_SAMPLES: u64 = 2000;

/// The samples of one material count: how many, and their weights by
/// score bucket as `[losses, draws, wins]`.
#[derive(Default, Debug, Clone)]
struct Material {
    samples: u64,
    bins: BTreeMap<i32, [f64; 3]>,
}

/// Sample weights: `[material][score bucket] -> [losses, draws, wins]`.
#[derive(Default, Debug, Clone)]
pub struct Counts {
    by_material: BTreeMap<u32, Material>,
    pub samples: u64,
}

impl Counts {
    /// One position: score and result from the same side's view (result 0
    /// loss, 1 draw, 2 win), material as [`super::material`] counts it.
    pub fn add(&mut self, score: i32, material: u32, result: u8) {
        self.add_weighted(score, material, result, 1.0);
    }

    /// One position counted `weight` times (match games weigh each game
    /// alike, however long).
    pub fn add_weighted(&mut self, score: i32, material: u32, result: u8, weight: f64) {
        if score.abs() > MAX_SCORE || result > 2 || !(weight.is_finite() && weight > 0.0) {
            return;
        }
        let m = self.by_material.entry(material.clamp(MATERIAL_MIN, MATERIAL_MAX)).or_default();
        let bucket = |s: i32| (s as f64 / f64::from(BUCKET)).round() as i32;
        m.bins.entry(bucket(score)).or_default()[usize::from(result)] += weight;
        m.bins.entry(bucket(-score)).or_default()[usize::from(2 - result)] += weight;
        m.samples += 1;
        self.samples += 1;
    }
}

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
    pub per_material: Vec<MaterialFit>,
}

impl Fit {
    /// The fitted model as a value.
    pub fn model(&self) -> Model {
        Model { a: self.a, b: self.b }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log-likelihood of `bins` under `(a, b)` and its gradient.
fn likelihood(bins: &[(f64, [f64; 3])], a: f64, b: f64) -> (f64, f64, f64) {
    let (ll, ga, gb, n) = likelihood_sums(bins, a, b);
    // Weights may be fractions: only an empty set is guarded.
    let n = if n > 0.0 { n } else { 1.0 };
    (ll / n, ga / n, gb / n)
}

/// Log-likelihood of `bins` under `(a, b)`, its gradient and the sample
/// count, as sums.
fn likelihood_sums(bins: &[(f64, [f64; 3])], a: f64, b: f64) -> (f64, f64, f64, f64) {
    let (mut ll, mut ga, mut gb, mut n) = (0.0, 0.0, 0.0, 0.0);
    for &(v, [nl, nd, nw]) in bins {
        let pw = sigmoid((v - a) / b);
        let pl = sigmoid((-v - a) / b);
        let pd = (1.0 - pw - pl).max(1e-12);
        let (pw, pl) = (pw.max(1e-12), pl.max(1e-12));
        ll += nw * pw.ln() + nd * pd.ln() + nl * pl.ln();
        // dσ(z)/dz = σ(1 − σ); z_w = (v − a)/b, z_l = (−v − a)/b.
        let dw = pw * (1.0 - pw);
        let dl = pl * (1.0 - pl);
        let (dw_da, dw_db) = (-dw / b, -dw * (v - a) / (b * b));
        let (dl_da, dl_db) = (-dl / b, -dl * (-v - a) / (b * b));
        let coef_w = nw / pw - nd / pd;
        let coef_l = nl / pl - nd / pd;
        ga += coef_w * dw_da + coef_l * dl_da;
        gb += coef_w * dw_db + coef_l * dl_db;
        n += nw + nd + nl;
    }
    (ll, ga, gb, n)
}

/// Maximum-likelihood `(a, b)` for one material count.
fn fit_one(bins: &[(f64, [f64; 3])]) -> (f64, f64) {
    let (mut a, mut b) = (150.0f64, 60.0f64);
    let (mut m, mut v) = ([0.0f64; 2], [0.0f64; 2]);
    let (beta1, beta2, lr) = (0.9f64, 0.999f64, 2.0f64);
    for t in 1..=4000 {
        let (_, ga, gb) = likelihood(bins, a, b);
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
fn cubic(points: &[(f64, f64, f64)]) -> Option<[f64; 4]> {
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

/// One material count's bins: score (in score units) and the weights of
/// `[losses, draws, wins]` there.
type Bins = Vec<(f64, [f64; 3])>;

/// The bins of each material count with its sample count.
fn material_bins(counts: &Counts) -> Vec<(u32, u64, Bins)> {
    let bins = |b: &BTreeMap<i32, [f64; 3]>| b.iter().map(|(&k, &c)| (f64::from(k * BUCKET), c)).collect();
    counts.by_material.iter().map(|(&m, c)| (m, c.samples, bins(&c.bins))).collect()
}

/// `(a, b)` fitted at each material count with [`MIN_SAMPLES`] or more.
fn per_material(counts: &Counts) -> Vec<MaterialFit> {
    let mut fits = Vec::new();
    for (material, samples, bins) in material_bins(counts) {
        if samples >= MIN_SAMPLES {
            let (a, b) = fit_one(&bins);
            fits.push(MaterialFit { material, samples, a, b });
        }
    }
    fits
}

/// Fits the model. Needs at least four material counts with
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
    Ok(Fit { a, b, per_material })
}

/// The materials at which the joint fit holds the values of `a` and `b`:
/// four values fix a cubic, and they are far better scaled for the
/// optimiser than the coefficients (whose powers of x are nearly collinear).
const KNOTS: [u32; 4] = [MATERIAL_MIN, 37, 57, MATERIAL_MAX];
/// Fewer samples than this, or fewer material counts than knots, give no joint fit.
pub const MIN_JOINT_SAMPLES: u64 = 100;

/// The Lagrange weights of the knots at `x`: a cubic's value at `x` is
/// their sum weighted by its values at the knots.
fn knot_weights(x: f64) -> [f64; 4] {
    let knots = KNOTS.map(|m| f64::from(m) / MATERIAL_REFERENCE);
    std::array::from_fn(|k| {
        (0..4).filter(|&j| j != k).map(|j| (x - knots[j]) / (knots[k] - knots[j])).product::<f64>()
    })
}

/// Fits `a(x)` and `b(x)` to every sample at once: the cubics that
/// maximise the likelihood of all the results together (Adam on the values
/// at the [`KNOTS`], the learning rate falling over the second half).
/// `per_material` lists the counts with [`MIN_SAMPLES`]+ fitted alone, for
/// comparison.
pub fn fit_joint(counts: &Counts) -> Result<Fit, String> {
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
    // y[0..4]: a at the knots, y[4..8]: b.
    let mut y = [150.0, 150.0, 150.0, 150.0, 60.0, 60.0, 60.0, 60.0];
    let (mut m, mut v) = ([0.0f64; 8], [0.0f64; 8]);
    let (beta1, beta2, steps) = (0.9f64, 0.999f64, 4000);
    let at = |y: &[f64; 8], w: &[f64; 4], o: usize| (0..4).map(|k| w[k] * y[o + k]).sum::<f64>().max(1.0);
    for t in 1..=steps {
        let mut g = [0.0f64; 8];
        let mut n = 0.0;
        for (w, bins) in &groups {
            let (_, ga, gb, count) = likelihood_sums(bins, at(&y, w, 0), at(&y, w, 4));
            for k in 0..4 {
                g[k] += w[k] * ga;
                g[4 + k] += w[k] * gb;
            }
            n += count;
        }
        let lr = if t <= steps / 2 { 2.0 } else { 2.0 * f64::from(steps - t + 1) / f64::from(steps / 2) };
        for i in 0..8 {
            let gi = if n > 0.0 { g[i] / n } else { 0.0 };
            m[i] = beta1 * m[i] + (1.0 - beta1) * gi;
            v[i] = beta2 * v[i] + (1.0 - beta2) * gi * gi;
            // Ascent: the likelihood is to be maximised.
            y[i] += lr * (m[i] / (1.0 - beta1.powi(t))) / ((v[i] / (1.0 - beta2.powi(t))).sqrt() + 1e-12);
            y[i] = y[i].clamp(1.0, 5000.0);
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
    Ok(Fit { a, b, per_material: per_material(counts) })
}

/// `(a(x), b(x))` of a fitted model.
pub fn evaluate_polynomials(fit: &Fit, x: f64) -> (f64, f64) {
    let p = |c: &[f64; 4]| ((c[0] * x + c[1]) * x + c[2]) * x + c[3];
    (p(&fit.a), p(&fit.b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A known model: a and b linear in material.
    fn truth(m: u32) -> (f64, f64) {
        (100.0 + 2.0 * f64::from(m), 40.0 + 0.5 * f64::from(m))
    }

    /// `per` deterministic samples at each of `materials`, drawn from [`truth`].
    fn samples(materials: &[u32], per: u32) -> Counts {
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
                let pw = sigmoid((f64::from(v) - a) / b);
                let pl = sigmoid((-f64::from(v) - a) / b);
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
        let fit = fit(&samples(&[20, 30, 40, 50, 60, 70], 20_000)).unwrap();
        for p in &fit.per_material {
            let (a, b) = truth(p.material);
            assert!((p.a - a).abs() < 0.08 * a, "m {}: a {} vs {a}", p.material, p.a);
            assert!((p.b - b).abs() < 0.15 * b, "m {}: b {} vs {b}", p.material, p.b);
        }
    }

    /// The joint fit recovers it too, from material counts too thin for
    /// the per-material fit (a hundred samples at each of 50 counts).
    #[test]
    fn the_joint_fit_recovers_a_known_model_from_thin_data() {
        let materials: Vec<u32> = (20..70).collect();
        let counts = samples(&materials, 400);
        assert!(fit(&counts).is_err(), "too thin for the per-material fit");
        let fit = fit_joint(&counts).unwrap();
        assert!(fit.per_material.is_empty());
        let model = fit.model();
        for m in [20, 35, 50, 69] {
            let (a, b) = truth(m);
            let (fa, fb) = model.params(m);
            assert!((fa - a).abs() < 0.08 * a, "m {m}: a {fa} vs {a}");
            assert!((fb - b).abs() < 0.15 * b, "m {m}: b {fb} vs {b}");
        }
        assert!(fit_joint(&samples(&[30, 40, 50], 1000)).unwrap_err().contains("at 3 material count(s)"));
        assert!(fit_joint(&samples(&[30, 40, 50, 60], 20)).unwrap_err().starts_with("80 sample(s)"));
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
        assert_eq!((twice.samples, weighted.samples), (8, 4));
        let mut game = Counts::default();
        for v in [10, 20, 30, 40] {
            game.add_weighted(v, 50, 2, 0.25);
        }
        let total: f64 = material_bins(&game)[0].2.iter().map(|(_, c)| c.iter().sum::<f64>()).sum();
        assert!((total - 2.0).abs() < 1e-12, "one position, counted also mirrored: {total}");
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
