//! UCI commands given as arguments, as Stockfish takes them:
//! `rockad d`, `rockad go depth 5`, `rockad "position frc 123" eval`.
//!
//! An argument holding a space is one whole command line; single words
//! are joined into the line they continue, and a word that names a UCI
//! command starts a new line. So `rockad position startpos moves e2e4 go
//! depth 5` is two lines, and quoting keeps a line whole whatever it holds.
//! Every line is parsed before any runs: a bad one is a usage error.

use rockad_uci::{Command, is_command, parse_command};

/// The command lines that `args` spell, or why they cannot run.
pub fn lines(args: &[String]) -> Result<Vec<String>, String> {
    let mut lines: Vec<String> = Vec::new();
    for arg in args {
        let arg = arg.trim();
        if arg.is_empty() {
            continue;
        }
        // A quoted line takes more words too: `"position frc 1" moves e2e4`.
        let quoted = arg.contains(char::is_whitespace);
        match lines.last_mut() {
            Some(line) if !quoted && (!is_command(arg) || go_perft(line, arg)) => {
                line.push(' ');
                line.push_str(arg);
            }
            _ => lines.push(arg.to_string()),
        }
    }
    for line in &lines {
        match parse_command(line) {
            Ok(Some(Command::Go(p, _))) if unbounded(&p) => {
                return Err(format!(
                    "'{line}': from the command line a search needs a limit (depth, nodes, movetime, \
                     mate or a clock), since no 'stop' can follow"
                ));
            }
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(lines)
}

/// `perft` names a command but also a `go` parameter (`go perft 3`), once.
fn go_perft(line: &str, word: &str) -> bool {
    let mut words = line.split_whitespace();
    word == "perft" && words.next() == Some("go") && !words.any(|w| w == "perft")
}

/// Whether only a `stop` would end a search with these parameters.
fn unbounded(p: &rockad_uci::GoParams) -> bool {
    use shakmaty::Color::{Black, White};
    p.perft.is_none() && (p.infinite || p.ponder || !(p.is_bounded(White) || p.is_bounded(Black)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(args: &[&str]) -> Result<Vec<String>, String> {
        lines(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn words_join_until_the_next_command() {
        assert_eq!(split(&["d"]).unwrap(), ["d"]);
        assert_eq!(split(&["go", "depth", "5"]).unwrap(), ["go depth 5"]);
        assert_eq!(split(&["position frc 123", "eval"]).unwrap(), ["position frc 123", "eval"]);
        assert_eq!(
            split(&["position", "startpos", "moves", "e2e4", "go", "nodes", "100"]).unwrap(),
            ["position startpos moves e2e4", "go nodes 100"]
        );
        assert_eq!(
            split(&["position frc 1", "moves", "e2e4", "d"]).unwrap(),
            ["position frc 1 moves e2e4", "d"]
        );
        assert_eq!(split(&["go perft 2"]).unwrap(), ["go perft 2"]);
        assert_eq!(split(&["go", "perft", "2", "perft", "1"]).unwrap(), ["go perft 2", "perft 1"]);
    }

    #[test]
    fn bad_lines_and_endless_searches_are_refused() {
        assert!(split(&["eval", "bogus"]).unwrap_err().contains("unexpected argument 'bogus'"));
        assert!(split(&["position", "frc", "960"]).unwrap_err().contains("960"));
        for endless in [&["go"][..], &["go", "infinite"], &["go", "ponder", "depth", "3"]] {
            assert!(split(endless).unwrap_err().contains("needs a limit"), "{endless:?}");
        }
        assert!(split(&["go", "wtime", "1000"]).is_ok());
    }
}
