//! Zobrist keys of the positions the search visits, updated move by move.
//!
//! shakmaty's own incremental update gives up on king moves, castling,
//! double pawn pushes, moves to or from a castling rook's square and every
//! move from a position with an en passant square; computing those keys
//! afresh cost time, and the key came only after the move was made, too
//! late to prefetch the child's table entry. This module covers every
//! move. Its keys equal [`position_key`] (Polyglot-compatible,
//! en passant counted only when the capture is legal); tests check that
//! over random Chess960 games.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square};

/// The Zobrist key Rockad uses for a position (Polyglot-compatible, en
/// passant counted only when the capture is legal), computed from scratch.
pub fn position_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn piece(sq: Square, p: Piece) -> u64 {
    Zobrist64::zobrist_for_piece(sq, p).0
}

fn white_turn() -> u64 {
    Zobrist64::zobrist_for_white_turn().0
}

/// The en passant term of `pos`'s key (0 when it has none).
#[inline]
pub(crate) fn ep_term(pos: &Chess) -> u64 {
    // The common case, no double push just played, costs one test.
    if pos.maybe_ep_square().is_none() {
        return 0;
    }
    pos.ep_square(EnPassantMode::Legal).map_or(0, |sq| Zobrist64::zobrist_for_en_passant_file(sq.file()).0)
}

/// The key of `pos` after `mv`, from `key` (`pos`'s own), except for the
/// child's en passant term: that needs the child position, so when `mv`
/// is a double pawn push the second value is true and the caller adds
/// [`ep_term`] of the child.
#[inline]
pub(crate) fn child_key(pos: &Chess, key: u64, mv: Move) -> (u64, bool) {
    let us = pos.turn();
    let mut k = key ^ white_turn() ^ ep_term(pos);
    let mut double_push = false;
    let castles = pos.castles();
    // Castling rights lost: every right of ours when the king moves, and
    // any right whose rook leaves or is captured.
    let mut lose_ours = false;
    let mut gone = [None, None];
    match mv {
        Move::Normal { role, from, capture, to, promotion } => {
            k ^= piece(from, role.of(us)) ^ piece(to, promotion.unwrap_or(role).of(us));
            if let Some(victim) = capture {
                k ^= piece(to, victim.of(!us));
            }
            match role {
                Role::King => lose_ours = true,
                Role::Rook => gone[0] = Some(from),
                Role::Pawn => double_push = from.distance(to) == 2,
                _ => {}
            }
            if capture == Some(Role::Rook) {
                gone[1] = Some(to);
            }
        }
        Move::EnPassant { from, to } => {
            k ^= piece(from, us.pawn()) ^ piece(to, us.pawn());
            k ^= piece(Square::from_coords(to.file(), from.rank()), (!us).pawn());
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            k ^= piece(king, us.king()) ^ piece(rook, us.rook());
            k ^= piece(Square::from_coords(side.king_to_file(), king.rank()), us.king());
            k ^= piece(Square::from_coords(side.rook_to_file(), rook.rank()), us.rook());
            lose_ours = true;
        }
        Move::Put { .. } => unreachable!("no drops in standard chess"),
    }
    // Most moves touch no king or rook: skip the rights entirely.
    if (lose_ours || gone != [None, None]) && castles.any() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(r) = castles.rook(color, side) else { continue };
                if (lose_ours && color == us) || gone.contains(&Some(r)) {
                    k ^= Zobrist64::zobrist_for_castling_right(color, side).0;
                }
            }
        }
    }
    (k, double_push)
}

/// The key of `pos` with the other side to move and no en passant square
/// (a null move), from `key`, `pos`'s own.
pub(crate) fn null_key(pos: &Chess, key: u64) -> u64 {
    key ^ white_turn() ^ ep_term(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Rng, pos, random_walks};
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn check_every_child(pos: &Chess) -> usize {
        let key = position_key(pos);
        let mut n = 0;
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let (k, double_push) = child_key(pos, key, mv);
            let k = if double_push { k ^ ep_term(&child) } else { k };
            assert_eq!(
                k,
                position_key(&child),
                "{} then {mv:?}",
                Fen::from_position(pos, EnPassantMode::Legal)
            );
            n += 1;
        }
        n
    }

    /// Every legal move of every position along random games from
    /// positions that test castling (Chess960 and standard, rights in both
    /// notations), en passant (legal, and pinned so the square does not
    /// count) and promotions with capture of a castling rook.
    #[test]
    fn incremental_keys_equal_full_keys() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
            "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w BHag - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
            "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
            "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1",
        ];
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for fen in starts {
            random_walks(&pos(fen), &mut rng, 40, 60, |p| checked += check_every_child(p));
        }
        assert!(checked > 100_000, "only {checked} moves checked");
    }

    #[test]
    fn null_key_equals_full_key() {
        for fen in [
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
            "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        ] {
            let pos = pos(fen);
            let mut setup = pos.to_setup(EnPassantMode::Legal);
            setup.swap_turn();
            setup.ep_square = None;
            let null: Chess = setup.position(CastlingMode::Chess960).expect("legal");
            assert_eq!(null_key(&pos, position_key(&pos)), position_key(&null), "{fen}");
        }
    }
}
