//! The evaluation as a differentiable function of the parameters, in
//! floating point: the same formula as `Features::evaluate` (linear sum,
//! king-danger penalty per side, taper, endgame scale) with its gradient.

use super::dataset::Pos;
use crate::context::{MAX_PHASE, SCALE_ONE};
use crate::params::{KING_DANGER_EG_DIV, KING_DANGER_MG_DIV};

/// A parameter as the tuner holds it: (middlegame, endgame).
pub type Param = [f64; 2];

/// Expected score for White of a White-side evaluation.
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval / 400.0).exp())
}

/// The intermediate values of one position's evaluation.
pub struct Forward {
    pub eval: f64,
    /// d eval / d mg and d eval / d eg.
    pub d_mg: f64,
    pub d_eg: f64,
    /// Each king's danger sum, [Black, White].
    pub danger: [Param; 2],
}

/// Evaluates one position with parameters `p`.
#[inline]
pub fn forward(pos: &Pos, entries: &[(u16, i16)], p: &[Param]) -> Forward {
    let mut lin = [0.0f64; 2];
    let e = &entries[pos.start..];
    let n = usize::from(pos.linear);
    for &(i, c) in &e[..n] {
        let v = p[usize::from(i)];
        let c = f64::from(c);
        lin[0] += v[0] * c;
        lin[1] += v[1] * c;
    }
    let mut danger = [[0.0f64; 2]; 2];
    let mut at = n;
    for (side, d) in danger.iter_mut().enumerate() {
        let m = usize::from(pos.danger[side]);
        for &(i, c) in &e[at..at + m] {
            let v = p[usize::from(i)];
            let c = f64::from(c);
            d[0] += v[0] * c;
            d[1] += v[1] * c;
        }
        at += m;
    }
    // Black's penalty (index 0) counts for White, White's against.
    let mut mg = lin[0];
    let mut eg = lin[1];
    for (side, sign) in [(0, 1.0), (1, -1.0)] {
        let d = danger[side];
        mg += sign * d[0].max(0.0).powi(2) / f64::from(KING_DANGER_MG_DIV);
        eg += sign * d[1].max(0.0) / f64::from(KING_DANGER_EG_DIV);
    }
    let scale = if eg > 0.0 {
        pos.scale_white
    } else if eg < 0.0 {
        pos.scale_black
    } else {
        SCALE_ONE as u8
    };
    if scale == 0 {
        return Forward { eval: 0.0, d_mg: 0.0, d_eg: 0.0, danger };
    }
    let phase = f64::from(pos.phase) / f64::from(MAX_PHASE);
    let s = f64::from(scale) / f64::from(SCALE_ONE);
    let d_mg = phase;
    let d_eg = s * (1.0 - phase);
    Forward { eval: mg * d_mg + eg * d_eg, d_mg, d_eg, danger }
}

/// Adds `dl_deval` × d eval / d parameters into `grad`.
#[inline]
pub fn backward(pos: &Pos, entries: &[(u16, i16)], f: &Forward, dl_deval: f64, grad: &mut [Param]) {
    let g_mg = dl_deval * f.d_mg;
    let g_eg = dl_deval * f.d_eg;
    if g_mg == 0.0 && g_eg == 0.0 {
        return;
    }
    let e = &entries[pos.start..];
    let n = usize::from(pos.linear);
    for &(i, c) in &e[..n] {
        let g = &mut grad[usize::from(i)];
        let c = f64::from(c);
        g[0] += g_mg * c;
        g[1] += g_eg * c;
    }
    let mut at = n;
    for (side, sign) in [(0usize, 1.0f64), (1, -1.0)] {
        let m = usize::from(pos.danger[side]);
        let d = f.danger[side];
        // The term is sign·danger²/DIV (mg) and sign·danger/DIV (eg), and
        // nothing at or below 0.
        let k_mg = if d[0] > 0.0 { sign * 2.0 * d[0] / f64::from(KING_DANGER_MG_DIV) } else { 0.0 };
        let k_eg = if d[1] > 0.0 { sign / f64::from(KING_DANGER_EG_DIV) } else { 0.0 };
        for &(i, c) in &e[at..at + m] {
            let g = &mut grad[usize::from(i)];
            let c = f64::from(c);
            g[0] += g_mg * k_mg * c;
            g[1] += g_eg * k_eg * c;
        }
        at += m;
    }
}
