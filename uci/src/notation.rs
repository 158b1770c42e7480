//! Moves as UCI text, with both castling forms.
//!
//! Output: with `UCI_Chess960` on, castling is written king-takes-rook
//! (`f1g1` for the king on f1 castling with the rook on g1). With it off,
//! standard castling is written king-two-squares (`e1g1`); a Chess960 castle
//! is still written king-takes-rook, the only form a GUI can read for it.
//!
//! Input: both forms are accepted wherever they are unambiguous, and so are
//! `O-O` / `O-O-O` (older Arena versions send them).

use std::fmt;

use shakmaty::{CastlingSide, Chess, File, Move, Position, Role, Square};

/// Why a move in the input was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move at all (`e9e4`, `hello`).
    Unparseable(String),
    /// `0000` where a real move is needed.
    Null,
    /// Well-formed but not legal in the position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unparseable(m) => write!(f, "'{m}' is not a move in UCI notation"),
            Self::Null => write!(f, "the null move '0000' cannot be played"),
            Self::Illegal(m) => write!(f, "'{m}' is not a legal move here"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Whether `m` is castling with the king on the e-file and the rook in a
/// corner: the only castling a standard-chess GUI writes as `e1g1`.
pub fn is_standard_castle(m: Move) -> bool {
    match m {
        Move::Castle { king, rook } => {
            king.file() == File::E && (rook.file() == File::A || rook.file() == File::H)
        }
        _ => false,
    }
}

/// Writes `m` in UCI notation. `chess960` is the `UCI_Chess960` setting.
pub fn format_move(m: Move, chess960: bool) -> String {
    let (from, to, promotion) = match m {
        Move::Castle { king, rook } => {
            if chess960 || !is_standard_castle(m) {
                (king, rook, None)
            } else {
                let side = CastlingSide::from_king_side(king < rook);
                (king, Square::from_coords(side.king_to_file(), king.rank()), None)
            }
        }
        Move::Normal { from, to, promotion, .. } => (from, to, promotion),
        Move::EnPassant { from, to } => (from, to, None),
        Move::Put { to, .. } => (to, to, None), // no drops in chess
    };
    let mut s = String::with_capacity(5);
    from.append_to_string(&mut s);
    to.append_to_string(&mut s);
    if let Some(role) = promotion {
        s.push(role.char());
    }
    s
}

/// Reads a move for `pos`, accepting king-takes-rook and king-two-squares
/// castling (and `O-O` / `O-O-O`). A king step that is also the
/// king-two-squares form of a castle is read as the king step: that is what
/// the text literally says.
pub fn parse_move(pos: &Chess, text: &str) -> Result<Move, MoveError> {
    if let Some(side) = castle_word(text) {
        return pos
            .legal_moves()
            .into_iter()
            .find(|m| m.castling_side() == Some(side))
            .ok_or_else(|| MoveError::Illegal(text.to_string()));
    }
    let lower = text.to_ascii_lowercase();
    if lower == "0000" {
        return Err(MoveError::Null);
    }
    let (from, to, promotion) = split_move(&lower).ok_or_else(|| MoveError::Unparseable(text.to_string()))?;

    let moves = pos.legal_moves();
    let literal = moves.iter().find(|m| match **m {
        Move::Normal { from: f, to: t, promotion: p, .. } => f == from && t == to && p == promotion,
        Move::EnPassant { from: f, to: t } => f == from && t == to && promotion.is_none(),
        Move::Castle { king, rook } => king == from && rook == to && promotion.is_none(),
        Move::Put { .. } => false,
    });
    if let Some(&m) = literal {
        return Ok(m);
    }
    // King-two-squares form: the king's square and its castling destination.
    moves
        .iter()
        .find(|m| match **m {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                promotion.is_none()
                    && king == from
                    && to == Square::from_coords(side.king_to_file(), king.rank())
            }
            _ => false,
        })
        .copied()
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

/// How a move written with capitals (`E2E4`, `e7e8Q`) is read: in lower
/// case, the way UCI writes moves. `None` for a move written the UCI way
/// and for `O-O` / `O-O-O`, whose capitals are their own.
pub fn lowercase_reading(text: &str) -> Option<String> {
    (castle_word(text).is_none() && text.bytes().any(|b| b.is_ascii_uppercase()))
        .then(|| text.to_ascii_lowercase())
}

fn castle_word(text: &str) -> Option<CastlingSide> {
    match text {
        "O-O" | "0-0" | "o-o" => Some(CastlingSide::KingSide),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

fn split_move(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let b = text.as_bytes();
    if b.len() != 4 && b.len() != 5 {
        return None;
    }
    let from = Square::from_ascii(&b[0..2]).ok()?;
    let to = Square::from_ascii(&b[2..4]).ok()?;
    let promotion = match b.get(4) {
        None => None,
        Some(&c) => match Role::from_char(c as char)? {
            Role::Pawn | Role::King => return None,
            role => Some(role),
        },
    };
    Some((from, to, promotion))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap()
    }

    #[test]
    fn standard_castling_both_forms_and_words() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let oo = Move::Castle { king: Square::E1, rook: Square::H1 };
        assert_eq!(parse_move(&p, "e1g1"), Ok(oo));
        assert_eq!(parse_move(&p, "e1h1"), Ok(oo));
        assert_eq!(parse_move(&p, "O-O"), Ok(oo));
        assert_eq!(parse_move(&p, "0-0-0"), Ok(Move::Castle { king: Square::E1, rook: Square::A1 }));
        assert_eq!(format_move(oo, false), "e1g1");
        assert_eq!(format_move(oo, true), "e1h1");
    }

    #[test]
    fn chess960_castling_is_king_takes_rook_even_with_the_flag_off() {
        // King b1, rooks a1 and h1 (queen side is adjacent).
        let p = pos("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
        let ooo = Move::Castle { king: Square::B1, rook: Square::A1 };
        assert_eq!(parse_move(&p, "b1a1"), Ok(ooo));
        assert_eq!(format_move(ooo, true), "b1a1");
        assert_eq!(format_move(ooo, false), "b1a1");
        // b1c1 is a plain king step here, and it is read as one.
        assert!(matches!(parse_move(&p, "b1c1"), Ok(Move::Normal { .. })));
        // b1g1 is two-squares-style notation for O-O: unambiguous, accepted.
        assert_eq!(parse_move(&p, "b1g1"), Ok(Move::Castle { king: Square::B1, rook: Square::H1 }));
    }

    #[test]
    fn king_already_on_its_castling_square() {
        let p = pos("6kr/8/8/8/8/8/8/6KR w Hh - 0 1");
        let oo = Move::Castle { king: Square::G1, rook: Square::H1 };
        assert_eq!(parse_move(&p, "g1h1"), Ok(oo));
        assert_eq!(parse_move(&p, "g1g1"), Ok(oo));
        assert_eq!(format_move(oo, false), "g1h1");
    }

    #[test]
    fn errors() {
        let p = Chess::default();
        assert_eq!(parse_move(&p, "e2e5"), Err(MoveError::Illegal("e2e5".into())));
        assert_eq!(parse_move(&p, "0000"), Err(MoveError::Null));
        assert_eq!(parse_move(&p, "e9e4"), Err(MoveError::Unparseable("e9e4".into())));
        assert_eq!(parse_move(&p, "e7e8k"), Err(MoveError::Unparseable("e7e8k".into())));
        assert_eq!(parse_move(&p, "O-O"), Err(MoveError::Illegal("O-O".into())));
        assert!(parse_move(&p, "E2E4").is_ok());
    }

    #[test]
    fn capitals_are_read_in_lower_case_and_said() {
        assert_eq!(lowercase_reading("E2E4"), Some("e2e4".into()));
        assert_eq!(lowercase_reading("e7e8Q"), Some("e7e8q".into()));
        for text in ["e2e4", "e7e8q", "O-O", "O-O-O", "0-0", "o-o", "0000"] {
            assert_eq!(lowercase_reading(text), None, "{text}");
        }
    }

    #[test]
    fn promotions_need_their_piece() {
        let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert!(matches!(parse_move(&p, "e7e8q"), Ok(Move::Normal { promotion: Some(Role::Queen), .. })));
        assert!(matches!(parse_move(&p, "e7e8n"), Ok(Move::Normal { promotion: Some(Role::Knight), .. })));
        assert!(parse_move(&p, "e7e8").is_err());
        let m = parse_move(&p, "e7e8r").unwrap();
        assert_eq!(format_move(m, false), "e7e8r");
    }
}
