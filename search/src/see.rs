//! Static exchange evaluation: whether the sequence of captures on a move's
//! destination square, each side recapturing with its least valuable piece,
//! leaves the mover at least `threshold` ahead.

use shakmaty::attacks::{bishop_attacks, rook_attacks};
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use crate::params::PIECE_VALUES;

fn value(role: Role) -> i32 {
    PIECE_VALUES[role as usize - 1]
}

/// Whether `m` wins at least `threshold` centipawns of material once all
/// captures on its square are played out (pins are ignored).
pub(crate) fn see_ge(pos: &Chess, m: Move, threshold: i32) -> bool {
    let (from, to, captured) = match m {
        Move::Normal { from, to, capture, promotion: None, .. } => (from, to, capture),
        Move::EnPassant { from, to } => (from, to, Some(Role::Pawn)),
        // Castling exchanges nothing; promotions are judged on their own.
        Move::Castle { .. } | Move::Normal { promotion: Some(_), .. } | Move::Put { .. } => {
            return threshold <= 0;
        }
    };
    let board = pos.board();
    let mut swap = captured.map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(m.role()) - swap;
    if swap <= 0 {
        return true;
    }

    let mut occupied = board.occupied() ^ Bitboard::from(from) ^ Bitboard::from(to);
    if let Move::EnPassant { .. } = m {
        occupied ^= Bitboard::from(Square::from_coords(to.file(), from.rank()));
    }
    let mut attackers = attackers_to(pos, to, occupied);
    let mut side = pos.turn();
    let mut result = true;
    let bishops = board.bishops() | board.queens();
    let rooks = board.rooks() | board.queens();
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & board.by_color(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let Some((role, sq)) = least_valuable(pos, ours) else { break };
        if role == Role::King {
            // The king may only take last: if the other side still attacks,
            // the capture is illegal and the exchange ended before it.
            return if (attackers & board.by_color(!side)).any() { !result } else { result };
        }
        swap = value(role) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied ^= Bitboard::from(sq);
        // Sliders behind the piece that just took now see the square.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & bishops;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & rooks;
        }
    }
    result
}

fn attackers_to(pos: &Chess, sq: Square, occupied: Bitboard) -> Bitboard {
    let board = pos.board();
    board.attacks_to(sq, Color::White, occupied) | board.attacks_to(sq, Color::Black, occupied)
}

fn least_valuable(pos: &Chess, among: Bitboard) -> Option<(Role, Square)> {
    Role::ALL.iter().find_map(|&role| (among & pos.board().by_role(role)).first().map(|sq| (role, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Chess960).unwrap();
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn undefended_pawn_wins_a_pawn() {
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, "e1e5", 100));
        assert!(!see(fen, "e1e5", 101));
    }

    #[test]
    fn defended_pawn_costs_the_knight() {
        // Nxe5 Nxe5 Rxe5 Bxe5: White should stop after Nxe5 Nxe5, a knight for a pawn.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!see(fen, "d3e5", 0));
        assert!(see(fen, "d3e5", -300 + 100));
    }

    #[test]
    fn xray_recaptures_count() {
        // Rooks doubled on the e-file: Rxe5 with the second rook behind it.
        let fen = "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1";
        // Rxe5 Rxe5 Rxe5: wins a pawn.
        assert!(see(fen, "e2e5", 100));
        assert!(!see(fen, "e2e5", 101));
    }

    #[test]
    fn quiet_moves_into_attack_lose_the_piece() {
        let fen = "4k3/8/3p4/8/8/8/1B6/4K3 w - - 0 1";
        assert!(!see(fen, "b2e5", 0), "the bishop on e5 is taken by the pawn");
        assert!(see(fen, "b2d4", 0));
    }

    #[test]
    fn castling_and_en_passant() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1";
        assert!(see(fen, "e5d6", 100));
        assert!(see(fen, "e1h1", 0));
        assert!(!see(fen, "e1h1", 1));
    }
}
