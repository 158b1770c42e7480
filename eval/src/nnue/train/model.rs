//! The floating-point network the trainer fits, its forward and backward
//! passes over a slice of samples, and its quantisation.
//!
//! Parameters live in one flat vector, `[W1 I×H | b1 H | W2 B×2H | b2 B]`
//! (I inputs: 768 per king bucket; B output buckets), so the optimiser and the gradient sums are single
//! loops.

use super::dataset::Sample;
use crate::nnue::features::{KING_BUCKETS, View};
use crate::nnue::network::bucket;
use crate::nnue::{INPUTS, Network, QA, QB, Shape, WEIGHT_CLIP};
use shakmaty::{Color, Square};

/// Offsets of the parameter blocks for a network shape.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub hidden: usize,
    pub buckets: usize,
    pub mirrored: bool,
    pub king_buckets: bool,
}

impl Layout {
    pub fn b1(self) -> usize {
        self.shape().inputs() * self.hidden
    }
    pub fn w2(self) -> usize {
        self.b1() + self.hidden
    }
    pub fn b2(self) -> usize {
        self.w2() + self.buckets * 2 * self.hidden
    }
    /// Parameters in all.
    pub fn count(self) -> usize {
        self.b2() + self.buckets
    }
    pub fn shape(self) -> Shape {
        Shape {
            hidden: self.hidden,
            buckets: self.buckets,
            mirrored: self.mirrored,
            king_buckets: self.king_buckets,
        }
    }
}

/// Starting weights: small uniform values from a seeded generator.
pub fn init(layout: Layout, seed: u64) -> Vec<f32> {
    let mut state = seed ^ 0x5851_f42d_4c95_7f2d;
    let mut uniform = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
    };
    let mut p = vec![0.0f32; layout.count()];
    let a1 = 1.0 / (INPUTS as f32).sqrt();
    for w in &mut p[..layout.b1()] {
        *w = uniform() * a1;
    }
    // Every bucket starts alike, so that rare buckets start sensibly.
    let a2 = 1.0 / ((2 * layout.hidden) as f32).sqrt();
    let first: Vec<f32> = (0..2 * layout.hidden).map(|_| uniform() * a2).collect();
    for bucket in p[layout.w2()..layout.b2()].chunks_exact_mut(2 * layout.hidden) {
        bucket.copy_from_slice(&first);
    }
    p
}

/// The float parameters of a quantised network, to train on from where it
/// stands (`rockad train --init`). Quantising them again gives `net` back.
pub fn dequantise(layout: Layout, net: &Network) -> Vec<f32> {
    debug_assert_eq!(layout.shape(), net.shape());
    let mut p = Vec::with_capacity(layout.count());
    p.extend(net.feature_weights.iter().map(|&w| f32::from(w) / QA as f32));
    p.extend(net.feature_bias.iter().map(|&w| f32::from(w) / QA as f32));
    p.extend(net.output_weights.iter().map(|&w| f32::from(w) / QB as f32));
    p.extend(net.output_bias.iter().map(|&b| b as f32 / (QA * QB) as f32));
    p
}

/// The float parameters of `net`, which has no king buckets, for a layout
/// that has them: every bucket starts as a copy of its feature rows, so the
/// network starts out evaluating exactly as `net` does and training lets
/// the buckets differ.
pub fn dequantise_into_king_buckets(layout: Layout, net: &Network) -> Vec<f32> {
    debug_assert!(layout.king_buckets && !net.king_buckets);
    let flat = Layout { king_buckets: false, ..layout };
    let p = dequantise(flat, net);
    let (rows, rest) = p.split_at(flat.b1());
    let mut out = Vec::with_capacity(layout.count());
    for _ in 0..KING_BUCKETS {
        out.extend_from_slice(rows);
    }
    out.extend_from_slice(rest);
    debug_assert_eq!(out.len(), layout.count());
    out
}

/// The float parameters of `net` for a layout with a wider hidden layer
/// and otherwise `net`'s shape: the first `net.hidden` neurons are `net`'s;
/// the new ones get seeded input weights as [`init`] gives them and zero
/// bias and output weights, so the network starts out evaluating exactly as
/// `net` does and training brings the new neurons in (the gradient reaches
/// their output weights at once, their input weights once those move).
pub fn dequantise_widened(layout: Layout, net: &Network, seed: u64) -> Vec<f32> {
    let old = Layout { hidden: net.hidden, ..layout };
    debug_assert!(
        layout.hidden > old.hidden && layout.shape() == Shape { hidden: layout.hidden, ..net.shape() }
    );
    let p = dequantise(old, net);
    let (h0, h) = (old.hidden, layout.hidden);
    let mut out = init(layout, seed);
    for (new_row, old_row) in out[..layout.b1()].chunks_exact_mut(h).zip(p[..old.b1()].chunks_exact(h0)) {
        new_row[..h0].copy_from_slice(old_row);
    }
    out[layout.b1()..layout.w2()].fill(0.0);
    out[layout.b1()..layout.b1() + h0].copy_from_slice(&p[old.b1()..old.w2()]);
    // Output weights come in halves of `hidden` (side to move's first).
    let (new_w2, old_w2) = (&mut out[layout.w2()..layout.b2()], &p[old.w2()..old.b2()]);
    for (new_half, old_half) in new_w2.chunks_exact_mut(h).zip(old_w2.chunks_exact(h0)) {
        new_half[..h0].copy_from_slice(old_half);
        new_half[h0..].fill(0.0);
    }
    out[layout.b2()..].copy_from_slice(&p[old.b2()..]);
    out
}

/// Learning-rate multipliers for a network widened from `old_hidden`
/// neurons ([`dequantise_widened`]): `scale` for every weight and bias of
/// the new neurons, 1 for the rest.
pub fn widened_lr_scale(layout: Layout, old_hidden: usize, scale: f32) -> Vec<f32> {
    let h = layout.hidden;
    let mut out = vec![1.0; layout.count()];
    // Input rows and the bias are `hidden` long; the output weights come
    // in halves of `hidden`; the output bias has no neuron.
    for part in out[..layout.b2()].chunks_exact_mut(h) {
        part[old_hidden..].fill(scale);
    }
    out
}

/// Keeps every weight quantisable (see [`WEIGHT_CLIP`]).
pub fn clip(p: &mut [f32]) {
    for w in p {
        *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
    }
}

/// The quantised network of float parameters `p`.
pub fn quantise(layout: Layout, p: &[f32]) -> Network {
    let q = |w: f32, scale: i32| (w * scale as f32).round() as i16;
    Network::from_parts(
        layout.shape(),
        p[..layout.b1()].iter().map(|&w| q(w, QA)).collect(),
        p[layout.b1()..layout.w2()].iter().map(|&w| q(w, QA)).collect(),
        p[layout.w2()..layout.b2()].iter().map(|&w| q(w, QB)).collect(),
        p[layout.b2()..].iter().map(|&b| (b * (QA * QB) as f32).round() as i32).collect(),
    )
}

/// Per-thread working memory.
pub struct Scratch {
    acc: [Vec<f32>; 2],
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        Scratch { acc: [vec![0.0; hidden], vec![0.0; hidden]] }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A dot product with eight independent sums, so it vectorises.
#[inline(always)]
fn dot_screlu(acc: &[f32], w: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    for (a, w) in acc.chunks_exact(8).zip(w.chunks_exact(8)) {
        for i in 0..8 {
            let x = a[i].clamp(0.0, 1.0);
            lanes[i] += x * x * w[i];
        }
    }
    lanes.iter().sum()
}

/// The sample's features from side 0 (the side to move) or side 1.
#[inline(always)]
fn side_features(layout: Layout, s: &Sample, side: usize) -> impl Iterator<Item = usize> + '_ {
    // Stored from White's side, unmirrored: side 0 is Black's view when
    // Black is to move, side 1 when White is.
    let black = (side == 0) == s.black_to_move;
    let color = if black { Color::Black } else { Color::White };
    let king = Square::new(u32::from(s.kings[usize::from(black)]));
    let view = View::of_king(color, king, layout.mirrored, layout.king_buckets);
    s.features[..usize::from(s.count)].iter().map(move |&f| view.row(color, usize::from(f)))
}

/// The sample's output bucket.
#[inline(always)]
fn bucket_of(layout: Layout, s: &Sample) -> usize {
    bucket(usize::from(s.count), layout.buckets)
}

#[inline(always)]
fn forward(layout: Layout, p: &[f32], s: &Sample, scratch: &mut Scratch) -> f32 {
    let h = layout.hidden;
    let b1 = &p[layout.b1()..layout.w2()];
    for side in 0..2 {
        let acc = &mut scratch.acc[side];
        acc.copy_from_slice(b1);
        for f in side_features(layout, s, side) {
            let row = &p[f * h..(f + 1) * h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }
    let b = bucket_of(layout, s);
    let w2 = &p[layout.w2() + b * 2 * h..layout.w2() + (b + 1) * 2 * h];
    p[layout.b2() + b] + dot_screlu(&scratch.acc[0], &w2[..h]) + dot_screlu(&scratch.acc[1], &w2[h..])
}

/// Adds the gradient of the squared error over `samples` (targets at
/// `lambda`) to `g`; returns the summed squared error.
#[inline(always)]
fn gradient_generic(
    layout: Layout,
    p: &[f32],
    g: &mut [f32],
    samples: &[Sample],
    lambda: f32,
    scratch: &mut Scratch,
) -> f64 {
    let h = layout.hidden;
    let mut loss = 0.0f64;
    for s in samples {
        let out = forward(layout, p, s, scratch);
        let y = sigmoid(out);
        let err = y - s.target(lambda);
        loss += f64::from(err * err);
        let gout = 2.0 * err * y * (1.0 - y);
        let b = bucket_of(layout, s);
        g[layout.b2() + b] += gout;
        for side in 0..2 {
            let at = layout.w2() + b * 2 * h + side * h;
            let w2 = &p[at..at + h];
            let acc = &mut scratch.acc[side];
            for ((gw, a), w) in g[at..at + h].iter_mut().zip(acc.iter_mut()).zip(w2) {
                let x = a.clamp(0.0, 1.0);
                *gw += gout * x * x;
                // The accumulator becomes its own gradient (2x inside the
                // clip, 0 outside).
                *a = if *a > 0.0 && *a < 1.0 { gout * w * 2.0 * *a } else { 0.0 };
            }
            for (gb, d) in g[layout.b1()..layout.w2()].iter_mut().zip(acc.iter()) {
                *gb += d;
            }
            for f in side_features(layout, s, side) {
                for (gw, d) in g[f * h..(f + 1) * h].iter_mut().zip(acc.iter()) {
                    *gw += d;
                }
            }
        }
    }
    loss
}

#[inline(always)]
fn losses_generic(
    layout: Layout,
    p: &[f32],
    samples: &[Sample],
    lambda: f32,
    results: &[f32],
    scratch: &mut Scratch,
) -> (f64, f64) {
    let (mut to_target, mut to_result) = (0.0, 0.0);
    for (s, &r) in samples.iter().zip(results) {
        let y = sigmoid(forward(layout, p, s, scratch));
        to_target += f64::from((y - s.target(lambda)).powi(2));
        to_result += f64::from((y - r).powi(2));
    }
    (to_target, to_result)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn gradient_avx2(
    layout: Layout,
    p: &[f32],
    g: &mut [f32],
    samples: &[Sample],
    lambda: f32,
    scratch: &mut Scratch,
) -> f64 {
    gradient_generic(layout, p, g, samples, lambda, scratch)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn losses_avx2(
    layout: Layout,
    p: &[f32],
    samples: &[Sample],
    lambda: f32,
    results: &[f32],
    scratch: &mut Scratch,
) -> (f64, f64) {
    losses_generic(layout, p, samples, lambda, results, scratch)
}

fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Adds the gradient over `samples` (targets at `lambda`) to `g`; returns
/// the summed squared error.
pub fn gradient(
    layout: Layout,
    p: &[f32],
    g: &mut [f32],
    samples: &[Sample],
    lambda: f32,
    scratch: &mut Scratch,
) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 and FMA (checked just above).
        return unsafe { gradient_avx2(layout, p, g, samples, lambda, scratch) };
    }
    gradient_generic(layout, p, g, samples, lambda, scratch)
}

/// The summed squared errors over `samples` from one forward pass each:
/// against each sample's target at `lambda`, and against `results` (one
/// per sample, the game result alone).
pub fn losses(
    layout: Layout,
    p: &[f32],
    samples: &[Sample],
    lambda: f32,
    results: &[f32],
    scratch: &mut Scratch,
) -> (f64, f64) {
    debug_assert_eq!(samples.len(), results.len());
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 and FMA (checked just above).
        return unsafe { losses_avx2(layout, p, samples, lambda, results, scratch) };
    }
    losses_generic(layout, p, samples, lambda, results, scratch)
}
