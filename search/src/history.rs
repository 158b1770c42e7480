//! What a thread learns about moves while searching: butterfly history (by
//! side, from and to square), continuation history (by the moves one and two
//! plies earlier), capture history (by piece, square and victim), killer
//! moves (per ply, kept in the stack) and countermoves (the reply that
//! refuted a given move).

use shakmaty::{Color, Move, Role};

use crate::params::{HISTORY_BONUS_MAX, HISTORY_BONUS_PER_DEPTH, HISTORY_MAX};

/// A piece as an index 0..12: colour * 6 + role - 1.
pub(crate) fn piece_index(color: Color, role: Role) -> usize {
    (color as usize) * 6 + role as usize - 1
}

fn from_to(m: Move) -> usize {
    let from = m.from().map_or(0, |s| s as usize);
    from * 64 + m.to() as usize
}

/// Moves a history entry towards `bonus` (positive or negative), so that
/// entries saturate at [`HISTORY_MAX`] instead of overflowing.
pub(crate) fn gravity(entry: &mut i16, bonus: i32) {
    let e = i32::from(*entry);
    *entry = (e + bonus - e * bonus.abs() / HISTORY_MAX) as i16;
}

/// The history reward for a cutoff at `depth`.
pub(crate) fn bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_PER_DEPTH * depth).min(HISTORY_BONUS_MAX)
}

/// A move as continuation history sees it: (piece index, destination).
pub(crate) type Moved = (usize, usize);

pub(crate) struct Histories {
    /// `[side][from * 64 + to]`.
    butterfly: Box<[[i16; 64 * 64]; 2]>,
    /// `[earlier piece * 64 + earlier to][piece * 64 + to]`.
    continuation: Vec<[i16; 12 * 64]>,
    /// `[piece * 64 + to][victim role]`.
    capture: Box<[[i16; 6]; 12 * 64]>,
    /// `[piece of the previous move][its destination]` → the refutation.
    counter: Box<[[Option<Move>; 64]; 12]>,
}

impl Histories {
    pub fn new() -> Histories {
        Histories {
            butterfly: Box::new([[0; 64 * 64]; 2]),
            continuation: vec![[0; 12 * 64]; 12 * 64],
            capture: Box::new([[0; 6]; 12 * 64]),
            counter: Box::new([[None; 64]; 12]),
        }
    }

    /// A quiet move's score: butterfly plus continuation histories for the
    /// moves one and two plies earlier (`earlier`).
    pub fn quiet(&self, side: Color, m: Move, earlier: &[Option<Moved>; 2]) -> i32 {
        let here = piece_index(side, m.role()) * 64 + m.to() as usize;
        let mut score = i32::from(self.butterfly[side as usize][from_to(m)]);
        for (piece, to) in earlier.iter().flatten() {
            score += i32::from(self.continuation[piece * 64 + to][here]);
        }
        score
    }

    pub fn update_quiet(&mut self, side: Color, m: Move, earlier: &[Option<Moved>; 2], bonus: i32) {
        gravity(&mut self.butterfly[side as usize][from_to(m)], bonus);
        let here = piece_index(side, m.role()) * 64 + m.to() as usize;
        for (piece, to) in earlier.iter().flatten() {
            gravity(&mut self.continuation[piece * 64 + to][here], bonus);
        }
    }

    /// Capture history of a capture (or promotion: victim pawn slot).
    pub fn capture(&self, side: Color, m: Move) -> i32 {
        let here = piece_index(side, m.role()) * 64 + m.to() as usize;
        i32::from(self.capture[here][m.capture().map_or(0, |r| r as usize - 1)])
    }

    pub fn update_capture(&mut self, side: Color, m: Move, bonus: i32) {
        let here = piece_index(side, m.role()) * 64 + m.to() as usize;
        gravity(&mut self.capture[here][m.capture().map_or(0, |r| r as usize - 1)], bonus);
    }

    pub fn counter(&self, prev: Option<(usize, usize)>) -> Option<Move> {
        prev.and_then(|(piece, to)| self.counter[piece][to])
    }

    pub fn set_counter(&mut self, prev: Option<(usize, usize)>, m: Move) {
        if let Some((piece, to)) = prev {
            self.counter[piece][to] = Some(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_saturates() {
        let mut e = 0i16;
        for _ in 0..1000 {
            gravity(&mut e, HISTORY_BONUS_MAX);
        }
        assert!(i32::from(e) <= HISTORY_MAX && i32::from(e) > HISTORY_MAX * 9 / 10);
        for _ in 0..1000 {
            gravity(&mut e, -HISTORY_BONUS_MAX);
        }
        assert!(i32::from(e) >= -HISTORY_MAX && i32::from(e) < -HISTORY_MAX * 9 / 10);
    }
}
