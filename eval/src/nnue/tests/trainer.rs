use shakmaty::{Chess, Color, Position};

use super::{Rng, starts};
use crate::data::{Game, Header, Record, encode};
use crate::nnue::Network;
use crate::nnue::features::{View, white_features};
use crate::nnue::train::dataset::Sample;
use crate::nnue::train::dataset::kings;
use crate::nnue::train::model::{self, Layout, Scratch};
use crate::nnue::train::{self, Settings};

/// A sample with the side to move's score and result (in half points).
fn sample(pos: &Chess, score: i16, result: u8) -> Sample {
    let mut s = Sample {
        features: [0; 32],
        score,
        count: 0,
        black_to_move: pos.turn() == Color::Black,
        kings: kings(pos),
        result,
    };
    for (i, f) in white_features(pos).enumerate() {
        s.features[i] = f as u16;
        s.count = i as u8 + 1;
    }
    s
}

/// Positions along random games, each scored by the hand-crafted
/// evaluation (side to move's view), with a result that agrees with it.
fn positions(n: usize, seed: u64) -> Vec<(Chess, i16, u8)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let starts = starts();
    while out.len() < n {
        let mut pos = starts[rng.index(starts.len())].clone();
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.index(moves.len())]);
            let stm = crate::evaluate(&pos).clamp(-2000, 2000) as i16;
            let white = if pos.turn() == Color::White { stm } else { -stm };
            let result = if white > 100 {
                2
            } else if white < -100 {
                0
            } else {
                1
            };
            out.push((pos.clone(), white, result));
        }
    }
    out
}

#[test]
fn the_gradient_matches_finite_differences() {
    for layout in [
        Layout { hidden: 16, buckets: 1, mirrored: false, king_buckets: false },
        Layout { hidden: 16, buckets: 4, mirrored: true, king_buckets: false },
        Layout { hidden: 16, buckets: 4, mirrored: true, king_buckets: true },
    ] {
        let data: Vec<Sample> = positions(40, 1)
            .iter()
            .map(|(p, w, r)| {
                let (stm, r) = if p.turn() == Color::White { (*w, *r) } else { (-*w, 2 - *r) };
                sample(p, stm, r)
            })
            .collect();
        let mut p = model::init(layout, 3);
        // Biases away from zero so that most hidden units are active.
        for b in &mut p[layout.b1()..layout.w2()] {
            *b = 0.4;
        }
        let mut g = vec![0.0; layout.count()];
        let mut scratch = Scratch::new(layout.hidden);
        let results: Vec<f32> = data.iter().map(|s| s.result_score()).collect();
        model::gradient(layout, &p, &mut g, &data, 0.5, &mut scratch);
        // A row the first sample reads, from the side to move's view.
        let (pos, _, _) = &positions(40, 1)[0];
        let view = View::of(pos, pos.turn(), layout.mirrored, layout.king_buckets);
        let f = view.row(pos.turn(), data[0].features[0] as usize);
        let mut checked = 0;
        for at in [f * 16, f * 16 + 5, layout.b1() + 3, layout.w2() + 1, layout.w2() + 20, layout.b2()] {
            let eps = 1e-3;
            let mut q = p.clone();
            q[at] += eps;
            let up = model::losses(layout, &q, &data, 0.5, &results, &mut scratch).0;
            q[at] -= 2.0 * eps;
            let down = model::losses(layout, &q, &data, 0.5, &results, &mut scratch).0;
            let numeric = (up - down) / (2.0 * f64::from(eps));
            let analytic = f64::from(g[at]);
            assert!(
                (numeric - analytic).abs() <= 0.05 * numeric.abs().max(analytic.abs()) + 1e-4,
                "{layout:?} parameter {at}: numeric {numeric}, analytic {analytic}"
            );
            checked += usize::from(analytic.abs() > 1e-3);
        }
        assert!(checked >= 3, "too few parameters with a gradient to check");
    }
}

/// Writes `all` as a version 1 data file of 40-position games.
fn write_data(path: &std::path::Path, all: &[(Chess, i16, u8)]) {
    let mut bytes = Header { seed: 1, nodes: 1, settings: 0, version: 1 }.to_bytes().to_vec();
    for (i, chunk) in all.chunks(40).enumerate() {
        let records = chunk
            .iter()
            .map(|(pos, score, result)| encode(&Record { pos: pos.clone(), score: *score, result: *result }));
        let game = Game { index: i as u32, result: 1, records: records.map(|r| r.unwrap()).collect() };
        bytes.extend_from_slice(&game.to_bytes());
    }
    std::fs::write(path, bytes).unwrap();
}

/// A fresh directory for one test, holding `data.bin` with `all` written
/// into it: returns both paths.
fn data_dir(name: &str, all: &[(Chess, i16, u8)]) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("rockad-train-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.bin");
    write_data(&data, all);
    (dir, data)
}

fn small_settings(data: &std::path::Path, out: &std::path::Path, lambda: f32) -> Settings {
    Settings {
        data: vec![data.display().to_string()],
        out: out.display().to_string(),
        hidden: 16,
        buckets: 2,
        mirror: true,
        king_buckets: false,
        epochs: 6,
        lr: 0.01,
        warmup: 0.0,
        batch: 256,
        weight_decay: 0.01,
        lambda,
        lambda_end: lambda,
        holdout: 10.0,
        threads: 2,
        seed: 1,
        max_positions: usize::MAX,
        init: None,
        widen_lr_scale: 1.0,
    }
}

#[test]
fn training_lowers_the_loss_and_writes_a_network_the_engine_reads() {
    let all = positions(3000, 2);
    let (dir, data) = data_dir("test", &all);
    let out = dir.join("net.nnue");
    let settings = small_settings(&data, &out, 0.5);
    let mut lines = Vec::new();
    let report = train::run(&settings, &mut |l| lines.push(l.to_string())).unwrap();
    assert_eq!(report.train_positions + report.held_out_positions, all.len());
    assert!(report.held_out_positions > 0);
    let (first, last) = (report.train_loss[0], *report.train_loss.last().unwrap());
    assert!(last < first * 0.8, "training loss {first} -> {last}");
    assert!(lines.iter().any(|l| l.contains("positions/s")), "{lines:?}");
    let net = Network::load(&out).unwrap();
    assert_eq!((net.hidden(), net.buckets, net.mirrored), (16, 2, true));
    std::fs::remove_dir_all(&dir).ok();
}

/// The results-alone yardstick measures against the game results whatever
/// λ is: with λ = 1 it is the held-out loss itself, with λ < 1 it is not.
#[test]
fn the_results_alone_loss_ignores_lambda() {
    let (dir, data) = data_dir("results", &positions(2000, 3));
    let out = dir.join("net.nnue");
    let results_only = train::run(&small_settings(&data, &out, 1.0), &mut |_| {}).unwrap();
    assert_eq!(results_only.held_out_result_loss, results_only.held_out_loss);
    let mixed = train::run(&small_settings(&data, &out, 0.5), &mut |_| {}).unwrap();
    assert_eq!(mixed.held_out_result_loss.len(), 6);
    for (r, m) in mixed.held_out_result_loss.iter().zip(&mixed.held_out_loss) {
        assert!((r - m).abs() > 1e-4, "results alone {r} vs held-out {m}");
    }
    // The hand-crafted baseline against results is the same for both runs.
    assert_eq!(results_only.hce_result_loss, mixed.hce_result_loss);
    assert!(mixed.hce_result_loss > 0.0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn dequantising_a_network_and_quantising_it_again_gives_it_back() {
    let layout = Layout { hidden: 32, buckets: 4, mirrored: true, king_buckets: true };
    let net = model::quantise(layout, &model::init(layout, 9));
    let again = model::quantise(layout, &model::dequantise(layout, &net));
    assert_eq!(again.to_bytes(), net.to_bytes());
}

/// `--init`: training goes on from a network's weights, starting at its
/// held-out loss, and writes an epoch only if it beats it.
#[test]
fn training_can_start_from_a_network() {
    let (dir, data) = data_dir("init", &positions(3000, 4));
    let first = dir.join("first.nnue");
    let trained = train::run(&small_settings(&data, &first, 0.5), &mut |_| {}).unwrap();
    let best = trained.held_out_loss[trained.best_epoch as usize - 1];

    // Same data and seed, so the same held-out games: the starting loss is
    // the first network's (up to quantisation), far below a random start's.
    let tuned = dir.join("tuned.nnue");
    let mut s = small_settings(&data, &tuned, 0.5);
    s.init = Some(first.display().to_string());
    s.epochs = 2;
    s.lr = 0.001;
    let mut lines = Vec::new();
    let report = train::run(&s, &mut |l| lines.push(l.to_string())).unwrap();
    let (start, _) = report.init_held_out_loss.unwrap();
    assert!((start - best).abs() < best * 0.02, "starting loss {start}, trained {best}");
    assert!(start < trained.held_out_loss[0], "{start} vs a random start's {}", trained.held_out_loss[0]);
    assert!(lines.iter().any(|l| l.contains("before training")), "{lines:?}");
    if report.best_epoch > 0 {
        assert!(report.held_out_loss[report.best_epoch as usize - 1] <= start);
        assert!(tuned.exists());
    }

    // A learning rate that wrecks the network: no epoch beats the start,
    // so nothing is written.
    let wrecked = dir.join("wrecked.nnue");
    let mut s = small_settings(&data, &wrecked, 0.5);
    s.init = Some(first.display().to_string());
    s.epochs = 1;
    s.lr = 5.0;
    let report = train::run(&s, &mut |_| {}).unwrap();
    assert_eq!(report.best_epoch, 0);
    assert!(report.held_out_loss[0] > report.init_held_out_loss.unwrap().0);
    assert!(!wrecked.exists());

    // --epochs 0 measures the starting network and writes nothing: the same
    // starting loss as a run that trains.
    let measured = dir.join("measured.nnue");
    let mut s = small_settings(&data, &measured, 0.5);
    s.init = Some(first.display().to_string());
    s.epochs = 0;
    let mut lines = Vec::new();
    let report = train::run(&s, &mut |l| lines.push(l.to_string())).unwrap();
    assert_eq!(report.init_held_out_loss.map(|l| l.0), Some(start));
    assert!(report.held_out_loss.is_empty() && !measured.exists());
    assert!(lines.iter().any(|l| l.contains("measured only")), "{lines:?}");
    // Without a network there is nothing to measure.
    s.init = None;
    let err = train::run(&s, &mut |_| {}).unwrap_err();
    assert!(err.contains("--epochs 0") && err.contains("--init"), "{err}");

    // A network of another shape is refused before the data is read.
    let mut s = small_settings(std::path::Path::new("/nonexistent"), &wrecked, 0.5);
    s.init = Some(first.display().to_string());
    s.buckets = 4;
    let err = train::run(&s, &mut |_| {}).unwrap_err();
    assert!(err.contains("--hidden 16 --buckets 2 --mirror"), "{err}");
    s.buckets = 2;
    s.init = Some(dir.join("missing.nnue").display().to_string());
    let err = train::run(&s, &mut |_| {}).unwrap_err();
    assert!(err.contains("missing.nnue"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A small mirrored network of seeded weights, its hidden biases raised so
/// that most neurons are active, and its layout.
fn seeded_network() -> (Layout, Network) {
    let layout = Layout { hidden: 32, buckets: 4, mirrored: true, king_buckets: false };
    let mut p = model::init(layout, 5);
    for b in &mut p[layout.b1()..layout.w2()] {
        *b = 0.3;
    }
    (layout, model::quantise(layout, &p))
}

/// Trains `first.nnue` on 2000 positions in a new directory (named by
/// `name`), then `second.nnue` from it (`--init`, lr 0.001) with `change`
/// made to the settings, and checks that the second run starts from the
/// first network's held-out loss. Gives the directory, the data file, the
/// second run's settings and its report.
fn trained_on_from_a_first_network(
    name: &str,
    change: impl FnOnce(&mut Settings),
) -> (std::path::PathBuf, std::path::PathBuf, Settings, train::Report) {
    let (dir, data) = data_dir(name, &positions(2000, 7));
    let first = dir.join("first.nnue");
    let trained = train::run(&small_settings(&data, &first, 0.5), &mut |_| {}).unwrap();
    let mut s = small_settings(&data, &dir.join("second.nnue"), 0.5);
    s.init = Some(first.display().to_string());
    s.lr = 0.001;
    change(&mut s);
    let report = train::run(&s, &mut |_| {}).unwrap();
    let best = trained.held_out_loss[trained.best_epoch as usize - 1];
    let (start, _) = report.init_held_out_loss.unwrap();
    assert!((start - best).abs() < best * 0.02, "starting loss {start}, trained {best}");
    (dir, data, s, report)
}

/// `--king-buckets --init` a network without them: every bucket starts as
/// a copy, so the new network evaluates exactly as the old one until
/// training moves the buckets apart.
#[test]
fn a_network_without_king_buckets_starts_one_with_them() {
    let (flat, old) = seeded_network();
    let bucketed = Layout { king_buckets: true, ..flat };
    let new = model::quantise(bucketed, &model::dequantise_into_king_buckets(bucketed, &old));
    assert!(new.king_buckets && new.to_bytes().len() > 3 * old.to_bytes().len());
    let mut kings_seen = std::collections::HashSet::new();
    for (pos, _, _) in positions(400, 6) {
        assert_eq!(crate::nnue::evaluate(&new, &pos), crate::nnue::evaluate(&old, &pos));
        kings_seen.insert(new.view(&pos, Color::White).bucket);
    }
    assert!(kings_seen.len() >= 3, "kings in buckets {kings_seen:?}");

    // Through `rockad train`: the starting loss is the old network's.
    let (dir, data, _, report) = trained_on_from_a_first_network("kingbuckets", |s| {
        s.king_buckets = true;
        s.epochs = 1;
    });
    // The other way round is refused: buckets cannot be merged.
    if report.best_epoch > 0 {
        let mut back = small_settings(&data, &dir.join("back.nnue"), 0.5);
        back.init = Some(dir.join("second.nnue").display().to_string());
        let err = train::run(&back, &mut |_| {}).unwrap_err();
        assert!(err.contains("--king-buckets"), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `--init` a network with a larger `--hidden`: the new neurons start with
/// zero output weights, so the wider network evaluates exactly as the old
/// one, and training then lowers its loss from there.
#[test]
fn a_network_widened_evaluates_as_before_and_trains_on() {
    let (narrow, old) = seeded_network();
    let wide = Layout { hidden: 48, ..narrow };
    let widened = model::dequantise_widened(wide, &old, 9);
    // The new neurons' input weights are not all zero: training can use them.
    assert!(widened[..wide.b1()].chunks_exact(48).any(|row| row[32..].iter().any(|&w| w != 0.0)));
    let new = model::quantise(wide, &widened);
    assert_eq!(new.hidden, 48);
    for (pos, _, _) in positions(400, 6) {
        assert_eq!(crate::nnue::evaluate(&new, &pos), crate::nnue::evaluate(&old, &pos));
    }

    // Through `rockad train`: the starting loss is the narrow network's, and
    // a wider one can still be written.
    let (dir, data, s, report) = trained_on_from_a_first_network("widen", |s| {
        s.hidden = 32;
        s.epochs = 2;
    });
    assert!(report.best_epoch > 0, "the wider network never beat the narrow one: {report:?}");
    // A larger learning rate for the new neurons moves their output weights
    // further (the old neurons' start the same either way).
    let new_output = |net: &Network| -> i64 {
        net.output_weights
            .chunks_exact(32)
            .map(|half| half[16..].iter().map(|&w| i64::from(w).abs()).sum::<i64>())
            .sum()
    };
    let mut fast = s.clone();
    fast.out = dir.join("fast.nnue").display().to_string();
    fast.widen_lr_scale = 20.0;
    let fast_report = train::run(&fast, &mut |_| {}).unwrap();
    assert!(fast_report.best_epoch > 0, "{fast_report:?}");
    let slow_net = Network::load(&dir.join("second.nnue")).unwrap();
    let fast_net = Network::load(&dir.join("fast.nnue")).unwrap();
    assert!(
        new_output(&fast_net) > 2 * new_output(&slow_net),
        "{} vs {}",
        new_output(&fast_net),
        new_output(&slow_net)
    );
    fast.widen_lr_scale = 0.0;
    assert!(train::run(&fast, &mut |_| {}).unwrap_err().contains("--widen-lr-scale"));
    // Narrowing is refused: neurons cannot be dropped.
    let mut back = small_settings(&data, &dir.join("back.nnue"), 0.5);
    back.init = Some(dir.join("second.nnue").display().to_string());
    let err = train::run(&back, &mut |_| {}).unwrap_err();
    assert!(err.contains("--hidden 32"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The loss figures of `small_settings` on `positions(2000, 8)` as the
/// trainer gave them before the warm-up and the λ schedule existed
/// (commit ae262bd): the defaults must still train as it did (to a millionth).
/// (Deterministic: fixed seeds, a fixed split of each batch over threads.)
#[test]
fn the_default_schedules_train_exactly_as_before() {
    let (dir, data) = data_dir("golden", &positions(2000, 8));
    let out = dir.join("net.nnue");
    let r = train::run(&small_settings(&data, &out, 0.5), &mut |_| {}).unwrap();
    let train_loss = [
        0.13327911072537693,
        0.1068483126599429,
        0.07844105992899214,
        0.052861132833024835,
        0.03946345322410387,
        0.0344144401172202,
    ];
    let held_out = [
        0.09803013425894604,
        0.08357470679478694,
        0.07641893001204324,
        0.07357480886819985,
        0.07298129269114724,
        0.07302590644404063,
    ];
    let results_alone = [
        0.1343848188823871,
        0.11508234905257306,
        0.10574933241595318,
        0.10161612206433573,
        0.10046779284315561,
        0.10028718117820518,
    ];
    // Equal to a millionth, not to the bit: another CPU's vector path or
    // libm may round the last bits differently, while any change in what
    // is trained moves these figures far more.
    let close = |got: &[f64], want: &[f64]| {
        got.len() == want.len() && got.iter().zip(want).all(|(g, w)| (g - w).abs() <= 1e-6 * w.abs())
    };
    assert!(close(&r.train_loss, &train_loss), "{:?}", r.train_loss);
    assert!(close(&r.held_out_loss, &held_out), "{:?}", r.held_out_loss);
    assert!(close(&r.held_out_result_loss, &results_alone), "{:?}", r.held_out_result_loss);
    assert!(close(&[r.hce_held_out_loss], &[0.005042763799201069]), "{}", r.hce_held_out_loss);

    // A warm-up changes the first epoch's steps, so the figures move.
    let mut s = small_settings(&data, &out, 0.5);
    s.warmup = 1.5;
    let warm = train::run(&s, &mut |_| {}).unwrap();
    assert_ne!(warm.train_loss[0], train_loss[0]);
    assert!(warm.train_loss[0] > train_loss[0], "smaller steps learn less at first: {:?}", warm.train_loss);
    std::fs::remove_dir_all(&dir).ok();
}

/// Settings that make no sense are refused in one line naming the option.
#[test]
fn a_bad_warm_up_is_refused() {
    let out = std::path::Path::new("/nonexistent/net.nnue");
    for warmup in [-0.5, 6.0, 7.0, f64::NAN, f64::INFINITY] {
        let mut s = small_settings(std::path::Path::new("/nonexistent"), out, 0.5);
        s.warmup = warmup;
        let err = train::run(&s, &mut |_| {}).unwrap_err();
        assert!(err.starts_with("--warmup") && !err.contains('\n'), "{warmup}: {err}");
    }
    let mut s = small_settings(std::path::Path::new("/nonexistent"), out, 0.5);
    s.warmup = 5.5;
    let err = train::run(&s, &mut |_| {}).unwrap_err();
    assert!(err.contains("/nonexistent"), "5.5 of 6 epochs is allowed: {err}");
}

/// `--lambda-end`: λ moves by epoch, so λ 0 → 1 trains the first epoch as
/// λ 0 does and the later ones differently; every held-out figure is at
/// the final λ, so with λ ending at 1 the held-out loss is the
/// results-alone loss, and the hand-crafted baseline is λ 1's.
#[test]
fn lambda_end_moves_the_target_by_epoch() {
    let (dir, data) = data_dir("lambda-end", &positions(2000, 9));
    let out = dir.join("net.nnue");
    let constant = train::run(&small_settings(&data, &out, 0.0), &mut |_| {}).unwrap();
    let mut s = small_settings(&data, &out, 0.0);
    s.lambda_end = 1.0;
    let mut lines = Vec::new();
    let moving = train::run(&s, &mut |l| lines.push(l.to_string())).unwrap();
    assert_eq!(moving.train_loss[0], constant.train_loss[0], "epoch 1 is at lambda 0 in both");
    for epoch in 1..6 {
        assert_ne!(moving.train_loss[epoch], constant.train_loss[epoch], "epoch {}", epoch + 1);
    }
    assert_eq!(moving.held_out_loss, moving.held_out_result_loss, "held out at the final lambda, 1");
    assert_ne!(constant.held_out_loss, constant.held_out_result_loss);
    let at_one = train::run(&small_settings(&data, &out, 1.0), &mut |_| {}).unwrap();
    assert_eq!(moving.hce_held_out_loss, at_one.hce_held_out_loss);
    assert_ne!(moving.hce_held_out_loss, constant.hce_held_out_loss);
    assert!(lines.iter().any(|l| l.contains("lambda 0 to 1 by epoch (held-out losses at 1)")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("epoch 6/6") && l.contains(", lambda 1.000")), "{lines:?}");

    let mut bad = small_settings(std::path::Path::new("/nonexistent"), &out, 0.5);
    bad.lambda_end = -0.1;
    assert_eq!(train::run(&bad, &mut |_| {}).unwrap_err(), "--lambda-end must be 0..1, got -0.1");
    std::fs::remove_dir_all(&dir).ok();
}
