//! FEN in and out, in both castling notations.
//!
//! Every position is built in Chess960 castling mode: standard positions
//! behave identically there, and Chess960 rights in a FEN are honoured
//! whatever `UCI_Chess960` says. Input may use standard `KQkq`, X-FEN
//! (`K`/`Q` = outermost rook, file letters for inner rooks) or Shredder-FEN
//! (`HAha`).

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, PositionErrorKinds};

/// Why a FEN was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FenError {}

/// Reads a FEN. Problems that can be repaired without changing the game
/// (castling rights without their rook, an impossible en passant square) are
/// repaired and reported in the returned warnings; anything else is an error.
// shakmaty's position error carries the whole position, hence its size.
#[allow(clippy::result_large_err)]
pub fn parse_fen(text: &str) -> Result<(Chess, Vec<String>), FenError> {
    let fen: Fen =
        text.parse().map_err(|e: shakmaty::fen::ParseFenError| FenError(format!("{e}: '{text}'")))?;
    let setup = fen.as_setup();
    if setup.pockets.is_some() || setup.remaining_checks.is_some() {
        return Err(FenError(format!("not a chess FEN (pockets or check counters): '{text}'")));
    }
    match fen.into_position::<Chess>(CastlingMode::Chess960) {
        Ok(pos) => Ok((pos, Vec::new())),
        Err(e) => {
            let kinds = e.kinds();
            let fatal = fatal_problems(kinds);
            if !fatal.is_empty() {
                return Err(FenError(format!("illegal position ({}): '{text}'", fatal.join(", "))));
            }
            let mut warnings = Vec::new();
            if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
                warnings.push("castling rights without a matching king and rook were dropped");
            }
            if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
                warnings.push("an impossible en passant square was dropped");
            }
            if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
                warnings.push("the side to move is in a check no legal game can reach");
            }
            if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
                warnings.push("more material than a legal game can have");
            }
            let pos = e
                .ignore_invalid_castling_rights()
                .or_else(|e| e.ignore_invalid_ep_square())
                .or_else(|e| e.ignore_impossible_check())
                .or_else(|e| e.ignore_too_much_material())
                .map_err(|e| FenError(format!("illegal position ({:?}): '{text}'", e.kinds())))?;
            Ok((pos, warnings.into_iter().map(String::from).collect()))
        }
    }
}

fn fatal_problems(kinds: PositionErrorKinds) -> Vec<&'static str> {
    let names = [
        (PositionErrorKinds::EMPTY_BOARD, "empty board"),
        (PositionErrorKinds::MISSING_KING, "a king is missing"),
        (PositionErrorKinds::TOO_MANY_KINGS, "too many kings"),
        (PositionErrorKinds::PAWNS_ON_BACKRANK, "pawns on the back rank"),
        (PositionErrorKinds::OPPOSITE_CHECK, "the side not to move is in check"),
        (PositionErrorKinds::VARIANT, "not a chess position"),
    ];
    names.iter().filter(|(k, _)| kinds.contains(*k)).map(|(_, n)| *n).collect()
}

/// X-FEN: `KQkq` for outermost rooks, file letters for inner ones.
pub fn xfen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Shredder-FEN: castling rights as rook files (`HAha`), king side first.
pub fn shredder_fen(pos: &Chess) -> String {
    let x = xfen(pos);
    let mut fields: Vec<&str> = x.split(' ').collect();
    let mut rights = String::new();
    for color in [Color::White, Color::Black] {
        let mut squares: Vec<_> = (pos.castles().castling_rights() & color.backrank()).into_iter().collect();
        squares.sort_by(|a, b| b.cmp(a));
        for sq in squares {
            let c = sq.file().char();
            rights.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    if fields.len() > 2 {
        fields[2] = &rights;
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn standard_round_trip() {
        let (pos, w) = parse_fen(START).unwrap();
        assert!(w.is_empty());
        assert_eq!(xfen(&pos), START);
        assert_eq!(shredder_fen(&pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    }

    #[test]
    fn all_notations_agree() {
        // Rooks on b1 and g1, king on e1: outer rooks, so KQkq = GBgb.
        let x = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1";
        let s = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
        let (a, _) = parse_fen(x).unwrap();
        let (b, _) = parse_fen(s).unwrap();
        assert_eq!(a.castles().castling_rights(), b.castles().castling_rights());
        assert_eq!(shredder_fen(&a), s);
        assert_eq!(xfen(&b), x);
    }

    #[test]
    fn inner_rook_needs_its_file_letter_in_xfen() {
        // Two white rooks on the king side of the king: castling with the inner one.
        let s = "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1";
        let (pos, w) = parse_fen(s).unwrap();
        assert!(w.is_empty());
        assert_eq!(xfen(&pos), s);
        assert_eq!(shredder_fen(&pos), s);
    }

    #[test]
    fn double_fischer_random() {
        let s = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1";
        let (pos, w) = parse_fen(s).unwrap();
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(shredder_fen(&pos), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1");
    }

    #[test]
    fn repairs_are_reported() {
        let (pos, w) = parse_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").unwrap();
        assert_eq!(w.len(), 1);
        assert!(pos.castles().is_empty());
        let (_, w) = parse_fen("4k3/8/8/8/8/8/8/4K3 w - e3 0 1").unwrap();
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn illegal_positions_are_refused_with_reasons() {
        let e = parse_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
        assert!(e.0.contains("king"), "{e}");
        let e = parse_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
        assert!(e.0.contains("back rank"), "{e}");
        let e = parse_fen("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
        assert!(e.0.contains("not to move"), "{e}");
        assert!(parse_fen("hello world").is_err());
        assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").is_err());
        assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1").is_err());
    }
}
