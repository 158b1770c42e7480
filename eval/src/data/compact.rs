//! The compact game block of data files version 2: a game is its start
//! position and the moves played from it, each with its search score and
//! whether the position before it is kept for training, 4 bytes a ply
//! instead of 32 bytes a kept position. Readers replay the moves to get the
//! kept positions back as [`super::record`] records.
//!
//! | bytes   | field |
//! |---------|-------|
//! | 0..4    | game index, `u32` LE |
//! | 4..6    | plies recorded, `u16` LE |
//! | 6       | result, White's view: 0 loss, 1 draw, 2 win |
//! | 7       | marker `0xA6` |
//! | 8..40   | the start position as a 32-byte record (score 0, the game's result) |
//! | 40..    | per ply, 4 bytes: the move `u16` LE (bits 0..6 from, 6..12 to, 12..15 promotion role 0 none or 2..5, bit 15 kept), then the search score `i16` LE, centipawns from White's view |
//!
//! A castling move is written king square to rook square (as Chess960 UCI
//! writes it), which names every castling geometry uniquely.

use shakmaty::{Chess, Move, Position, Role, Square};

use super::record::{RECORD_BYTES, Record, decode, encode};

pub const GAME_MARKER: u8 = 0xA6;
/// Bytes before the plies: block header and start position.
pub const BLOCK_HEAD_BYTES: usize = 8 + RECORD_BYTES;
pub const PLY_BYTES: usize = 4;
const KEPT: u16 = 1 << 15;

/// One ply of a played game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: Move,
    /// The search score of the position before the move, White's view.
    pub score: i16,
    /// Whether the position before the move is a training position.
    pub kept: bool,
}

/// A played game: where it started and every move after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    pub index: u32,
    /// White's view: 0 loss, 1 draw, 2 win.
    pub result: u8,
    pub start: Chess,
    pub plies: Vec<Ply>,
}

fn move_code(mv: Move, kept: bool) -> u16 {
    let (from, to) = match mv {
        Move::Castle { king, rook } => (king, rook),
        _ => (mv.from().unwrap_or(mv.to()), mv.to()),
    };
    let promo = mv.promotion().map_or(0, |r| r as u16);
    (from as u16) | ((to as u16) << 6) | (promo << 12) | if kept { KEPT } else { 0 }
}

/// The legal move of `pos` a code names, if any.
fn decode_move(pos: &Chess, code: u16) -> Option<Move> {
    let from = Square::new(u32::from(code & 63));
    let to = Square::new(u32::from((code >> 6) & 63));
    let promo = match (code >> 12) & 7 {
        0 => None,
        r @ 2..=5 => Some(Role::ALL[usize::from(r) - 1]),
        _ => return None,
    };
    pos.legal_moves().into_iter().find(|m| {
        let (f, t) = match *m {
            Move::Castle { king, rook } => (king, rook),
            _ => (m.from().unwrap_or(m.to()), m.to()),
        };
        f == from && t == to && m.promotion() == promo
    })
}

impl PlayedGame {
    /// Kept positions.
    pub fn kept(&self) -> usize {
        self.plies.iter().filter(|p| p.kept).count()
    }

    /// The game's block as written to a version 2 file (at most
    /// `u16::MAX` plies; a longer game is cut there).
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        let n = self.plies.len().min(u16::MAX as usize);
        let mut out = Vec::with_capacity(BLOCK_HEAD_BYTES + n * PLY_BYTES);
        out.extend_from_slice(&self.index.to_le_bytes());
        out.extend_from_slice(&(n as u16).to_le_bytes());
        out.push(self.result.min(2));
        out.push(GAME_MARKER);
        out.extend_from_slice(&encode(&Record {
            pos: self.start.clone(),
            score: 0,
            result: self.result.min(2),
        })?);
        for p in &self.plies[..n] {
            out.extend_from_slice(&move_code(p.mv, p.kept).to_le_bytes());
            out.extend_from_slice(&p.score.to_le_bytes());
        }
        Ok(out)
    }

    /// The kept positions as 32-byte records, by replaying the moves.
    pub fn records(&self) -> Result<Vec<[u8; RECORD_BYTES]>, String> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.kept());
        for p in &self.plies {
            if p.kept {
                out.push(encode(&Record { pos: pos.clone(), score: p.score, result: self.result })?);
            }
            pos.play_unchecked(p.mv);
        }
        Ok(out)
    }

    /// Reads a block's start record and ply bytes back into a game,
    /// checking every move against the position it is played in.
    pub fn from_parts(
        index: u32,
        result: u8,
        start: &[u8; RECORD_BYTES],
        plies: &[u8],
    ) -> Result<PlayedGame, String> {
        let start = decode(start)?.pos;
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(plies.len() / PLY_BYTES);
        for (i, b) in plies.chunks_exact(PLY_BYTES).enumerate() {
            let code = u16::from_le_bytes([b[0], b[1]]);
            let mv = decode_move(&pos, code & !KEPT)
                .ok_or_else(|| format!("ply {} of game {index} is not a legal move", i + 1))?;
            out.push(Ply { mv, score: i16::from_le_bytes([b[2], b[3]]), kept: code & KEPT != 0 });
            pos.play_unchecked(mv);
        }
        Ok(PlayedGame { index, result, start, plies: out })
    }
}

/// Kept positions among raw ply bytes, without replaying them.
pub fn count_kept(plies: &[u8]) -> usize {
    plies.chunks_exact(PLY_BYTES).filter(|b| u16::from_le_bytes([b[0], b[1]]) & KEPT != 0).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap()
    }

    /// A game of `n` plies from `start`, choosing moves by a fixed rule
    /// that prefers castling, promotions and en passant when they exist.
    fn walk(start: &Chess, n: usize) -> PlayedGame {
        let mut p = start.clone();
        let mut plies = Vec::new();
        for i in 0..n {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves
                .iter()
                .find(|m| m.is_castle() || m.is_promotion() || m.is_en_passant())
                .copied()
                .unwrap_or(moves[(i * 7) % moves.len()]);
            plies.push(Ply { mv, score: (i as i16) * 3 - 40, kept: i % 3 != 1 });
            p.play_unchecked(mv);
        }
        PlayedGame { index: 4, result: 2, start: start.clone(), plies }
    }

    #[test]
    fn games_round_trip_through_their_bytes() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Chess960: king b1 with rooks a1 and c1 (castling lands on
            // the rook's square or swaps them), Black to mirror.
            "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w CAca - 0 1",
            // King already on g1 castling h-side: the king does not move.
            "5rkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w HFhf - 0 1",
            // Promotions and en passant available.
            "8/1P5k/8/3pP3/8/8/6p1/K7 w - d6 0 1",
        ] {
            let game = walk(&pos(fen), 40);
            assert!(!game.plies.is_empty());
            let bytes = game.to_bytes().unwrap();
            assert_eq!(bytes.len(), BLOCK_HEAD_BYTES + PLY_BYTES * game.plies.len());
            let start: [u8; RECORD_BYTES] = bytes[8..40].try_into().unwrap();
            let back = PlayedGame::from_parts(4, 2, &start, &bytes[40..]).unwrap();
            assert_eq!(back, game, "{fen}");
            assert_eq!(count_kept(&bytes[40..]), game.kept());
            let records = back.records().unwrap();
            assert_eq!(records.len(), game.kept());
            assert_eq!(decode(&records[0]).unwrap().pos, pos(fen));
        }
    }

    #[test]
    fn every_castling_move_has_its_own_code() {
        // Both castlings: h-side swaps king f1 and rook g1; a-side moves
        // the king to c1 past the rook's target d1.
        let p = pos("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
        let castles: Vec<Move> = p.legal_moves().into_iter().filter(|m| m.is_castle()).collect();
        assert_eq!(castles.len(), 2);
        for m in castles {
            assert_eq!(decode_move(&p, move_code(m, false)), Some(m));
        }
    }

    #[test]
    fn an_illegal_move_is_refused() {
        let game = walk(&Chess::default(), 6);
        let mut bytes = game.to_bytes().unwrap();
        // Turn the third ply into a1a1.
        let at = BLOCK_HEAD_BYTES + 2 * PLY_BYTES;
        bytes[at] = 0;
        bytes[at + 1] = 0;
        let start: [u8; RECORD_BYTES] = bytes[8..40].try_into().unwrap();
        let err = PlayedGame::from_parts(4, 2, &start, &bytes[40..]).unwrap_err();
        assert!(err.contains("ply 3"), "{err}");
    }
}
