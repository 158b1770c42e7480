//! The tuner: its gradient matches finite differences, and on a small
//! synthetic dataset its loss goes down.

use super::sample_positions;
use crate::data::{Record, encode};
use crate::layout::{self, current};
use crate::tune::{Dataset, Settings, Tuner, codegen, fit_k, set_targets};
use crate::{S, evaluate};
use shakmaty::{Color, Position};

/// Positions labelled by a "teacher" evaluation: the compiled-in one with
/// a much larger tempo and knights worth less, so there is something to
/// learn, results drawn from its expected score.
fn synthetic(n: usize) -> Dataset {
    let mut packed = Vec::new();
    for (i, p) in sample_positions(n).into_iter().enumerate() {
        if p.is_check() {
            continue;
        }
        let stm = evaluate(&p);
        let white = if p.turn() == Color::White { stm } else { -stm };
        let teacher = white + if p.turn() == Color::White { 40 } else { -40 };
        let expected = 1.0 / (1.0 + (-f64::from(teacher) / 200.0).exp());
        let pseudo = ((i as u64).wrapping_mul(2654435761) % 1000) as f64 / 1000.0;
        let result = if pseudo < expected * 0.8 {
            2
        } else if pseudo < expected * 0.8 + 0.2 {
            1
        } else {
            0
        };
        let record = Record { pos: p, score: teacher.clamp(-3000, 3000) as i16, result };
        packed.push(encode(&record).unwrap());
    }
    Dataset::from_packed(&packed, 2)
}

#[test]
fn loss_goes_down_and_the_output_is_params_rs() {
    let mut data = synthetic(400);
    assert!(data.len() > 300);
    let k = fit_k(&data);
    assert!(k > 0.05 && k < 20.0, "{k}");
    set_targets(&mut data, k, 0.5);
    data.shuffle(1);
    let mut tuner = Tuner::new(&current(), Settings { k, learning_rate: 2.0, batch: 64, threads: 2 });
    let before = tuner.loss(&data);
    for _ in 0..15 {
        tuner.epoch(&data);
    }
    let after = tuner.loss(&data);
    assert!(after < before * 0.97, "loss {before} -> {after}");
    // The tempo, which the teacher inflated, went up.
    let values = tuner.values();
    assert!(values[layout::TEMPO].0 > crate::params::TEMPO.0, "{:?}", values[layout::TEMPO]);
    let text = codegen::params_rs(&values);
    assert!(text.starts_with("//! Every evaluation parameter"));
    assert_eq!(text.matches("pub const ").count(), 8 + layout::groups().len());
}

#[test]
fn gradient_matches_finite_differences() {
    let data = synthetic(60);
    let k = 1.5;
    let settings = Settings { k, learning_rate: 1.0, batch: 1 << 20, threads: 1 };
    let base = current();
    let tuner = Tuner::new(&base, settings.clone());
    let (_, grad) = crate::tune::gradient_for_tests(&data, &tuner);
    // Parameters that occur: a piece value, a mobility entry, the tempo
    // and a king-danger weight.
    for index in [layout::MATERIAL + 1, layout::MOBILITY_KNIGHT + 4, layout::TEMPO, layout::KING_ZONE_ATTACKS]
    {
        for (j, &analytic) in grad[index].iter().enumerate() {
            let h = 0.5;
            let mut plus = Tuner::new(&base, settings.clone());
            plus.params[index][j] += h;
            let mut minus = Tuner::new(&base, settings.clone());
            minus.params[index][j] -= h;
            let numeric = (plus.loss(&data) - minus.loss(&data)) / (2.0 * h) * data.len() as f64;
            let tolerance = 1e-6 + 1e-3 * numeric.abs().max(analytic.abs());
            assert!(
                (numeric - analytic).abs() < tolerance,
                "{} [{j}]: {numeric} vs {analytic}",
                layout::name_of(index)
            );
        }
    }
    let _ = S::ZERO;
}
