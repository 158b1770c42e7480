//! The samples a fit is made from: weights of losses, draws and wins by
//! material and score bucket, and apart from them the positions scored
//! exactly 0, which have a draw chance of their own ([`super::Model::chances`]).

use std::collections::BTreeMap;

use super::{MATERIAL_MAX, MATERIAL_MIN};

/// Scores are grouped in buckets this wide (centipawn-like units).
pub const BUCKET: i32 = 4;
/// Scores beyond this are left out: decided positions say little about `b`.
const MAX_SCORE: i32 = 1500;

/// The samples of one material count: how many, and their weights by
/// score bucket as `[losses, draws, wins]`.
#[derive(Default, Debug, Clone)]
pub struct Material {
    pub samples: u64,
    pub bins: BTreeMap<i32, [f64; 3]>,
}

/// Sample weights: `[material][score bucket] -> [losses, draws, wins]`,
/// and `[material] -> [losses, draws, wins]` for scores of exactly 0.
#[derive(Default, Debug, Clone)]
pub struct Counts {
    pub by_material: BTreeMap<u32, Material>,
    pub zero: BTreeMap<u32, [f64; 3]>,
    /// Samples in the bins, and at exactly 0.
    pub samples: u64,
    pub zero_samples: u64,
}

impl Counts {
    /// One position: score and result from the same side's view (result 0
    /// loss, 1 draw, 2 win), material as [`super::material`] counts it.
    pub fn add(&mut self, score: i32, material: u32, result: u8) {
        self.add_weighted(score, material, result, 1.0);
    }

    /// One position counted `weight` times (match games weigh each game
    /// alike, however long). Each also counts mirrored (the other side's
    /// view), so that a fit cannot pick up White's first-move edge.
    pub fn add_weighted(&mut self, score: i32, material: u32, result: u8, weight: f64) {
        if score.abs() > MAX_SCORE || result > 2 || !(weight.is_finite() && weight > 0.0) {
            return;
        }
        let material = material.clamp(MATERIAL_MIN, MATERIAL_MAX);
        if score == 0 {
            let z = self.zero.entry(material).or_default();
            z[usize::from(result)] += weight;
            z[usize::from(2 - result)] += weight;
            self.zero_samples += 1;
            return;
        }
        let m = self.by_material.entry(material).or_default();
        let bucket = |s: i32| (s as f64 / f64::from(BUCKET)).round() as i32;
        m.bins.entry(bucket(score)).or_default()[usize::from(result)] += weight;
        m.bins.entry(bucket(-score)).or_default()[usize::from(2 - result)] += weight;
        m.samples += 1;
        self.samples += 1;
    }
}
