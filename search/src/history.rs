//! What a thread learns about quiet moves while searching: butterfly
//! history (by side, from and to square), killer moves (per ply, kept in the
//! stack) and countermoves (the reply that refuted a given move).

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

pub(crate) struct Histories {
    /// `[side][from * 64 + to]`.
    butterfly: Box<[[i16; 64 * 64]; 2]>,
    /// `[piece of the previous move][its destination]` → the refutation.
    counter: Box<[[Option<Move>; 64]; 12]>,
}

impl Histories {
    pub fn new() -> Histories {
        Histories { butterfly: Box::new([[0; 64 * 64]; 2]), counter: Box::new([[None; 64]; 12]) }
    }

    pub fn quiet(&self, side: Color, m: Move) -> i32 {
        i32::from(self.butterfly[side as usize][from_to(m)])
    }

    pub fn update_quiet(&mut self, side: Color, m: Move, bonus: i32) {
        gravity(&mut self.butterfly[side as usize][from_to(m)], bonus);
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
