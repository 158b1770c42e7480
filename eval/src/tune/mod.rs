//! The Texel tuner: fits every parameter of `params.rs` to self-play data.
//!
//! 1. Load positions ([`Dataset`]): each becomes its sparse feature
//!    coefficients once, so an epoch is sums over small arrays, never a
//!    board.
//! 2. Fit K, the scale of the sigmoid that turns an evaluation into an
//!    expected score, `σ(K·eval/400)` with `σ(x) = 1/(1+e^−x)`, to the game
//!    results with the compiled-in parameters ([`fit_k`]).
//! 3. Set each position's target, `λ·result + (1−λ)·σ(K·score/400)`: the
//!    game result blended with the search's opinion ([`set_targets`]).
//! 4. Run epochs of Adam on the mean squared error between `σ(K·eval/400)`
//!    and the target, in mini-batches over the shuffled positions, the
//!    gradient of each batch summed on several threads ([`Tuner`]).
//! 5. Write the result as `params.rs` ([`codegen::params_rs`]).

pub mod codegen;
mod dataset;
mod model;

pub use dataset::Dataset;
use model::{Param, backward, forward, sigmoid};

use crate::layout::{self, NUM_PARAMS};
use crate::score::S;

/// Mean squared error of `σ(k·eval/400)` against the game results, using
/// the evaluation compiled in when the data was loaded.
fn result_error(data: &Dataset, k: f64) -> f64 {
    let sum: f64 = data
        .positions
        .iter()
        .map(|p| {
            let e = sigmoid(k, f64::from(p.eval)) - f64::from(p.result);
            e * e
        })
        .sum();
    sum / data.len().max(1) as f64
}

/// The K that best maps the current evaluation to game results (a golden
/// section search: the error is unimodal in K).
pub fn fit_k(data: &Dataset) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 20.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let mut a = hi - phi * (hi - lo);
    let mut b = lo + phi * (hi - lo);
    let (mut fa, mut fb) = (result_error(data, a), result_error(data, b));
    for _ in 0..80 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - phi * (hi - lo);
            fa = result_error(data, a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + phi * (hi - lo);
            fb = result_error(data, b);
        }
    }
    (lo + hi) / 2.0
}

/// Sets every target to `λ·result + (1−λ)·σ(K·score/400)`.
pub fn set_targets(data: &mut Dataset, k: f64, lambda: f64) {
    for p in &mut data.positions {
        let search = sigmoid(k, f64::from(p.score));
        p.target = (lambda * f64::from(p.result) + (1.0 - lambda) * search) as f32;
    }
}

/// Tuning settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub k: f64,
    pub learning_rate: f64,
    /// Positions per Adam step.
    pub batch: usize,
    pub threads: usize,
}

/// Adam's moment estimates.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

/// Parameters being tuned, with Adam's state.
pub struct Tuner {
    pub params: Vec<Param>,
    m: Vec<Param>,
    v: Vec<Param>,
    steps: i32,
    settings: Settings,
}

/// Loss and gradient of `positions`, summed (not averaged).
fn batch_gradient(data: &Dataset, range: std::ops::Range<usize>, p: &[Param], k: f64) -> (f64, Vec<Param>) {
    let mut grad = vec![[0.0; 2]; p.len()];
    let mut loss = 0.0;
    for pos in &data.positions[range] {
        let f = forward(pos, &data.entries, p);
        let pred = sigmoid(k, f.eval);
        let err = pred - f64::from(pos.target);
        loss += err * err;
        let dl_deval = 2.0 * err * pred * (1.0 - pred) * k / 400.0;
        backward(pos, &data.entries, &f, dl_deval, &mut grad);
    }
    (loss, grad)
}

/// Loss and gradient of a range, split over `threads` threads.
fn gradient(
    data: &Dataset,
    range: std::ops::Range<usize>,
    p: &[Param],
    k: f64,
    threads: usize,
) -> (f64, Vec<Param>) {
    let len = range.len();
    let threads = threads.clamp(1, len.max(1));
    if threads == 1 {
        return batch_gradient(data, range, p, k);
    }
    let chunk = len.div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let lo = range.start + t * chunk;
                let hi = (lo + chunk).min(range.end);
                s.spawn(move || batch_gradient(data, lo.min(hi)..hi, p, k))
            })
            .collect();
        let mut loss = 0.0;
        let mut grad = vec![[0.0; 2]; p.len()];
        for h in handles {
            // A panicking worker is a bug; its share simply drops out.
            if let Ok((l, g)) = h.join() {
                loss += l;
                for (a, b) in grad.iter_mut().zip(g) {
                    a[0] += b[0];
                    a[1] += b[1];
                }
            }
        }
        (loss, grad)
    })
}

impl Tuner {
    /// Starts from `start` (in [`layout`] order, e.g. [`layout::current`]).
    pub fn new(start: &[S], settings: Settings) -> Tuner {
        let params: Vec<Param> = start.iter().map(|s| [f64::from(s.0), f64::from(s.1)]).collect();
        Tuner { m: vec![[0.0; 2]; params.len()], v: vec![[0.0; 2]; params.len()], params, steps: 0, settings }
    }

    /// Mean squared error over the whole dataset with the current parameters.
    pub fn loss(&self, data: &Dataset) -> f64 {
        let (loss, _) = gradient(data, 0..data.len(), &self.params, self.settings.k, self.settings.threads);
        loss / data.len().max(1) as f64
    }

    /// One pass over the data, one Adam step per batch. Returns the mean
    /// loss seen during the pass.
    pub fn epoch(&mut self, data: &Dataset) -> f64 {
        let batch = self.settings.batch.max(1);
        let mut total = 0.0;
        let mut start = 0;
        while start < data.len() {
            let end = (start + batch).min(data.len());
            let (loss, grad) =
                gradient(data, start..end, &self.params, self.settings.k, self.settings.threads);
            total += loss;
            self.step(&grad, (end - start) as f64);
            start = end;
        }
        total / data.len().max(1) as f64
    }

    fn step(&mut self, grad: &[Param], n: f64) {
        let grad = &tie_mirrored_files(grad);
        self.steps += 1;
        let lr = self.settings.learning_rate;
        let c1 = 1.0 - BETA1.powi(self.steps);
        let c2 = 1.0 - BETA2.powi(self.steps);
        let params = self.params.iter_mut().zip(&mut self.m).zip(&mut self.v).zip(grad);
        for (((p, m), v), g) in params {
            for (((p, m), v), g) in p.iter_mut().zip(m.iter_mut()).zip(v.iter_mut()).zip(g) {
                let g = g / n;
                *m = BETA1 * *m + (1.0 - BETA1) * g;
                *v = BETA2 * *v + (1.0 - BETA2) * g * g;
                *p -= lr * (*m / c1) / ((*v / c2).sqrt() + EPSILON);
            }
        }
    }

    /// The parameters rounded to integers, ready for [`codegen::params_rs`].
    /// Each piece-square table's mean moves into that piece's material
    /// value first (the evaluation is the same; the tables stay centred,
    /// which keeps them readable and the material values meaningful).
    pub fn values(&self) -> Vec<S> {
        let mut p = self.params.clone();
        for role in 0..5 {
            // Pawns never stand on the first or last rank.
            let squares = if role == 0 { 8..56 } else { 0..64 };
            let n = squares.len() as f64;
            let base = layout::PST + role * 64;
            for half in [0, 1] {
                let mean: f64 = squares.clone().map(|sq| p[base + sq][half]).sum::<f64>() / n;
                for sq in squares.clone() {
                    p[base + sq][half] -= mean;
                }
                p[layout::MATERIAL + role][half] += mean;
            }
        }
        p.iter().map(|v| S(v[0].round() as i32, v[1].round() as i32)).collect()
    }
}

/// The gradient with each piece-square entry and its a-to-h mirror image
/// given their mean: the two stay equal (they start equal), since nothing
/// in chess prefers a wing, which also halves the table entries the data
/// has to pin down.
fn tie_mirrored_files(grad: &[Param]) -> Vec<Param> {
    let mut g = grad.to_vec();
    for role in 0..6 {
        let base = layout::PST + role * 64;
        for sq in 0..64 {
            let mirror = sq ^ 7;
            if sq < mirror {
                for half in [0, 1] {
                    let mean = (grad[base + sq][half] + grad[base + mirror][half]) / 2.0;
                    g[base + sq][half] = mean;
                    g[base + mirror][half] = mean;
                }
            }
        }
    }
    g
}

/// A parameter vector's length must be [`NUM_PARAMS`].
pub fn check_len(values: &[S]) -> bool {
    values.len() == NUM_PARAMS
}

/// The summed loss and gradient over the whole dataset (for tests).
#[cfg(test)]
pub(crate) fn gradient_for_tests(data: &Dataset, t: &Tuner) -> (f64, Vec<Param>) {
    gradient(data, 0..data.len(), &t.params, t.settings.k, 1)
}
