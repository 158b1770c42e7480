//! A position as the tuner sees it: for every parameter, how many times the
//! evaluation counts it (White's count minus Black's), the king-danger
//! counts against each king, the phase and the endgame scales. With these,
//! `evaluate` is a known function of the parameters:
//!
//! ```text
//! total = Σ linear[i] · p[i] + penalty(Σ danger_white[j] · p[j]) − penalty(Σ danger_black[j] · p[j])
//! white = blend(total, phase, scale)        (taper mg/eg, scale the endgame part)
//! ```
//!
//! [`Features::evaluate`] recomputes it in integers exactly as `evaluate`
//! does; a test holds the two equal on many positions, which is what keeps
//! the tuner honest.

use shakmaty::{Chess, Color, Position};

use crate::evaluate::{blend, danger_penalty, evaluate_with, phase};
use crate::layout::NUM_PARAMS;
use crate::pawn_cache::Uncached;
use crate::score::S;
use crate::tracer::{Term, Tracer};

/// One position's coefficients, sparse (only nonzero counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `(parameter, White's count − Black's count)`, by index.
    pub linear: Vec<(u16, i16)>,
    /// Danger counts against Black's king, then White's (`Color as usize`).
    pub danger: [Vec<(u16, i16)>; 2],
    pub phase: i32,
    /// Endgame scale (of 128) when White is ahead, when Black is ahead.
    pub scale_white: i32,
    pub scale_black: i32,
    /// `evaluate` of the position, from White's side.
    pub white_eval: i32,
}

impl Features {
    /// The evaluation with parameters `p`, from White's point of view, in
    /// the same integer arithmetic as `evaluate`.
    pub fn evaluate(&self, p: &[S]) -> i32 {
        let mut total = S::ZERO;
        for &(i, n) in &self.linear {
            total += p[i as usize] * i32::from(n);
        }
        for (c, sign) in [(Color::White, 1), (Color::Black, -1)] {
            let mut d = S::ZERO;
            for &(i, n) in &self.danger[c as usize] {
                d += p[i as usize] * i32::from(n);
            }
            total += danger_penalty(d) * sign;
        }
        blend(total, self.phase, self.scale_white, self.scale_black)
    }
}

/// Collects features into dense per-side counts; reusable across
/// positions (the tuner extracts millions).
pub struct Collector {
    linear: [Vec<i32>; 2],
    danger: [Vec<i32>; 2],
    scales: (i32, i32),
}

impl Default for Collector {
    fn default() -> Collector {
        Collector {
            linear: [vec![0; NUM_PARAMS], vec![0; NUM_PARAMS]],
            danger: [vec![0; NUM_PARAMS], vec![0; NUM_PARAMS]],
            scales: (0, 0),
        }
    }
}

impl Tracer for Collector {
    fn linear(&mut self, _: Term, color: Color, index: usize, _: S, count: i32) {
        self.linear[color as usize][index] += count;
    }
    fn danger(&mut self, color: Color, index: usize, count: i32) {
        self.danger[color as usize][index] += count;
    }
    fn danger_penalty(&mut self, _: Color, _: S) {}
    fn scale(&mut self, white_ahead: i32, black_ahead: i32) {
        self.scales = (white_ahead, black_ahead);
    }
}

/// Clamps a count into the stored `i16`. Real counts are tiny (at most a
/// few dozen); this only guards against nonsense positions.
fn small(n: i32) -> i16 {
    n.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

impl Collector {
    /// The features of `pos`.
    pub fn features(&mut self, pos: &Chess) -> Features {
        let stm = evaluate_with(pos, self, &mut Uncached);
        let white_eval = if pos.turn() == Color::White { stm } else { -stm };
        let mut f = Features {
            phase: phase(pos),
            scale_white: self.scales.0,
            scale_black: self.scales.1,
            white_eval,
            ..Features::default()
        };
        let [black, white] = &mut self.linear;
        for (i, (w, b)) in white.iter_mut().zip(black.iter_mut()).enumerate() {
            if *w != *b {
                f.linear.push((i as u16, small(*w - *b)));
            }
            (*w, *b) = (0, 0);
        }
        for c in 0..2 {
            for (i, n) in self.danger[c].iter_mut().enumerate() {
                if *n != 0 {
                    f.danger[c].push((i as u16, small(*n)));
                    *n = 0;
                }
            }
        }
        f
    }
}

/// The features of one position (see [`Collector`] for many).
pub fn features(pos: &Chess) -> Features {
    Collector::default().features(pos)
}
