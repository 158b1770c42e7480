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

use crate::tools::common::{Exit, Outcome};
use crate::tools::{analyse, datagen, genfens, out, positions, train, tune, wdl};
use crate::{session, spsa, uci_args};

/// Where the words of a command line go.
enum Route {
    /// To clap: a subcommand, a flag, or nothing (the UCI loop).
    Clap,
    /// To clap, once the first argument (`"genfens 10 seed 1"`) is split.
    Split,
    /// UCI command lines to run, then exit.
    Uci(Vec<String>),
    /// A first word that nothing knows.
    Unknown(String),
}

/// Subcommands come first, then UCI commands; flags are clap's.
fn route(args: &[OsString]) -> Route {
    let Some(first) = args.first().and_then(|a| a.to_str()) else { return Route::Clap };
    let Some(head) = first.split_whitespace().next() else { return Route::Clap };
    let mut cli = Cli::command();
    // Built, so that clap's own `help` subcommand is found too.
    cli.build();
    let quoted = first.contains(char::is_whitespace);
    if head.starts_with('-') || cli.find_subcommand(head).is_some() {
        return if quoted { Route::Split } else { Route::Clap };
    }
    if rockad_uci::is_command(head) {
        // Words that are not UTF-8 cannot be UCI: clap reports them.
        let words: Option<Vec<String>> = args.iter().map(|a| a.to_str().map(String::from)).collect();
        return words.map_or(Route::Clap, Route::Uci);
    }
    Route::Unknown(head.to_string())
}

/// OpenBench passes a whole request as one argument and then `quit`
/// (`rockad "genfens 10 seed 1 book None" quit`): split it into words and
/// drop the `quit`, so the command line parses it like any other.
fn split_quoted_subcommand(argv: &mut Vec<OsString>) {
    let Some(first) = argv.get(1).and_then(|a| a.to_str()).map(String::from) else { return };
    let mut words: Vec<OsString> = first.split_whitespace().map(OsString::from).collect();
    words.extend(argv.drain(2..).filter(|a| a != "quit"));
    argv.truncate(1);
    argv.extend(words);
}

const AFTER_HELP: &str = "\
With no command Rockad speaks UCI on stdin/stdout: that is what chess GUIs run.
'rockad <command> --help' describes each command.
UCI commands given as arguments run, then Rockad exits: 'rockad d', 'rockad go depth 10',
'rockad \"position frc 123\" eval' (a quoted argument is one line; 'help' in the UCI loop
lists Rockad's commands beyond UCI).";

/// Rockad, a UCI chess engine built for Chess960.
#[derive(Debug, Parser)]
#[command(name = "rockad", version = crate::identity::version(), about, after_help = AFTER_HELP, max_term_width = 100)]
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
    /// Self-play training data from Chess960, Double Fischer Random (and standard) starts
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
            Command::Spsa(a) => spsa::main(&a),
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
    match route(&argv[1..]) {
        Route::Clap => {}
        Route::Split => split_quoted_subcommand(&mut argv),
        Route::Uci(words) => {
            return match uci_args::lines(&words) {
                Ok(lines) => {
                    session::run_lines(&lines);
                    0
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    2
                }
            };
        }
        Route::Unknown(word) => {
            eprintln!(
                "error: unknown command '{word}': neither a subcommand nor a UCI command (see 'rockad --help')"
            );
            return 2;
        }
    }
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
