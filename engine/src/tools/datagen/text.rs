//! The text form of a data file: one line per position,
//! `FEN | score | result`, with the Shredder-FEN (Chess960 castling by rook
//! file), the search score in centipawns and the result as 1.0 / 0.5 / 0.0,
//! both from White's point of view.

use std::io::Write;
use std::path::Path;

use rockad_eval::data::{Reader, Record};
use rockad_uci::shredder_fen;

/// One position as a text line (without the newline).
pub fn line(r: &Record) -> String {
    let result = match r.result {
        0 => "0.0",
        1 => "0.5",
        _ => "1.0",
    };
    format!("{} | {} | {result}", shredder_fen(&r.pos), r.score)
}

/// What [`export`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    pub games: u32,
    pub positions: u64,
    /// Why reading stopped early (a cut or damaged last game), if it did.
    pub damaged: Option<String>,
}

/// Writes every position of the data file `bin` to `out` as text lines.
pub fn export(bin: &Path, out: &mut dyn Write) -> Result<Exported, String> {
    let mut reader = Reader::open(bin)?;
    let mut positions = 0;
    let fail = |e: std::io::Error| format!("writing the text: {e}");
    for r in reader.positions() {
        writeln!(out, "{}", line(&r)).map_err(fail)?;
        positions += 1;
    }
    out.flush().map_err(fail)?;
    Ok(Exported { games: reader.games, positions, damaged: reader.damaged.clone() })
}

/// [`export`] to a file (created or replaced).
pub fn export_to_file(bin: &Path, text: &Path) -> Result<Exported, String> {
    let file = std::fs::File::create(text).map_err(|e| format!("{}: {e}", text.display()))?;
    let mut w = std::io::BufWriter::new(file);
    export(bin, &mut w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;

    #[test]
    fn a_line_names_fen_score_and_result() {
        let r = Record { pos: Chess::default(), score: -35, result: 2 };
        assert_eq!(line(&r), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 | -35 | 1.0");
        let r = Record { result: 1, ..r };
        assert!(line(&r).ends_with("| -35 | 0.5"));
    }
}
