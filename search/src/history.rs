//! What a thread learns about moves while searching: butterfly history (by
//! side, from and to square), continuation history (by the moves one and two
//! plies earlier), pawn history (by the pawn structure), capture history (by
//! piece, square and victim), killer moves (per ply, kept in the stack) and
//! countermoves (the reply that refuted a given move).

use shakmaty::{Chess, Color, Move, Role};

use crate::board_hash::pawn_slot;
use crate::params::{
    HISTORY_BONUS_MAX, HISTORY_BONUS_PER_DEPTH, HISTORY_MAX, PAWN_HISTORY_PCT, THREAT_ESCAPE, THREAT_HISTORY,
};
use crate::threats::Threats;

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

/// A piece and its destination as one index, `piece * 64 + to`: how
/// continuation and capture history place the move being scored.
fn piece_to(side: Color, m: Move) -> usize {
    piece_index(side, m.role()) * 64 + m.to() as usize
}

/// Quiet moves by side, from square and to square, and (while
/// [`THREAT_HISTORY`] is on) by whether the opponent attacks each of the
/// two squares: the same move is a different idea out of danger or into it.
pub(crate) struct ButterflyHistory {
    /// `[side][threat slot][from * 64 + to]` (slot 0 while threats are off).
    table: Box<[[[i16; 64 * 64]; 4]; 2]>,
}

impl ButterflyHistory {
    pub fn new() -> ButterflyHistory {
        ButterflyHistory { table: Box::new([[[0; 64 * 64]; 4]; 2]) }
    }

    /// One entry (the search reads whole rows through [`QuietScorer`]).
    #[cfg(test)]
    pub fn get(&self, side: Color, m: Move, threats: &Threats) -> i32 {
        i32::from(self.table[side as usize][threat_slot(threats, m)][from_to(m)])
    }

    pub fn update(&mut self, side: Color, m: Move, threats: &Threats, bonus: i32) {
        gravity(&mut self.table[side as usize][threat_slot(threats, m)][from_to(m)], bonus);
    }

    /// `side`'s entries, by threat slot, then `from * 64 + to`.
    fn side(&self, side: Color) -> &[[i16; 64 * 64]; 4] {
        &self.table[side as usize]
    }
}

/// The butterfly table a quiet move's entry is in: 0 while threat history
/// is off (the normal build folds this away).
#[inline(always)]
fn threat_slot(threats: &Threats, m: Move) -> usize {
    if THREAT_HISTORY() != 0 { threats.slot(m) } else { 0 }
}

/// Quiet moves by the move one or two plies earlier: how well a piece's
/// move to a square answers (or follows up) that move.
pub(crate) struct ContinuationHistory {
    /// `[earlier piece * 64 + earlier to][piece * 64 + to]`.
    table: Vec<[i16; 12 * 64]>,
}

impl ContinuationHistory {
    pub fn new() -> ContinuationHistory {
        ContinuationHistory { table: vec![[0; 12 * 64]; 12 * 64] }
    }

    /// The entries that follow `earlier`, by `piece * 64 + to`.
    #[inline(always)]
    pub fn row(&self, (piece, to): Moved) -> &[i16; 12 * 64] {
        &self.table[piece * 64 + to]
    }

    /// One entry (the search reads whole rows through [`QuietScorer`]).
    #[cfg(test)]
    pub fn get(&self, earlier: Moved, side: Color, m: Move) -> i32 {
        i32::from(self.row(earlier)[piece_to(side, m)])
    }

    pub fn update(&mut self, (piece, to): Moved, side: Color, m: Move, bonus: i32) {
        gravity(&mut self.table[piece * 64 + to][piece_to(side, m)], bonus);
    }
}

/// Pawn structures the pawn history tells apart: 2 to the power of this.
/// Positions with the same pawns share plans (the squares worth a piece,
/// the pawn breaks), whatever the other pieces do.
const PAWN_ROW_BITS: u32 = 10;

/// Quiet moves by the pawn structure they are played in: how well a
/// piece's move to a square does with these pawns on the board.
pub(crate) struct PawnHistory {
    /// `[pawn structure slot][piece * 64 + to]`.
    table: Vec<[i16; 12 * 64]>,
}

impl PawnHistory {
    pub fn new() -> PawnHistory {
        PawnHistory { table: vec![[0; 12 * 64]; 1 << PAWN_ROW_BITS] }
    }

    /// The entries for the pawn structure in row `pawns`, by `piece * 64 + to`.
    #[inline(always)]
    pub fn row(&self, pawns: usize) -> &[i16; 12 * 64] {
        &self.table[pawns]
    }

    pub fn update(&mut self, pawns: usize, side: Color, m: Move, bonus: i32) {
        gravity(&mut self.table[pawns][piece_to(side, m)], bonus);
    }
}

/// What a quiet move's history is read by besides the move itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct QuietKey {
    /// The moves one and two plies earlier (continuation history).
    pub earlier: [Option<Moved>; 2],
    /// The pawn structure's row in the pawn history.
    pub pawns: usize,
    /// The opponent's attacks (empty while neither threat history nor the
    /// escape bonus is on: nothing reads them).
    pub threats: Threats,
}

impl QuietKey {
    /// The key of quiet moves from `pos`, reached by the moves `earlier`
    /// (the pawn row is 0 while pawn history is off: nothing reads it).
    #[inline]
    pub fn of(pos: &Chess, earlier: [Option<Moved>; 2]) -> QuietKey {
        let pawns = if PAWN_HISTORY_PCT() != 0 { pawn_slot(pos, PAWN_ROW_BITS) } else { 0 };
        let threats =
            if THREAT_HISTORY() != 0 || THREAT_ESCAPE() != 0 { Threats::of(pos) } else { Threats::default() };
        QuietKey { earlier, pawns, threats }
    }
}

/// Captures and promotions by piece, destination and victim (a promotion
/// without capture in the pawn's slot).
pub(crate) struct CaptureHistory {
    /// `[piece * 64 + to][victim role - 1]`.
    table: Box<[[i16; 6]; 12 * 64]>,
}

impl CaptureHistory {
    pub fn new() -> CaptureHistory {
        CaptureHistory { table: Box::new([[0; 6]; 12 * 64]) }
    }

    pub fn get(&self, side: Color, m: Move) -> i32 {
        i32::from(self.table[piece_to(side, m)][victim_slot(m)])
    }

    pub fn update(&mut self, side: Color, m: Move, bonus: i32) {
        gravity(&mut self.table[piece_to(side, m)][victim_slot(m)], bonus);
    }
}

fn victim_slot(m: Move) -> usize {
    m.capture().map_or(0, |r| r as usize - 1)
}

/// The quiet reply that last refuted each move (by its piece and
/// destination): the countermove, tried after the killers.
pub(crate) struct CounterMoves {
    /// `[piece of the previous move][its destination]`.
    table: Box<[[Option<Move>; 64]; 12]>,
}

impl CounterMoves {
    pub fn new() -> CounterMoves {
        CounterMoves { table: Box::new([[None; 64]; 12]) }
    }

    /// The refutation of `prev`; none where there was no previous move
    /// (the root, a null move).
    #[inline]
    pub fn get(&self, prev: Option<Moved>) -> Option<Move> {
        prev.and_then(|(piece, to)| self.table[piece][to])
    }

    /// Makes `m` the refutation of `prev`, if there was a previous move.
    pub fn set(&mut self, prev: Option<Moved>, m: Move) {
        if let Some((piece, to)) = prev {
            self.table[piece][to] = Some(m);
        }
    }
}

/// All of a thread's move histories.
pub(crate) struct Histories {
    pub butterfly: ButterflyHistory,
    pub continuation: ContinuationHistory,
    pub pawn: PawnHistory,
    pub capture: CaptureHistory,
    pub counter: CounterMoves,
}

impl Histories {
    pub fn new() -> Histories {
        Histories {
            butterfly: ButterflyHistory::new(),
            continuation: ContinuationHistory::new(),
            pawn: PawnHistory::new(),
            capture: CaptureHistory::new(),
            counter: CounterMoves::new(),
        }
    }

    /// A quiet move's score: butterfly plus continuation histories for the
    /// moves one and two plies earlier, plus pawn history at its weight, as
    /// `key` says.
    pub fn quiet(&self, side: Color, m: Move, key: &QuietKey) -> i32 {
        self.quiet_scorer(side, key).score(m)
    }

    /// Scores quiet moves as [`Histories::quiet`] does, with the
    /// continuation and pawn rows for `key` looked up once for all the moves.
    pub fn quiet_scorer(&self, side: Color, key: &QuietKey) -> QuietScorer<'_> {
        QuietScorer {
            butterfly: self.butterfly.side(side),
            rows: key.earlier.map(|e| e.map(|e| self.continuation.row(e))),
            pawn_row: self.pawn.row(key.pawns),
            piece_base: piece_index(side, Role::Pawn) * 64,
            threats: key.threats,
        }
    }

    /// Moves a quiet move's butterfly, continuation (for each earlier move)
    /// and pawn entries (while pawn history is on) towards `bonus`.
    pub fn update_quiet(&mut self, side: Color, m: Move, key: &QuietKey, bonus: i32) {
        self.butterfly.update(side, m, &key.threats, bonus);
        for &e in key.earlier.iter().flatten() {
            self.continuation.update(e, side, m, bonus);
        }
        if PAWN_HISTORY_PCT() != 0 {
            self.pawn.update(key.pawns, side, m, bonus);
        }
    }
}

/// One side's quiet-move scores at one node (see [`Histories::quiet_scorer`]).
pub(crate) struct QuietScorer<'a> {
    butterfly: &'a [[i16; 64 * 64]; 4],
    rows: [Option<&'a [i16; 12 * 64]>; 2],
    pawn_row: &'a [i16; 12 * 64],
    /// The side's first piece index, times 64.
    piece_base: usize,
    threats: Threats,
}

impl QuietScorer<'_> {
    #[inline(always)]
    pub fn score(&self, m: Move) -> i32 {
        let here = self.piece_base + (m.role() as usize - 1) * 64 + m.to() as usize;
        let mut score = i32::from(self.butterfly[threat_slot(&self.threats, m)][from_to(m)]);
        if PAWN_HISTORY_PCT() != 0 {
            score += i32::from(self.pawn_row[here]) * PAWN_HISTORY_PCT() / 100;
        }
        for row in self.rows.iter().flatten() {
            score += i32::from(row[here]);
        }
        score
    }

    /// The order quiet moves are tried in: the history score, plus the
    /// escape bonus (while on) for a piece leaving a cheaper attacker's
    /// reach, less it for one entering it. Not part of the history the
    /// reductions and pruning read: a move is not better known for it.
    #[inline(always)]
    pub fn order(&self, m: Move) -> i32 {
        let score = self.score(m);
        if THREAT_ESCAPE() != 0 { score + THREAT_ESCAPE() * self.threats.escape(m) } else { score }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Bitboard, Square};

    #[test]
    fn quiet_scores_read_the_tables() {
        use crate::testutil::{Rng, random_walks};
        use shakmaty::{Chess, Position};
        let mut h = Histories::new();
        let mut rng = Rng::new(7);
        // Fill the tables with distinct values.
        for (i, e) in h.butterfly.table.iter_mut().flatten().flatten().enumerate() {
            *e = (i % 1997) as i16 - 998;
        }
        for (i, e) in h.continuation.table.iter_mut().flatten().enumerate() {
            *e = (i % 4093) as i16 - 2046;
        }
        for (i, e) in h.pawn.table.iter_mut().flatten().enumerate() {
            *e = (i % 2039) as i16 - 1019;
        }
        let mut checked = 0;
        random_walks(&Chess::default(), &mut Rng::new(11), 4, 80, |p| {
            let earlier = [
                Some((rng.index(12), rng.index(64))),
                if rng.below(3) == 0 { None } else { Some((rng.index(12), rng.index(64))) },
            ];
            let key = QuietKey::of(p, earlier);
            let scorer = h.quiet_scorer(p.turn(), &key);
            for m in p.legal_moves() {
                // The tables read directly: butterfly by side, from and to;
                // continuation by each earlier move, then this piece and to;
                // pawn by the pawn structure, then this piece and to.
                let from = m.from().map_or(0, |s| s as usize);
                let here = piece_index(p.turn(), m.role()) * 64 + m.to() as usize;
                let mut expected =
                    i32::from(h.butterfly.table[p.turn() as usize][0][from * 64 + m.to() as usize]);
                for (piece, to) in earlier.iter().flatten() {
                    expected += i32::from(h.continuation.table[piece * 64 + to][here]);
                }
                expected += i32::from(h.pawn.table[key.pawns][here]) * PAWN_HISTORY_PCT() / 100;
                assert_eq!(scorer.score(m), expected, "{m:?}");
                assert_eq!(h.quiet(p.turn(), m, &key), expected, "{m:?}");
                checked += 1;
            }
        });
        assert!(checked > 1000);
    }

    /// Every entry but the one updated keeps its value.
    fn only_changed(before: &[i16], after: &[i16], at: usize) {
        assert_eq!(before.len(), after.len());
        for (i, (b, a)) in before.iter().zip(after).enumerate() {
            assert_eq!(b != a, i == at, "entry {i}");
        }
    }

    fn mv(fen: &str, uci: &str) -> Move {
        let p = crate::testutil::pos(fen);
        uci.parse::<shakmaty::uci::UciMove>().expect("test move").to_move(&p).expect("legal")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn butterfly_is_by_side_from_and_to() {
        let mut h = ButterflyHistory::new();
        let nf3 = mv(START, "g1f3");
        let flat = |h: &ButterflyHistory| h.table.as_flattened().as_flattened().to_vec();
        let before = flat(&h);
        let none = Threats::default();
        h.update(Color::White, nf3, &none, 300);
        assert!(h.get(Color::White, nf3, &none) > 0);
        assert_eq!(h.get(Color::Black, nf3, &none), 0, "the other side's table");
        // g1 is square 6, f3 square 21; slot 0 with no square attacked.
        only_changed(&before, &flat(&h), Color::White as usize * 4 * 4096 + 6 * 64 + 21);
        h.update(Color::White, nf3, &none, -300);
        assert!(h.get(Color::White, nf3, &none) < 300);
        // With f3 attacked the move has an entry of its own while threat
        // history is on (slot 1), the same one while it is off.
        let f3 = Threats { all: Bitboard::from(Square::F3), ..none };
        let before = flat(&h);
        h.update(Color::White, nf3, &f3, 300);
        let slot = if THREAT_HISTORY() != 0 { 1 } else { 0 };
        only_changed(&before, &flat(&h), Color::White as usize * 4 * 4096 + slot * 4096 + 6 * 64 + 21);
    }

    #[test]
    fn continuation_is_by_earlier_move_piece_and_to() {
        let mut h = ContinuationHistory::new();
        let nf3 = mv(START, "g1f3");
        let earlier = (piece_index(Color::Black, Role::Pawn), 36);
        h.update(earlier, Color::White, nf3, 300);
        assert!(h.get(earlier, Color::White, nf3) > 0);
        assert_eq!(h.get((earlier.0, 35), Color::White, nf3), 0, "another earlier move");
        let here = piece_index(Color::White, Role::Knight) * 64 + 21;
        assert_eq!(i32::from(h.row(earlier)[here]), h.get(earlier, Color::White, nf3));
        only_changed(&[0; 12 * 64], h.row(earlier), here);
    }

    #[test]
    fn pawn_history_is_by_pawn_structure_piece_and_to() {
        let e4 = crate::testutil::pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let nc6 = crate::testutil::pos("r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
        let d4 = crate::testutil::pos("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
        let row = |p| pawn_slot(p, PAWN_ROW_BITS);
        // The pawns alone decide the row: a knight move keeps it.
        assert_eq!(row(&e4), row(&nc6));
        assert_ne!(row(&e4), row(&d4));
        let nf6 = mv("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "g8f6");
        let here = piece_index(Color::Black, Role::Knight) * 64 + 45;
        let mut p = PawnHistory::new();
        p.update(row(&e4), Color::Black, nf6, 300);
        only_changed(&[0; 12 * 64], p.row(row(&e4)), here);
        assert!(p.row(row(&d4)).iter().all(|&e| e == 0));

        // Through the quiet histories: read and written only while on.
        let mut h = Histories::new();
        let (ke4, knc6, kd4) =
            (QuietKey::of(&e4, [None; 2]), QuietKey::of(&nc6, [None; 2]), QuietKey::of(&d4, [None; 2]));
        h.update_quiet(Color::Black, nf6, &ke4, 300);
        if PAWN_HISTORY_PCT() != 0 {
            assert_eq!(ke4.pawns, row(&e4));
            assert!(h.quiet(Color::Black, nf6, &knc6) > h.quiet(Color::Black, nf6, &kd4));
        } else {
            assert_eq!((ke4.pawns, kd4.pawns), (0, 0));
            assert!(h.pawn.table.iter().flatten().all(|&e| e == 0));
        }
    }

    #[test]
    fn capture_history_is_by_victim() {
        let fen = "4k3/8/8/3r1n2/4P3/8/8/4K3 w - - 0 1";
        let (exd5, exf5) = (mv(fen, "e4d5"), mv(fen, "e4f5"));
        let mut h = CaptureHistory::new();
        h.update(Color::White, exd5, 300);
        assert!(h.get(Color::White, exd5) > 0);
        assert_eq!(h.get(Color::White, exf5), 0);
        // A promotion without capture has the pawn's slot (b8 is square 57).
        let promo = mv("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q");
        h.update(Color::White, promo, -300);
        assert!(h.get(Color::White, promo) < 0);
        assert_eq!(
            h.table[piece_index(Color::White, Role::Pawn) * 64 + 57][0],
            h.get(Color::White, promo) as i16
        );
    }

    #[test]
    fn countermoves_answer_the_previous_move() {
        let mut c = CounterMoves::new();
        let reply = mv(START, "e2e4");
        let prev = (piece_index(Color::Black, Role::Knight), 42);
        assert_eq!(c.get(Some(prev)), None);
        c.set(Some(prev), reply);
        assert_eq!(c.get(Some(prev)), Some(reply));
        assert_eq!(c.get(Some((prev.0, 43))), None);
        // No previous move: nothing read, nothing kept.
        assert_eq!(c.get(None), None);
        c.set(None, reply);
        assert_eq!(c.table.iter().flatten().filter(|m| m.is_some()).count(), 1);
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
