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

use clap::Args;

use crate::tools::common::{self, Outcome};
use crate::tools::out;
use crate::tools::plural::plural;
use crate::tools::progress::{Display, Progress};

const AFTER_HELP: &str = "\
Fits every evaluation parameter to self-play data (rockad datagen files) and
writes them as Rust source; rebuild Rockad to use them. --out is checked for
writing before the data is read.

Example: rockad tune --data data.bin --epochs 20 --lambda 0.5";

#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct TuneArgs {
    /// Data files, comma-separated (or --data given again)
    #[arg(long, value_name = "FILES", value_delimiter = ',', required = true)]
    data: Vec<String>,
    /// Passes over the data
    #[arg(long, value_name = "N", allow_negative_numbers = true, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    epochs: u32,
    /// Weight of the game result against the search score in the target, 0..1
    #[arg(long, value_name = "L", allow_negative_numbers = true, default_value_t = 0.5, value_parser = common::real(0.0, 1.0))]
    lambda: f64,
    /// Where to write the parameters (by default into the source tree Rockad was built from)
    #[arg(long, value_name = "FILE", default_value_t = common::source_path("eval/src/params.rs"),
          value_parser = clap::builder::NonEmptyStringValueParser::new())]
    out: String,
    /// Adam's learning rate, in centipawns
    #[arg(long, value_name = "R", allow_negative_numbers = true, default_value_t = 1.0, value_parser = common::real(1e-9, 1e6))]
    lr: f64,
    /// Positions per Adam step
    #[arg(long, value_name = "N", allow_negative_numbers = true, default_value_t = 16384, value_parser = clap::value_parser!(u64).range(1..=1 << 32))]
    batch: u64,
    /// The sigmoid's scale [default: fitted to the results]
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = common::real(1e-6, 1e3))]
    k: Option<f64>,
    /// Threads [default: all cores]
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Per cent of the games kept out of training to measure the loss on; the parameters of the
    /// epoch with the lowest held-out loss are written (0: use every game, write after every epoch)
    #[arg(long, value_name = "P", allow_negative_numbers = true, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=50))]
    holdout: u32,
    /// Seed of the shuffles
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Progress bar on stderr even when stderr is not a terminal
    #[arg(long, conflicts_with = "quiet")]
    progress: bool,
    /// No progress display
    #[arg(long)]
    quiet: bool,
}

impl TuneArgs {
    pub fn config(self) -> Result<Config, String> {
        let d = Config::default();
        Ok(Config {
            data: common::file_list("--data", self.data)?,
            epochs: self.epochs,
            lambda: self.lambda,
            out: self.out,
            learning_rate: self.lr,
            batch: self.batch as usize,
            k: self.k,
            threads: self.threads.map_or(d.threads, usize::from),
            seed: self.seed,
            holdout: self.holdout,
            progress: Display::from_flags(self.progress, self.quiet),
        })
    }
}

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
    /// How the epochs' progress is shown on stderr.
    pub progress: Display,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            data: Vec::new(),
            epochs: 10,
            lambda: 0.5,
            out: common::source_path("eval/src/params.rs"),
            learning_rate: 1.0,
            batch: 16384,
            k: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 1,
            holdout: 10,
            progress: Display::Hidden,
        }
    }
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
        say(&format!(
            "{f}: {}, {}",
            plural(reader.games.into(), "game"),
            plural(positions as u64, "position")
        ));
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
    common::check_writable(&c.out)?;
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
        say(&format!("{} did not decode and were left out", plural(data.skipped + check.skipped, "record")));
    }
    if data.is_empty() {
        return Err("no positions to tune on".to_string());
    }
    let k = match c.k {
        Some(k) => k,
        None => fit_k(&data),
    };
    say(&format!(
        "{} to train on, {} held out, K = {k:.4}, lambda = {}",
        plural(data.len() as u64, "position"),
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
    let bar = Progress::new("tune", "epochs", c.epochs.into(), c.progress);
    let mut say = |line: &str| bar.suspend(|| say(line));
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
        bar.set_message(&format!("loss {loss:.8}"));
        bar.inc(1);
    }
    bar.finish();
    Ok(Report { positions: data.len(), k, losses, held_out: held, best_epoch })
}

/// Runs `rockad tune`.
pub fn main(a: TuneArgs) -> Outcome {
    let c = a.config().map_err(|m| common::usage_error("tune", m))?;
    run(&c, &mut |line| out::say(line)).map(drop).map_err(|e| common::failed("tune", e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::datagen::tests::{temp, tiny};

    fn parse(args: &[&str]) -> Result<Config, String> {
        let (a, _) = common::parse_args::<TuneArgs>("tune", args).map_err(|e| e.to_string())?;
        a.config()
    }

    fn config(args: &[&str]) -> Config {
        parse(args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
    }

    #[test]
    fn command_lines() {
        let c = config(&["--data", "a.bin,b.bin", "--data=c.bin", "--epochs", "3", "--lambda", "0.25"]);
        assert_eq!(c.data, vec!["a.bin", "b.bin", "c.bin"]);
        assert_eq!(c.holdout, 10);
        assert_eq!(config(&["--data", "a", "--holdout", "0"]).holdout, 0);
        assert_eq!((c.epochs, c.lambda), (3, 0.25));
        // The default output is in the source tree, wherever tune is run from.
        assert!(Path::new(&c.out).is_absolute() && c.out.ends_with("eval/src/params.rs"), "{}", c.out);
        for (args, named) in [
            (&[][..], "--data"),
            (&["--epochs", "3"], "--data"),
            (&["--data", ","], "--data"),
            (&["--data", "a", "--lambda", "1.5"], "--lambda"),
            (&["--data", "a", "--lambda", "NaN"], "--lambda"),
            (&["--data", "a", "--epochs", "-1"], "--epochs"),
            (&["--data", "a", "--lr"], "--lr"),
            (&["--data", "a", "--out", ""], "--out"),
            (&["--data", "a", "--what", "1"], "--what"),
            (&["--data", "a", "--holdout", "51"], "--holdout"),
        ] {
            let e = parse(args).unwrap_err();
            assert!(e.contains(named), "{args:?}: {e}");
        }
    }

    #[test]
    fn an_unwritable_output_fails_before_any_work() {
        let c = Config {
            data: vec!["/nonexistent/data.bin".into()],
            out: "/nonexistent/dir/params.rs".into(),
            ..Config::default()
        };
        let e = run(&c, &mut |_| {}).unwrap_err();
        assert!(e.starts_with("cannot write /nonexistent/dir/params.rs"), "{e}");
    }

    #[test]
    fn tuning_generated_games_lowers_the_loss_and_writes_params() {
        let bin = temp("tune.bin");
        crate::tools::datagen::generate(&tiny(&bin, 2, 2)).unwrap();
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
        crate::tools::datagen::generate(&tiny(&bin, 12, 2)).unwrap();
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
