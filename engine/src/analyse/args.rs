//! The command line of `rockad analyse`: flags into a [`Config`].

use super::Error;

use crate::flags::{self, Flags};

pub const HELP: &str = "\
usage: rockad analyse [positions] [budget] [options]

positions (at least one; they may be combined):
  --frc LIST            Chess960 numbers: 518, 0-959, 0-9,518,700
  --random N            N distinct Chess960 starts drawn at random
  --dfrc W:B[,W:B...]   Double Fischer Random pairs (White's number:Black's)
  --dfrc-random N       N distinct Double Fischer Random pairs
  --seed S              seed for --random / --dfrc-random (printed when drawn)
  --file F              FEN (6 fields) or EPD (4 fields) lines, each optionally
                        followed by 'moves e2e4 ...'; blank and # lines ignored
  --moves \"M1 M2 ...\"   moves played from each numbered position first

budget per position (default --depth 10; several: the first reached ends it):
  --depth N  --nodes N  --movetime MS

options:
  --multipv N           lines per position (default 1)
  --threads T           threads (default 1): several positions run T
                        single-thread searches at once, one position uses T
  --hash MB             hash table per search (default 16)
  --out PREFIX          writes PREFIX.csv, PREFIX.jsonl, PREFIX.svg and
                        PREFIX.summary.txt (default 'analysis'); rerunning
                        with the same PREFIX resumes, skipping positions done
  --progress            progress bar on stderr even when it is not a terminal";

/// How positions are chosen, in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selector {
    Frc(Vec<u32>),
    Random(u64),
    Dfrc(Vec<(u32, u32)>),
    DfrcRandom(u64),
    File(String),
}

/// What one search may spend. Every limit given applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
}

/// Everything `rockad analyse` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub selectors: Vec<Selector>,
    pub seed: Option<u64>,
    pub moves: Vec<String>,
    pub budget: Budget,
    pub multipv: usize,
    pub threads: usize,
    pub hash_mb: usize,
    pub out: String,
    pub progress: bool,
}

#[cfg(test)]
impl Config {
    /// A depth-1, one-line, one-thread configuration for the analyse tests.
    pub(crate) fn for_tests(selectors: Vec<Selector>, seed: Option<u64>, moves: &[&str]) -> Config {
        Config {
            selectors,
            seed,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            budget: Budget { depth: Some(1), nodes: None, movetime: None },
            multipv: 1,
            threads: 1,
            hash_mb: 1,
            out: String::new(),
            progress: false,
        }
    }
}

/// A parsed command line.
#[derive(Debug)]
pub enum Parsed {
    Help,
    Run(Config),
}

const DEFAULT_DEPTH: u32 = 10;
/// Deepest iteration the search runs (`MAX_PLY - 1`).
const MAX_DEPTH: u64 = rockad_search::MAX_PLY as u64 - 1;

fn usage(msg: String) -> Error {
    Error::Usage(msg)
}

fn integer(flag: &str, text: &str, min: u64, max: u64) -> Result<u64, Error> {
    flags::integer(flag, text, min, max).map_err(usage)
}

/// Parses the words after `analyse`.
pub fn parse(args: &[&str]) -> Result<Parsed, Error> {
    let mut c = Config {
        selectors: Vec::new(),
        seed: None,
        moves: Vec::new(),
        budget: Budget { depth: None, nodes: None, movetime: None },
        multipv: 1,
        threads: 1,
        hash_mb: 16,
        out: "analysis".to_string(),
        progress: false,
    };
    let mut words = Flags::new(args);
    while let Some(flag) = words.next_flag() {
        if flags::is_help(flag) {
            return Ok(Parsed::Help);
        }
        if flag == "--progress" {
            c.progress = true;
            continue;
        }
        let value = words.value(flag).map_err(usage)?;
        match flag {
            "--frc" => c.selectors.push(Selector::Frc(super::select::frc_list(value).map_err(usage)?)),
            "--random" => c.selectors.push(Selector::Random(integer(flag, value, 1, 960)?)),
            "--dfrc" => c.selectors.push(Selector::Dfrc(super::select::dfrc_list(value).map_err(usage)?)),
            "--dfrc-random" => c.selectors.push(Selector::DfrcRandom(integer(flag, value, 1, 960 * 960)?)),
            "--file" => c.selectors.push(Selector::File(value.to_string())),
            "--seed" => c.seed = Some(integer(flag, value, 0, u64::MAX)?),
            "--moves" => c.moves = value.split_whitespace().map(String::from).collect(),
            "--depth" => c.budget.depth = Some(integer(flag, value, 1, MAX_DEPTH)? as u32),
            "--nodes" => c.budget.nodes = Some(integer(flag, value, 1, u64::MAX)?),
            "--movetime" => c.budget.movetime = Some(integer(flag, value, 1, i64::MAX as u64)?),
            "--multipv" => c.multipv = integer(flag, value, 1, 256)? as usize,
            "--threads" => c.threads = integer(flag, value, 1, 512)? as usize,
            "--hash" => c.hash_mb = integer(flag, value, 1, rockad_search::MAX_HASH_MB as u64)? as usize,
            "--out" if value.is_empty() => return Err(usage("--out needs a file name prefix".into())),
            "--out" => c.out = value.to_string(),
            other => return Err(usage(format!("unknown option '{other}'"))),
        }
    }
    if c.selectors.is_empty() {
        return Err(usage("choose positions with --frc, --random, --dfrc, --dfrc-random or --file".into()));
    }
    if c.budget == (Budget { depth: None, nodes: None, movetime: None }) {
        c.budget.depth = Some(DEFAULT_DEPTH);
    }
    Ok(Parsed::Run(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Config {
        match parse(args) {
            Ok(Parsed::Run(c)) => c,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn defaults_and_values() {
        let c = config(&["--frc", "518"]);
        assert_eq!(c.budget, Budget { depth: Some(10), nodes: None, movetime: None });
        assert_eq!((c.multipv, c.threads, c.hash_mb, c.out.as_str()), (1, 1, 16, "analysis"));
        let c = config(&[
            "--frc=0-2",
            "--dfrc",
            "1:2",
            "--nodes",
            "5000",
            "--movetime=20",
            "--threads",
            "2",
            "--out",
            "x/y",
            "--moves",
            "e2e4 e7e5",
            "--random",
            "3",
            "--seed",
            "9",
            "--progress",
        ]);
        assert_eq!(
            c.selectors,
            vec![Selector::Frc(vec![0, 1, 2]), Selector::Dfrc(vec![(1, 2)]), Selector::Random(3)]
        );
        assert_eq!(c.budget, Budget { depth: None, nodes: Some(5000), movetime: Some(20) });
        assert_eq!((c.threads, c.out.as_str(), c.seed, c.progress), (2, "x/y", Some(9), true));
        assert_eq!(c.moves, vec!["e2e4", "e7e5"]);
    }

    #[test]
    fn bad_command_lines_are_usage_errors() {
        for args in [
            &[][..],
            &["--depth", "3"],
            &["--frc", "960"],
            &["--frc", "518", "--depth", "0"],
            &["--frc", "518", "--depth"],
            &["--frc", "518", "--multipv", "x"],
            &["--random", "961"],
            &["--frc", "1", "--bogus", "2"],
            &["--frc", "1", "--out", ""],
            &["--dfrc", "1-2"],
        ] {
            assert!(matches!(parse(args), Err(Error::Usage(_))), "{args:?}");
        }
        assert!(matches!(parse(&["--frc", "1", "--help"]), Ok(Parsed::Help)));
    }
}
