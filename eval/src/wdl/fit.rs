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

use std::collections::BTreeMap;

use super::{MATERIAL_MAX, MATERIAL_MIN, MATERIAL_REFERENCE};

/// Scores are grouped in buckets this wide (centipawn-like units).
const BUCKET: i32 = 4;
/// Scores beyond this are left out: decided positions say little about `b`.
const MAX_SCORE: i32 = 1500;
/// Material counts with fewer samples than this get no per-material fit.
pub const MIN_SAMPLES: u64 = 2000;

/// Sample counts: `[material][score bucket] -> [losses, draws, wins]`.
#[derive(Default, Debug, Clone)]
pub struct Counts {
    by_material: BTreeMap<u32, BTreeMap<i32, [u64; 3]>>,
    pub samples: u64,
}

impl Counts {
    /// One position: score and result from the same side's view (result 0
    /// loss, 1 draw, 2 win), material as [`super::material`] counts it.
    pub fn add(&mut self, score: i32, material: u32, result: u8) {
        if score.abs() > MAX_SCORE || result > 2 {
            return;
        }
        let m = material.clamp(MATERIAL_MIN, MATERIAL_MAX);
        let bins = self.by_material.entry(m).or_default();
        let bucket = |s: i32| (s as f64 / f64::from(BUCKET)).round() as i32;
        bins.entry(bucket(score)).or_default()[usize::from(result)] += 1;
        bins.entry(bucket(-score)).or_default()[usize::from(2 - result)] += 1;
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

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log-likelihood of `bins` under `(a, b)` and its gradient.
fn likelihood(bins: &[(f64, [u64; 3])], a: f64, b: f64) -> (f64, f64, f64) {
    let (mut ll, mut ga, mut gb, mut n) = (0.0, 0.0, 0.0, 0.0);
    for &(v, [nl, nd, nw]) in bins {
        let pw = sigmoid((v - a) / b);
        let pl = sigmoid((-v - a) / b);
        let pd = (1.0 - pw - pl).max(1e-12);
        let (pw, pl) = (pw.max(1e-12), pl.max(1e-12));
        let (nw, nd, nl) = (nw as f64, nd as f64, nl as f64);
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
    let n = n.max(1.0);
    (ll / n, ga / n, gb / n)
}

/// Maximum-likelihood `(a, b)` for one material count.
fn fit_one(bins: &[(f64, [u64; 3])]) -> (f64, f64) {
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

/// Fits the model. Needs at least four material counts with
/// [`MIN_SAMPLES`] samples each.
pub fn fit(counts: &Counts) -> Result<Fit, String> {
    let mut per_material = Vec::new();
    for (&material, bins) in &counts.by_material {
        let samples: u64 = bins.values().map(|c| c.iter().sum::<u64>()).sum::<u64>() / 2;
        if samples < MIN_SAMPLES {
            continue;
        }
        let bins: Vec<(f64, [u64; 3])> = bins.iter().map(|(&k, &c)| (f64::from(k * BUCKET), c)).collect();
        let (a, b) = fit_one(&bins);
        per_material.push(MaterialFit { material, samples, a, b });
    }
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

/// `(a(x), b(x))` of a fitted model.
pub fn evaluate_polynomials(fit: &Fit, x: f64) -> (f64, f64) {
    let p = |c: &[f64; 4]| ((c[0] * x + c[1]) * x + c[2]) * x + c[3];
    (p(&fit.a), p(&fit.b))
}

/// Longest line of the source comment, `//! ` included.
const COMMENT_WIDTH: usize = 100;

/// `text` as `//!` doc lines of at most [`COMMENT_WIDTH`] characters, broken
/// between words (a single word longer than that keeps a line to itself).
fn doc_lines(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::from("//!");
    for word in text.split_whitespace() {
        if line.len() > 3 && line.len() + 1 + word.len() > COMMENT_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from("//!");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// `coefficients.rs` for a fit; `source` says what it was fitted on (a long
/// list of files is wrapped, not written as one line).
pub fn coefficients_rs(fit: &Fit, source: &str) -> String {
    let list = |c: &[f64; 4]| c.iter().map(|v| format!("{v:.6}")).collect::<Vec<_>>().join(", ");
    format!(
        "//! Coefficients of the win/draw/loss model, highest power first. Written\n\
         //! by `rockad wdl` (eval/src/wdl/fit.rs) from self-play data; rebuild to\n\
         //! use new ones.\n\
         //!\n\
         {}\
         \n\
         /// a(x), x = material / 58: the score at which a win is as likely as not.\n\
         pub const A: [f64; 4] = [{}];\n\
         /// b(x): how quickly the chances change around a(x).\n\
         pub const B: [f64; 4] = [{}];\n",
        doc_lines(&format!("Fitted on {source}.")),
        list(&fit.a),
        list(&fit.b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic samples drawn from a known model recover it.
    #[test]
    fn recovers_a_known_model() {
        let truth = |m: u32| (100.0 + 2.0 * f64::from(m), 40.0 + 0.5 * f64::from(m));
        let mut counts = Counts::default();
        let mut state = 12345u64;
        let mut uniform = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for m in [20u32, 30, 40, 50, 60, 70] {
            let (a, b) = truth(m);
            for _ in 0..20_000 {
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
        let fit = fit(&counts).unwrap();
        for p in &fit.per_material {
            let (a, b) = truth(p.material);
            assert!((p.a - a).abs() < 0.08 * a, "m {}: a {} vs {a}", p.material, p.a);
            assert!((p.b - b).abs() < 0.15 * b, "m {}: b {} vs {b}", p.material, p.b);
        }
        let text = coefficients_rs(&fit, "a test");
        assert!(text.contains("pub const A: [f64; 4] = ["), "{text}");
    }

    /// A long list of sources is wrapped into doc lines that keep every
    /// word, in order, and stay within the width.
    #[test]
    fn a_long_source_is_wrapped() {
        let files: Vec<String> =
            (28101..28119).map(|s| format!("/work/data/device/frc-bb496c5-s{s}.bin")).collect();
        let source = format!("10125591 positions of {}, scored by the embedded network", files.join(", "));
        let whole = format!("Fitted on {source}.");
        let text = doc_lines(&whole);
        assert!(text.lines().count() > 5, "{text}");
        for line in text.lines() {
            assert!(line.starts_with("//! ") && line.len() <= COMMENT_WIDTH, "{line:?}");
        }
        let words: Vec<&str> = text.lines().flat_map(|l| l[3..].split_whitespace()).collect();
        let want: Vec<&str> = whole.split_whitespace().collect();
        assert_eq!(words, want);
        assert_eq!(doc_lines("short"), "//! short\n");
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
