//! The squares the side not to move attacks, by its cheapest class of
//! attacker: what quiet-move ordering and the butterfly history read to
//! tell a move into danger from one out of it.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Chess, Move, Position, Role};

/// Squares attacked by the opponent, each set holding the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Threats {
    /// By a pawn.
    pub by_pawn: Bitboard,
    /// By a pawn, knight or bishop.
    pub by_minor: Bitboard,
    /// By a pawn, minor piece or rook.
    pub by_rook: Bitboard,
    /// By anything.
    pub all: Bitboard,
}

impl Threats {
    /// The opponent's attacks in `pos` (the side to move's pieces block).
    pub fn of(pos: &Chess) -> Threats {
        let board = pos.board();
        let them = !pos.turn();
        let theirs = board.by_color(them);
        let occupied = board.occupied();
        let mut by_pawn = Bitboard::EMPTY;
        for sq in board.pawns() & theirs {
            by_pawn |= pawn_attacks(them, sq);
        }
        let mut by_minor = by_pawn;
        for sq in board.knights() & theirs {
            by_minor |= knight_attacks(sq);
        }
        for sq in board.bishops() & theirs {
            by_minor |= bishop_attacks(sq, occupied);
        }
        let mut by_rook = by_minor;
        for sq in board.rooks() & theirs {
            by_rook |= rook_attacks(sq, occupied);
        }
        let mut all = by_rook;
        for sq in board.queens() & theirs {
            all |= queen_attacks(sq, occupied);
        }
        for sq in board.kings() & theirs {
            all |= king_attacks(sq);
        }
        Threats { by_pawn, by_minor, by_rook, all }
    }

    /// Which of the four butterfly tables a move's history lives in:
    /// whether its origin (2) and its destination (1) are attacked.
    #[inline(always)]
    pub fn slot(&self, m: Move) -> usize {
        let from = m.from().is_some_and(|s| self.all.contains(s));
        usize::from(from) * 2 + usize::from(self.all.contains(m.to()))
    }

    /// The squares where a piece of this kind stands to lose material to a
    /// cheaper attacker (none for pawns and kings).
    #[inline(always)]
    pub fn danger(&self, role: Role) -> Bitboard {
        match role {
            Role::Queen => self.by_rook,
            Role::Rook => self.by_minor,
            Role::Knight | Role::Bishop => self.by_pawn,
            Role::Pawn | Role::King => Bitboard::EMPTY,
        }
    }

    /// `+1` for a quiet move that takes a piece out of a cheaper
    /// attacker's reach, `-1` for one that puts it there, `0` otherwise.
    #[inline(always)]
    pub fn escape(&self, m: Move) -> i32 {
        if m.is_castle() {
            return 0;
        }
        let danger = self.danger(m.role());
        let from = m.from().is_some_and(|s| danger.contains(s));
        i32::from(from) - i32::from(danger.contains(m.to()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::pos;
    use shakmaty::Square;

    #[test]
    fn attacks_by_class() {
        // Black: pawn d5, knight f6, rook a8, queen h5, king e8; White to move.
        let p = pos("r3k3/8/5n2/3p3q/8/8/8/4K3 w - - 0 1");
        let t = Threats::of(&p);
        assert_eq!(t.by_pawn, Bitboard::from(Square::C4) | Bitboard::from(Square::E4));
        assert!(t.by_minor.contains(Square::G4) && t.by_minor.contains(Square::E4));
        assert!(!t.by_minor.contains(Square::A1) && t.by_rook.contains(Square::A1));
        assert!(!t.by_rook.contains(Square::H1) && t.all.contains(Square::H1));
        assert!(t.all.contains(Square::D7), "the king's squares");
        // Each class holds the ones before it.
        assert!(t.by_pawn.is_subset(t.by_minor) && t.by_minor.is_subset(t.by_rook));
        assert!(t.by_rook.is_subset(t.all));
    }

    #[test]
    fn escapes_and_slots() {
        // White knight e4 attacked by the d5 pawn; White to move.
        let p = pos("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1");
        let t = Threats::of(&p);
        let mv =
            |from, to| p.legal_moves().into_iter().find(|m| m.from() == Some(from) && m.to() == to).unwrap();
        assert_eq!(t.escape(mv(Square::E4, Square::G5)), 1);
        assert_eq!(t.slot(mv(Square::E4, Square::G5)), 2);
        assert_eq!(t.escape(mv(Square::E4, Square::C3)), 1);
        // The king moves next to the pawn: no escape for a king, but the
        // square is attacked.
        assert_eq!(t.escape(mv(Square::E1, Square::E2)), 0);
        assert_eq!(t.slot(mv(Square::E1, Square::E2)), 0);
        // A knight on d2, safe, may step next to the pawn's attacks or into them.
        let q = pos("4k3/8/8/3p4/8/8/3N4/4K3 w - - 0 1");
        let t = Threats::of(&q);
        let to = |sq| q.legal_moves().into_iter().find(|m| m.to() == sq).unwrap();
        assert_eq!(t.escape(to(Square::B3)), 0);
        assert_eq!(t.slot(to(Square::B3)), 0);
        let into = to(Square::E4);
        assert_eq!(t.escape(into), -1);
        assert_eq!(t.slot(into), 1);
    }
}
