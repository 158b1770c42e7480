//! The command line of `rockad datagen`: clap arguments into a [`Config`].
//! Flags and defaults are those of the first version (long runs are
//! continued with the same command line).

use clap::Args;

use super::game::Rules;

const AFTER_HELP: &str = "\
Plays Rockad against itself from random Chess960 and Double Fischer Random
starts and writes the games to FILE: a new file compactly (the start, the moves
and the scores, about 6 bytes a position; see eval/src/data/), an old version 1
file (32 bytes a position) in its own format. Rerunning with the same FILE
continues it: games already there are skipped.
Both targets count what FILE holds, earlier runs included.

--dump FILE converts a binary file to text (to stdout, or to --text OUT). The
score is in centipawns and the result 1.0 / 0.5 / 0.0, both from White's view.

Examples:
  rockad datagen --out data.bin --games 20000 --seed 1
  rockad datagen --dump data.bin --text data.txt";

#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct DatagenArgs {
    /// The binary data file (created or continued)
    #[arg(long, value_name = "FILE", value_parser = clap::builder::NonEmptyStringValueParser::new(),
          required_unless_present = "dump", conflicts_with = "dump")]
    out: Option<String>,
    /// Stop when FILE holds N games
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..),
          conflicts_with_all = ["positions", "dump"], required_unless_present_any = ["positions", "dump"])]
    games: Option<u32>,
    /// Stop starting games once FILE holds N positions
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "dump")]
    positions: Option<u64>,
    /// Nodes per move
    #[arg(long, value_name = "N", allow_negative_numbers = true, default_value_t = Rules::default().nodes, value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    nodes: u64,
    /// Games played at once, one thread each [default: all cores]
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Hash table per game, in MiB
    #[arg(long, value_name = "MB", allow_negative_numbers = true, default_value_t = Rules::default().hash_mb as u32, value_parser = clap::value_parser!(u32).range(1..=4096))]
    hash: u32,
    /// Games derive from S and their index [default: drawn at random and printed; a continued FILE keeps its own]
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Share of Double Fischer Random starts, in per cent
    #[arg(long, value_name = "PERCENT", allow_negative_numbers = true, default_value_t = Rules::default().dfrc_percent, value_parser = clap::value_parser!(u32).range(0..=100))]
    dfrc: u32,
    /// Share of games from the standard start instead, in per cent
    #[arg(long, value_name = "PERCENT", allow_negative_numbers = true, default_value_t = Rules::default().standard_percent, value_parser = clap::value_parser!(u32).range(0..=100))]
    standard: u32,
    /// Random legal plies after the start, A to B
    // The default equals `Rules::default()`: a test checks it.
    #[arg(long, value_name = "A-B", default_value = "4-9", value_parser = plies)]
    random_plies: (u32, u32),
    /// Draw a start again when its search score exceeds CP
    #[arg(long, value_name = "CP", allow_negative_numbers = true, default_value_t = Rules::default().balance_cp, value_parser = clap::value_parser!(i32).range(0..=30_000))]
    balance: i32,
    /// Adjudicate a win when |score| >= CP ...
    #[arg(long, value_name = "CP", allow_negative_numbers = true, default_value_t = Rules::default().win_cp, value_parser = clap::value_parser!(i32).range(1..=30_000))]
    win: i32,
    /// ... for N plies in a row (both sides' searches)
    #[arg(long, value_name = "N", allow_negative_numbers = true, default_value_t = Rules::default().win_plies, value_parser = clap::value_parser!(u32).range(1..=1000))]
    win_plies: u32,
    /// Adjudicate a draw when |score| <= CP ...
    #[arg(long, value_name = "CP", allow_negative_numbers = true, default_value_t = Rules::default().draw_cp, value_parser = clap::value_parser!(i32).range(0..=30_000))]
    draw: i32,
    /// ... for N plies in a row ...
    #[arg(long, value_name = "N", allow_negative_numbers = true, default_value_t = Rules::default().draw_plies, value_parser = clap::value_parser!(u32).range(1..=1000))]
    draw_plies: u32,
    /// ... from move M on
    #[arg(long, value_name = "M", allow_negative_numbers = true, default_value_t = Rules::default().draw_after_move, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    draw_after: u32,
    /// A game this long is a draw
    #[arg(long, value_name = "N", allow_negative_numbers = true, default_value_t = Rules::default().max_plies, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_plies: u32,
    /// Afterwards, also write FILE as text lines 'FEN | score | result'
    #[arg(long, value_name = "OUT", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    text: Option<String>,
    /// Convert a binary data FILE to text (stdout, or --text OUT)
    #[arg(long, value_name = "FILE", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    dump: Option<String>,
    /// Progress bar on stderr even when stderr is not a terminal
    #[arg(long, conflicts_with = "quiet")]
    progress: bool,
    /// No progress display
    #[arg(long)]
    quiet: bool,
}

/// `A-B` (or a single `A`) with `A <= B <= 40`.
fn plies(text: &str) -> Result<(u32, u32), String> {
    let number = |t: &str| match t.parse::<u32>() {
        Ok(v) if v <= 40 => Ok(v),
        _ => Err(format!("'{t}' is not a number of plies 0..=40")),
    };
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let (a, b) = (number(a)?, number(b)?);
    if a > b {
        return Err(format!("{a} is more than {b}"));
    }
    Ok((a, b))
}

impl DatagenArgs {
    /// What the command line asks for (clap has checked that the flags go
    /// together: one target, no target with --dump).
    pub fn parsed(self) -> Parsed {
        if let Some(bin) = self.dump {
            return Parsed::Dump { bin, text: self.text };
        }
        let target = match (self.games, self.positions) {
            (Some(g), _) => Target::Games(g),
            (None, Some(p)) => Target::Positions(p),
            (None, None) => Target::Games(0),
        };
        let mut c = Config::new(self.out.as_deref().unwrap_or_default(), target);
        if let Some(t) = self.threads {
            c.threads = t.into();
        }
        c.seed = self.seed;
        c.text = self.text;
        c.progress = if self.quiet {
            Some(false)
        } else if self.progress {
            Some(true)
        } else {
            None
        };
        c.rules = Rules {
            nodes: self.nodes,
            hash_mb: self.hash as usize,
            dfrc_percent: self.dfrc,
            standard_percent: self.standard,
            random_plies: self.random_plies,
            balance_cp: self.balance,
            win_cp: self.win,
            win_plies: self.win_plies,
            draw_cp: self.draw,
            draw_plies: self.draw_plies,
            draw_after_move: self.draw_after,
            max_plies: self.max_plies,
        };
        Parsed::Generate(c)
    }
}

/// How many games to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Games(u32),
    Positions(u64),
}

/// Everything a generation run was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub out: String,
    pub target: Target,
    pub threads: usize,
    pub seed: Option<u64>,
    pub rules: Rules,
    pub text: Option<String>,
    /// `Some(true)` forces the progress line, `Some(false)` hides it,
    /// `None` shows it when stderr is a terminal.
    pub progress: Option<bool>,
}

impl Config {
    /// Defaults for writing `out` up to `target`.
    pub fn new(out: &str, target: Target) -> Config {
        Config {
            out: out.to_string(),
            target,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: None,
            rules: Rules::default(),
            text: None,
            progress: None,
        }
    }
}

/// A parsed command line.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    Generate(Config),
    Dump { bin: String, text: Option<String> },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::common::parse_args;

    fn parse(args: &[&str]) -> Result<Parsed, String> {
        parse_args::<DatagenArgs>("datagen", args).map(|(a, _)| a.parsed()).map_err(|e| e.to_string())
    }

    fn config(args: &[&str]) -> Config {
        match parse(args) {
            Ok(Parsed::Generate(c)) => c,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn defaults_and_values() {
        let c = config(&["--out", "d.bin", "--games", "10"]);
        assert_eq!(c.target, Target::Games(10));
        assert_eq!(c.rules, Rules::default());
        assert_eq!((c.rules.nodes, c.rules.dfrc_percent, c.rules.random_plies), (5000, 25, (4, 9)));
        assert_eq!(c.progress, None);
        assert!(c.threads >= 1);
        let c = config(&[
            "--out=x.bin",
            "--positions",
            "500",
            "--nodes=800",
            "--threads",
            "3",
            "--seed",
            "42",
            "--random-plies",
            "2-3",
            "--dfrc",
            "0",
            "--standard",
            "10",
            "--text",
            "x.txt",
            "--quiet",
        ]);
        assert_eq!(
            (c.out.as_str(), c.target, c.threads, c.seed),
            ("x.bin", Target::Positions(500), 3, Some(42))
        );
        assert_eq!((c.rules.nodes, c.rules.random_plies, c.rules.dfrc_percent), (800, (2, 3), 0));
        assert_eq!(c.rules.standard_percent, 10);
        assert_eq!((c.text.as_deref(), c.progress), (Some("x.txt"), Some(false)));
        assert_eq!(config(&["--out", "a", "--games", "1", "--random-plies", "5"]).rules.random_plies, (5, 5));
        assert_eq!(parse(&["--dump", "a.bin"]), Ok(Parsed::Dump { bin: "a.bin".into(), text: None }));
    }

    #[test]
    fn bad_command_lines_are_errors_naming_the_flag() {
        for (args, named) in [
            (&[][..], "--out"),
            (&["--games", "3"], "--out"),
            (&["--out", "a"], "--games"),
            (&["--out", "a", "--games", "0"], "--games"),
            (&["--out", "a", "--games", "x"], "--games"),
            (&["--out", "a", "--games", "2", "--positions", "9"], "--positions"),
            (&["--out", "a", "--games", "2", "--nodes"], "--nodes"),
            (&["--out", "a", "--games", "2", "--dfrc", "101"], "--dfrc"),
            (&["--out", "a", "--games", "2", "--standard", "101"], "--standard"),
            (&["--out", "a", "--games", "2", "--random-plies", "9-4"], "--random-plies"),
            (&["--out", "a", "--games", "2", "--random-plies", "-"], "--random-plies"),
            (&["--out", "a", "--games", "2", "--threads", "0"], "--threads"),
            (&["--out", "", "--games", "2"], "--out"),
            (&["--out", "a", "--games", "2", "--bogus", "1"], "--bogus"),
            (&["--dump", "a", "--games", "2"], "--dump"),
            (&["--out", "a", "--games", "2", "--quiet", "--progress"], "--quiet"),
        ] {
            let e = parse(args).unwrap_err();
            assert!(e.contains(named), "{args:?}: {e}");
        }
    }
}
