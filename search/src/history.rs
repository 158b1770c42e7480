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
    *entry = (e + bonus - e * bonus.abs() / HISTORY_MAX()) as i16;
}

/// The history reward for a cutoff at `depth`.
pub(crate) fn bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_PER_DEPTH() * depth).min(HISTORY_BONUS_MAX())
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
        self.quiet_scorer(side, earlier).score(m)
    }

    /// Scores quiet moves as [`Histories::quiet`] does, with the
    /// continuation rows for `earlier` looked up once for all the moves.
    pub fn quiet_scorer(&self, side: Color, earlier: &[Option<Moved>; 2]) -> QuietScorer<'_> {
        QuietScorer {
            butterfly: &self.butterfly[side as usize],
            rows: earlier.map(|e| e.map(|(piece, to)| &self.continuation[piece * 64 + to])),
            piece_base: piece_index(side, Role::Pawn) * 64,
        }
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

    #[inline]
    pub fn counter(&self, prev: Option<(usize, usize)>) -> Option<Move> {
        prev.and_then(|(piece, to)| self.counter[piece][to])
    }

    pub fn set_counter(&mut self, prev: Option<(usize, usize)>, m: Move) {
        if let Some((piece, to)) = prev {
            self.counter[piece][to] = Some(m);
        }
    }
}

/// One side's quiet-move scores at one node (see [`Histories::quiet_scorer`]).
pub(crate) struct QuietScorer<'a> {
    butterfly: &'a [i16; 64 * 64],
    rows: [Option<&'a [i16; 12 * 64]>; 2],
    /// The side's first piece index, times 64.
    piece_base: usize,
}

impl QuietScorer<'_> {
    #[inline(always)]
    pub fn score(&self, m: Move) -> i32 {
        let here = self.piece_base + (m.role() as usize - 1) * 64 + m.to() as usize;
        let mut score = i32::from(self.butterfly[from_to(m)]);
        for row in self.rows.iter().flatten() {
            score += i32::from(row[here]);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_scores_read_the_tables() {
        use crate::testutil::{Rng, random_walks};
        use shakmaty::{Chess, Position};
        let mut h = Histories::new();
        let mut rng = Rng::new(7);
        // Fill the tables with distinct values.
        for (i, e) in h.butterfly.iter_mut().flatten().enumerate() {
            *e = (i % 1997) as i16 - 998;
        }
        for (i, e) in h.continuation.iter_mut().flatten().enumerate() {
            *e = (i % 4093) as i16 - 2046;
        }
        let mut checked = 0;
        random_walks(&Chess::default(), &mut Rng::new(11), 4, 80, |p| {
            let earlier = [
                Some((rng.index(12), rng.index(64))),
                if rng.below(3) == 0 { None } else { Some((rng.index(12), rng.index(64))) },
            ];
            let scorer = h.quiet_scorer(p.turn(), &earlier);
            for m in p.legal_moves() {
                // The tables read directly: butterfly by side, from and to;
                // continuation by each earlier move, then this piece and to.
                let from = m.from().map_or(0, |s| s as usize);
                let here = piece_index(p.turn(), m.role()) * 64 + m.to() as usize;
                let mut expected = i32::from(h.butterfly[p.turn() as usize][from * 64 + m.to() as usize]);
                for (piece, to) in earlier.iter().flatten() {
                    expected += i32::from(h.continuation[piece * 64 + to][here]);
                }
                assert_eq!(scorer.score(m), expected, "{m:?}");
                assert_eq!(h.quiet(p.turn(), m, &earlier), expected, "{m:?}");
                checked += 1;
            }
        });
        assert!(checked > 1000);
    }

    #[test]
    fn gravity_saturates() {
        let mut e = 0i16;
        for _ in 0..1000 {
            gravity(&mut e, HISTORY_BONUS_MAX());
        }
        assert!(i32::from(e) <= HISTORY_MAX() && i32::from(e) > HISTORY_MAX() * 9 / 10);
        for _ in 0..1000 {
            gravity(&mut e, -HISTORY_BONUS_MAX());
        }
        assert!(i32::from(e) >= -HISTORY_MAX() && i32::from(e) < -HISTORY_MAX() * 9 / 10);
    }
}
