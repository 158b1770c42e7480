//! The small subcommands: `bench`, `perft`, `frc` and `dfrc`: their
//! arguments and what they print.

use clap::Args;
use shakmaty::Chess;

use rockad_eval::Rng;
use rockad_uci::{parse_fen, shredder_fen};

use super::common::{Outcome, usage_error};
use super::openings::{self, Notation};
use super::out;
use crate::frc;
use crate::{bench as bench_run, perft as perft_run};

/// Deepest iteration the search runs.
const MAX_DEPTH: i64 = rockad_search::MAX_PLY as i64 - 1;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Search depth of every position (the node count is recorded at 12)
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH))]
    pub depth: Option<u32>,
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Plies to count
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// The position (six FEN fields, Shredder or X-FEN castling); the start position by default
    #[arg(value_name = "FEN", num_args = 0..)]
    pub fen: Vec<String>,
}

/// How an opening file is written and sampled (shared by `frc` and `dfrc`).
#[derive(Debug, Args)]
pub struct FileArgs {
    /// N distinct positions drawn at random instead of all of them
    #[arg(long, value_name = "N")]
    pub sample: Option<u64>,
    /// Seed of --sample (the same seed gives the same sample; drawn and printed if not given)
    #[arg(long, value_name = "S", requires = "sample")]
    pub seed: Option<u64>,
    /// Castling letters: shredder (HAha, rook files) or xfen (KQkq)
    #[arg(long, value_enum, value_name = "NOTATION", default_value_t = Notation::Shredder)]
    pub notation: Notation,
    /// Full FEN lines ('... 0 1') instead of four-field EPD
    #[arg(long)]
    pub fen: bool,
}

const FRC_AFTER: &str = "\
Examples:
  rockad frc                      all 960 start positions as EPD lines (an opening file)
  rockad frc --sample 100 --seed 1
  rockad frc 518                  the FEN of start position 518 (standard chess)
  rockad frc random               a start position chosen uniformly at random: '<N> <FEN>'
  rockad frc 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
                                  the number of a start position (518)";

#[derive(Debug, Args)]
#[command(after_help = FRC_AFTER)]
pub struct FrcArgs {
    /// A start position number (0..959), 'random', or a FEN to number; none: an opening file
    #[arg(
        value_name = "N|random|FEN",
        num_args = 0..,
        allow_negative_numbers = true,
        conflicts_with_all = ["sample", "seed", "notation", "fen"],
    )]
    pub position: Vec<String>,
    #[command(flatten)]
    pub file: FileArgs,
}

const DFRC_AFTER: &str = "\
Examples:
  rockad dfrc --all               all 921600 pairs (White's number x Black's), streamed
  rockad dfrc --sample 1000 --seed 1
  rockad dfrc 518 959             White's pieces of start 518, Black's of start 959
  rockad dfrc random              a pair chosen uniformly at random: '<W> <B> <FEN>'";

#[derive(Debug, Args)]
#[command(after_help = DFRC_AFTER)]
pub struct DfrcArgs {
    /// White's and Black's start position numbers (0..959), or 'random'
    #[arg(
        value_name = "W B|random",
        num_args = 0..,
        allow_negative_numbers = true,
        conflicts_with_all = ["all", "sample", "seed", "notation", "fen"],
    )]
    pub position: Vec<String>,
    /// Every pair, streamed (an opening file)
    #[arg(long, conflicts_with = "sample")]
    pub all: bool,
    #[command(flatten)]
    pub file: FileArgs,
}

pub fn bench(a: &BenchArgs) -> Outcome {
    Ok(out::lines(bench_run::run(a.depth.unwrap_or(bench_run::DEFAULT_DEPTH)))?)
}

pub fn perft(a: &PerftArgs) -> Outcome {
    let pos = if a.fen.is_empty() {
        Chess::default()
    } else {
        fen_position(&a.fen.join(" ")).map_err(|e| usage_error("perft", format!("bad FEN: {e}")))?
    };
    Ok(out::lines(perft_run::report(&pos, a.depth, true))?)
}

pub fn frc(a: &FrcArgs) -> Outcome {
    let bad = |msg: String| usage_error("frc", msg);
    let line = match a.position.as_slice() {
        [] => return opening_file(false, false, &a.file),
        [word] if word == "random" => {
            let n = Rng::from_entropy().below(frc::COUNT.into()) as u32;
            // The number first, as `frc FEN` prints it: `read n fen`.
            format!("{n} {}", fen_of(n, n))
        }
        [word] if looks_numeric(word) => {
            let n = start_number(word)
                .map_err(|e| bad(format!("invalid value '{word}' for '[N|random|FEN]': {e}")))?;
            fen_of(n, n)
        }
        words => {
            let text = words.join(" ");
            let pos = fen_position(&text).map_err(|e| {
                bad(format!(
                    "invalid value '{text}' for '[N|random|FEN]': not a start position number (0..959), \
                     'random' or a FEN ({e})"
                ))
            })?;
            match frc::start_numbers(&pos) {
                Some((w, b)) if w == b => w.to_string(),
                Some((w, b)) => format!("{w} {b} (Double Fischer Random: White {w}, Black {b})"),
                None => {
                    return Err(bad(format!(
                        "invalid value '{text}' for '[N|random|FEN]': not a Chess960 start position"
                    )));
                }
            }
        }
    };
    Ok(out::lines([line])?)
}

pub fn dfrc(a: &DfrcArgs) -> Outcome {
    let bad = |msg: String| usage_error("dfrc", msg);
    let line = match a.position.as_slice() {
        [] if a.all || a.file.sample.is_some() => return opening_file(true, a.all, &a.file),
        [] => {
            return Err(bad(
                "nothing asked for: give --all, --sample <N>, two start numbers <W> <B>, or 'random'"
                    .to_string(),
            ));
        }
        [word] if word == "random" => {
            let mut rng = Rng::from_entropy();
            let w = rng.below(frc::COUNT.into()) as u32;
            let b = rng.below(frc::COUNT.into()) as u32;
            format!("{w} {b} {}", fen_of(w, b))
        }
        [word] => {
            return Err(bad(format!(
                "invalid value '{word}' for '[W B|random]': needs two start numbers, White's and Black's \
                 (0..959 each), or 'random'"
            )));
        }
        [w, b] => {
            let number = |t: &str| {
                start_number(t).map_err(|e| bad(format!("invalid value '{t}' for '[W B|random]': {e}")))
            };
            fen_of(number(w)?, number(b)?)
        }
        more => {
            return Err(bad(format!(
                "invalid value '{}' for '[W B|random]': needs two start numbers, White's and Black's; \
                 got {} words",
                more.join(" "),
                more.len()
            )));
        }
    };
    Ok(out::lines([line])?)
}

/// `rockad frc|dfrc [--all] [--sample N] ...`: streams an opening file.
fn opening_file(dfrc: bool, all: bool, f: &FileArgs) -> Outcome {
    let name = if dfrc { "dfrc" } else { "frc" };
    let req = openings::request(dfrc, all, f.sample, f.seed, f.notation, f.fen)
        .map_err(|msg| usage_error(name, msg))?;
    if let Some(seed) = req.drawn_seed {
        eprintln!("rockad {name}: sample drawn with --seed {seed}");
    }
    let mut stdout = out::Stdout::new();
    openings::write(&req, &mut stdout)?;
    Ok(stdout.finish()?)
}

/// Whether a word is meant as a number (`518`, `-1`, `+3`), so that a bad
/// one is reported as a bad number rather than as a bad FEN.
fn looks_numeric(word: &str) -> bool {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn start_number(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n < frc::COUNT => Ok(n),
        _ => Err(format!("a start position number is 0..959, got '{text}'")),
    }
}

fn fen_position(fen: &str) -> Result<Chess, String> {
    parse_fen(fen).map(|(pos, _)| pos).map_err(|e| e.to_string())
}

/// The Shredder-FEN of a (Double) Fischer Random start.
fn fen_of(white: u32, black: u32) -> String {
    shredder_fen(&frc::dfrc_position(white, black).expect("numbers checked"))
}

/// An EPD line: the FEN's first four fields.
pub fn epd_of_frc(n: u32) -> String {
    let fen = fen_of(n, n);
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::common::{Exit, parse_args};
    use std::collections::HashSet;

    /// The message of a refused `frc`/`dfrc` command line (clap's or ours;
    /// the usage line is the dispatcher's, tested in `crate::cli`).
    fn usage_message(words: &[&str]) -> String {
        let (name, rest) = words.split_first().expect("a subcommand");
        let outcome = match *name {
            "frc" => parse_args::<FrcArgs>("frc", rest).map(|(a, _)| frc(&a)),
            _ => parse_args::<DfrcArgs>("dfrc", rest).map(|(a, _)| dfrc(&a)),
        };
        match outcome {
            Err(e) => e.to_string(),
            Ok(Err(Exit::Usage { command, message })) => {
                assert_eq!(&command, name);
                message
            }
            Ok(other) => panic!("{words:?}: {other:?}"),
        }
    }

    #[test]
    fn bad_positions_are_named() {
        let m = usage_message(&["frc", "-1"]);
        assert!(m.contains("for '[N|random|FEN]': a start position number is 0..959, got '-1'"), "{m}");
        let m = usage_message(&["frc", "960"]);
        assert!(m.contains("got '960'"), "{m}");
        let m = usage_message(&["frc", "8/8/8/8/8/8/8/K6k", "w", "-", "-"]);
        assert!(m.contains("not a Chess960 start position"), "{m}");
        let m = usage_message(&["dfrc"]);
        assert!(m.contains("give --all, --sample <N>"), "{m}");
        let m = usage_message(&["dfrc", "12"]);
        assert!(m.contains("invalid value '12' for '[W B|random]': needs two start numbers"), "{m}");
        let m = usage_message(&["dfrc", "1", "2", "3"]);
        assert!(m.contains("got 3 words"), "{m}");
        let m = usage_message(&["frc", "518", "--sample", "3"]);
        assert!(m.contains("cannot be used with"), "{m}");
        let m = usage_message(&["dfrc", "1", "2", "--notation", "xfen"]);
        assert!(m.contains("cannot be used with"), "{m}");
        let m = usage_message(&["frc", "--seed", "3"]);
        assert!(m.contains("--sample"), "{m}");
    }

    #[test]
    fn numbers_are_told_from_fens() {
        assert!(looks_numeric("518") && looks_numeric("-1") && looks_numeric("+3"));
        assert!(!looks_numeric("-") && !looks_numeric("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
        assert_eq!(start_number("959"), Ok(959));
        assert_eq!(epd_of_frc(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -");
        assert_eq!(fen_of(518, 0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1");
    }

    /// The opening-file request of `rockad frc|dfrc ARGS`.
    fn file_request(dfrc: bool, args: &[&str]) -> Result<openings::Request, String> {
        let (all, f) = if dfrc {
            parse_args::<DfrcArgs>("dfrc", args).map(|(a, _)| (a.all, a.file))
        } else {
            parse_args::<FrcArgs>("frc", args).map(|(a, _)| (false, a.file))
        }
        .map_err(|e| e.to_string())?;
        openings::request(dfrc, all, f.sample, f.seed, f.notation, f.fen)
    }

    fn output(args: &[&str], dfrc: bool) -> Vec<String> {
        let req = file_request(dfrc, args).unwrap();
        let mut buf = Vec::new();
        openings::write(&req, &mut buf).unwrap();
        String::from_utf8(buf).unwrap().lines().map(String::from).collect()
    }

    #[test]
    fn notations_and_fen_fields() {
        let x = output(&["--notation", "xfen"], false);
        assert_eq!(x.len(), 960);
        assert_eq!(x[518], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
        let f = output(&["--fen"], false);
        assert_eq!(f[518], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        // The flagged default equals the old `rockad frc` output.
        let plain = output(&["--notation=shredder"], false);
        assert_eq!(plain, (0..960).map(epd_of_frc).collect::<Vec<_>>());
    }

    #[test]
    fn samples_are_reproducible_and_distinct() {
        let a = output(&["--sample", "40", "--seed", "5"], false);
        assert_eq!(a, output(&["--sample=40", "--seed=5"], false));
        assert_eq!(a.len(), 40);
        assert_eq!(a.iter().collect::<HashSet<_>>().len(), 40);
        let d = output(&["--sample", "200", "--seed", "5"], true);
        assert_eq!(d.len(), 200);
        assert_eq!(d.iter().collect::<HashSet<_>>().len(), 200);
        assert_ne!(d, output(&["--sample", "200", "--seed", "6"], true));
        assert!(file_request(false, &["--sample", "5"]).unwrap().drawn_seed.is_some());
    }

    #[test]
    fn bad_flags_are_errors() {
        for (dfrc, args) in [
            (false, &["--sample", "961"][..]),
            (false, &["--sample", "x"]),
            (false, &["--notation", "kq"]),
            (false, &["--seed", "3"]),
            (false, &["--sample"]),
            (false, &["--bogus"]),
            (true, &["--fen"]),
            (true, &["--all", "--sample", "3"]),
        ] {
            assert!(file_request(dfrc, args).is_err(), "{args:?}");
        }
    }
}
