//! Training positions in the form the tuner iterates over: each position's
//! sparse coefficients (from [`crate::features`]) packed into one shared
//! array, plus phase, scales, result and search score. About 4 bytes per
//! nonzero coefficient (a middlegame position has some 60 to 90) and 32
//! bytes of the rest: plan on roughly 350 bytes per position.

use shakmaty::Color;

use crate::data::{RECORD_BYTES, decode};
use crate::features::Collector;

/// One position's place in [`Dataset::entries`] and its fixed numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pos {
    pub start: usize,
    pub linear: u16,
    /// Danger coefficients against Black's king, then White's.
    pub danger: [u8; 2],
    pub phase: u8,
    pub scale_white: u8,
    pub scale_black: u8,
    /// Game result, White's view: 0, 0.5, 1.
    pub result: f32,
    /// Search score, White's view.
    pub score: i16,
    /// The compiled-in evaluation, White's view (to fit K with).
    pub eval: i32,
    /// What the prediction is trained towards (set by the tuner).
    pub target: f32,
}

/// Positions ready for tuning.
#[derive(Default)]
pub struct Dataset {
    pub(crate) entries: Vec<(u16, i16)>,
    pub(crate) positions: Vec<Pos>,
    /// Records that did not decode (damaged data) and were left out.
    pub skipped: u64,
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Extracts the features of packed records, on `threads` threads.
    /// Positions keep the records' order.
    pub fn from_packed(records: &[[u8; RECORD_BYTES]], threads: usize) -> Dataset {
        let threads = threads.max(1);
        let chunk = records.len().div_ceil(threads).max(1);
        let parts: Vec<Dataset> = std::thread::scope(|s| {
            let handles: Vec<_> =
                records.chunks(chunk).map(|part| s.spawn(move || Dataset::extract(part))).collect();
            handles.into_iter().map(|h| h.join().unwrap_or_default()).collect()
        });
        let mut all = Dataset::default();
        for mut part in parts {
            let base = all.entries.len();
            all.entries.append(&mut part.entries);
            all.positions.extend(part.positions.iter().map(|p| Pos { start: p.start + base, ..*p }));
            all.skipped += part.skipped;
        }
        all
    }

    fn extract(records: &[[u8; RECORD_BYTES]]) -> Dataset {
        let mut d = Dataset::default();
        let mut collector = Collector::default();
        for bytes in records {
            let Ok(r) = decode(bytes) else {
                d.skipped += 1;
                continue;
            };
            let f = collector.features(&r.pos);
            let start = d.entries.len();
            d.entries.extend_from_slice(&f.linear);
            d.entries.extend_from_slice(&f.danger[Color::Black as usize]);
            d.entries.extend_from_slice(&f.danger[Color::White as usize]);
            d.positions.push(Pos {
                start,
                linear: f.linear.len() as u16,
                danger: [
                    f.danger[Color::Black as usize].len() as u8,
                    f.danger[Color::White as usize].len() as u8,
                ],
                phase: f.phase as u8,
                scale_white: f.scale_white as u8,
                scale_black: f.scale_black as u8,
                result: r.white_result() as f32,
                score: r.score,
                eval: f.white_eval,
                target: r.white_result() as f32,
            });
        }
        d
    }

    /// Shuffles the positions (mini-batches then mix games), reproducibly.
    pub fn shuffle(&mut self, seed: u64) {
        crate::nnue::train::dataset::shuffle(&mut self.positions, seed);
    }
}
