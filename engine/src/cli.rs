//! The command line, on `clap` (derive). With no arguments Rockad speaks
//! UCI on stdin/stdout (what GUIs run); otherwise the first word names a
//! subcommand. Each subcommand is one [`Command`] variant with an args
//! struct in the module that runs it, so adding one (such as `train`) is a
//! variant, a struct and a line in [`Command::run`]. The subcommands live
//! in [`crate::tools`]; this module only parses, dispatches and turns each
//! [`Exit`] into its message and exit code.

use std::ffi::OsString;
use std::io;

use clap::error::ErrorKind;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::session;
use crate::tools::common::{Exit, Outcome};
use crate::tools::{analyse, datagen, genfens, out, positions, train, tune, wdl};

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
    /// Print a shell completion script (e.g. 'rockad completions bash > /etc/bash_completion.d/rockad')
    Completions(CompletionsArgs),
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
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
            Command::Train(a) => train::run(&a).map_err(|e| crate::tools::common::failed("train", e)),
            Command::Genfens(a) => genfens::main(&a),
            Command::Completions(a) => completions(&a),
        }
    }
}

fn completions(a: &CompletionsArgs) -> Outcome {
    let mut text = Vec::new();
    clap_complete::generate(a.shell, &mut Cli::command(), "rockad", &mut text);
    let mut stdout = out::Stdout::new();
    std::io::Write::write_all(&mut stdout, &text)?;
    Ok(stdout.finish()?)
}

/// Our usage error of subcommand `name`, in clap's format with that
/// subcommand's usage line.
fn usage_error(name: &str, msg: &str) -> clap::Error {
    let mut cmd = Cli::command();
    cmd.build();
    match cmd.find_subcommand_mut(name) {
        Some(sub) => sub.error(ErrorKind::ValueValidation, msg),
        None => cmd.error(ErrorKind::ValueValidation, msg),
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
        .map_err(|e| Exit::Clap(Box::new(with_usage(e, argv.get(1)))))
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
        Err(Exit::Clap(e)) => {
            // Help and version texts go to stdout; a closed pipe there is fine.
            let _ = e.print();
            e.exit_code()
        }
        Err(Exit::Usage { command, message }) => {
            let _ = usage_error(&command, &message).print();
            2
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
        let e = usage_error("dfrc", "needs two numbers");
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
