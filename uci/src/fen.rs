//! FEN in and out, in both castling notations.
//!
//! Every position is built in Chess960 castling mode: standard positions
//! behave identically there, and Chess960 rights in a FEN are honoured
//! whatever `UCI_Chess960` says. Input may use standard `KQkq`, X-FEN
//! (`K`/`Q` = outermost rook, file letters for inner rooks) or Shredder-FEN
//! (`HAha`).

use std::fmt;

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position, PositionErrorKinds, Square,
};

/// Highest halfmove clock a game can reach: the 75-move rule ends every
/// game at 150 plies without a capture or pawn move.
pub const MAX_HALFMOVE_CLOCK: u32 = 150;

/// Why a FEN was refused (the position in use stays as it was).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Not FEN text: shakmaty's reason and the text.
    Syntax { reason: String, fen: String },
    /// A FEN of another variant (pockets or check counters).
    NotChess { fen: String },
    /// A board that cannot be played.
    Unplayable { problems: Vec<BoardProblem>, fen: String },
}

/// A reason a board cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardProblem {
    EmptyBoard,
    MissingKing,
    TooManyKings,
    PawnsOnBackRank,
    /// The side not to move is in check.
    OppositeCheck,
    NotChess,
}

impl BoardProblem {
    const ALL: [(PositionErrorKinds, BoardProblem); 6] = [
        (PositionErrorKinds::EMPTY_BOARD, BoardProblem::EmptyBoard),
        (PositionErrorKinds::MISSING_KING, BoardProblem::MissingKing),
        (PositionErrorKinds::TOO_MANY_KINGS, BoardProblem::TooManyKings),
        (PositionErrorKinds::PAWNS_ON_BACKRANK, BoardProblem::PawnsOnBackRank),
        (PositionErrorKinds::OPPOSITE_CHECK, BoardProblem::OppositeCheck),
        (PositionErrorKinds::VARIANT, BoardProblem::NotChess),
    ];
}

impl fmt::Display for BoardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BoardProblem::EmptyBoard => "empty board",
            BoardProblem::MissingKing => "a king is missing",
            BoardProblem::TooManyKings => "too many kings",
            BoardProblem::PawnsOnBackRank => "pawns on the back rank",
            BoardProblem::OppositeCheck => "the side not to move is in check",
            BoardProblem::NotChess => "not a chess position",
        })
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax { reason, fen } => write!(f, "{reason}: '{fen}'"),
            FenError::NotChess { fen } => write!(f, "not a chess FEN (pockets or check counters): '{fen}'"),
            FenError::Unplayable { problems, fen } => {
                let names: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                write!(f, "illegal position ({}): '{fen}'", names.join(", "))
            }
        }
    }
}

impl std::error::Error for FenError {}

/// What was done to a FEN that was accepted but not as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenNotice {
    /// Repaired: castling rights naming these rook squares were dropped,
    /// having no king and rook to castle with.
    CastlingDropped(Vec<Square>),
    /// Repaired: an en passant square no double step can have made.
    EnPassantDropped(Square),
    /// Repaired: a halfmove clock above [`MAX_HALFMOVE_CLOCK`].
    HalfmoveClock { given: String },
    /// Repaired: a fullmove number of 0 or too large to hold.
    FullmoveNumber { given: String, used: u32 },
    /// Accepted as written: more material than a legal game can have.
    TooMuchMaterial,
    /// Accepted as written: a check no legal move can give.
    ImpossibleCheck,
}

impl fmt::Display for FenNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenNotice::CastlingDropped(rooks) => {
                let names: Vec<String> = rooks.iter().map(|sq| sq.to_string()).collect();
                write!(
                    f,
                    "repaired: dropped the castling right{} with {} (no king and rook to castle with)",
                    if rooks.len() == 1 { "" } else { "s" },
                    names.join(" and ")
                )
            }
            FenNotice::EnPassantDropped(sq) => {
                write!(f, "repaired: dropped the en passant square {sq} (no double step can have made it)")
            }
            FenNotice::HalfmoveClock { given } => {
                write!(
                    f,
                    "repaired: halfmove clock {given} set to {MAX_HALFMOVE_CLOCK}, the most a game reaches"
                )
            }
            FenNotice::FullmoveNumber { given, used } => {
                write!(f, "repaired: fullmove number {given} set to {used}")
            }
            FenNotice::TooMuchMaterial => {
                f.write_str("accepted as written, with more material than a legal game can have")
            }
            FenNotice::ImpossibleCheck => {
                f.write_str("accepted as written, with a check no legal move gives")
            }
        }
    }
}

/// Reads a FEN by one rule: a board that cannot be played, or text that is
/// not a FEN, is refused ([`FenError`]); a field the board contradicts or a
/// counter out of range is repaired; a playable board no legal game reaches
/// is accepted as written. Every repair and acceptance comes back as a
/// [`FenNotice`] for the GUI.
// shakmaty's position error carries the whole position, hence its size.
#[allow(clippy::result_large_err)]
pub fn parse_fen(text: &str) -> Result<(Chess, Vec<FenNotice>), FenError> {
    let syntax = |e: ParseFenError| FenError::Syntax { reason: e.to_string(), fen: text.to_string() };
    let fen: Fen = text.parse().map_err(syntax)?;
    let mut setup = fen.into_setup();
    if setup.pockets.is_some() || setup.remaining_checks.is_some() {
        return Err(FenError::NotChess { fen: text.to_string() });
    }
    let mut notices = Vec::new();
    let fields: Vec<&str> = text.split_whitespace().collect();
    if setup.halfmoves > MAX_HALFMOVE_CLOCK {
        setup.halfmoves = MAX_HALFMOVE_CLOCK;
        notices.push(FenNotice::HalfmoveClock { given: fields.get(4).unwrap_or(&"?").to_string() });
    }
    if let Some(&given) = fields.get(5)
        && given.trim_start_matches('0').parse::<u32>().map_or(true, |n| n != setup.fullmoves.get())
    {
        notices.push(FenNotice::FullmoveNumber { given: given.to_string(), used: setup.fullmoves.get() });
    }
    let asked_rights = setup.castling_rights;
    let asked_ep = setup.ep_square;
    let pos = match Chess::from_setup(setup, CastlingMode::Chess960) {
        Ok(pos) => pos,
        Err(e) => {
            let kinds = e.kinds();
            let problems: Vec<BoardProblem> =
                BoardProblem::ALL.iter().filter(|(k, _)| kinds.contains(*k)).map(|(_, p)| *p).collect();
            if !problems.is_empty() {
                return Err(FenError::Unplayable { problems, fen: text.to_string() });
            }
            if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
                notices.push(FenNotice::TooMuchMaterial);
            }
            if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
                notices.push(FenNotice::ImpossibleCheck);
            }
            e.ignore_invalid_castling_rights()
                .or_else(|e| e.ignore_invalid_ep_square())
                .or_else(|e| e.ignore_impossible_check())
                .or_else(|e| e.ignore_too_much_material())
                .map_err(|_| FenError::Unplayable { problems: Vec::new(), fen: text.to_string() })?
        }
    };
    let dropped = asked_rights & !pos.castles().castling_rights();
    if dropped.any() {
        notices.insert(0, FenNotice::CastlingDropped(rook_squares(dropped)));
    }
    if let Some(ep) = asked_ep
        && pos.ep_square(EnPassantMode::Always).is_none()
    {
        let at = usize::from(dropped.any());
        notices.insert(at, FenNotice::EnPassantDropped(ep));
    }
    Ok((pos, notices))
}

/// White's squares first, each side's from the h-file down (as in `HAha`).
fn rook_squares(rooks: Bitboard) -> Vec<Square> {
    let mut squares = Vec::new();
    for color in [Color::White, Color::Black] {
        squares.extend((rooks & color.backrank()).into_iter().rev());
    }
    squares
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
        assert_eq!(w, vec![FenNotice::CastlingDropped(vec![Square::H1, Square::A1, Square::H8, Square::A8])]);
        assert_eq!(
            w[0].to_string(),
            "repaired: dropped the castling rights with h1 and a1 and h8 and a8 (no king and rook to castle with)"
        );
        assert!(pos.castles().is_empty());
        // Only the right without its rook goes.
        let (pos, w) = parse_fen("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1").unwrap();
        assert_eq!(w, vec![FenNotice::CastlingDropped(vec![Square::H1])]);
        assert_eq!(pos.castles().castling_rights(), Bitboard::from(Square::A1));
        let (_, w) = parse_fen("4k3/8/8/8/8/8/8/4K3 w - e3 0 1").unwrap();
        assert_eq!(w, vec![FenNotice::EnPassantDropped(Square::E3)]);
        assert_eq!(
            w[0].to_string(),
            "repaired: dropped the en passant square e3 (no double step can have made it)"
        );
        let (pos, w) = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 99999999999 0").unwrap();
        assert_eq!(pos.halfmoves(), MAX_HALFMOVE_CLOCK);
        assert_eq!(pos.fullmoves().get(), 1);
        assert_eq!(
            w,
            vec![
                FenNotice::HalfmoveClock { given: "99999999999".into() },
                FenNotice::FullmoveNumber { given: "0".into(), used: 1 }
            ]
        );
        let (_, w) = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 150 007").unwrap();
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn illegal_positions_are_refused_with_reasons() {
        let e = parse_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
        assert_eq!(e.to_string(), "illegal position (a king is missing): '8/8/8/8/8/8/8/4K3 w - - 0 1'");
        let e = parse_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
        assert!(e.to_string().contains("back rank"), "{e}");
        let e = parse_fen("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
        assert!(
            matches!(&e, FenError::Unplayable { problems, .. } if problems == &[BoardProblem::OppositeCheck])
        );
        assert!(parse_fen("hello world").is_err());
        assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").is_err());
        assert!(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1").is_err());
    }

    #[test]
    fn unreachable_but_playable_boards_are_accepted_as_written() {
        let fen = "4k3/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1";
        let (pos, w) = parse_fen(fen).unwrap();
        assert_eq!(w, vec![FenNotice::TooMuchMaterial]);
        assert_eq!(xfen(&pos), fen);
        assert_eq!(w[0].to_string(), "accepted as written, with more material than a legal game can have");
    }
}
