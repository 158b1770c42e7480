//! Command-line subcommands. With no arguments Rockad speaks UCI on stdin.

use shakmaty::Chess;

use rockad_uci::{parse_fen, shredder_fen};

use crate::frc::{self, Rng};
use crate::{analyse, bench, datagen, genfens, openings, perft, session, train, tune, wdl};

const USAGE: &str = "\
usage: rockad                      speak UCI on stdin/stdout (what GUIs run)
       rockad bench [depth]        fixed search; last line '<N> nodes <M> nps'
       rockad perft <depth> [FEN]  count legal move paths (start position by default)
       rockad frc                  all 960 Chess960 start positions as EPD lines
       rockad frc --sample N [--seed S]
                                   N distinct start positions drawn at random
       rockad dfrc --all           all 921600 Double Fischer Random pairs
       rockad dfrc --sample N [--seed S]
                                   N distinct Double Fischer Random pairs
                                   (opening files: add --fen for FEN lines,
                                   --notation shredder|xfen for castling letters)
       rockad frc <N>              the FEN of start position N (0..959; 518 = standard)
       rockad frc random           one start position chosen uniformly at random
       rockad frc <FEN>            the number of a Chess960 start position
       rockad dfrc <W> <B>         a Double Fischer Random start (White's N, Black's N)
       rockad dfrc random          one Double Fischer Random start at random
       rockad analyse [options]    analyse start positions (see 'rockad analyse --help')
       rockad datagen [options]    self-play training data (see 'rockad datagen --help')
       rockad tune [options]       fit the evaluation to data (see 'rockad tune --help')
       rockad train [options]      train an evaluation network (see 'rockad train --help')
       rockad wdl [options]        fit the win/draw/loss model (see 'rockad wdl --help')
       rockad --version | help";

/// Runs the command line; returns the process exit code.
pub fn main(args: &[String]) -> i32 {
    // OpenBench passes `genfens ...` as one argument, then `quit`.
    if let Some(first) = args.first()
        && first.split_whitespace().next() == Some("genfens")
    {
        let mut words: Vec<&str> = args.iter().flat_map(|a| a.split_whitespace()).collect();
        if words.last() == Some(&"quit") {
            words.pop();
        }
        return genfens_main(&words[1..]);
    }
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["analyse" | "analyze", rest @ ..] => return analyse::main(rest),
        ["datagen", rest @ ..] => return datagen::main(rest),
        ["tune", rest @ ..] => return tune::main(rest),
        ["train", rest @ ..] => return train::main(rest),
        ["wdl", rest @ ..] => return wdl::main(rest),
        [cmd @ ("frc" | "dfrc"), rest @ ..] if openings::is_file_form(rest) => {
            return opening_file(*cmd == "dfrc", rest);
        }
        _ => {}
    }
    match run(&words) {
        Ok(lines) => {
            for l in lines {
                println!("{l}");
            }
            0
        }
        Err(msg) => usage_error(&msg),
    }
}

fn genfens_main(words: &[&str]) -> i32 {
    let result = genfens::parse(words).and_then(|req| genfens::run(&req, &mut std::io::stdout().lock()));
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("rockad: {e}");
            2
        }
    }
}

fn usage_error(msg: &str) -> i32 {
    eprintln!("rockad: {msg}");
    eprintln!("{USAGE}");
    2
}

/// `rockad frc|dfrc --...`: streams an opening file to stdout.
fn opening_file(dfrc: bool, args: &[&str]) -> i32 {
    let req = match openings::parse(dfrc, args) {
        Ok(req) => req,
        Err(msg) => return usage_error(&msg),
    };
    if let Some(seed) = req.drawn_seed {
        eprintln!("rockad: sample drawn with --seed {seed}");
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match openings::write(&req, &mut out) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("rockad: writing the opening file: {e}");
            1
        }
    }
}

fn run(words: &[&str]) -> Result<Vec<String>, String> {
    match words {
        [] => {
            session::run();
            Ok(Vec::new())
        }
        ["help" | "--help" | "-h"] => Ok(vec![USAGE.to_string()]),
        ["--version" | "-V" | "version"] => Ok(vec![format!("Rockad {}", env!("CARGO_PKG_VERSION"))]),
        ["bench"] => Ok(bench::run(bench::DEFAULT_DEPTH)),
        ["bench", d] => Ok(bench::run(number(d, "bench depth")?)),
        ["perft", d, fen @ ..] => {
            let depth = number(d, "perft depth")?;
            let pos = if fen.is_empty() { Chess::default() } else { fen_position(&fen.join(" "))? };
            Ok(perft::report(&pos, depth, true))
        }
        ["frc"] => Ok((0..frc::COUNT).map(epd_of_frc).collect()),
        ["frc", "random"] => {
            let n = Rng::from_entropy().below(frc::COUNT as u64) as u32;
            Ok(vec![fen_of(n, n)])
        }
        ["frc", n] if n.bytes().all(|b| b.is_ascii_digit()) => {
            let n = start_number(n)?;
            Ok(vec![fen_of(n, n)])
        }
        ["frc", fen @ ..] => {
            let pos = fen_position(&fen.join(" "))?;
            match frc::start_numbers(&pos) {
                Some((w, b)) if w == b => Ok(vec![w.to_string()]),
                Some((w, b)) => Ok(vec![format!("{w} {b} (Double Fischer Random: White {w}, Black {b})")]),
                None => Err("not a Chess960 start position".to_string()),
            }
        }
        ["dfrc", "random"] => {
            let mut rng = Rng::from_entropy();
            let w = rng.below(frc::COUNT as u64) as u32;
            let b = rng.below(frc::COUNT as u64) as u32;
            Ok(vec![fen_of(w, b)])
        }
        ["dfrc", w, b] => Ok(vec![fen_of(start_number(w)?, start_number(b)?)]),
        [other, ..] => Err(format!("unknown command '{other}'")),
    }
}

fn number(text: &str, what: &str) -> Result<u32, String> {
    text.parse().map_err(|_| format!("{what} must be a non-negative integer, got '{text}'"))
}

fn start_number(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n < frc::COUNT => Ok(n),
        _ => Err(format!("start position number must be 0..959, got '{text}'")),
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

    fn out(words: &[&str]) -> Vec<String> {
        run(words).unwrap()
    }

    #[test]
    fn frc_subcommands() {
        assert_eq!(out(&["frc", "518"]), vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"]);
        assert_eq!(out(&["frc", "0"]), vec!["bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]);
        let all = out(&["frc"]);
        assert_eq!(all.len(), 960);
        assert_eq!(all[959], "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca -");
        assert_eq!(
            out(&["frc", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1"]),
            vec!["518"]
        );
        assert!(run(&["frc", "960"]).is_err());
        assert!(run(&["frc", "8/8/8/8/8/8/8/K6k", "w", "-", "-"]).is_err());
        let r = out(&["frc", "random"]);
        assert_eq!(r.len(), 1);
    }

    #[test]
    fn dfrc_subcommand() {
        assert_eq!(
            out(&["dfrc", "518", "0"]),
            vec!["bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1"]
        );
    }

    #[test]
    fn bad_arguments_are_errors() {
        assert!(run(&["perft"]).is_err());
        assert!(run(&["perft", "x"]).is_err());
        assert!(run(&["nonsense"]).is_err());
    }
}
