//! The command line of `rockad datagen`: flags into a [`Config`].

use super::game::Rules;

use crate::flags::{Flags, integer, is_help};

pub const HELP: &str = "\
usage: rockad datagen --out FILE (--games N | --positions N) [options]
       rockad datagen --dump FILE [--text OUT]

Plays Rockad against itself from random Chess960 and Double Fischer Random
starts and writes the positions (32-byte records, see eval/src/data/) to FILE.
Rerunning with the same FILE continues it: games already there are skipped.

target (one of them; both count what FILE holds, earlier runs included):
  --games N             stop when FILE holds N games
  --positions N         stop starting games once FILE holds N positions

options:
  --out FILE            the binary data file (created or continued)
  --nodes N             nodes per move (default 5000)
  --threads T           games played at once, one thread each (default: all cores)
  --hash MB             hash table per game (default 8)
  --seed S              games derive from S and their index (default: drawn at
                        random and printed; a continued FILE keeps its own)
  --dfrc PERCENT        share of Double Fischer Random starts (default 25)
  --random-plies A-B    random legal plies after the start, A to B (default 4-9)
  --balance CP          redraw a start whose search score exceeds CP (default 300)
  --win CP              adjudicate a win when |score| >= CP ... (default 1000)
  --win-plies N         ... for N plies in a row (default 4, both sides' searches)
  --draw CP             adjudicate a draw when |score| <= CP ... (default 10)
  --draw-plies N        ... for N plies in a row (default 12) ...
  --draw-after M        ... from move M on (default 40)
  --max-plies N         a game this long is a draw (default 600)
  --text OUT            afterwards, also write FILE as text lines 'FEN | score | result'
  --progress            progress line on stderr even when it is not a terminal
  --quiet               no progress line

--dump FILE converts a binary file to text (to stdout, or to --text OUT). The
score is in centipawns and the result 1.0 / 0.5 / 0.0, both from White's view.";

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
    Help,
    Generate(Config),
    Dump { bin: String, text: Option<String> },
}

/// `A-B` (or a single `A`) with `A <= B <= max`.
fn range(flag: &str, text: &str, max: u64) -> Result<(u32, u32), String> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let (a, b) = (integer(flag, a, 0, max)?, integer(flag, b, 0, max)?);
    if a > b {
        return Err(format!("{flag}: {a} is more than {b}"));
    }
    Ok((a as u32, b as u32))
}

/// Parses the words after `datagen`.
pub fn parse(args: &[&str]) -> Result<Parsed, String> {
    let mut out = None;
    let mut dump = None;
    let mut games = None;
    let mut positions = None;
    let mut c = Config::new("", Target::Games(0));
    let mut words = Flags::new(args);
    while let Some(flag) = words.next_flag() {
        if is_help(flag) {
            return Ok(Parsed::Help);
        }
        if matches!(flag, "--progress" | "--quiet") {
            c.progress = Some(flag == "--progress");
            continue;
        }
        let value = words.value(flag)?;
        match flag {
            "--out" | "--dump" | "--text" if value.is_empty() => {
                return Err(format!("{flag} needs a file name"));
            }
            "--out" => out = Some(value.to_string()),
            "--dump" => dump = Some(value.to_string()),
            "--text" => c.text = Some(value.to_string()),
            "--games" => games = Some(integer(flag, value, 1, u64::from(u32::MAX))? as u32),
            "--positions" => positions = Some(integer(flag, value, 1, u64::MAX)?),
            "--nodes" => c.rules.nodes = integer(flag, value, 1, 1 << 40)?,
            "--threads" => c.threads = integer(flag, value, 1, 1024)? as usize,
            "--hash" => c.rules.hash_mb = integer(flag, value, 1, 4096)? as usize,
            "--seed" => c.seed = Some(integer(flag, value, 0, u64::MAX)?),
            "--dfrc" => c.rules.dfrc_percent = integer(flag, value, 0, 100)? as u32,
            "--random-plies" => c.rules.random_plies = range(flag, value, 40)?,
            "--balance" => c.rules.balance_cp = integer(flag, value, 0, 30_000)? as i32,
            "--win" => c.rules.win_cp = integer(flag, value, 1, 30_000)? as i32,
            "--win-plies" => c.rules.win_plies = integer(flag, value, 1, 1000)? as u32,
            "--draw" => c.rules.draw_cp = integer(flag, value, 0, 30_000)? as i32,
            "--draw-plies" => c.rules.draw_plies = integer(flag, value, 1, 1000)? as u32,
            "--draw-after" => c.rules.draw_after_move = integer(flag, value, 1, 10_000)? as u32,
            "--max-plies" => c.rules.max_plies = integer(flag, value, 1, 10_000)? as u32,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if let Some(bin) = dump {
        if out.is_some() || games.is_some() || positions.is_some() {
            return Err("--dump converts a file: it takes only --text".to_string());
        }
        return Ok(Parsed::Dump { bin, text: c.text });
    }
    c.out = out.ok_or("--out FILE is needed (or --dump FILE)")?;
    c.target = match (games, positions) {
        (Some(g), None) => Target::Games(g),
        (None, Some(p)) => Target::Positions(p),
        (None, None) => return Err("give a target: --games N or --positions N".to_string()),
        (Some(_), Some(_)) => return Err("give one target, --games or --positions, not both".to_string()),
    };
    Ok(Parsed::Generate(c))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "--text",
            "x.txt",
            "--quiet",
        ]);
        assert_eq!(
            (c.out.as_str(), c.target, c.threads, c.seed),
            ("x.bin", Target::Positions(500), 3, Some(42))
        );
        assert_eq!((c.rules.nodes, c.rules.random_plies, c.rules.dfrc_percent), (800, (2, 3), 0));
        assert_eq!((c.text.as_deref(), c.progress), (Some("x.txt"), Some(false)));
        assert_eq!(parse(&["--dump", "a.bin"]), Ok(Parsed::Dump { bin: "a.bin".into(), text: None }));
        assert_eq!(parse(&["--games", "1", "--help"]), Ok(Parsed::Help));
    }

    #[test]
    fn bad_command_lines_are_errors() {
        for args in [
            &[][..],
            &["--games", "3"],
            &["--out", "a"],
            &["--out", "a", "--games", "0"],
            &["--out", "a", "--games", "x"],
            &["--out", "a", "--games", "2", "--positions", "9"],
            &["--out", "a", "--games", "2", "--nodes"],
            &["--out", "a", "--games", "2", "--dfrc", "101"],
            &["--out", "a", "--games", "2", "--random-plies", "9-4"],
            &["--out", "a", "--games", "2", "--random-plies", "-"],
            &["--out", "a", "--games", "2", "--threads", "0"],
            &["--out", "", "--games", "2"],
            &["--out", "a", "--games", "2", "--bogus", "1"],
            &["--dump", "a", "--games", "2"],
        ] {
            assert!(parse(args).is_err(), "{args:?}");
        }
    }
}
