//! The network trainer behind `rockad train`.
//!
//! 1. Load the positions of complete games ([`dataset::load`]) into a
//!    compact form, holding out a share of the games (positions of one game
//!    are alike, so the split is by game).
//! 2. Run epochs of AdamW on the squared error between `σ(output)` and the
//!    target `λ·result + (1−λ)·σ(score/SCALE)`, λ set per epoch (moving
//!    from `lambda` to `lambda_end`), in mini-batches over the shuffled
//!    positions: each thread sums
//!    the gradient of its slice of the batch, the sums are added, one step.
//!    Only the ~30 active features' rows are touched per position.
//! 3. After each epoch, measure the held-out loss and write the quantised
//!    network of the best epoch so far.

pub mod adam;
pub mod dataset;
pub mod model;
pub mod schedule;

use std::path::Path;
use std::time::Instant;

use adam::AdamW;
use dataset::Sample;
use model::{Layout, Scratch};
pub use schedule::FINAL_LR_FRACTION;

/// What to train and how.
#[derive(Clone, Debug)]
pub struct Settings {
    pub data: Vec<String>,
    pub out: String,
    pub hidden: usize,
    /// Output buckets by number of pieces (1 = none).
    pub buckets: usize,
    /// Mirror each side's view horizontally when its king is on files a–d.
    pub mirror: bool,
    /// A set of feature weights per king bucket.
    pub king_buckets: bool,
    pub epochs: u32,
    /// Learning rate after the warm-up; it then falls along a cosine to
    /// `lr × FINAL_LR_FRACTION` by the last batch.
    pub lr: f32,
    /// Epochs (a fraction allowed) over which the learning rate first rises
    /// linearly from about 0 to `lr`; 0 starts at `lr`.
    pub warmup: f64,
    pub batch: usize,
    /// AdamW's decoupled weight decay (per step, times the learning rate).
    pub weight_decay: f32,
    /// Weight of the game result in the target at the first epoch; it moves
    /// linearly to `lambda_end` at the last.
    pub lambda: f32,
    /// λ at the last epoch (`lambda` for a constant λ). The held-out loss
    /// is always measured at this λ, so epochs compare.
    pub lambda_end: f32,
    /// Per cent of the games held out.
    pub holdout: f64,
    pub threads: usize,
    pub seed: u64,
    pub max_positions: usize,
    /// A network file to start from instead of random weights (fine-tuning
    /// an earlier network on new data); its shape must be the settings',
    /// except that a network without king buckets can start one with them
    /// and a narrower one a wider one (its new neurons silent).
    pub init: Option<String>,
    /// With `init` a narrower network: the learning rate of the neurons it
    /// lacks, as a multiple of `lr` (1: the same as the inherited ones).
    pub widen_lr_scale: f32,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Report {
    pub train_positions: usize,
    pub held_out_positions: usize,
    /// Mean squared error per epoch (during the epoch's steps, against
    /// that epoch's λ).
    pub train_loss: Vec<f64>,
    /// At `lambda_end`, per epoch.
    pub held_out_loss: Vec<f64>,
    /// Held-out loss against the game results alone (λ = 1), per epoch.
    pub held_out_result_loss: Vec<f64>,
    /// With `init`: the starting network's held-out loss and its loss
    /// against the results alone, before any training.
    pub init_held_out_loss: Option<(f64, f64)>,
    /// The epoch whose network was written; 0 when no epoch beat the
    /// starting network (then nothing is written).
    pub best_epoch: u32,
    /// The hand-crafted evaluation's loss on the held-out positions.
    pub hce_held_out_loss: f64,
    /// The hand-crafted evaluation's loss against the game results alone,
    /// at its best scale.
    pub hce_result_loss: f64,
    /// Training positions per second, averaged over the epochs.
    pub positions_per_second: f64,
    pub seconds: f64,
}

/// Summed loss and gradient of `batch`, split over threads.
fn batch_gradient(
    layout: Layout,
    p: &[f32],
    grads: &mut [Vec<f32>],
    scratch: &mut [Scratch],
    batch: &[Sample],
    lambda: f32,
) -> f64 {
    let chunk = batch.len().div_ceil(grads.len()).max(1);
    let loss = std::thread::scope(|s| {
        let handles: Vec<_> = grads
            .iter_mut()
            .zip(scratch.iter_mut())
            .zip(batch.chunks(chunk))
            .map(|((g, sc), part)| {
                s.spawn(move || {
                    g.fill(0.0);
                    model::gradient(layout, p, g, part, lambda, sc)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).sum::<f64>()
    });
    let used = batch.chunks(chunk).count();
    let (first, rest) = grads.split_at_mut(1);
    for other in &rest[..used.saturating_sub(1)] {
        for (a, b) in first[0].iter_mut().zip(other) {
            *a += b;
        }
    }
    loss
}

/// Mean squared errors over `samples`, against their targets at `lambda`
/// and against `results` (one per sample), on several threads.
pub fn mean_losses(
    layout: Layout,
    p: &[f32],
    samples: &[Sample],
    lambda: f32,
    results: &[f32],
    threads: usize,
) -> (f64, f64) {
    if samples.is_empty() {
        return (0.0, 0.0);
    }
    let chunk = samples.len().div_ceil(threads.max(1));
    let (to_target, to_result) = std::thread::scope(|s| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .zip(results.chunks(chunk))
            .map(|(part, res)| {
                s.spawn(move || model::losses(layout, p, part, lambda, res, &mut Scratch::new(layout.hidden)))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y))
    });
    let n = samples.len() as f64;
    (to_target / n, to_result / n)
}

/// Writes `bytes` to `path` through a temporary file, so the file is
/// always whole.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks settings that would make training meaningless.
fn check(s: &Settings) -> Result<(), String> {
    if s.hidden == 0 || !s.hidden.is_multiple_of(16) || s.hidden > super::network::MAX_HIDDEN {
        return Err(format!(
            "--hidden must be a multiple of 16 from 16 to {}, got {}",
            super::network::MAX_HIDDEN,
            s.hidden
        ));
    }
    if !(s.widen_lr_scale.is_finite() && s.widen_lr_scale > 0.0) {
        return Err(format!("--widen-lr-scale must be a positive number, got {}", s.widen_lr_scale));
    }
    if !(1..=super::network::MAX_BUCKETS).contains(&s.buckets) {
        return Err(format!("--buckets must be 1 to {}, got {}", super::network::MAX_BUCKETS, s.buckets));
    }
    if !(0.0..=1.0).contains(&s.lambda) {
        return Err(format!("--lambda must be 0..1, got {}", s.lambda));
    }
    if !(0.0..=1.0).contains(&s.lambda_end) {
        return Err(format!("--lambda-end must be 0..1, got {}", s.lambda_end));
    }
    if !(0.0..=10.0).contains(&s.weight_decay) {
        return Err(format!("--weight-decay must be 0..10, got {}", s.weight_decay));
    }
    if !(0.0..100.0).contains(&s.holdout) {
        return Err(format!("--holdout must be 0..100 (per cent), got {}", s.holdout));
    }
    if s.batch == 0 || s.threads == 0 || s.lr.is_nan() || s.lr <= 0.0 {
        return Err("--batch, --threads and --lr must be positive".to_string());
    }
    // A warm-up as long as training would leave no decay; `--epochs 0`
    // (measuring only) keeps the default 0.
    let warmup_fits = s.warmup < f64::from(s.epochs) || s.warmup == 0.0;
    if !(s.warmup.is_finite() && s.warmup >= 0.0 && warmup_fits) {
        return Err(format!(
            "--warmup must be 0 or more and less than --epochs ({}), got {}",
            s.epochs, s.warmup
        ));
    }
    if s.epochs == 0 && s.init.is_none() {
        return Err("--epochs 0 only measures a network: give it with --init NET".to_string());
    }
    if s.data.is_empty() {
        return Err("no data files (--data FILE[,FILE...])".to_string());
    }
    Ok(())
}

/// The starting parameters: `s.init`'s network, or seeded random weights;
/// with them the hidden size `s.init` had when it is widened.
fn starting_parameters(s: &Settings, layout: Layout) -> Result<(Vec<f32>, Option<usize>), String> {
    let Some(path) = &s.init else {
        return Ok((model::init(layout, s.seed), None));
    };
    let net = super::Network::load(Path::new(path)).map_err(|e| format!("--init {path}: {e}"))?;
    let (want, have) = (layout.shape(), net.shape());
    if want.king_buckets && !have.king_buckets && want == (super::Shape { king_buckets: true, ..have }) {
        return Ok((model::dequantise_into_king_buckets(layout, &net), None));
    }
    if want.hidden > have.hidden && want == (super::Shape { hidden: want.hidden, ..have }) {
        return Ok((model::dequantise_widened(layout, &net, s.seed), Some(have.hidden)));
    }
    if want != have {
        return Err(format!(
            "--init {path} is hidden {}, {} output bucket(s), {}, {}; give --hidden {} --buckets {}{}{} to train on from it",
            have.hidden,
            have.buckets,
            if have.mirrored { "mirrored" } else { "not mirrored" },
            if have.king_buckets { "king buckets" } else { "no king buckets" },
            have.hidden,
            have.buckets,
            if have.mirrored { " --mirror" } else { "" },
            if have.king_buckets { " --king-buckets" } else { "" }
        ));
    }
    Ok((model::dequantise(layout, &net), None))
}

/// Trains a network on `s.data` and writes it to `s.out`; `say` gets the
/// progress lines.
pub fn run(s: &Settings, say: &mut dyn FnMut(&str)) -> Result<Report, String> {
    check(s)?;
    let started = Instant::now();
    let layout =
        Layout { hidden: s.hidden, buckets: s.buckets, mirrored: s.mirror, king_buckets: s.king_buckets };
    // Before the data: a wrong --init should not cost a long load.
    let (mut params, widened_from) = starting_parameters(s, layout)?;
    let loaded = dataset::load(&s.data, s.holdout, s.max_positions, say)?;
    if loaded.skipped > 0 {
        say(&format!("{} record(s) did not decode and were left out", loaded.skipped));
    }
    let (mut train, held, held_results) = (loaded.train, loaded.held_out, loaded.held_out_results);
    if train.is_empty() {
        return Err("no positions to train on".to_string());
    }
    let lambda_line = if s.lambda_end == s.lambda {
        format!("lambda {}", s.lambda)
    } else {
        format!("lambda {} to {} by epoch (held-out losses at {})", s.lambda, s.lambda_end, s.lambda_end)
    };
    say(&format!(
        "{} position(s) of {} game(s): {} to train on, {} held out; hidden {}, {} output bucket(s), {}{}, {}, lr {} after a warm-up of {} epoch(s), {} thread(s), loaded in {:.1} s",
        train.len() + held.len(),
        loaded.games,
        train.len(),
        held.len(),
        s.hidden,
        s.buckets,
        if s.mirror { "mirrored" } else { "not mirrored" },
        if s.king_buckets { ", king buckets" } else { "" },
        lambda_line,
        s.lr,
        s.warmup,
        s.threads,
        started.elapsed().as_secs_f64()
    ));
    // Held out, everything is measured at the final λ.
    let targets: Vec<f32> = held.iter().map(|h| h.target(s.lambda_end)).collect();
    let hce_loss = dataset::hce_loss(&targets, &loaded.hce_held_out, 1.0);
    let mut hce_result_loss = 0.0;
    if !held.is_empty() {
        let (k, best) = dataset::hce_best_loss(&targets, &loaded.hce_held_out);
        let (kr, best_r) = dataset::hce_best_loss(&held_results, &loaded.hce_held_out);
        hce_result_loss = best_r;
        say(&format!(
            "the hand-crafted evaluation's held-out loss: {hce_loss:.6} (at its best scale, {k:.3} x: {best:.6}); against the results alone, at its best scale ({kr:.3} x): {best_r:.6}"
        ));
    }
    let mut adam = AdamW::new(layout.count());
    adam.weight_decay = s.weight_decay;
    if let Some(old_hidden) = widened_from.filter(|_| s.widen_lr_scale != 1.0) {
        adam.lr_scale = Some(model::widened_lr_scale(layout, old_hidden, s.widen_lr_scale));
        say(&format!(
            "neurons {}..{} (new) learn at {} x the learning rate",
            old_hidden + 1,
            layout.hidden,
            s.widen_lr_scale
        ));
    }
    let mut grads: Vec<Vec<f32>> = (0..s.threads).map(|_| vec![0.0; layout.count()]).collect();
    let mut scratch: Vec<Scratch> = (0..s.threads).map(|_| Scratch::new(s.hidden)).collect();
    let batches_per_epoch = train.len().div_ceil(s.batch);
    let total_batches = batches_per_epoch * s.epochs as usize;
    let warmup_batches = schedule::warmup_steps(s.warmup, batches_per_epoch);
    let mut report = Report {
        train_positions: train.len(),
        held_out_positions: held.len(),
        train_loss: Vec::new(),
        held_out_loss: Vec::new(),
        held_out_result_loss: Vec::new(),
        init_held_out_loss: None,
        best_epoch: 0,
        hce_held_out_loss: hce_loss,
        hce_result_loss,
        positions_per_second: 0.0,
        seconds: 0.0,
    };
    // An epoch is written only if it beats the starting network, so a
    // fine-tune never writes a network worse on the held-out games.
    let mut best_so_far = f64::INFINITY;
    if let (Some(path), false) = (&s.init, held.is_empty()) {
        let (held_loss, result_loss) =
            mean_losses(layout, &params, &held, s.lambda_end, &held_results, s.threads);
        report.init_held_out_loss = Some((held_loss, result_loss));
        best_so_far = held_loss;
        say(&format!(
            "{path}, before training: held-out loss {held_loss:.6} (results alone {result_loss:.6})"
        ));
    }
    if s.epochs == 0 {
        // Measuring only: how a network does on these held-out games, for
        // comparing networks on data that neither trained on.
        report.seconds = started.elapsed().as_secs_f64();
        say(&format!("--epochs 0: measured only, nothing written; {:.1} s in all", report.seconds));
        return Ok(report);
    }
    let mut training_seconds = 0.0;
    for epoch in 1..=s.epochs {
        dataset::shuffle(&mut train, s.seed.wrapping_add(u64::from(epoch)));
        let lambda = schedule::lambda(s.lambda, s.lambda_end, epoch, s.epochs);
        let t0 = Instant::now();
        let mut sum = 0.0;
        let mut lr = s.lr;
        for (b, batch) in train.chunks(s.batch).enumerate() {
            let step = (epoch as usize - 1) * batches_per_epoch + b;
            lr = schedule::learning_rate(s.lr, step, total_batches, warmup_batches);
            sum += batch_gradient(layout, &params, &mut grads, &mut scratch, batch, lambda);
            let scale = 1.0 / batch.len() as f32;
            for g in grads[0].iter_mut() {
                *g *= scale;
            }
            adam.step(&mut params, &grads[0], lr);
            model::clip(&mut params);
        }
        let took = t0.elapsed().as_secs_f64();
        training_seconds += took;
        let train_loss = sum / train.len() as f64;
        report.train_loss.push(train_loss);
        let (held_loss, result_loss) = if held.is_empty() {
            (train_loss, 0.0)
        } else {
            mean_losses(layout, &params, &held, s.lambda_end, &held_results, s.threads)
        };
        report.held_out_loss.push(held_loss);
        report.held_out_result_loss.push(result_loss);
        let best = held_loss <= best_so_far;
        let mut line = format!(
            "epoch {epoch}/{}: train loss {train_loss:.6}, held-out loss {held_loss:.6} (results alone {result_loss:.6}), {:.0} positions/s, {took:.1} s, lr {lr:.6}",
            s.epochs,
            train.len() as f64 / took
        );
        if s.lambda_end != s.lambda {
            line.push_str(&format!(", lambda {lambda:.3}"));
        }
        if best {
            best_so_far = held_loss;
            report.best_epoch = epoch;
            let net = model::quantise(layout, &params);
            write_atomically(Path::new(&s.out), &net.to_bytes())?;
            line.push_str(&format!(", written to {}", s.out));
        }
        say(&line);
    }
    report.positions_per_second = train.len() as f64 * f64::from(s.epochs) / training_seconds;
    report.seconds = started.elapsed().as_secs_f64();
    let best = if report.best_epoch == 0 {
        format!("no epoch beat the starting network (held-out loss {best_so_far:.6}); nothing written")
    } else {
        format!("best epoch {} (held-out loss {best_so_far:.6})", report.best_epoch)
    };
    say(&format!(
        "{best}; {:.0} positions/s on {} thread(s); {:.1} s in all",
        report.positions_per_second, s.threads, report.seconds
    ));
    Ok(report)
}
