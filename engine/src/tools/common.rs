//! What every subcommand shares and the dispatcher reads back: how a run
//! ends ([`Exit`], [`Outcome`]), and the checks of argument values. It
//! knows nothing of the command tree, so the tools import it and the
//! dispatcher (`crate::cli`) imports both, never the other way round.
//!
//! Exit codes: 0 done (also when stdout was closed early, as by `| head`),
//! 1 the run failed, 2 a bad command line.

use std::io;

/// Why a subcommand stopped early.
#[derive(Debug)]
pub enum Exit {
    /// clap's own report: a command line it refused, or `--help` and
    /// `--version` (exit code from clap).
    Clap(Box<clap::Error>),
    /// A bad command line or input found after parsing (exit 2): the
    /// dispatcher adds the usage line of `command` to `message`.
    Usage { command: String, message: String },
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

/// A usage error of subcommand `name` (`frc`, `analyse`, ...).
pub fn usage_error(name: &str, msg: impl std::fmt::Display) -> Exit {
    Exit::Usage { command: name.to_string(), message: msg.to_string() }
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
/// names left out; an error naming `flag` when none is left.
pub fn file_list(flag: &str, names: Vec<String>) -> Result<Vec<String>, String> {
    let files: Vec<String> = names.into_iter().filter(|f| !f.is_empty()).collect();
    if files.is_empty() {
        return Err(format!("{flag} needs at least one file name"));
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

/// Parses `words` (what follows the subcommand's name) into its argument
/// struct `A`, as the dispatcher would: the tools' tests read their
/// command lines without the command tree.
#[cfg(test)]
pub fn parse_args<A: clap::Args + clap::FromArgMatches>(
    name: &'static str,
    words: &[&str],
) -> Result<(A, clap::ArgMatches), clap::Error> {
    let cmd = A::augment_args(clap::Command::new(name).no_binary_name(true));
    let m = cmd.try_get_matches_from(words)?;
    Ok((A::from_arg_matches(&m)?, m))
}
