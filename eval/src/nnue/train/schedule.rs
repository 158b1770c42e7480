//! The learning-rate and λ schedules, as pure functions of where training
//! stands, so they can be tested without training.

/// Share of the starting learning rate left at the end of training.
pub const FINAL_LR_FRACTION: f32 = 0.05;

/// The learning rate of step `step` (0-based) of `total`: with `warmup`
/// warm-up steps it rises linearly from `lr / warmup` to `lr` over them,
/// then falls along a cosine over the remaining steps towards
/// `lr × FINAL_LR_FRACTION` (reached just after the last step).
pub fn learning_rate(lr: f32, step: usize, total: usize, warmup: usize) -> f32 {
    if step < warmup {
        // (step + 1): the first step already moves the weights a little,
        // and the last warm-up step is at exactly `lr` (a ratio of 1).
        return lr * ((step + 1) as f32 / warmup as f32);
    }
    let floor = lr * FINAL_LR_FRACTION;
    // Without warm-up this is the division the trainer always made, so
    // `warmup == 0` gives the earlier learning rates bit for bit.
    let progress = (step - warmup) as f64 / (total - warmup).max(1) as f64;
    floor + (lr - floor) * (0.5 * (1.0 + (std::f64::consts::PI * progress).cos())) as f32
}

/// Warm-up steps for `epochs` (a fraction allowed) of `per_epoch` steps:
/// rounded down, so fewer warm-up epochs than epochs always leave at least
/// one step of the decay.
pub fn warmup_steps(epochs: f64, per_epoch: usize) -> usize {
    (epochs * per_epoch as f64).floor() as usize
}

/// λ for epoch `epoch` (1-based) of `epochs`: `start` at the first,
/// `end` at the last, linear between (`start` for a single epoch).
pub fn lambda(start: f32, end: f32, epoch: u32, epochs: u32) -> f32 {
    // A constant λ stays exactly the λ given, as before the schedule.
    if epochs <= 1 || start == end {
        return start;
    }
    let t = epoch.saturating_sub(1).min(epochs - 1) as f32 / (epochs - 1) as f32;
    // Weighted this way the last epoch is exactly at `end`.
    start * (1.0 - t) + end * t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The trainer's learning rate before warm-up existed, copied as it was.
    fn cosine_of_old(lr: f32, progress: f64) -> f32 {
        let floor = lr * FINAL_LR_FRACTION;
        floor + (lr - floor) * (0.5 * (1.0 + (std::f64::consts::PI * progress).cos())) as f32
    }

    #[test]
    fn without_warm_up_the_curve_is_the_old_one_bit_for_bit() {
        for (per_epoch, epochs) in [(1usize, 1u32), (7, 3), (123, 20), (2930, 40)] {
            let total = per_epoch * epochs as usize;
            for epoch in 1..=epochs {
                for b in 0..per_epoch {
                    let done = (f64::from(epoch - 1) * per_epoch as f64 + b as f64)
                        / (per_epoch as f64 * f64::from(epochs));
                    let step = (epoch as usize - 1) * per_epoch + b;
                    let (old, new) = (cosine_of_old(0.001, done), learning_rate(0.001, step, total, 0));
                    assert_eq!(old.to_bits(), new.to_bits(), "step {step} of {total}");
                }
            }
        }
    }

    #[test]
    fn warm_up_rises_to_the_rate_then_the_cosine_falls_to_the_floor() {
        let (lr, total, warmup) = (0.002f32, 1000, 100);
        let at = |step| learning_rate(lr, step, total, warmup);
        assert!((at(0) - lr / 100.0).abs() < 1e-9, "starts near 0: {}", at(0));
        assert_eq!(at(warmup - 1), lr, "the warm-up ends at the full rate");
        assert!((at(warmup) - lr).abs() < 1e-9, "the cosine starts at the full rate: {}", at(warmup));
        let floor = lr * FINAL_LR_FRACTION;
        assert!(
            at(total - 1) >= floor && at(total - 1) < floor * 1.001,
            "ends near the floor: {}",
            at(total - 1)
        );
        for step in 1..warmup {
            assert!(at(step) > at(step - 1), "the warm-up rises at {step}");
        }
        for step in warmup + 1..total {
            assert!(at(step) < at(step - 1), "the decay falls at {step}");
        }
        // The decay is the whole cosine squeezed into the steps left.
        assert!((at(warmup + (total - warmup) / 2) - (lr + floor) / 2.0).abs() < 1e-7);
    }

    #[test]
    fn warm_up_steps_round_down_and_leave_a_step_to_decay() {
        assert_eq!(warmup_steps(0.0, 100), 0);
        assert_eq!(warmup_steps(1.5, 100), 150);
        assert_eq!(warmup_steps(0.999, 1), 0);
        // Just under all of one epoch of three steps: 2 warm-up, 1 decay.
        let warmup = warmup_steps(0.9999, 3);
        assert_eq!(warmup, 2);
        assert!((learning_rate(0.01, 2, 3, warmup) - 0.01).abs() < 1e-9);
    }

    #[test]
    fn lambda_moves_linearly_from_start_to_end() {
        assert_eq!(lambda(0.0, 1.0, 1, 5), 0.0);
        assert_eq!(lambda(0.0, 1.0, 3, 5), 0.5);
        assert_eq!(lambda(0.0, 1.0, 5, 5), 1.0);
        assert_eq!(lambda(0.8, 0.2, 5, 5), 0.2);
        assert_eq!(lambda(0.3, 0.9, 1, 1), 0.3, "a single epoch keeps the start");
        for epoch in 1..=7 {
            assert_eq!(lambda(0.7, 0.7, epoch, 7).to_bits(), 0.7f32.to_bits(), "constant at {epoch}");
        }
        for epoch in 2..=9 {
            assert!(lambda(0.1, 0.6, epoch, 9) > lambda(0.1, 0.6, epoch - 1, 9));
        }
    }
}
