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
    /// Repaired: the last fields were missing (`missing` of the five after
    /// the board) and were read with their defaults, `w - - 0 1`.
    FieldsMissing { missing: usize },
    /// Repaired: a castling field not written the way Rockad writes the
    /// same rights, in X-FEN or Shredder-FEN (`KKQQkkqq`, `kqKQ`, `KAka`),
    /// and how it was read.
    CastlingRead { given: String, read: String },
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
            FenNotice::FieldsMissing { missing } => {
                let at = DEFAULT_FIELDS.len() - (*missing).min(DEFAULT_FIELDS.len());
                let names: Vec<&str> = DEFAULT_FIELDS[at..].iter().map(|(name, _)| *name).collect();
                let values: Vec<&str> = DEFAULT_FIELDS[at..].iter().map(|(_, value)| *value).collect();
                let names = match names.split_last() {
                    Some((last, [])) => format!("{last} field"),
                    Some((last, rest)) => format!("{} and {last} fields", rest.join(", ")),
                    None => "no field".to_string(),
                };
                write!(f, "repaired: {names} missing; read as {}", values.join(" "))
            }
            FenNotice::CastlingRead { given, read } => {
                write!(f, "repaired: castling field '{given}' read as '{read}'")
            }
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

/// The fields after the board, by name, with the value a FEN without them
/// is read with.
const DEFAULT_FIELDS: [(&str, &str); 5] =
    [("side to move", "w"), ("castling", "-"), ("en passant", "-"), ("halfmove", "0"), ("fullmove", "1")];

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
    // The fields as shakmaty reads them: spaces or underscores between.
    let fields: Vec<&str> = text.split([' ', '_']).filter(|f| !f.is_empty()).collect();
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
    let mut first = Vec::new();
    if fields.len() < 6 {
        first.push(FenNotice::FieldsMissing { missing: 6 - fields.len() });
    }
    // Rights that were dropped are named as such; only a field whose rights
    // all stand is checked for its spelling.
    if let Some(&given) = fields.get(2)
        && !dropped.any()
        && let Some(read) = castling_reading(&pos, given)
    {
        first.push(FenNotice::CastlingRead { given: given.to_string(), read });
    }
    if dropped.any() {
        first.push(FenNotice::CastlingDropped(rook_squares(dropped)));
    }
    if let Some(ep) = asked_ep
        && pos.ep_square(EnPassantMode::Always).is_none()
    {
        first.push(FenNotice::EnPassantDropped(ep));
    }
    first.extend(notices);
    Ok((pos, first))
}

/// How a castling field was read, when it is not written the way Rockad
/// writes `pos`'s rights in either notation (X-FEN `KQkq` or Shredder-FEN
/// `HAha`: White first, each side's king side first): in X-FEN when the
/// field used `K`, `Q`, `k` or `q`, else in Shredder-FEN.
fn castling_reading(pos: &Chess, given: &str) -> Option<String> {
    let field = |fen: String| fen.split(' ').nth(2).unwrap_or("-").to_string();
    let x = field(xfen(pos));
    let shredder = field(shredder_fen(pos));
    if given == x || given == shredder {
        return None;
    }
    Some(if given.contains(['K', 'Q', 'k', 'q']) { x } else { shredder })
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
    fn missing_fields_are_filled_in_and_named() {
        let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        for (fen, said, now) in [
            (
                board.to_string(),
                "repaired: side to move, castling, en passant, halfmove and fullmove fields missing; \
                 read as w - - 0 1",
                format!("{board} w - - 0 1"),
            ),
            (
                format!("{board} b"),
                "repaired: castling, en passant, halfmove and fullmove fields missing; read as - - 0 1",
                format!("{board} b - - 0 1"),
            ),
            (
                format!("{board} w KQkq"),
                "repaired: en passant, halfmove and fullmove fields missing; read as - 0 1",
                START.to_string(),
            ),
            (
                format!("{board} w KQkq -"),
                "repaired: halfmove and fullmove fields missing; read as 0 1",
                START.to_string(),
            ),
            (format!("{board} w KQkq - 0"), "repaired: fullmove field missing; read as 1", START.to_string()),
        ] {
            let (pos, w) = parse_fen(&fen).unwrap();
            let texts: Vec<String> = w.iter().map(|n| n.to_string()).collect();
            assert_eq!(texts, vec![said.to_string()], "{fen}");
            assert_eq!(xfen(&pos), now, "{fen}");
        }
    }

    #[test]
    fn castling_fields_written_another_way_say_how_they_were_read() {
        let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w";
        for (given, read) in [
            ("KKQQkkqq", "KQkq"),
            ("kqKQ", "KQkq"),
            ("QKqk", "KQkq"),
            ("KAka", "KQkq"),
            ("AHah", "HAha"),
            ("hH", "Hh"),
            ("HHAAhhaa", "HAha"),
            ("qQ", "Qq"),
        ] {
            let (pos, w) = parse_fen(&format!("{board} {given} - 0 1")).unwrap();
            assert_eq!(
                w,
                vec![FenNotice::CastlingRead { given: given.into(), read: read.into() }],
                "{given}"
            );
            assert_eq!(
                w[0].to_string(),
                format!("repaired: castling field '{given}' read as '{read}'"),
                "{given}"
            );
            let (again, _) = parse_fen(&format!("{board} {read} - 0 1")).unwrap();
            assert_eq!(pos.castles().castling_rights(), again.castles().castling_rights(), "{given}");
        }
        // Chess960: rooks on b and g, king on e; inner rook on f with the king on g.
        let (_, w) = parse_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w BGbg - 0 1").unwrap();
        assert_eq!(w, vec![FenNotice::CastlingRead { given: "BGbg".into(), read: "GBgb".into() }]);
        let (_, w) = parse_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KBkb - 0 1").unwrap();
        assert_eq!(w, vec![FenNotice::CastlingRead { given: "KBkb".into(), read: "KQkq".into() }]);
    }

    #[test]
    fn castling_fields_written_the_canonical_ways_say_nothing() {
        for fen in [
            START,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ha - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1",
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1",
            "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
            "6kr/8/8/8/8/8/8/6KR w Hh - 0 1",
            "6kr/8/8/8/8/8/8/6KR w Kk - 0 1",
            "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 1",
            "2r1k1r1/pp1bppbp/2np1np1/q7/3NP3/2N1B3/PPPQBPPP/2R1K1R1 w GCgc - 0 1",
        ] {
            let (pos, w) = parse_fen(fen).unwrap();
            assert!(w.is_empty(), "{fen}: {w:?}");
            // What Rockad writes reads back without a word.
            for again in [xfen(&pos), shredder_fen(&pos)] {
                let (_, w) = parse_fen(&again).unwrap();
                assert!(w.is_empty(), "{again}: {w:?}");
            }
        }
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
