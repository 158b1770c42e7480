//! `rockad tune`: runs the Texel tuner of `rockad_eval::tune` on data
//! files from `rockad datagen` and writes the fitted parameters as
//! `eval/src/params.rs` (rebuild to use them).
//!
//! Steps: load every complete game of the files, extract the positions'
//! features, fit K to the results with the compiled-in parameters, set the
//! targets `λ·result + (1−λ)·σ(K·score/400)`, then run Adam epochs over
//! the shuffled positions, printing the loss after each and rewriting the
//! output file (so an interrupted run keeps its last epoch).

use std::path::Path;

use rockad_eval::data::{RECORD_BYTES, Reader};
use rockad_eval::layout;
use rockad_eval::tune::{Dataset, Settings, Tuner, codegen, fit_k, set_targets};

use crate::flags::{Flags, files, integer, is_help, real, run_subcommand};

pub const HELP: &str = "\
usage: rockad tune --data FILE[,FILE...] [options]

Fits every evaluation parameter to self-play data (rockad datagen files) and
writes them as Rust source; rebuild Rockad to use them.

options:
  --data FILES          data files, comma-separated (or --data given again)
  --epochs N            passes over the data (default 10)
  --lambda L            weight of the game result against the search score
                        in the target, 0..1 (default 0.5)
  --out FILE            where to write the parameters (default eval/src/params.rs)
  --lr R                Adam's learning rate, in centipawns (default 1.0)
  --batch N             positions per Adam step (default 16384)
  --k K                 the sigmoid's scale (default: fitted to the results)
  --threads T           threads (default: all cores)
  --holdout P           per cent of the games kept out of training to measure
                        the loss on; the parameters of the epoch with the
                        lowest held-out loss are written (default 10; 0: use
                        every game and write after every epoch)
  --seed S              seed of the shuffles (default 1)";

/// Everything `rockad tune` was asked to do.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub data: Vec<String>,
    pub epochs: u32,
    pub lambda: f64,
    pub out: String,
    pub learning_rate: f64,
    pub batch: usize,
    pub k: Option<f64>,
    pub threads: usize,
    pub seed: u64,
    pub holdout: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            data: Vec::new(),
            epochs: 10,
            lambda: 0.5,
            out: "eval/src/params.rs".to_string(),
            learning_rate: 1.0,
            batch: 16384,
            k: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 1,
            holdout: 10,
        }
    }
}

/// A parsed command line.
#[derive(Debug, PartialEq)]
pub enum Parsed {
    Help,
    Run(Config),
}

/// Parses the words after `tune`.
pub fn parse(args: &[&str]) -> Result<Parsed, String> {
    let mut c = Config::default();
    let mut words = Flags::new(args);
    while let Some(flag) = words.next_flag() {
        if is_help(flag) {
            return Ok(Parsed::Help);
        }
        let value = words.value(flag)?;
        match flag {
            "--data" => c.data.extend(files(flag, value)?),
            "--epochs" => c.epochs = integer(flag, value, 0, 1_000_000)? as u32,
            "--lambda" => c.lambda = real(flag, value, 0.0, 1.0)?,
            "--out" if value.is_empty() => return Err("--out needs a file name".to_string()),
            "--out" => c.out = value.to_string(),
            "--lr" => c.learning_rate = real(flag, value, 1e-9, 1e6)?,
            "--batch" => c.batch = integer(flag, value, 1, 1 << 32)? as usize,
            "--k" => c.k = Some(real(flag, value, 1e-6, 1e3)?),
            "--threads" => c.threads = integer(flag, value, 1, 1024)? as usize,
            "--seed" => c.seed = integer(flag, value, 0, u64::MAX)?,
            "--holdout" => c.holdout = integer(flag, value, 0, 50)? as u32,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if c.data.is_empty() {
        return Err("give the data files with --data FILE[,FILE...]".to_string());
    }
    Ok(Parsed::Run(c))
}

/// What a tuning run did.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub positions: usize,
    pub k: f64,
    /// The loss before the first epoch, then after each.
    pub losses: Vec<f64>,
    /// The same on the held-out games (empty without a hold-out).
    pub held_out: Vec<f64>,
    /// The epoch whose parameters were written (0: none improved).
    pub best_epoch: u32,
}

/// Every position record of complete games in `files`.
pub(crate) fn load(files: &[String], say: &mut dyn FnMut(&str)) -> Result<Vec<[u8; RECORD_BYTES]>, String> {
    Ok(load_games(files, say)?.into_iter().flatten().collect())
}

/// Whether game `index` of the loaded games is held out: a fixed spread
/// over the files, so the split does not depend on threads or shuffles.
fn held_out(index: usize, percent: u32) -> bool {
    let spread = ((index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) & 0xffff;
    spread < u64::from(percent) * 65536 / 100
}

/// The position records of complete games in `files`, game by game.
fn load_games(files: &[String], say: &mut dyn FnMut(&str)) -> Result<Vec<Vec<[u8; RECORD_BYTES]>>, String> {
    let mut games = Vec::new();
    for f in files {
        let mut reader = Reader::open(Path::new(f))?;
        let mut positions = 0;
        while let Some(g) = reader.next_game() {
            positions += g.records.len();
            games.push(g.records);
        }
        if let Some(why) = &reader.damaged {
            say(&format!("{f}: stopped after game {} at {why}", reader.games));
        }
        say(&format!("{f}: {} game(s), {positions} position(s)", reader.games));
    }
    Ok(games)
}

/// Writes `text` to `path` through a temporary file, so that the file is
/// always whole.
pub(crate) fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs the tuner; `say` gets the progress lines.
pub fn run(c: &Config, say: &mut dyn FnMut(&str)) -> Result<Report, String> {
    let games = load_games(&c.data, say)?;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, g) in games.into_iter().enumerate() {
        if held_out(i, c.holdout) {
            test.extend(g);
        } else {
            train.extend(g);
        }
    }
    let mut data = Dataset::from_packed(&train, c.threads);
    let mut check = Dataset::from_packed(&test, c.threads);
    drop((train, test));
    if data.skipped + check.skipped > 0 {
        say(&format!("{} record(s) did not decode and were left out", data.skipped + check.skipped));
    }
    if data.is_empty() {
        return Err("no positions to tune on".to_string());
    }
    let k = match c.k {
        Some(k) => k,
        None => fit_k(&data),
    };
    say(&format!(
        "{} position(s) to train on, {} held out, K = {k:.4}, lambda = {}",
        data.len(),
        check.len(),
        c.lambda
    ));
    set_targets(&mut data, k, c.lambda);
    set_targets(&mut check, k, c.lambda);
    data.shuffle(c.seed);
    let settings = Settings { k, learning_rate: c.learning_rate, batch: c.batch, threads: c.threads };
    let mut tuner = Tuner::new(&layout::current(), settings);
    let mut losses = vec![tuner.loss(&data)];
    let mut held = Vec::new();
    if check.is_empty() {
        say(&format!("epoch 0: loss {:.8}", losses[0]));
    } else {
        held.push(tuner.loss(&check));
        say(&format!("epoch 0: loss {:.8}, held out {:.8}", losses[0], held[0]));
    }
    let mut best_epoch = 0;
    for epoch in 1..=c.epochs {
        let started = std::time::Instant::now();
        tuner.epoch(&data);
        let loss = tuner.loss(&data);
        losses.push(loss);
        let took = started.elapsed().as_secs_f64();
        let line = if check.is_empty() {
            best_epoch = epoch;
            format!("epoch {epoch}: loss {loss:.8} ({took:.1}s)")
        } else {
            let h = tuner.loss(&check);
            if held.iter().all(|&before| h < before) {
                best_epoch = epoch;
            }
            held.push(h);
            format!("epoch {epoch}: loss {loss:.8}, held out {h:.8} ({took:.1}s)")
        };
        if best_epoch == epoch {
            write_atomically(Path::new(&c.out), &codegen::params_rs(&tuner.values()))?;
            say(&format!("{line}, written to {}", c.out));
        } else {
            say(&line);
        }
        data.shuffle(c.seed.wrapping_add(u64::from(epoch)));
    }
    Ok(Report { positions: data.len(), k, losses, held_out: held, best_epoch })
}

/// Runs `rockad tune <args>`; returns the process exit code.
pub fn main(args: &[&str]) -> i32 {
    let parsed = parse(args).map(|p| match p {
        Parsed::Help => None,
        Parsed::Run(c) => Some(c),
    });
    run_subcommand("tune", HELP, parsed, run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::tests::{temp, tiny};

    fn config(args: &[&str]) -> Config {
        match parse(args) {
            Ok(Parsed::Run(c)) => c,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn command_lines() {
        let c = config(&["--data", "a.bin,b.bin", "--data=c.bin", "--epochs", "3", "--lambda", "0.25"]);
        assert_eq!(c.data, vec!["a.bin", "b.bin", "c.bin"]);
        assert_eq!(c.holdout, 10);
        assert_eq!(config(&["--data", "a", "--holdout", "0"]).holdout, 0);
        assert_eq!((c.epochs, c.lambda, c.out.as_str()), (3, 0.25, "eval/src/params.rs"));
        for args in [
            &[][..],
            &["--epochs", "3"],
            &["--data", ","],
            &["--data", "a", "--lambda", "1.5"],
            &["--data", "a", "--lambda", "NaN"],
            &["--data", "a", "--epochs", "-1"],
            &["--data", "a", "--lr"],
            &["--data", "a", "--out", ""],
            &["--data", "a", "--what", "1"],
            &["--data", "a", "--holdout", "51"],
        ] {
            assert!(parse(args).is_err(), "{args:?}");
        }
        assert_eq!(parse(&["--help"]), Ok(Parsed::Help));
    }

    #[test]
    fn tuning_generated_games_lowers_the_loss_and_writes_params() {
        let bin = temp("tune.bin");
        crate::datagen::generate(&tiny(&bin, 2, 2)).unwrap();
        let out = temp("params.rs");
        let c = Config {
            data: vec![bin.to_string_lossy().into_owned()],
            epochs: 6,
            out: out.to_string_lossy().into_owned(),
            learning_rate: 1.0,
            batch: 32,
            threads: 2,
            holdout: 0,
            ..Config::default()
        };
        let mut lines = Vec::new();
        let report = run(&c, &mut |l| lines.push(l.to_string())).unwrap();
        assert!(report.positions > 20, "{report:?}");
        assert_eq!(report.losses.len(), 7);
        let (first, last) = (report.losses[0], report.losses[6]);
        assert!(last < first, "loss {first} -> {last}");
        assert!(lines.iter().any(|l| l.starts_with("epoch 6: loss")), "{lines:?}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with("//! Every evaluation parameter"));

        assert_eq!(report.best_epoch, 6);

        // With games held out, both losses are reported and the file holds
        // the epoch with the lowest held-out loss.
        let _ = std::fs::remove_file(&out);
        crate::datagen::generate(&tiny(&bin, 12, 2)).unwrap();
        let held = Config { holdout: 50, ..c.clone() };
        let mut lines = Vec::new();
        let report = run(&held, &mut |l| lines.push(l.to_string())).unwrap();
        assert_eq!(report.held_out.len(), 7, "{lines:?}");
        let best = report.held_out.iter().copied().fold(f64::INFINITY, f64::min);
        if report.best_epoch > 0 {
            assert_eq!(report.held_out[report.best_epoch as usize], best);
            assert!(std::fs::metadata(&out).is_ok());
        }
        assert!(lines.iter().any(|l| l.contains("held out")), "{lines:?}");
        assert!((1..=12).filter(|&i| held_out(i, 50)).count() > 2, "about half the games are held out");

        // Missing and foreign files are errors.
        let missing = Config { data: vec![temp("missing.bin").to_string_lossy().into_owned()], ..c.clone() };
        assert!(run(&missing, &mut |_| {}).is_err());
        let _ = std::fs::remove_file(&bin);
        let _ = std::fs::remove_file(&out);
    }
}
