//! Parsing one line of GUI input into a [`Command`].

use std::fmt;

use crate::go::{GoParams, GoWarning, parse_go};
use crate::options::{SetOption, SetOptionError};

/// Where a `position` command starts from, before its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionBase {
    StartPos,
    /// The FEN text as sent, fields joined by single spaces; validated later
    /// by [`crate::parse_fen`].
    Fen(String),
    /// A Chess960 start position by Scharnagl number.
    Frc(u32),
    /// A Double Fischer Random start: White's and Black's Scharnagl numbers.
    Dfrc(u32, u32),
}

/// `position <base> [moves m1 m2 ...]`, moves still as text: only the engine,
/// which owns the position, can tell whether they are legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionCommand {
    pub base: PositionBase,
    pub moves: Vec<String>,
}

/// One parsed line of input.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption(SetOption),
    Register,
    UciNewGame,
    Position(PositionCommand),
    /// The parameters, plus one warning per token that could not be used
    /// (a `go` is still answered with a `bestmove`).
    Go(GoParams, Vec<GoWarning>),
    Stop,
    PonderHit,
    Quit,
    // Commands beyond UCI, as Stockfish has them.
    Perft(u32),
    Bench(Option<u32>),
    Display,
    Eval,
    Help,
    /// How the binary was built (Stockfish's `compiler`).
    Compiler,
}

/// Why a line could not be understood; its `Display` is the text of the
/// `info string` the GUI gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command.
    Unknown(String),
    /// A command that takes no arguments got one.
    UnexpectedArgument {
        command: String,
        argument: String,
    },
    /// `debug` with something other than `on` / `off`.
    Debug(String),
    SetOption(SetOptionError),
    /// A number argument (`perft x`) that is not a non-negative integer.
    NotANumber {
        command: &'static str,
        what: &'static str,
        got: String,
    },
    PerftUsage,
    BenchUsage,
    Position(PositionSyntax),
}

/// What is wrong with the words of a `position` line (before the FEN or
/// the moves are looked at).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionSyntax {
    /// No base at all.
    MissingBase,
    UnknownBase(String),
    /// `position startpos e2e4`.
    AfterStartpos(String),
    MissingFen,
    TooManyFenFields(usize),
    FrcUsage,
    DfrcUsage,
    /// A start position number outside 0..959.
    StartNumber {
        command: &'static str,
        got: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown(head) => write!(f, "unknown command '{head}' (type 'help' for the list)"),
            Self::UnexpectedArgument { command, argument } => {
                write!(f, "{command}: unexpected argument '{argument}'")
            }
            Self::Debug(got) => write!(f, "debug: expected 'on' or 'off', got '{got}'"),
            Self::SetOption(e) => e.fmt(f),
            Self::NotANumber { command, what, got } => {
                write!(f, "{command}: {what} must be a non-negative integer, got '{got}'")
            }
            Self::PerftUsage => f.write_str("perft: expected one depth, as in 'perft 5'"),
            Self::BenchUsage => f.write_str("bench: expected at most one depth, as in 'bench 12'"),
            Self::Position(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for PositionSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingBase => {
                f.write_str("position: expected 'startpos', 'fen <FEN>', 'frc <N>' or 'dfrc <W> <B>'")
            }
            Self::UnknownBase(other) => {
                write!(f, "position: unknown base '{other}' (expected startpos, fen, frc or dfrc)")
            }
            Self::AfterStartpos(extra) => {
                write!(f, "position: unexpected '{extra}' after startpos (missing 'moves'?)")
            }
            Self::MissingFen => f.write_str("position fen: the FEN is missing"),
            Self::TooManyFenFields(n) => {
                write!(f, "position fen: a FEN has at most 6 fields, got {n} (missing 'moves'?)")
            }
            Self::FrcUsage => f.write_str("position frc: expected one number 0..959"),
            Self::DfrcUsage => f.write_str("position dfrc: expected two numbers 0..959 (White, Black)"),
            Self::StartNumber { command, got } => {
                write!(f, "{command}: start position number must be 0..959, got '{got}'")
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// Parses one line. `Ok(None)` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let no_args = |cmd: Command| -> Result<Option<Command>, CommandError> {
        match rest.first() {
            None => Ok(Some(cmd)),
            Some(extra) => Err(CommandError::UnexpectedArgument {
                command: head.to_string(),
                argument: extra.to_string(),
            }),
        }
    };
    match head {
        "uci" => no_args(Command::Uci),
        "isready" => no_args(Command::IsReady),
        "ucinewgame" => no_args(Command::UciNewGame),
        "stop" => no_args(Command::Stop),
        "ponderhit" => no_args(Command::PonderHit),
        "quit" => Ok(Some(Command::Quit)),
        "register" => Ok(Some(Command::Register)),
        "debug" => match rest {
            [] | ["on"] => Ok(Some(Command::Debug(true))),
            ["off"] => Ok(Some(Command::Debug(false))),
            _ => Err(CommandError::Debug(rest.join(" "))),
        },
        "setoption" => {
            SetOption::parse(rest).map(|o| Some(Command::SetOption(o))).map_err(CommandError::SetOption)
        }
        "position" => {
            parse_position(rest).map(|p| Some(Command::Position(p))).map_err(CommandError::Position)
        }
        "go" => {
            let (params, warnings) = parse_go(rest);
            Ok(Some(Command::Go(params, warnings)))
        }
        "perft" => match rest {
            [d] => parse_num::<u32>("perft", "depth", d).map(|d| Some(Command::Perft(d))),
            _ => Err(CommandError::PerftUsage),
        },
        "bench" => match rest {
            [] => Ok(Some(Command::Bench(None))),
            [d] => parse_num::<u32>("bench", "depth", d).map(|d| Some(Command::Bench(Some(d)))),
            _ => Err(CommandError::BenchUsage),
        },
        "d" => no_args(Command::Display),
        "eval" => no_args(Command::Eval),
        "help" => Ok(Some(Command::Help)),
        "compiler" => no_args(Command::Compiler),
        _ => Err(CommandError::Unknown(head.to_string())),
    }
}

/// Whether `word` names a command (`go`, `d`, `perft`, ...), whatever its
/// arguments: how the command line tells UCI words from other words.
pub fn is_command(word: &str) -> bool {
    !word.is_empty()
        && !word.contains(char::is_whitespace)
        && !matches!(parse_command(word), Err(CommandError::Unknown(_)))
}

fn parse_num<T: std::str::FromStr>(
    command: &'static str,
    what: &'static str,
    text: &str,
) -> Result<T, CommandError> {
    text.parse::<T>().map_err(|_| CommandError::NotANumber { command, what, got: text.to_string() })
}

fn parse_position(tokens: &[&str]) -> Result<PositionCommand, PositionSyntax> {
    let (base_tokens, moves) = match tokens.iter().position(|&t| t == "moves") {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (tokens, &[][..]),
    };
    let base = match base_tokens {
        ["startpos"] => PositionBase::StartPos,
        ["startpos", extra, ..] => return Err(PositionSyntax::AfterStartpos(extra.to_string())),
        ["fen"] => return Err(PositionSyntax::MissingFen),
        ["fen", fields @ ..] => {
            if fields.len() > 6 {
                return Err(PositionSyntax::TooManyFenFields(fields.len()));
            }
            PositionBase::Fen(fields.join(" "))
        }
        ["frc", n] => PositionBase::Frc(parse_start_number("position frc", n)?),
        ["dfrc", w, b] => PositionBase::Dfrc(
            parse_start_number("position dfrc", w)?,
            parse_start_number("position dfrc", b)?,
        ),
        ["frc", ..] => return Err(PositionSyntax::FrcUsage),
        ["dfrc", ..] => return Err(PositionSyntax::DfrcUsage),
        [] => return Err(PositionSyntax::MissingBase),
        [other, ..] => return Err(PositionSyntax::UnknownBase(other.to_string())),
    };
    Ok(PositionCommand { base, moves: moves.iter().map(|m| m.to_string()).collect() })
}

fn parse_start_number(command: &'static str, text: &str) -> Result<u32, PositionSyntax> {
    match text.parse::<u32>() {
        Ok(n) if n < 960 => Ok(n),
        _ => Err(PositionSyntax::StartNumber { command, got: text.to_string() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        parse_command(line).expect("parses").expect("not blank")
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Command::Uci);
        assert_eq!(parse("  isready \r"), Command::IsReady);
        assert_eq!(parse("debug off"), Command::Debug(false));
        assert_eq!(parse("register later"), Command::Register);
        assert_eq!(parse("quit"), Command::Quit);
        assert_eq!(parse("compiler"), Command::Compiler);
        assert_eq!(parse_command("   ").unwrap(), None);
    }

    #[test]
    fn unknown_and_malformed_commands_are_errors() {
        assert_eq!(parse_command("xyzzy"), Err(CommandError::Unknown("xyzzy".into())));
        assert_eq!(
            parse_command("xyzzy").unwrap_err().to_string(),
            "unknown command 'xyzzy' (type 'help' for the list)"
        );
        assert!(parse_command("isready now").is_err());
        assert!(parse_command("perft").is_err());
        assert!(parse_command("perft -3").is_err());
        assert!(parse_command("debug maybe").is_err());
    }

    #[test]
    fn command_words_are_known_whatever_their_arguments() {
        for word in ["uci", "go", "position", "perft", "bench", "d", "eval", "setoption", "quit", "help"] {
            assert!(is_command(word), "{word}");
        }
        for word in ["", "depth", "startpos", "analyse", "go depth", "e2e4"] {
            assert!(!is_command(word), "{word}");
        }
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Command::Position(PositionCommand {
                base: PositionBase::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()],
            })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K6k   w - - 0 1 moves a1a2"),
            Command::Position(PositionCommand {
                base: PositionBase::Fen("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into()],
            })
        );
        assert_eq!(
            parse("position frc 518"),
            Command::Position(PositionCommand { base: PositionBase::Frc(518), moves: vec![] })
        );
        assert_eq!(
            parse("position dfrc 0 959 moves"),
            Command::Position(PositionCommand { base: PositionBase::Dfrc(0, 959), moves: vec![] })
        );
        assert!(parse_command("position frc 960").is_err());
        assert!(parse_command("position").is_err());
        assert!(parse_command("position fen").is_err());
        assert!(parse_command("position startpos e2e4").is_err());
        assert!(parse_command("position somewhere").is_err());
    }
}
