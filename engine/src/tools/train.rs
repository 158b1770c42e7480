//! `rockad train`: trains an evaluation network on `rockad datagen` files
//! with the trainer of `rockad_eval::nnue::train`, and writes the network
//! file (the best epoch by held-out loss).

use clap::Parser;

use rockad_eval::nnue::train::{self, Settings};

use crate::tools::progress::{Display, Progress};

/// Train an evaluation network (NNUE) on self-play data.
#[derive(clap::Args, Debug, Clone, PartialEq)]
pub struct TrainArgs {
    /// Data files from `rockad datagen`, comma-separated (or --data again);
    /// a file still being written is read up to its last complete game.
    #[arg(long, value_delimiter = ',', required = true, value_name = "FILE")]
    pub data: Vec<String>,
    /// Where to write the network (rewritten after each epoch that lowers
    /// the held-out loss).
    #[arg(long, default_value = "rockad.nnue", value_name = "FILE")]
    pub out: String,
    /// Hidden neurons per perspective (a multiple of 16).
    #[arg(long, default_value_t = 256)]
    pub hidden: usize,
    /// Output buckets, chosen by the number of pieces (1 = a single output).
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,
    /// Mirror each side's view horizontally when its king is on files a-d.
    #[arg(long)]
    pub mirror: bool,
    /// A set of input weights for each of the 4 regions a side's king can
    /// stand in (back rank middle, back rank wings, second rank, the rest).
    /// A network without them can start one with them (--init).
    #[arg(long)]
    pub king_buckets: bool,
    /// Passes over the training positions (0 with --init: only measure that
    /// network's held-out loss, and write nothing).
    #[arg(long, default_value_t = 20)]
    pub epochs: u32,
    /// AdamW's learning rate (after the warm-up, if any; it falls along a
    /// cosine to 5% of it by the last batch).
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Epochs (a fraction allowed, less than --epochs) over which the
    /// learning rate first rises linearly from about 0 to --lr; the cosine
    /// then runs over the batches left.
    #[arg(long, default_value_t = 0.0, value_name = "EPOCHS")]
    pub warmup: f64,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// AdamW's weight decay (each step shrinks every weight by lr x this).
    #[arg(long, default_value_t = 0.01)]
    pub weight_decay: f32,
    /// Weight of the game result against the search score in the target,
    /// 0..1 (at the first epoch, with --lambda-end).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f32,
    /// λ at the last epoch, 0..1: λ moves linearly from --lambda, once per
    /// epoch. The held-out losses (the written epoch's choice) are all
    /// measured at this λ, so that epochs compare. [default: --lambda]
    #[arg(long, value_name = "L")]
    pub lambda_end: Option<f32>,
    /// Per cent of the games held out to measure the loss on.
    #[arg(long, default_value_t = 5.0)]
    pub holdout: f64,
    /// Threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this network's weights instead of random ones (fine-tune
    /// it on new data); give its --hidden, --buckets, --mirror and
    /// --king-buckets (or add --king-buckets to a net without, or give a
    /// larger --hidden to widen it: the new neurons start silent). Epochs are
    /// written only when they beat it on the held-out games.
    #[arg(long, value_name = "NET")]
    pub init: Option<String>,
    /// With --init a narrower network: the learning rate of the neurons it
    /// lacks, as a multiple of --lr.
    #[arg(long, default_value_t = 1.0, value_name = "X")]
    pub widen_lr_scale: f32,
    /// Load at most this many positions.
    #[arg(long, default_value_t = usize::MAX, hide_default_value = true)]
    pub max_positions: usize,
    /// Progress bar on stderr even when it is not a terminal.
    #[arg(long, conflicts_with = "quiet")]
    pub progress: bool,
    /// No progress bar (the report lines still come).
    #[arg(long)]
    pub quiet: bool,
}

// `rockad train` as a standalone clap command (until the whole command
// line moves to clap).
#[derive(Parser, Debug)]
#[command(
    name = "rockad train",
    about = "Trains an evaluation network (NNUE) on rockad datagen files and writes the network file \
             of the epoch with the lowest held-out loss."
)]
struct TrainCommand {
    #[command(flatten)]
    args: TrainArgs,
}

impl TrainArgs {
    /// Parses `rockad train <args>` (the first item is the command name).
    pub fn try_parse_from<I, T>(words: I) -> Result<TrainArgs, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        TrainCommand::try_parse_from(words).map(|c| c.args)
    }

    fn settings(&self) -> Settings {
        Settings {
            data: self.data.clone(),
            out: self.out.clone(),
            hidden: self.hidden,
            buckets: self.buckets,
            mirror: self.mirror,
            king_buckets: self.king_buckets,
            epochs: self.epochs,
            lr: self.lr,
            warmup: self.warmup,
            batch: self.batch,
            weight_decay: self.weight_decay,
            lambda: self.lambda,
            lambda_end: self.lambda_end.unwrap_or(self.lambda),
            holdout: self.holdout,
            threads: self
                .threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            seed: self.seed,
            max_positions: self.max_positions,
            init: self.init.clone(),
            widen_lr_scale: self.widen_lr_scale,
        }
    }
}

/// Runs the trainer: its report lines go to stderr, above the shared
/// progress bar of epochs (rate and time left) on a terminal.
pub fn run(args: &TrainArgs) -> Result<(), String> {
    let bar = Progress::new(
        "train",
        "epochs",
        u64::from(args.epochs),
        Display::from_flags(args.progress, args.quiet),
    );
    let result = train::run(&args.settings(), &mut |line| {
        if let Some(rest) = line.strip_prefix("epoch ") {
            bar.inc(1);
            // "epoch 3/20: train loss ..., held-out loss ..., ...": the losses.
            let losses: Vec<&str> = rest.split(", ").take(2).collect();
            bar.set_message(&losses.join(", ").replace(": ", " "));
        }
        bar.println(line);
    });
    bar.finish();
    result.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines() {
        let a = TrainArgs::try_parse_from([
            "train",
            "--data",
            "a.bin,b.bin",
            "--data",
            "c.bin",
            "--hidden",
            "128",
        ])
        .unwrap();
        assert_eq!(a.data, vec!["a.bin", "b.bin", "c.bin"]);
        assert_eq!((a.hidden, a.epochs, a.batch, a.lambda, a.holdout), (128, 20, 16384, 0.5, 5.0));
        assert_eq!(a.init, None);
        assert_eq!(a.settings().warmup, 0.0, "no warm-up unless asked");
        assert_eq!(a.settings().lambda_end, 0.5, "a constant lambda unless asked");
        let a = TrainArgs::try_parse_from(["train", "--data", "a", "--warmup", "1.5"]).unwrap();
        assert_eq!(a.settings().warmup, 1.5);
        let a = TrainArgs::try_parse_from(["train", "--data", "a", "--lambda", "0.2", "--lambda-end", "0.9"])
            .unwrap();
        assert_eq!((a.settings().lambda, a.settings().lambda_end), (0.2, 0.9));
        let a = TrainArgs::try_parse_from(["train", "--data", "a", "--lambda", "0.3"]).unwrap();
        assert_eq!(a.settings().lambda_end, 0.3, "--lambda-end follows --lambda");
        assert!(TrainArgs::try_parse_from(["train", "--data", "a", "--lambda-end"]).is_err());
        assert!(TrainArgs::try_parse_from(["train", "--data", "a", "--warmup", "x"]).is_err());
        let a = TrainArgs::try_parse_from(["train", "--data", "a", "--init", "net5.nnue"]).unwrap();
        assert_eq!(a.settings().init.as_deref(), Some("net5.nnue"));
        assert!(TrainArgs::try_parse_from(["train"]).is_err(), "--data is required");
        assert!(TrainArgs::try_parse_from(["train", "--data", "a", "--epochs", "x"]).is_err());
        let both = TrainArgs::try_parse_from(["train", "--data", "a", "--quiet", "--progress"]).unwrap_err();
        assert!(both.to_string().contains("--quiet"), "{both}");
    }

    #[test]
    fn bad_settings_are_refused_before_loading() {
        let a = TrainArgs::try_parse_from(["train", "--data", "/nonexistent", "--hidden", "100"]).unwrap();
        assert!(run(&a).unwrap_err().contains("--hidden"));
        let a = TrainArgs::try_parse_from(["train", "--data", "/nonexistent"]).unwrap();
        assert!(run(&a).unwrap_err().contains("/nonexistent"));
        let a = TrainArgs::try_parse_from(["train", "--data", "/nonexistent", "--init", "/no-such.nnue"])
            .unwrap();
        assert!(run(&a).unwrap_err().contains("--init /no-such.nnue"));
        let a =
            TrainArgs::try_parse_from(["train", "--data", "/nonexistent", "--epochs", "2", "--warmup", "2"])
                .unwrap();
        assert!(run(&a).unwrap_err().starts_with("--warmup"));
        let a =
            TrainArgs::try_parse_from(["train", "--data", "/nonexistent", "--lambda-end", "1.5"]).unwrap();
        assert_eq!(run(&a).unwrap_err(), "--lambda-end must be 0..1, got 1.5");
    }
}
