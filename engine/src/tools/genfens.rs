//! `genfens`: opening positions for OpenBench's distributed data generation.
//!
//! OpenBench runs `rockad "genfens N seed S book <None|FILE> [extra]" quit`
//! and reads `info string genfens <FEN>` lines. Each position is a start
//! (a random Chess960 or Double Fischer Random one without a book, a random
//! line of the book with one) followed by a few random legal plies, kept
//! only when a short search scores it within the balance limit, as
//! `datagen` draws its starts. The same seed gives the same positions.

use std::io::Write;
use std::path::{Path, PathBuf};

use shakmaty::Chess;

use rockad_eval::Rng;
use rockad_search::Searcher;
use rockad_uci::{parse_fen, xfen};

use crate::frc;
use crate::tools::common::{Outcome, failed, usage_error};
use crate::tools::datagen::game::{Rules, random_plies, search};

/// What OpenBench asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub count: u64,
    pub seed: u64,
    pub book: Option<PathBuf>,
}

/// Starts drawn for one position before the last is taken unbalanced.
const TRIES: u32 = 20;
/// Random plies after a book position (fewer: a book line is already played).
const BOOK_PLIES: (u32, u32) = (2, 6);

/// `rockad genfens N [seed S] [book <None|FILE>] [extra ...]`.
#[derive(Debug, Clone, clap::Args)]
pub struct GenfensArgs {
    /// N seed S book <None|FILE> [extra ...], as OpenBench sends them
    #[arg(required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub words: Vec<String>,
}

/// Runs `rockad genfens`.
pub fn main(args: &GenfensArgs) -> Outcome {
    let words: Vec<&str> = args.words.iter().map(String::as_str).collect();
    let req = parse(&words).map_err(|e| usage_error("genfens", e))?;
    let stdout = std::io::stdout();
    run(&req, &mut stdout.lock()).map_err(|e| failed("genfens", e.trim_start_matches("genfens: ")))
}

/// Parses `N seed S book <None|FILE> [extra ...]` (the words after
/// `genfens`; `seed` and `book` are optional, extra words are ignored).
pub fn parse(words: &[&str]) -> Result<Request, String> {
    let usage = "genfens: expected 'genfens N seed S book <None|FILE>'";
    let (&count, mut rest) = words.split_first().ok_or(usage)?;
    let count = count.parse().map_err(|_| format!("genfens: the count '{count}' is not a number"))?;
    let mut req = Request { count, seed: 0, book: None };
    while let [key, value, tail @ ..] = rest {
        match *key {
            "seed" => {
                req.seed =
                    value.parse().map_err(|_| format!("genfens: the seed '{value}' is not a number"))?
            }
            "book" if value.eq_ignore_ascii_case("none") => req.book = None,
            "book" => req.book = Some(PathBuf::from(value)),
            _ => {}
        }
        rest = tail;
    }
    Ok(req)
}

/// The book's positions: FEN or EPD lines (the first four fields, with
/// counters added), blank and `#` lines skipped.
fn read_book(path: &Path) -> Result<Vec<Chess>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("genfens: {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let fen = if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
            fields[..6].join(" ")
        } else {
            format!("{} 0 1", fields[..fields.len().min(4)].join(" "))
        };
        let pos = parse_fen(&fen).map_err(|e| format!("genfens: {}:{}: {e}", path.display(), i + 1))?.0;
        out.push(pos);
    }
    if out.is_empty() {
        return Err(format!("genfens: {} holds no position", path.display()));
    }
    Ok(out)
}

/// Writes `req.count` lines `info string genfens <X-FEN>` to `out`.
pub fn run(req: &Request, out: &mut dyn Write) -> Result<(), String> {
    let book = req.book.as_deref().map(read_book).transpose()?;
    let rules = Rules { hash_mb: 1, ..Rules::default() };
    let mut searcher = crate::evaluation::searcher(rules.hash_mb, 1).map_err(|e| format!("genfens: {e}"))?;
    let mut rng = Rng::new(req.seed ^ 0x6765_6e66_656e_7321);
    for _ in 0..req.count {
        let pos = one(&mut rng, book.as_deref(), &rules, &mut searcher);
        let written = writeln!(out, "info string genfens {}", xfen(&pos));
        if let Err(e) = written {
            return quiet_on_closed_pipe(e);
        }
    }
    out.flush().or_else(quiet_on_closed_pipe)
}

/// A reader that stopped reading (`| head`) ends the output quietly.
fn quiet_on_closed_pipe(e: std::io::Error) -> Result<(), String> {
    if e.kind() == std::io::ErrorKind::BrokenPipe { Ok(()) } else { Err(format!("genfens: {e}")) }
}

/// One balanced position (or, after [`TRIES`] unbalanced ones, the last).
fn one(rng: &mut Rng, book: Option<&[Chess]>, rules: &Rules, searcher: &mut Searcher) -> Chess {
    let mut last = Chess::default();
    for _ in 0..TRIES {
        let (start, plies) = match book {
            Some(b) => (b[rng.below(b.len() as u64) as usize].clone(), BOOK_PLIES),
            None => {
                let count = u64::from(frc::COUNT);
                let white = rng.below(count) as u32;
                let dfrc = rng.below(100) < u64::from(rules.dfrc_percent);
                let black = if dfrc { rng.below(count) as u32 } else { white };
                (frc::dfrc_position(white, black).unwrap_or_default(), rules.random_plies)
            }
        };
        let Some((pos, keys)) = random_plies(start, rng, plies) else { continue };
        searcher.clear();
        let (_, score, _) = search(searcher, &pos, &keys, rules.nodes);
        if score.abs() <= rules.balance_cp {
            return pos;
        }
        last = pos;
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn requests_parse_as_openbench_writes_them() {
        assert_eq!(
            parse(&["10", "seed", "42", "book", "None"]).unwrap(),
            Request { count: 10, seed: 42, book: None }
        );
        assert_eq!(
            parse(&["3", "seed", "7", "book", "books/frc.epd", "extra"]).unwrap(),
            Request { count: 3, seed: 7, book: Some(PathBuf::from("books/frc.epd")) }
        );
        assert_eq!(parse(&["5"]).unwrap(), Request { count: 5, seed: 0, book: None });
        assert!(parse(&[]).unwrap_err().contains("expected"));
        assert!(parse(&["x"]).unwrap_err().contains("'x'"));
        assert!(parse(&["1", "seed", "y"]).unwrap_err().contains("'y'"));
    }

    #[test]
    fn positions_are_legal_balanced_and_reproducible() {
        let req = Request { count: 4, seed: 9, book: None };
        let mut a = Vec::new();
        run(&req, &mut a).unwrap();
        let mut b = Vec::new();
        run(&req, &mut b).unwrap();
        assert_eq!(a, b);
        let text = String::from_utf8(a).unwrap();
        assert_eq!(text.lines().count(), 4);
        for line in text.lines() {
            let fen = line.strip_prefix("info string genfens ").expect(line);
            let pos = parse_fen(fen).unwrap().0;
            assert!(!pos.legal_moves().is_empty(), "{fen}");
        }
    }

    #[test]
    fn a_book_is_used_and_a_missing_one_is_named() {
        let path = std::env::temp_dir().join(format!("rockad-genfens-{}.epd", std::process::id()));
        std::fs::write(
            &path,
            "# a book\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"start\";\n",
        )
        .unwrap();
        let req = Request { count: 2, seed: 1, book: Some(path.clone()) };
        let mut out = Vec::new();
        run(&req, &mut out).unwrap();
        for line in String::from_utf8(out).unwrap().lines() {
            let pos = parse_fen(line.strip_prefix("info string genfens ").unwrap()).unwrap().0;
            // Two to six plies from the standard start: standard pieces.
            assert!(pos.fullmoves().get() <= 4, "{line}");
        }
        let _ = std::fs::remove_file(&path);
        let missing = Request { count: 1, seed: 1, book: Some(PathBuf::from("/nonexistent/book.epd")) };
        assert!(run(&missing, &mut Vec::new()).unwrap_err().contains("/nonexistent/book.epd"));
    }
}
