//! One self-play position in 32 bytes.
//!
//! | bytes  | field |
//! |--------|-------|
//! | 0..8   | occupancy, `u64` little-endian, bit 0 = a1 .. bit 63 = h8 |
//! | 8..24  | piece codes, 4 bits each, one per occupied square in square order (lowest square first, low nibble first); unused nibbles 0 |
//! | 24     | bit 0: side to move (0 White, 1 Black); bits 4..7: en passant file 0..7, or 8 for none |
//! | 25     | halfmove clock (capped at 255) |
//! | 26..28 | ply, `u16` LE: `2 × (fullmove − 1) + (1 if Black to move)` |
//! | 28..30 | search score, `i16` LE, centipawns from White's point of view |
//! | 30     | game result from White's point of view: 0 loss, 1 draw, 2 win |
//! | 31     | reserved, 0 |
//!
//! Piece codes: 1..6 White pawn, knight, bishop, rook, queen, king; 9..14
//! the Black ones (8 + role); 7 a White rook with a castling right, 15 a
//! Black one. Castling rights are thus stored as rook squares, which is
//! what Chess960 needs (any rook file, inner rooks included). The en
//! passant file is stored only when the capture is legal, as in FEN with
//! legal en passant. A decoded record gives back the same position: same
//! pieces, side, castling rooks, legal en passant square and both move
//! counters.

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Position, Role, Setup,
    Square,
};

/// Bytes per position record.
pub const RECORD_BYTES: usize = 32;

/// A position with its search score and the game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub pos: Chess,
    /// Search score in centipawns, White's point of view.
    pub score: i16,
    /// 0 Black won, 1 draw, 2 White won.
    pub result: u8,
}

impl Record {
    /// The result as White's expected score: 0.0, 0.5 or 1.0.
    pub fn white_result(&self) -> f64 {
        f64::from(self.result) / 2.0
    }
}

const CASTLING_ROOK: u8 = 7;
const NO_EP: u8 = 8;

/// Packs a record. Fails only for positions no game reaches (more than 32
/// pieces).
pub fn encode(r: &Record) -> Result<[u8; RECORD_BYTES], String> {
    let pos = &r.pos;
    let board = pos.board();
    let occ = board.occupied();
    if occ.count() > 32 {
        return Err(format!("{} pieces: at most 32 fit a record", occ.count()));
    }
    let rights = pos.castles().castling_rights();
    let mut out = [0u8; RECORD_BYTES];
    out[0..8].copy_from_slice(&occ.0.to_le_bytes());
    for (i, sq) in occ.into_iter().enumerate() {
        let piece = board.piece_at(sq).ok_or("occupancy without a piece")?;
        let mut code = piece.role as u8;
        if piece.role == Role::Rook && rights.contains(sq) {
            code = CASTLING_ROOK;
        }
        if piece.color == Color::Black {
            code += 8;
        }
        out[8 + i / 2] |= code << (4 * (i % 2));
    }
    let ep = pos.ep_square(EnPassantMode::Legal).map_or(NO_EP, |sq| sq.file() as u8);
    out[24] = u8::from(pos.turn() == Color::Black) | (ep << 4);
    out[25] = pos.halfmoves().min(255) as u8;
    let ply = 2 * (pos.fullmoves().get() - 1) + u32::from(pos.turn() == Color::Black);
    out[26..28].copy_from_slice(&(ply.min(u16::MAX as u32) as u16).to_le_bytes());
    out[28..30].copy_from_slice(&r.score.to_le_bytes());
    out[30] = r.result.min(2);
    Ok(out)
}

/// Unpacks a record; an error names what is wrong with the bytes.
pub fn decode(b: &[u8; RECORD_BYTES]) -> Result<Record, String> {
    let occ = Bitboard(u64::from_le_bytes(b[0..8].try_into().map_err(|_| "short record")?));
    if occ.count() > 32 {
        return Err("more than 32 pieces".to_string());
    }
    let mut board = Board::empty();
    let mut rights = Bitboard::EMPTY;
    for (i, sq) in occ.into_iter().enumerate() {
        let code = (b[8 + i / 2] >> (4 * (i % 2))) & 15;
        let color = if code & 8 != 0 { Color::Black } else { Color::White };
        let role = match code & 7 {
            CASTLING_ROOK => {
                rights.add(sq);
                Role::Rook
            }
            0 => return Err(format!("no piece code for occupied square {sq}")),
            n => Role::ALL[usize::from(n) - 1],
        };
        board.set_piece_at(sq, Piece { color, role });
    }
    let turn = if b[24] & 1 != 0 { Color::Black } else { Color::White };
    let ep_file = b[24] >> 4;
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = turn;
    setup.castling_rights = rights;
    if ep_file != NO_EP {
        if ep_file > 7 {
            return Err(format!("en passant file {ep_file}"));
        }
        let rank: u32 = if turn == Color::White { 5 } else { 2 };
        setup.ep_square = Some(Square::new(rank * 8 + u32::from(ep_file)));
    }
    setup.halfmoves = u32::from(b[25]);
    let ply = u32::from(u16::from_le_bytes([b[26], b[27]]));
    setup.fullmoves = std::num::NonZeroU32::new(ply / 2 + 1).ok_or("fullmove overflow")?;
    let pos =
        Chess::from_setup(setup, CastlingMode::Chess960).map_err(|e| format!("illegal position: {e}"))?;
    let result = b[30];
    if result > 2 {
        return Err(format!("result byte {result}"));
    }
    Ok(Record { pos, score: i16::from_le_bytes([b[28], b[29]]), result })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap()
    }

    #[test]
    fn records_round_trip() {
        for (fen, score, result) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 15, 1),
            // Chess960 with castling rights on inner rooks, Black to move.
            ("1r2k1r1/pp3ppp/8/8/8/8/PP3PPP/1R2K1R1 b BGbg - 7 31", -250, 0),
            // A legal en passant capture.
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 40, 2),
            ("4k3/8/8/8/8/8/8/3NK3 b - - 99 120", 0, 1),
        ] {
            let r = Record { pos: pos(fen), score, result };
            let bytes = encode(&r).unwrap();
            assert_eq!(decode(&bytes).unwrap(), r, "{fen}");
            assert_eq!(bytes[31], 0);
        }
    }

    #[test]
    fn damaged_records_are_named() {
        let r = Record { pos: Chess::default(), score: 0, result: 1 };
        let mut bytes = encode(&r).unwrap();
        bytes[30] = 3;
        assert!(decode(&bytes).unwrap_err().contains("result"));
        let mut bytes = encode(&r).unwrap();
        bytes[8] = 0; // a1 loses its piece code
        assert!(decode(&bytes).is_err());
    }
}
