//! The command line of `rockad analyse`: clap arguments into a [`Config`].

use clap::{ArgMatches, Args};

use super::numbers::{dfrc_list, frc_list};

const AFTER_HELP: &str = "\
Positions: at least one of --frc, --random, --dfrc, --dfrc-random, --file; they
may be combined and are analysed in the order given.
Budget: default --depth 10; with several limits the first reached ends a search.

Example: rockad analyse --frc 0-959 --depth 12 --threads 2 --out atlas";

/// Deepest iteration the search runs (`MAX_PLY - 1`).
const MAX_DEPTH: i64 = rockad_search::MAX_PLY as i64 - 1;

/// `--frc` values (a newtype, so that clap takes the list as one value).
#[derive(Debug, Clone)]
pub struct Numbers(Vec<u32>);

/// `--dfrc` values.
#[derive(Debug, Clone)]
pub struct Pairs(Vec<(u32, u32)>);

#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct AnalyseArgs {
    /// Chess960 numbers: 518, 0-959, 0-9,518,700
    #[arg(long, value_name = "LIST", value_parser = |s: &str| frc_list(s).map(Numbers), help_heading = "Positions")]
    frc: Vec<Numbers>,
    /// N distinct Chess960 starts drawn at random
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=960), help_heading = "Positions")]
    random: Vec<u64>,
    /// Double Fischer Random pairs, White's number:Black's (12:845,0:959)
    #[arg(long, value_name = "W:B,...", value_parser = |s: &str| dfrc_list(s).map(Pairs), help_heading = "Positions")]
    dfrc: Vec<Pairs>,
    /// N distinct Double Fischer Random pairs drawn at random
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=921_600), help_heading = "Positions")]
    dfrc_random: Vec<u64>,
    /// FEN (6 fields) or EPD (4 fields) lines, each optionally followed by 'moves e2e4 ...';
    /// blank and # lines are ignored
    #[arg(long, value_name = "F", help_heading = "Positions")]
    file: Vec<String>,
    /// Seed of --random and --dfrc-random (drawn and printed if not given)
    #[arg(long, value_name = "S", help_heading = "Positions")]
    seed: Option<u64>,
    /// Moves played from each numbered position first ("e2e4 e7e5")
    #[arg(long, value_name = "MOVES", help_heading = "Positions")]
    moves: Option<String>,

    /// Search depth per position (10 when no limit is given)
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH), help_heading = "Budget per position")]
    depth: Option<u32>,
    /// Nodes per position
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..), help_heading = "Budget per position")]
    nodes: Option<u64>,
    /// Milliseconds per position
    #[arg(long, value_name = "MS", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=i64::MAX as u64), help_heading = "Budget per position")]
    movetime: Option<u64>,

    /// Lines (principal variations) per position
    #[arg(long, help_heading = "Search and output", value_name = "N", allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    multipv: u16,
    /// Threads: several positions run T single-thread searches at once, one position uses T
    #[arg(long, help_heading = "Search and output", value_name = "T", allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=512))]
    threads: u16,
    /// Hash table per search, in MiB
    #[arg(long, help_heading = "Search and output", value_name = "MB", allow_negative_numbers = true, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=rockad_search::MAX_HASH_MB as i64))]
    hash: u32,
    /// Directories of Syzygy tablebases (as for the SyzygyPath option): positions in the
    /// tables are searched with them, and their WDL columns come from the tables
    #[arg(long, help_heading = "Search and output", value_name = "DIRS")]
    syzygy_path: Option<String>,
    /// Score each position by the mean of its best line's scores over the last N completed
    /// depths (1: the last depth's alone): near-equal positions rank by what the search saw
    /// over several depths rather than by one depth's swing. The line shown stays the last
    /// depth's; the JSON lines file keeps every depth's score
    #[arg(long, help_heading = "Search and output", value_name = "N", allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_DEPTH))]
    average: u16,
    /// Writes PREFIX.csv, PREFIX.jsonl, PREFIX.svg, PREFIX.html and PREFIX.summary.txt
    /// (a PREFIX ending in one of these is taken without it); rerunning with the same
    /// PREFIX resumes, skipping positions done (with all done, it only rewrites the chart,
    /// page and summary)
    #[arg(long, help_heading = "Search and output", value_name = "PREFIX", default_value = "analysis", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    out: String,
    /// Another engine's scores of the same positions (CSV with columns id,score_cp, as
    /// scripts/atlas-compare.py --scores writes): a column of the page, with the Spearman
    /// correlation and mean difference in its header
    #[arg(long, help_heading = "Search and output", value_name = "FILE.csv")]
    compare: Option<String>,
    /// Progress bar on stderr even when stderr is not a terminal
    #[arg(long, help_heading = "Search and output", conflicts_with = "quiet")]
    progress: bool,
    /// No progress display
    #[arg(long, help_heading = "Search and output")]
    quiet: bool,
}

impl AnalyseArgs {
    /// The configuration, selectors in the order given on the command line
    /// (`matches` are the subcommand's, which know where each value stood).
    pub fn config(self, matches: &ArgMatches) -> Result<Config, String> {
        let at =
            |id: &str| -> Vec<usize> { matches.indices_of(id).map(Iterator::collect).unwrap_or_default() };
        let mut placed: Vec<(usize, Selector)> = Vec::new();
        placed.extend(at("frc").into_iter().zip(self.frc.into_iter().map(|n| Selector::Frc(n.0))));
        placed.extend(at("random").into_iter().zip(self.random.into_iter().map(Selector::Random)));
        placed.extend(at("dfrc").into_iter().zip(self.dfrc.into_iter().map(|p| Selector::Dfrc(p.0))));
        placed.extend(
            at("dfrc_random").into_iter().zip(self.dfrc_random.into_iter().map(Selector::DfrcRandom)),
        );
        placed.extend(at("file").into_iter().zip(self.file.into_iter().map(Selector::File)));
        placed.sort_by_key(|(i, _)| *i);
        let selectors: Vec<Selector> = placed.into_iter().map(|(_, s)| s).collect();
        if selectors.is_empty() {
            return Err("choose positions with --frc, --random, --dfrc, --dfrc-random or --file".into());
        }
        let mut budget = Budget { depth: self.depth, nodes: self.nodes, movetime: self.movetime };
        if budget == (Budget { depth: None, nodes: None, movetime: None }) {
            budget.depth = Some(DEFAULT_DEPTH);
        }
        Ok(Config {
            selectors,
            seed: self.seed,
            moves: self.moves.unwrap_or_default().split_whitespace().map(String::from).collect(),
            budget,
            multipv: self.multipv.into(),
            threads: self.threads.into(),
            hash_mb: self.hash as usize,
            average: self.average.into(),
            syzygy_path: self.syzygy_path,
            out: stem(self.out),
            compare: self.compare,
            progress: self.progress,
            quiet: self.quiet,
        })
    }
}

/// What analyse adds to `--out` for each file it writes.
const EXTENSIONS: [&str; 5] = [".csv", ".jsonl", ".svg", ".html", ".summary.txt"];

/// `--out` without one of [`EXTENSIONS`]: `--out atlas.csv` writes
/// `atlas.csv`, not `atlas.csv.csv` (and `atlas.html`, ...). A name that
/// would be left empty (`.csv`, `dir/.csv`) stays as given.
fn stem(out: String) -> String {
    EXTENSIONS
        .iter()
        .find_map(|ext| out.strip_suffix(ext))
        .filter(|s| !s.is_empty() && !s.ends_with(['/', std::path::MAIN_SEPARATOR]))
        .map_or_else(|| out.clone(), String::from)
}

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
    /// Depths averaged into each score (`--average`).
    pub average: usize,
    /// Tablebase directories, if any.
    pub syzygy_path: Option<String>,
    pub out: String,
    /// The other engine's scores for the page, if any.
    pub compare: Option<String>,
    pub progress: bool,
    pub quiet: bool,
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
            average: 1,
            syzygy_path: None,
            out: String::new(),
            compare: None,
            progress: false,
            quiet: false,
        }
    }
}

const DEFAULT_DEPTH: u32 = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::common::parse_args;

    fn parse(args: &[&str]) -> Result<Config, String> {
        let (a, m) = parse_args::<AnalyseArgs>("analyse", args).map_err(|e| e.to_string())?;
        a.config(&m)
    }

    fn config(args: &[&str]) -> Config {
        parse(args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
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
            "--frc",
            "7",
            "--compare",
            "sf.csv",
        ]);
        assert_eq!(
            c.selectors,
            vec![
                Selector::Frc(vec![0, 1, 2]),
                Selector::Dfrc(vec![(1, 2)]),
                Selector::Random(3),
                Selector::Frc(vec![7])
            ]
        );
        assert_eq!(c.budget, Budget { depth: None, nodes: Some(5000), movetime: Some(20) });
        assert_eq!((c.threads, c.out.as_str(), c.seed, c.progress), (2, "x/y", Some(9), true));
        assert_eq!(c.moves, vec!["e2e4", "e7e5"]);
        assert!(!c.quiet);
        assert_eq!(c.compare.as_deref(), Some("sf.csv"));
        assert_eq!(config(&["--frc", "1"]).compare, None);
        assert!(parse(&["--frc", "1", "--quiet"]).unwrap().quiet);
    }

    #[test]
    fn an_out_ending_in_an_extension_is_its_stem() {
        for (given, out) in [
            ("atlas.csv", "atlas"),
            ("x/atlas.jsonl", "x/atlas"),
            ("a.summary.txt", "a"),
            ("a.html", "a"),
            ("a.svg", "a"),
            ("a.txt", "a.txt"),
            ("a.csv.bak", "a.csv.bak"),
            (".csv", ".csv"),
            ("dir/.csv", "dir/.csv"),
        ] {
            assert_eq!(config(&["--frc", "1", "--out", given]).out, out, "{given}");
        }
    }

    #[test]
    fn bad_command_lines_are_errors_naming_the_flag() {
        for (args, flag) in [
            (&[][..], "choose positions"),
            (&["--depth", "3"], "choose positions"),
            (&["--frc", "960"], "--frc"),
            (&["--frc", "518", "--depth", "0"], "--depth"),
            (&["--frc", "518", "--depth"], "--depth"),
            (&["--frc", "518", "--multipv", "x"], "--multipv"),
            (&["--random", "961"], "--random"),
            (&["--frc", "1", "--bogus", "2"], "--bogus"),
            (&["--frc", "1", "--out", ""], "--out"),
            (&["--dfrc", "1-2"], "--dfrc"),
            (&["--frc", "1", "--quiet", "--progress"], "--quiet"),
        ] {
            let e = parse(args).unwrap_err();
            assert!(e.contains(flag), "{args:?}: {e}");
        }
    }
}
