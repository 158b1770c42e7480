//! Opening files for match runners: `rockad frc` / `rockad dfrc` with flags.
//! All 960 Chess960 starts, a random sample, or Double Fischer Random pairs
//! (all 921,600 or a sample), as EPD or FEN lines in Shredder-FEN or X-FEN
//! castling notation. Lines are streamed, so `dfrc --all` needs no memory.

use std::io::{self, Write};

use rockad_eval::Rng;
use rockad_uci::{shredder_fen, xfen};

use crate::frc;

/// Castling notation of the lines written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Notation {
    /// HAha: rook files (what fastchess and Cute Chess send engines)
    Shredder,
    /// KQkq for outermost rooks, file letters for inner ones
    #[value(alias = "x-fen")]
    Xfen,
}

/// Which positions an opening file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    AllFrc,
    /// Chess960 numbers in draw order.
    FrcSample(Vec<u32>),
    AllDfrc,
    /// (White, Black) pairs in draw order.
    DfrcSample(Vec<(u32, u32)>),
}

/// A parsed `frc` / `dfrc` opening-file command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub selection: Selection,
    pub notation: Notation,
    /// Full FEN (`... 0 1`) instead of four-field EPD.
    pub fen: bool,
    /// The seed a sample was drawn with, when it came from the clock (so
    /// the caller can tell the user how to repeat it).
    pub drawn_seed: Option<u64>,
}

/// The request of `rockad frc` (`dfrc == false`) or `rockad dfrc` with
/// the opening-file flags (`--all`, `--sample N`, `--seed S`, `--notation`,
/// `--fen`), checked.
pub fn request(
    dfrc: bool,
    all: bool,
    sample: Option<u64>,
    seed: Option<u64>,
    notation: Notation,
    fen: bool,
) -> Result<Request, String> {
    if all && sample.is_some() {
        return Err("--all and --sample exclude each other".to_string());
    }
    if seed.is_some() && sample.is_none() {
        return Err("--seed only goes with --sample".to_string());
    }
    let drawn_seed = match (sample, seed) {
        (Some(_), None) => Some(Rng::from_entropy().next_u64()),
        _ => None,
    };
    let mut rng = Rng::new(seed.or(drawn_seed).unwrap_or(0));
    let selection = match (dfrc, sample) {
        (false, None) => Selection::AllFrc,
        (true, None) if all => Selection::AllDfrc,
        (true, None) => return Err("opening files need --all or --sample N".to_string()),
        (false, Some(n)) => {
            let picks = frc::sample_distinct(&mut rng, u64::from(frc::COUNT), n)
                .ok_or_else(|| format!("--sample {n} is more than the 960 start positions"))?;
            Selection::FrcSample(picks.into_iter().map(|v| v as u32).collect())
        }
        (true, Some(n)) => {
            let total = u64::from(frc::COUNT) * u64::from(frc::COUNT);
            let picks = frc::sample_distinct(&mut rng, total, n)
                .ok_or_else(|| format!("--sample {n} is more than the {total} pairs"))?;
            let pair = |v: u64| ((v / u64::from(frc::COUNT)) as u32, (v % u64::from(frc::COUNT)) as u32);
            Selection::DfrcSample(picks.into_iter().map(pair).collect())
        }
    };
    Ok(Request { selection, notation, fen, drawn_seed })
}

/// The parts of each start position's FEN, so that a DFRC pair's line is
/// assembled from White's and Black's halves instead of building and
/// validating 921,600 positions.
pub struct Lines {
    /// Per number: White's back rank, Black's back rank (as in the FEN),
    /// White's castling letters, Black's castling letters.
    parts: Vec<[String; 4]>,
    fen: bool,
}

impl Lines {
    pub fn new(notation: Notation, fen: bool) -> Lines {
        let parts = (0..frc::COUNT)
            .map(|n| {
                let pos = frc::position(n).expect("0..960 are start positions");
                let text = match notation {
                    Notation::Shredder => shredder_fen(&pos),
                    Notation::Xfen => xfen(&pos),
                };
                let fields: Vec<&str> = text.split(' ').collect();
                let ranks: Vec<&str> = fields[0].split('/').collect();
                let castling = fields[2];
                [
                    ranks[7].to_string(),
                    ranks[0].to_string(),
                    castling.chars().filter(char::is_ascii_uppercase).collect(),
                    castling.chars().filter(char::is_ascii_lowercase).collect(),
                ]
            })
            .collect();
        Lines { parts, fen }
    }

    /// The line for White's arrangement `white` and Black's `black`.
    pub fn line(&self, white: u32, black: u32) -> String {
        let (w, b) = (&self.parts[white as usize], &self.parts[black as usize]);
        let mut castling = format!("{}{}", w[2], b[3]);
        if castling.is_empty() {
            castling.push('-');
        }
        let tail = if self.fen { " 0 1" } else { "" };
        format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {castling} -{tail}", b[1], w[0])
    }
}

/// Writes the requested lines. A closed pipe (`| head`) ends the output
/// quietly; other write errors are returned.
pub fn write(req: &Request, out: &mut dyn Write) -> io::Result<()> {
    let lines = Lines::new(req.notation, req.fen);
    let result = (|| -> io::Result<()> {
        match &req.selection {
            Selection::AllFrc => (0..frc::COUNT).try_for_each(|n| writeln!(out, "{}", lines.line(n, n)))?,
            Selection::FrcSample(ns) => ns.iter().try_for_each(|&n| writeln!(out, "{}", lines.line(n, n)))?,
            Selection::AllDfrc => {
                for w in 0..frc::COUNT {
                    for b in 0..frc::COUNT {
                        writeln!(out, "{}", lines.line(w, b))?;
                    }
                }
            }
            Selection::DfrcSample(pairs) => {
                pairs.iter().try_for_each(|&(w, b)| writeln!(out, "{}", lines.line(w, b)))?
            }
        }
        out.flush()
    })();
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assembled_lines_equal_the_real_fens() {
        for notation in [Notation::Shredder, Notation::Xfen] {
            let lines = Lines::new(notation, true);
            for (w, b) in [(0, 0), (518, 518), (959, 0), (0, 959), (12, 845), (700, 3), (357, 357)] {
                let pos = frc::dfrc_position(w, b).unwrap();
                let real = if notation == Notation::Shredder { shredder_fen(&pos) } else { xfen(&pos) };
                assert_eq!(lines.line(w, b), real, "{w}:{b} {notation:?}");
            }
        }
    }
}
