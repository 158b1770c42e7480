//! Training positions in a compact in-memory form: the active features from
//! White's side, who is to move, the search score and the game result,
//! 72 bytes each.

use std::path::Path;

use shakmaty::{Color, Position};

use crate::data::{Reader, decode};
use crate::nnue::features::white_features;

/// One training position.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// Active features from White's side; the first `count` are used.
    pub features: [u16; 32],
    /// The search score, centipawns, the side to move's view. Score and
    /// result (3 bytes) are kept instead of a target so that λ can change
    /// during training; they fill the 4 bytes the f32 target took.
    pub score: i16,
    pub count: u8,
    pub black_to_move: bool,
    /// Per side (White, Black): its king's square (a legal position has
    /// both kings).
    pub kings: [u8; 2],
    /// The game result, the side to move's view, in half points (0 lost,
    /// 1 drawn, 2 won).
    pub result: u8,
}

// Tens of millions are loaded: the λ schedule must not cost memory.
const _: () = assert!(std::mem::size_of::<Sample>() == 72);

impl Sample {
    /// The side to move's expected score at `lambda`, 0..1 (see [`target`]).
    #[inline(always)]
    pub fn target(&self, lambda: f32) -> f32 {
        target(f32::from(self.score), self.result_score(), lambda)
    }

    /// The game result, the side to move's view, 0..1.
    #[inline(always)]
    pub fn result_score(&self) -> f32 {
        f32::from(self.result) / 2.0
    }
}

/// Both kings' squares (White's first), the a1 corner for a missing one.
pub fn kings(pos: &shakmaty::Chess) -> [u8; 2] {
    [Color::White, Color::Black].map(|c| pos.board().king_of(c).map_or(0, |k| k as u8))
}

/// The side to move's expected score for a search score (centipawns,
/// side to move's view) and a game result (side to move's view, 0..1):
/// `λ·result + (1−λ)·σ(score/SCALE)`.
pub fn target(score: f32, result: f32, lambda: f32) -> f32 {
    let search = 1.0 / (1.0 + (-score / crate::nnue::SCALE as f32).exp());
    lambda * result + (1.0 - lambda) * search
}

/// Whether game `index` is held out: a fixed spread over the loaded games,
/// independent of threads and shuffles.
pub fn held_out(index: usize, percent: f64) -> bool {
    let spread = ((index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) & 0xffff;
    (spread as f64) < percent * 65536.0 / 100.0
}

/// What the loaded files held.
#[derive(Debug, Default)]
pub struct Loaded {
    pub train: Vec<Sample>,
    pub held_out: Vec<Sample>,
    pub games: usize,
    /// Records that did not decode (only a damaged file has them).
    pub skipped: usize,
    /// The game result (side to move's view, 0..1) of each held-out
    /// position: a target that does not move with λ, so nets trained with
    /// different λ can be compared on it.
    pub held_out_results: Vec<f32>,
    /// The hand-crafted evaluation of each held-out position (side to
    /// move's view): the baseline a network should beat.
    pub hce_held_out: Vec<f32>,
}

/// The hand-crafted evaluation's mean squared error against `targets`
/// (one per held-out position), with its outputs scaled by `k`
/// (`σ(k·eval/SCALE)`).
pub fn hce_loss(targets: &[f32], evals: &[f32], k: f32) -> f64 {
    let sum: f64 = targets
        .iter()
        .zip(evals)
        .map(|(&t, &e)| {
            let y = 1.0 / (1.0 + (-k * e / crate::nnue::SCALE as f32).exp());
            f64::from((y - t).powi(2))
        })
        .sum();
    sum / targets.len().max(1) as f64
}

/// The scale `k` in 0.1..10 that gives the hand-crafted evaluation its
/// lowest loss against `targets` (a golden-section search), with that loss.
pub fn hce_best_loss(targets: &[f32], evals: &[f32]) -> (f32, f64) {
    let phi = (5f32.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.1f32, 10.0f32);
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if hce_loss(targets, evals, a) < hce_loss(targets, evals, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    (k, hce_loss(targets, evals, k))
}

/// Loads every complete game of `files` (a file still being written is read
/// up to its last complete game), at most `max_positions` positions.
pub fn load(
    files: &[String],
    holdout_percent: f64,
    max_positions: usize,
    say: &mut dyn FnMut(&str),
) -> Result<Loaded, String> {
    let mut out = Loaded::default();
    'files: for f in files {
        let mut reader = Reader::open(Path::new(f))?;
        let mut positions = 0usize;
        while let Some(game) = reader.next_game() {
            let hold = held_out(out.games, holdout_percent);
            out.games += 1;
            for bytes in &game.records {
                let Ok(r) = decode(bytes) else {
                    out.skipped += 1;
                    continue;
                };
                let black_to_move = r.pos.turn() == Color::Black;
                let mut s = Sample {
                    features: [0; 32],
                    // -i16::MIN saturates: σ of either is 1.0 in f32.
                    score: if black_to_move { r.score.saturating_neg() } else { r.score },
                    count: 0,
                    black_to_move,
                    kings: kings(&r.pos),
                    result: if black_to_move { 2 - r.result.min(2) } else { r.result.min(2) },
                };
                for (i, f) in white_features(&r.pos).take(32).enumerate() {
                    s.features[i] = f as u16;
                    s.count = i as u8 + 1;
                }
                if hold {
                    out.hce_held_out.push(crate::evaluate(&r.pos) as f32);
                    out.held_out_results.push(s.result_score());
                    out.held_out.push(s);
                } else {
                    out.train.push(s);
                }
                positions += 1;
                if out.train.len() + out.held_out.len() >= max_positions {
                    say(&format!(
                        "{f}: {} game(s), {positions} position(s) (--max-positions reached)",
                        reader.games
                    ));
                    break 'files;
                }
            }
        }
        if let Some(why) = &reader.damaged {
            say(&format!("{f}: stopped after game {} at {why}", reader.games));
        }
        say(&format!("{f}: {} game(s), {positions} position(s)", reader.games));
    }
    Ok(out)
}

/// A reproducible shuffle: the same seed gives the same order.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    crate::Rng::new(seed).shuffle(items);
}
