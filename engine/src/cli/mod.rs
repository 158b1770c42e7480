//! The command line, on `clap` (derive). With no arguments Rockad speaks
//! UCI on stdin/stdout (what GUIs run); otherwise the first word names a
//! subcommand. Each subcommand is one [`Command`] variant with an args
//! struct in the module that runs it, so adding one (such as `train`) is a
//! variant, a struct and a line in [`Command::run`].
//!
//! Exit codes: 0 done (also when stdout was closed early, as by `| head`),
//! 1 the run failed, 2 a bad command line.

pub mod out;
mod positions;

use std::ffi::OsString;
use std::io;

use clap::error::ErrorKind;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::{analyse, datagen, genfens, session, spsa, train, tune, wdl};

pub use positions::epd_of_frc;

const AFTER_HELP: &str = "\
With no command Rockad speaks UCI on stdin/stdout: that is what chess GUIs run.
'rockad <command> --help' describes each command.";

/// Rockad, a UCI chess engine built for Chess960.
#[derive(Debug, Parser)]
#[command(name = "rockad", version, about, after_help = AFTER_HELP, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Fixed-depth search of built-in positions; the last line is '<N> nodes <M> nps'
    Bench(positions::BenchArgs),
    /// Count the legal move paths from a position (the start position by default)
    Perft(positions::PerftArgs),
    /// Chess960 start positions: an opening file, a FEN by number, or a number by FEN
    Frc(positions::FrcArgs),
    /// Double Fischer Random start positions: an opening file or one pair
    Dfrc(positions::DfrcArgs),
    /// Analyse start positions into CSV, JSON lines, a chart and a summary
    #[command(visible_alias = "analyze")]
    Analyse(analyse::args::AnalyseArgs),
    /// Self-play training data from Chess960 and Double Fischer Random starts
    Datagen(datagen::args::DatagenArgs),
    /// Fit the evaluation's parameters to datagen files
    Tune(tune::TuneArgs),
    /// Fit the win/draw/loss model to datagen files
    Wdl(wdl::WdlArgs),
    /// Train an evaluation network (NNUE) on datagen files
    Train(train::TrainArgs),
    /// Opening positions for OpenBench's data generation: 'genfens N seed S book <None|FILE>'
    Genfens(genfens::GenfensArgs),
    /// SPSA parameter lines for OpenBench: 'NAME, int, value, min, max, step, rate' (docs/tuning.md)
    Spsa(spsa::SpsaArgs),
    /// Print a shell completion script (e.g. 'rockad completions bash > /etc/bash_completion.d/rockad')
    Completions(positions::CompletionsArgs),
}

/// Why a subcommand stopped early.
#[derive(Debug)]
pub enum Exit {
    /// A bad command line or input (exit 2), in clap's words.
    Usage(Box<clap::Error>),
    /// The run failed (exit 1): `subcommand: message` (see [`failed`]).
    Failed(String),
    /// Writing to stdout failed. A closed pipe (`| head`) is a normal end.
    Output(io::Error),
}

impl From<io::Error> for Exit {
    fn from(e: io::Error) -> Exit {
        Exit::Output(e)
    }
}

/// What a subcommand returns.
pub type Outcome = Result<(), Exit>;

/// A usage error of subcommand `name` (`frc`, `analyse`, ...): clap's
/// format, with that subcommand's usage line.
pub fn usage_error(name: &str, msg: impl std::fmt::Display) -> Exit {
    let mut cmd = Cli::command();
    cmd.build();
    let err = match cmd.find_subcommand_mut(name) {
        Some(sub) => sub.error(ErrorKind::ValueValidation, msg),
        None => cmd.error(ErrorKind::ValueValidation, msg),
    };
    Exit::Usage(Box::new(err))
}

/// A failed run of subcommand `name`.
pub fn failed(name: &str, msg: impl std::fmt::Display) -> Exit {
    Exit::Failed(format!("{name}: {msg}"))
}

/// A value parser for a finite number in `min..=max`.
pub fn real(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |text| match text.parse::<f64>() {
        Ok(v) if v.is_finite() && (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("not a number in {min}..={max}")),
    }
}

/// File names given comma-separated or with the flag repeated, empty
/// names left out; an error when none is left.
pub fn file_list(names: Vec<String>) -> Result<Vec<String>, String> {
    let files: Vec<String> = names.into_iter().filter(|f| !f.is_empty()).collect();
    if files.is_empty() {
        return Err("--data needs at least one file name".to_string());
    }
    Ok(files)
}

/// `relative` in the source tree Rockad was built from: the default place
/// of files that `tune` and `wdl` regenerate, whatever the directory the
/// command is run from.
pub fn source_path(relative: &str) -> String {
    let engine = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    engine.parent().unwrap_or(engine).join(relative).to_string_lossy().into_owned()
}

/// Fails early when `path` cannot be written (a missing directory, no
/// permission), before hours of work whose result it is meant to hold.
pub fn check_writable(path: &str) -> Result<(), String> {
    let probe = format!("{path}.tmp");
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&probe)
        .and_then(|_| std::fs::remove_file(&probe))
        .map_err(|e| format!("cannot write {path}: {e}"))
}

impl Command {
    /// Runs the subcommand; `matches` are its own (for argument order).
    fn run(self, matches: &ArgMatches) -> Outcome {
        match self {
            Command::Bench(a) => positions::bench(&a),
            Command::Perft(a) => positions::perft(&a),
            Command::Frc(a) => positions::frc(&a),
            Command::Dfrc(a) => positions::dfrc(&a),
            Command::Analyse(a) => analyse::main(a, matches),
            Command::Datagen(a) => datagen::main(a),
            Command::Tune(a) => tune::main(a),
            Command::Wdl(a) => wdl::main(a),
            Command::Train(a) => train::run(&a).map_err(|e| failed("train", e)),
            Command::Genfens(a) => genfens::main(&a),
            Command::Spsa(a) => spsa::main(&a),
            Command::Completions(a) => positions::completions(&a),
        }
    }
}

/// Runs the command line (`args` without the program name); returns the
/// process exit code.
pub fn main<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut argv: Vec<OsString> =
        std::iter::once(OsString::from("rockad")).chain(args.into_iter().map(Into::into)).collect();
    genfens::split_openbench_form(&mut argv);
    let outcome = Cli::command()
        .try_get_matches_from(&argv)
        .and_then(|m| Cli::from_arg_matches(&m).map(|cli| (cli, m)))
        .map_err(|e| Exit::Usage(Box::new(with_usage(e, argv.get(1)))))
        .and_then(|(cli, m)| match cli.command {
            None => {
                session::run();
                Ok(())
            }
            Some(cmd) => {
                let sub = m.subcommand().map(|(_, s)| s.clone()).unwrap_or_default();
                cmd.run(&sub)
            }
        });
    exit_code(outcome)
}

/// Adds the usage line of the subcommand named by `word` to a parse error
/// that has none (clap leaves it out of bad-value errors), so that every
/// usage error names the subcommand.
fn with_usage(mut e: clap::Error, word: Option<&OsString>) -> clap::Error {
    use clap::error::{ContextKind, ContextValue};
    if !e.use_stderr() || e.get(ContextKind::Usage).is_some() {
        return e;
    }
    let mut cmd = Cli::command();
    cmd.build();
    let name = word.and_then(|w| w.to_str()).unwrap_or_default();
    let sub =
        cmd.get_subcommands_mut().find(|s| s.get_name() == name || s.get_all_aliases().any(|a| a == name));
    if let Some(sub) = sub {
        e.insert(ContextKind::Usage, ContextValue::StyledStr(sub.render_usage()));
    }
    e
}

/// Reports how a run ended and gives its exit code.
fn exit_code(outcome: Outcome) -> i32 {
    match outcome {
        Ok(()) => 0,
        Err(Exit::Usage(e)) => {
            // Help and version texts go to stdout; a closed pipe there is fine.
            let _ = e.print();
            e.exit_code()
        }
        Err(Exit::Failed(msg)) => {
            eprintln!("rockad {msg}");
            1
        }
        Err(Exit::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(Exit::Output(e)) => {
            eprintln!("rockad: writing to stdout: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn usage_errors_name_the_subcommand() {
        let Exit::Usage(e) = usage_error("dfrc", "needs two numbers") else { panic!() };
        let text = e.to_string();
        assert!(text.starts_with("error: needs two numbers"), "{text}");
        assert!(text.contains("Usage: rockad dfrc"), "{text}");
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    fn words_parse_into_subcommands() {
        let parse = |w: &[&str]| Cli::try_parse_from(std::iter::once("rockad").chain(w.iter().copied()));
        assert!(parse(&[]).unwrap().command.is_none());
        assert!(matches!(parse(&["analyze", "--frc", "1"]).unwrap().command, Some(Command::Analyse(_))));
        for bad in [&["perft"][..], &["bench", "3", "extra"], &["nonsense"], &["completions", "tcsh"]] {
            assert_eq!(parse(bad).unwrap_err().exit_code(), 2, "{bad:?}");
        }
    }
}
