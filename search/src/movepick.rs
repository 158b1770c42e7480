//! Move ordering: the table move first, then captures by most valuable
//! victim / least valuable attacker, then quiet moves.

use shakmaty::{Move, MoveList, Role};

use crate::tt::encode_move;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 20;
const PROMOTION: i32 = 1 << 19;

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight => 3,
        Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 10,
    }
}

/// Most valuable victim, least valuable attacker; promotions by piece.
pub fn mvv_lva(m: &Move) -> i32 {
    let mut s = 0;
    if let Some(victim) = m.capture() {
        s += CAPTURE + value(victim) * 16 - value(m.role());
    } else if m.is_en_passant() {
        s += CAPTURE + 16 - 1;
    }
    if let Some(p) = m.promotion() {
        s += PROMOTION + value(p);
    }
    s
}

/// Hands out moves best-first by selection: cheap when a cut comes early.
pub struct MovePicker {
    moves: MoveList,
    scores: [i32; 256],
    next: usize,
}

impl MovePicker {
    pub fn new(moves: MoveList, tt_move: u16) -> MovePicker {
        let mut scores = [0; 256];
        for (i, m) in moves.iter().enumerate() {
            scores[i] = if tt_move != 0 && encode_move(*m) == tt_move { TT_MOVE } else { mvv_lva(m) };
        }
        MovePicker { moves, scores, next: 0 }
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    #[test]
    fn table_move_then_best_capture_first() {
        let pos: Chess = "4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap();
        let moves = pos.legal_moves();
        let quiet = *moves.iter().find(|m| !m.is_capture()).unwrap();
        let order: Vec<Move> = MovePicker::new(moves.clone(), encode_move(quiet)).collect();
        assert_eq!(order.len(), moves.len());
        assert_eq!(order[0], quiet);
        assert_eq!(order[1].capture(), Some(Role::Queen));
        assert_eq!(order[2].capture(), Some(Role::Rook));
    }
}
