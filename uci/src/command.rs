//! Parsing one line of GUI input into a [`Command`].

use std::fmt;

use crate::go::{GoParams, parse_go};
use crate::options::SetOption;

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
    Go(GoParams, Vec<String>),
    Stop,
    PonderHit,
    Quit,
    // Commands beyond UCI, as Stockfish has them.
    Perft(u32),
    Bench(Option<u32>),
    Display,
    Eval,
    Help,
}

/// Why a line could not be understood; shown to the GUI as `info string`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

fn err<T>(msg: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError(msg.into()))
}

/// Parses one line. `Ok(None)` for a blank line.
pub fn parse_command(line: &str) -> Result<Option<Command>, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let no_args = |cmd: Command| -> Result<Option<Command>, CommandError> {
        match rest.first() {
            None => Ok(Some(cmd)),
            Some(extra) => err(format!("{head}: unexpected argument '{extra}'")),
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
            _ => err(format!("debug: expected 'on' or 'off', got '{}'", rest.join(" "))),
        },
        "setoption" => SetOption::parse(rest)
            .map(|o| Some(Command::SetOption(o)))
            .map_err(|e| CommandError(e.to_string())),
        "position" => parse_position(rest).map(|p| Some(Command::Position(p))),
        "go" => {
            let (params, warnings) = parse_go(rest);
            Ok(Some(Command::Go(params, warnings)))
        }
        "perft" => match rest {
            [d] => parse_num::<u32>("perft", "depth", d).map(|d| Some(Command::Perft(d))),
            _ => err("perft: expected one depth, as in 'perft 5'"),
        },
        "bench" => match rest {
            [] => Ok(Some(Command::Bench(None))),
            [d] => parse_num::<u32>("bench", "depth", d).map(|d| Some(Command::Bench(Some(d)))),
            _ => err("bench: expected at most one depth, as in 'bench 12'"),
        },
        "d" => no_args(Command::Display),
        "eval" => no_args(Command::Eval),
        "help" => Ok(Some(Command::Help)),
        _ => err(format!("unknown command '{head}' (type 'help' for the list)")),
    }
}

fn parse_num<T: std::str::FromStr>(cmd: &str, what: &str, text: &str) -> Result<T, CommandError> {
    text.parse::<T>().or_else(|_| err(format!("{cmd}: {what} must be a non-negative integer, got '{text}'")))
}

fn parse_position(tokens: &[&str]) -> Result<PositionCommand, CommandError> {
    let (base_tokens, moves) = match tokens.iter().position(|&t| t == "moves") {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (tokens, &[][..]),
    };
    let base = match base_tokens {
        ["startpos"] => PositionBase::StartPos,
        ["startpos", extra, ..] => {
            return err(format!("position: unexpected '{extra}' after startpos (missing 'moves'?)"));
        }
        ["fen"] => return err("position fen: the FEN is missing"),
        ["fen", fields @ ..] => {
            if fields.len() > 6 {
                return err(format!(
                    "position fen: a FEN has at most 6 fields, got {} (missing 'moves'?)",
                    fields.len()
                ));
            }
            PositionBase::Fen(fields.join(" "))
        }
        ["frc", n] => PositionBase::Frc(parse_start_number("position frc", n)?),
        ["dfrc", w, b] => PositionBase::Dfrc(
            parse_start_number("position dfrc", w)?,
            parse_start_number("position dfrc", b)?,
        ),
        ["frc", ..] => return err("position frc: expected one number 0..959"),
        ["dfrc", ..] => return err("position dfrc: expected two numbers 0..959 (White, Black)"),
        [] => return err("position: expected 'startpos', 'fen <FEN>', 'frc <N>' or 'dfrc <W> <B>'"),
        [other, ..] => {
            return err(format!("position: unknown base '{other}' (expected startpos, fen, frc or dfrc)"));
        }
    };
    Ok(PositionCommand { base, moves: moves.iter().map(|m| m.to_string()).collect() })
}

fn parse_start_number(cmd: &str, text: &str) -> Result<u32, CommandError> {
    match text.parse::<u32>() {
        Ok(n) if n < 960 => Ok(n),
        _ => err(format!("{cmd}: start position number must be 0..959, got '{text}'")),
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
        assert_eq!(parse_command("   ").unwrap(), None);
    }

    #[test]
    fn unknown_and_malformed_commands_are_errors() {
        assert!(parse_command("xyzzy").unwrap_err().0.contains("xyzzy"));
        assert!(parse_command("isready now").is_err());
        assert!(parse_command("perft").is_err());
        assert!(parse_command("perft -3").is_err());
        assert!(parse_command("debug maybe").is_err());
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
